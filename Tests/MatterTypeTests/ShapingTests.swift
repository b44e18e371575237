import Testing
import MatterType

/// `hb-shape --no-glyph-names Fonts/NotoSans-<Face>.ttf TEXT` (HarfBuzz 6.0.0): glyph=cluster+advance, font units
/// (1000 per em). The second column adds `--features=liga=0,clig=0,dlig=0,hlig=0`, what letter spacing turns on.
private let hbShape: [(face: FontWeight, text: String, glyphs: String, noLigatures: String)] = [
    (.regular, "AV", "36=0+599|57=1+600", "36=0+599|57=1+600"),
    (.regular, "To", "55=0+486|82=1+605", "55=0+486|82=1+605"),
    (.regular, "Wa", "58=0+910|68=1+561", "58=0+910|68=1+561"),
    (.regular, "Ty", "55=0+536|92=1+510", "55=0+536|92=1+510"),
    (.regular, "fi", "1967=0+602", "73=0+344|76=1+258"),
    (.regular, "ffi", "1969=0+946", "73=0+344|73=1+344|76=2+258"),
    (.regular, "office", "82=0+605|1969=1+946|70=4+480|72=5+564",
     "82=0+605|73=1+344|73=2+344|76=3+258|70=4+480|72=5+564"),
    (.regular, "Typography 2024, AV.",
     "55=0+536|92=1+510|83=2+615|82=3+605|74=4+615|85=5+393|68=6+561|83=7+615|75=8+618|92=9+510|3=10+260|"
        + "21=11+572|19=12+572|21=13+572|23=14+572|15=15+268|3=16+260|36=17+599|57=18+550|17=19+268", ""),
    (.bold, "AV", "36=0+650|57=1+650", "36=0+650|57=1+650"),
    (.bold, "To", "55=0+509|82=1+619", "55=0+509|82=1+619"),
    (.bold, "Wa", "58=0+947|68=1+604", "58=0+947|68=1+604"),
    (.bold, "Ty", "55=0+559|92=1+569", "55=0+559|92=1+569"),
    (.bold, "fi", "1967=0+692", "73=0+387|76=1+305"),
    (.bold, "ffi", "1969=0+1079", "73=0+387|73=1+387|76=2+305"),
    (.bold, "office", "82=0+619|1969=1+1079|70=4+514|72=5+591",
     "82=0+619|73=1+387|73=2+387|76=3+305|70=4+514|72=5+591"),
]

/// Our glyphs in hb-shape's notation, advances back in font units (16 pt, 1000 units per em).
private func notation(_ shaped: ShapedText, letterSpacing: Double = 0) -> String {
    shaped.glyphs.map { glyph in
        let units = ((glyph.xAdvance - letterSpacing) / 0.016).rounded()
        return "\(glyph.glyphID)=\(glyph.cluster)+\(Int(units))"
    }.joined(separator: "|")
}

@Suite("Shaping")
struct ShapingTests {
    let registry = FontRegistry(includesSystemFonts: false)

    func layout(_ weight: FontWeight, letterSpacing: Double = 0, features: [String] = []) throws -> TypographyLayout {
        try TypographyLayout(typography: Typography(family: "Noto Sans", fontWeight: weight, fontSize: 16,
                                                    lineHeight: 24, letterSpacing: letterSpacing,
                                                    features: features),
                             registry: registry)
    }

    @Test("kerning and ligatures equal hb-shape", arguments: hbShape.indices)
    func equalsHBShape(index: Int) throws {
        let golden = hbShape[index]
        let shaped = try layout(golden.face).shape(golden.text)
        #expect(notation(shaped) == golden.glyphs)
        let exact = shaped.glyphs.map(\.xAdvance)
        let units = golden.glyphs.split(separator: "|").map { Double($0.split(separator: "+")[1])! * 16 / 1000 }
        #expect(zip(exact, units).allSatisfy { abs($0 - $1) < 1e-9 })
    }

    @Test("letter spacing turns optional ligatures off and adds after each cluster", arguments: hbShape.indices)
    func letterSpacing(index: Int) throws {
        let golden = hbShape[index]
        guard !golden.noLigatures.isEmpty else { return }
        let shaped = try layout(golden.face, letterSpacing: 0.5).shape(golden.text)
        #expect(notation(shaped, letterSpacing: 0.5) == golden.noLigatures)
        let plain = try layout(golden.face, features: ["liga=0"]).shape(golden.text)
        #expect(abs(shaped.width - plain.width - 0.5 * Double(golden.text.count)) < 1e-9)
    }

    @Test("user features reach HarfBuzz; a bad feature is an error")
    func features() throws {
        // hb-shape --features=liga=0 … "office": the ligature 1969 splits into 73 73 76.
        #expect(notation(try layout(.regular, features: ["liga=0"]).shape("office"))
                == "82=0+605|73=1+344|73=2+344|76=3+258|70=4+480|72=5+564")
        #expect(throws: LayoutError.invalidFeature("not a feature!")) {
            try layout(.regular, features: ["not a feature!"])
        }
    }

    @Test("text case applies before shaping: straße → STRASSE")
    func textCase() throws {
        let typography = Typography(family: "Noto Sans", fontSize: 16, lineHeight: 24,
                                    textCase: .uppercase)
        let shaped = try TypographyLayout(typography: typography, registry: registry).shape("straße")
        #expect(shaped.text == "STRASSE")
        #expect(shaped.glyphs.count == 7)
    }

    @Test("clusters count Unicode scalars, as hb-shape prints them")
    func clusters() throws {
        // "é" as e + U+0301, then "x": hb-shape gives clusters 0, 0 (mark), 2.
        let shaped = try layout(.regular).shape("e\u{301}x")
        #expect(shaped.glyphs.map(\.cluster).last == 2)
    }

    @Test("--no-dotted-circle: a Devanagari vowel sign without a base gets no U+25CC")
    func dottedCircle() throws {
        let typography = try TypographyLayout(typography: Typography(family: "Noto Sans Devanagari", fontSize: 16,
                                                                     lineHeight: 24))
        try #require(typography.font.font.postScriptName == "NotoSansDevanagari-Regular",
                     "fonts-noto-core is not installed")
        // `hb-shape --no-glyph-names NotoSansDevanagari-Regular.ttf ि` (HarfBuzz 6.0.0): 67=0+259|134=0+510, glyph
        // 134 being the dotted circle HarfBuzz inserts; HB_BUFFER_FLAG_DO_NOT_INSERT_DOTTED_CIRCLE leaves 67 alone.
        #expect(typography.shape("\u{93F}").glyphs.map(\.glyphID) == [67, 134])
        #expect(typography.shape("\u{93F}", options: ShapingOptions(insertsDottedCircle: false))
            .glyphs.map(\.glyphID) == [67])
    }

    @Test("--no-fallback: characters the face lacks are its .notdef, reported missing")
    func noFallback() throws {
        let typography = try TypographyLayout(typography: Typography(family: "Noto Sans", fontSize: 16,
                                                                     lineHeight: 24))
        let alone = typography.shape("a\u{5D0}", options: ShapingOptions(usesFallback: false))
        #expect(alone.fonts.map(\.postScriptName) == ["NotoSans-Regular"])
        #expect(alone.glyphs.map(\.glyphID) == [68, 0])
        #expect(alone.missingCharacters == ["\u{5D0}"])
        let helped = typography.shape("a\u{5D0}")
        #expect(helped.fonts.count == 2)
        #expect(helped.missingCharacters.isEmpty)
    }
}
