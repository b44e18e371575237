import Foundation
@testable import MatterType
import Testing

/// Letter spacing that keeps cursive scripts joined, and case mapping that follows the language.
@Suite("Letter spacing and text case by script and language")
struct TextTransformTests {
    static let body = Typography(family: "Noto Sans", fontSize: 32, lineHeight: 48)

    func runWidths(_ text: String, spacing: Double) throws -> [String: Double] {
        let layout = try TextLayout(text, typography: TextTransformTests.body.letterSpacing(spacing))
        var widths: [String: Double] = [:]
        for run in layout.lines.flatMap(\.runs) { widths[run.text, default: 0] += run.width }
        return widths
    }

    @Test("Arabic letters get no letter spacing (they stay joined, as in Chromium); Latin and spaces still do")
    func cursiveNotSpaced() throws {
        let text = "مرحبا بالعالم Hello"
        let plain = try runWidths(text, spacing: 0)
        let spaced = try runWidths(text, spacing: 4)
        #expect(spaced["مرحبا"] == plain["مرحبا"])
        #expect(spaced["بالعالم"] == plain["بالعالم"])
        #expect(abs((spaced["Hello"] ?? 0) - (plain["Hello"] ?? 0) - 5 * 4) < 1e-9)
        #expect(abs((spaced[" "] ?? 0) - (plain[" "] ?? 0) - 2 * 4) < 1e-9)
        // Syriac and N'Ko are cursive too; Hebrew (not joined) is spaced.
        for (word, spacedLetters) in [("ܫܠܡܐ", 0), ("ߒߞߏ", 0), ("שלום", 4)] {
            let a = try runWidths(word, spacing: 0).values.reduce(0, +)
            let b = try runWidths(word, spacing: 4).values.reduce(0, +)
            #expect(abs(b - a - Double(spacedLetters * 4)) < 1e-9, "\(word)")
        }
    }

    @Test("shape reports the same advances as layout for a spaced Arabic word")
    func shapeAgrees() throws {
        let typography = try TypographyLayout(typography: TextTransformTests.body.letterSpacing(4))
        let plain = try TypographyLayout(typography: TextTransformTests.body)
        #expect(typography.shape("مرحبا").width == plain.shape("مرحبا").width)
        #expect(typography.shape("abc").width == plain.shape("abc").width + 12)
    }

    // Expected strings: Unicode's SpecialCasing.txt (Turkish/Azeri i, Lithuanian, final sigma) and CLDR's
    // casing transforms (Greek uppercase drops accents; Dutch IJ title-cases as a pair).
    @Test("case mapping follows the language", arguments: [
        (TextCase.uppercase, "tr", "istanbul", "İSTANBUL"),
        (.uppercase, "az", "iki", "İKİ"),
        (.uppercase, nil, "istanbul", "ISTANBUL"),
        (.lowercase, "tr", "DİYARBAKIR", "diyarbakır"),
        (.lowercase, nil, "ΟΔΟΣ ΟΔΟΣ.", "οδος οδος."),
        (.uppercase, "el", "Καλημέρα", "ΚΑΛΗΜΕΡΑ"),
        (.uppercase, "lt", "i̇̀", "Ì"),
        (.capitalize, "nl", "ijssel ijsland", "IJssel IJsland"),
        (.capitalize, nil, "ijssel", "Ijssel"),
        (.capitalize, nil, "don't x2y ǆemal", "Don't X2y ǅemal"),
        (.uppercase, nil, "straße", "STRASSE"),
    ] as [(TextCase, String?, String, String)])
    func languageCase(textCase: TextCase, language: String?, input: String, expected: String) throws {
        #expect(textCase.apply(to: input, language: language) == expected)
        let typography = TextTransformTests.body.textCase(textCase).language(language)
        #expect(try TextLayout(input, typography: typography).text == expected)
    }

    @Test("a span's language cases the span")
    func spanLanguage() throws {
        let text = StyledText([TextSpan("istanbul ", style: SpanStyle().language("tr")), TextSpan("istanbul")])
        let layout = try TextLayout(text, typography: TextTransformTests.body.textCase(.uppercase))
        #expect(layout.text == "İSTANBUL ISTANBUL")
    }
}
