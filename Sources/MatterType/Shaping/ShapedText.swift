/// A text shaped with a typography, falling back per grapheme cluster as layout does: what `hb-shape` prints,
/// in points, run by run.
public struct ShapedText: Sendable, Hashable {
    /// The text shaped: the input after the typography's text case.
    public let text: String
    /// The glyphs, run by run in logical order, each run's glyphs in HarfBuzz's output order (visual order:
    /// a right-to-left run's clusters descend).
    public let glyphs: [ShapedGlyph]
    /// The faces the glyphs use (``ShapedGlyph/fontIndex``): the typography's first, then fallbacks.
    public let fonts: [FontDescriptor]
    /// Characters no face has (shaped as the primary face's .notdef, glyph 0).
    public let missingCharacters: [Unicode.Scalar]
    /// The sum of the glyphs' x advances, in points.
    public let width: Double
}

/// One glyph from HarfBuzz, scaled to points.
public struct ShapedGlyph: Sendable, Hashable {
    /// The glyph's index in its font.
    public let glyphID: UInt32
    /// Which of ``ShapedText/fonts`` it comes from.
    public let fontIndex: Int
    /// The index of its grapheme cluster's first Unicode scalar in the shaped text (as `hb-shape` prints
    /// clusters).
    public let cluster: Int
    /// Horizontal advance in points; letter spacing is added to the last glyph of each grapheme cluster.
    public let xAdvance: Double
    /// Horizontal offset in points.
    public let xOffset: Double
    /// Vertical offset in points, up positive (as HarfBuzz).
    public let yOffset: Double
}

extension TypographyLayout {
    /// Shapes `text` as one paragraph with this typography's faces, features, language, text case and letter
    /// spacing, choosing a face per grapheme cluster as ``TextLayout`` does.
    ///
    /// With no letter spacing, glyph ids, clusters and advances of a run are exactly `hb-shape`'s for the same
    /// font (at the font's units per em, scaled to ``fontSize``). Controls, tabs and soft hyphens have no glyph.
    public func shape(_ text: String) -> ShapedText {
        let cased = textCase.apply(to: text)
        var fallback = FontFallback(context: shaping)
        let bytes = Array(cased.utf8)
        let paragraph = bytes.allSatisfy({ $0 < 0x80 })
            ? bytes.withUnsafeBufferPointer {
                ParagraphText(ascii: 0..<bytes.count, of: $0, firstScalar: 0, findsBreaks: false,
                              direction: direction)
            }
            : ParagraphText(cased[...], range: 0..<bytes.count, firstScalar: 0, findsBreaks: false,
                            direction: direction)
        let runs = Itemizer.runs(of: paragraph, fallback: &fallback)
        let shaped = ParagraphShaper(context: shaping, faces: fallback.faces, letterSpacing: letterSpacing)
            .shape(paragraph, runs: runs)
        var glyphs: [ShapedGlyph] = []
        for run in runs {
            let order = run.attributes.level & 1 == 1 ? Array(run.graphemes.reversed()) : Array(run.graphemes)
            for g in order {
                let cluster = shaped.clusters[g]
                for index in cluster.glyphs {
                    let glyph = shaped.glyphs[Int(index)]
                    let isLast = index == cluster.glyphs.upperBound - 1
                    glyphs.append(ShapedGlyph(glyphID: glyph.id, fontIndex: Int(glyph.face),
                                              cluster: paragraph.graphemes[g].start,
                                              xAdvance: glyph.advance + (isLast ? letterSpacing : 0),
                                              xOffset: glyph.xOffset, yOffset: glyph.yOffset))
                }
            }
        }
        return ShapedText(text: cased, glyphs: glyphs, fonts: fallback.faces.map(\.descriptor),
                          missingCharacters: fallback.missingCharacters.compactMap(Unicode.Scalar.init),
                          width: glyphs.reduce(0) { $0 + $1.xAdvance })
    }
}
