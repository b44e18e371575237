import Foundation
import Testing
import MatterType

@Suite("Font resolution")
struct FontResolutionTests {
    static let styledWeights = FontWeight.named.flatMap { weight in FontStyle.allCases.map { (weight, $0) } }

    @Test("every bundled weight and style resolves exactly, with or without system fonts",
          arguments: styledWeights)
    func bundledExact(weight: FontWeight, style: FontStyle) throws {
        for registry in [FontRegistry(includesSystemFonts: false), FontRegistry()] {
            let resolution = try registry.resolve(familyName: "Noto Sans", weight: weight, style: style)
            let expected = NotoSansFontFamily().fontName(for: weight, style: style)
            #expect(resolution.requestedPostScriptName == expected)
            #expect(resolution.font.postScriptName == expected)
            #expect(resolution.font.weight == weight.rawValue)
            #expect(resolution.font.isItalic == style.isItalic)
            #expect(resolution.source == .bundled)
            #expect(!resolution.isFallback)
            #expect(resolution.fallbackReason == nil)
        }
    }

    @Test("the family may be given as the PostScript prefix or the family name")
    func familySpellings() throws {
        let registry = FontRegistry(includesSystemFonts: false)
        for name in ["NotoSans", "Noto Sans", "noto sans", "Noto-Sans"] {
            #expect(try registry.resolve(familyName: name, weight: .bold).font.postScriptName == "NotoSans-Bold")
        }
    }

    @Test("Bold Text picks the next heavier bundled face; size is not the registry's business")
    func boldText() throws {
        let registry = FontRegistry(includesSystemFonts: false)
        let regular = try registry.resolve(familyName: "Noto Sans", weight: .regular, boldText: true)
        #expect(regular.font.postScriptName == "NotoSans-Medium")
        #expect(regular.requestedWeight == .medium)
        let black = try registry.resolve(familyName: "Noto Sans", weight: .black, style: .italic, boldText: true)
        #expect(black.font.postScriptName == "NotoSans-BlackItalic")
    }

    @Test("Bold Text in a registered family with only regular, medium and semibold")
    func boldTextPartialFamily() throws {
        let registry = FontRegistry(includesSystemFonts: false)
        for file in ["Acme-Regular.ttf", "Acme-Medium.ttf", "Acme-DemiBold.ttf"] {
            try registry.register(fileAt: TestSupport.fixture(file))
        }
        func resolved(_ weight: FontWeight) throws -> String {
            try registry.resolve(familyName: "Acme", weight: weight, boldText: true).font.postScriptName
        }
        #expect(try resolved(.regular) == "Acme-Medium")
        #expect(try resolved(.medium) == "Acme-DemiBold")
        #expect(try resolved(.semibold) == "Acme-DemiBold")
        #expect(try !registry.resolve(familyName: "Acme", weight: .semibold, boldText: true).isFallback)
    }

    @Test("a custom family whose 600 is DemiBold resolves exactly")
    func demiBold() throws {
        let registry = FontRegistry(includesSystemFonts: false)
        try registry.register(fileAt: TestSupport.fixture("Acme-DemiBold.ttf"))
        let acme = DefaultFontFamily(familyName: "Acme", weightNames: [.semibold: "DemiBold"])
        let resolution = try registry.resolve(family: acme, weight: .semibold)
        #expect(resolution.requestedPostScriptName == "Acme-DemiBold")
        #expect(resolution.font.postScriptName == "Acme-DemiBold")
        #expect(resolution.source == .registered)
        #expect(!resolution.isFallback)
    }

    @Test("a face of the family asked for is never a fallback, whatever its PostScript name")
    func sameFamilyOtherName() throws {
        let registry = FontRegistry(includesSystemFonts: false)
        try registry.register(fileAt: TestSupport.fixture("Acme-DemiBold.ttf"))
        let resolution = try registry.resolve(family: DefaultFontFamily(familyName: "Acme"), weight: .semibold)
        #expect(resolution.requestedPostScriptName == "Acme-SemiBold")
        #expect(resolution.font.postScriptName == "Acme-DemiBold")
        #expect(!resolution.isFallback)
        // Bold: CSS matching keeps the family's only face (600 is not lighter than 600: nothing synthesized).
        let bold = try registry.resolve(family: DefaultFontFamily(familyName: "Acme"), weight: .bold)
        #expect(bold.font.postScriptName == "Acme-DemiBold" && bold.source == .registered)
        #expect(bold.synthetic == .none && !bold.isFallback)
    }

    @Test("an unknown family falls back with a reason: to the bundled face without system fonts")
    func unknownFamilyBundled() throws {
        let registry = FontRegistry(includesSystemFonts: false)
        let resolution = try registry.resolve(familyName: "Brand Sans", weight: .medium, style: .italic)
        #expect(resolution.requestedPostScriptName == "BrandSans-MediumItalic")
        #expect(resolution.font.postScriptName == "NotoSans-MediumItalic")
        #expect(resolution.source == .bundled)
        #expect(resolution.fallbackReason == .bundledNotoSans(family: "Brand Sans", replacement: "NotoSans-MediumItalic",
                                                              systemFontsExcluded: true))
        #expect(resolution.fallbackReason?.description ==
                "no Brand Sans font is registered, bundled or installed, "
                + "and system fonts are not used; using the bundled NotoSans-MediumItalic")
    }

    @Test("an unknown family falls back with a reason: to the system sans-serif when there is one")
    func unknownFamilySystem() throws {
        let registry = FontRegistry()
        let resolution = try registry.resolve(familyName: "Brand Sans", weight: .bold)
        guard case .systemSansSerif(let family, let replacement) = resolution.fallbackReason else {
            Issue.record("expected the system sans-serif, got \(String(describing: resolution.fallbackReason))")
            return
        }
        #expect(family == "Brand Sans" && replacement == resolution.font.postScriptName)
        #expect(resolution.source == .system)
    }

    @Test("a registered font with a bundled PostScript name takes precedence")
    func registeredOverridesBundled() throws {
        let registry = FontRegistry(includesSystemFonts: false)
        let copy = try TestSupport.scratchFile(
            "NotoSans-SemiBold.ttf",
            contents: Data(contentsOf: URL(fileURLWithPath: TestSupport.bundled("NotoSans-SemiBold.ttf"))))
        try registry.register(fileAt: copy)
        let resolution = try registry.resolve(familyName: "Noto Sans", weight: .semibold)
        #expect(resolution.source == .registered)
        #expect(resolution.font.path == copy)
        try registry.unregister(fileAt: copy)
        #expect(try registry.resolve(familyName: "Noto Sans", weight: .semibold).source == .bundled)
    }
}
