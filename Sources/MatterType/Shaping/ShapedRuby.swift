/// A ruby annotation of a shaped paragraph (``SpanStyle/ruby``), ready to be placed with its base: its glyphs
/// along the ruby's column, which the base's clusters were widened or spread to.
struct ShapedRuby: Sendable {
    /// What it reads.
    let text: String
    /// Its base's clusters.
    let base: Range<Int>
    /// The style its glyphs are drawn in (the base's at half the size).
    let style: Int32
    /// Its glyphs, and each one's pen along the column from the column's start (``LayoutGlyph/advance`` is
    /// already counted in them).
    let glyphs: [LayoutGlyph]
    let pens: [Double]
    /// Whether the glyphs were shaped top to bottom (upright in a vertical line).
    let isUpright: Bool
    /// The column's length along the line: the longer of base and annotation.
    let length: Double
    /// How far the column reaches back over the character before the base (taken off the base's first
    /// advance; a line that starts with the base gets it back).
    let startOverhang: Double
}

extension ShapedRuby {
    /// The rubies of `rubies` (in the order of their bases) whose bases start at one of `clusters`.
    static func starting(in clusters: Range<Int>, of rubies: [ShapedRuby]) -> ArraySlice<ShapedRuby> {
        rubies[rubies.partitionPoint { $0.base.lowerBound < clusters.lowerBound }
            ..< rubies.partitionPoint { $0.base.lowerBound < clusters.upperBound }]
    }
}
