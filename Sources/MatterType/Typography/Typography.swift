/// A typography as a design system defines it: family, weight, style, size, line height and the rest.
///
/// A value type, as in YMatterType. Modifiers return a copy with one field changed:
///
/// ```swift
/// let body = Typography(family: "Noto Sans", fontSize: 16, lineHeight: 24)
/// let label = body.fontWeight(.semibold).letterSpacing(0.5).textCase(.uppercase).decoration(.underline)
/// ```
///
/// Sizes are in points; one point is one pixel at display scale 1.
public struct Typography: Sendable, Hashable, Codable {
    /// The family, by name ("Noto Sans", "NotoSans") or as a custom ``FontFamily``.
    public var fontFamily: FamilyReference
    /// Upright or italic.
    public var fontStyle: FontStyle
    /// The weight.
    public var fontWeight: FontWeight
    /// The width (CSS `font-width`/`font-stretch`): matched among the family's faces, and the `wdth` coordinate of
    /// a variable face.
    public var fontWidth: FontWidth = .normal
    /// The font size in points at the default content size.
    public var fontSize: Double
    /// The line height in points (absolute, not a multiple): every line box is exactly this tall.
    public var lineHeight: Double
    /// When true, the line height is the font's own instead of ``lineHeight``: its `hhea` ascender, descender and
    /// line gap at the font size (CSS `line-height: normal` as Figma's "Auto" and Tokens Studio's `"AUTO"` mean it).
    public var usesFontLineHeight = false
    /// How ``lineHeight`` was given: in points, or relative to the font size (Figma's percent, CSS's em). The CSS
    /// model lays both out alike; the Figma model rounds a relative one per line and a point one in the total.
    public var lineHeightUnit: LineHeightUnit = .points
    /// Points added after every grapheme cluster, the last on a line included.
    public var letterSpacing: Double
    /// Points added to every word separator (space, no-break space…), as CSS `word-spacing`, on top of the
    /// letter spacing; not scaled by Dynamic Type.
    public var wordSpacing = 0.0
    /// Points the first line of each paragraph is indented by.
    public var paragraphIndent: Double
    /// Points added between paragraphs (not after the last).
    public var paragraphSpacing: Double
    /// How the text is cased before shaping.
    public var textCase: TextCase
    /// Underline, strikethrough or none.
    public var textDecoration: TextDecoration
    /// Which Dynamic Type curve scales this typography.
    public var textStyle: TextStyle
    /// The most Dynamic Type may scale this typography by, or `nil` for no cap.
    public var maximumScaleFactor: Double?
    /// When true, Dynamic Type never scales this typography.
    public var isFixed: Bool
    /// OpenType features as HarfBuzz spells them (`tnum`, `liga=0`, `+smcp`), applied after the defaults.
    public var features: [String]
    /// Families tried, in order, for characters the first family's face lacks, before the system's fallback
    /// (the rest of a CSS `font-family` list or a DTCG `fontFamily` array).
    public var fallbackFamilyNames: [String] = []
    /// The text's language as a BCP 47 tag (`"ja"`, `"zh-Hans"`, `"ar"`), or `nil`: it selects
    /// language-specific glyphs when shaping and language-appropriate fallback fonts.
    public var language: String?
    /// The paragraphs' base direction: from their first strong character (the default), or forced.
    public var direction: TextDirection = .auto
    /// Variation axis coordinates by tag (`["wdth": 80, "GRAD": 50]`), set after those MatterType derives from the
    /// weight, style and size (`wght`, `ital`/`slnt`, `opsz`); ignored for axes the face lacks.
    public var variations: [String: Double] = [:]
    /// How paragraphs choose their lines: greedy (the default), balanced or pretty (CSS `text-wrap-style`).
    public var textWrap: TextWrap = .wrap
    /// Leading trim: the block's top and bottom cut to the first and last lines' edges (CSS `text-box`).
    public var textBox: TextBox = .normal
    /// Where words may be hyphenated: at soft hyphens only (the default), also where the ``language``'s
    /// hyphenation dictionary allows, or nowhere (CSS `hyphens`).
    public var hyphens: Hyphens = .manual
    /// The CPAL palette color fonts (COLR) are drawn in: 0, the font's default, or another of its palettes (CSS
    /// `font-palette`); a font without that palette uses its first. Palette index 0xFFFF is the text color.
    public var fontPalette: Int = 0
    /// How lines run: horizontal rows (the default) or vertical columns placed right to left or left to right
    /// (CSS `writing-mode`); a column's length is ``LayoutLimits/height``.
    public var writingMode: WritingMode = .horizontalTopToBottom
    /// How characters stand in a vertical line (CSS `text-orientation`): upright where their script is set so
    /// (the default, `mixed`), all upright, or all sideways; ignored in horizontal text.
    public var textOrientation: TextOrientation = .mixed
    /// Whether the text is set across a vertical line in one em (a span's ``SpanStyle/textCombineUpright``;
    /// ignored in horizontal text).
    package var textCombineUpright: TextCombineUpright = .none

    /// A family named by a string, resolved through the registry's factory, or a custom ``FontFamily``. A string
    /// literal is a named family.
    public enum FamilyReference: Sendable, Hashable, Codable, ExpressibleByStringLiteral {
        /// A family name such as "Noto Sans", mapped by ``DefaultFontFamilyFactory``.
        case named(String)
        /// A custom family with its own naming.
        case custom(any FontFamily)

        /// A named family from a string literal.
        public init(stringLiteral name: String) { self = .named(name) }

        /// The name: the string, or the custom family's ``FontFamily/familyName``.
        public var name: String {
            switch self {
            case .named(let name): name
            case .custom(let family): family.familyName
            }
        }

        public static func == (lhs: FamilyReference, rhs: FamilyReference) -> Bool {
            switch (lhs, rhs) {
            case (.named(let a), .named(let b)): a == b
            case (.custom(let a), .custom(let b)): FamilyReference.naming(a) == FamilyReference.naming(b)
            default: false
            }
        }

        public func hash(into hasher: inout Hasher) {
            switch self {
            case .named(let name): hasher.combine(name)
            case .custom(let family): hasher.combine(FamilyReference.naming(family))
            }
        }

        /// Everything that makes two families behave alike: every PostScript name, supported weights, and Bold
        /// Text mapping.
        private static func naming(_ family: any FontFamily) -> [String] {
            var parts = [String(describing: type(of: family)), family.familyName]
            parts += family.supportedWeights.map { "\($0.rawValue)" }
            for weight in FontWeight.named {
                parts.append("\(family.accessibilityBoldWeight(for: weight).rawValue)")
                for style in FontStyle.allCases { parts.append(family.fontName(for: weight, style: style)) }
            }
            return parts
        }

        /// Encodes the name; a custom family decodes as `.named` with the same name.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(name)
        }

        /// Decodes a family name.
        public init(from decoder: any Decoder) throws {
            self = .named(try decoder.singleValueContainer().decode(String.self))
        }
    }

    /// A typography; only the family, size and line height have no default.
    ///
    /// ```swift
    /// let body = Typography(family: "Noto Sans", fontSize: 16, lineHeight: 24)
    /// let brand = Typography(family: .custom(AcmeFamily()), fontWeight: .semibold, fontSize: 20, lineHeight: 28)
    /// ```
    public init(family: FamilyReference, fontWeight: FontWeight = .regular, fontSize: Double, lineHeight: Double,
                fontStyle: FontStyle = .regular, letterSpacing: Double = 0, paragraphIndent: Double = 0,
                paragraphSpacing: Double = 0, textCase: TextCase = .none, textDecoration: TextDecoration = .none,
                textStyle: TextStyle = .body, maximumScaleFactor: Double? = nil, isFixed: Bool = false,
                features: [String] = [], fallbackFamilyNames: [String] = [], language: String? = nil,
                direction: TextDirection = .auto, variations: [String: Double] = [:],
                fontWidth: FontWidth = .normal) {
        self.fontFamily = family
        self.fontWidth = fontWidth
        self.fontWeight = fontWeight
        self.fontSize = fontSize
        self.lineHeight = lineHeight
        self.fontStyle = fontStyle
        self.letterSpacing = letterSpacing
        self.paragraphIndent = paragraphIndent
        self.paragraphSpacing = paragraphSpacing
        self.textCase = textCase
        self.textDecoration = textDecoration
        self.textStyle = textStyle
        self.maximumScaleFactor = maximumScaleFactor
        self.isFixed = isFixed
        self.features = features
        self.fallbackFamilyNames = fallbackFamilyNames
        self.language = language
        self.direction = direction
        self.variations = variations
    }

    /// The family's name.
    public var familyName: String { fontFamily.name }

    /// The most families a typography (or a span) may name: the family and its fallbacks, as CSS `font-family`
    /// lists them. Each costs a resolution, so an unbounded list would let one request take minutes.
    public static let maximumFamilyCount = 16
    /// The longest family name, in characters.
    public static let maximumFamilyNameLength = 256

    private enum CodingKeys: String, CodingKey {
        case fontFamily, fontStyle, fontWeight, fontSize, lineHeight, letterSpacing, paragraphIndent,
             paragraphSpacing, textCase, textDecoration, textStyle, maximumScaleFactor, isFixed, features,
             fallbackFamilyNames, language, direction, variations, fontWidth, usesFontLineHeight, textWrap, textBox, hyphens,
             fontPalette, wordSpacing, lineHeightUnit, writingMode, textOrientation
    }

    /// Decodes a typography from JSON in which only `fontFamily`, `fontSize` and `lineHeight` are required;
    /// every other key may be absent and then takes the initializer's default. `fontWeight` is a number
    /// (1…1000) or a name ("semibold").
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(family: try c.decode(FamilyReference.self, forKey: .fontFamily),
                  fontWeight: try c.decodeIfPresent(FontWeight.self, forKey: .fontWeight) ?? .regular,
                  fontSize: try c.decode(Double.self, forKey: .fontSize),
                  lineHeight: try c.decode(Double.self, forKey: .lineHeight),
                  fontStyle: try c.decodeIfPresent(FontStyle.self, forKey: .fontStyle) ?? .regular,
                  letterSpacing: try c.decodeIfPresent(Double.self, forKey: .letterSpacing) ?? 0,
                  paragraphIndent: try c.decodeIfPresent(Double.self, forKey: .paragraphIndent) ?? 0,
                  paragraphSpacing: try c.decodeIfPresent(Double.self, forKey: .paragraphSpacing) ?? 0,
                  textCase: try c.decodeIfPresent(TextCase.self, forKey: .textCase) ?? .none,
                  textDecoration: try c.decodeIfPresent(TextDecoration.self, forKey: .textDecoration) ?? .none,
                  textStyle: try c.decodeIfPresent(TextStyle.self, forKey: .textStyle) ?? .body,
                  maximumScaleFactor: try c.decodeIfPresent(Double.self, forKey: .maximumScaleFactor),
                  isFixed: try c.decodeIfPresent(Bool.self, forKey: .isFixed) ?? false,
                  features: try c.decodeIfPresent([String].self, forKey: .features) ?? [],
                  fallbackFamilyNames: try c.decodeIfPresent([String].self, forKey: .fallbackFamilyNames) ?? [],
                  language: try c.decodeIfPresent(String.self, forKey: .language),
                  direction: try c.decodeIfPresent(TextDirection.self, forKey: .direction) ?? .auto,
                  variations: try c.decodeIfPresent([String: Double].self, forKey: .variations) ?? [:],
                  fontWidth: try c.decodeIfPresent(FontWidth.self, forKey: .fontWidth) ?? .normal)
        usesFontLineHeight = try c.decodeIfPresent(Bool.self, forKey: .usesFontLineHeight) ?? false
        textWrap = try c.decodeIfPresent(TextWrap.self, forKey: .textWrap) ?? .wrap
        textBox = try c.decodeIfPresent(TextBox.self, forKey: .textBox) ?? .normal
        hyphens = try c.decodeIfPresent(Hyphens.self, forKey: .hyphens) ?? .manual
        fontPalette = try c.decodeIfPresent(Int.self, forKey: .fontPalette) ?? 0
        wordSpacing = try c.decodeIfPresent(Double.self, forKey: .wordSpacing) ?? 0
        lineHeightUnit = try c.decodeIfPresent(LineHeightUnit.self, forKey: .lineHeightUnit) ?? .points
        writingMode = try c.decodeIfPresent(WritingMode.self, forKey: .writingMode) ?? .horizontalTopToBottom
        textOrientation = try c.decodeIfPresent(TextOrientation.self, forKey: .textOrientation) ?? .mixed
    }

    private func with(_ change: (inout Typography) -> Void) -> Typography {
        var copy = self
        change(&copy)
        return copy
    }

    /// A copy with another font size (points).
    public func fontSize(_ size: Double) -> Typography { with { $0.fontSize = size } }
    /// A copy with another line height (points).
    public func lineHeight(_ height: Double) -> Typography { with { $0.lineHeight = height } }
    /// A copy with another weight.
    public func fontWeight(_ weight: FontWeight) -> Typography { with { $0.fontWeight = weight } }
    /// A copy with another width.
    public func fontWidth(_ width: FontWidth) -> Typography { with { $0.fontWidth = width } }
    /// A copy with another family name.
    public func familyName(_ name: String) -> Typography { with { $0.fontFamily = .named(name) } }
    /// A copy with other families to try, in order, for characters the first family lacks.
    public func fallbackFamilies(_ names: [String]) -> Typography { with { $0.fallbackFamilyNames = names } }
    /// A copy with other variation axis coordinates.
    public func variations(_ variations: [String: Double]) -> Typography { with { $0.variations = variations } }
    /// A copy with another language (a BCP 47 tag), or none.
    public func language(_ language: String?) -> Typography { with { $0.language = language } }
    /// A copy with another base direction.
    public func direction(_ direction: TextDirection) -> Typography { with { $0.direction = direction } }
    /// A copy with another letter spacing (points).
    public func letterSpacing(_ spacing: Double) -> Typography { with { $0.letterSpacing = spacing } }
    /// A copy with another word spacing (points).
    public func wordSpacing(_ spacing: Double) -> Typography { with { $0.wordSpacing = spacing } }
    /// A copy with another text case.
    public func textCase(_ textCase: TextCase) -> Typography { with { $0.textCase = textCase } }
    /// A copy with another decoration.
    public func decoration(_ decoration: TextDecoration) -> Typography { with { $0.textDecoration = decoration } }
    /// A copy with a cap on Dynamic Type scaling.
    public func maximumScaleFactor(_ factor: Double?) -> Typography { with { $0.maximumScaleFactor = factor } }
    /// A copy with another leading trim.
    public func textBox(_ box: TextBox) -> Typography { with { $0.textBox = box } }
    /// A copy that chooses its lines another way.
    public func textWrap(_ wrap: TextWrap) -> Typography { with { $0.textWrap = wrap } }
    /// A copy that hyphenates words otherwise.
    public func hyphens(_ hyphens: Hyphens) -> Typography { with { $0.hyphens = hyphens } }
    /// A copy drawing color fonts in another CPAL palette.
    public func fontPalette(_ palette: Int) -> Typography { with { $0.fontPalette = palette } }
    /// A copy whose lines run another way.
    public func writingMode(_ mode: WritingMode) -> Typography { with { $0.writingMode = mode } }
    /// A copy whose characters stand otherwise in vertical lines.
    public func textOrientation(_ orientation: TextOrientation) -> Typography { with { $0.textOrientation = orientation } }
    /// A copy in another style.
    public func fontStyle(_ style: FontStyle) -> Typography { with { $0.fontStyle = style } }
    /// A copy at regular weight (as YMatterType's `.regular`).
    public var regular: Typography { with { $0.fontWeight = .regular } }
    /// A copy at bold weight.
    public var bold: Typography { with { $0.fontWeight = .bold } }
    /// A copy in the italic style.
    public var italic: Typography { with { $0.fontStyle = .italic } }
    /// A copy that Dynamic Type never scales.
    public var fixed: Typography { with { $0.isFixed = true } }
}

/// How lines run (CSS Writing Modes 4 `writing-mode`).
public enum WritingMode: String, NamedChoice, CaseIterable, Sendable, Hashable, Codable {
    /// Rows, top to bottom.
    case horizontalTopToBottom = "horizontal-tb"
    /// Columns, right to left: Japanese and Chinese books.
    case verticalRightToLeft = "vertical-rl"
    /// Columns, left to right: Mongolian, and table headers.
    case verticalLeftToRight = "vertical-lr"

    /// Whether lines are columns.
    public var isVertical: Bool { self != .horizontalTopToBottom }
}

/// How characters stand in a vertical line (CSS Writing Modes 4 `text-orientation`).
public enum TextOrientation: String, NamedChoice, CaseIterable, Sendable, Hashable, Codable {
    /// Characters of vertical scripts upright, the rest (Latin, digits) sideways: UAX #50 (the default).
    case mixed
    /// Every character upright.
    case upright
    /// Every character sideways, turned 90° clockwise.
    case sideways
}

/// Whether a run of a vertical line is set across it in the space of one character (CSS Writing Modes 4
/// `text-combine-upright`): tate-chu-yoko, for dates' digits ("12"), "!?" and short initialisms.
public enum TextCombineUpright: String, NamedChoice, CaseIterable, Sendable, Hashable, Codable {
    /// Set as the rest of the line (the default).
    case none
    /// The span's text, whatever it is, set horizontally in one em along the column: in the font's half-width
    /// forms (`hwid`) when it is wider than an em, and narrowed to an em when it is still wider.
    case all
}

/// The base direction of a paragraph (UAX #9).
public enum TextDirection: String, NamedChoice, CaseIterable, Sendable, Hashable, Codable {
    /// From the paragraph's first strong character, left to right when it has none (CSS
    /// `unicode-bidi: plaintext`, HTML `dir="auto"`).
    case auto
    /// Left to right.
    case leftToRight = "ltr"
    /// Right to left.
    case rightToLeft = "rtl"
}
