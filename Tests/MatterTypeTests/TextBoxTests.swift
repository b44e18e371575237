import Foundation
import MatterType
import Testing

/// The Layout stage's leading trim (CSS `text-box`): parsing, the trimmed height and the baselines.
///
/// Metrics from fontTools on Fonts/NotoSans-Regular.ttf: OS/2 version 4, sCapHeight 714, sxHeight 536, hhea ascent
/// 1069 and descent −293, 1000 units per em. `Scripts/compare-with-chromium.py --only box` checks 120 cases against
/// Chromium 156 (cap and x-height edges within 0.005 px; `text` edges within 1 px, Chromium rounding its ascent and
/// descent to whole pixels).
@Suite("Text box: leading trim")
struct TextBoxTests: NotoLayoutSuite {
    let registry = FontRegistry(includesSystemFonts: false)
    let body = Typography(family: "Noto Sans", fontSize: 16, lineHeight: 24)
    let text = "Typography is the art of arranging type"

    @Test("CSS syntax: a trim and edges in either order, defaults as CSS Inline 3 gives them, errors naming the word")
    func parsing() throws {
        #expect(try TextBox(parsing: "normal") == .normal)
        #expect(try TextBox(parsing: "trim-both cap alphabetic") == TextBox(trim: .both, over: .cap, under: .alphabetic))
        #expect(try TextBox(parsing: "cap alphabetic trim-start") == TextBox(trim: .start, over: .cap, under: .alphabetic))
        #expect(try TextBox(parsing: "Trim-End") == TextBox(trim: .end, over: .text, under: .text))
        #expect(try TextBox(parsing: "ex text") == TextBox(trim: .both, over: .ex, under: .text))
        #expect(try TextBox(parsing: "text") == TextBox(trim: .both, over: .text, under: .text))
        for bad in ["", "cap", "trim-start cap", "alphabetic", "trim-both cap alphabetic text", "cap trim-both text",
                    "trim-both trim-end", "trim-both top"] {
            #expect(throws: TextBoxSyntaxError.self, "\(bad)") { try TextBox(parsing: bad) }
        }
        let error = try #require(throws: TextBoxSyntaxError.self) { try TextBox(parsing: "trim-both top") }
        #expect(error.description.contains("\"top\"") && error.description.contains("trim-both cap alphabetic"))
        let decoded = try JSONDecoder().decode(Typography.self, from: Data(
            #"{"fontFamily": "Noto Sans", "fontSize": 16, "lineHeight": 24, "textBox": "trim-both cap alphabetic"}"#.utf8))
        #expect(decoded.textBox.description == "trim-both cap alphabetic")
        #expect(try JSONDecoder().decode(Typography.self, from: JSONEncoder().encode(decoded)) == decoded)
    }

    @Test("cap height to baseline: the block is (lines − 1) × line height + the cap height, the first baseline at the cap height")
    func capToBaseline() throws {
        let layout = try self.layout(text, body.textBox(try TextBox(parsing: "trim-both cap alphabetic")), width: 160)
        #expect(layout.lines.count == 2)
        #expect(abs(layout.height - (24 + 11.424)) < 1e-9)  // 714 / 1000 × 16
        #expect(abs(layout.lines[0].baseline - 11.424) < 1e-9 && abs(layout.lines[1].baseline - 35.424) < 1e-9)
        #expect(layout.lines[1].top - layout.lines[0].top == 24)  // line boxes keep the line height
        let ex = try self.layout("Hx", body.textBox(try TextBox(parsing: "ex alphabetic")), width: 160)
        #expect(abs(ex.height - 8.576) < 1e-9 && abs(ex.lines[0].baseline - 8.576) < 1e-9)  // 536 / 1000 × 16
    }

    @Test("text edges take the half-leading off; one end alone moves only that end")
    func textEdges() throws {
        // Half-leading (24 − (17.104 + 4.688)) / 2 = 1.104 at each end.
        let both = try layout(text, body.textBox(TextBox(trim: .both)), width: 160)
        #expect(abs(both.height - (48 - 2 * 1.104)) < 1e-9 && abs(both.lines[0].baseline - 17.104) < 1e-9)
        let end = try layout(text, body.textBox(TextBox(trim: .end, under: .alphabetic)), width: 160)
        #expect(abs(end.lines[0].baseline - 18.208) < 1e-9 && abs(end.height - 42.208) < 1e-9)
        // A line height shorter than ascent + descent: trimming to text grows the block (16 + 2 × 2.896).
        let tight = try layout("Hx", body.lineHeight(16).textBox(TextBox(trim: .both)), width: 160)
        #expect(abs(tight.height - 21.792) < 1e-9)
    }
}
