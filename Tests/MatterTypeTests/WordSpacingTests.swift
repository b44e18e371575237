import Foundation
@testable import MatterType
import MatterTypeWire
import Testing

/// CSS `word-spacing` from every place a typography comes from: the engine's `Typography`, a request's JSON (in
/// em too), a span, a token file and the CLI.
///
/// Advances from `hb-shape --font-size=1000 Fonts/NotoSans-Regular.ttf "a b c"`: a 561, space 260, b 615,
/// c 480 units per 1000; "a\u{A0}b\u{3000}c": the no-break space 260, the ideographic space 1000.
@Suite("Word spacing")
struct WordSpacingTests {
    let registry = FontRegistry(includesSystemFonts: false)
    let body = Typography(family: "Noto Sans", fontSize: 16, lineHeight: 24)
    /// "a b c" at 16 pt without spacing: (561 + 260 + 615 + 260 + 480) / 1000 × 16.
    let plainWidth = 2176.0 / 1000 * 16

    func width(_ text: StyledText, _ typography: Typography) throws -> Double {
        try TextLayout(text, typography: typography, registry: registry).width
    }

    @Test("each space gets the word spacing, on top of the letter spacing every cluster gets")
    func spacesAndLetters() throws {
        #expect(abs(try width(StyledText("a b c"), body.wordSpacing(10)) - (plainWidth + 2 * 10)) < 1e-9)
        #expect(abs(try width(StyledText("a b c"), body.wordSpacing(-1)) - (plainWidth - 2)) < 1e-9)
        // Letter spacing after each of the 5 clusters (the last included, as CSS), word spacing after the 2 spaces.
        #expect(abs(try width(StyledText("a b c"), body.wordSpacing(5).letterSpacing(1))
                    - (plainWidth + 5 * 1 + 2 * 5)) < 1e-9)
    }

    @Test("a no-break space is a word separator; an ideographic space and a letter are not (CSS Text 3)")
    func separators() throws {
        let plain = try width(StyledText("a\u{A0}b\u{3000}c"), body)
        #expect(abs(plain - (561.0 + 260 + 615 + 1000 + 480) / 1000 * 16) < 1e-9)
        #expect(abs(try width(StyledText("a\u{A0}b\u{3000}c"), body.wordSpacing(8)) - (plain + 8)) < 1e-9)
        #expect(try width(StyledText("abc"), body.wordSpacing(8)) == (try width(StyledText("abc"), body)))
    }

    @Test("a span's word spacing applies to the spaces inside it only")
    func span() throws {
        let text = StyledText("a ").appending("b ", SpanStyle().wordSpacing(20)).appending("c")
        #expect(abs(try width(text, body) - (plainWidth + 20)) < 1e-9)
    }

    @Test("a request's word spacing in em is of the font size; spans, tokens and the CLI take it too")
    func wire() throws {
        let request = try RenderRequest.decode(from: Data(#"""
            {"text": "a b c", "size": 20, "wordSpacing": "0.5em"}
            """#.utf8))
        #expect(try request.resolvedTypography().wordSpacing == 10)
        let spans = try RenderRequest.decode(from: Data(#"""
            {"spans": [{"text": "a "}, {"text": "b ", "wordSpacing": 20}, {"text": "c"}]}
            """#.utf8))
        #expect(abs(try spans.layout(registry: registry).width - (plainWidth + 20)) < 1e-9)
        let tokens = try DesignTokens(data: Data(#"""
            {"body": {"$type": "typography", "$value": {"fontFamily": "Noto Sans", "fontSize": "16px",
              "lineHeight": 1.5}, "$extensions": {"mattertype": {"wordSpacing": "-0.125em"}}}}
            """#.utf8), extensions: TypographyFields.tokenExtensions)
        #expect(try tokens.typography("body").wordSpacing == -2)
        let run = try CLIRun("measure", "a b c", "--word-spacing", "10", "--no-system-fonts", "--json")
        let measured = try #require(try JSONSerialization.jsonObject(with: run.stdoutData) as? [String: Any])
        #expect(abs((measured["width"] as? Double ?? 0) - (plainWidth + 20)) < 1e-6)
    }

    @Test("fit scales word spacing with the size, as it does letter spacing and line height")
    func fit() throws {
        let limits = LayoutLimits(width: 60, maxLines: 1, fit: TextFit(minimumFontSize: 1))
        let fitted = try TextLayout(StyledText("a b c"), typography: body.wordSpacing(16), limits: limits,
                                    registry: registry)
        let factor = fitted.typography.fontSize / 16
        #expect(factor < 1)
        #expect(abs(fitted.width - (plainWidth + 2 * 16) * factor) < 1e-6)
    }

    @Test("out of range is a layout error naming the field")
    func range() throws {
        #expect(throws: LayoutError.self) { try width(StyledText("a b"), body.wordSpacing(.infinity)) }
        #expect(throws: LayoutError.self) { try width(StyledText("a b"), body.wordSpacing(20_000)) }
    }
}
