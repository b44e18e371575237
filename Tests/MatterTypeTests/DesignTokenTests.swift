import Foundation
import Testing
import MatterType
import MatterTypeWire

@Suite("Design tokens")
struct DesignTokenTests {
    func read(_ json: String, remSize: Double = 16) throws -> DesignTokens {
        try DesignTokens(data: Data(json.utf8), remSize: remSize, extensions: TypographyFields.tokenExtensions)
    }

    /// The error of a strict read (any problem in a typography is one).
    func error(_ json: String) -> String? {
        do {
            _ = try DesignTokens(data: Data(json.utf8), strict: true, extensions: TypographyFields.tokenExtensions)
            return nil
        } catch {
            return error.description
        }
    }

    @Test("the example file: references, group $type, rem, aliases, extensions")
    func example() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/brand.tokens.json")
        let tokens = try DesignTokens(contentsOf: url, extensions: TypographyFields.tokenExtensions)
        #expect(tokens.format == .dtcg)
        #expect(tokens.typographies.keys.sorted()
                == ["typography.body", "typography.caption", "typography.headline", "typography.link"])
        let body = try tokens.typography("typography.body")
        var expected = Typography(family: "Noto Sans", fontSize: 16, lineHeight: 24, paragraphSpacing: 12,
                                  fallbackFamilyNames: ["sans-serif"])
        expected.lineHeightUnit = .percent  // DTCG's unitless 1.5: a multiple of the size
        #expect(body == expected)
        let caption = try tokens.typography("typography.caption")
        #expect(caption.fontWeight == .semibold && caption.fontSize == 12 && caption.lineHeight == 16)
        #expect(caption.letterSpacing == 1.6 && caption.textCase == .uppercase && caption.textStyle == .caption1)
        // A whole-token reference, with extensions of its own.
        let link = try tokens.typography("typography.link")
        #expect(link.fontSize == 16 && link.textDecoration == .underline)
        // --rem-size changes rem, not px.
        let large = try DesignTokens(contentsOf: url, remSize: 20, extensions: TypographyFields.tokenExtensions)
        #expect(try large.typography("typography.body").fontSize == 20)
        #expect(try large.typography("typography.headline").fontSize == 28)
    }

    @Test("DTCG weight aliases are the spec's (heavy is 900, extra-black 950)", arguments: [
        ("thin", 100), ("hairline", 100), ("extra-light", 200), ("ultra-light", 200), ("light", 300),
        ("normal", 400), ("regular", 400), ("book", 400), ("medium", 500), ("semi-bold", 600), ("demi-bold", 600),
        ("bold", 700), ("extra-bold", 800), ("ultra-bold", 800), ("black", 900), ("heavy", 900),
        ("extra-black", 950), ("ultra-black", 950),
    ])
    func aliases(name: String, weight: Int) throws {
        let tokens = try read("""
            {"t": {"$type": "typography", "x": {"$value": {"fontFamily": "A", "fontWeight": "\(name)",
              "fontSize": {"value": 10, "unit": "px"}, "lineHeight": 1.5}}}}
            """)
        #expect(try tokens.typography("t.x").fontWeight.rawValue == weight)
    }

    @Test("chains of references resolve; field references too; extensions set the rest")
    func chains() throws {
        let tokens = try read("""
            {"base": {"$type": "dimension", "size": {"$value": {"value": 18, "unit": "px"}}},
             "alias": {"size": {"$type": "dimension", "$value": "{base.size}"}, "again": {"$value": "{alias.size}"}},
             "weights": {"w": {"$type": "fontWeight", "$value": 650}},
             "t": {"$type": "typography", "x": {"$value": {"fontFamily": ["Inter", "Noto Sans"],
               "fontSize": "{alias.again}", "fontWeight": "{weights.w}", "lineHeight": 1.25,
               "letterSpacing": {"value": -0.02, "unit": "rem"}},
               "$extensions": {"mattertype": {"fontStyle": "italic", "textDecoration": "line-through",
                 "paragraphIndent": {"value": 8, "unit": "px"}, "maximumScaleFactor": 1.5, "isFixed": true,
                 "textWrap": "balance", "textBox": "trim-both cap alphabetic", "hyphens": "auto"}}}}}
            """)
        let x = try tokens.typography("t.x")
        #expect(x.familyName == "Inter" && x.fallbackFamilyNames == ["Noto Sans"])
        #expect(x.fontSize == 18 && x.lineHeight == 22.5 && x.fontWeight.rawValue == 650)
        #expect(abs(x.letterSpacing - -0.32) < 1e-12 && x.fontStyle == .italic && x.textDecoration == .strikethrough)
        #expect(x.paragraphIndent == 8 && x.maximumScaleFactor == 1.5 && x.isFixed && x.textWrap == .balance
                && x.textBox == TextBox(trim: .both, over: .cap, under: .alphabetic) && x.hyphens == .auto)
    }

    @Test("a typography without a line height uses the font's own (CSS normal), as Primer's text.codeInline")
    func missingLineHeight() throws {
        // Primer's primitives (DTCG export): text.codeInline has fontSize, fontWeight, fontFamily and no lineHeight.
        let json = #"{"text": {"codeInline": {"$type": "typography", "$value": {"fontFamily": "Noto Sans", "fontSize": {"value": 14, "unit": "px"}, "fontWeight": 400}}}}"#
        let tokens = try DesignTokens(data: Data(json.utf8))
        let typography = try tokens.typography("text.codeInline")
        #expect(typography.usesFontLineHeight && typography.fontSize == 14)
        // Noto Sans Regular's hhea: ascender 1069, descender -293, line gap 0, 1000 units per em (fontTools).
        let layout = try TextLayout("x", typography: typography, registry: FontRegistry(includesSystemFonts: false))
        #expect(abs(layout.lines[0].height - 14 * 1.362) < 1e-9)
    }

    @Test("unitless line heights: DTCG multiples; Tokens Studio multiples up to 4 and pixels above", arguments: [
        (#"{"t": {"$type": "typography", "x": {"$value": {"fontFamily": "A", "fontSize": {"value": 20, "unit": "px"}, "lineHeight": 1.5}}}}"#, 30.0),
        (#"{"t": {"$type": "typography", "x": {"$value": {"fontFamily": "A", "fontSize": {"value": 20, "unit": "px"}, "lineHeight": 28}}}}"#, 560.0),
        (#"{"t": {"x": {"type": "typography", "value": {"fontFamily": "A", "fontSize": "20", "lineHeight": "1.5"}}}}"#, 30.0),
        (#"{"t": {"x": {"type": "typography", "value": {"fontFamily": "A", "fontSize": "20", "lineHeight": "4"}}}}"#, 80.0),
        (#"{"t": {"x": {"type": "typography", "value": {"fontFamily": "A", "fontSize": "20", "lineHeight": 28}}}}"#, 28.0),
        (#"{"t": {"x": {"type": "typography", "value": {"fontFamily": "A", "fontSize": "20", "lineHeight": "150%"}}}}"#, 30.0),
    ])
    func unitlessLineHeights(json: String, points: Double) throws {
        let tokens = try DesignTokens(data: Data(json.utf8))
        #expect(try tokens.typography("t.x").lineHeight == points)
    }

    @Test("errors name the token path and field; a bad file yields nothing", arguments: [
        (#"{"t": {"$type": "typography", "x": {"$value": {"fontFamily": "A", "fontSize": {"value": 2, "unit": "vw"}, "lineHeight": 1}}}}"#,
         #"t.x.$value.fontSize: unit "vw" is not px, rem or em"#),
        (#"{"a": {"$type": "dimension", "$value": "{b}"}, "b": {"$type": "dimension", "$value": "{a}"}, "t": {"$type": "typography", "x": {"$value": {"fontFamily": "A", "fontSize": "{a}", "lineHeight": 1}}}}"#,
         "t.x.$value.fontSize: references form a cycle: {a} → {b} → {a}"),
        (#"{"t": {"$type": "typography", "x": {"$value": {"fontFamily": "A", "fontSize": "{nowhere.size}", "lineHeight": 1}}}}"#,
         "t.x.$value.fontSize: refers to {nowhere.size}, which is not a token"),
        (#"{"t": {"$type": "typography", "x": {"$value": {"fontFamily": "A", "fontWeight": "heavyish", "fontSize": {"value": 16, "unit": "px"}, "lineHeight": 1}}}}"#,
         #"t.x.$value.fontWeight: "heavyish" is not a DTCG font weight"#),
        (#"{"t": {"$type": "typography", "x": {"$value": {"fontFamily": "A", "fontSize": {"value": 16, "unit": "px"}, "lineHeight": 1}, "$extensions": {"mattertype": {"textCase": "shouting"}}}}}"#,
         "t.x.$extensions.mattertype.textCase: is not none"),
        (#"{"t": {"$type": "typography", "x": {"$value": {"fontFamily": "A", "fontSize": {"value": 16, "unit": "px"}, "lineHeight": 1}, "$extensions": {"mattertype": {"textWrap": "even"}}}}}"#,
         #"t.x.$extensions.mattertype.textWrap: "even" is not one of wrap, balance, pretty"#),
        (#"{"t": {"$type": "typography", "x": {"$value": {"fontFamily": "A", "fontSize": {"value": 16, "unit": "px"}, "lineHeight": 1}, "$extensions": {"mattertype": {"hyphens": "sometimes"}}}}}"#,
         #"t.x.$extensions.mattertype.hyphens: "sometimes" is not one of none, manual, auto"#),
        (#"{"t": {"$type": "typography", "x": {"$value": {"fontFamily": "A", "fontSize": {"value": 16, "unit": "px"}, "lineHeight": 1}, "$extensions": {"mattertype": {"wordspacing": 2}}}}}"#,
         "t.x.$extensions.mattertype.wordspacing: is not a typography field; use family, weight"),
        (#"{"t": {"$type": "typography", "x": {"$value": {"fontFamily": "A", "fontSize": {"value": 16, "unit": "px"}, "lineHeight": 1}, "$extensions": {"mattertype": {"palette": 70000}}}}}"#,
         "t.x.$extensions.mattertype.palette: 70000 is not a palette index"),
        (#"[1, 2]"#, "(file): is not a JSON object of token groups"),
    ])
    func errors(json: String, message: String) {
        let description = error(json)
        #expect(description?.hasPrefix(message) == true || description?.contains(message) == true,
                "got \(description ?? "no error")")
    }

    @Test("$extensions.mattertype takes every typography field of a request, its lengths as tokens write them")
    func requestFieldsInExtensions() throws {
        // A request's keys and spellings (wordSpacing, features, language, textWrap); a DTCG dimension and a rem
        // length are points (remSize 16), an em the token's size.
        let json = #"""
            {"space": {"$type": "dimension", "word": {"$value": {"value": 0.25, "unit": "rem"}}},
             "t": {"$type": "typography",
               "a": {"$value": {"fontFamily": "A", "fontSize": "20px", "lineHeight": 1.5},
                     "$extensions": {"mattertype": {"wordSpacing": "{space.word}", "features": "tnum,liga=0",
                                                    "language": "de", "textWrap": "Balance", "italic": true}}},
               "b": {"$value": {"fontFamily": "A", "fontSize": "20px", "lineHeight": 1.5},
                     "$extensions": {"mattertype": {"wordSpacing": "0.1em", "letterSpacing": "0.5rem"}}}}}
            """#
        let tokens = try read(json)
        let a = try tokens.typography("t.a")
        #expect(a.wordSpacing == 4 && a.features == ["tnum", "liga=0"] && a.language == "de"
                && a.textWrap == .balance && a.fontStyle == .italic)
        let b = try tokens.typography("t.b")
        #expect(b.wordSpacing == 2 && b.letterSpacing == 8)
        // Without the request's fields to read them with, such a key is a problem saying what to pass.
        let plain = try DesignTokens(data: Data(json.utf8))
        #expect(plain.leftOut.map(\.path) == ["t.a", "t.b"])
        #expect(plain.leftOut.first?.description.contains("extensions: TypographyFields.tokenExtensions") == true)
    }

    @Test("hostile files: a 10,000-token chain of references and 100-deep groups are errors, not a crash")
    func hostile() {
        var chain = #"{"d": {"$type": "dimension", "t0": {"$value": {"value": 16, "unit": "px"}}"#
        for i in 1..<10_000 { chain += #", "t\#(i)": {"$value": "{d.t\#(i - 1)}"}"# }
        chain += #"}, "t": {"$type": "typography", "x": {"$value": {"fontFamily": "A", "fontSize": "{d.t9999}", "lineHeight": 1}}}}"#
        #expect(error(chain)?.contains("references chain more than 64 tokens deep") == true)
        let typography = #"{"$type": "typography", "$value": {"fontFamily": "A", "fontSize": 16}}"#
        let deep = String(repeating: #"{"g": "#, count: 100) + typography + String(repeating: "}", count: 100)
        #expect(error(deep)?.contains("groups nest deeper than 64") == true)
    }

    @Test("Tokens Studio: value/type, string fields, % line height and letter spacing, style names")
    func tokensStudio() throws {
        let tokens = try read("""
            {"global": {
              "fontFamilies": {"inter": {"value": "Inter", "type": "fontFamilies"}},
              "fontWeights": {"sb": {"value": "SemiBold Italic", "type": "fontWeights"}},
              "fontSize": {"base": {"value": "18", "type": "fontSizes"}, "big": {"value": "2rem", "type": "fontSizes"}},
              "heading": {"value": {"fontFamily": "{global.fontFamilies.inter}", "fontWeight": "{global.fontWeights.sb}",
                "fontSize": "{global.fontSize.big}", "lineHeight": "125%", "letterSpacing": "-2%",
                "paragraphSpacing": "12", "paragraphIndent": "0", "textCase": "uppercase",
                "textDecoration": "underline"}, "type": "typography"},
              "body": {"value": {"fontFamily": "Noto Sans", "fontWeight": "Regular", "fontSize": "{global.fontSize.base}",
                "lineHeight": "27px", "letterSpacing": "0"}, "type": "typography"}}}
            """)
        #expect(tokens.format == .tokensStudio)
        let heading = try tokens.typography("global.heading")
        #expect(heading.familyName == "Inter" && heading.fontWeight == .semibold && heading.fontStyle == .italic)
        #expect(heading.fontSize == 32 && heading.lineHeight == 40 && abs(heading.letterSpacing - -0.64) < 1e-12)
        #expect(heading.paragraphSpacing == 12 && heading.textCase == .uppercase && heading.textDecoration == .underline)
        let body = try tokens.typography("global.body")
        #expect(body.fontSize == 18 && body.lineHeight == 27 && body.fontWeight == .regular)
    }

    @Test("the CLI: tokens --json, --tokens/--token with options overriding the token")
    func cli() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/brand.tokens.json")
        let listed = try CLIRun("tokens", url.path, "--json").json()
        let entries = try #require(listed["typographies"] as? [[String: Any]])
        // Document order.
        #expect(entries.map { $0["path"] as? String ?? "" }
                == ["typography.body", "typography.headline", "typography.caption", "typography.link"])
        #expect(entries[0]["families"] as? [String] == ["Noto Sans", "sans-serif"])
        #expect(entries[0]["lineHeight"] as? Double == 24 && entries[0]["paragraphSpacing"] as? Double == 12)
        let measured = try CLIRun("measure", "Hello", "--tokens", url.path, "--token", "typography.headline",
                                  "--no-system-fonts", "--json").json()
        #expect(measured["fontSize"] as? Double == 28 && measured["lineHeight"] as? Double == 34)
        #expect(measured["postScriptName"] as? String == "NotoSans-Bold")
        let overridden = try CLIRun("measure", "Hello", "--tokens", url.path, "--token", "typography.headline",
                                    "--weight", "regular", "--line-height", "40", "--no-system-fonts", "--json").json()
        #expect(overridden["fontSize"] as? Double == 28 && overridden["lineHeight"] as? Double == 40)
        #expect(overridden["postScriptName"] as? String == "NotoSans-Regular")
        let missing = try CLIRun("measure", "Hello", "--tokens", url.path, "--token", "typography.nope")
        #expect(missing.status == 1 && missing.stderr.contains("typography.nope: is not a typography token"))
        let alone = try CLIRun("measure", "Hello", "--token", "typography.body")
        #expect(alone.status == 1 && alone.stderr.contains("give --tokens FILE and --token PATH together"))
    }
}
