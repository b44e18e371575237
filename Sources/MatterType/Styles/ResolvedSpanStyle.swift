/// A span style resolved for layout: its typography (the paragraph's with the span's changes, resolved in the
/// same environment) and its color. ``TextLayout/styles`` lists them; glyphs, runs and decorations refer to
/// them by index, the paragraph's own style first.
public struct ResolvedSpanStyle: Sendable {
    /// The span's resolved typography: its face, size, letter spacing, decoration strokes. (Its line height and
    /// baseline are the paragraph's: lines never change height for a span.)
    public let typography: TypographyLayout
    /// The span's color, or `nil` for the renderer's.
    public let color: Color?
}
