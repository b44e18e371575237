import Foundation
import MatterType
import Testing

/// The Layout stage's line choice (Layout/ScoreLineBreaker.swift): `text-wrap: balance` and `pretty`.
///
/// Expected lines are Chromium 156's (`text-wrap: balance|pretty` on the bundled Noto Sans, read back by
/// `Scripts/compare-with-chromium.py --only wrap`, which compares 270 such cases).
@Suite("Text wrap: balance and pretty")
struct TextWrapTests: NotoLayoutSuite {
    let registry = FontRegistry(includesSystemFonts: false)
    let body = Typography(family: "Noto Sans", fontSize: 16, lineHeight: 24)

    func lines(_ text: String, _ wrap: TextWrap, size: Double, lineHeight: Double, width: Double) throws -> [String] {
        let typography = body.fontSize(size).lineHeight(lineHeight).textWrap(wrap)
        return try layout(text, typography, width: width).lines.map(\.text)
    }

    @Test("balance evens a headline's lines as Chromium does")
    func balance() throws {
        #expect(try lines("MatterType renders text exactly as a design system defines it", .balance, size: 22,
                          lineHeight: 30, width: 320)
            == ["MatterType renders ", "text exactly as a design ", "system defines it"])
        // Greedy (Chromium's too): "MatterType renders text ", "exactly as a design system ", "defines it".
        #expect(try lines("MatterType renders text exactly as a design system defines it", .wrap, size: 22,
                          lineHeight: 30, width: 320)
            == ["MatterType renders text ", "exactly as a design system ", "defines it"])
        #expect(try lines("Breaking: quarterly results beat expectations across every region", .balance, size: 22,
                          lineHeight: 30, width: 200)
            == ["Breaking: quarterly ", "results beat ", "expectations ", "across ", "every region"])
        #expect(try lines("The quick brown fox jumps over the lazy dog while the five boxing wizards jump quickly.",
                          .balance, size: 22, lineHeight: 30, width: 200)
            == ["The quick brown ", "fox jumps over the ", "lazy dog while the ", "five boxing wizards ", "jump quickly."])
    }

    @Test("pretty moves a lone last word up, and leaves other paragraphs greedy")
    func pretty() throws {
        #expect(try lines("MatterType renders text exactly as a design system defines it", .pretty, size: 16,
                          lineHeight: 24, width: 320)
            == ["MatterType renders text exactly as a ", "design system defines it"])
        #expect(try lines("Breaking: quarterly results beat expectations across every region", .pretty, size: 16,
                          lineHeight: 24, width: 200)
            == ["Breaking: quarterly results ", "beat expectations across ", "every region"])
    }

    @Test("balance leaves a paragraph of more than 6 lines greedy (Chromium's kMaxLinesForBalance)")
    func balanceLimit() throws {
        let text = String(repeating: "Typography is the art of arranging type. ", count: 6)
        let greedy = try lines(text, .wrap, size: 16, lineHeight: 24, width: 200)
        #expect(greedy.count > 6)
        #expect(try lines(text, .balance, size: 16, lineHeight: 24, width: 200) == greedy)
        let short = try lines("Typography is the art of arranging type.", .balance, size: 16, lineHeight: 24,
                              width: 200)
        #expect(short.count == 2)
    }

    @Test("the typography's textWrap survives JSON")
    func codable() throws {
        let typography = body.textWrap(.balance)
        let decoded = try JSONDecoder().decode(Typography.self, from: JSONEncoder().encode(typography))
        #expect(decoded.textWrap == .balance && decoded == typography)
        let plain = try JSONDecoder().decode(Typography.self, from: Data(
            #"{"fontFamily": "Noto Sans", "fontSize": 16, "lineHeight": 24}"#.utf8))
        #expect(plain.textWrap == .wrap)
    }
}
