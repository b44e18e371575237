/// A text shaped in one run with a typography's face: what `hb-shape` prints, in points.
public struct ShapedText: Sendable, Hashable {
    /// The text shaped: the input after the typography's text case.
    public let text: String
    /// The glyphs in HarfBuzz's output order.
    public let glyphs: [ShapedGlyph]
    /// The sum of the glyphs' x advances, in points.
    public let width: Double
}

/// One glyph from HarfBuzz, scaled to points.
public struct ShapedGlyph: Sendable, Hashable {
    /// The glyph's index in the font.
    public let glyphID: UInt32
    /// The index of the cluster's first Unicode scalar in the shaped text (as `hb-shape` prints it).
    public let cluster: Int
    /// Horizontal advance in points; letter spacing is added to the last glyph of each grapheme cluster.
    public let xAdvance: Double
    /// Vertical advance in points (0 for horizontal text).
    public let yAdvance: Double
    /// Horizontal offset in points.
    public let xOffset: Double
    /// Vertical offset in points, up positive (as HarfBuzz).
    public let yOffset: Double
}

extension TypographyLayout {
    /// Shapes `text` as one run with this typography's face, features, text case and letter spacing.
    ///
    /// With no letter spacing, glyph ids, clusters and advances are exactly `hb-shape`'s for the same font
    /// (at the font's units per em, scaled to ``fontSize``). Characters the face lacks become glyph 0 here;
    /// ``TextLayout`` falls back per character instead.
    public func shape(_ text: String) -> ShapedText {
        let cased = textCase.apply(to: text)
        let scalars = cased.unicodeScalars.map(\.value)
        let units = scalars.withUnsafeBufferPointer { Shaper.shape($0, face: face, features: features) }
        // The scalar index where each grapheme cluster ends, to add letter spacing after it.
        var graphemeOfScalar = [Int](repeating: 0, count: scalars.count)
        var scalarIndex = 0
        for (g, character) in cased.enumerated() {
            for _ in character.unicodeScalars {
                graphemeOfScalar[scalarIndex] = g
                scalarIndex += 1
            }
        }
        let unit = pointsPerUnit
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(units.count)
        for index in 0..<units.count {
            var advance = Double(units.xAdvances[index]) * unit
            // The last glyph (in logical order) of a grapheme carries the spacing.
            let cluster = units.clusters[index]
            let next = units.isRightToLeft ? index - 1 : index + 1
            let nextGrapheme = (0..<units.count).contains(next) ? graphemeOfScalar[units.clusters[next]] : -1
            if letterSpacing != 0, graphemeOfScalar[cluster] != nextGrapheme { advance += letterSpacing }
            glyphs.append(ShapedGlyph(glyphID: units.glyphIDs[index], cluster: cluster, xAdvance: advance,
                                      yAdvance: Double(units.yAdvances[index]) * unit,
                                      xOffset: Double(units.xOffsets[index]) * unit,
                                      yOffset: Double(units.yOffsets[index]) * unit))
        }
        return ShapedText(text: cased, glyphs: glyphs, width: glyphs.reduce(0) { $0 + $1.xAdvance })
    }
}
