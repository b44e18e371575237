import Testing
import MatterType

/// A family written the way an app would: 600 is "DemiBold", only three weights.
private struct DemiFamily: FontFamily {
    let familyName = "Acme"
    let supportedWeights: [FontWeight] = [.regular, .medium, .semibold]
    func weightName(for weight: FontWeight) -> String {
        weight == .semibold ? "DemiBold" : weight.postScriptName
    }
}

@Suite("Font families")
struct FontFamilyTests {
    @Test("default PostScript names, regular italic spelled Family-Italic")
    func defaultNames() {
        let family = NotoSansFontFamily()
        let names = FontWeight.named.flatMap { weight in
            FontStyle.allCases.map { family.fontName(for: weight, style: $0) }
        }
        #expect(names == [
            "NotoSans-Thin", "NotoSans-ThinItalic", "NotoSans-ExtraLight", "NotoSans-ExtraLightItalic",
            "NotoSans-Light", "NotoSans-LightItalic", "NotoSans-Regular", "NotoSans-Italic",
            "NotoSans-Medium", "NotoSans-MediumItalic", "NotoSans-SemiBold", "NotoSans-SemiBoldItalic",
            "NotoSans-Bold", "NotoSans-BoldItalic", "NotoSans-ExtraBold", "NotoSans-ExtraBoldItalic",
            "NotoSans-Black", "NotoSans-BlackItalic",
        ])
    }

    @Test("a family can rename a weight, by conformance or by DefaultFontFamily")
    func customWeightName() {
        #expect(DemiFamily().fontName(for: .semibold, style: .regular) == "Acme-DemiBold")
        #expect(DemiFamily().fontName(for: .semibold, style: .italic) == "Acme-DemiBoldItalic")
        let acme = DefaultFontFamily(familyName: "Acme", weightNames: [.semibold: "DemiBold"], italicSuffix: "Oblique")
        #expect(acme.fontName(for: .semibold, style: .regular) == "Acme-DemiBold")
        #expect(acme.fontName(for: .bold, style: .italic) == "Acme-BoldOblique")
        #expect(acme.fontName(for: .regular, style: .italic) == "Acme-Oblique")
        #expect(DefaultFontFamily(familyName: "Open Sans").fontName(for: .bold, style: .regular) == "OpenSans-Bold")
    }

    @Test("Bold Text, all weights supported: the next heavier weight; black stays black")
    func boldTextAllWeights() {
        let family = NotoSansFontFamily()
        let mapped = FontWeight.named.map { family.accessibilityBoldWeight(for: $0) }
        #expect(mapped == [.extraLight, .light, .regular, .medium, .semibold, .bold, .extraBold, .black, .black])
    }

    @Test("Bold Text, only regular, medium, semibold: the next supported one, else unchanged")
    func boldTextSomeWeights() {
        let family = DemiFamily()
        #expect(family.accessibilityBoldWeight(for: .regular) == .medium)
        #expect(family.accessibilityBoldWeight(for: .medium) == .semibold)
        #expect(family.accessibilityBoldWeight(for: .semibold) == .semibold)
        #expect(family.accessibilityBoldWeight(for: .light) == .regular)
        #expect(family.accessibilityBoldWeight(for: .black) == .black)  // never lighter
    }

    @Test("Bold Text for the system family follows Apple's rule")
    func boldTextSystem() throws {
        let registry = FontRegistry()
        guard let system = SystemFontFamily(registry: registry) else { return }  // no system fonts installed
        let mapped = FontWeight.named.map { system.accessibilityBoldWeight(for: $0) }
        #expect(mapped == [.extraLight, .light, .regular, .semibold, .bold, .extraBold, .black, .black, .black])
    }

    @Test("the factory maps names to families")
    func factory() throws {
        let registry = FontRegistry(includesSystemFonts: false)
        let factory = DefaultFontFamilyFactory(registry: registry)
        #expect(factory.fontFamily(named: "Noto Sans") is NotoSansFontFamily)
        #expect(factory.fontFamily(named: "notosans") is NotoSansFontFamily)
        #expect(factory.fontFamily(named: "Brand Sans").familyName == "BrandSans")
        try registry.register(fileAt: TestSupport.fixture("Acme-DemiBold.ttf"))
        try registry.register(fileAt: TestSupport.fixture("Acme-Regular.ttf"))
        let acme = factory.fontFamily(named: "Acme")
        #expect(acme.supportedWeights == [.regular, .semibold])
        #expect(acme.fontName(for: .semibold, style: .regular) == "Acme-DemiBold")
    }
}
