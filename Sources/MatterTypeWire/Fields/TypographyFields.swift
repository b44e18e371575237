public import MatterType

/// What a designer sets: the typography fields of a request (and of a card's text layer), each changing the
/// token's typography (or Noto Sans 16 on 24), and the reader's settings Dynamic Type and Bold Text follow.
///
/// Declared once in ``fields``: the JSON keys, the `mattertype` options, spans' keys, the OpenAPI schema and
/// `Docs/Fields.md` all come from there.
public struct TypographyFields: FieldGroup {
    /// The family, then further families for characters it lacks.
    public var family: [String]?
    /// The weight.
    public var weight: FontWeight?
    /// Italic (true) or upright.
    public var italic: Bool?
    /// The width.
    public var fontWidth: FontWidth?
    /// The font size (an `em` is 16 points).
    public var size: Length?
    /// The line height (an `em` is the font size), or the font's own.
    public var lineHeight: LineHeight?
    /// The space after every grapheme cluster.
    public var letterSpacing: Length?
    /// The space added to every word separator.
    public var wordSpacing: Length?
    /// How far the first line of each paragraph is indented.
    public var paragraphIndent: Length?
    /// The space between paragraphs.
    public var paragraphSpacing: Length?
    /// The case the text is put in.
    public var textCase: TextCase?
    /// Underline or strikethrough.
    public var decoration: TextDecoration?
    /// The Dynamic Type style that scales the size.
    public var textStyle: TextStyle?
    /// The content size category (default `large`).
    public var contentSize: ContentSizeCategory?
    /// Lay out as with the Bold Text accessibility setting on.
    public var boldText: Bool?
    /// The most Dynamic Type may scale the typography by.
    public var maxScale: Double?
    /// Never scale with Dynamic Type.
    public var fixed: Bool?
    /// OpenType features as HarfBuzz spells them.
    public var features: [String]?
    /// The text's language (BCP 47).
    public var language: String?
    /// The paragraphs' base direction.
    public var direction: TextDirection?
    /// How paragraphs choose their lines.
    public var textWrap: TextWrap?
    /// Rows or columns.
    public var writingMode: WritingMode?
    /// How characters stand in a column.
    public var textOrientation: TextOrientation?
    /// Leading trim, as CSS `text-box`.
    public var textBox: TextBox?
    /// Where words may be hyphenated.
    public var hyphens: Hyphens?
    /// The CPAL palette color fonts are drawn in.
    public var palette: Int?
    /// Variation axis coordinates by tag.
    public var variations: [String: Double]?

    /// No field set.
    public init() {}

    /// The group's fields, each declared once: key, help, value, span key and what it changes.
    public static let fields: [RequestField<TypographyFields>] = [
        .init("family", \.family, FamilyNames.self,
              help: "The family: \"Noto Sans\", \"NotoSans\", \"system\", a generic (serif, monospace…) or a registered family; a comma-separated list (as CSS font-family) or an array names further families for characters the first lacks.",
              span: \.familyNames, typography: .custom { typography, names, _ in
                  typography.fontFamily = .named(names[0])
                  typography.fallbackFamilyNames = Array(names.dropFirst())
              }),
        .init("weight", \.weight, FontWeight.self,
              help: "The weight: a name (thin … black), a synonym (demibold, heavy) or a number 1 … 1000.",
              span: \.weight, typography: .set(\.fontWeight)),
        .init("italic", \.italic, Bool.self, help: "Use the italic style.", span: \.isItalic,
              typography: .custom { typography, italic, _ in typography.fontStyle = italic ? .italic : .regular }),
        .init("fontWidth", \.fontWidth, FontWidth.self,
              help: "The width (CSS font-width): ultraCondensed … normal … ultraExpanded, or a percentage 50% … 200%.",
              span: \.fontWidth, typography: .set(\.fontWidth)),
        .init("size", \.size, Length.self,
              help: "The font size in points (16), or in em of 16 points (\"2em\"); a span's size is in points.",
              schema: ##"{"oneOf": [{"type": "number", "exclusiveMinimum": 0, "maximum": 10000}, {"$ref": "#/components/schemas/LengthWithUnit"}]}"##,
              examples: FieldExamples(accepted: ["4", "9.5", "13.7", "16", "24", "40", "72", "120", "0.1", "300", "1000",
                                                 #""2em""#, #""150%""#, #""24px""#, #""0.5em""#],
                                      refused: ["0", "-4", #""1e3em""#, #""12vw""#]),
              span: \.size, as: Double.self,
              typography: .custom { typography, size, _ in typography.fontSize = size.points(fontSize: Length.rootFontSize) }),
        .init("lineHeight", \.lineHeight, LineHeight.self,
              help: "The line height in points, of the font size (\"150%\", \"1.5em\": Figma's percent) or auto (the font's own: Figma's Auto, CSS normal) (default 150%).",
              typography: .custom { $1.apply(to: &$0, fontSize: $2.fontSize) }),
        .init("letterSpacing", \.letterSpacing, Length.self,
              help: "Space added after every grapheme cluster, in points or of the font size (\"-0.02em\", \"-2%\"); a span's is in points.",
              span: \.letterSpacing, as: Double.self,
              typography: .custom { $0.letterSpacing = $1.points(fontSize: $2.fontSize) }),
        .init("wordSpacing", \.wordSpacing, Length.self,
              help: "Space added to every word separator (space, no-break space…) on top of the letter spacing, as CSS word-spacing, in points or of the font size (\"0.25em\"); a span's is in points.",
              span: \.wordSpacing, as: Double.self,
              typography: .custom { $0.wordSpacing = $1.points(fontSize: $2.fontSize) }),
        .init("paragraphIndent", \.paragraphIndent, Length.self,
              help: "How far the first line of each paragraph is indented, in points or em.",
              typography: .custom { $0.paragraphIndent = $1.points(fontSize: $2.fontSize) }),
        .init("paragraphSpacing", \.paragraphSpacing, Length.self, help: "Space between paragraphs, in points or em.",
              typography: .custom { $0.paragraphSpacing = $1.points(fontSize: $2.fontSize) }),
        .init("textCase", \.textCase, Choice<TextCase>.self, help: "none, lowercase, uppercase or capitalize.",
              span: \.textCase, typography: .set(\.textCase)),
        .init("decoration", \.decoration, Choice<TextDecoration>.self, help: "none, underline or strikethrough.",
              span: \.decoration, typography: .set(\.textDecoration)),
        .init("textStyle", \.textStyle, Choice<TextStyle>.self,
              help: "The Dynamic Type style that scales the size (default body).", typography: .set(\.textStyle)),
        .init("contentSize", \.contentSize, Choice<ContentSizeCategory>.self,
              help: "The content size category, xSmall … accessibility5 (default large)."),
        .init("boldText", \.boldText, Bool.self, help: "Lay out as with the Bold Text accessibility setting on."),
        .init("maxScale", \.maxScale, Double.self, help: "The most Dynamic Type may scale the typography by.",
              schema: ##"{"type": "number", "minimum": 0.01, "maximum": 100}"##, examples: FieldExamples(accepted: ["1", "1.5", "3"], refused: ["0", "-1"]),
              typography: .custom { typography, scale, _ in typography.maximumScaleFactor = scale }),
        .init("fixed", \.fixed, Bool.self, help: "Never scale with Dynamic Type.", typography: .set(\.isFixed)),
        .init("features", \.features, FeatureList.self,
              help: "OpenType features as HarfBuzz writes them: comma-separated (tnum,liga=0,-kern) or an array.",
              span: \.features, typography: .set(\.features)),
        .init("language", \.language, String.self,
              help: "The text's language, a BCP 47 tag (ja, zh-Hans, ar): language-specific glyphs, fallback fonts and hyphenation.",
              schema: ##"{"$ref": "#/components/schemas/Language"}"##,
              examples: FieldExamples(accepted: ["en", "de", "fr", "tr", "ar", "he", "hi", "th", "ja", "zh-Hans", "ko", "el",
                                                 "ru", "en-US", "x-bogus", "", "und", "sr-Latn"].map { "\"\($0)\"" },
                                      refused: ["12"]),
              span: \.language,
              typography: .custom { typography, language, _ in typography.language = language }),
        .init("direction", \.direction, Choice<TextDirection>.self,
              help: "The paragraphs' base direction: auto (from the first strong character), ltr or rtl.",
              typography: .set(\.direction)),
        .init("textWrap", \.textWrap, Choice<TextWrap>.self,
              help: "How paragraphs choose their lines, as CSS text-wrap-style: wrap (greedy), balance (even lines, paragraphs of up to 6) or pretty (no lone last word, the last 4 lines).",
              typography: .set(\.textWrap)),
        .init("writingMode", \.writingMode, Choice<WritingMode>.self,
              help: "How lines run, as CSS writing-mode: horizontal-tb (rows, the default), vertical-rl (columns right to left, as Japanese and Chinese books) or vertical-lr (columns left to right); a column's length is height.",
              typography: .set(\.writingMode)),
        .init("textOrientation", \.textOrientation, Choice<TextOrientation>.self,
              help: "How characters stand in a column, as CSS text-orientation: mixed (the default: CJK upright, Latin and digits sideways, by UAX #50), upright (all) or sideways (all, turned 90° clockwise).",
              typography: .set(\.textOrientation)),
        .init("textBox", \.textBox, TextBox.self,
              help: "Leading trim, as CSS text-box: normal, or trim-start, trim-end or trim-both and edges (over: text, cap, ex; under: text, alphabetic). Figma's cap height to baseline is \"trim-both cap alphabetic\".",
              typography: .set(\.textBox)),
        .init("hyphens", \.hyphens, Choice<Hyphens>.self,
              help: "Where words may be hyphenated, as CSS hyphens: manual (at soft hyphens only, the default), auto (also where the language's hyphenation dictionary in /usr/share/hyphen allows) or none.",
              typography: .set(\.hyphens)),
        .init("palette", \.palette, Int.self,
              help: "The CPAL palette color fonts (COLR) are drawn in, 0 (the font's default) to 65535; a font without it uses its first.",
              schema: ##"{"type": "integer", "minimum": 0, "maximum": 65535}"##, examples: FieldExamples(accepted: ["0", "1", "3", "65535"], refused: ["70000", "-1"]),
              typography: .custom { typography, palette, _ throws(RenderRequestError) in
                  guard (0...0xFFFF).contains(palette) else {
                      throw .invalid(field: "palette", reason: "\(palette) is not a palette index; use 0 to 65535")
                  }
                  typography.fontPalette = palette
              }),
        .init("variations", \.variations, AxisValues.self,
              help: "Variation axis coordinates by tag, {\"wdth\": 80} (on the command line \"wdth=80,GRAD=50\"); wght, ital/slnt and opsz follow the weight, italic and size unless given.",
              span: \.variations, typography: .set(\.variations)),
    ]

    /// `typography` with every field set here (lengths in em of `fontSize`).
    /// - Throws: ``RenderRequestError/invalid(field:reason:)`` for a value out of range.
    func applied(to typography: Typography, fontSize: Double) throws(RenderRequestError) -> Typography {
        var result = typography
        let context = FieldContext(fontSize: fontSize)
        for field in TypographyFields.fields { try field.apply?(&result, self, context) }
        return result
    }
}
