import Foundation
import Testing
import MatterType
import MatterTypeWire

/// `LayoutModel.figma`: the boxes, baselines and widths Figma computes (BEHAVIOUR §15), on our own text with numbers
/// from the font files, and on real Figma text nodes from ../shared (skipped where it is absent).
@Suite("Figma's text model")
struct FigmaModelTests {
    /// The bundled Noto Sans alone: `head.unitsPerEm` 1000, `hhea` ascender 1069, descender −293, line gap 0
    /// (fontTools).
    let registry = FontRegistry(includesSystemFonts: false)

    func layout(_ text: String, _ typography: Typography, width: Double? = nil,
                model: LayoutModel) throws -> TextLayout {
        try TextLayout(text, typography: typography, limits: LayoutLimits(width: width, model: model),
                       registry: registry)
    }

    @Test("heights are whole pixels: a percent line height per line (a tie to even), pixels in the total")
    func heights() throws {
        var percent = Typography(family: "Noto Sans", fontSize: 15, lineHeight: 22.5)  // 150 %
        percent.lineHeightUnit = .percent
        let figma = try layout("a\nb\nc", percent, model: .figma)
        #expect(figma.lines.map(\.height) == [22, 22, 22] && figma.height == 66)
        #expect(try layout("a\nb\nc", percent, model: .css).height == 67.5)
        let pixels = Typography(family: "Noto Sans", fontSize: 16, lineHeight: 19.2)
        let stacked = try layout("a\nb\nc", pixels, model: .figma)
        #expect(stacked.lines.map(\.top) == [0, 19.2, 38.4] && stacked.height == 58)  // ceil(57.6)
        var auto = Typography(family: "Noto Sans", fontSize: 16, lineHeight: 16)
        auto.usesFontLineHeight = true  // 1.362 em = 21.792 → 22
        #expect(try layout("a", auto, model: .figma).height == 22)
    }

    @Test("baselines are whole pixels from the box's top: round(i·L + (L − (ascender + descender))/2 + ascender)")
    func baselines() throws {
        // 16 px on 24: (24 − (17.104 + 4.688)) / 2 + 17.104 = 18.208.
        let body = Typography(family: "Noto Sans", fontSize: 16, lineHeight: 24)
        #expect(try layout("a\nb", body, model: .figma).lines.map(\.baseline) == [18, 42])
        let css = try layout("a\nb", body, model: .css).lines.map(\.baseline)
        #expect(abs(css[0] - 18.208) < 1e-9 && abs(css[1] - 42.208) < 1e-9)
    }

    @Test("Figma's first layout: no line height rounded per line, only the box; the leading under the glyphs")
    func firstLayout() throws {
        // 16 px, Auto: hhea 17.104 + 4.688 = 21.792 a line, unrounded; the box ceil(43.584) = 44 (the later model:
        // 22 a line, 44); baselines round(17.104) = 17 and round(21.792 + 17.104) = 39, the ascent below each top.
        var auto = Typography(family: "Noto Sans", fontSize: 16, lineHeight: 16)
        auto.usesFontLineHeight = true
        let first = try layout("a\nb", auto, model: .figmaVersion0)
        #expect(first.lines.map(\.top) == [0, 21.792] && first.height == 44)
        #expect(first.lines.map(\.baseline) == [17, 39])
        // On 30 px the later model splits the leading (21.2 → 21), the first puts it under the glyphs (17).
        let tall = Typography(family: "Noto Sans", fontSize: 16, lineHeight: 30)
        #expect(try layout("a\nb", tall, model: .figmaVersion0).lines.map(\.baseline) == [17, 47])
        #expect(try layout("a\nb", tall, model: .figma).lines.map(\.baseline) == [21, 51])
        // A percent line height, likewise: three lines of 150 % of 14.056 px (21.084) are 64 high, as a Figma box
        // of three such lines in finance-club's file (Mulish, that layout).
        var percent = Typography(family: "Noto Sans", fontSize: 14.056, lineHeight: 21.084)
        percent.lineHeightUnit = .percent
        #expect(try layout("a\nb\nc", percent, model: .figmaVersion0).height == 64)
        #expect(try layout("a\nb\nc", percent, model: .figma).height == 63)
        // Letter spacing follows the last character too, as in CSS: "MENU" (47.264) with 3 is ceil(59.264) wide.
        let label = Typography(family: "Noto Sans", fontSize: 16, lineHeight: 24).letterSpacing(3)
        #expect(try layout("MENU", label, model: .figmaVersion0).width == 60)
        #expect(try layout("MENU", label, model: .figma).width == 57)
    }

    @Test("a box trimmed to cap height and baseline is rounded to the nearest pixel, not up")
    func trimmedBox() throws {
        // OS/2 sCapHeight 714 of 1000: 11.424 px at 16 → 11 (Figma's "cap height to baseline" box of Nunito Sans
        // 16 px, cap 11.28, is 11); two lines on 40: 51.424 → 51.
        let trimmed = Typography(family: "Noto Sans", fontSize: 16, lineHeight: 40)
            .textBox(TextBox(trim: .both, over: .cap, under: .alphabetic))
        #expect(try layout("Join", trimmed, model: .figma).height == 11)
        #expect(try layout("Join\nUs", trimmed, model: .figma).height == 51)
        #expect(abs(try layout("Join", trimmed, model: .css).height - 11.424) < 1e-9)
    }

    @Test("letter spacing sits between characters: widths, alignment and fitting leave out the last")
    func letterSpacing() throws {
        // hb-shape Fonts/NotoSans-Regular.ttf "MENU": advances 907 + 556 + 760 + 731 = 2954 units, 47.264 px at 16.
        let label = Typography(family: "Noto Sans", fontSize: 16, lineHeight: 24, letterSpacing: 2)
        #expect(abs(try layout("MENU", label, model: .css).width - 55.264) < 1e-9)
        #expect(try layout("MENU", label, model: .figma).width == 54)  // ceil(47.264 + 2 × 3)
        // At its own auto width the word stays on one line; CSS, counting the last spacing, breaks it.
        #expect(try layout("MENU", label, width: 54, model: .figma).lines.count == 1)
        #expect(try layout("MENU", label, width: 54, model: .css).lines.count == 2)
        // Centered by the width without the trailing spacing: (100 − 53.264) / 2.
        let centered = try TextLayout("MENU", typography: label,
                                      limits: LayoutLimits(width: 100, alignment: .center, model: .figma),
                                      registry: registry)
        #expect(abs(centered.lines[0].x - 23.368) < 1e-9)
    }

    @Test("a final CR adds no line, a final LF an empty one, and spaces before a LF count in the width")
    func lineEnds() throws {
        let body = Typography(family: "Noto Sans", fontSize: 16, lineHeight: 24)
        #expect(try layout("Mystery\r", body, model: .figma).lines.count == 1)
        #expect(try layout("Mystery\r", body, model: .css).lines.count == 2)
        #expect(try layout("Mystery\n", body, model: .figma).lines.count == 2)
        let spaced = try layout("abc  \nabc", body, model: .figma)
        #expect(spaced.lines[0].width > spaced.lines[1].width)
    }

    @Test("tokens keep the unit a line height was written in; tokens --json says it")
    func tokenUnits() throws {
        let json = #"""
            {"t": {"a": {"type": "typography", "value": {"fontFamily": "Noto Sans", "fontSize": "15", "lineHeight": "150%"}},
                   "b": {"type": "typography", "value": {"fontFamily": "Noto Sans", "fontSize": "15", "lineHeight": "24"}},
                   "c": {"type": "typography", "value": {"fontFamily": "Noto Sans", "fontSize": "15", "lineHeight": "AUTO"}},
                   "d": {"type": "typography", "value": {"fontFamily": "Noto Sans", "fontSize": "15", "lineHeight": "1.5"}}}}
            """#
        let tokens = try DesignTokens(data: Data(json.utf8), extensions: TypographyFields.tokenExtensions)
        #expect(try tokens.typography("t.a").lineHeightUnit == .percent && tokens.typography("t.a").lineHeight == 22.5)
        #expect(try tokens.typography("t.b").lineHeightUnit == .points)
        #expect(try tokens.typography("t.c").usesFontLineHeight)
        #expect(try tokens.typography("t.d").lineHeightUnit == .percent)
        // 150 % of 15 under Figma's model: 22.5 rounds to 22 per line.
        let layout = try TextLayout("a\nb", typography: tokens.typography("t.a"),
                                    limits: LayoutLimits(model: .figma), registry: registry)
        #expect(layout.height == 44)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("units-\(UUID()).json")
        try Data(json.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try CLIRun("tokens", file.path, "--json")
        let printed = try #require(try JSONSerialization.jsonObject(with: run.stdoutData) as? [String: Any])
        let entries = try #require(printed["typographies"] as? [[String: Any]])
        #expect(entries.map { $0["lineHeightUnit"] as? String } == ["%", "px", "auto", "%"])
    }

    @Test("a token's $extensions.mattertype.model lays requests with it out so, unless they say otherwise")
    func tokenModel() throws {
        let json = #"""
            {"t": {"$type": "typography",
              "figma": {"$value": {"fontFamily": "Noto Sans", "fontSize": "15px", "lineHeight": 1.5},
                        "$extensions": {"mattertype": {"model": "figma"}}},
              "odd": {"$value": {"fontFamily": "Noto Sans", "fontSize": "15px", "lineHeight": 1.5},
                      "$extensions": {"mattertype": {"model": "print"}}}}}
            """#
        let tokens = try DesignTokens(data: Data(json.utf8), extensions: TypographyFields.tokenExtensions)
        #expect(tokens.layoutModels == ["t.figma": .figma])
        #expect(tokens.leftOut.first?.description.contains("model is not css or figma") == true)
        var request = RenderRequest(text: "a\nb")
        request.token = "t.figma"
        #expect(try request.layout(registry: registry, tokens: tokens).height == 44)  // 22.5 → 22 a line
        request.limits.model = .css
        #expect(try request.layout(registry: registry, tokens: tokens).height == 45)
    }

    // MARK: - Real Figma nodes

    static let cases = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/data/figma/text-cases.jsonl")

    /// The node `id` of the shared cases, or `nil` when ../shared is not there.
    static func node(_ id: String) throws -> [String: Any]? {
        guard let data = FileManager.default.contents(atPath: cases.path) else { return nil }
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let node = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            if node?["id"] as? String == id { return node }
        }
        return nil
    }

    @Test("real Figma nodes come out in Figma's box, their ink within 0.5 px", arguments: [
        "5:68",     // Noto Sans 25 at 130 % (32.5 → 32, a tie to even), auto width 64 × 32
        "I101:281;101:220;101:68",  // "Mystery\r": Noto Sans Light 12 at 130 %, fixed width: one line, 16 tall
        "393:140",  // "…helpful?\n\n": 18 px lines, two final LFs: three lines, 54 tall
        "360:140",  // Noto Serif Light 12, 0.72 px letter spacing between characters: auto width 97
        "2:42",     // Roboto 16 Auto (the font's own, 18.75 → 19)
    ])
    func sharedCase(id: String) throws {
        guard let node = try Self.node(id) else { return }  // ../shared is absent (a user's clone)
        let style = try #require(node["style"] as? [String: Any])
        let box = try #require(node["absoluteBoundingBox"] as? [String: Double])
        let ink = try #require(node["absoluteRenderBounds"] as? [String: Double])
        let files = try #require(node["debianFonts"] as? [[String: Any]]).compactMap { $0["file"] as? String }
        guard files.allSatisfy(FileManager.default.fileExists(atPath:)) else { return }  // fonts not installed
        let registry = FontRegistry(includesSystemFonts: false)
        for file in files { try registry.register(fileAt: file) }
        var request = RenderRequest(text: try #require(node["characters"] as? String))
        request.typography.family = [try #require(style["fontFamily"] as? String)]
        request.typography.weight = FontWeight(rawValue: Int(style["fontWeight"] as? Double ?? 400))
        request.typography.size = .points(try #require(style["fontSize"] as? Double))
        let lineHeight = try #require(style["lineHeightPx"] as? Double)
        request.typography.lineHeight = switch style["lineHeightUnit"] as? String {
        case "PIXELS": .length(.points(lineHeight))
        case "FONT_SIZE_%": .length(.em(try #require(style["lineHeightPercentFontSize"] as? Double) / 100))
        default: .auto
        }
        request.typography.letterSpacing = .points(style["letterSpacing"] as? Double ?? 0)
        if style["textAutoResize"] as? String == "HEIGHT" { request.limits.width = box["width"] }
        request.limits.model = .figma
        let layout = try request.layout(registry: registry)
        #expect(abs(layout.height - (box["height"] ?? 0)) < 0.01, "height \(layout.height)")
        if style["textAutoResize"] as? String == "WIDTH_AND_HEIGHT" {
            #expect(abs(layout.width - (box["width"] ?? 0)) < 0.01, "width \(layout.width)")
        }
        let inkBounds = layout.inkBounds
        #expect(abs(inkBounds.x - ((ink["x"] ?? 0) - (box["x"] ?? 0))) <= 0.5)
        #expect(abs(inkBounds.y - ((ink["y"] ?? 0) - (box["y"] ?? 0))) <= 0.5)
        #expect(abs(inkBounds.width - (ink["width"] ?? 0)) <= 0.5 && abs(inkBounds.height - (ink["height"] ?? 0)) <= 0.5)
    }
}
