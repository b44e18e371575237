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
    /// not edited since): as ``figma``, except that a line of the font's own height is its ascent and its descent
    /// each rounded up to a whole pixel, the baseline between them (Roboto Bold at 20 px: 19 + 5 = 24, where
    /// ``figma`` has 23), and a line height relative to the size is not rounded per line, only the box's total.
    case figmaVersion0

    /// Whether it is one of Figma's models (``figma`` or ``figmaVersion0``): letter spacing between characters,
    /// whole-pixel heights, baselines and auto widths.
    public var isFigma: Bool { self != .css }
}
