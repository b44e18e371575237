/// A face's vertical metrics and decoration lines, in font units, read from its OpenType tables.
public struct FontMetrics: Sendable, Hashable {
    /// `head.unitsPerEm`.
    public let unitsPerEm: Int
    /// `hhea.ascender` (positive, above the baseline).
    public let ascender: Int
    /// `hhea.descender` (negative, below the baseline).
    public let descender: Int
    /// `hhea.lineGap`; MatterType ignores it, as CSS and Figma do.
    public let lineGap: Int
    /// `post.underlinePosition`: the top of the underline relative to the baseline (negative is below).
    public let underlinePosition: Int
    /// `post.underlineThickness`.
    public let underlineThickness: Int
    /// `OS/2.yStrikeoutPosition`: the bottom of the strikeout stroke above the baseline.
    public let strikeoutPosition: Int
    /// `OS/2.yStrikeoutSize`.
    public let strikeoutSize: Int
    /// `OS/2.sCapHeight` (version 2 and later), else the top of the glyph for "H" (as Skia and so Chromium do).
    public let capHeight: Int
    /// `OS/2.sxHeight` (version 2 and later), else the top of the glyph for "x".
    public let xHeight: Int
    /// `OS/2.sTypoAscender` (else ``ascender``): with ``typoDescender``, the em box's top where a CJK font
    /// draws its ideographs (ruby is set against it).
    public let typoAscender: Int
    /// `OS/2.sTypoDescender` (negative; else ``descender``).
    public let typoDescender: Int

    /// The em box's ascent in em (``typoAscender`` over the typo ascender and descender's sum, as Chromium
    /// normalizes them): 0.88 for Noto Sans CJK.
    public var emBoxAscent: Double {
        let sum = typoAscender - typoDescender
        return sum > 0 ? Double(typoAscender) / Double(sum) : 0.8
    }
}
