/// A box that takes the place of text in a line (an icon, a badge, an avatar), as an inline image does in CSS:
/// a line may break on either side of it, it aligns as CSS `vertical-align` says, and it never changes the line's
/// height (a box taller than the line box overflows it, and ``TextLayout/inkBounds`` counts it). Only its
/// geometry is laid out: what is drawn in it is the caller's (``TextLayout/inlineBoxes`` says where). In the
/// layout's text and a line's text a box is U+FFFC, the object replacement character; a U+FFFC in a text span
/// is a character, not a box.
///
/// ```swift
/// let text = StyledText("Verified ").appending(box: InlineBox(width: 16, height: 16, alignment: .middle))
/// ```
public struct InlineBox: Sendable, Hashable, Codable {
    /// The box's width in points (its advance in the line).
    public var width: Double
    /// The box's height in points.
    public var height: Double
    /// How it sits on the line.
    public var alignment: InlineBoxAlignment

    /// A box of `width` × `height` points, aligned `alignment`.
    public init(width: Double, height: Double, alignment: InlineBoxAlignment = .baseline) {
        self.width = width
        self.height = height
        self.alignment = alignment
    }

    private enum CodingKeys: String, CodingKey {
        case width, height, alignment = "align"
    }

    /// Encodes `{"width": 20, "height": 20, "align": "middle"}`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(width, forKey: .width)
        try c.encode(height, forKey: .height)
        try c.encode(alignment, forKey: .alignment)
    }

    /// Decodes `{"width": 20, "height": 20, "align": "middle"}`; `align` defaults to `baseline`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        width = try c.decode(Double.self, forKey: .width)
        height = try c.decode(Double.self, forKey: .height)
        alignment = try c.decodeIfPresent(InlineBoxAlignment.self, forKey: .alignment) ?? .baseline
    }

    /// The largest width or height a box may have, in points (as a layout's width).
    public static let maximumSide = 1_000_000.0
}

/// Where an ``InlineBox`` sits on its line (CSS `vertical-align` for an atomic inline), against the paragraph's
/// primary font and line box.
public enum InlineBoxAlignment: String, NamedChoice, CaseIterable, Sendable, Hashable, Codable {
    /// Its bottom on the baseline.
    case baseline
    /// Its middle half the font's x-height above the baseline.
    case middle
    /// Its top at the font's ascent above the baseline.
    case textTop = "text-top"
    /// Its bottom at the font's descent below the baseline.
    case textBottom = "text-bottom"
    /// Its top at the line box's top.
    case top
    /// Its bottom at the line box's bottom.
    case bottom
}
