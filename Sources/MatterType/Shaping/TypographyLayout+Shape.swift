extension TypographyLayout {
    /// Shapes `text` as one paragraph with this typography's faces, features, language, text case and letter
    /// spacing, choosing a face per grapheme cluster as ``TextLayout`` does (unless `options` turn fallback off).
    ///
    /// With no letter spacing, glyph ids, clusters and advances of a run are exactly `hb-shape`'s for the same
    /// font (at the font's units per em, scaled to ``fontSize``). Controls, tabs and soft hyphens have no glyph.
    public func shape(_ text: String, options: ShapingOptions = ShapingOptions()) -> ShapedText {
        let cased = textCase.apply(to: text, language: typography.language)
        var fallback = FontFallback(styleTable, usesFallback: options.usesFallback)
        var utf8 = cased
        let paragraph = utf8.withUTF8 {
            ParagraphText(analyzing: 0..<$0.count, of: cased, bytes: $0, firstScalar: 0, findsBreaks: false,
                          direction: direction)
        }
        let runs = Itemizer.runs(of: paragraph, fallback: &fallback)
        var features = shaping.features
        features.insertsDottedCircle = options.insertsDottedCircle
        let context = options.insertsDottedCircle ? shaping : shaping.with(features: features)
        let shaped = ParagraphShaper(contexts: [context], faces: fallback.faces, letterSpacings: [letterSpacing])
            .shape(paragraph, runs: runs)
        var glyphs: [ShapedGlyph] = []
        for run in runs {
            let order = run.attributes.level & 1 == 1 ? Array(run.graphemes.reversed()) : Array(run.graphemes)
            let isCursive = run.attributes.script.isCursive
            for g in order {
                let cluster = shaped.clusters[g]
                let spacing = ParagraphShaper.letterSpacing(letterSpacing, after: cluster.kind, isCursive: isCursive)
                for index in cluster.glyphs {
                    let glyph = shaped.glyphs[Int(index)]
                    let isLast = index == cluster.glyphs.upperBound - 1
                    glyphs.append(ShapedGlyph(glyphID: glyph.id, fontIndex: Int(glyph.face),
                                              cluster: paragraph.graphemes[g].start,
                                              xAdvance: glyph.advance + (isLast ? spacing : 0),
                                              xOffset: glyph.xOffset, yOffset: glyph.yOffset))
                }
            }
        }
        return ShapedText(text: cased, glyphs: glyphs, fonts: fallback.faces.map(\.descriptor),
                          missingCharacters: fallback.missingCharacters.compactMap(Unicode.Scalar.init),
                          width: glyphs.reduce(0) { $0 + $1.xAdvance })
    }
}
