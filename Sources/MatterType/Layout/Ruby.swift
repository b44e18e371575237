extension LineLayouter {
    /// `paragraph` with the annotations of `rubies` whose bases lie in it: each annotation shaped in its style;
    /// the shorter of base and annotation spread over the longer as Chromium's `ruby-align: space-around` does
    /// (an equal space before and after each cluster); a longer annotation overhanging the text on either side
    /// by up to half its font size, as far as the spread base leaves room (Chromium 156's default
    /// `ruby-overhang`); no line break inside a base.
    mutating func annotated(_ paragraph: ShapedParagraph, rubies: [LayoutStyles.Ruby]) -> ShapedParagraph {
        let text = paragraph.text
        let scalars = text.firstScalar..<text.firstScalar + text.scalars.count
        var clusters = paragraph.clusters
        var glyphs = paragraph.glyphs
        var edgeTrims = paragraph.edgeTrims
        var endOverhangs: [Int: Double] = [:]
        var shaped: [ShapedRuby] = []
        var isBase = [Bool](repeating: false, count: clusters.count)
        // The rubies in this paragraph: those whose bases start in its scalars (they are in text order).
        let inParagraph = rubies[rubies.partitionPoint { $0.scalars.lowerBound < scalars.lowerBound }
            ..< rubies.partitionPoint { $0.scalars.lowerBound < scalars.upperBound }]
        let found = inParagraph.compactMap { ruby -> (LayoutStyles.Ruby, Range<Int>)? in
            let first = text.graphemes.partitionPoint { $0.start < ruby.scalars.lowerBound - scalars.lowerBound }
            let end = text.graphemes.partitionPoint { $0.start < ruby.scalars.upperBound - scalars.lowerBound }
            return first < end ? (ruby, first..<end) : nil
        }
        for (_, base) in found { for c in base { isBase[c] = true } }
        for (ruby, base) in found {
            let annotation = shapeAnnotation(ruby.text, style: ruby.style)
            let baseLength = base.reduce(0) { $0 + clusters[$1].advance }
            let annotationClusters = annotation.clusters.filter { $0.kind.isVisible }
            let annotationLength = annotationClusters.reduce(0) { $0 + $1.advance }
            let half = contexts[Int(ruby.style)].fontSize / 2
            var pens: [Double] = []
            var startOverhang = 0.0
            if annotationLength > baseLength, baseLength > 0 {
                // The base spread: each cluster gets `inset` before and after it.
                let inset = (annotationLength - baseLength) / Double(2 * base.count)
                let overhang = min(inset, half)
                let before = base.lowerBound - 1, after = base.upperBound
                if before >= 0, clusters[before].kind == .text, !isBase[before], edgeTrims[base.lowerBound] == nil {
                    startOverhang = min(overhang, clusters[before].advance / 2)
                }
                let endOverhang = after < clusters.count && clusters[after].kind == .text && !isBase[after]
                    ? min(overhang, clusters[after].advance / 2) : 0
                for c in base {
                    let shift = inset - (c == base.lowerBound ? startOverhang : 0)
                    for g in clusters[c].glyphs { glyphs[Int(g)].moveAlong(by: shift, isUpright: clusters[c].isUpright) }
                    clusters[c].advance += 2 * inset
                }
                clusters[base.lowerBound].advance -= startOverhang
                clusters[base.upperBound - 1].advance -= endOverhang
                if endOverhang > 0 { endOverhangs[base.upperBound - 1] = endOverhang }
                // A line that starts with the base has nothing before it to overhang: the advance comes back.
                if startOverhang > 0 { edgeTrims[base.lowerBound] = EdgeTrim(edge: .start, amount: -startOverhang) }
                var pen = 0.0
                for cluster in annotation.clusters {
                    for g in cluster.glyphs {
                        pens.append(pen)
                        pen += annotation.glyphs[Int(g)].advance
                    }
                    pen += cluster.advance - cluster.glyphs.reduce(0) { $0 + annotation.glyphs[Int($1)].advance }
                }
            } else {
                let inset = annotationClusters.isEmpty ? 0
                    : (baseLength - annotationLength) / Double(2 * annotationClusters.count)
                var pen = 0.0
                for cluster in annotation.clusters {
                    if cluster.kind.isVisible { pen += inset }
                    var glyphPen = pen
                    for g in cluster.glyphs {
                        pens.append(glyphPen)
                        glyphPen += annotation.glyphs[Int(g)].advance
                    }
                    pen += cluster.advance + (cluster.kind.isVisible ? inset : 0)
                }
            }
            for c in base.dropFirst() { clusters[c].lineBreak = .prohibited }
            if !writingMode.isVertical {
                // Chromium lays a row out in items, a ruby column and the text between two each one, and rounds
                // each item's width up to its LayoutUnit (1/64 px) from glyph advances that FreeType scaled with
                // a rounded 16.16 factor: at 16 px "漢字" is 32.015625 px, at 20 px 40 (measured with Chromium
                // 156). The text before the base and the column are items.
                let error = LineLayouter.freeTypeScaleError(of: contexts[Int(paragraph.style(ofCluster: base.lowerBound))])
                let itemStart = found.last { $0.1.upperBound <= base.lowerBound }?.1.upperBound ?? 0
                if itemStart < base.lowerBound {
                    let width = clusters[itemStart..<base.lowerBound].reduce(0) { $0 + $1.advance }
                    clusters[base.lowerBound - 1].advance += LineLayouter.layoutUnitCeiling(width * (1 + error)) - width
                }
                let length = max(baseLength, annotationLength)
                clusters[base.upperBound - 1].advance += LineLayouter.layoutUnitCeiling(length * (1 + error)) - length
            }
            shaped.append(ShapedRuby(text: ruby.text, base: base, style: ruby.style,
                                     glyphs: annotation.clusters.flatMap { $0.glyphs.map { annotation.glyphs[Int($0)] } },
                                     pens: pens, isUpright: annotation.clusters.first?.isUpright ?? false,
                                     length: max(baseLength, annotationLength), startOverhang: startOverhang))
        }
        return ShapedParagraph(text: text, clusters: clusters, glyphs: glyphs, runs: paragraph.runs,
                               clusterStyles: paragraph.clusterStyles, edgeTrims: edgeTrims,
                               extras: .of(widthScales: paragraph.extras?.widthScales ?? [:], rubies: shaped,
                                           endOverhangs: endOverhangs),
                               shapingWork: paragraph.shapingWork)
    }

    /// The relative error of the glyph advances Chromium gets from FreeType at `context`'s size and primary
    /// face: FreeType scales font units by `size × 64 × 65536 / unitsPerEm` rounded to an integer (FT_MulFix's
    /// 16.16 factor).
    static func freeTypeScaleError(of context: ShapingContext) -> Double {
        let exact = context.fontSize * 64 * 65536 / Double(context.face.metrics.unitsPerEm)
        return exact > 0 ? exact.rounded() / exact - 1 : 0
    }

    /// `width` rounded up to whole 1/64 pt, as Chromium's `LayoutUnit::FromFloatCeil`.
    static func layoutUnitCeiling(_ width: Double) -> Double { (width * 64 - 1e-7).rounded(.up) / 64 }

    /// An annotation's text shaped alone in `style` (and, in a vertical line, upright as the paragraph's
    /// orientation sets it), falling back through the layout's faces.
    private mutating func shapeAnnotation(_ annotation: String, style: Int32) -> ShapedParagraph {
        var string = annotation
        let analysed = string.withUTF8 { bytes in
            ParagraphText(analyzing: 0..<bytes.count, of: annotation, bytes: bytes, firstScalar: 0, findsBreaks: false,
                          direction: .leftToRight)
        }
        let styles = [Int32](repeating: style, count: analysed.graphemes.count)
        let runs = Itemizer.runs(of: analysed, fallback: &fallback, styles: styles, groups: self.styles.table.shapingGroups,
                                 orientation: typography.shaping.verticalOrientation)
        return ParagraphShaper(contexts: contexts, faces: fallback.faces, spacings: spacings)
            .shape(analysed, runs: runs, styles: styles)
    }
}

extension LayoutGlyph {
    /// Moves the glyph `distance` points along its line: right in a row or sideways, down when set upright in a
    /// column (whose offsets are HarfBuzz's vertical ones, y up).
    mutating func moveAlong(by distance: Double, isUpright: Bool) {
        if isUpright { yOffset -= distance } else { xOffset += distance }
    }
}

/// Where a ruby annotation's box stands across its line, as Chromium 156 places it (measured against it:
/// `Scripts/chromium-vertical-reference.py`): in a row, the box (the annotation font's ascent plus descent,
/// rounded to whole points as Chromium rounds them) sits on the base's em box (its OS/2 typo ascent, normalized
/// to the em), both found from the rounded metrics, so that it overflows the row's top when the half-leading is
/// small; in a column, the annotation's em box stands against the base's, centred on the column, on its right.
struct RubyPlacement: Sendable {
    /// The annotation box's extent across the line.
    let thickness: Double
    /// Rows: the box's top below the line box's top (negative: above it).
    let top: Double
    /// Rows: the annotation's baseline below the line box's top.
    let baseline: Double
    /// Columns: the box's middle from the line box's middle, towards the line's top (a column's right).
    let middleOffset: Double
    /// Columns: the far edge of the annotation's em box from the line box's middle (what the block must reach).
    let farEdge: Double

    /// The placement of an annotation in `annotation` style over text in `base` style, on lines `lineHeight`
    /// tall.
    init(annotation: ShapingContext, base: ShapingContext, lineHeight: Double) {
        func rounded(_ face: FontFace, _ size: Double) -> (ascent: Double, descent: Double) {
            let unit = size / Double(face.metrics.unitsPerEm)
            return ((Double(face.metrics.ascender) * unit).rounded(), (Double(abs(face.metrics.descender)) * unit).rounded())
        }
        let size = base.fontSize, annotationSize = annotation.fontSize
        let baseMetrics = rounded(base.face, size), rubyMetrics = rounded(annotation.face, annotationSize)
        thickness = rubyMetrics.ascent + rubyMetrics.descent
        let contentTop = ((lineHeight - baseMetrics.ascent - baseMetrics.descent) / 2).rounded(.down)
        let emTop = contentTop + (baseMetrics.ascent - size * base.face.metrics.emBoxAscent).rounded(.down)
        let rubyEmDescent = annotationSize * (1 - annotation.face.metrics.emBoxAscent)
        let bottom = emTop + max(0, rubyMetrics.descent - rubyEmDescent).rounded(.down)
        top = bottom - thickness
        baseline = bottom - rubyMetrics.descent
        middleOffset = size / 2 + annotationSize / 2
        farEdge = size / 2 + annotationSize
    }

    /// Rows: how far a line other than the first moves down for its annotations: what the box reaches above the
    /// line box beyond the half-leading left above the line before's em box (Chromium 156's rule, measured).
    func rowShift(lineHeight: Double, fontSize: Double) -> Double {
        max(0, -top - (lineHeight - fontSize) / 2)
    }
}

/// A ruby annotation placed on a line: its text and box in the line's axes (x along the line, y across it, as
/// glyphs are before a column is turned).
struct LineAnnotation: Sendable {
    let text: String
    /// The line (an index into ``TextLayout/lines``).
    let line: Int
    let rect: Rect
    /// Columns: where the annotation's em box ends across (x once turned; the block reaches at least there).
    let reach: Double
}
