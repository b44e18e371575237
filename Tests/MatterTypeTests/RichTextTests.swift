import Foundation
import Testing
@testable import MatterType
import MatterTypeWire

/// Fonts for these tests from Debian packages that `make test` installs.
enum VariableFonts {
    /// fonts-inter-variable: one `wght` axis 100…900 (default 400), 9 named instances, 2816 units per em
    /// (fontTools: `TTFont(path)["fvar"].axes`, `["head"].unitsPerEm`); PostScript name "Inter".
    static let interRoman = "/usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf"
    static let interItalic = "/usr/share/fonts/truetype/inter-vf/Inter-italic.var.ttf"
}

/// The bundled Noto Sans, 16 pt on 24 pt.
private let body = Typography(family: "Noto Sans", fontSize: 16, lineHeight: 24)
private let noSystemFonts = FontRegistry(includesSystemFonts: false)

private func layout(_ text: StyledText, _ typography: Typography = body, width: Double? = nil,
                    registry: FontRegistry = noSystemFonts) throws -> TextLayout {
    try TextLayout(text, typography: typography, limits: LayoutLimits(width: width), registry: registry)
}

@Suite("Styled spans")
struct SpanTests {
    @Test("spans that change only color lay out exactly as the plain text: same breaks, same glyph positions")
    func colorOnly() throws {
        let plain = try layout(StyledText("The quick brown fox jumps over the lazy dog."), width: 120)
        let red = SpanStyle().color(Color(red: 200, green: 0, blue: 0))
        let styled = try layout(StyledText("The quick br").appending("own fox jumps ov", red)
                                    .appending("er the lazy dog."), width: 120)
        #expect(styled.lines.map(\.text) == plain.lines.map(\.text))
        #expect(styled.lines.flatMap(\.glyphs).map(\.x) == plain.lines.flatMap(\.glyphs).map(\.x))
        #expect(styled.styles.count == 2 && styled.styles[1].color == Color(red: 200, green: 0, blue: 0))
        // The red span's glyphs point at style 1; the rest at the paragraph's style 0.
        let styleOfGlyphs = styled.lines.flatMap(\.glyphs).map(\.styleIndex)
        #expect(styleOfGlyphs.filter { $0 == 1 }.count == "own fox jumps ov".count)
    }

    @Test("a span across a line break: each line shows its part, lines stay the paragraph's height")
    func acrossLineBreak() throws {
        let bold = SpanStyle().weight(.bold)
        let result = try layout(StyledText("Your order ").appending("number 1234 is ready", bold)
                                    .appending(" for pickup."), width: 120)
        #expect(result.text == "Your order number 1234 is ready for pickup.")
        #expect(result.lines.count >= 2)
        #expect(result.height == Double(result.lines.count) * 24)
        for (index, line) in result.lines.enumerated() {
            #expect(line.top == Double(index) * 24 && line.height == 24)
        }
        // The bold span's runs are NotoSans-Bold, on both sides of the break.
        let boldRuns = result.lines.flatMap(\.runs).filter { $0.styleIndex == 1 }
        #expect(boldRuns.count >= 2 && boldRuns.allSatisfy { $0.font.postScriptName == "NotoSans-Bold" })
        #expect(boldRuns.allSatisfy { !$0.isFallback })
    }

    @Test("a change of font inside a word splits shaping (no kerning across it) but not the word")
    func fontChangeInWord() throws {
        // hb-shape NotoSans-Regular.ttf "AV": A advance 599 (kerned); alone "A" is 639. hb-shape NotoSans-Bold.ttf
        // "V": 650. Units per em 1000, so at 16 pt: kerned A 9.584, A alone 10.224, bold V 10.4.
        let plain = try layout(StyledText("AV"))
        #expect(abs(plain.lines[0].glyphs[1].x - 9.584) < 1e-9)
        let split = try layout(StyledText("A").appending("V", SpanStyle().weight(.bold)))
        #expect(abs(split.lines[0].glyphs[1].x - 10.224) < 1e-9)
        #expect(abs(split.width - (10.224 + 10.4)) < 1e-9)
        // Color alone keeps the pair kerned, as Chromium shapes items of one font together.
        let colored = try layout(StyledText("A").appending("V", SpanStyle().color(.white)))
        #expect(abs(colored.lines[0].glyphs[1].x - 9.584) < 1e-9)
        // "MixedWeights" stays one word: no break opportunity where the weight changes.
        let text = StyledText("Mixed", style: SpanStyle().weight(.heavy)).appending("Weights")
            .appending(" and more", SpanStyle().italic())
        let runs = try layout(text).lines[0].runs
        let word = try layout(text, width: runs[0].width + runs[1].width + 1)
        #expect(word.lines.map(\.text) == ["MixedWeights ", "and more"])
    }

    @Test("a span of another size sits on the paragraph's baseline; the line keeps the paragraph's height")
    func otherSize() throws {
        let result = try layout(StyledText("small ").appending("BIG", SpanStyle().size(40)).appending(" small"))
        let line = result.lines[0]
        #expect(result.height == 24 && line.height == 24)
        #expect(line.glyphs.allSatisfy { $0.y == line.baseline })
        #expect(result.styles[1].typography.fontSize == 40)
        // hb-shape NotoSans-Regular.ttf "BIG": 650 + 339 + 728 = 1717 units; at 40 pt that is 68.68 pt.
        let big = line.runs.first { $0.styleIndex == 1 }
        #expect(abs((big?.width ?? 0) - 68.68) < 1e-9)
    }

    @Test("letter spacing, text case and decoration are the span's own")
    func spanFields() throws {
        let spaced = SpanStyle().letterSpacing(2).textCase(.uppercase).decoration(.underline)
        let plain = try layout(StyledText("ab ABC cd"))
        let styled = try layout(StyledText("ab ").appending("abc", spaced).appending(" cd"))
        #expect(styled.text == "ab ABC cd")
        // Three clusters, 2 pt after each.
        #expect(abs(styled.width - (plain.width + 6)) < 1e-9)
        let decorations = styled.lines[0].decorations
        #expect(decorations.count == 1 && decorations[0].styleIndex == 1)
        let run = try #require(styled.lines[0].runs.first { $0.styleIndex == 1 })
        #expect(abs(decorations[0].x - run.x) < 1e-9 && abs(decorations[0].width - run.width) < 1e-9)
        // The underline's place: post.underlinePosition -100, thickness 50 at 0.016 pt per unit.
        #expect(abs(decorations[0].y - (styled.lines[0].baseline + 1.6)) < 1e-9)
    }

    @Test("per-span features reach shaping")
    func features() throws {
        // hb-shape NotoSans-Regular.ttf "fi": one glyph (the fi ligature); with --features=-liga two.
        #expect(try layout(StyledText("fi")).lines[0].glyphs.count == 1)
        #expect(try layout(StyledText("fi", style: SpanStyle().features(["-liga"]))).lines[0].glyphs.count == 2)
        #expect(try layout(StyledText("fi", style: SpanStyle().letterSpacing(1))).lines[0].glyphs.count == 2)
    }

    @Test("colors: each span drawn in its own color, decorations too; golden image")
    func colorsDrawn() throws {
        let red = Color(red: 220, green: 20, blue: 20)
        let blue = Color(red: 20, green: 40, blue: 220)
        let text = StyledText("Red ", style: SpanStyle().color(red))
            .appending("Blue", SpanStyle().color(blue).decoration(.underline)).appending(" ink")
        let result = try layout(text)
        let image = try TextRenderer().image(of: result, color: .black, background: .white)
        let runs = result.lines[0].runs
        func inks(_ run: TextRun) -> Set<RGBAImage.Pixel> {
            var found = Set<RGBAImage.Pixel>()
            for y in 0..<image.height {
                for x in Int(run.x.rounded(.up))..<Int((run.x + run.width).rounded(.down)) {
                    let p = image[x, y]
                    if p != RGBAImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255) { found.insert(p) }
                }
            }
            return found
        }
        // Fully covered pixels are exactly the span's color; partly covered ones lie between it and white.
        let redInk = inks(runs[0]), blueInk = inks(runs[1]), blackInk = inks(runs[2])
        #expect(redInk.contains(RGBAImage.Pixel(red: 220, green: 20, blue: 20, alpha: 255)))
        #expect(redInk.allSatisfy { $0.red >= $0.green && $0.green == $0.blue })
        #expect(blueInk.contains(RGBAImage.Pixel(red: 20, green: 40, blue: 220, alpha: 255)))
        #expect(blueInk.allSatisfy { $0.blue >= $0.green && $0.green >= $0.red })
        #expect(blackInk.allSatisfy { $0.red == $0.green && $0.green == $0.blue })
        // The underline row under "Blue" is blue across the run.
        let rect = try #require(result.lines[0].decorations.first)
        let row = Int(rect.y.rounded())
        #expect(image[Int(rect.x + rect.width / 2), row] == RGBAImage.Pixel(red: 20, green: 40, blue: 220, alpha: 255))
        try Golden.compareRGBA(image, name: "spans-colors-16-24")
    }

    @Test("Codable: partial span objects, family lists, names or numbers for weights; unknown keys are errors")
    func json() throws {
        let data = Data("""
            {"spans": [{"text": "a"}, {"text": "b", "family": "DejaVu Serif, Noto Sans", "weight": 650,
              "italic": true, "size": 20, "letterSpacing": -0.2, "textCase": "uppercase", "decoration": "underline",
              "color": "#0A66C280", "features": "tnum,-liga", "language": "ja", "variations": {"wdth": 80}},
             {"text": "c", "weight": "semibold", "family": ["Inter"]}]}
            """.utf8)
        struct File: Codable { var spans: [TextSpan] }
        let spans = try JSONDecoder().decode(File.self, from: data).spans
        #expect(spans[0].style == SpanStyle())
        let b = spans[1].style
        #expect(b.familyNames == ["DejaVu Serif", "Noto Sans"] && b.weight == FontWeight(rawValue: 650))
        #expect(b.isItalic == true && b.size == 20 && b.letterSpacing == -0.2 && b.textCase == .uppercase)
        #expect(b.color == Color(red: 0x0A, green: 0x66, blue: 0xC2, alpha: 0x80))
        #expect(b.features == ["tnum", "-liga"] && b.language == "ja" && b.variations == ["wdth": 80])
        #expect(spans[2].style.weight == .semibold && spans[2].style.familyNames == ["Inter"])
        // Round trip.
        let again = try JSONDecoder().decode(File.self, from: JSONEncoder().encode(File(spans: spans))).spans
        #expect(again == spans)
        for bad in [##"{"spans": [{"text": "a", "colour": "#fff"}]}"##, #"{"spans": [{"text": "a", "weight": 0}]}"#,
                    #"{"spans": [{"text": "a", "color": "reddish"}]}"#, #"{"spans": [{"weight": 400}]}"#,
                    #"{"spans": [{"text": "a", "family": ""}]}"#] {
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(File.self, from: Data(bad.utf8)) }
        }
        // A span may be transparent, as the request's color may (CSS color: transparent).
        let clear = try JSONDecoder().decode(File.self, from: Data(#"{"spans": [{"text": "a", "color": "transparent"}]}"#.utf8))
        #expect(clear.spans[0].style.color == .clear)
    }

    @Test("a span whose style cannot be resolved names the span")
    func badSpan() throws {
        #expect(throws: LayoutError.invalidSpan(index: 1, .invalidValue(
            name: "fontSize", value: -2, allowed: "a size above 0 and at most 10000 points"))) {
            try layout(StyledText("ok").appending("bad", SpanStyle().size(-2)))
        }
    }

    @Test("more distinct span styles than the limit is an error, not minutes of font resolution")
    func tooManyStyles() throws {
        let spans = (0...StyledText.maximumDistinctStyles).map {
            TextSpan("x", style: SpanStyle().letterSpacing(Double($0) / 1000))
        }
        #expect(throws: LayoutError.tooManySpanStyles(StyledText.maximumDistinctStyles)) {
            try layout(StyledText(spans))
        }
        // Repeating a few styles any number of times is fine.
        let repeated = (0..<5000).map { TextSpan("ab ", style: SpanStyle().weight($0 % 2 == 0 ? .bold : .regular)) }
        #expect(try layout(StyledText(repeated), width: 300).styles.count == 3)
    }

    @Test("a registry used for styled text is freed with its layouts (span styles are not cached in it)")
    func registryFreed() throws {
        weak var weakRegistry: FontRegistry?
        do {
            let registry = FontRegistry(includesSystemFonts: false)
            weakRegistry = registry
            let styled = try TextLayout(StyledText("a").appending("b", SpanStyle().weight(.bold)), typography: body,
                                        registry: registry)
            #expect(styled.styles.count == 2)
        }
        #expect(weakRegistry == nil)
    }

    /// Chromium's lines for styled paragraphs over the bundled Noto Sans faces, from
    /// `Scripts/compare-with-chromium.py --only rich --write-fixture` (the command and Chromium's version are in the
    /// fixture). A span of another size has `line-height: 0` there, so that CSS keeps the paragraph's line box
    /// as MatterType does.
    @Test("line breaks of styled paragraphs match Chromium's")
    func chromiumSpans() throws {
        for entry in try ChromiumFixture.load().cases where entry.kind == "spans" {
            let text = StyledText(entry.spans ?? [])
            let result = try layout(text, width: Double(entry.width))
            let ours = result.lines.map { $0.text.trimmingCharacters(in: .whitespaces) }
            #expect(ours == entry.chromiumLines, "width \(entry.width): \(text.string.prefix(30))")
            #expect(result.height == entry.chromiumHeight)
        }
    }
}

/// `Fixtures/chromium-rich-text.json`.
struct ChromiumFixture: Decodable {
    struct Case: Decodable {
        var kind: String
        var width: Int
        var weight: Int
        var chromiumLines: [String]
        var chromiumHeight: Double
        var spans: [TextSpan]?
        var text: String?
    }

    var command: String
    var chromium: String
    var cases: [Case]

    static func load() throws -> ChromiumFixture {
        try JSONDecoder().decode(ChromiumFixture.self,
                                 from: Data(contentsOf: URL(fileURLWithPath: TestSupport.fixture("chromium-rich-text.json"))))
    }
}

@Suite("Variable fonts")
struct VariableFontTests {
    @Test("fvar axes and named instances are read")
    func axes() throws {
        let registry = FontRegistry(includesSystemFonts: false)
        let inter = try #require(try registry.register(fileAt: VariableFonts.interRoman).first)
        #expect(inter.axes == [FontAxis(tag: "wght", name: "Weight", minimum: 100, defaultValue: 400, maximum: 900)])
        #expect(inter.namedInstances.count == 9)
        #expect(inter.namedInstances.map { $0.coordinates["wght"] ?? 0 } == [100, 200, 300, 400, 500, 600, 700, 800, 900])
        #expect(inter.weightRange == 100...900)
    }

    @Test("a weight inside the wght range is drawn at exactly that coordinate; advances follow hb-shape's")
    func weights() throws {
        let registry = FontRegistry(includesSystemFonts: false)
        try registry.register(fileAt: VariableFonts.interRoman)
        // hb-shape --variations=wght=W Inter-roman.var.ttf "Hello" (2816 units per em):
        // 350: 2082+1637+658+658+1672; 650: 2098+1676+750+750+1720; 820: 2108+1700+806+806+1747.
        let expected: [(Int, Double)] = [(350, 6707), (650, 6994), (820, 7167)]
        for (weight, units) in expected {
            let typography = body.familyName("Inter").fontWeight(try #require(FontWeight(rawValue: weight)))
            let resolved = try TypographyLayout(typography: typography, registry: registry)
            #expect(resolved.font.variations == ["wght": Double(weight)])
            #expect(resolved.font.synthetic == .none && !resolved.font.isFallback)
            let result = try TextLayout("Hello", typography: resolved)
            #expect(abs(result.width - units * 16 / 2816) < 1e-9, "weight \(weight)")
        }
        // Outside the range, the coordinate is clamped (and 950 is not synthesized: 900 is bold enough).
        let heavy = try registry.resolve(familyName: "Inter", weight: FontWeight(rawValue: 950)!)
        #expect(heavy.variations == ["wght": 900] && heavy.synthetic == .none)
    }

    @Test("outlines follow the coordinates: heavier weights put down more ink")
    func outlines() throws {
        let registry = FontRegistry(includesSystemFonts: false)
        try registry.register(fileAt: VariableFonts.interRoman)
        var inks: [Int] = []
        for weight in [200, 400, 800] {
            let typography = body.familyName("Inter").fontWeight(FontWeight(rawValue: weight)!).fontSize(40)
                .lineHeight(48)
            let result = try TextLayout("Hamburgefonstiv", typography: typography, registry: registry)
            var bitmap = GrayBitmap(width: Int(result.width) + 2, height: 48)
            TextRenderer().draw(result, into: &bitmap)
            inks.append(bitmap.pixels.reduce(0) { $0 + Int($1) })
        }
        #expect(inks[0] < inks[1] && inks[1] < inks[2])
    }

    @Test("italic picks the italic variable face; explicit variations are set and clamped")
    func italicAndVariations() throws {
        // Both Inter files are named "Inter" (fc-scan), so one registry cannot hold both: they are installed.
        let system = FontRegistry()
        let italic = try system.resolve(familyName: "Inter", weight: .semibold, style: .italic)
        #expect(italic.font.isItalic && italic.synthetic == .none && italic.source == .system)
        if italic.font.isVariable {
            #expect(italic.font.path == VariableFonts.interItalic && italic.variations == ["wght": 600])
        } else {
            // fonts-inter's static faces are installed too (as on a machine with many fonts): its exact
            // SemiBold Italic is as near as the variable face at wght 600, and Fontconfig lists it first.
            #expect(italic.font.postScriptName == "Inter-SemiBoldItalic" && italic.variations.isEmpty)
        }
        let registry = FontRegistry(includesSystemFonts: false)
        try registry.register(fileAt: VariableFonts.interRoman)
        // Inter has no opsz or wdth axis: an explicit value for them is dropped, wght wins over the weight.
        let explicit = try registry.resolve(familyName: "Inter", weight: .regular, fontSize: 12,
                                            variations: ["wght": 1234, "wdth": 80])
        #expect(explicit.variations == ["wght": 900])
    }

    /// Chromium's lines for Inter at weights between its named instances (`font-weight: 350|650|820` on an
    /// `@font-face` with `font-weight: 100 900`), from `Scripts/compare-with-chromium.py --only rich --write-fixture`.
    @Test("line breaks at 350, 650 and 820 match Chromium's")
    func chromiumWeights() throws {
        let registry = FontRegistry(includesSystemFonts: false)
        try registry.register(fileAt: VariableFonts.interRoman)
        var compared = 0
        for entry in try ChromiumFixture.load().cases where entry.kind == "variable" {
            let typography = body.familyName("Inter").fontWeight(try #require(FontWeight(rawValue: entry.weight)))
            let result = try TextLayout(entry.text ?? "", typography: typography,
                                        limits: LayoutLimits(width: Double(entry.width)), registry: registry)
            let ours = result.lines.map { $0.text.trimmingCharacters(in: .whitespaces) }
            #expect(ours == entry.chromiumLines, "weight \(entry.weight) width \(entry.width)")
            compared += 1
        }
        #expect(compared == 18)
    }

    @Test("a registered variable family supports every named weight in its range for Bold Text")
    func boldText() throws {
        let registry = FontRegistry(includesSystemFonts: false)
        try registry.register(fileAt: VariableFonts.interRoman)
        let resolution = try registry.resolve(familyName: "Inter", weight: .regular, boldText: true)
        #expect(resolution.requestedWeight == .medium && resolution.variations == ["wght": 500])
    }
}

@Suite("CSS font matching and synthesis")
struct FontMatchingTests {
    /// Acme: Regular 400, Medium 500, DemiBold 600 (Fixtures/make-fixtures.py).
    func acme() throws -> FontRegistry {
        let registry = FontRegistry(includesSystemFonts: false)
        for file in ["Acme-Regular.ttf", "Acme-Medium.ttf", "Acme-DemiBold.ttf"] {
            try registry.register(fileAt: TestSupport.fixture(file))
        }
        return registry
    }

    @Test("the nearest weight in CSS order, never another family while the family has faces", arguments: [
        // CSS Fonts 4 §5.2: below 400, lighter first then heavier; 400–500, up to 500 then lighter then heavier;
        // above 500, heavier first then lighter.
        (100, "Acme-Regular"), (300, "Acme-Regular"), (400, "Acme-Regular"), (450, "Acme-Medium"),
        (500, "Acme-Medium"), (550, "Acme-DemiBold"), (600, "Acme-DemiBold"), (700, "Acme-DemiBold"),
        (900, "Acme-DemiBold"),
    ])
    func weights(weight: Int, face: String) throws {
        let resolution = try acme().resolve(family: DefaultFontFamily(familyName: "Acme"),
                                            weight: FontWeight(rawValue: weight)!)
        #expect(resolution.font.postScriptName == face)
        #expect(!resolution.isFallback && resolution.synthetic == .none)
    }

    @Test("the CSS weight order itself", arguments: [
        (450, [400.0, 500, 300, 600], [500.0, 400, 300, 600]),
        (350, [400.0, 300, 200, 500], [300.0, 200, 400, 500]),
        (650, [600.0, 700, 500, 900], [700.0, 900, 600, 500]),
    ])
    func order(weight: Int, faces: [Double], expected: [Double]) {
        let sorted = faces.sorted {
            let a = FontMatching.weightKey($0...$0, FontWeight(rawValue: weight)!)
            let b = FontMatching.weightKey($1...$1, FontWeight(rawValue: weight)!)
            return a < b
        }
        #expect(sorted == expected)
    }

    @Test("bold is synthesized only from a face lighter than 600; italic from an upright face; both drawn")
    func synthesis() throws {
        let registry = FontRegistry(includesSystemFonts: false)
        try registry.register(fileAt: TestSupport.fixture("Acme-Regular.ttf"))
        let bold = try registry.resolve(familyName: "Acme", weight: .bold)
        #expect(bold.font.postScriptName == "Acme-Regular" && bold.synthetic == SyntheticStyle(bold: true, italic: false))
        let italic = try registry.resolve(familyName: "Acme", weight: .regular, style: .italic)
        #expect(italic.synthetic == SyntheticStyle(bold: false, italic: true) && !italic.isFallback)
        #expect(try registry.resolve(familyName: "Acme", weight: .medium).synthetic == .none)
        // Advances stay the face's own (as Chromium); the ink does not.
        func draw(_ weight: FontWeight, _ style: FontStyle) throws -> (width: Double, bitmap: GrayBitmap) {
            let typography = Typography(family: "Acme", fontWeight: weight, fontSize: 40, lineHeight: 48,
                                        fontStyle: style)
            let result = try TextLayout("Hamburg", typography: typography, registry: registry)
            var bitmap = GrayBitmap(width: 200, height: 48)
            TextRenderer().draw(result, into: &bitmap)
            return (result.width, bitmap)
        }
        let regular = try draw(.regular, .regular)
        let emboldened = try draw(.bold, .regular)
        let slanted = try draw(.regular, .italic)
        #expect(regular.width == emboldened.width && regular.width == slanted.width)
        let ink = { (b: GrayBitmap) in b.pixels.reduce(0) { $0 + Int($1) } }
        #expect(ink(emboldened.bitmap) > ink(regular.bitmap) * 11 / 10)
        #expect(slanted.bitmap.pixels != regular.bitmap.pixels)
        // A slant to the right: the top rows' ink moves right of the upright's, the baseline row's does not.
        func center(_ b: GrayBitmap, row: Int) -> Double {
            let values = (0..<b.width).map { Double(b[$0, row]) }
            let total = values.reduce(0, +)
            return total == 0 ? 0 : zip(0..., values).reduce(0) { $0 + Double($1.0) * $1.1 } / total
        }
        #expect(center(slanted.bitmap, row: 12) > center(regular.bitmap, row: 12) + 2)
    }

    @Test("a system family with five static weights: medium is its Regular, 650 its Bold (Cantarell)")
    func cantarell() throws {
        // fonts-cantarell: Thin, Light, Regular, Bold, ExtraBold (fc-scan weights 0, 50, 80, 200, 205).
        let registry = FontRegistry()
        let medium = try registry.resolve(familyName: "Cantarell", weight: .medium)
        #expect(medium.font.postScriptName == "Cantarell-Regular" && !medium.isFallback)
        let heavy = try registry.resolve(familyName: "Cantarell", weight: FontWeight(rawValue: 650)!)
        #expect(heavy.font.postScriptName == "Cantarell-Bold" && heavy.source == .system)
        let italic = try registry.resolve(familyName: "Cantarell", weight: .regular, style: .italic)
        #expect(italic.font.postScriptName == "Cantarell-Regular" && italic.synthetic.italic)
    }

    @Test("a registered face whose PostScript name has no weight part is its family's, not a fallback")
    func dejaVuSerif() throws {
        let registry = FontRegistry(includesSystemFonts: false)
        try registry.register(fileAt: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")
        let resolution = try registry.resolve(familyName: "DejaVu Serif", weight: .bold)
        #expect(resolution.font.postScriptName == "DejaVuSerif" && !resolution.isFallback)
        #expect(resolution.synthetic.bold)
    }
}

@Suite("Web fonts and fonts from memory")
struct WebFontTests {
    @Test("WOFF and WOFF2 register and shape as the TrueType font they wrap", arguments: ["woff", "woff2"])
    func webFont(flavor: String) throws {
        let registry = FontRegistry(includesSystemFonts: false)
        let faces = try registry.register(fileAt: TestSupport.fixture("Webby-Regular.\(flavor)"))
        #expect(faces.map(\.postScriptName) == ["Webby-Regular"])
        let result = try TextLayout("Hello AV", typography: body.familyName("Webby"), registry: registry)
        #expect(result.fonts.map(\.postScriptName) == ["Webby-Regular"])
        // hb-shape Acme-Regular.ttf (the same subset of Noto Sans Regular) "Hello AV":
        // 741+564+258+258+605+260+599+600 = 3885 units at 16/1000.
        #expect(abs(result.width - 62.16) < 1e-9)
        #expect(result.lines[0].glyphs.allSatisfy { $0.glyphID != 0 })
        var bitmap = GrayBitmap(width: 70, height: 24)
        TextRenderer().draw(result, into: &bitmap)
        #expect(bitmap.pixels.contains { $0 > 200 })
    }

    @Test("corrupted WOFF and WOFF2 files are refused with an error or render, never crash", arguments: ["woff", "woff2"])
    func corruptedWebFonts(flavor: String) throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: TestSupport.fixture("Webby-Regular.\(flavor)")))
        var variants = stride(from: 4, to: bytes.count, by: max(1, bytes.count / 40)).map { bytes.prefix($0) }
        for offset in stride(from: 12, to: bytes.count, by: max(1, bytes.count / 40)) {
            var flipped = bytes
            flipped[offset] ^= 0xFF
            variants.append(flipped)
        }
        var refused = 0
        for (index, variant) in variants.enumerated() {
            let registry = FontRegistry(includesSystemFonts: false)
            do {
                try registry.register(data: variant, name: "variant-\(index)")
                let layout = try TextLayout("Hello", typography: body.familyName("Webby"), registry: registry)
                _ = try TextRenderer().image(of: layout)
            } catch {
                refused += 1
            }
        }
        #expect(refused >= 40)  // every truncation at least
    }

    @Test("register(data:name:) registers from memory, under the name given, and refuses bad bytes")
    func fromMemory() throws {
        let registry = FontRegistry(includesSystemFonts: false)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: TestSupport.fixture("Acme-Medium.ttf")))
        let faces = try registry.register(data: bytes, name: "upload-1")
        #expect(faces.map(\.postScriptName) == ["Acme-Medium"] && faces[0].path == "upload-1")
        #expect(try registry.resolve(familyName: "Acme", weight: .medium).source == .registered)
        let result = try TextLayout("Hi", typography: body.familyName("Acme").fontWeight(.medium), registry: registry)
        #expect(result.fonts.first?.path == "upload-1")
        #expect(throws: FontRegistrationError.alreadyRegistered(postScriptName: "Acme-Medium", existingPath: "upload-1")) {
            try registry.register(data: bytes, name: "upload-2")
        }
        try registry.register(data: bytes, name: "upload-2", replacingExisting: true)
        #expect(registry.font(named: "Acme-Medium")?.path == "upload-2")
        for bad in [Data(), Data("not a font".utf8), Data("wOF2 truncated".utf8), bytes.prefix(2000)] {
            #expect(throws: FontRegistrationError.self) { try registry.register(data: bad, name: "bad") }
        }
        #expect(registry.registeredFonts.map(\.postScriptName) == ["Acme-Medium"])
        // Some faces of a collection only (fc-scan lists Duo.ttc's as Duo-Regular and Duo-BoldItalic).
        let duo = try Data(contentsOf: URL(fileURLWithPath: TestSupport.fixture("Duo.ttc")))
        let one = try registry.register(data: duo, name: "duo", faces: ["Duo-BoldItalic"])
        #expect(one.map(\.postScriptName) == ["Duo-BoldItalic"])
        #expect(registry.registeredFonts.map(\.postScriptName) == ["Acme-Medium", "Duo-BoldItalic"])
    }
}
