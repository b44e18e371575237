import Testing
import MatterType

/// The Layout stage's positioning (Layout/LinePositioner.swift): alignment, justification and indents.
@Suite("Positioning")
struct PositioningTests: NotoLayoutSuite {
    let registry = FontRegistry(includesSystemFonts: false)
    let body = Typography(family: "Noto Sans", fontSize: 16, lineHeight: 24)

    @Test("alignment places each line in the width", arguments: TextAlignment.allCases)
    func alignment(alignment: TextAlignment) throws {
        let result = try layout(paragraphs[1], width: 200, alignment: alignment)
        for (index, line) in result.lines.enumerated() {
            let isLast = index == result.lines.count - 1
            switch alignment {
            case .left, .natural: #expect(line.x == 0)
            case .right, .end: #expect(abs(line.x + line.width - 200) < 1e-9)
            case .center: #expect(abs(line.x + line.width / 2 - 100) < 1e-9)
            case .justified:
                #expect(line.x == 0)
                if !isLast {
                    #expect(abs(line.width - 200) < 1e-9)
                    let last = try #require(line.glyphs.last)
                    #expect(last.x > 180)  // the last glyph moved to the right edge
                }
            }
        }
    }

    @Test("the first line of each paragraph is indented")
    func indent() throws {
        var typography = body
        typography.paragraphIndent = 20
        let result = try layout(paragraphs[1] + "\n" + paragraphs[0], typography, width: 200)
        let firstLines = Set(result.lines.indices.filter { $0 == 0 || result.lines[$0].paragraph
                                                                != result.lines[$0 - 1].paragraph })
        for (index, line) in result.lines.enumerated() {
            #expect(line.x == (firstLines.contains(index) ? 20 : 0))
            #expect(line.x + line.width <= 200 + 1e-6)
        }
    }
}
