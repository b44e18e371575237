/// Where a layout model puts lines: each line box's height, its baseline, and the box the lines make. The CSS
/// model keeps the typography's numbers as they are; the Figma model rounds them as Figma's files record
/// (BEHAVIOUR §15): a line height relative to the font size (or the font's own) to a whole pixel per line, the
/// box's height up to a whole pixel, each baseline to a whole pixel from the box's top, and an auto-width box's
/// width up to a whole pixel; Figma's first layout (``LayoutModel/figmaVersion0``) rounds no line height per line
/// and puts the leading under the glyphs.
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
        switch model {
        case .figma where typography.usesFontLineHeight || typography.lineHeightUnit == .percent:
            // Figma rounds a relative line height per line, a tie to even (32.5 → 32); never to nothing.
            lineHeight = max(typography.lineHeight.rounded(.toNearestOrEven), 1)
            baselineOffset = (lineHeight - (typography.ascent + typography.descent)) / 2 + typography.ascent
        case .figmaVersion0:
            // Its first layout rounds no line height per line, only the box's total, up (Roboto 17 px, 19.92 a line:
            // boxes of 20, 40 and 60 in the Chicago Design System; Roboto Bold 20 px: 23.44 → 24 in Clarity Colors),
            // and puts every baseline the ascent below its line's top, the leading under the glyphs (TOP-aligned
            // texts' ink in both files: Roboto 17 px on 26 has its baseline at 16, not 18.81).
            lineHeight = typography.lineHeight
            baselineOffset = typography.ascent
        default:
            lineHeight = typography.lineHeight
            baselineOffset = typography.baselineOffset
        }
    }

    /// The baseline of a line whose box starts at `top`: a whole pixel from the box's top under Figma's model.
    func baseline(top: Double) -> Double {
        model.isFigma ? (top + baselineOffset).rounded() : top + baselineOffset
    }

    /// The box's height from the lines' extent `height`: whole pixels under Figma's model, rounded up, or to the
    /// nearest when leading trim cut the box (`trimmed`: Figma's "cap height to baseline" boxes of Nunito Sans at
    /// 16, 10.5 and 40 px are 11, 7 and 28 high, for cap heights of 11.28, 7.43 and 28.2).
    func boxHeight(_ height: Double, trimmed: Bool) -> Double {
        guard model.isFigma else { return height }
        return trimmed ? height.rounded() : (height - LineGeometry.wholePixelTolerance).rounded(.up)
    }

    /// The box's width from its widest line's `extent` when no width is given: whole pixels, rounded up, under
    /// Figma's model (an auto-width box).
    func boxWidth(_ extent: Double) -> Double {
        model.isFigma ? (extent - LineGeometry.wholePixelTolerance).rounded(.up) : extent
    }
}
