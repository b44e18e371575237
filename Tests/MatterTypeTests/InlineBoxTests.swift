import Foundation
import MatterType
import MatterTypeWire
import Testing

/// Inline boxes: spans that are boxes, broken around and aligned as CSS inline-blocks, never growing a line.
///
/// Numbers from NotoSans-Regular (fontTools: hhea ascender 1,069, descender −293, OS/2 sxHeight 536, 1,000 units
/// per em; hb-shape: "Verified " 3,856 units): at 16/24 the ascent is 17.104, the descent 4.688, the half-leading
/// (24 − 21.792) / 2 = 1.104, so the first baseline is 18.208 and the x-height 8.576. `Scripts/compare-with-chromium.py
/// --only inline` compares 144 such cases with Chromium's inline-blocks.
@Suite("Inline boxes")
struct InlineBoxTests: NotoLayoutSuite {
    let registry = FontRegistry(includesSystemFonts: false)
    let body = Typography(family: "Noto Sans", fontSize: 16, lineHeight: 24)

    func layout(_ text: StyledText, width: Double? = nil, maxLines: Int = 0) throws -> TextLayout {
        try TextLayout(text, typography: body, limits: LayoutLimits(width: width, maxLines: maxLines),
                       registry: registry)
    }

    /// Each alignment's box top for a 12 pt tall box on the first line.
    static let tops: [(InlineBoxAlignment, Double)] = [
        (.baseline, 18.208 - 12), (.middle, 18.208 - 4.288 - 6), (.textTop, 18.208 - 17.104),
        (.textBottom, 18.208 + 4.688 - 12), (.top, 0), (.bottom, 24 - 12),
    ]

    @Test("each alignment puts the box where CSS vertical-align does, after the text before it", arguments: tops)
    func alignment(_ alignment: InlineBoxAlignment, top: Double) throws {
        let text = StyledText("Verified ").appending(box: InlineBox(width: 20, height: 12, alignment: alignment))
            .appending(" account")
        let placed = try #require(try layout(text).inlineBoxes.first)
        #expect(placed.index == 0 && placed.line == 0)
        #expect(abs(placed.x - 3856 * 0.016) < 1e-9)  // 61.696
        #expect(abs(placed.y - top) < 1e-9)
        #expect(placed.box.width == 20 && placed.box.height == 12)
    }

    @Test("a box is as wide as it says, and a line may break on either side of it (not before a space)")
    func breaking() throws {
        // "Pay" 26.816 pt, "with" 32.368 pt (hb-shape): with 20 pt boxes, "Pay#" is 46.816, "Pay#with" 79.184.
        let text = StyledText("Pay").appending(box: InlineBox(width: 20, height: 10)).appending("with")
            .appending(box: InlineBox(width: 20, height: 10)).appending(" cards")
        #expect(try layout(text, width: 60).lines.map(\.text) == ["Pay\u{FFFC}", "with\u{FFFC} ", "cards"])
        #expect(try layout(text, width: 80).lines.map(\.text) == ["Pay\u{FFFC}with", "\u{FFFC} cards"])
        let boxes = try layout(text, width: 60).inlineBoxes
        #expect(boxes.map(\.index) == [0, 1] && boxes.map(\.line) == [0, 1])
        #expect(abs(boxes[0].x - 26.816) < 1e-9 && abs(boxes[1].x - 32.368) < 1e-9)
    }

    @Test("a box taller than the line does not grow it; its ink counts")
    func tallBox() throws {
        let text = StyledText("Tall ").appending(box: InlineBox(width: 30, height: 60)).appending(" box")
        let laidOut = try layout(text)
        #expect(laidOut.height == 24 && laidOut.lines.count == 1)
        let placed = try #require(laidOut.inlineBoxes.first)
        #expect(abs(placed.y - (18.208 - 60)) < 1e-9)
        #expect(laidOut.inkBounds.y <= placed.y && laidOut.inkBounds.y + laidOut.inkBounds.height >= placed.y + 60)
    }

    @Test("a box needs no font: no fallback, no missing character, nothing drawn")
    func noGlyphs() throws {
        let text = StyledText("A").appending(box: InlineBox(width: 10, height: 10)).appending("B")
        let laidOut = try layout(text)
        #expect(laidOut.missingCharacters.isEmpty && laidOut.fonts.count == 1)
        #expect(laidOut.lines[0].glyphs.count == 2)
        // A U+FFFC typed in plain text is a character, not a box.
        #expect(try layout(StyledText("A\u{FFFC}B")).inlineBoxes.isEmpty)
    }

    @Test("boxes hidden by a line limit are not reported")
    func truncated() throws {
        let text = StyledText("First line of text").appending(box: InlineBox(width: 10, height: 10))
            .appending(" and a second line").appending(box: InlineBox(width: 10, height: 10))
        let boxes = try layout(text, width: 140, maxLines: 1).inlineBoxes
        #expect(boxes.allSatisfy { $0.line == 0 } && boxes.count <= 1)
    }

    @Test("bad boxes are errors naming the span")
    func badBoxes() throws {
        #expect(throws: LayoutError.self) {
            try layout(StyledText("a").appending(box: InlineBox(width: -1, height: 10)))
        }
        let error = #expect(throws: LayoutError.self) {
            try layout(StyledText("a").appending(box: InlineBox(width: 10, height: .infinity)))
        }
        #expect(error?.description.hasPrefix("span 1: box height") == true)
    }

    @Test("JSON: a span {\"box\": {...}}, align defaulting to baseline; unknown keys are errors")
    func json() throws {
        let text = try JSONDecoder().decode(StyledText.self, from: Data(#"""
            {"spans": [{"text": "Hi "}, {"box": {"width": 16, "height": 12, "align": "text-top"}}, {"box": {"width": 8, "height": 8}}]}
            """#.utf8))
        #expect(text.spans[1].box == InlineBox(width: 16, height: 12, alignment: .textTop))
        #expect(text.spans[2].box?.alignment == .baseline)
        let again = try JSONDecoder().decode(StyledText.self, from: JSONEncoder().encode(text))
        #expect(again == text)
        for bad in [#"{"spans": [{"box": {"width": 1, "height": 1, "depth": 2}}]}"#,
                    #"{"spans": [{"box": {"width": 1, "height": 1}, "text": "x"}]}"#,
                    #"{"spans": [{"box": {"width": 1, "height": 1, "align": "sideways"}}]}"#,
                    #"{"spans": [{"box": {"height": 1}}]}"#] {
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(StyledText.self, from: Data(bad.utf8)) }
        }
        let measured = TextMeasurement(try layout(text))
        #expect(measured.boxes?.map(\.index) == [0, 1] && measured.boxes?.first?.height == 12)
        #expect(TextMeasurement(try layout(StyledText("plain"))).boxes == nil)
    }

    @Test("fitting scales boxes with the text, as icons sized in em")
    func fit() throws {
        let text = StyledText("Headline").appending(box: InlineBox(width: 24, height: 24))
        var limits = LayoutLimits(width: 100)
        limits.fit = TextFit()
        limits.maxHeight = 24
        let fitted = try TextLayout(text, typography: body.fontSize(32).lineHeight(40), limits: limits,
                                    registry: registry)
        let scale = fitted.typography.fontSize / 32
        let placed = try #require(fitted.inlineBoxes.first)
        #expect(scale < 1 && abs(placed.box.width - 24 * scale) < 1e-9)
        #expect(placed.x + placed.box.width <= 100 + 1e-9)
    }
}
