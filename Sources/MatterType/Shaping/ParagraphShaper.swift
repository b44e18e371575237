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
        var state = State(text: text, runs: runs)
        for run in runs { shape(run, of: text, into: &state) }
        // Glyph counts become ranges (glyphs are in cluster order); visible clusters get letter spacing.
        var glyphStart: Int32 = 0
        for c in state.clusters.indices {
            let count = state.clusters[c].glyphs.upperBound
            state.clusters[c].glyphs = glyphStart..<glyphStart + count
            glyphStart += count
            if state.clusters[c].kind.isVisible { state.clusters[c].advance += letterSpacing }
        }
        return ShapedParagraph(text: text, clusters: state.clusters, glyphs: state.glyphs, runs: runs,
                               shapingWork: state.work)
    }

    /// What shaping one paragraph builds. Its fields are mutated through `inout`, which Swift checks for
    /// exclusive access at compile time (variables captured by closures are checked at run time, per access).
    private struct State {
        /// One per grapheme, made first; shaping adds each one's glyph count (kept in `glyphs.upperBound`
        /// until the end) and advance.
        var clusters: [Cluster] = []
        var glyphs: [LayoutGlyph] = []
        /// The grapheme of each scalar; empty for ASCII, where they are the same.
        var graphemeOfScalar: [Int] = []
        /// One word's glyphs from the word cache.
        var shaped: [WordGlyph] = []
        var caches: [(FontRun.Attributes, WordCache)] = []
        /// ``ShapedParagraph/shapingWork``.
        var work = 0

        init(text: ParagraphText, runs: [FontRun]) {
            clusters.reserveCapacity(text.graphemes.count)
            for run in runs {
                for g in run.graphemes {
                    let grapheme = text.graphemes[g]
                    clusters.append(Cluster(glyphs: 0..<0, advance: 0, face: Int32(run.attributes.face),
                                            level: grapheme.level, kind: grapheme.kind,
                                            breakBefore: grapheme.breakBefore))
                }
            }
            glyphs.reserveCapacity(text.scalars.count)
            if !text.scripts.isEmpty {
                graphemeOfScalar.reserveCapacity(text.scalars.count)
                for g in text.graphemes.indices {
                    for _ in text.scalarRange(ofGrapheme: g) { graphemeOfScalar.append(g) }
                }
            }
        }
    }

    /// The run's shaping inputs: face, scale, segment properties, features and word cache.
    private struct RunShaping {
        let face: FontFace
        let faceIndex: Int32
        let unit: Double
        let segment: SegmentProperties
        let features: ShapingFeatures
        let cache: WordCache
    }

    private func shape(_ run: FontRun, of text: ParagraphText, into state: inout State) {
        let attributes = run.attributes
        let face = faces[attributes.face]
        let segment = SegmentProperties(isRightToLeft: attributes.level & 1 == 1, script: attributes.script,
                                        language: context.language)
        let features = attributes.script.isCJK ? context.cjkFeatures : context.features
        let cache: WordCache
        if attributes.face == 0, segment == ShapingContext.latin(context.language) {
            cache = context.latinWordCache
        } else if let known = state.caches.first(where: { $0.0 == attributes }) {
            cache = known.1
        } else {
            cache = face.wordCache(for: features, segment: segment)
            state.caches.append((attributes, cache))
        }
        let shaping = RunShaping(face: face, faceIndex: Int32(attributes.face), unit: context.pointsPerUnit(face),
                                 segment: segment, features: features, cache: cache)
        // Words end after their spaces; an overlong cluster is shaped in pieces.
        let graphemes = text.graphemes
        let isASCII = text.scripts.isEmpty
        var wordStart = run.graphemes.lowerBound
        for g in run.graphemes {
            let isWordEnd = g + 1 == run.graphemes.upperBound
                || (graphemes[g].kind.hangs && !graphemes[g + 1].kind.hangs)
            if !isASCII, text.scalarRange(ofGrapheme: g).count > ParagraphShaper.maximumClusterPiece {
                if wordStart < g { shapePiece(graphemes[wordStart].start..<graphemes[g].start, text, shaping, &state) }
                let range = text.scalarRange(ofGrapheme: g)
                for start in stride(from: range.lowerBound, to: range.upperBound,
                                    by: ParagraphShaper.maximumClusterPiece) {
                    shapePiece(start..<min(start + ParagraphShaper.maximumClusterPiece, range.upperBound), text,
                               shaping, &state)
                }
                wordStart = g + 1
            } else if isWordEnd {
                let end = g + 1 < graphemes.count ? graphemes[g + 1].start : text.scalars.count
                shapePiece(graphemes[wordStart].start..<end, text, shaping, &state)
                wordStart = g + 1
            }
        }
    }

    /// Shapes scalars `range` and adds their glyphs to their clusters, in logical cluster order.
    private func shapePiece(_ range: Range<Int>, _ text: ParagraphText, _ run: RunShaping, _ state: inout State) {
        state.shaped.removeAll(keepingCapacity: true)
        state.work += range.count * range.count
        let isRightToLeft = text.scalars.withUnsafeBufferPointer { scalars in
            let piece = UnsafeBufferPointer(rebasing: scalars[range])
            return run.cache.appendGlyphs(of: piece, to: &state.shaped) {
                Shaper.shape(piece, face: run.face, features: run.features, segment: run.segment)
            }
        }
        let shaped = state.shaped
        let last = range.upperBound - 1
        let isASCII = state.graphemeOfScalar.isEmpty
        func grapheme(_ glyph: WordGlyph) -> Int {
            let s = min(range.lowerBound + Int(glyph.cluster), last)
            return isASCII ? s : state.graphemeOfScalar[s]
        }
        if !isRightToLeft {
            for glyph in shaped { add(glyph, to: grapheme(glyph), run, &state) }
        } else {
            // Visual order, clusters descending: each cluster's glyphs, last cluster first, keeping
            // HarfBuzz's order within a cluster.
            var end = shaped.count
            while end > 0 {
                let g = grapheme(shaped[end - 1])
                var start = end - 1
                while start > 0, grapheme(shaped[start - 1]) == g { start -= 1 }
                for i in start..<end { add(shaped[i], to: g, run, &state) }
                end = start
            }
        }
    }

    /// Adds one glyph to cluster `g` (controls, tabs and soft hyphens keep none).
    @inline(__always)
    private func add(_ glyph: WordGlyph, to g: Int, _ run: RunShaping, _ state: inout State) {
        guard state.clusters[g].kind.isVisible else { return }
        let advance = Double(glyph.xAdvance) * run.unit
        state.glyphs.append(LayoutGlyph(id: glyph.id, face: run.faceIndex, advance: advance,
                                        xOffset: Double(glyph.xOffset) * run.unit,
                                        yOffset: Double(glyph.yOffset) * run.unit))
        state.clusters[g].advance += advance
        state.clusters[g].glyphs = 0..<state.clusters[g].glyphs.upperBound + 1
    }
}
