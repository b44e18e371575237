import Foundation
import MatterType
import Testing

/// Token files as design systems export them, problems and all (Fixtures/tokens/*-shaped.json, written by hand in
/// the shape of the real files): Workday's Tokens Studio export, whose typographies partly refer to a
/// `{font-weight.md}` that does not exist; Brave Leo's Figma "Design Tokens" plugin export (`custom-fontStyle`,
/// `extensions`, `description`, emoji in group names); Spectrum 2's themes, whose typographies are in their own
/// theme group. Expected values are the fixtures' own numbers (pixels) and Noto Sans's `hhea` for `normal`.
@Suite("Design tokens: problems in some tokens, other formats, themes")
struct TokenProblemTests {
    static let folder = TestSupport.fixtures.appendingPathComponent("tokens")
    static let workday = folder.appendingPathComponent("workday-shaped.json")
    static let leo = folder.appendingPathComponent("leo-shaped.json")
    static let spectrum = folder.appendingPathComponent("spectrum-shaped.json")
    static let broken = ["More styles.Body.Body S - (500) Medium", "More styles.Subtext.Subtext S Mono - (500) Medium",
                         "More styles.Subtext.Subtext M - (500) Medium"]

    @Test("a typography with a missing reference is left out, the others are read, in document order")
    func leftOut() throws {
        let tokens = try DesignTokens(contentsOf: TokenProblemTests.workday)
        #expect(tokens.typographyPaths == ["More styles.Body.Body S - (400) Regular",
                                           "More styles.Subtext.Subtext S Mono - (400) Regular",
                                           "More styles.Subtext.Subtext S Mono - (700) Bold"])
        #expect(tokens.leftOut.map(\.path) == TokenProblemTests.broken)
        #expect(tokens.leftOut.first?.description == "More styles.Body.Body S - (500) Medium is left out: "
                + "value.fontWeight refers to {font-weight.md}, which is not a token")
        // The color referring to a palette that is not in the file is not checked: no typography uses it.
        #expect(!tokens.leftOut.contains { $0.path.hasPrefix("color") })
        // Asking for a left-out token says why it is missing.
        #expect(throws: DesignTokenError.self) { try tokens.typography(TokenProblemTests.broken[1]) }
        do {
            _ = try tokens.typography(TokenProblemTests.broken[1])
        } catch {
            #expect(error.description.contains("{font-weight.md}"))
        }
        let bold = try tokens.typography("More styles.Subtext.Subtext S Mono - (700) Bold")
        #expect(bold.familyName == "DejaVu Sans Mono" && bold.fontWeight == .bold && bold.fontSize == 12
                && bold.lineHeight == 16 && bold.letterSpacing == 0.4)
    }

    @Test("strict: one error listing every problem in document order, each naming the token and the reference")
    func strict() throws {
        do {
            _ = try DesignTokens(contentsOf: TokenProblemTests.workday, strict: true)
            Issue.record("a strict read of a file with problems succeeded")
        } catch {
            #expect(error.problems.map(\.path) == TokenProblemTests.broken.map { $0 + ".value.fontWeight" })
            #expect(error.problems.allSatisfy { $0.message == "refers to {font-weight.md}, which is not a token" })
            #expect(error.description.hasPrefix("3 problems: More styles.Body.Body S - (500) Medium.value.fontWeight"))
            #expect(!error.description.contains("\n"))
        }
    }

    @Test("the CLI: tokens warns once per left-out token and exits 0; --strict, snapshot and check fail")
    func cli() throws {
        let file = TokenProblemTests.workday.path
        let listed = try CLIRun("tokens", file)
        #expect(listed.status == 0)
        #expect(listed.stdout.split(separator: "\n").count == 3)
        let warnings = listed.stderr.split(separator: "\n")
        #expect(warnings.count == 3)
        #expect(zip(warnings, TokenProblemTests.broken).allSatisfy { $0.hasPrefix("warning: \($1) is left out: ") })
        let strict = try CLIRun("tokens", "--strict", file)
        #expect(strict.status != 0)
        #expect(strict.stderr.split(separator: "\n").count == 1)
        #expect(TokenProblemTests.broken.allSatisfy { strict.stderr.contains($0) })
        let samples = GoldenMetricsTests.samples.path
        let out = try TestSupport.scratchDirectory().path
        let snapshot = try CLIRun("snapshot", "--tokens", file, "--samples", samples, "--out", out, "--no-system-fonts")
        #expect(snapshot.status != 0 && snapshot.stderr.contains("3 problems"))
        let lenient = try CLIRun("snapshot", "--no-strict", "--tokens", file, "--samples", samples, "--out", out,
                                 "--no-system-fonts")
        #expect(lenient.status == 0, "\(lenient.stderr)")
        // One warning a left-out token (and one that the file's family is missing here: the goldens pin a fallback).
        let lines = lenient.stderr.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("warning: ") && $0.contains(" is left out: ") }.count == 3, "\(lenient.stderr)")
        #expect(lines.filter { $0.contains("typographies fell back") }.count == 1, "\(lenient.stderr)")
        let check = try CLIRun("check", "--tokens", file, "--samples", samples, "--golden", out, "--no-system-fonts")
        #expect(check.status != 0 && check.stderr.contains("3 problems"))
        // Rendering a good token of the file works; a left-out one says why.
        let good = try CLIRun("measure", "--tokens", file, "--token", "More styles.Body.Body S - (400) Regular", "Hi")
        #expect(good.status == 0, "\(good.stderr)")
        let bad = try CLIRun("measure", "--tokens", file, "--token", TokenProblemTests.broken[0], "Hi")
        #expect(bad.status != 0 && bad.stderr.contains("{font-weight.md}"))
    }

    @Test("the Figma Design Tokens plugin's export: custom-fontStyle in pixels; extensions and description are metadata")
    func designTokensPlugin() throws {
        let tokens = try DesignTokens(contentsOf: TokenProblemTests.leo, strict: true)
        #expect(tokens.format == .figmaDesignTokens)
        #expect(tokens.typographyPaths == ["font.💻 browser.sidebar product title", "font.💻 browser.large.regular",
                                           "font.💻 browser.caption"])
        let title = try tokens.typography("font.💻 browser.sidebar product title")
        #expect(title.fontSize == 19 && title.lineHeight == 19 && title.fontWeight == .semibold
                && title.letterSpacing == -0.285 && title.textCase == .lowercase)
        let large = try tokens.typography("font.💻 browser.large.regular")
        #expect(large.lineHeight == 19.2 && large.letterSpacing == -0.2)  // pixels, not 19.2 × 16
        let caption = try tokens.typography("font.💻 browser.caption")
        #expect(caption.usesFontLineHeight)  // "normal"
        #expect(caption.fontStyle == .italic && caption.fontWidth == .condensed && caption.textDecoration == .underline)
        #expect(caption.paragraphIndent == 8 && caption.paragraphSpacing == 4)
        #expect(caption.features == ["smcp"])  // Figma's small caps
    }

    @Test("a file that starts with a UTF-8 byte order mark (as Windows editors save it) reads as without one")
    func byteOrderMark() throws {
        let json = #"{"type": {"body": {"$type": "typography", "$value": {"fontFamily": "Noto Sans", "fontSize": "16px", "lineHeight": 1.5}}}}"#
        let marked = try DesignTokens(data: Data([0xEF, 0xBB, 0xBF]) + Data(json.utf8))
        #expect(marked.typographyPaths == ["type.body"])
        #expect(try marked.typography("type.body") == DesignTokens(data: Data(json.utf8)).typography("type.body"))
    }

    @Test("a file without typography tokens says what it has instead, in tokens, snapshot and the library")
    func noTypographies() throws {
        let json = ##"{"font": {"family": {"$type": "fontFamily", "$value": "Inter"}, "size": {"$type": "fontSize", "$value": "16px"}}, "brand": {"$type": "color", "$value": "#0A66C2"}}"##
        let tokens = try DesignTokens(data: Data(json.utf8))
        #expect(tokens.otherTokenTypes == ["fontFamily", "fontSize", "color"])
        #expect(throws: DesignTokenError(path: "t.json", message: "has no typography tokens: it has fontFamily, "
                                         + "fontSize, color tokens; a typography token (\"$type\": \"typography\") "
                                         + "names a family, size, weight and line height together (Docs/DesignTokens.md)")) {
            try tokens.requireTypographies(in: "t.json")
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("no-typography-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try CLIRun(["tokens", file.path])
        #expect(run.status != 0 && run.stderr.contains("has no typography tokens: it has fontFamily"), "\(run.stderr)")
    }

    @Test("tokens no typography needs are not checked: bad names, dangling references, other types")
    func unusedNotChecked() throws {
        let json = #"""
            {"color": {"a.b": {"$type": "color", "$value": "#fff"}, "c": {"$type": "color", "$value": "{nowhere}"}},
             "shadow": {"s": {"type": "boxShadow", "value": {"x": "{missing}"}}, "extensions": {"org.x.y": {}}},
             "type": {"$type": "typography",
               "body": {"$value": {"fontFamily": "Noto Sans", "fontSize": "16px", "lineHeight": 1.5}},
               "odd.name": {"$value": {"fontFamily": "Noto Sans", "fontSize": "16px", "lineHeight": 1.5}}}}
            """#
        let tokens = try DesignTokens(data: Data(json.utf8))
        #expect(tokens.typographyPaths == ["type.body"])
        #expect(tokens.leftOut.map(\.path) == ["type.odd.name"])  // a typography whose name cannot be referenced
        #expect(tokens.leftOut.first?.problems.first?.message.contains("may not contain '.'") == true)
    }

    @Test("themes that give no typography say which theme to add (Spectrum 2: Desktop + Typography/Modeless)")
    func themeHint() throws {
        do {
            _ = try DesignTokens(contentsOf: TokenProblemTests.spectrum, themes: ["Desktop"])
            Issue.record("the Desktop theme alone gave typographies")
        } catch {
            #expect(error.description == "themes Desktop: give no typography tokens; add the theme "
                    + "Typography/Modeless, whose sets hold them")
        }
        let desktop = try DesignTokens(contentsOf: TokenProblemTests.spectrum, themes: ["Desktop", "Typography/Modeless"])
        #expect(try desktop.typography("title").fontSize == 18)
        #expect(try desktop.typography("body").lineHeight == 21)  // 150 % of 14
        let mobile = try DesignTokens(contentsOf: TokenProblemTests.spectrum, themes: ["Mobile", "Modeless"])
        #expect(try mobile.typography("title").fontSize == 22)
        let cli = try CLIRun("tokens", "--theme", "Desktop", TokenProblemTests.spectrum.path)
        #expect(cli.status != 0 && cli.stderr.contains("add the theme Typography/Modeless"))
    }
}
