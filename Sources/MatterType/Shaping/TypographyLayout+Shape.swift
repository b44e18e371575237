extension TypographyLayout {
    /// Shapes `text` as one paragraph with this typography's faces, features, language, text case and letter
    /// spacing, choosing a face per grapheme cluster as ``TextLayout`` does (unless `options` turn fallback off).
    ///
    /// With no letter spacing, glyph ids, clusters and advances of a run are exactly `hb-shape`'s for the same
    /// font (at the font's units per em, scaled to ``fontSize``). Controls, tabs and soft hyphens have no glyph.
    public func shape(_ text: String, options: ShapingOptions = ShapingOptions()) -> ShapedText {
        let cased = typography.textCase.apply(to: text, language: typography.language)
        var fallback = FontFallback(styleTable, usesFallback: options.usesFallback)
        var utf8 = cased
        let paragraph = utf8.withUTF8 {
            ParagraphText(analyzing: 0..<$0.count, of: cased, bytes: $0, firstScalar: 0, findsBreaks: false,
                          direction: typography.direction)
        }
        let runs = Itemizer.runs(of: paragraph, fallback: &fallback)
        var features = shaping.features
        features.insertsDottedCircle = options.insertsDottedCircle
        let context = options.insertsDottedCircle ? shaping : shaping.with(features: features)
        let shaped = ParagraphShaper(contexts: [context], faces: fallback.faces, spacings: [spacing])
            .shape(paragraph, runs: runs)
        // Each run's glyphs with their advances, then their pen positions in visual order.
        var perRun: [[(glyph: LayoutGlyph, cluster: Int, advance: Double)]] = []
        for run in runs {
            let order = run.attributes.level & 1 == 1 ? Array(run.graphemes.reversed()) : Array(run.graphemes)
            let isCursive = run.attributes.script.isCursive
            var items: [(glyph: LayoutGlyph, cluster: Int, advance: Double)] = []
            for g in order {
                let cluster = shaped.clusters[g]
                let spacing = spacing.after(cluster.kind, scalar: paragraph.scalars[paragraph.graphemes[g].start],
                                            isCursive: isCursive)
                for index in cluster.glyphs {
                    let glyph = shaped.glyphs[Int(index)]
                    let isLast = index == cluster.glyphs.upperBound - 1
                    items.append((glyph, paragraph.graphemes[g].start, glyph.advance + (isLast ? spacing : 0)))
                }
            }
            perRun.append(items)
        }
        var starts = [Double](repeating: 0, count: runs.count)
        var pen = 0.0
        for index in TypographyLayout.visualOrder(levels: runs.map(\.attributes.level)) {
            starts[index] = pen
            pen += perRun[index].reduce(0) { $0 + $1.advance }
        }
        var glyphs: [ShapedGlyph] = []
        for (index, items) in perRun.enumerated() {
            var x = starts[index]
            for item in items {
                glyphs.append(ShapedGlyph(glyphID: item.glyph.id, fontIndex: Int(item.glyph.face), cluster: item.cluster,
                                          xAdvance: item.advance, xOffset: item.glyph.xOffset,
                                          yOffset: item.glyph.yOffset, x: x))
                x += item.advance
            }
        }
        return ShapedText(text: cased, glyphs: glyphs, fonts: fallback.faces.map(\.descriptor),
                          missingCharacters: fallback.missingCharacters.compactMap(Unicode.Scalar.init),
                          width: pen, faces: fallback.faces)
    }

    /// The runs' indexes left to right: Unicode's rule L2, reversing every stretch of runs at each level from the
    /// highest down to the lowest odd one.
    static func visualOrder(levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), let lowestOdd = levels.filter({ $0 & 1 == 1 }).min() else { return order }
        var level = highest
        while level >= lowestOdd {
            var start = 0
            while start < order.count {
                guard levels[order[start]] >= level else {
                    start += 1
                    continue
                }
                var end = start
                while end < order.count, levels[order[end]] >= level { end += 1 }
                order[start..<end].reverse()
                start = end
            }
            if level == 0 { break }
            level -= 1
        }
        return order
    }
}
