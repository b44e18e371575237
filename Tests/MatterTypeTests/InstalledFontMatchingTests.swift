import Foundation
@testable import MatterType
import MatterTypeWire
import Testing

/// Font matching on a machine with many fonts installed (`make test` installs fonts-noto-extra, whose condensed
/// Noto Sans faces once won every request for a missing family, and fonts-dejavu-extra, whose ExtraLight once hid
/// the installed DejaVu Sans faces): width, the union of registered, bundled and installed faces, one answer per
/// file however it was found.
@Suite("Font matching on installed fonts")
struct InstalledFontMatchingTests {
    /// What `fc-match` (Fontconfig's own tool, independent of MatterType's code) answers for a pattern, written
    /// in `format` (its PostScript name by default).
    static func fcMatch(_ pattern: String, format: String = "%{postscriptname}") throws -> String {
        try fontconfig("fc-match", ["--format", format, pattern])
    }

    /// The standard output of Fontconfig's command-line tool `tool` (`fc-match`, `fc-list`) run with `arguments`.
    static func fontconfig(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/" + tool)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    static let condensedNotoSans = "/usr/share/fonts/truetype/noto/NotoSans-Condensed.ttf"

    @Test("a missing family falls back to the system sans-serif at normal width and the nearest weight, as fc-match",
          arguments: [(FontWeight.regular, "regular"), (.medium, "medium"), (.semibold, "semibold"), (.bold, "bold"),
                      (.black, "black")])
    func missingFamilyNormalWidth(weight: FontWeight, fontconfigWeight: String) throws {
        try #require(FileManager.default.fileExists(atPath: InstalledFontMatchingTests.condensedNotoSans),
                     "fonts-noto-extra is not installed (make test installs it)")
        let resolution = try FontRegistry().resolve(familyName: "Helvetica Neue", weight: weight)
        #expect(resolution.font.width == .normal)
        #expect(!resolution.font.postScriptName.contains("Condensed"))
        // fc-match's answer for the same request, normal width (width=100) being Fontconfig's default.
        #expect(resolution.font.postScriptName == (try InstalledFontMatchingTests.fcMatch("sans-serif:weight=\(fontconfigWeight)")))
        #expect(resolution.isFallback)
        guard case .systemSansSerif(_, let replacement)? = resolution.fallbackReason else {
            Issue.record("expected a system sans-serif fallback, got \(String(describing: resolution.fallbackReason))")
            return
        }
        #expect(replacement == resolution.font.postScriptName)
    }

    @Test("a requested width picks the installed condensed face; fc-match agrees")
    func installedCondensed() throws {
        try #require(FileManager.default.fileExists(atPath: InstalledFontMatchingTests.condensedNotoSans))
        let resolution = try FontRegistry().resolve(familyName: "Helvetica Neue", weight: .regular, width: .condensed)
        #expect(resolution.font.width == .condensed)
        #expect(resolution.font.postScriptName == (try InstalledFontMatchingTests.fcMatch("sans-serif:width=75")))
    }

    @Test("width is matched before style and weight, narrower first at or below normal (CSS Fonts 4 §5.2)")
    func widthOrder() throws {
        let registry = FontRegistry(includesSystemFonts: false)
        for file in ["Acme-Regular.ttf", "Acme-Medium.ttf", "Acme-Condensed.ttf"] {
            try registry.register(fileAt: TestSupport.fixture(file))
        }
        func name(_ width: FontWidth, _ weight: FontWeight = .regular) throws -> String {
            try registry.resolve(familyName: "Acme", weight: weight, width: width).font.postScriptName
        }
        #expect(try name(.normal) == "Acme-Regular")
        #expect(try name(.normal, .medium) == "Acme-Medium")
        #expect(try name(.condensed) == "Acme-Condensed")
        // 87.5 %: narrower widths first (75 % before 100 %), whatever the weight.
        #expect(try name(.semiCondensed) == "Acme-Condensed")
        #expect(try name(.semiCondensed, .medium) == "Acme-Condensed")
        // 50 %: nothing narrower, so the nearest wider.
        #expect(try name(.ultraCondensed) == "Acme-Condensed")
        // Wider than normal: wider first, then the nearest narrower, normal.
        #expect(try name(.expanded) == "Acme-Regular")
    }

    @Test("a variable face's wdth axis takes the width, clamped to its range")
    func widthAxis() throws {
        let registry = FontRegistry(includesSystemFonts: false)
        try registry.register(fileAt: TestSupport.fixture("Flexi-Variable.ttf"))
        // Flexi's axes (make-fixtures.py): wght 300–700, wdth 75–125, slnt −10–0.
        let narrow = try registry.resolve(familyName: "Flexi", weight: .regular, width: FontWidth(rawValue: 80)!)
        #expect(narrow.variations["wdth"] == 80)
        #expect(try registry.resolve(familyName: "Flexi", weight: .regular, width: .ultraExpanded)
            .variations["wdth"] == 125)
        #expect(try registry.resolve(familyName: "Flexi", weight: .regular).variations["wdth"] == 100)
        let typography = Typography(family: "Flexi", fontSize: 16, lineHeight: 24).fontWidth(.condensed)
        #expect(try TypographyLayout(typography: typography, registry: registry).font.variations["wdth"] == 75)
    }

    @Test("a span may ask for another width: its run takes the condensed face")
    func spanWidth() throws {
        let registry = FontRegistry(includesSystemFonts: false)
        for file in ["Acme-Regular.ttf", "Acme-Condensed.ttf"] { try registry.register(fileAt: TestSupport.fixture(file)) }
        let text = StyledText([TextSpan("Wide "), TextSpan("narrow", style: SpanStyle().fontWidth(.condensed))])
        let layout = try TextLayout(text, typography: Typography(family: "Acme", fontSize: 16, lineHeight: 24),
                                    registry: registry)
        #expect(layout.lines[0].runs.map(\.font.postScriptName) == ["Acme-Regular", "Acme-Condensed"])
        let decoded = try JSONDecoder().decode(SpanStyle.self, from: Data(#"{"fontWidth": "75%"}"#.utf8))
        #expect(decoded.fontWidth == .condensed)
    }

    @Test("widths parse as CSS keywords and percentages; others are refused")
    func widthParsing() throws {
        #expect(FontWidth(parsing: "semi-condensed") == .semiCondensed)
        #expect(FontWidth(parsing: "SemiExpanded") == .semiExpanded)
        #expect(FontWidth(parsing: "75%") == .condensed)
        #expect(FontWidth(parsing: "87.5") == .semiCondensed)
        #expect(FontWidth(parsing: "49%") == nil)
        #expect(FontWidth(parsing: "narrow") == nil)
        #expect(FontWidth(widthClass: 3) == .condensed)
        #expect(FontWidth(widthClass: 0) == .normal)
        let decoded = try JSONDecoder().decode(Typography.self, from: Data(
            #"{"fontFamily": "Acme", "fontSize": 16, "lineHeight": 24, "fontWidth": "condensed"}"#.utf8))
        #expect(decoded.fontWidth == .condensed)
    }

    @Test("a registered face does not hide the installed faces of its family")
    func registeredNextToInstalled() throws {
        let extraLight = "/usr/share/fonts/truetype/dejavu/DejaVuSans-ExtraLight.ttf"
        try #require(FileManager.default.fileExists(atPath: extraLight), "fonts-dejavu-extra is not installed")
        let scratch = try TestSupport.scratchFile("DejaVuSans-ExtraLight.ttf",
                                                  contents: try Data(contentsOf: URL(fileURLWithPath: extraLight)))
        let registry = FontRegistry()
        try registry.register(fileAt: scratch)
        let bold = try registry.resolve(familyName: "DejaVu Sans", weight: .bold)
        #expect(bold.font.postScriptName == "DejaVuSans-Bold")
        #expect(bold.source == .system)
        #expect(!bold.synthetic.bold)
        #expect(!bold.isFallback)
        // The registered face still wins where it is the best match, and the installed ExtraLight (the same
        // face, another file) loses the exact tie to it.
        let light = try registry.resolve(familyName: "DejaVu Sans", weight: .extraLight)
        #expect(light.font.path == scratch)
        #expect(light.source == .registered)
        // Bold Text can step up to the installed weights.
        #expect(try registry.resolve(familyName: "DejaVu Sans", weight: .regular, boldText: true)
            .font.postScriptName == "DejaVuSans-Bold")
    }

    @Test("a variable face registered next to installed statics: each weight goes to the nearest face, ties to it",
          arguments: [(FontWeight.extraLight, "DejaVuSans-ExtraLight", nil as Double?), (.regular, "DejaVuSans-Variable", 400),
                      (FontWeight(rawValue: 550)!, "DejaVuSans-Variable", 550), (.bold, "DejaVuSans-Variable", 700),
                      (.black, "DejaVuSans-Variable", 700)])
    func variableNextToStatics(weight: FontWeight, expected: String, wght: Double?) throws {
        try #require(FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans-ExtraLight.ttf"))
        let registry = FontRegistry()
        // wght 300–700 (make-fixtures.py); installed: ExtraLight 200, Book 400, Bold 700. 200 is the installed
        // ExtraLight's exactly; 400 and 700 are exact ties the registered face wins; 900 finds both 700s
        // equally near and takes the registered one.
        try registry.register(fileAt: TestSupport.fixture("DejaVuSans-Variable.ttf"))
        let resolution = try registry.resolve(familyName: "DejaVu Sans", weight: weight)
        #expect(resolution.font.postScriptName == expected)
        #expect(resolution.variations["wght"] == wght)
        #expect(!resolution.synthetic.bold)  // every face drawn is 600 or heavier where 600 or more is asked
    }

    @Test("an installed variable font and the same file registered resolve and draw alike",
          arguments: [(FontWeight(rawValue: 300)!, FontStyle.regular), (.regular, .regular),
                      (FontWeight(rawValue: 650)!, .regular), (.extraBold, .regular)])
    func installedEqualsRegistered(weight: FontWeight, style: FontStyle) throws {
        let system = FontRegistry()
        let installed = try system.resolve(familyName: "Inter", weight: weight, style: style, fontSize: 16)
        try #require(installed.source == .system, "fonts-inter-variable is not installed")
        let alone = FontRegistry(includesSystemFonts: false)
        try alone.register(fileAt: installed.font.path)
        let registered = try alone.resolve(familyName: "Inter", weight: weight, style: style, fontSize: 16)
        #expect(registered.source == .registered)
        #expect(registered.font.postScriptName == installed.font.postScriptName)
        #expect(registered.variations == installed.variations)
        // With fonts-inter's static faces installed beside the variable ones, an exact static weight may be the
        // match; a variable face is drawn at the weight asked for.
        #expect(installed.font.isVariable ? installed.variations["wght"] == Double(weight.rawValue)
                : installed.font.weight == weight.rawValue)
        let typography = Typography(family: "Inter", fontWeight: weight, fontSize: 16, lineHeight: 24,
                                    fontStyle: style)
        let text = "Hamburgefonstiv 0123"
        let a = try TextRenderer.shared.renderPNG(text, typography: typography, registry: system)
        let b = try TextRenderer.shared.renderPNG(text, typography: typography, registry: alone)
        #expect(a == b)
    }

    @Test("a face without a PostScript name loads under family + style, spaces removed")
    func derivedPostScriptName() throws {
        let registry = FontRegistry(includesSystemFonts: false)
        // The fixture's name table has no ID 6 (make-fixtures.py); family "Nameless Sans", subfamily "Bold".
        let faces = try registry.register(fileAt: TestSupport.fixture("NamelessSans-Bold.ttf"))
        #expect(faces.map(\.postScriptName) == ["NamelessSans-Bold"])
        let resolution = try registry.resolve(familyName: "Nameless Sans", weight: .bold)
        #expect(resolution.font.postScriptName == "NamelessSans-Bold")
        #expect(!resolution.isFallback)
    }

    @Test("named-instance coordinates are signed: slnt −8 stays −8")
    func signedInstanceCoordinates() throws {
        let faces = try FontRegistry(includesSystemFonts: false)
            .register(fileAt: TestSupport.fixture("Flexi-Variable.ttf"))
        // fontTools wrote the instance "Condensed Slanted" at wght 400, wdth 75, slnt −8 (make-fixtures.py).
        let instance = try #require(faces.first?.namedInstances.first { $0.name == "Condensed Slanted" })
        #expect(instance.coordinates == ["wght": 400, "wdth": 75, "slnt": -8])
        #expect(faces.first?.axis("slnt")?.minimum == -10)
    }

    @Test("a substituted family is reported by the layout, the measurement and per run")
    func substitutionReported() throws {
        let typography = Typography(family: "Helvetica Neue", fontSize: 16, lineHeight: 24)
        let layout = try TextLayout("Hello", typography: typography)
        #expect(layout.familySubstitutions.count == 1)
        let measurement = TextMeasurement(layout)
        #expect(measurement.fallback)
        #expect(measurement.fallbackReasons.first?.contains("Helvetica Neue") == true)
        #expect(measurement.lines.first?.runs.allSatisfy(\.fallback) == true)
        let found = TextMeasurement(try TextLayout("Hello", typography: typography.familyName("Noto Sans")))
        #expect(!found.fallback)
        #expect(found.fallbackReasons.isEmpty)
    }

    @Test("render and measure warn once on stderr when the family is not found; the exit code stays 0")
    func cliWarning() throws {
        for command in ["measure", "render"] {
            var arguments = [command, "--family", "Helvetica Neue", "Hello"]
            if command == "render" { arguments += ["-o", "-"] }
            let run = try CLIRun(arguments)
            #expect(run.status == 0)
            let warnings = run.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
            #expect(warnings.count == 1)
            #expect(warnings.first?.contains("Helvetica Neue") == true)
        }
        let quiet = try CLIRun("measure", "--family", "Noto Sans", "Hello")
        #expect(!quiet.stderr.contains("warning:"))
    }
}
