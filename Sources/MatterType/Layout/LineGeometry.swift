/// Where a layout model puts lines: each line box's height, its baseline, and the box the lines make. The CSS
/// model keeps the typography's numbers as they are; the Figma model rounds them as Figma's files record
/// (BEHAVIOUR §15): a line height relative to the font size (or the font's own) to a whole pixel per line, the
/// box's height up to a whole pixel, each baseline to a whole pixel from the box's top, and an auto-width box's
/// width up to a whole pixel.
struct LineGeometry: Sendable {
    /// Whose model.
    let model: LayoutModel
    /// Every line box's height.
    let lineHeight: Double
    /// The baseline's distance from a line box's top, before any rounding.
    let baselineOffset: Double

    /// How much a float32 product (Figma's lines × line height) may sit above a whole pixel and still be it.
    static let wholePixelTolerance = 1e-3

    /// The geometry of `typography`'s lines under `model`.
    init(_ typography: TypographyLayout, model: LayoutModel) {
        self.model = model
        guard model == .figma, typography.usesFontLineHeight || typography.lineHeightUnit == .percent else {
            lineHeight = typography.lineHeight
            baselineOffset = typography.baselineOffset
            return
        }
        // Figma rounds a relative line height per line, a tie to even (32.5 → 32); never to nothing.
        lineHeight = max(typography.lineHeight.rounded(.toNearestOrEven), 1)
        baselineOffset = (lineHeight - (typography.ascent + typography.descent)) / 2 + typography.ascent
    }

    /// The baseline of a line whose box starts at `top`: a whole pixel from the box's top under Figma's model.
    func baseline(top: Double) -> Double {
        model == .figma ? (top + baselineOffset).rounded() : top + baselineOffset
    }

    /// The box's height from the lines' extent `height`: whole pixels, rounded up, under Figma's model.
    func boxHeight(_ height: Double) -> Double {
        model == .figma ? (height - LineGeometry.wholePixelTolerance).rounded(.up) : height
    }

    /// The box's width from its widest line's `extent` when no width is given: whole pixels, rounded up, under
    /// Figma's model (an auto-width box).
    func boxWidth(_ extent: Double) -> Double {
        model == .figma ? (extent - LineGeometry.wholePixelTolerance).rounded(.up) : extent
    }
}
