import Foundation
@testable import MatterType
import Testing

/// Token files shaped like real exports (Fixtures/tokens): Tokens Studio's single-file export with token sets,
/// `$themes` and `$metadata`; the same as a multi-file folder; Tokens Studio's DTCG export; several files merged.
/// Expected numbers are worked out by hand from the fixtures' values (and the Noto Sans `hhea` table for AUTO).
@Suite("Design tokens from real exports")
struct TokenExportTests {
    static let folder = TestSupport.fixtures.appendingPathComponent("tokens")
    static let single = folder.appendingPathComponent("studio-single.json")
    static let multi = folder.appendingPathComponent("studio-multi")
    static let dtcgExport = folder.appendingPathComponent("studio-dtcg.json")

    @Test("the three shapes of the same export read alike", arguments: [single, multi, dtcgExport])
    func sameEverywhere(url: URL) throws {
        let tokens = try DesignTokens(contentsOf: url, themes: ["Density/Regular"])
        // core is a source set under this theme: its caption resolves references but is not listed.
        #expect(tokens.typographyPaths == ["typography.body", "typography.heading", "typography.title"])
        let body = try tokens.typography("typography.body")
        #expect(body.familyName == "Noto Sans" && body.fontWeight == .regular && body.fontSize == 16)
        #expect(body.lineHeight == 24)  // "150%" of 16
        #expect(body.paragraphSpacing == 16)  // "{spacing.base} * 2" with spacing.base "8px"
        let heading = try tokens.typography("typography.heading")
        #expect(heading.fontSize == 31.25)  // (16 + 4) × 1.25 × 1.25
        #expect(heading.fontWeight == .bold && heading.fontStyle == .italic)  // "Bold Italic"
        #expect(heading.fallbackFamilyNames == ["sans-serif"])
        #expect(abs(heading.letterSpacing - -0.625) < 1e-12)  // -2 % of 31.25
        #expect(heading.usesFontLineHeight)  // "AUTO"
        let title = try tokens.typography("typography.title")
        #expect(title.fontSize == 20 && title.lineHeight == 25)  // 16 × 1.25, unitless "1.25" × 20
        #expect(title.fontWeight == .semibold)  // "Semi Bold"
    }

    @Test("themes choose the sets; without one every set is read in tokenSetOrder, later sets winning")
    func themes() throws {
        let all = try DesignTokens(contentsOf: TokenExportTests.single)
        #expect(all.typographyPaths == ["typography.caption", "typography.body", "typography.heading",
                                        "typography.title"])
        #expect(try all.typography("typography.body").fontSize == 14)  // compact's "{fontSize.base} - 2" wins
        let caption = try all.typography("typography.caption")
        #expect(abs(caption.letterSpacing - 0.6) < 1e-12 && caption.textCase == .uppercase)  // "0.05em" of 12
        let compact = try DesignTokens(contentsOf: TokenExportTests.multi, themes: ["Density/Compact"])
        #expect(try compact.typography("typography.body").lineHeight == 20)
        #expect(throws: DesignTokenError.self) { try DesignTokens(contentsOf: TokenExportTests.single, themes: ["Compact"]) }
        do {
            _ = try DesignTokens(contentsOf: TokenExportTests.single, themes: ["Compact"])
        } catch {
            #expect(error.message.contains("Density/Compact, Print/Compact"))
        }
        do {
            _ = try DesignTokens(contentsOf: TokenExportTests.single, themes: ["Night"])
        } catch {
            #expect(error.message.contains("is not defined; the themes are Density/Regular"))
        }
    }

    @Test("AUTO line height is the font's: Noto Sans hhea (1069 + 293 + 0) / 1000 × the size")
    func autoLineHeight() throws {
        let heading = try DesignTokens(contentsOf: TokenExportTests.single).typography("typography.heading")
        let layout = try TypographyLayout(typography: heading, registry: FontRegistry(includesSystemFonts: false))
        #expect(abs(layout.lineHeight - 1.362 * 31.25) < 1e-9)
        let text = try TextLayout("One\nTwo", typography: layout)
        #expect(abs(text.height - 2 * 1.362 * 31.25) < 1e-9)
    }

    @Test("several files merge in order: references cross files, later tokens win")
    func severalFiles() throws {
        let base = try TestSupport.scratchFile("base.json", contents: Data("""
            {"size": {"$type": "dimension", "body": {"$value": {"value": 16, "unit": "px"}}},
             "typography": {"$type": "typography", "body": {"$value": {"fontFamily": "Noto Sans",
               "fontWeight": "semi-bold", "fontSize": "{size.body}", "lineHeight": 1.5}}}}
            """.utf8))
        let brand = try TestSupport.scratchFile("brand.json", contents: Data("""
            {"size": {"$type": "dimension", "body": {"$value": {"value": 18, "unit": "px"}}},
             "typography": {"$type": "typography", "lead": {"$value": {"fontFamily": "Noto Sans",
               "fontWeight": "Semi bold", "fontStyle": "italic", "fontSize": "{size.body} * 1.5",
               "lineHeight": 1.25, "letterSpacing": {"value": 0.02, "unit": "em"}}}}}
            """.utf8))
        let tokens = try DesignTokens(contentsOf: [URL(fileURLWithPath: base), URL(fileURLWithPath: brand)])
        #expect(try tokens.typography("typography.body").fontSize == 18)  // brand's size.body replaced base's
        let lead = try tokens.typography("typography.lead")
        #expect(lead.fontSize == 27 && lead.lineHeight == 33.75 && lead.fontStyle == .italic)
        #expect(lead.fontWeight == .semibold && abs(lead.letterSpacing - 0.54) < 1e-12)
        let cli = try CLIRun("tokens", base, brand, "--json").json()
        let entries = try #require(cli["typographies"] as? [[String: Any]])
        #expect(entries.map { $0["path"] as? String } == ["typography.body", "typography.lead"])
        #expect(entries[1]["fontSize"] as? Double == 27 && entries[1]["italic"] as? Bool == true)
        let measured = try CLIRun("measure", "Hi", "--tokens", base, "--tokens", brand, "--token", "typography.lead",
                                  "--no-system-fonts", "--json").json()
        #expect(measured["fontSize"] as? Double == 27)
    }

    @Test("a width from the value or $extensions.mattertype (fontWidth or fontStretch)")
    func width() throws {
        let tokens = try DesignTokens(data: Data("""
            {"t": {"$type": "typography",
               "a": {"$value": {"fontFamily": "A", "fontSize": 10, "lineHeight": 1.5},
                     "$extensions": {"mattertype": {"fontWidth": "condensed"}}},
               "b": {"$value": {"fontFamily": "A", "fontSize": 10, "lineHeight": 1.5, "fontStretch": "87.5%"}}}}
            """.utf8))
        #expect(try tokens.typography("t.a").fontWidth == .condensed)
        #expect(try tokens.typography("t.b").fontWidth == .semiCondensed)
    }

    @Test("weight names compare without case or separators", arguments: ["SemiBold", "Semi bold", "semi-bold", "semi_bold", "SEMIBOLD"])
    func weightNames(name: String) throws {
        for (valueKey, typeKey) in [("$value", "$type"), ("value", "type")] {
            let tokens = try DesignTokens(data: Data("""
                {"t": {"\(valueKey)": {"fontFamily": "A", "fontWeight": "\(name)", "fontSize": "10",
                  "lineHeight": "1.5"}, "\(typeKey)": "typography"}}
                """.utf8))
            #expect(try tokens.typography("t").fontWeight == .semibold)
        }
    }

    @Test("strict: every error is reported at once, in document order, and nothing is read; else they are left out")
    func allErrors() throws {
        let json = """
            {"z": {"$type": "typography",
               "first": {"$value": {"fontFamily": "A", "fontSize": "big", "lineHeight": 1}},
               "second": {"$value": {"fontFamily": "A", "fontSize": 16, "lineHeight": 1, "fontWeight": "heavyish"}},
               "ok": {"$value": {"fontFamily": "A", "fontSize": 16, "lineHeight": 1}}},
             "a": {"$type": "typography",
               "third": {"$value": {"fontFamily": "A", "fontSize": "{missing.size}", "lineHeight": 1}},
               "fourth": {"$value": {"fontFamily": "A", "fontSize": "16px * 2px", "lineHeight": 1}}}}
            """
        var messages: [String] = []
        for _ in 0..<3 {  // the same order every time
            do {
                _ = try DesignTokens(data: Data(json.utf8), strict: true)
                Issue.record("a file with errors was read")
            } catch {
                messages.append(error.description)
                #expect(error.problems.map(\.path) == ["z.first.$value.fontSize", "z.second.$value.fontWeight",
                                                       "a.third.$value.fontSize", "a.fourth.$value.fontSize"])
            }
        }
        #expect(Set(messages).count == 1)
        #expect(messages.first?.contains("both have units") == true)
        let lenient = try DesignTokens(data: Data(json.utf8))
        #expect(lenient.typographyPaths == ["z.ok"])
        #expect(lenient.leftOut.map(\.path) == ["z.first", "z.second", "a.third", "a.fourth"])
        let cli = try CLIRun("tokens", "--strict", try TestSupport.scratchFile("bad.json", contents: Data(json.utf8)))
        #expect(cli.status != 0)
        #expect(cli.stderr.contains("z.first") && cli.stderr.contains("a.fourth"))
    }

    @Test("math as Tokens Studio evaluates it", arguments: [
        ("8px * 2", "16px"), ("(4 + 4) * 3", "24"), ("1rem / 2", "0.5rem"), ("10% + 5%", "15%"), ("-2 * -3", "6"),
        ("16px / 2px", "8"),
    ])
    func math(expression: String, expected: String) throws {
        let result = try #require(try TokenMath.evaluate(expression))
        #expect(result.text == expected)
    }

    @Test("text that is not math is left alone")
    func notMath() throws {
        for text in ["Noto Sans", "-2%", "150%", "Semi-Bold", "16", "Inter, sans-serif"] {
            #expect(try TokenMath.evaluate(text) == nil, "\(text)")
        }
        #expect(throws: TokenMath.Failure.self) { try TokenMath.evaluate("1px + 1rem") }
        #expect(throws: TokenMath.Failure.self) { try TokenMath.evaluate("4 / 0") }
    }
}
