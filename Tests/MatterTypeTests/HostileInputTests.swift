import Foundation
import Testing
import MatterType
import MatterTypeWire

@Suite("Hostile input")
struct HostileInputTests {
    let registry = FontRegistry(includesSystemFonts: false)
    let body = Typography(family: "Noto Sans", fontSize: 16, lineHeight: 24)

    func layout(_ text: String, width: Double? = nil, typography: Typography? = nil) throws -> TextLayout {
        try TextLayout(text, typography: typography ?? body, limits: LayoutLimits(width: width), registry: registry)
    }

    @Test("empty and whitespace-only text: one line per paragraph, a 1 × 24 image at least",
          arguments: ["", " ", "   \t  ", "\n", " \n \n"])
    func blank(text: String) throws {
        let result = try layout(text, width: 100)
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(result.lines.count == paragraphs && result.height == Double(paragraphs) * 24)
        #expect(result.width == 0)
        let png = try PNGEncoder.encode(TextRenderer().image(of: try layout(text)))
        #expect(png.count > 8)
    }

    @Test("a 1 MB string lays out; an image of it is refused as too large, not allocated")
    func oneMegabyte() throws {
        let text = String(repeating: "abcdefghi ", count: 100_000)  // 1,000,000 bytes
        let wide = try layout(text)
        #expect(wide.lines.count == 1)
        #expect(throws: RenderError.self) { try TextRenderer().image(of: wide) }
        let wrapped = try layout(text, width: 600)
        #expect(wrapped.height == Double(wrapped.lines.count) * 24)
        #expect(wrapped.lines.count > 1000)
    }

    @Test("100,000 newlines are 100,001 paragraphs")
    func newlines() throws {
        let result = try layout(String(repeating: "\n", count: 100_000), width: 100)
        #expect(result.lines.count == 100_001)
        #expect(result.height == 100_001 * 24)
        // 100 × 2,400,024 pixels is past the 100-megapixel limit: refused before anything is allocated.
        #expect(throws: RenderError.imageTooLarge(width: 100, height: 2_400_024)) {
            try TextRenderer().image(of: result)
        }
    }

    @Test("controls, lone marks, joiners and bidi controls lay out and render", arguments: [
        "\u{0}\u{1}\u{7}\u{8}\u{1B}\u{7F}", "\u{202E}", "\u{202A}abc", "\u{200D}", "\u{FE0F}", "\u{301}\u{302}",
        "a\u{200B}b", "\u{FEFF}BOM", "\u{FFFD}\u{FFFF}", "\u{E000}", "x\u{2028}y\u{2029}z\u{85}w\r\nv\rq",
    ])
    func controls(text: String) throws {
        let result = try layout(text, width: 80)
        #expect(!result.lines.isEmpty)
        _ = try TextRenderer().image(of: result)
        _ = result.typography.shape(text)
    }

    @Test("lengths that are not finite, not positive or too large are errors",
          arguments: ["fontSize", "lineHeight", "letterSpacing", "paragraphIndent", "paragraphSpacing"])
    func badLengths(field: String) {
        for value in [Double.nan, .infinity, -.infinity, 20_000] {
            var typography = body
            switch field {
            case "fontSize": typography.fontSize = value
            case "lineHeight": typography.lineHeight = value
            case "letterSpacing": typography.letterSpacing = value
            case "paragraphIndent": typography.paragraphIndent = value
            default: typography.paragraphSpacing = value
            }
            #expect(throws: LayoutError.self) { try layout("x", typography: typography) }
        }
    }

    @Test("environment and limits out of range are errors")
    func badEnvironment() {
        for scale in [0, -1, .nan, 100] {
            #expect(throws: LayoutError.self) {
                try TextLayout("x", typography: body, environment: TypographyEnvironment(displayScale: scale),
                               registry: registry)
            }
        }
        #expect(throws: LayoutError.self) { try layout("x", typography: body.maximumScaleFactor(.nan)) }
        #expect(throws: LayoutError.self) { try layout("x", width: -.infinity) }
        #expect(throws: LayoutError.self) { try layout("x", width: 0) }
    }

    @Test("an unknown family falls back; an unknown feature is an error")
    func unknownNames() throws {
        let result = try layout("x", typography: body.familyName("No Such Family 42"))
        #expect(result.typography.font.isFallback)
        #expect(throws: LayoutError.invalidFeature("%%%")) {
            try layout("x", typography: Typography(family: "Noto Sans", fontSize: 16,
                                                   lineHeight: 24, features: ["%%%"]))
        }
    }

    @Test("inputs that multiply work are bounded: 16 families a typography or span, 256 characters a name")
    func boundedFamilies() throws {
        let sixteen = (1..<16).map { "Missing \($0)" }
        #expect(try layout("x", typography: body.fallbackFamilies(sixteen)).lines.count == 1)
        #expect(throws: LayoutError.tooManyFamilies(count: 17, limit: 16)) {
            try layout("x", typography: body.fallbackFamilies(sixteen + ["One more"]))
        }
        #expect(throws: LayoutError.familyNameTooLong(length: 257, limit: 256)) {
            try layout("x", typography: body.familyName(String(repeating: "n", count: 257)))
        }
        // In JSON the list is refused while decoding, before any resolution.
        let span = #"{"text": "a", "family": [\#((0..<17).map { "\"F\($0)\"" }.joined(separator: ","))]}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(TextSpan.self, from: Data(span.utf8)) }
        let request = #"{"text": "a", "family": "\#((0..<17).map { "F\($0)" }.joined(separator: ","))"}"#
        #expect(throws: RenderRequestError.self) { try RenderRequest.decode(from: Data(request.utf8)) }
        // A span's own families count too.
        let styled = StyledText([TextSpan("a", style: SpanStyle().family("A", fallbacks: sixteen + ["B"]))])
        #expect(throws: LayoutError.self) { try TextLayout(styled, typography: body, registry: registry) }
    }

    @Test("characters no font has are each reported once, in order, however many")
    func manyMissingCharacters() throws {
        let scalars = (0xE000..<0xE000 + 5000).compactMap(Unicode.Scalar.init)
        let text = String(String.UnicodeScalarView(scalars + scalars))
        let result = try layout(text, width: 400)
        #expect(result.missingCharacters == scalars)
    }

    @Test("requests naming ever new languages shape as the cached ones do (plans made per call past 64)")
    func manyLanguages() throws {
        let expected = try layout("office flow", typography: body).lines[0].glyphs.map(\.glyphID)
        for index in 0..<80 {
            let shaped = try layout("office flow", typography: body.language("x-attack-\(index)"))
            #expect(shaped.lines[0].glyphs.map(\.glyphID) == expected, "language \(index)")
        }
    }
}
