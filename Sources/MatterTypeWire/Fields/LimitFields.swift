public import MatterType

/// The paragraph and box limits of a request: the width lines wrap at, how many lines and how much height, how
/// lines break, truncate and align, and whether the size shrinks to fit.
///
/// Declared once in ``fields`` (see ``RequestField``).
public struct LimitFields: FieldGroup {
    /// The maximum line width in points; `nil`: each paragraph is one line.
    public var width: Double?
    /// The column length of a vertical writing mode in points; `nil`: each paragraph is one column.
    public var height: Double?
    /// The most lines shown; 0 shows all.
    public var maxLines: Int?
    /// The most height in points, for ``fit``.
    public var maxHeight: Double?
    /// Whether the font size shrinks until the text fits.
    public var fit: Bool?
    /// The smallest size ``fit`` tries (default 1).
    public var minFontSize: Double?
    /// How lines break and truncate.
    public var lineBreakMode: LineBreakMode?
    /// How lines are aligned.
    public var alignment: TextAlignment?
    /// Whose box model: Chromium's CSS (the default) or Figma's.
    public var model: LayoutModel?

    /// No field set.
    public init() {}

    /// The group's fields, each declared once: key, help, value, span key and what it changes.
    public static let fields: [RequestField<LimitFields>] = [
        .init("width", \.width, Double.self,
              help: "The maximum line width in points (default: none; each paragraph is one line).",
              schema: ##"{"type": "number", "exclusiveMinimum": 0, "maximum": 1000000}"##,
              examples: FieldExamples(accepted: ["1", "40", "120.5", "320", "800", "100000", "0.5"], refused: ["0", "-5"])),
        .init("height", \.height, Double.self,
              help: "The column length in points of a vertical writing mode, as width is a row's (default: none; each paragraph is one column).",
              schema: ##"{"type": "number", "exclusiveMinimum": 0, "maximum": 1000000}"##,
              examples: FieldExamples(accepted: ["1", "96", "240.5", "1000"], refused: ["0", "-5"])),
        .init("maxLines", \.maxLines, Int.self, help: "The most lines shown; 0 shows all.",
              schema: ##"{"type": "integer", "minimum": 0}"##),
        .init("maxHeight", \.maxHeight, Double.self, help: "The most height in points, for fit (default: none).",
              schema: ##"{"type": "number", "exclusiveMinimum": 0, "maximum": 1000000}"##,
              examples: FieldExamples(accepted: ["1", "24", "100.5", "400"], refused: ["0", "-1"])),
        .init("fit", \.fit, Bool.self,
              help: "Shrink the font size on a 0.25 pt grid (line height and letter spacing with it) until the text fits width without breaking a word, maxHeight and maxLines; measure reports the size as fontSize."),
        .init("minFontSize", \.minFontSize, Double.self, help: "The smallest size fit tries, in points (default 1).",
              schema: ##"{"type": "number", "exclusiveMinimum": 0}"##, examples: FieldExamples(accepted: ["0.25", "1", "4", "8", "12"], refused: ["0", "100"])),
        .init("lineBreakMode", \.lineBreakMode, Choice<LineBreakMode>.self,
              help: "wordWrap (the default), charWrap, clip, truncateHead, truncateMiddle or truncateTail."),
        .init("alignment", \.alignment, Choice<TextAlignment>.self,
              help: "left, center, right, justified or natural (the default; also start), or end: start is left in a left-to-right paragraph, right in a right-to-left one. Any letter case."),
        .init("model", \.model, Choice<LayoutModel>.self,
              help: "css (the default: Chromium's box, baselines and widths), figma (Figma's: letter spacing between characters only, whole-pixel heights and baselines, an auto-width box rounded up, a final CR adding no line; Docs/Model.md) or figmaVersion0 (Figma's first text layout, layoutVersion 0: no line height rounded per line, the leading under the glyphs, letter spacing after the last character)."),
    ]
}
