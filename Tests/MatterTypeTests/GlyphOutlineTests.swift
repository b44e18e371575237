import Foundation
@testable import MatterType
import Testing

/// Glyph outlines against fontTools' reading of the same fonts (Fixtures/vector/outlines.json, made by
/// Fixtures/vector/make-outlines.py with Debian's python3-fonttools 4.38).
@Suite("Glyph outlines: FreeType's, as fontTools reads them")
struct GlyphOutlineTests {
    struct Case: Decodable, CustomTestStringConvertible {
        let file: String
        let text: String
        let glyph: String
        let location: [String: Double]
        let unitsPerEm: Int
        /// Contours of segments: ["move", [x, y]], ["line", p], ["quadratic", c, p], ["cubic", c1, c2, p].
        let contours: [[[Segment]]]

        enum Segment: Decodable {
            case kind(String)
            case point([Double])

            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let text = try? container.decode(String.self) { self = .kind(text) } else {
                    self = .point(try container.decode([Double].self))
                }
            }
        }

        var testDescription: String { "\(glyph) of \((file as NSString).lastPathComponent)" }

        /// The contours' points in order, each contour as its segments' points after the move (the move's point
        /// is the last segment's end), so that where a contour starts does not matter.
        var expected: [[[Double]]] {
            contours.map { contour in
                contour.flatMap { segment in
                    segment.compactMap { if case .point(let p) = $0 { p } else { nil } }
                }
            }
        }
    }

    static let cases: [Case] = {
        let url = URL(fileURLWithPath: TestSupport.fixture("vector/outlines.json"))
        return (try? JSONDecoder().decode([Case].self, from: Data(contentsOf: url))) ?? []
    }()

    @Test("the fixture has the cases")
    func fixtureRead() {
        #expect(Self.cases.count == 5)
    }

    @Test("each glyph's outline has fontTools' points, curve by curve", arguments: cases)
    func matchesFontTools(_ fixture: Case) throws {
        let registry = FontRegistry(includesSystemFonts: false)
        // The bundled Noto Sans is in every registry; other files are registered.
        let family = fixture.file.hasPrefix("Fonts/") ? "Noto Sans"
            : try #require(try registry.register(fileAt: fixture.file).first).familyName
        var typography = Typography(family: .named(family), fontSize: 16, lineHeight: 24)
        if let weight = fixture.location["wght"] { typography.fontWeight = FontWeight(rawValue: Int(weight)) ?? .regular }
        let layout = try TextLayout(fixture.text, typography: typography, registry: registry)
        let glyph = try #require(layout.lines.first?.glyphs.first)
        // fontTools names a CID-keyed CFF font's glyphs cid and five digits; FreeType names none, and they are
        // gid and their index, as Unicode's text-rendering-tests name them.
        #expect(layout.glyphName(of: glyph) == (fixture.glyph.hasPrefix("cid") ? "gid\(glyph.glyphID)" : fixture.glyph))
        let outline = try #require(layout.outline(of: glyph))
        #expect(outline.unitsPerEm == fixture.unitsPerEm)
        // Ours, contour by contour, without the closing line FreeType adds back to the start when fontTools
        // leaves it implied.
        var contours: [[[Double]]] = []
        for segment in outline.segments {
            switch segment {
            case .move(let p): contours.append([[p.x, p.y]])
            case .line(let p): contours[contours.count - 1].append([p.x, p.y])
            case .quadratic(let c, let p): contours[contours.count - 1] += [[c.x, c.y], [p.x, p.y]]
            case .cubic(let c1, let c2, let p): contours[contours.count - 1] += [[c1.x, c1.y], [c2.x, c2.y], [p.x, p.y]]
            case .close: break
            }
        }
        let expected = fixture.expected
        try #require(contours.count == expected.count)
        // Variable fonts: FreeType rounds each point's deltas to whole units (fontTools keeps fractions).
        let tolerance = fixture.location.isEmpty ? 0.001 : 1.0
        for (ours, theirs) in zip(contours, expected) {
            let trimmed = Self.withoutClosingPoint(ours)
            let target = Self.withoutClosingPoint(theirs)
            #expect(Self.sameCycle(trimmed, target, tolerance: tolerance),
                    "\(fixture.glyph): \(trimmed.prefix(6)) vs \(target.prefix(6))")
        }
    }

    /// A contour's points without a last point equal to the first (a line back to the start).
    static func withoutClosingPoint(_ points: [[Double]]) -> [[Double]] {
        guard points.count > 1, let first = points.first, let last = points.last,
              zip(first, last).allSatisfy({ abs($0 - $1) < 1e-9 }) else { return points }
        return Array(points.dropLast())
    }

    /// Whether `a` is `b` started elsewhere (within `tolerance` per coordinate).
    static func sameCycle(_ a: [[Double]], _ b: [[Double]], tolerance: Double) -> Bool {
        guard a.count == b.count else { return false }
        func close(_ p: [Double], _ q: [Double]) -> Bool { zip(p, q).allSatisfy { abs($0 - $1) <= tolerance } }
        return (0..<max(a.count, 1)).contains { shift in
            a.indices.allSatisfy { close(a[$0], b[($0 + shift) % b.count]) }
        }
    }

    @Test("SVG path data: integers stay integers, y flips, fractions keep three decimals")
    func pathData() {
        let outline = GlyphOutline(segments: [.move(to: Point(x: 0, y: 0)), .line(to: Point(x: 10, y: 20)),
                                              .quadratic(control: Point(x: 1.25, y: -3), to: Point(x: 5, y: 5)),
                                              .close], unitsPerEm: 1000)
        #expect(outline.svgPathData() == "M0 0L10 -20Q1.25 3 5 -5Z")
        #expect(outline.svgPathData(scale: 0.016) == "M0 0L0.16 -0.32Q0.02 0.048 0.08 -0.08Z")
        #expect(VectorNumber.format(-0.0001) == "0" && VectorNumber.format(2.5) == "2.5" && VectorNumber.format(-1.0625) == "-1.063")
    }
}

@Suite("shape --svg")
struct ShapeSVGTests {
    @Test("prints each distinct glyph once as a symbol named font.glyph, placed by use, at size 1000 in 1/1000 em")
    func outlines() throws {
        let run = try CLIRun("shape", "office", "--svg", "--size", "1000", "--no-system-fonts")
        #expect(run.status == 0)
        // Noto Sans has an f_f_i ligature (fontTools: TTFont("Fonts/NotoSans-Regular.ttf").getGlyphOrder()) and
        // 1000 units per em, so its outline's numbers are the font's own.
        #expect(run.stdout.contains("<symbol id=\"NotoSans-Regular.f_f_i\" overflow=\"visible\"><path d=\"M332 -468L197 -468"))
        #expect(run.stdout.components(separatedBy: "<symbol").count - 1 == 4)  // o, f_f_i, c, e
        #expect(run.stdout.components(separatedBy: "<use").count - 1 == 4)
    }
}
