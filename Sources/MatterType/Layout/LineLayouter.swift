/// Lays a text out in exact line boxes: the orchestrator of the layout stages behind ``TextLayout``.
///
/// Each paragraph (split at newlines) goes through analysis (``ParagraphText``: clusters, break
/// opportunities, bidi levels, scripts), itemization (``Itemizer``: runs of one face, direction and script,
/// faces chosen per cluster by ``FontFallback``), shaping (``ParagraphShaper``) and line breaking
/// (``LineBreaker``); the last line `maxLines` allows is truncated (``Truncation``); then every line is
/// reordered, aligned and positioned (``LinePositioner``).
struct LineLayouter {
    /// The text being laid out (already case-transformed).
    let text: String
    /// The styles of the text's spans (the paragraph's alone for a plain string).
    let styles: LayoutStyles
    /// The paragraph's typography: line height, baseline, indent, spacing.
    var typography: TypographyLayout { styles.paragraph }
    /// Rows or columns.
    let writingMode: WritingMode
    /// The limits along the lines (``LayoutLimits/alongLines(of:)``: a column's length is its width here).
    let limits: LayoutLimits
    /// The limits as asked for.
    let requestedLimits: LayoutLimits
    var fallback: FontFallback
    /// Each style's shaping context and letter spacing.
    let contexts: [ShapingContext]
    let spacings: [ClusterSpacing]
    /// By style, whether its text is set across a vertical line in one em; empty when no style's is.
    private let combining: [Bool]
    /// The text's ruby annotations, in the order of their bases (read once from the styles: most texts have none).
    private let rubies: [LayoutStyles.Ruby]

    struct Result {
        var lines: [TextLine]
        var width: Double
        var height: Double
        /// Columns: how far right the block reaches (``height`` unless an annotation reaches past the last
        /// column).
        var reach: Double
        /// The lines' ruby annotations, where they are drawn.
        var annotations: [LineAnnotation]
        var isTruncated: Bool
        /// Whether a line was broken inside a word (one wider than the line), not at a break opportunity; only
        /// looked for when fitting (`limits.fit`).
        var breaksInsideWord: Bool
        /// ``ShapedParagraph/shapingWork`` summed over the paragraphs.
        var shapingWork: Int
        /// The paragraphs shaped (those shown).
        var paragraphs: [ShapedParagraph]
    }

    init(text: String, styles: LayoutStyles, limits: LayoutLimits) {
        self.text = text
        self.styles = styles
        requestedLimits = limits
        writingMode = styles.paragraph.typography.writingMode
        self.limits = limits.alongLines(of: writingMode)
        contexts = styles.table.contexts
        spacings = styles.table.spacings
        combining = contexts.contains(where: \.combinesUpright) ? contexts.map(\.combinesUpright) : []
        rubies = styles.isSingle ? [] : styles.rubies
        fallback = FontFallback(styles.table)
    }

    mutating func run() -> Result {
        var text = self.text
        return text.withUTF8 { run($0) }  // the string's own UTF-8, not a copy
    }

    private mutating func run(_ bytes: UnsafeBufferPointer<UInt8>) -> Result {
        var paragraphs: [ShapedParagraph] = []
        var drafts: [LineDraft] = []
        var hyphens: [HyphenKey: InsertedText] = [:]
        var ellipsis: InsertedText?
        let trims = typography.trims
        var top = -trims.start
        var isTruncated = false
        var breaksInsideWord = false
        let breaker = makeBreaker()
        let geometry = LineGeometry(typography, model: limits.model)
        // Only fitting asks whether a word was broken.
        let checksWords = limits.fit != nil && !breaker.breaksAnywhere
        let truncates = limits.lineBreakMode != .byWordWrapping && limits.lineBreakMode != .byCharWrapping
        var ranges = LineLayouter.paragraphRanges(bytes)
        // Figma: a final CR starts no line (a final LF does).
        if limits.model.isFigma, bytes.last == 0x0D, ranges.count > 1 { ranges.removeLast() }
        for (p, range) in ranges.enumerated() {
            if limits.maxLines > 0, drafts.count == limits.maxLines {
                isTruncated = true
                break
            }
            if p > 0 { top += typography.paragraphSpacing }
            let paragraph = shape(range.bytes, of: text, bytes: bytes, firstScalar: range.firstScalar)
            paragraphs.append(paragraph)
            let hyphenWidths = hyphenWidths(paragraph)
            var lines = breaker.lines(of: paragraph.clusters, edgeTrims: paragraph.edgeTrims, hyphenWidths: hyphenWidths,
                                      endOverhangs: paragraph.extras?.endOverhangs ?? [:])
            if typography.textWrap != .wrap, let width = limits.width, !breaker.breaksAnywhere,
               paragraph.edgeTrims.isEmpty {
                let chooser = ScoreLineBreaker(wrap: typography.textWrap, width: width,
                                               firstLineIndent: typography.paragraphIndent,
                                               fontSize: typography.fontSize,
                                               isJustified: limits.alignment == .justified)
                lines = chooser.lines(lines, of: paragraph.clusters, hyphenWidths: hyphenWidths,
                                      shownLines: limits.maxLines > 0 ? limits.maxLines - drafts.count : nil)
            }
            if checksWords, LineLayouter.breaksInsideWord(lines, of: paragraph.clusters) { breaksInsideWord = true }
            var truncateLast = false
            if let shown = shownLines(lines.count, after: drafts.count, isLastParagraph: p == ranges.count - 1) {
                isTruncated = true
                truncateLast = true
                lines = Array(lines.prefix(shown))
            }
            for (l, line) in lines.enumerated() {
                let indent = l == 0 ? typography.paragraphIndent : 0
                var items = line.map(LineItem.cluster)
                var covered = line
                if let last = line.last, line.upperBound < paragraph.clusters.count,
                   paragraph.clusters[line.upperBound].hyphenBefore {
                    items.append(.hyphen(last))
                    let key = HyphenKey(face: paragraph.clusters[last].face, style: paragraph.style(ofCluster: last))
                    if hyphens[key] == nil { hyphens[key] = hyphen(key) }
                }
                if l == lines.count - 1, truncateLast, truncates {
                    covered = line.lowerBound..<paragraph.clusters.count
                    if ellipsis == nil { ellipsis = InsertedText("\u{2026}", shaped: shapeStandalone("\u{2026}")) }
                    items = Truncation(mode: limits.lineBreakMode, width: limits.width,
                                       ellipsisWidth: ellipsis?.advance ?? 0)
                        .items(paragraph.clusters, covered, indent: indent, hidesOwnText: covered != line)
                }
                if !drafts.isEmpty, paragraph.extras?.rubies.isEmpty == false, !writingMode.isVertical {
                    top += rowShift(paragraph, line: line)
                }
                drafts.append(LineDraft(paragraph: p, items: items,
                                        byteRange: paragraph.text.byteRange(ofGraphemes: covered), indent: indent,
                                        isFirstOfParagraph: l == 0, isLastOfParagraph: l == lines.count - 1,
                                        top: top))
                top += geometry.lineHeight
            }
            if truncateLast { break }
        }
        let positioner = LinePositioner(geometry: geometry, styles: styles.table,
                                        hasOneStyle: styles.isSingle, limits: limits, breaker: breaker,
                                        context: LineRunContext(text: text, faces: fallback.faces,
                                                                primaryFaces: fallback.primaryFaces,
                                                                paragraphs: paragraphs, ellipsis: ellipsis,
                                                                hyphens: hyphens,
                                                                boxes: styles.isSingle ? nil : styles.boxes),
                                        isVertical: writingMode.isVertical)
        let (positioned, width, placedAnnotations) = positioner.position(drafts)
        // Every paragraph, even an empty one, gives a line: the height is the last line's bottom, less the end trim.
        let height = geometry.boxHeight((drafts.last?.top ?? -trims.start) + geometry.lineHeight - trims.end,
                                        trimmed: trims != (0, 0))
        // Columns stay in their slots; the block reaches as far right as an annotation's em box (Chromium 156).
        guard writingMode.isVertical else {
            return Result(lines: positioned, width: limits.width == nil ? geometry.boxWidth(width) : width,
                          height: height, reach: height, annotations: placedAnnotations, isTruncated: isTruncated,
                          breaksInsideWord: breaksInsideWord,
                          shapingWork: paragraphs.reduce(0) { $0 + $1.shapingWork }, paragraphs: paragraphs)
        }
        let annotations = placedAnnotations.map { $0.turned(writingMode, in: positioned[$0.line], blockExtent: height) }
        let lines = positioned.map { $0.turned(writingMode, blockExtent: height) }
        let reach = annotations.reduce(height) { max($0, $1.reach) }
        return Result(lines: lines, width: limits.width == nil ? geometry.boxWidth(width) : width, height: height,
                      reach: reach, annotations: annotations,
                      isTruncated: isTruncated, breaksInsideWord: breaksInsideWord,
                      shapingWork: paragraphs.reduce(0) { $0 + $1.shapingWork }, paragraphs: paragraphs)
    }

    /// How far a row other than the first moves down for the annotations of the rubies that start on it
    /// (``RubyPlacement/rowShift(lineHeight:fontSize:)``).
    private func rowShift(_ paragraph: ShapedParagraph, line: Range<Int>) -> Double {
        var shift = 0.0
        for ruby in ShapedRuby.starting(in: line, of: paragraph.extras?.rubies ?? []) {
            let base = contexts[Int(paragraph.style(ofCluster: ruby.base.lowerBound))]
            let placement = RubyPlacement(annotation: contexts[Int(ruby.style)], base: base,
                                          lineHeight: typography.lineHeight)
            shift = max(shift, placement.rowShift(lineHeight: typography.lineHeight, fontSize: base.fontSize))
        }
        return shift
    }

    /// Analysis, itemization and shaping of the paragraph at UTF-8 offsets `range` of `string` (whose UTF-8 is
    /// `bytes`).
    /// `inLayoutText` is false for a string shaped on its own, in the paragraph's style.
    private mutating func shape(_ range: Range<Int>, of string: String, bytes: UnsafeBufferPointer<UInt8>,
                                firstScalar: Int, inLayoutText: Bool = true) -> ShapedParagraph {
        let findsBreaks = limits.width != nil
        let direction = typography.direction
        let analysed = ParagraphText(analyzing: range, of: string, bytes: bytes, firstScalar: firstScalar,
                                     findsBreaks: findsBreaks, direction: direction)
        let graphemeStyles = inLayoutText ? styles.graphemeStyles(of: analysed) : []
        let boxes = inLayoutText && !styles.isSingle ? styles.boxes(in: analysed) : nil
        let hyphenates = findsBreaks && inLayoutText && typography.hyphens != .manual
        let text = hyphenates || boxes != nil
            ? adjusted(analysed, styles: graphemeStyles, hyphenates: hyphenates, boxes: boxes) : analysed
        let runs = Itemizer.runs(of: text, fallback: &fallback, styles: graphemeStyles,
                                 groups: styles.table.shapingGroups,
                                 orientation: typography.shaping.verticalOrientation,
                                 combining: combining)
        let shaped = ParagraphShaper(contexts: contexts, faces: fallback.faces, spacings: spacings,
                                     boxWidths: boxes?.mapValues(\.width))
            .shape(text, runs: runs, styles: graphemeStyles)
        return inLayoutText && !rubies.isEmpty ? annotated(shaped, rubies: rubies) : shaped
    }

    /// A paragraph with its inline boxes marked and, when `hyphenates`, ``TypographyLayout/hyphens`` (not `manual`)
    /// applied to its break opportunities.
    private func adjusted(_ analysed: ParagraphText, styles graphemeStyles: [Int32], hyphenates: Bool,
                          boxes: [Int: InlineBox]?) -> ParagraphText {
        var text = hyphenates ? hyphenated(analysed, styles: graphemeStyles) : analysed
        if let boxes { text.markBoxes(boxes.keys) }
        return text
    }

    /// A paragraph with ``TypographyLayout/hyphens`` other than `manual` applied to its break opportunities: `none`
    /// takes soft hyphens' away, `auto` adds the hyphenation points of its words, each from the dictionary of its
    /// first grapheme's style's language (``TextLayout/hyphenationWarnings`` says where there is none).
    private func hyphenated(_ analysed: ParagraphText, styles graphemeStyles: [Int32]) -> ParagraphText {
        var text = analysed
        guard typography.hyphens == .auto else {
            text.removeSoftHyphenBreaks()
            return text
        }
        var dictionaries: [Int: HyphenationDictionary?] = [:]
        let points = Hyphenator.points(in: text) { g in
            let style = graphemeStyles.isEmpty ? 0 : Int(graphemeStyles[g])
            if let known = dictionaries[style] { return known }
            let dictionary = contexts[style].language.flatMap(HyphenationDictionary.forLanguage)
            dictionaries[style] = dictionary
            return dictionary
        }
        text.allowHyphenatedBreaks(before: points)
        return text
    }

    /// The width of the hyphen a line ending at each hyphenated break of a paragraph would show (see
    /// ``hyphen(_:)``), by the cluster before the break.
    private func hyphenWidths(_ paragraph: ShapedParagraph) -> [Int: Double] {
        guard paragraph.text.hasHyphenBreaks else { return [:] }
        var widths: [Int: Double] = [:]
        for (next, cluster) in paragraph.clusters.enumerated() where cluster.hyphenBefore {
            let c = next - 1
            let face = fallback.faces[Int(paragraph.clusters[c].face)]
            let style = Int(paragraph.style(ofCluster: c))
            guard let glyph = face.glyph(for: LineLayouter.hyphenCharacter(of: face).value) else { continue }
            widths[c] = Double(face.advance(of: glyph)) * contexts[style].pointsPerUnit(face) + spacings[style].letter
        }
        return widths
    }

    /// A short string shaped on its own, as a paragraph.
    private mutating func shapeStandalone(_ string: String) -> ShapedParagraph {
        var utf8 = string
        return utf8.withUTF8 { shape(0..<$0.count, of: string, bytes: $0, firstScalar: 0, inLayoutText: false) }
    }

    /// The hyphen a face shows after a soft hyphen: its U+2010 if it has one, else "-" (as Chromium).
    static func hyphenCharacter(of face: FontFace) -> Unicode.Scalar {
        face.hasGlyph(for: 0x2010) ? "\u{2010}" : "-"
    }

    /// The hyphen shown after a soft hyphen in a face and style, shaped.
    private func hyphen(_ key: HyphenKey) -> InsertedText {
        let text = String(LineLayouter.hyphenCharacter(of: fallback.faces[Int(key.face)]))
        let group = styles.table.shapingGroups[Int(key.style)]
        let run = FontRun(graphemes: 0..<1, attributes: .init(face: Int(key.face), level: 0, script: .common,
                                                              style: group))
        let analysed = ParagraphText(text[...], range: 0..<text.utf8.count, firstScalar: 0, findsBreaks: false,
                                     direction: .leftToRight)
        let shaped = ParagraphShaper(contexts: contexts, faces: fallback.faces, spacings: spacings)
            .shape(analysed, runs: [run])
        return InsertedText(text, shaped: shaped, style: key.style)
    }

    /// How `paragraphs` (this layouter's, shaped) would break with everything `scale` times as large — font size,
    /// line height, letter spacing, trims; not the paragraphs' indent or spacing — without shaping or positioning
    /// anything (cluster advances scale with the size): the height, and whether a word breaks or lines are cut by
    /// `maxLines`. Fitting tries sizes with it; balance and pretty, which keep the line count, are not applied.
    func probe(_ paragraphs: [ShapedParagraph], scale: Double) -> (height: Double, breaksInsideWord: Bool,
                                                                    isTruncated: Bool) {
        let breaker = makeBreaker(scale: scale)
        var count = 0
        var shown = 0
        var breaksInsideWord = false
        var isTruncated = false
        for (p, paragraph) in paragraphs.enumerated() {
            let lines = breaker.lines(of: paragraph.clusters, edgeTrims: paragraph.edgeTrims,
                                      hyphenWidths: hyphenWidths(paragraph))
            if !breaker.breaksAnywhere, LineLayouter.breaksInsideWord(lines, of: paragraph.clusters) {
                breaksInsideWord = true
            }
            shown = p + 1
            if let kept = shownLines(lines.count, after: count, isLastParagraph: p == paragraphs.count - 1) {
                isTruncated = true
                count += kept
                break
            }
            count += lines.count
        }
        let trims = typography.trims
        let height = (Double(count) * typography.lineHeight - trims.start - trims.end) * scale
            + Double(max(shown - 1, 0)) * typography.paragraphSpacing
        return (height, breaksInsideWord, isTruncated)
    }

    /// How many of a paragraph's `count` lines `maxLines` shows after `linesBefore` lines, when it cuts the text
    /// there (fewer lines than the paragraph has, or all of them with more paragraphs after); `nil` when it does
    /// not.
    private func shownLines(_ count: Int, after linesBefore: Int, isLastParagraph: Bool) -> Int? {
        guard limits.maxLines > 0 else { return nil }
        let remaining = limits.maxLines - linesBefore
        return count > remaining || (count == remaining && !isLastParagraph) ? remaining : nil
    }

    /// Whether a line of `lines` other than the last ends where no break is allowed: inside a word too wide for
    /// the line.
    /// The widest run of clusters between break opportunities over `paragraphs` (CSS min-content): spaces and tabs
    /// that would hang at the run's end are not counted.
    static func minContentWidth(of paragraphs: [ShapedParagraph]) -> Double {
        var widest = 0.0
        for paragraph in paragraphs {
            var run = 0.0, hanging = 0.0
            for cluster in paragraph.clusters {
                if cluster.breakBefore {
                    widest = max(widest, run)
                    run = 0
                    hanging = 0
                }
                if cluster.kind.hangs {
                    hanging += cluster.advance
                } else {
                    run += hanging + cluster.advance
                    hanging = 0
                }
            }
            widest = max(widest, run)
        }
        return widest
    }

    static func breaksInsideWord(_ lines: [Range<Int>], of clusters: [Cluster]) -> Bool {
        var index = 0
        while index < lines.count - 1 {
            if !clusters[lines[index].upperBound].breakBefore { return true }
            index += 1
        }
        return false
    }

    /// The line breaker; `scale`: for ``probe(_:scale:)``, the width and indent in units `scale` times smaller.
    private func makeBreaker(scale: Double = 1) -> LineBreaker {
        // Tab stops every 8 spaces of the primary face (CSS tab-size: 8), the spacing after a space included.
        let face = typography.shaping.face
        let space = face.glyph(for: 0x20).map { Double(face.advance(of: $0)) * typography.shaping.pointsPerUnit(face) }
            ?? typography.fontSize / 4
        let spaceAdvance = space + typography.spacing.after(.space, scalar: 0x20, isCursive: false)
        // Figma fits a line without its last cluster's letter spacing ("MENU" at its own width stays one line).
        let trailing = limits.model == .figma ? max(typography.spacing.letter, 0) : 0
        return LineBreaker(width: limits.width.map { ($0 + trailing) / scale },
                           firstLineIndent: typography.paragraphIndent / scale,
                           breaksAnywhere: limits.lineBreakMode == .byCharWrapping,
                           tabStops: TabStops(interval: 8 * spaceAdvance, minimumAdvance: spaceAdvance / 2))
    }

    /// The paragraphs of a text's UTF-8: byte ranges between newlines (LF, VT, FF, CR, CR LF, NEL, LS, PS, as
    /// `Character.isNewline`), each with the index of its first scalar; a final newline starts an empty last
    /// paragraph.
    static func paragraphRanges(_ bytes: UnsafeBufferPointer<UInt8>) -> [(bytes: Range<Int>, firstScalar: Int)] {
        var ranges: [(bytes: Range<Int>, firstScalar: Int)] = []
        var start = 0
        var scalar = 0
        var startScalar = 0
        var i = 0
        let count = bytes.count
        while i < count {
            let byte = bytes[i]
            // Most bytes are no newline's first: LF…CR, or the lead bytes of NEL (C2) and LS/PS (E2).
            if byte &- 0x0A > 3, byte != 0xC2, byte != 0xE2 {
                if byte & 0xC0 != 0x80 { scalar += 1 }
                i += 1
                continue
            }
            var length = 0
            var newlineScalars = 1
            if byte >= 0x0A && byte <= 0x0D {
                length = byte == 0x0D && i + 1 < count && bytes[i + 1] == 0x0A ? 2 : 1
                newlineScalars = length
            } else if byte == 0xC2, i + 1 < count, bytes[i + 1] == 0x85 {
                length = 2
            } else if byte == 0xE2, i + 2 < count, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 {
                length = 3
            }
            if length > 0 {
                ranges.append((start..<i, startScalar))
                scalar += newlineScalars
                start = i + length
                startScalar = scalar
                i += length
            } else {
                if byte & 0xC0 != 0x80 { scalar += 1 }
                i += 1
            }
        }
        ranges.append((start..<count, startScalar))
        return ranges
    }
}

/// Which hyphen a soft hyphen shows: its cluster's face and style.
struct HyphenKey: Hashable, Sendable {
    var face: Int32
    var style: Int32
}
