import Testing
import MatterType

/// The Layout stage's truncation (Layout/Truncation.swift): maxLines, the three ellipsis modes and clipping.
@Suite("Truncation")
struct TruncationTests: NotoLayoutSuite {
    let registry = FontRegistry(includesSystemFonts: false)
    let body = Typography(family: "Noto Sans", fontSize: 16, lineHeight: 24)

    @Test("maxLines with wrapping cuts the text without an ellipsis")
    func maxLinesWrap() throws {
        let result = try layout(paragraphs[1], width: 150, maxLines: 2)
        #expect(result.lines.count == 2 && result.isTruncated && result.height == 48)
        #expect(!result.lines[1].text.contains("\u{2026}"))
    }

    @Test("truncateTail ends the last allowed line with … inside the width")
    func truncateTail() throws {
        let result = try layout(paragraphs[1], width: 150, maxLines: 2, mode: .byTruncatingTail)
        #expect(result.lines.count == 2 && result.isTruncated)
        #expect(result.lines[1].text.hasSuffix("\u{2026}"))
        #expect(result.lines[1].width <= 150 + 1e-6)
        // "Hello…" is 3217 units in hb-shape: at 16 pt, 51.472 pt fits exactly; "Hello world" does not.
        let exact = try layout("Hello world", width: 3217 * 0.016, maxLines: 1, mode: .byTruncatingTail)
        #expect(exact.lines.map(\.text) == ["Hello\u{2026}"])
        #expect(abs(exact.lines[0].width - 3217 * 0.016) < 1e-9)
    }

    @Test("truncateHead starts the line with … and shows the end")
    func truncateHead() throws {
        let result = try layout("alpha beta gamma delta epsilon", width: 100, maxLines: 1, mode: .byTruncatingHead)
        #expect(result.lines.count == 1)
        #expect(result.lines[0].text.hasPrefix("\u{2026}"))
        #expect(result.lines[0].text.hasSuffix("epsilon"))
        #expect(result.lines[0].width <= 100 + 1e-6)
    }

    @Test("truncateMiddle keeps both ends")
    func truncateMiddle() throws {
        let result = try layout("alpha beta gamma delta epsilon", width: 120, maxLines: 1,
                                mode: .byTruncatingMiddle)
        let text = result.lines[0].text
        #expect(text.hasPrefix("alpha") && text.hasSuffix("epsilon") && text.contains("\u{2026}"))
        #expect(result.lines[0].width <= 120 + 1e-6)
    }

    @Test("clip keeps the rest of the paragraph on the last line, cut at the width")
    func clip() throws {
        let result = try layout(paragraphs[1], width: 150, maxLines: 1, mode: .byClipping)
        #expect(result.lines.count == 1 && result.isTruncated)
        #expect(result.lines[0].width <= 150 + 1e-6)
        #expect(!result.lines[0].text.contains("\u{2026}"))
        #expect(result.lines[0].text.count > (try layout(paragraphs[1], width: 150)).lines[0].text.count)
    }

    @Test("text that fits is not truncated; hidden paragraphs are")
    func truncationOnlyWhenNeeded() throws {
        #expect(try !layout("Short", width: 150, maxLines: 1, mode: .byTruncatingTail).isTruncated)
        let hidden = try layout("First\nSecond", width: 150, maxLines: 1, mode: .byTruncatingTail)
        #expect(hidden.isTruncated && hidden.lines.map(\.text) == ["First\u{2026}"])
    }
}
