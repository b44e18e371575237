import Foundation
import Testing
@testable import MatterType
import MatterTypeWire

@Suite("Typography and environment")
struct TypographyTests {
    let registry = FontRegistry(includesSystemFonts: false)
    let body = Typography(family: "Noto Sans", fontSize: 16, lineHeight: 24)

    func resolved(_ typography: Typography, _ environment: TypographyEnvironment = .default,
                  cap: Double? = nil) throws -> TypographyLayout {
        try TypographyLayout(typography: typography, environment: environment, registry: registry,
                             maximumScaleFactor: cap)
    }

    @Test("defaults and modifiers")
    func modifiers() {
        #expect(body.fontStyle == .regular && body.letterSpacing == 0 && body.textCase == .none)
        #expect(body.textStyle == .body && body.maximumScaleFactor == nil && !body.isFixed)
        #expect(body.bold.fontWeight == .bold)
        #expect(body.bold.regular.fontWeight == .regular)
        #expect(body.italic.fontStyle == .italic)
        #expect(body.fontSize(20).lineHeight(30).fontSize == 20)
        #expect(body.letterSpacing(0.5).textCase(.uppercase).decoration(.underline).textDecoration == .underline)
        #expect(body.fixed.isFixed)
        #expect(body.maximumScaleFactor(1.5).maximumScaleFactor == 1.5)
        #expect(body.familyName("Acme").familyName == "Acme")
        #expect(body.fontWeight(.semibold) != body)
        #expect(Set([body, body.bold, body]).count == 2)
    }

    @Test("Codable round trip")
    func codable() throws {
        let typography = body.bold.italic.letterSpacing(0.5).maximumScaleFactor(2)
        let data = try JSONEncoder().encode(typography)
        #expect(try JSONDecoder().decode(Typography.self, from: data) == typography)
    }

    @Test("partial JSON: only family, size and line height are required; the rest take the initializer's defaults")
    func partialJSON() throws {
        let minimal = try JSONDecoder().decode(Typography.self, from: Data("""
            {"fontFamily": "Noto Sans", "fontSize": 16, "lineHeight": 24}
            """.utf8))
        #expect(minimal == Typography(family: "Noto Sans", fontSize: 16, lineHeight: 24))
        let named = try JSONDecoder().decode(Typography.self, from: Data("""
            {"fontFamily": "Inter", "fontSize": 20, "lineHeight": 28, "fontWeight": "semibold",
             "variations": {"wdth": 90}, "textCase": "uppercase"}
            """.utf8))
        #expect(named.fontWeight == .semibold && named.variations == ["wdth": 90] && named.textCase == .uppercase)
        #expect(try JSONDecoder().decode(Typography.self, from: Data(#"{"fontFamily": "X", "fontSize": 1, "lineHeight": 1, "fontWeight": 650}"#.utf8)).fontWeight.rawValue == 650)
        for missing in [#"{"fontSize": 16, "lineHeight": 24}"#, #"{"fontFamily": "A", "lineHeight": 24}"#,
                        #"{"fontFamily": "A", "fontSize": 16}"#,
                        #"{"fontFamily": "A", "fontSize": 16, "lineHeight": 24, "fontWeight": 1001}"#] {
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(Typography.self, from: Data(missing.utf8)) }
        }
    }

    @Test("variable-font coordinates: wght from the weight, ital or slnt for italic, opsz from the size, all clamped")
    func coordinates() {
        let flex = FontDescriptor(
            postScriptName: "Flex-Regular", familyName: "Flex", styleName: "Regular", weight: 400, isItalic: false,
            path: "memory", faceIndex: 0,
            axes: [FontAxis(tag: "wght", name: "Weight", minimum: 100, defaultValue: 400, maximum: 1000),
                   FontAxis(tag: "opsz", name: "Optical size", minimum: 8, defaultValue: 14, maximum: 144),
                   FontAxis(tag: "slnt", name: "Slant", minimum: -10, defaultValue: 0, maximum: 0),
                   FontAxis(tag: "GRAD", name: "Grade", minimum: -200, defaultValue: 0, maximum: 150)])
        #expect(FontMatching.coordinates(of: flex, weight: .semibold, style: .regular, fontSize: 16, explicit: [:])
                == ["wght": 600, "opsz": 16])
        // Italic with only a slant axis: CSS's 14° oblique, kept in the axis's −10…0.
        #expect(FontMatching.coordinates(of: flex, weight: .regular, style: .italic, fontSize: 200,
                                         explicit: ["GRAD": 500, "wdth": 80])
                == ["wght": 400, "opsz": 144, "slnt": -10, "GRAD": 150])
        let italicAxis = FontDescriptor(
            postScriptName: "I", familyName: "I", styleName: "Regular", weight: 400, isItalic: false, path: "m",
            faceIndex: 0, axes: [FontAxis(tag: "ital", name: "Italic", minimum: 0, defaultValue: 0, maximum: 1)])
        #expect(FontMatching.coordinates(of: italicAxis, weight: .bold, style: .italic, fontSize: 12, explicit: [:])
                == ["ital": 1])
        // A slant axis counts as an oblique face for italic, so nothing is synthesized.
        #expect(FontMatching.select([FaceCandidate(descriptor: flex, source: .registered)], weight: .regular,
                                    style: .italic)?.descriptor == flex)
    }

    @Test("Dynamic Type: body at accessibility5 is 16/24 × 53/17")
    func dynamicType() throws {
        let layout = try resolved(body, TypographyEnvironment(contentSizeCategory: .accessibility5))
        // shared/data/dynamic-type.json: body large 17 pt, accessibility5 53 pt.
        #expect(abs(layout.fontSize - 16.0 * 53 / 17) < 1e-9)  // 49.882…
        #expect(abs(layout.lineHeight - 24.0 * 53 / 17) < 1e-9)  // 74.823…
        #expect(abs(layout.fontSize - 49.88235294117647) < 1e-9)
    }

    @Test("every style and category scales by its table ratio",
          arguments: TextStyle.allCases, ContentSizeCategory.allCases)
    func scaleTable(style: TextStyle, category: ContentSizeCategory) throws {
        let layout = try resolved(body.textStyle(style), TypographyEnvironment(contentSizeCategory: category))
        let factor = style.pointSize(for: category) / style.pointSize(for: .large)
        #expect(abs(layout.scaleFactor - factor) < 1e-12)
        #expect(abs(layout.fontSize - 16 * factor) < 1e-9)
    }

    @Test("maximumScaleFactor caps growth; the caller's cap too; the smaller wins")
    func caps() throws {
        let a5 = TypographyEnvironment(contentSizeCategory: .accessibility5)
        #expect(try resolved(body.maximumScaleFactor(1.5), a5).fontSize == 24)
        #expect(try resolved(body.maximumScaleFactor(1.5), a5).lineHeight == 36)
        #expect(try resolved(body, a5, cap: 2).fontSize == 32)
        #expect(try resolved(body.maximumScaleFactor(1.5), a5, cap: 1.2).fontSize == 16 * 1.2)
        // A cap never makes small categories bigger.
        #expect(try resolved(body.maximumScaleFactor(1.5), .init(contentSizeCategory: .xSmall)).fontSize
                == 16.0 * 14 / 17)
    }

    @Test("isFixed never scales", arguments: ContentSizeCategory.allCases)
    func fixed(category: ContentSizeCategory) throws {
        let layout = try resolved(body.fixed, TypographyEnvironment(contentSizeCategory: category))
        #expect(layout.fontSize == 16 && layout.lineHeight == 24 && layout.scaleFactor == 1)
    }

    @Test("letter spacing, indent and paragraph spacing do not scale")
    func unscaledFields() throws {
        var typography = body.letterSpacing(1)
        typography.paragraphIndent = 10
        typography.paragraphSpacing = 8
        let layout = try resolved(typography, TypographyEnvironment(contentSizeCategory: .accessibility3))
        #expect(layout.letterSpacing == 1 && layout.paragraphIndent == 10 && layout.paragraphSpacing == 8)
    }

    @Test("Bold Text chooses the heavier face and keeps size and line height")
    func boldText() throws {
        let layout = try resolved(body, TypographyEnvironment(isBoldTextEnabled: true))
        #expect(layout.font.font.postScriptName == "NotoSans-Medium")
        #expect(layout.fontSize == 16 && layout.lineHeight == 24)
        let semibold = try resolved(body.fontWeight(.semibold), TypographyEnvironment(isBoldTextEnabled: true))
        #expect(semibold.font.font.postScriptName == "NotoSans-Bold")
    }

    @Test("metrics from the font tables: first baseline 18.208 for Noto Sans 16/24")
    func metrics() throws {
        let layout = try resolved(body)
        // fontTools: hhea ascender 1069, descender -293, unitsPerEm 1000; post underline -100/50,
        // OS/2 strikeout 322/50 (Regular).
        #expect(abs(layout.ascent - 17.104) < 1e-9)
        #expect(abs(layout.descent - 4.688) < 1e-9)
        #expect(abs(layout.baselineOffset - 18.208) < 1e-9)
        #expect(abs(layout.underline.top - 1.6) < 1e-9 && abs(layout.underline.thickness - 0.8) < 1e-9)
        #expect(abs(layout.strikethrough.top + 5.152) < 1e-9 && abs(layout.strikethrough.thickness - 0.8) < 1e-9)
    }

    @Test("negative leading: 16 pt on a 12 pt line keeps the line 12 tall")
    func negativeLeading() throws {
        let layout = try resolved(body.lineHeight(12))
        #expect(abs(layout.baselineOffset - ((12 - 21.792) / 2 + 17.104)) < 1e-9)  // 12.208
        let text = try TextLayout("one two three", typography: layout, limits: LayoutLimits(width: 40))
        #expect(text.height == Double(text.lines.count) * 12)
    }

    @Test("bad values are clear errors", arguments: [
        (-16.0, 24.0), (0, 24), (.nan, 24), (.infinity, 24), (16, 0), (16, -1), (16, .nan), (20_000, 24), (16, 10_001),
    ])
    func badValues(size: Double, lineHeight: Double) {
        let error = #expect(throws: LayoutError.self) {
            try resolved(Typography(family: "Noto Sans", fontSize: size,
                                    lineHeight: lineHeight))
        }
        #expect(error?.description.contains("is not allowed; use") == true)
    }
}

extension Typography {
    /// A copy with another Dynamic Type style (test convenience).
    func textStyle(_ style: TextStyle) -> Typography {
        var copy = self
        copy.textStyle = style
        return copy
    }
}
