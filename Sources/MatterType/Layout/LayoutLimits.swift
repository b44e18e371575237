/// How lines break when text does not fit, as `NSLineBreakMode`.
public enum LineBreakMode: String, NamedChoice, CaseIterable, Sendable, Hashable, Codable {
    /// Break between words (UAX #14); a word wider than the line breaks between grapheme clusters.
    case byWordWrapping = "wordWrap"
    /// Break between any two grapheme clusters.
    case byCharWrapping = "charWrap"
    /// Wrap by words; the last line allowed by `maxLines` holds the rest of its paragraph, cut at the width.
    case byClipping = "clip"
    /// Wrap by words; the last line allowed shows "…" and the end of the rest of its paragraph.
    case byTruncatingHead = "truncateHead"
    /// Wrap by words; the last line allowed shows the start and end of the rest, with "…" between.
    case byTruncatingMiddle = "truncateMiddle"
    /// Wrap by words; the last line allowed shows the start of the rest and "…".
    case byTruncatingTail = "truncateTail"
}

/// Where lines sit horizontally. In JSON and on the command line CSS's `start` is read as ``natural``.
public enum TextAlignment: String, NamedChoice, CaseIterable, Sendable, Hashable, Codable {
    /// Flush left.
    case left
    /// Centered.
    case center
    /// Flush right.
    case right
    /// Both edges flush, by widening spaces; the last line of a paragraph is aligned naturally.
    case justified
    /// Left for left-to-right paragraphs, right for right-to-left ones (CSS `start`).
    case natural
    /// Right for left-to-right paragraphs, left for right-to-left ones (CSS `end`).
    case end

    /// CSS's name for ``natural``, read as it.
    public static let aliases: [String: TextAlignment] = ["start": .natural]
}

/// Shrinking text to fit its box (``LayoutLimits/fit``): the largest font size on a 0.25 pt grid, from
/// ``minimumFontSize`` up to the typography's own size, at which the text fits the width without breaking a word,
/// the maximum height and the line limit. Line height and letter spacing (the spans' sizes and spacing too) scale
/// with the size. When no size fits, the minimum is used.
public struct TextFit: Sendable, Hashable, Codable {
    /// The smallest size tried, in points (default 1).
    public var minimumFontSize: Double

    /// Fitting down to `minimumFontSize` points.
    public init(minimumFontSize: Double = 1) {
        self.minimumFontSize = minimumFontSize
    }
}

/// The box text is laid out in.
///
/// In a vertical writing mode (``Typography/writingMode``) lines are columns: ``height`` is their length, as
/// ``width`` is a row's, and ``width`` bounds the columns' extent across when fitting (as ``maxHeight`` bounds
/// rows'); ``alignment`` places each column's characters along it (left is the top).
public struct LayoutLimits: Sendable, Hashable, Codable {
    /// The maximum line width in points, or `nil` for no limit (each paragraph is one line).
    public var width: Double?
    /// The column length of a vertical writing mode, in points, or `nil` for no limit (each paragraph is one
    /// column); horizontal text has no use for it.
    public var height: Double?
    /// The most lines shown; 0 shows them all.
    public var maxLines: Int
    /// How lines break and the last allowed line is truncated.
    public var lineBreakMode: LineBreakMode
    /// Where lines sit horizontally.
    public var alignment: TextAlignment
    /// The most height the text may take, in points, for ``fit``; `nil`: no limit.
    public var maxHeight: Double?
    /// Shrinking the font size until the text fits ``width``, ``maxHeight`` and ``maxLines``; `nil`: the
    /// typography's size as it is.
    public var fit: TextFit?
    /// Whose box model: Chromium's CSS (the default) or Figma's.
    public var model: LayoutModel = .css
    /// Whether the layout also measures ``TextLayout/minContentWidth`` (a card frame sizing a text fit-content).
    package var measuresMinContent = false

    /// Limits; the defaults are no width limit, all lines, word wrapping, natural alignment, no fitting.
    public init(width: Double? = nil, height: Double? = nil, maxLines: Int = 0,
                lineBreakMode: LineBreakMode = .byWordWrapping, alignment: TextAlignment = .natural,
                maxHeight: Double? = nil, fit: TextFit? = nil, model: LayoutModel = .css) {
        self.width = width
        self.height = height
        self.maxLines = maxLines
        self.lineBreakMode = lineBreakMode
        self.alignment = alignment
        self.maxHeight = maxHeight
        self.fit = fit
        self.model = model
    }

    private enum CodingKeys: String, CodingKey {
        case width, height, maxLines, lineBreakMode, alignment, maxHeight, fit, model
    }

    /// Decodes limits; a missing `model` is ``LayoutModel/css``.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(width: try c.decodeIfPresent(Double.self, forKey: .width),
                  height: try c.decodeIfPresent(Double.self, forKey: .height),
                  maxLines: try c.decode(Int.self, forKey: .maxLines),
                  lineBreakMode: try c.decode(LineBreakMode.self, forKey: .lineBreakMode),
                  alignment: try c.decode(TextAlignment.self, forKey: .alignment),
                  maxHeight: try c.decodeIfPresent(Double.self, forKey: .maxHeight),
                  fit: try c.decodeIfPresent(TextFit.self, forKey: .fit),
                  model: try c.decodeIfPresent(LayoutModel.self, forKey: .model) ?? .css)
    }
}

extension LayoutLimits {
    /// The limits the line layout works in for `mode`: these in horizontal text; in a vertical mode, lines as
    /// long as ``height`` and their extent across bounded by ``width`` (for fitting).
    func alongLines(of mode: WritingMode) -> LayoutLimits {
        guard mode.isVertical else { return self }
        var limits = self
        limits.width = height
        limits.height = nil
        limits.maxHeight = width
        return limits
    }
}
