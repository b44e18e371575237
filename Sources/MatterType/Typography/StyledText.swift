import Foundation

/// Text made of spans, each a string with its own style on top of the paragraph's ``Typography`` (as Skia's
/// ParagraphBuilder push/pop styles, Pango attributes or an HTML paragraph of `<span>`s).
///
/// ```swift
/// let notification = StyledText("Order ")
///     .appending("#1234", SpanStyle().weight(.bold))
///     .appending(" arrives ")
///     .appending("between 2 and 4 pm", SpanStyle().italic().color(Color(parsing: "#0A66C2")))
/// let layout = try TextLayout(notification, typography: body, limits: LayoutLimits(width: 280))
/// ```
///
/// Lines stay exactly the paragraph's line height and every span sits on the line's baseline, whatever its
/// size. Line breaks do not depend on where a style changes; kerning and ligatures do not cross a change of
/// font, size or letter spacing (a change of color or decoration alone keeps words shaped whole, as in
/// Chromium).
///
/// In JSON (through MatterTypeWire, which the CLI and server read requests with): `{"spans": [{"text": "Order "}, {"text": "#1234", "weight": "bold"}]}` (see ``SpanStyle`` for the keys).
public struct StyledText: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The spans, in reading order.
    public var spans: [TextSpan]

    /// The most distinct span styles one layout resolves (each is a font resolution of its own); spans may
    /// repeat styles any number of times.
    public static let maximumDistinctStyles = 1000

    /// A text of these spans.
    public init(_ spans: [TextSpan] = []) {
        self.spans = spans
    }

    /// A text of one span.
    public init(_ text: String, style: SpanStyle = SpanStyle()) {
        spans = [TextSpan(text, style: style)]
    }

    /// A text of one unstyled span.
    public init(stringLiteral text: String) {
        self.init(text)
    }

    /// A copy with one more span at the end.
    public func appending(_ text: String, _ style: SpanStyle = SpanStyle()) -> StyledText {
        var copy = self
        copy.spans.append(TextSpan(text, style: style))
        return copy
    }

    /// A copy with an inline box at the end.
    public func appending(box: InlineBox) -> StyledText {
        var copy = self
        copy.spans.append(TextSpan(box: box))
        return copy
    }

    /// The spans' texts, one after another (before any text case is applied); a box is U+FFFC, the object
    /// replacement character.
    public var string: String { spans.map(\.text).joined() }
}

/// One span of a ``StyledText``: a string and its style, or an ``InlineBox``.
public struct TextSpan: Sendable, Hashable {
    /// The span's text (U+FFFC for a box).
    public var text: String
    /// What it changes from the paragraph's typography.
    public var style: SpanStyle
    /// The box the span is, instead of text; `nil` for text.
    public var box: InlineBox?

    /// A span of `text` in `style`.
    public init(_ text: String, style: SpanStyle = SpanStyle()) {
        self.text = text
        self.style = style
    }

    /// A span that is a box.
    public init(box: InlineBox) {
        text = "\u{FFFC}"
        style = SpanStyle()
        self.box = box
    }
}

/// What a span changes from the paragraph's typography; `nil` keeps the paragraph's value.
///
/// Built fluently: `SpanStyle().weight(.semibold).color(.black).decoration(.underline)`. Its JSON keys are read
/// by MatterTypeWire (`SpanStyle.fields`, the typography fields that spans have: Docs/Fields.md); any other key
/// is an error.
public struct SpanStyle: Sendable, Hashable {
    /// The family, then further families for characters it lacks.
    public var familyNames: [String]?
    /// The weight.
    public var weight: FontWeight?
    /// Italic (true) or upright (false).
    public var isItalic: Bool?
    /// The width (CSS font-width): matched among the family's faces, and a variable face's `wdth`.
    public var fontWidth: FontWidth?
    /// The font size in points at the default content size (Dynamic Type scales it as the paragraph's).
    public var size: Double?
    /// Points after every grapheme cluster.
    public var letterSpacing: Double?
    /// Points added to every word separator (CSS `word-spacing`).
    public var wordSpacing: Double?
    /// The case the span's text is put in.
    public var textCase: TextCase?
    /// The span's decoration, drawn in its color at its font's position.
    public var decoration: TextDecoration?
    /// The span's color; `nil` draws it in the renderer's color.
    public var color: Color?
    /// OpenType features as HarfBuzz spells them, replacing the paragraph's.
    public var features: [String]?
    /// The span's language (BCP 47).
    public var language: String?
    /// Variation axis coordinates by tag, replacing the paragraph's.
    public var variations: [String: Double]?
    /// In a vertical line, the span's text set across the column in one em (tate-chu-yoko); nothing in
    /// horizontal text.
    public var textCombineUpright: TextCombineUpright?
    /// An annotation over the span's text (furigana): set in half the span's size above it in rows, to its right
    /// in columns, spread over it as Chromium's `ruby-align: space-around` does; the span's text is never broken.
    /// Not part of the style's identity: spans that differ only in their annotations share one style.
    public var ruby: String?

    /// A style that changes nothing; set fields or use the modifiers.
    public init(familyNames: [String]? = nil, weight: FontWeight? = nil, isItalic: Bool? = nil, size: Double? = nil,
                letterSpacing: Double? = nil, textCase: TextCase? = nil, decoration: TextDecoration? = nil,
                color: Color? = nil, features: [String]? = nil, language: String? = nil,
                variations: [String: Double]? = nil, fontWidth: FontWidth? = nil, wordSpacing: Double? = nil) {
        self.familyNames = familyNames
        self.fontWidth = fontWidth
        self.weight = weight
        self.isItalic = isItalic
        self.size = size
        self.letterSpacing = letterSpacing
        self.wordSpacing = wordSpacing
        self.textCase = textCase
        self.decoration = decoration
        self.color = color
        self.features = features
        self.language = language
        self.variations = variations
    }

    private func with(_ change: (inout SpanStyle) -> Void) -> SpanStyle {
        var copy = self
        change(&copy)
        return copy
    }

    /// A copy in another family (and, after it, further families).
    public func family(_ name: String, fallbacks: [String] = []) -> SpanStyle {
        with { $0.familyNames = [name] + fallbacks }
    }
    /// A copy at another weight.
    public func weight(_ weight: FontWeight) -> SpanStyle { with { $0.weight = weight } }
    /// A copy in italic (or upright).
    public func italic(_ isItalic: Bool = true) -> SpanStyle { with { $0.isItalic = isItalic } }
    /// A copy at another width.
    public func fontWidth(_ width: FontWidth) -> SpanStyle { with { $0.fontWidth = width } }
    /// A copy at another size (points).
    public func size(_ size: Double) -> SpanStyle { with { $0.size = size } }
    /// A copy with another letter spacing (points).
    public func letterSpacing(_ spacing: Double) -> SpanStyle { with { $0.letterSpacing = spacing } }
    /// A copy with another word spacing (points).
    public func wordSpacing(_ spacing: Double) -> SpanStyle { with { $0.wordSpacing = spacing } }
    /// A copy with another text case.
    public func textCase(_ textCase: TextCase) -> SpanStyle { with { $0.textCase = textCase } }
    /// A copy with another decoration.
    public func decoration(_ decoration: TextDecoration) -> SpanStyle { with { $0.decoration = decoration } }
    /// A copy in another color.
    public func color(_ color: Color?) -> SpanStyle { with { $0.color = color } }
    /// A copy with other OpenType features.
    public func features(_ features: [String]) -> SpanStyle { with { $0.features = features } }
    /// A copy in another language.
    public func language(_ language: String) -> SpanStyle { with { $0.language = language } }
    /// A copy with other variation axis coordinates.
    public func variations(_ variations: [String: Double]) -> SpanStyle { with { $0.variations = variations } }
    /// A copy annotated with `annotation` (ruby), or not (`nil`).
    public func ruby(_ annotation: String?) -> SpanStyle { with { $0.ruby = annotation } }
    /// A copy whose text is, or is not, set across a vertical line in one em.
    public func textCombineUpright(_ combine: TextCombineUpright) -> SpanStyle {
        with { $0.textCombineUpright = combine }
    }

    /// The families of a CSS `font-family` list ("Inter, 'Noto Sans'"): trimmed, unquoted, empty names dropped.
    public static func familyNames(inList list: String) -> [String] {
        list.split(separator: ",").map { String($0.trimmingSpaces().trimming { $0 == "\"" || $0 == "'" }) }
            .filter { !$0.isEmpty }
    }

    /// The settings of a comma-separated feature list ("tnum,-liga"), trimmed, empty ones dropped.
    public static func features(inList list: String) -> [String] {
        list.split(separator: ",").map { String($0.trimmingSpaces()) }.filter { !$0.isEmpty }
    }

    /// `typography` with this style's changes.
    public func applied(to typography: Typography) -> Typography {
        var result = typography
        if let names = familyNames, let first = names.first {
            result.fontFamily = .named(first)
            result.fallbackFamilyNames = Array(names.dropFirst())
        }
        if let weight { result.fontWeight = weight }
        if let isItalic { result.fontStyle = isItalic ? .italic : .regular }
        if let fontWidth { result.fontWidth = fontWidth }
        if let size { result.fontSize = size }
        if let letterSpacing { result.letterSpacing = letterSpacing }
        if let wordSpacing { result.wordSpacing = wordSpacing }
        if let textCase { result.textCase = textCase }
        if let decoration { result.textDecoration = decoration }
        if let features { result.features = features }
        if let language { result.language = language }
        if let variations { result.variations = variations }
        if let textCombineUpright { result.textCombineUpright = textCombineUpright }
        return result
    }
}
