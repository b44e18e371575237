/// Whose text model boxes, baselines and line widths follow (Docs/Model.md compares them).
public enum LayoutModel: String, NamedChoice, CaseIterable, Sendable, Hashable, Codable {
    /// Chromium's CSS model, the default: every line box is exactly the line height, the box is the lines'
    /// height, baselines and widths are not rounded, and letter spacing follows every cluster, the last included.
    case css
    /// Figma's, as its files record it (BEHAVIOUR §15): letter spacing sits between characters (a line's width,
    /// alignment and fitting leave out the last cluster's), an auto-width box is its widest line rounded up to a
    /// whole pixel, heights are whole pixels (a line height in percent or Auto is rounded per line, one in pixels
    /// only in the total), baselines are whole pixels from the box's top, a final CR adds no line, and spaces before
    /// a line feed count in the width.
    case figma
    /// Figma's first text layout, which a text node saying `layoutVersion: 0` still has (files of 2019, and texts
    /// not edited since): as ``figma``, except that no line height is rounded per line, only the box's total, up
    /// (Roboto Bold at 20 px, Auto: 23.44 → 24, where ``figma`` has 23), every baseline is the ascent below its
    /// line's top, the leading under the glyphs, letter spacing follows the last character too (as in CSS), and a
    /// card's middle and bottom alignment align the glyphs' block (the first line's ascent to the last one's
    /// descent) rather than the lines.
    case figmaVersion0

    /// Whether it is one of Figma's models (``figma`` or ``figmaVersion0``): whole-pixel heights, baselines and auto
    /// widths, a final CR adding no line, spaces before a line feed counting in the width.
    public var isFigma: Bool { self != .css }
}
