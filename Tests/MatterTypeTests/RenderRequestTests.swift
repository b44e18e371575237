import Foundation
@testable import MatterType
import MatterTypeCards
import MatterTypeWire
import Testing

/// The one request type the CLI and the server share.
@Suite("Render requests")
struct RenderRequestTests {
    /// Every request key is a `render` option (camel case of its long name) and every `render` option that
    /// describes the text, typography, layout or image is a request key, so the CLI and the server cannot drift:
    /// the declared options, and the field options its help lists (generated from the same declarations).
    @Test func keysAreTheRenderOptions() throws {
        func camelCase(_ option: String) -> String {
            let parts = option.split(separator: "-")
            return String(parts[0]) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        }
        let help = try CLIRun("render", "--experimental-dump-help")
        let json = try #require(try JSONSerialization.jsonObject(with: help.stdoutData) as? [String: Any])
        let command = try #require(json["command"] as? [String: Any])
        let arguments = try #require(command["arguments"] as? [[String: Any]])
        let declared = arguments.compactMap { ($0["names"] as? [[String: Any]])?.first?["name"] as? String }
            .filter { $0.count > 1 }.map(camelCase)
        // The field options are listed in the discussion, before USAGE.
        let fields = try CLIRun("render", "--help").stdout.split(separator: "\n")
            .prefix { !$0.hasPrefix("USAGE:") }.filter { $0.hasPrefix("  --") }
            .map { camelCase(String($0.dropFirst(4).prefix { $0 != " " })) }
        // Options about where things come from or go, not what is rendered; `text` is the argument; `field` is
        // what a field option is rewritten as.
        let cliOnly: Set = ["textFile", "tokens", "theme", "strict", "remSize", "fontFile", "fontDir", "replace", "noSystemFonts",
                            "output", "field"]
        #expect(Set(declared + fields).subtracting(cliOnly) == Set(RenderRequest.keys).subtracting(["text"]))
        #expect(fields.count == TypographyFields.keys.count + LimitFields.keys.count + OutputFields.keys.count)
    }

    @Test("imageWidth and imageHeight: the largest display scale whose image fits inside, padding and ink too")
    func imageSize() throws {
        // Sizes read back from the PNG's header (decoded by libpng, PNGDecoding), not from the frame.
        func pngSize(_ json: String) throws -> (width: Int, height: Int, scale: Double) {
            let request = try RenderRequest.decode(from: Data(json.utf8))
            let layout = try request.layout()
            let image = try #require(PNGDecoding.rgba(try request.image(of: layout)))
            return (image.width, image.height, layout.typography.environment.displayScale)
        }
        for (json, width, height) in [
            (#"{"text": "Hello, world", "imageWidth": 300}"#, 300, nil),
            (#"{"text": "Hello, world", "imageWidth": 300, "padding": 12}"#, 300, nil),
            (#"{"text": "Hello, world", "imageHeight": 100}"#, nil, 100),
            (#"{"text": "Hello, world", "imageWidth": 1000, "imageHeight": 50}"#, 1000, 50),
            (#"{"text": "Ĥêllø ŵørld", "size": 13.7, "italic": true, "imageWidth": 333, "format": "png"}"#, 333, nil),
            (#"{"text": "Two\nlines", "imageWidth": 57, "imageHeight": 57}"#, 57, 57),
        ] as [(String, Int?, Int?)] {
            let size = try pngSize(json)
            // Inside, and no more than a pixel short on the side that binds: a larger scale would not fit.
            #expect(size.width <= width ?? .max && size.height <= height ?? .max, "\(json): \(size)")
            let short = min(width.map { $0 - size.width } ?? .max, height.map { $0 - size.height } ?? .max)
            #expect(short <= 1, "\(json): \(size) leaves \(short) pixels")
        }
        // A scale of at most 8: a short word asked 5,000 pixels wide stops there.
        let capped = try pngSize(#"{"text": "Hi", "imageWidth": 5000}"#)
        #expect(capped.scale == 8 && capped.width < 5000)
        for (json, words) in [(#"{"text": "Hi", "imageWidth": 300, "scale": 2}"#, "not both"),
                              (#"{"text": "Hi", "imageHeight": 0}"#, "use 1 to 100000"),
                              (#"{"text": "Hello, world", "imageWidth": 4}"#, "under the least, 0.25"),
                              (#"{"text": "Hi", "imageWidth": 300, "format": "pdf"}"#, "PDF")] {
            let request = try RenderRequest.decode(from: Data(json.utf8))
            #expect { try request.layout() } throws: { error in
                "\(error)".contains(words) && !"\(error)".contains("\n")
            }
        }
        // A card's text layer may not have them: the card sets its own size.
        #expect(MatterTypeCards.CardTextLayer.cardWideKeys.isSuperset(of: ["imageWidth", "imageHeight", "quality"]))
    }

    @Test("palette sets the typography's font palette; out of range is a field error")
    func palette() throws {
        let request = try RenderRequest.decode(from: Data(#"{"text": "A", "palette": 1}"#.utf8))
        #expect(try request.resolvedTypography().fontPalette == 1)
        let bad = try RenderRequest.decode(from: Data(#"{"text": "A", "palette": -1}"#.utf8))
        #expect(throws: RenderRequestError.self) { try bad.resolvedTypography() }
    }

    @Test func decodesTheCLIsSpellings() throws {
        let request = try RenderRequest.decode(from: Data("""
            {"text": "Hi", "family": "Inter, Noto Sans", "weight": "semibold", "italic": true, "size": 18,
             "lineHeight": 24, "letterSpacing": -0.5, "textCase": "uppercase", "decoration": "underline",
             "features": "tnum,-liga", "variations": {"wdth": 80}, "language": "de", "direction": "rtl",
             "width": 300, "maxLines": 2, "lineBreakMode": "truncateTail", "alignment": "center", "scale": 2,
             "color": "#112233", "background": "transparent", "padding": 4, "format": "webp",
             "pngEncoding": "rgba", "compression": "fast", "hinting": "light", "contentSize": "xLarge",
             "boldText": true, "textStyle": "headline", "maxScale": 1.5, "fixed": false,
             "paragraphIndent": 3, "paragraphSpacing": 5}
            """.utf8))
        let typography = try request.resolvedTypography()
        #expect(typography.familyName == "Inter")
        #expect(typography.fallbackFamilyNames == ["Noto Sans"])
        #expect(typography.fontWeight == .semibold)
        #expect(typography.fontStyle == .italic)
        #expect(typography.fontSize == 18 && typography.lineHeight == 24 && typography.letterSpacing == -0.5)
        #expect(typography.textCase == .uppercase && typography.textDecoration == .underline)
        #expect(typography.features == ["tnum", "-liga"] && typography.variations == ["wdth": 80])
        #expect(typography.language == "de" && typography.direction == .rightToLeft)
        #expect(typography.paragraphIndent == 3 && typography.paragraphSpacing == 5)
        #expect(typography.textStyle == .headline && typography.maximumScaleFactor == 1.5 && !typography.isFixed)
        #expect(request.layoutLimits == LayoutLimits(width: 300, maxLines: 2, lineBreakMode: .byTruncatingTail,
                                               alignment: .center))
        #expect(request.environment == TypographyEnvironment(contentSizeCategory: .xLarge, isBoldTextEnabled: true,
                                                             displayScale: 2))
        #expect(request.output.color == Color(red: 0x11, green: 0x22, blue: 0x33) && request.output.background == .clear)
        #expect(request.output.format == .webp && request.output.pngEncoding == .rgba && request.output.compression == .fast)
        #expect(request.output.hinting == .light)
        // Encoding and decoding again keeps every field.
        #expect(try RenderRequest.decode(from: JSONEncoder().encode(request)) == request)
    }

    @Test(arguments: [
        (##"{"text": "a", "colour": "#000000"}"##, ##""colour": unknown key; a request has text, spans"##),
        (##"{"text": "a", "weight": "heavyish"}"##, ##""weight": unknown weight "heavyish""##),
        (##"{"text": "a", "size": "big"}"##, ##""size": is not a length"##),
        (##"{"text": "a", "color": "reddish"}"##, ##""color": "reddish" is not a color; use #rgb, #rgba, #rrggbb"##),
        (##"{"text": "a", "format": "gif"}"##, ##""format": "gif" is not one of png, webp"##),
        (##"{"spans": [{"text": "a", "weight": 2000}]}"##, ##"span 0, "weight""##),
        (##"{"text": "a""##, "not valid JSON"),
    ])
    func badJSONNamesTheKey(json: String, message: String) {
        #expect {
            try RenderRequest.decode(from: Data(json.utf8))
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test func textOrSpansAndTokens() throws {
        #expect(throws: RenderRequestError.self) { try RenderRequest().styledText() }
        var both = RenderRequest(text: "a")
        both.spans = [TextSpan("b")]
        #expect(throws: RenderRequestError.self) { try both.styledText() }
        var token = RenderRequest(text: "a")
        token.token = "typography.body"
        #expect("\((try? token.resolvedTypography()).map { _ in "" } ?? "threw")" == "threw")
        let tokens = try DesignTokens(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Examples/brand.tokens.json").standardized)
        token.typography.size = 40
        let typography = try token.resolvedTypography(tokens: tokens)
        #expect(typography.fontSize == 40)
        #expect(typography.familyName == (try tokens.typography("typography.body")).familyName)
        token.token = "typography.nothing"
        #expect(throws: RenderRequestError.self) { try token.resolvedTypography(tokens: tokens) }
    }

    @Test("lengths in em and % are of the final font size (the request's, else the token's); size's of 16 points")
    func relativeLengths() throws {
        let request = try RenderRequest.decode(from: Data(#"""
            {"text": "Hi", "size": 40, "letterSpacing": "-0.02em", "lineHeight": "120%", "paragraphIndent": "1em",
             "paragraphSpacing": " 12px "}
            """#.utf8))
        let typography = try request.resolvedTypography()
        #expect(typography.letterSpacing == -0.8 && typography.lineHeight == 48)
        #expect(typography.paragraphIndent == 40 && typography.paragraphSpacing == 12)
        #expect(try RenderRequest.decode(from: Data(#"{"text": "Hi", "size": "2em"}"#.utf8)).resolvedTypography().fontSize == 32)
        // With a token: the token's size (Examples/brand.tokens.json typography.body is 16 px).
        let tokens = try DesignTokens(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Examples/brand.tokens.json").standardized)
        let token = try RenderRequest.decode(from: Data(#"{"text": "Hi", "token": "typography.body", "letterSpacing": "0.1em"}"#.utf8))
        #expect(try token.resolvedTypography(tokens: tokens).letterSpacing == 0.1 * tokens.typography("typography.body").fontSize)
        // Written back as read.
        let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(request)) as? [String: Any]
        #expect(encoded?["letterSpacing"] as? String == "-0.02em" && encoded?["paragraphSpacing"] as? Double == 12)
        // Other units are refused naming the key and what to write.
        for bad in [#""12vw""#, #""em""#, #""nanem""#, #""0x10px""#, "true"] {
            do {
                _ = try RenderRequest.decode(from: Data(#"{"text": "Hi", "letterSpacing": \#(bad)}"#.utf8))
                Issue.record("\(bad) was read as a length")
            } catch {
                #expect("\(error)".contains("letterSpacing") && "\(error)".contains("-0.02em"), "\(error)")
            }
        }
        // The CLI takes the same strings.
        let cli = try CLIRun("measure", "--json", "--no-system-fonts", "--size", "40", "--letter-spacing", "-0.02em", "Hi")
        let points = try CLIRun("measure", "--json", "--no-system-fonts", "--size", "40", "--letter-spacing", "-0.8", "Hi")
        #expect(cli.status == 0 && cli.stdout == points.stdout, "\(cli.stderr)")
        let refused = try CLIRun("measure", "--letter-spacing", "2vw", "Hi")
        #expect(refused.status != 0 && refused.stderr.contains("is not a length"))
    }

    /// `measure --json` prints ``TextMeasurement`` (the server answers the same).
    @Test func measureJSONIsTheMeasurement() throws {
        let run = try CLIRun("measure", "--json", "--width", "60", "--no-system-fonts", "Hello world")
        let printed = try JSONDecoder().decode(TextMeasurement.self, from: run.stdoutData)
        let layout = try RenderRequest(text: "Hello world").with { $0.limits.width = 60 }
            .layout(registry: FontRegistry(includesSystemFonts: false))
        #expect(printed == TextMeasurement(layout))
        #expect(printed.lines.count == 2)
    }
}

extension RenderRequest {
    func with(_ change: (inout RenderRequest) -> Void) -> RenderRequest {
        var copy = self
        change(&copy)
        return copy
    }
}
