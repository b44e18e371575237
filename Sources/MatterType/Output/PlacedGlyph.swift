import Foundation

/// A glyph of a ``Drawing``'s text, where the PNG draws it.
struct PlacedGlyph {
    let face: FontFace
    let glyph: UInt32
    /// The font size in points.
    let size: Double
    let color: Color
    /// The CPAL palette its color glyph is drawn in (the typography's ``Typography/fontPalette``).
    let palette: Int
    /// Its pixels per em at the drawing's scale: a COLRv1 glyph is embedded as an image of that resolution.
    let pixelsPerEm: Double
    /// The pen position in points, snapped as the PNG snaps it.
    let x: Double
    let y: Double
    /// Whether it is drawn turned 90° clockwise about the pen (``PositionedGlyph/isSideways``): `x` is then
    /// snapped to a pixel column and `y` to a quarter pixel.
    let isSideways: Bool
    /// The factor its outline's width is drawn at (``PositionedGlyph/widthScale``).
    let widthScale: Double
    /// The text the glyph stands for ("" for a ligature's or cluster's later glyphs).
    let text: String
}

/// A ``Drawing`` text's decoration, snapped to whole pixel rows as the PNG draws it.
struct PlacedDecoration {
    let rect: Rect
    let color: Color
}

extension TextLayout {
    /// The glyphs at `origin` (points), placed as ``TextRenderer`` places them at `scale` pixels a point: x to a
    /// quarter pixel, baselines on pixel rows; each in its style's color or `color`.
    func placedGlyphs(at origin: Point, scale: Double, color: Color, lines range: Range<Int>? = nil) -> [PlacedGlyph] {
        var placed: [PlacedGlyph] = []
        for line in lines[range ?? lines.indices] {
            let texts = line.glyphTexts
            for (index, glyph) in line.glyphs.enumerated() {
                let x = (origin.x + glyph.x) * scale, y = (origin.y + glyph.y) * scale
                guard x.magnitude < 1e9, y.magnitude < 1e9 else { continue }
                let pen = glyph.isSideways ? PixelPen(x: y, y: x) : PixelPen(x: x, y: y)
                let (penX, penY) = glyph.isSideways ? (Double(pen.baseline), pen.x) : (pen.x, Double(pen.baseline))
                placed.append(PlacedGlyph(face: faces[glyph.fontIndex], glyph: glyph.glyphID,
                                          size: styleTable.fontSizes[glyph.styleIndex],
                                          color: styleTable.colors[glyph.styleIndex] ?? color,
                                          palette: typography.fontPalette,
                                          pixelsPerEm: styleTable.fontSizes[glyph.styleIndex] * scale,
                                          x: penX / scale, y: penY / scale, isSideways: glyph.isSideways,
                                          widthScale: glyph.widthScale,
                                          text: index < texts.count ? texts[index] : ""))
            }
        }
        return placed
    }

    /// The decorations at `origin`, on whole pixel rows as ``TextRenderer`` fills them at `scale` (a vertical
    /// line's on whole pixel columns).
    func placedDecorations(at origin: Point, scale: Double, color: Color,
                           lines range: Range<Int>? = nil) -> [PlacedDecoration] {
        let isVertical = typography.typography.writingMode.isVertical
        return lines[range ?? lines.indices].flatMap(\.decorations).map { rect in
            if isVertical {
                let left = ((origin.x + rect.x) * scale).rounded() / scale
                let width = max(1, (rect.width * scale).rounded()) / scale
                return PlacedDecoration(rect: Rect(x: left, y: origin.y + rect.y, width: width, height: rect.height),
                                        color: styleTable.colors[rect.styleIndex] ?? color)
            }
            let top = ((origin.y + rect.y) * scale).rounded() / scale
            let height = max(1, (rect.height * scale).rounded()) / scale
            return PlacedDecoration(rect: Rect(x: origin.x + rect.x, y: top, width: rect.width, height: height),
                                    color: styleTable.colors[rect.styleIndex] ?? color)
        }
    }
}
