/// The shaping stage of layout: shapes each ``FontRun`` with its own face at that face's scale, in its
/// direction, script and its style's language, size and features, one word at a time through the face's word cache (as
/// Chromium's word cache: a word ends after its spaces), and gives each grapheme cluster its glyphs.
struct ParagraphShaper {
    /// Each style's shaping context (``FontRun/Attributes/style`` indexes it).
    let contexts: [ShapingContext]
    /// The layout's faces (``FontFallback/faces``).
    let faces: [FontFace]
    /// What each style adds after clusters.
    let spacings: [ClusterSpacing]
    /// The width of each inline box (``ClusterKind/box``), by grapheme: its advance (boxes are not shaped, and
    /// no word is shaped across one); `nil` when the paragraph has none.
    var boxWidths: [Int: Double]? = nil

    /// The most scalars of one grapheme cluster shaped in one HarfBuzz call. HarfBuzz's mark positioning looks
    /// back over every mark before it (quadratic in a cluster's length: "a" and 20,000 accents take a second),
    /// so a longer cluster (no real text has one) is shaped in pieces of this many scalars.
    static let maximumClusterPiece = 32

    /// Shapes `text` in `runs` (from ``Itemizer``).
    /// - Parameter styles: each grapheme's style, kept as the clusters' (empty for one style).
    func shape(_ text: ParagraphText, runs: [FontRun], styles: [Int32] = []) -> ShapedParagraph {
        var state = State(text: text, runs: runs)
        for run in runs {
            let firstGlyph = state.glyphs.count
            shape(run, of: text, into: &state)
            if run.attributes.isCombined { combine(run, of: text, glyphs: firstGlyph, into: &state) }
        }
        // Glyph counts become ranges (glyphs are in cluster order); visible clusters get letter spacing, but the
        // letters of a cursive script (Arabic…) do not: they stay joined, as in Chromium. Spaces between them do.
        var glyphStart: Int32 = 0
        for run in runs {
            for c in run.graphemes {
                let count = state.clusters[c].glyphs.upperBound
                state.clusters[c].glyphs = glyphStart..<glyphStart + count
                glyphStart += count
            }
            let spacing = spacings[run.attributes.style]
            guard !spacing.isZero, !run.attributes.isCombined else { continue }
            let isCursive = run.attributes.script.isCursive  // one set lookup a run
            for c in run.graphemes {
                state.clusters[c].advance += spacing.after(state.clusters[c].kind,
                                                           scalar: text.scalars[text.graphemes[c].start],
                                                           isCursive: isCursive)
            }
        }
        if text.hasHyphenBreaks { dropHyphenBreaksInsideGlyphs(&state.clusters) }
        return ShapedParagraph(text: text, clusters: state.clusters, glyphs: state.glyphs, runs: runs,
                               clusterStyles: styles, edgeTrims: state.edgeTrims,
                               extras: .of(widthScales: state.widthScales), shapingWork: state.work)
    }

    /// Sets a combined run (``FontRun/Attributes/isCombined``, its glyphs from `firstGlyph` on) across its
    /// column in one em, as Chromium's `text-combine-upright: all`: its text shaped as a row — again with the
    /// font's half-width forms (`hwid`) when wider than an em, narrowed to an em when still wider — centred
    /// across the column, its em box's middle on the em's middle down it. The run becomes one unbreakable
    /// upright cluster of an em's advance (its first; the rest advance nothing).
    private func combine(_ run: FontRun, of text: ParagraphText, glyphs firstGlyph: Int, into state: inout State) {
        let context = contexts[run.attributes.style]
        let face = faces[run.attributes.face]
        let em = context.fontSize, unit = context.pointsPerUnit(face)
        var glyphs = Array(state.glyphs[firstGlyph...])
        var width = glyphs.reduce(0) { $0 + $1.advance }
        let clusters = run.graphemes
        if width > em + 1e-9 {
            let scalars = text.graphemes[clusters.lowerBound].start
                ..< text.scalarRange(ofGrapheme: clusters.upperBound - 1).upperBound
            let segment = SegmentProperties(isRightToLeft: run.attributes.level & 1 == 1, script: run.attributes.script,
                                            language: context.language, isVertical: false)
            let units = text.scalars.withUnsafeBufferPointer { all in
                Shaper.shape(UnsafeBufferPointer(rebasing: all[scalars]), face: face,
                             features: context.features.adding("hwid"), segment: segment)
            }
            let halfWidth = (0..<units.count).map { i in
                LayoutGlyph(id: units.glyphIDs[i], face: Int32(run.attributes.face),
                            advance: Double(units.advance(i)) * unit, xOffset: Double(units.xOffsets[i]) * unit,
                            yOffset: Double(units.yOffsets[i]) * unit)
            }
            let narrower = halfWidth.reduce(0) { $0 + $1.advance }
            if narrower < width, !halfWidth.isEmpty {
                glyphs = halfWidth
                width = narrower
            }
        }
        let scale = width > em ? em / width : 1
        // The em box's middle (ascent and descent about the baseline) on the em's middle down the column.
        let ascent = Double(face.metrics.ascender) * unit, descent = Double(abs(face.metrics.descender)) * unit
        let baseline = em / 2 + (ascent - descent) / 2
        var pen = 0.0
        for index in glyphs.indices {
            let glyph = glyphs[index]
            // The upright formula (``LinePositioner``) then puts it at x offset across, y offset up the column.
            glyphs[index] = LayoutGlyph(id: glyph.id, face: glyph.face, advance: 0,
                                        xOffset: (pen + glyph.xOffset - width / 2) * scale,
                                        yOffset: glyph.yOffset - baseline)
            pen += glyph.advance
            if scale < 1 { state.widthScales[Int32(firstGlyph + index)] = scale }
        }
        state.glyphs.replaceSubrange(firstGlyph..., with: glyphs)
        for c in clusters {
            let first = c == clusters.lowerBound
            state.clusters[c].glyphs = 0..<(first ? Int32(glyphs.count) : 0)
            state.clusters[c].advance = first ? em : 0
            state.clusters[c].isUpright = true
            if !first { state.clusters[c].lineBreak = .prohibited }
        }
    }

    /// Takes away the hyphenated breaks (soft hyphens', hyphenation points) before a letter that has no glyph of
    /// its own because one glyph draws it with the letter before (the f_f ligature of "öf-fent"): the line would
    /// end with both letters drawn. Chromium reshapes the word's two parts there instead, and may break.
    private func dropHyphenBreaksInsideGlyphs(_ clusters: inout [Cluster]) {
        for c in clusters.indices where clusters[c].hyphenBefore && clusters[c].glyphs.isEmpty
            && clusters[c].kind == .text {
            clusters[c].lineBreak = .prohibited
        }
    }

    /// What shaping one paragraph builds. Its fields are mutated through `inout`, which Swift checks for
    /// exclusive access at compile time (variables captured by closures are checked at run time, per access).
    private struct State {
        /// One per grapheme, made first; shaping adds each one's glyph count (kept in `glyphs.upperBound`
        /// until the end) and advance.
        var clusters: [Cluster] = []
        var glyphs: [LayoutGlyph] = []
        /// The grapheme of each scalar; empty when every grapheme is one scalar (ASCII, most Latin text), where
        /// they are the same.
        var graphemeOfScalar: [Int] = []
        /// The shaping inputs of the other distinct run attributes met so far: runs alternate between a few.
        var shapings: [(FontRun.Attributes, RunShaping)] = []
        /// The last run's attributes and inputs: consecutive runs usually share them (a paragraph of one run
        /// makes no array).
        var lastShaping: (FontRun.Attributes, RunShaping)?
        /// ``ShapedParagraph/shapingWork``.
        var work = 0
        /// ``ShapedParagraph/edgeTrims``.
        var edgeTrims: [Int: EdgeTrim] = [:]
        /// Graphemes shaped with `halt` (fullwidth punctuation collapsing), in the run being shaped.
        var halted: Set<Int> = []
        /// ``ShapedParagraph/widthScales``.
        var widthScales: [Int32: Double] = [:]

        init(text: ParagraphText, runs: [FontRun]) {
            clusters.reserveCapacity(text.graphemes.count)
            for run in runs {
                for g in run.graphemes {
                    let grapheme = text.graphemes[g]
                    clusters.append(Cluster(glyphs: 0..<0, advance: 0, face: Int32(run.attributes.face),
                                            level: grapheme.level, kind: grapheme.kind,
                                            lineBreak: grapheme.lineBreak, isUpright: run.attributes.isUpright))
                }
            }
            glyphs.reserveCapacity(text.scalars.count)
            if text.graphemes.count != text.scalars.count {
                graphemeOfScalar.reserveCapacity(text.scalars.count)
                for g in text.graphemes.indices {
                    for _ in text.scalarRange(ofGrapheme: g) { graphemeOfScalar.append(g) }
                }
            }
        }
    }

    /// The run's shaping inputs: face, scale, segment properties, features and word cache. A class: made once per
    /// distinct run attributes and passed to every word, one reference where a struct would be four.
    private final class RunShaping {
        let face: FontFace
        let faceIndex: Int32
        let unit: Double
        let segment: SegmentProperties
        let features: ShapingFeatures
        /// The word caches of the registry the face is from, and among them the one for these inputs.
        let caches: BoundedCache<WordCache.Key, WordCache>
        let cache: WordCache

        init(face: FontFace, faceIndex: Int32, unit: Double, segment: SegmentProperties, features: ShapingFeatures,
             caches: BoundedCache<WordCache.Key, WordCache>) {
            self.face = face
            self.faceIndex = faceIndex
            self.unit = unit
            self.segment = segment
            self.features = features
            self.caches = caches
            cache = WordCache.of(face, features: features, segment: segment, in: caches)
        }
    }

    /// The shaping inputs of runs with `attributes`.
    private func shaping(_ attributes: FontRun.Attributes) -> RunShaping {
        let context = contexts[attributes.style]
        let face = faces[attributes.face]
        let segment = SegmentProperties(isRightToLeft: attributes.level & 1 == 1, script: attributes.script,
                                        language: context.language, isVertical: attributes.isUpright)
        let features = !attributes.script.isCJK ? context.features
            : attributes.isUpright ? context.cjkVerticalFeatures : context.cjkFeatures
        return RunShaping(face: face, faceIndex: Int32(attributes.face), unit: context.pointsPerUnit(face),
                          segment: segment, features: features, caches: WordCache.caches(of: context.registry))
    }

    private func shape(_ run: FontRun, of text: ParagraphText, into state: inout State) {
        let attributes = run.attributes
        let shaping: RunShaping
        if let last = state.lastShaping, last.0 == attributes {
            shaping = last.1
        } else if let known = state.shapings.first(where: { $0.0 == attributes }) {
            shaping = known.1
        } else {
            shaping = self.shaping(attributes)
            if let last = state.lastShaping { state.shapings.append(last) }
            state.lastShaping = (attributes, shaping)
        }
        if !state.halted.isEmpty { state.halted.removeAll() }
        let spacing = text.scripts.isEmpty ? nil : punctuationSpacing(of: run, in: text, shaping)
        if let spacing { collapsePunctuation(run, in: text, spacing, into: &state) }
        // Words end after their spaces; an overlong cluster is shaped in pieces.
        let graphemes = text.graphemes
        let isASCII = text.scripts.isEmpty
        var wordStart = run.graphemes.lowerBound
        for g in run.graphemes {
            let isWordEnd = g + 1 == run.graphemes.upperBound
                || (graphemes[g].kind.hangs && !graphemes[g + 1].kind.hangs)
            if !isASCII, graphemes[g].kind == .box {
                if wordStart < g { shapePiece(graphemes[wordStart].start..<graphemes[g].start, text, shaping, &state) }
                state.clusters[g].advance = boxWidths?[g] ?? 0
                wordStart = g + 1
            } else if !isASCII, text.scalarRange(ofGrapheme: g).count > ParagraphShaper.maximumClusterPiece {
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
        if let spacing { findEdgeTrims(run, in: text, spacing, shaping, into: &state) }
    }

    // MARK: - Fullwidth punctuation (CSS text-spacing-trim: normal, as Chromium's HanKerning)

    /// The run's face's punctuation spacing, when the face has `halt` and the run has fullwidth punctuation.
    private func punctuationSpacing(of run: FontRun, in text: ParagraphText,
                                    _ shaping: RunShaping) -> PunctuationSpacing? {
        let scalars = text.graphemes[run.graphemes.lowerBound].start
            ..< text.scalarRange(ofGrapheme: run.graphemes.upperBound - 1).upperBound
        guard text.scalars[scalars].contains(where: { $0 >= 0x2018 }) else { return nil }
        return PunctuationSpacing.of(shaping.face, language: shaping.segment.language,
                                     isVertical: shaping.segment.isVertical,
                                     registry: contexts[run.attributes.style].registry)
    }

    /// The class of grapheme `g` (a single character) in `spacing`; `other` outside the paragraph.
    private func punctuationClass(_ g: Int, _ text: ParagraphText, _ spacing: PunctuationSpacing) -> PunctuationClass {
        guard g >= 0, g < text.graphemes.count, text.scalarRange(ofGrapheme: g).count == 1 else { return .other }
        return spacing.punctuationClass(of: text.scalars[text.graphemes[g].start])
    }

    /// Marks the run's graphemes that adjacent punctuation trims ("trim-adjacent"): an opening mark after an
    /// opening, middle or closing one, a closing mark before a closing or middle one. A font with `chws` does
    /// this itself.
    private func collapsePunctuation(_ run: FontRun, in text: ParagraphText, _ spacing: PunctuationSpacing,
                                     into state: inout State) {
        guard !spacing.hasContextualSpacing else { return }
        var previous = punctuationClass(run.graphemes.lowerBound - 1, text, spacing)
        for g in run.graphemes.lowerBound...run.graphemes.upperBound {
            let current = punctuationClass(g, text, spacing)
            if previous.trims(before: current), g - 1 >= run.graphemes.lowerBound { state.halted.insert(g - 1) }
            if current.trims(after: previous), g < run.graphemes.upperBound { state.halted.insert(g) }
            previous = current
        }
    }

    /// Records what fullwidth punctuation does at line edges, as Chromium 156 does with `text-spacing-trim:
    /// normal` (measured: see Scripts/compare-with-chromium.py's Japanese cases): a closing bracket not already
    /// trimmed may end a line at half width (`halt`) when that makes it fit, but full stops and commas (、。，．)
    /// never are; an opening mark is not trimmed at a line start, and one that adjacent punctuation collapsed
    /// (`。「`) gets its full width back when a line starts with it (a negative start trim).
    private func findEdgeTrims(_ run: FontRun, in text: ParagraphText, _ spacing: PunctuationSpacing,
                               _ shaping: RunShaping, into state: inout State) {
        var haltedShaping: RunShaping?
        /// The advance of grapheme `g` shaped alone with `shaping` (no neighbour to collapse with).
        func advanceAlone(_ g: Int, _ shaping: RunShaping) -> Double {
            let scalar = text.graphemes[g].start
            return text.scalars.withUnsafeBufferPointer { scalars in
                let piece = UnsafeBufferPointer(rebasing: scalars[scalar..<scalar + 1])
                return shaping.cache.withGlyphs(of: piece) {
                    Shaper.shape(piece, face: shaping.face, features: shaping.features, segment: shaping.segment)
                } _: { glyphs, _ in
                    glyphs.reduce(0.0) { $0 + Double($1.advance) } * shaping.unit
                }
            }
        }
        for g in run.graphemes {
            switch punctuationClass(g, text, spacing) {
            case .open where g > 0:
                let restored = state.clusters[g].advance - advanceAlone(g, shaping)
                if restored < 0 { state.edgeTrims[g] = EdgeTrim(edge: .start, amount: restored) }
            case .close where !state.halted.contains(g)
                && !PunctuationSpacing.dots.contains(text.scalars[text.graphemes[g].start]):
                if haltedShaping == nil {
                    let features = shaping.features.appending(
                        [PunctuationSpacing.halfWidthFeature(isVertical: shaping.segment.isVertical)])
                    haltedShaping = RunShaping(face: shaping.face, faceIndex: shaping.faceIndex, unit: shaping.unit,
                                               segment: shaping.segment, features: features, caches: shaping.caches)
                }
                guard let halted = haltedShaping else { continue }
                let amount = state.clusters[g].advance - advanceAlone(g, halted)
                if amount > 0 { state.edgeTrims[g] = EdgeTrim(edge: .end, amount: amount) }
            default:
                continue
            }
        }
    }

    /// Shapes scalars `range` and adds their glyphs to their clusters, in logical cluster order.
    private func shapePiece(_ range: Range<Int>, _ text: ParagraphText, _ run: RunShaping, _ state: inout State) {
        state.work += range.count * range.count
        // Halted punctuation in the piece: `halt` on those clusters, shaped outside the word cache (whose words
        // are shaped the same wherever they stand).
        var halts: [String] = []
        if !state.halted.isEmpty {
            let feature = PunctuationSpacing.halfWidthFeature(isVertical: run.segment.isVertical)
            for g in state.halted {
                let start = text.graphemes[g].start
                if range.contains(start) {
                    halts.append("\(feature)[\(start - range.lowerBound):\(start - range.lowerBound + 1)]")
                }
            }
        }
        text.scalars.withUnsafeBufferPointer { scalars in
            let piece = UnsafeBufferPointer(rebasing: scalars[range])
            guard halts.isEmpty else {
                let units = Shaper.shape(piece, face: run.face, features: run.features.appending(halts),
                                         segment: run.segment)
                let glyphs = (0..<units.count).map { i in
                    WordGlyph(id: units.glyphIDs[i], cluster: Int32(truncatingIfNeeded: units.clusters[i]),
                              advance: units.advance(i), xOffset: units.xOffsets[i], yOffset: units.yOffsets[i])
                }
                glyphs.withUnsafeBufferPointer { add($0, of: range, isRightToLeft: units.isRightToLeft, run, &state) }
                return
            }
            // Read in place from the word cache, under its shard's lock: no copy of the glyphs.
            run.cache.withGlyphs(of: piece) {
                Shaper.shape(piece, face: run.face, features: run.features, segment: run.segment)
            } _: { glyphs, isRightToLeft in
                add(glyphs, of: range, isRightToLeft: isRightToLeft, run, &state)
            }
        }
    }

    /// Adds the glyphs of scalars `range` (shaped as one piece) to their clusters, in logical cluster order;
    /// controls, tabs and soft hyphens keep none.
    private func add(_ shaped: UnsafeBufferPointer<WordGlyph>, of range: Range<Int>, isRightToLeft: Bool,
                     _ run: RunShaping, _ state: inout State) {
        let last = range.upperBound - 1
        let unit = run.unit
        let face = run.faceIndex
        // Through buffers: the innermost loop of shaping, where each array access through `state` was checked
        // for uniqueness.
        state.graphemeOfScalar.withUnsafeBufferPointer { graphemeOfScalar in
            state.clusters.withUnsafeMutableBufferPointer { clusters in
                let isOneScalarEach = graphemeOfScalar.isEmpty
                func grapheme(_ glyph: WordGlyph) -> Int {
                    let s = min(range.lowerBound + Int(glyph.cluster), last)
                    return isOneScalarEach ? s : graphemeOfScalar[s]
                }
                func add(_ glyph: WordGlyph, to g: Int) {
                    guard clusters[g].kind.isVisible else { return }
                    let advance = Double(glyph.advance) * unit
                    state.glyphs.append(LayoutGlyph(id: glyph.id, face: face, advance: advance,
                                                    xOffset: Double(glyph.xOffset) * unit,
                                                    yOffset: Double(glyph.yOffset) * unit))
                    clusters[g].advance += advance
                    clusters[g].glyphs = 0..<clusters[g].glyphs.upperBound + 1
                }
                if !isRightToLeft {
                    for glyph in shaped { add(glyph, to: grapheme(glyph)) }
                } else {
                    // Visual order, clusters descending: each cluster's glyphs, last cluster first, keeping
                    // HarfBuzz's order within a cluster.
                    var end = shaped.count
                    while end > 0 {
                        let g = grapheme(shaped[end - 1])
                        var start = end - 1
                        while start > 0, grapheme(shaped[start - 1]) == g { start -= 1 }
                        for i in start..<end { add(shaped[i], to: g) }
                        end = start
                    }
                }
            }
        }
    }
}

extension ClusterSpacing {
    /// The points added after a cluster of `kind` whose first scalar is `scalar`, in a run of a cursive script
    /// (`isCursive`: its letters stay joined, as in Chromium; spaces between them are spaced) or not.
    func after(_ kind: ClusterKind, scalar: UInt32, isCursive: Bool) -> Double {
        after(scalar: scalar, isVisible: kind.isVisible, staysJoined: kind == .text && isCursive)
    }
}
