import Testing
import MatterType

/// The bundled faces as an independent tool reads them.
///
/// Produced with Debian's fontTools 4.38 (`/usr/bin/python3`, `TTFont(path)`): name IDs 6, 16 (else 1), 17 (else 2)
/// from the Windows English name records, `OS/2.usWeightClass`, and `OS/2.fsSelection & 1`.
/// `fc-scan --format '%{postscriptname}|%{family}|%{style}'` agrees on names (it lists ID 16 before ID 1).
private let bundledFaces: [(postScriptName: String, family: String, style: String, weight: Int, italic: Bool)] = [
    ("NotoSans-Thin", "Noto Sans", "Thin", 100, false),
    ("NotoSans-ThinItalic", "Noto Sans", "Thin Italic", 100, true),
    ("NotoSans-ExtraLight", "Noto Sans", "ExtraLight", 200, false),
    ("NotoSans-ExtraLightItalic", "Noto Sans", "ExtraLight Italic", 200, true),
    ("NotoSans-Light", "Noto Sans", "Light", 300, false),
    ("NotoSans-LightItalic", "Noto Sans", "Light Italic", 300, true),
    ("NotoSans-Regular", "Noto Sans", "Regular", 400, false),
    ("NotoSans-Italic", "Noto Sans", "Italic", 400, true),
    ("NotoSans-Medium", "Noto Sans", "Medium", 500, false),
    ("NotoSans-MediumItalic", "Noto Sans", "Medium Italic", 500, true),
    ("NotoSans-SemiBold", "Noto Sans", "SemiBold", 600, false),
    ("NotoSans-SemiBoldItalic", "Noto Sans", "SemiBold Italic", 600, true),
    ("NotoSans-Bold", "Noto Sans", "Bold", 700, false),
    ("NotoSans-BoldItalic", "Noto Sans", "Bold Italic", 700, true),
    ("NotoSans-ExtraBold", "Noto Sans", "ExtraBold", 800, false),
    ("NotoSans-ExtraBoldItalic", "Noto Sans", "ExtraBold Italic", 800, true),
    ("NotoSans-Black", "Noto Sans", "Black", 900, false),
    ("NotoSans-BlackItalic", "Noto Sans", "Black Italic", 900, true),
]

@Suite("Bundled Noto Sans")
struct BundledFontsTests {
    @Test("all 18 faces are bundled, lightest first, with the metadata fontTools reads")
    func bundledMetadata() {
        let fonts = FontRegistry.bundledFonts
        #expect(fonts.map(\.postScriptName) == bundledFaces.map(\.postScriptName))
        for (font, expected) in zip(fonts, bundledFaces) {
            #expect(font.familyName == expected.family)
            #expect(font.styleName == expected.style)
            #expect(font.weight == expected.weight)
            #expect(font.isItalic == expected.italic)
            #expect(font.faceIndex == 0)
            #expect(font.path.hasSuffix("/\(expected.postScriptName).ttf"))
        }
    }

    @Test("registering a bundled file reads the same metadata", arguments: bundledFaces.map(\.postScriptName))
    func registerBundledFile(postScriptName: String) throws {
        let registry = FontRegistry(includesSystemFonts: false)
        let descriptors = try registry.register(fileAt: TestSupport.bundled("\(postScriptName).ttf"))
        let expected = try #require(bundledFaces.first { $0.postScriptName == postScriptName })
        #expect(descriptors.count == 1)
        #expect(descriptors.first?.postScriptName == expected.postScriptName)
        #expect(descriptors.first?.familyName == expected.family)
        #expect(descriptors.first?.styleName == expected.style)
        #expect(descriptors.first?.weight == expected.weight)
        #expect(descriptors.first?.isItalic == expected.italic)
    }
}
