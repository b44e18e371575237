/// The shaping stage of layout: shapes each ``FontRun`` with its own face at that face's scale, in its
/// direction, script and the typography's language, one word at a time through the face's word cache (as
/// Chromium's word cache: a word ends after its spaces), and gives each grapheme cluster its glyphs.
struct ParagraphShaper {
    let context: ShapingContext
    /// The layout's faces (``FontFallback/faces``).
    let faces: [FontFace]
    /// Points added after every visible cluster.
    let letterSpacing: Double

    /// The most scalars of one grapheme cluster shaped in one HarfBuzz call. HarfBuzz's mark positioning looks
    /// back over every mark before it (quadratic in a cluster's length: "a" and 20,000 accents take a second),
    /// so a longer cluster (no real text has one) is shaped in pieces of this many scalars.
    static let maximumClusterPiece = 32

    /// Shapes `text` in `runs` (from ``Itemizer``).
    func shape(_ text: ParagraphText, runs: [FontRun]) -> ShapedParagraph {
        let graphemes = text.graphemes
        var glyphs: [LayoutGlyph] = []
        glyphs.reserveCapacity(text.scalars.count)
        var glyphGrapheme: [Int] = []
        glyphGrapheme.reserveCapacity(text.scalars.count)
        let isASCII = text.scripts.isEmpty
        // The grapheme of each scalar; not needed for ASCII, where they are the same.
        var graphemeOfScalar: [Int] = []
        if !isASCII {
            graphemeOfScalar.reserveCapacity(text.scalars.count)
            for g in graphemes.indices {
                for _ in text.scalarRange(ofGrapheme: g) { graphemeOfScalar.append(g) }
            }
        }
        var shaped: [WordGlyph] = []
        var work = 0
        var caches: [(FontRun.Attributes, WordCache)] = []

        text.scalars.withUnsafeBufferPointer { scalars in
            for run in runs {
                let attributes = run.attributes
                let face = faces[attributes.face]
                let unit = context.pointsPerUnit(face)
                let segment = SegmentProperties(isRightToLeft: attributes.level & 1 == 1, script: attributes.script,
                                                language: context.language)
                let features = attributes.script.isCJK ? context.cjkFeatures : context.features
                let cache: WordCache
                if attributes.face == 0, segment == ShapingContext.latin(context.language) {
                    cache = context.latinWordCache
                } else if let known = caches.first(where: { $0.0 == attributes }) {
                    cache = known.1
                } else {
                    cache = face.wordCache(for: features, segment: segment)
                    caches.append((attributes, cache))
                }
                /// Shapes scalars `range` (within the run) and appends their glyphs in logical cluster order.
                func shapePiece(_ range: Range<Int>) {
                    shaped.removeAll(keepingCapacity: true)
                    work += range.count * range.count
                    let piece = UnsafeBufferPointer(rebasing: scalars[range])
                    let isRightToLeft = cache.appendGlyphs(of: piece, to: &shaped) {
                        Shaper.shape(piece, face: face, features: features, segment: segment)
                    }
                    let last = range.upperBound - 1
                    func grapheme(_ glyph: WordGlyph) -> Int {
                        let s = min(range.lowerBound + Int(glyph.cluster), last)
                        return isASCII ? s : graphemeOfScalar[s]
                    }
                    func append(_ glyph: WordGlyph, _ g: Int) {
                        guard graphemes[g].kind == .text || graphemes[g].kind == .space else { return }
                        glyphs.append(LayoutGlyph(id: glyph.id, face: Int32(attributes.face),
                                                  advance: Double(glyph.xAdvance) * unit,
                                                  xOffset: Double(glyph.xOffset) * unit,
                                                  yOffset: Double(glyph.yOffset) * unit))
                        glyphGrapheme.append(g)
                    }
                    if !isRightToLeft {
                        for glyph in shaped { append(glyph, grapheme(glyph)) }
                    } else {
                        // Visual order, clusters descending: append each cluster's glyphs, last cluster first,
                        // keeping HarfBuzz's order within a cluster.
                        var end = shaped.count
                        while end > 0 {
                            let g = grapheme(shaped[end - 1])
                            var start = end - 1
                            while start > 0, grapheme(shaped[start - 1]) == g { start -= 1 }
                            for i in start..<end { append(shaped[i], g) }
                            end = start
                        }
                    }
                }
                // Words end after their spaces; an overlong cluster is shaped in pieces.
                var wordStart = run.graphemes.lowerBound
                for g in run.graphemes {
                    let isWordEnd = g + 1 == run.graphemes.upperBound
                        || (graphemes[g].kind.hangs && !graphemes[g + 1].kind.hangs)
                    let clusterLength = isASCII ? 1 : text.scalarRange(ofGrapheme: g).count
                    if clusterLength > ParagraphShaper.maximumClusterPiece {
                        if wordStart < g {
                            shapePiece(graphemes[wordStart].start..<graphemes[g].start)
                        }
                        let range = text.scalarRange(ofGrapheme: g)
                        for start in stride(from: range.lowerBound, to: range.upperBound,
                                            by: ParagraphShaper.maximumClusterPiece) {
                            shapePiece(start..<min(start + ParagraphShaper.maximumClusterPiece, range.upperBound))
                        }
                        wordStart = g + 1
                    } else if isWordEnd {
                        let end = g + 1 < graphemes.count ? graphemes[g + 1].start : text.scalars.count
                        shapePiece(graphemes[wordStart].start..<end)
                        wordStart = g + 1
                    }
                }
            }
        }

        // Each cluster's glyphs and advance, run by run.
        var clusters: [Cluster] = []
        clusters.reserveCapacity(graphemes.count)
        var glyphIndex = 0
        glyphGrapheme.withUnsafeBufferPointer { glyphGrapheme in
            graphemes.withUnsafeBufferPointer { graphemes in
                for run in runs {
                    let face = Int32(run.attributes.face)
                    for g in run.graphemes {
                        let grapheme = graphemes[g]
                        let first = glyphIndex
                        var advance = 0.0
                        while glyphIndex < glyphGrapheme.count, glyphGrapheme[glyphIndex] == g {
                            advance += glyphs[glyphIndex].advance
                            glyphIndex += 1
                        }
                        if grapheme.kind == .text || grapheme.kind == .space { advance += letterSpacing }
                        clusters.append(Cluster(glyphs: Int32(first)..<Int32(glyphIndex), advance: advance, face: face,
                                                level: grapheme.level, kind: grapheme.kind,
                                                breakBefore: grapheme.breakBefore))
                    }
                }
            }
        }
        return ShapedParagraph(text: text, clusters: clusters, glyphs: glyphs, runs: runs, shapingWork: work)
    }
}
