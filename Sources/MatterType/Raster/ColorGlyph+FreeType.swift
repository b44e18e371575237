import CFreeType

extension RasterFace {
    /// `face`'s COLR table when it is version 1 or later (FT_Load_Sfnt_Table), its variable paints at the face's
    /// normalized `coordinates`; `nil` otherwise.
    static func colorTable(of face: FT_Face, coordinates: [Double]) -> ColorPaintTable? {
        let colr: FT_ULong = 0x434F_4C52  // 'COLR'
        var length: FT_ULong = 0
        guard FT_Load_Sfnt_Table(face, colr, 0, nil, &length) == 0, length >= 34, length < 1 << 30 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        guard FT_Load_Sfnt_Table(face, colr, 0, &bytes, &length) == 0 else { return nil }
        return ColorPaintTable(bytes, coordinates: coordinates)
    }

    /// `glyph`'s COLRv1 paint graph read from `table`, with the face locked (PaintGlyph outlines are loaded
    /// unscaled, without synthesized bold or slant: the slant comes with the glyph's transform).
    func readColorGlyph(_ face: FT_Face, table: ColorPaintTable, glyph: UInt32, unitsPerEm: Int) -> ColorGlyph? {
        table.glyph(glyph, unitsPerEm: unitsPerEm) { layer in
            outline(face, glyph: layer, unitsPerEm: unitsPerEm, synthesized: false)
                ?? GlyphOutline(segments: [], unitsPerEm: unitsPerEm)
        }
    }
}
