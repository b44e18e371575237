import Foundation
@testable import MatterType
import Testing

/// `shape --svg` as Unicode's text-rendering-tests write their SVGs (Scripts/text-rendering-tests.py runs the
/// whole suite): contours closed by `Z` alone, FreeType's glyph names, trailing spaces in the viewBox, short axis
/// tags, explicit `wght` instances, and HarfBuzz's options. Fonts: the bundled Noto Sans, Fixtures/Flexi-Variable.ttf
/// and Fixtures/ShortTag-Variable.ttf (make-fixtures.py: its axis is `HV  `; at HV 1 every point of "H" is 100
/// units right of the default's).
@Suite("Outline SVG as the text-rendering-tests suite writes it")
struct OutlineSVGTests {
    static let shortTag = TestSupport.fixture("ShortTag-Variable.ttf")

    /// `shape --svg --size 1000 ARGUMENTS` with the bundled and registered fonts only (`systemFonts`: installed
    /// ones too).
    func svg(_ arguments: String..., systemFonts: Bool = false) throws -> String {
        let run = try CLIRun(["shape", "--svg", "--size", "1000"] + (systemFonts ? [] : ["--no-system-fonts"]) + arguments)
        try #require(run.status == 0, "\(run.stderr)")
        return run.stdout
    }

    /// The numbers of every `d="…"`, in order.
    func pathNumbers(_ svg: String) -> [Double] {
        svg.components(separatedBy: " d=\"").dropFirst().flatMap { part in
            part.prefix { $0 != "\"" }.split { "MLQCZ ".contains($0) }.compactMap { Double($0) }
        }
    }

    @Test("a contour ends in Z, without a line back to its start (FreeType's closing line_to)")
    func closedByZ() throws {
        let text = try svg("HOg")
        for path in text.components(separatedBy: " d=\"").dropFirst().map({ $0.prefix { $0 != "\"" } }) {
            for contour in path.split(separator: "M") {
                #expect(contour.hasSuffix("Z"))
                // A last straight segment never goes back to the start: that is what Z draws.
                let start = contour.prefix { !"LQCZ".contains($0) }
                guard let lastCommand = contour.dropLast().lastIndex(where: { "LQC".contains($0) }),
                      contour[lastCommand] == "L" else { continue }
                #expect(contour[contour.index(after: lastCommand)...].dropLast() != start, "\(contour)")
            }
        }
    }

    @Test("trailing spaces are placed and in the viewBox, as shape --json counts them")
    func trailingSpaces() throws {
        let text = try svg("H  ")
        #expect(text.components(separatedBy: "<use ").count - 1 == 3)
        let json = try CLIRun("shape", "--json", "--size", "1000", "--no-system-fonts", "H  ")
        let object = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
        let width = try #require(object["width"] as? Double)
        let viewBox = try #require(text.split(separator: "viewBox=\"").last?.split(separator: "\"").first)
        let boxWidth = try #require(Double(viewBox.split(separator: " ")[2]))
        #expect(abs(boxWidth - width) < 0.01)
        #expect(width > 1200)  // H (741) and two spaces (260 each) at 1000 units an em
    }

    @Test("an axis tag with spaces (HV  ) is set by HV, in the outlines as in shaping")
    func shortAxisTag() throws {
        let plain = pathNumbers(try svg("--font-file", Self.shortTag, "--family", "Short Tag", "H"))
        let moved = pathNumbers(try svg("--font-file", Self.shortTag, "--family", "Short Tag", "--variations", "HV=1", "H"))
        try #require(plain.count == moved.count && !plain.isEmpty)
        // x coordinates (every other number) 100 right, y the same.
        for (index, (a, b)) in zip(plain, moved).enumerated() {
            #expect(abs((b - a) - (index % 2 == 0 ? 100 : 0)) < 0.001, "number \(index): \(a) → \(b)")
        }
        let resolved = try CLIRun("resolve", "--json", "--no-system-fonts", "--font-file", Self.shortTag, "--family",
                                  "Short Tag", "--weight", "400", "--variations", "HV=0.5")
        let variations = (try JSONSerialization.jsonObject(with: resolved.stdoutData) as? [String: Any])?["variations"]
        #expect((variations as? [String: Double])?["HV  "] == 0.5)
    }

    @Test("an explicit wght is the instance: not emboldened to the weight asked for")
    func explicitWeight() throws {
        let registry = FontRegistry(includesSystemFonts: false)
        _ = try registry.register(fileAt: TestSupport.fixture("Flexi-Variable.ttf"))
        var typography = Typography(family: "Flexi", fontWeight: .black, fontSize: 16, lineHeight: 24)
        #expect(try TypographyLayout(typography: typography, registry: registry).font.synthetic.bold == false)  // wght 700
        typography.variations = ["wght": 350]
        let explicit = try TypographyLayout(typography: typography, registry: registry)
        #expect(explicit.font.variations["wght"] == 350 && explicit.font.synthetic.bold == false)
    }

    @Test("--no-dotted-circle and --no-fallback apply to --svg")
    func shapingOptions() throws {
        // A Devanagari vowel sign alone: HarfBuzz's Indic shaper puts a dotted circle before it.
        let sign = ["--family", "Noto Sans Devanagari", "\u{093F}"]
        #expect(try svg(sign[0], sign[1], sign[2], systemFonts: true).components(separatedBy: "<use ").count - 1 == 2)
        #expect(try svg("--no-dotted-circle", sign[0], sign[1], sign[2], systemFonts: true)
            .components(separatedBy: "<use ").count - 1 == 1)
        #expect(try svg("--no-fallback", "a永").contains("..notdef\""))  // .notdef where Noto Sans lacks it
    }

    @Test("runs are placed in visual order (Unicode's rule L2)", arguments: [
        ([0, 1, 1, 0], [0, 2, 1, 3]), ([1, 2, 1], [2, 1, 0]), ([0, 1, 2, 2, 1, 0], [0, 4, 2, 3, 1, 5]), ([0, 0], [0, 1]),
    ] as [([UInt8], [Int])])
    func visualOrder(levels: [UInt8], order: [Int]) {
        #expect(TypographyLayout.visualOrder(levels: levels) == order)
    }
}
