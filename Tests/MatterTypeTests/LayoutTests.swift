import Foundation
import Testing
import MatterType

let paragraphs = [
    "The quick brown fox jumps over the lazy dog.",
    "Typography is the art and technique of arranging type to make written language legible, readable and "
        + "appealing when displayed.",
    "Office affine ffi ligatures, AVATAR kerning, and 0123456789 digits.\nA second paragraph.\n\nA fourth after an "
        + "empty one.",
    "supercalifragilisticexpialidocious words that are longer than the line",
    "",
    "  leading spaces and trailing spaces   ",
]

@Suite("Line layout")
struct LayoutTests: NotoLayoutSuite {
    let registry = FontRegistry(includesSystemFonts: false)
    let body = Typography(family: "Noto Sans", fontSize: 16, lineHeight: 24)
}

/// Suites that lay text out in the bundled Noto Sans (no system fonts), `body` (16/24) unless told otherwise.
protocol NotoLayoutSuite {
    var registry: FontRegistry { get }
    var body: Typography { get }
}

extension NotoLayoutSuite {
    func layout(_ text: String, _ typography: Typography? = nil, width: Double? = nil, maxLines: Int = 0,
                mode: LineBreakMode = .byWordWrapping, alignment: TextAlignment = .natural) throws -> TextLayout {
        try notoLayout(text, typography ?? body, width: width, maxLines: maxLines, mode: mode, alignment: alignment,
                       registry: registry)
    }
}

/// `text` laid out in `typography` (Noto Sans 16/24 by default) with these limits, against `registry`.
func notoLayout(_ text: String, _ typography: Typography = Typography(family: "Noto Sans", fontSize: 16, lineHeight: 24),
                width: Double? = nil, maxLines: Int = 0, mode: LineBreakMode = .byWordWrapping,
                alignment: TextAlignment = .natural,
                registry: FontRegistry = FontRegistry(includesSystemFonts: false)) throws -> TextLayout {
    try TextLayout(text, typography: typography, environment: .default,
                   limits: LayoutLimits(width: width, maxLines: maxLines, lineBreakMode: mode, alignment: alignment),
                   registry: registry)
}

extension LayoutTests {

    @Test("lines break where hb-shape widths say, baselines at 18.208 + 24 n")
    func breaksLikeHBShape() throws {
        // hb-shape: "The quick brown fox" 9478 units, "… fox jumps" 12643 (> 200 pt at 16 pt), "jumps over the
        // lazy dog." 11460 units; 0.016 pt per unit.
        let result = try layout("The quick brown fox jumps over the lazy dog.", width: 200)
        #expect(result.lines.map(\.text) == ["The quick brown fox ", "jumps over the lazy dog."])
        #expect(abs(result.lines[0].width - 9478 * 0.016) < 1e-9)
        #expect(abs(result.lines[1].width - 11460 * 0.016) < 1e-9)
        #expect(result.lines.map(\.baseline).map { ($0 * 1000).rounded() / 1000 } == [18.208, 42.208])
        #expect(result.lines.map(\.top) == [0, 24])
        #expect(result.height == 48)
        #expect(abs(result.width - 11460 * 0.016) < 1e-9)
        #expect(result.lines.allSatisfy { $0.height == 24 })
    }

    @Test("height is lines × line height + (paragraphs − 1) × paragraph spacing",
          arguments: paragraphs, [nil, 40.0, 90, 150, 333.3, 1000])
    func heights(text: String, width: Double?) throws {
        var typography = body
        typography.paragraphSpacing = 7
        let result = try layout(text, typography, width: width)
        let paragraphCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(result.height == Double(result.lines.count) * 24 + Double(paragraphCount - 1) * 7)
        #expect(Set(result.lines.map(\.paragraph)).count == paragraphCount)
        for line in result.lines {
            #expect(abs(line.baseline - line.top - result.typography.baselineOffset) < 1e-9)
            if let width, line.text.count > 1 { #expect(line.width <= width + 1e-6) }
        }
        // Without a width every paragraph is one line.
        if width == nil { #expect(result.lines.count == paragraphCount) }
    }

    @Test("measure is the size of the layout that is drawn")
    func measure() throws {
        let typography = try TypographyLayout(typography: body, registry: registry)
        let size = try typography.measure("The quick brown fox jumps over the lazy dog.", limits: LayoutLimits(width: 200))
        // Two lines (see breaksLikeHBShape): 48 tall, as wide as hb-shape's 11460 units at 0.016 pt per unit.
        #expect(size.height == 48 && abs(size.width - 11460 * 0.016) < 1e-9)
    }

    @Test("an empty text is one line tall")
    func empty() throws {
        let result = try layout("")
        #expect(result.lines.count == 1 && result.height == 24 && result.width == 0)
    }

    @Test("trailing spaces hang and do not count")
    func trailingSpaces() throws {
        let result = try layout("  leading spaces and trailing spaces   ")
        let trimmed = try layout("  leading spaces and trailing spaces")
        #expect(result.width == trimmed.width)
        #expect(result.lines[0].text.hasSuffix("   "))
    }

    @Test("a word longer than the width breaks between grapheme clusters")
    func longWord() throws {
        let result = try layout("supercalifragilisticexpialidocious", width: 60)
        #expect(result.lines.count > 2)
        #expect(result.lines.map(\.text).joined() == "supercalifragilisticexpialidocious")
        #expect(result.lines.allSatisfy { $0.width <= 60 + 1e-6 })
        // A width narrower than one letter still shows each letter on a line of its own.
        let narrow = try layout("abc", width: 1)
        #expect(narrow.lines.map(\.text) == ["a", "b", "c"])
    }

    @Test("charWrap breaks anywhere, wordWrap only between words")
    func charWrap() throws {
        let text = "The quick brown fox jumps"
        let words = try layout(text, width: 100)
        let chars = try layout(text, width: 100, mode: .byCharWrapping)
        #expect(words.lines.dropLast().allSatisfy { $0.text.hasSuffix(" ") })
        #expect(chars.lines.contains { !$0.text.hasSuffix(" ") && $0.text != chars.lines.last?.text })
        #expect(chars.lines.map(\.text).joined() == text)
    }

    @Test("capitalize uppercases the first letter of each word only")
    func capitalize() throws {
        let typography = body.textCase(.capitalize)
        #expect(try layout("hello wORLD, don't stop-me now", typography).text == "Hello WORLD, Don't Stop-Me Now")
        #expect(TextCase.uppercase.apply(to: "straße") == "STRASSE")
        #expect(TextCase.lowercase.apply(to: "ÀB") == "àb")
    }

    @Test("underline and strikethrough sit at the font-table positions under the glyphs")
    func decorations() throws {
        let underlined = try layout("Hello  ", body.decoration(.underline))
        let line = underlined.lines[0]
        #expect(line.decorations.count == 1)
        let rect = try #require(line.decorations.first)
        // post.underlinePosition -100, underlineThickness 50 at 0.016 pt per unit.
        #expect(abs(rect.y - (line.baseline + 1.6)) < 1e-9 && abs(rect.height - 0.8) < 1e-9)
        #expect(abs(rect.width - 2426 * 0.016) < 1e-9)  // hb-shape "Hello": 2426 units; trailing spaces excluded
        let struck = try layout("Hello", body.decoration(.strikethrough)).lines[0]
        // OS/2.yStrikeoutPosition 322, yStrikeoutSize 50.
        #expect(abs((struck.decorations.first?.y ?? 0) - (struck.baseline - 5.152)) < 1e-9)
        #expect(try layout("Hello").lines[0].decorations.isEmpty)
    }

    @Test("emoji, CJK, RTL and controls lay out without crashing", arguments: [
        "Hello 👋🏽 world 🇫🇷 👨‍👩‍👧", "漢字かなカナ混じりの文章です。", "مرحبا بالعالم", "a\u{0}b\u{7}c\u{1b}d\te",
        "\u{202e}reversed\u{202c} \u{200d}\u{fe0f}", String(repeating: "\u{301}", count: 50),
    ])
    func unusualText(text: String) throws {
        let result = try layout(text, width: 120)
        #expect(result.height == Double(result.lines.count) * 24)
        #expect(!result.lines.isEmpty)
    }

    @Test("a line fits when its width in whole 1/64 pt fits, as in Chromium")
    func fitsAtLayoutUnitPrecision() throws {
        // hb-shape: "In 1450, Johannes Gutenberg introduced movable type to" is 26924 units, 350.012 pt at 13 pt.
        // Chromium (LayoutUnit truncates to 1/64 px) keeps it on one 350 px line; so do we. At 349.99 it wraps.
        let text = "In 1450, Johannes Gutenberg introduced movable type to Europe"
        let caption = body.fontSize(13).lineHeight(18)
        #expect(try layout(text, caption, width: 350).lines.first?.text == "In 1450, Johannes Gutenberg introduced movable type to ")
        #expect(try layout(text, caption, width: 349.99).lines.first?.text == "In 1450, Johannes Gutenberg introduced movable type ")
    }

    @Test("a character the font lacks comes from the first font Fontconfig sorts for it")
    func perCharacterFallback() throws {
        let registry = FontRegistry(includesSystemFonts: false)
        try registry.register(fileAt: TestSupport.fixture("Acme-Regular.ttf"))  // printable ASCII only
        try registry.register(fileAt: TestSupport.bundled("NotoSans-Regular.ttf"))
        let result = try TextLayout("Aé", typography: body.familyName("Acme"), registry: registry)
        #expect(result.fonts.map(\.postScriptName) == ["Acme-Regular", "NotoSans-Regular"])
        #expect(result.lines[0].glyphs.map(\.fontIndex) == [0, 1])
        // hb-shape Fonts/NotoSans-Regular.ttf "é" gives [171=0+564].
        #expect(result.lines[0].glyphs.last?.glyphID == 171)
    }

    @Test("mixed ASCII and non-ASCII text splits into the grapheme clusters Swift sees",
          arguments: ["naïve—café e\u{301}te\u{301} 🇫🇷a", "ab\u{600}cd", "x👨‍👩‍👧y", "a\u{FE0F}b\u{20E3}c", "漢a字b"])
    func graphemes(text: String) throws {
        // charWrap at a width below any glyph: one grapheme cluster per line (spaces hang on the line before).
        let result = try layout(text, width: 0.5, mode: .byCharWrapping)
        #expect(result.lines.map(\.text).joined() == text)
        #expect(result.lines.map { $0.text.trimmingCharacters(in: .whitespaces).count }.allSatisfy { $0 == 1 })
        #expect(result.lines.count == text.filter { $0 != " " }.count)
        #expect(try layout(text).lines.first?.text == text)
    }

    @Test("invalid limits are errors")
    func invalidLimits() {
        #expect(throws: LayoutError.self) { try layout("x", width: 0) }
        #expect(throws: LayoutError.self) { try layout("x", width: -5) }
        #expect(throws: LayoutError.self) { try layout("x", width: .nan) }
        #expect(throws: LayoutError.invalidMaxLines(-1)) { try layout("x", maxLines: -1) }
    }

    @Test("cached words are what HarfBuzz shapes, also past the word cache's capacity and after it refills")
    func wordCache() throws {
        // 40,000 distinct words, more than a face's word cache keeps (32,768): it fills, starts again, refills.
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let words = (0..<40_000).map { n in
            "AV" + String(n, radix: 26).map { letters[Int(String($0), radix: 26) ?? 0] }
        }
        let typography = try TypographyLayout(typography: body, registry: registry)
        // ASCII text is shaped in words that end after their spaces; shaped here one by one, uncached.
        var expectedIDs: [UInt32] = []
        var expectedX: [Double] = []
        var pen = 0.0
        for (index, word) in words.enumerated() {
            for glyph in typography.shape(index < words.count - 1 ? word + " " : word).glyphs {
                expectedIDs.append(glyph.glyphID)
                expectedX.append(pen + glyph.xOffset)
                pen += glyph.xAdvance
            }
        }
        for _ in 0..<2 {
            let glyphs = try TextLayout(words.joined(separator: " "), typography: typography).lines[0].glyphs
            #expect(glyphs.map(\.glyphID) == expectedIDs)
            #expect(zip(glyphs.map(\.x), expectedX).allSatisfy { abs($0 - $1) < 1e-6 })
        }
    }
}
