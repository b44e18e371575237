/// A string shaped on its own to be inserted into a line: the ellipsis, or the hyphen after a soft hyphen.
struct InsertedText: Sendable {
    let text: String
    let glyphs: [LayoutGlyph]
    /// Glyph advances plus letter spacing, in points.
    let advance: Double
    /// The face of its glyphs.
    let face: Int32

    init(_ text: String, shaped: ShapedParagraph) {
        self.text = text
        glyphs = shaped.glyphs
        advance = shaped.clusters.reduce(0) { $0 + $1.advance }
        face = shaped.clusters.first?.face ?? 0
    }
}

/// A line after breaking and truncation, before it is positioned.
struct LineDraft: Sendable {
    var paragraph: Int
    /// What it shows, in logical order.
    var items: [LineItem]
    /// The bytes of the text the line covers (a truncated line covers what it elides, too).
    var byteRange: Range<Int>
    var indent: Double
    var isLastOfParagraph: Bool
    var top: Double
}

/// The positioning stage of layout: puts each line's items in visual order (``BidiReorder``), aligns and
/// justifies the line, and gives every glyph, decoration and run its place.
struct LinePositioner {
    let typography: TypographyLayout
    let limits: LayoutLimits
    let breaker: LineBreaker
    let faces: [FontFace]
    /// The layout text, and its UTF-8 for the lines' and runs' text.
    let text: String
    let bytes: [UInt8]
    let paragraphs: [ShapedParagraph]
    let ellipsis: InsertedText?
    /// The hyphen shown after a soft hyphen, by face.
    let hyphens: [Int32: InsertedText]

    /// One item's geometry, in logical order.
    private struct Placed {
        var advance: Double
        var level: UInt8
        var kind: ClusterKind
        var face: Int32
    }

    func position(_ drafts: [LineDraft]) -> (lines: [TextLine], width: Double) {
        var placedLines: [[Placed]] = []
        var contentWidths: [Double] = []
        placedLines.reserveCapacity(drafts.count)
        for draft in drafts {
            let placed = place(draft)
            var end = placed.count
            while end > 0, placed[end - 1].kind.hangs { end -= 1 }
            var width = placed[0..<end].reduce(0) { $0 + $1.advance }
            if limits.lineBreakMode == .byClipping, let limit = limits.width { width = min(width, limit - draft.indent) }
            placedLines.append(placed)
            contentWidths.append(width)
        }
        let extent = zip(drafts, contentWidths).map { $0.indent + $1 }.max() ?? 0
        let reference = limits.width ?? extent
        var lines: [TextLine] = []
        lines.reserveCapacity(drafts.count)
        for (index, draft) in drafts.enumerated() {
            lines.append(line(draft, placedLines[index], width: contentWidths[index], reference: reference))
        }
        return (lines, extent)
    }

    /// Each item's advance (tabs resolved in logical order), level (rule L1 applied) and kind.
    private func place(_ draft: LineDraft) -> [Placed] {
        let paragraph = paragraphs[draft.paragraph]
        var placed: [Placed] = []
        placed.reserveCapacity(draft.items.count)
        var x = 0.0
        for item in draft.items {
            let p: Placed
            switch item {
            case .cluster(let c):
                let cluster = paragraph.clusters[c]
                p = Placed(advance: breaker.advance(of: cluster, at: x, indent: draft.indent), level: cluster.level,
                           kind: cluster.kind, face: cluster.face)
            case .ellipsis:
                p = Placed(advance: ellipsis?.advance ?? 0, level: paragraph.text.paragraphLevel, kind: .text,
                           face: ellipsis?.face ?? 0)
            case .hyphen(let c):
                let cluster = paragraph.clusters[c]
                let hyphen = hyphens[cluster.face]
                p = Placed(advance: hyphen?.advance ?? 0, level: cluster.level, kind: .text,
                           face: hyphen?.face ?? cluster.face)
            }
            placed.append(p)
            x += p.advance
        }
        return placed
    }

    private func line(_ draft: LineDraft, _ placed: [Placed], width: Double, reference: Double) -> TextLine {
        let paragraph = paragraphs[draft.paragraph]
        let paragraphLevel = paragraph.text.paragraphLevel
        let available = reference - draft.indent
        // Visual order: only lines with right-to-left text are reordered.
        var order: [Int]?
        if paragraph.text.hasBidi {
            var levels = placed.map(\.level)
            BidiReorder.resetWhitespace(&levels, kinds: placed.map(\.kind), paragraphLevel: paragraphLevel)
            order = BidiReorder.visualOrder(levels)
        }
        var alignment = limits.alignment
        let isTruncatedLine = draft.items.contains(.ellipsis)
        if alignment == .justified, draft.isLastOfParagraph || isTruncatedLine { alignment = .natural }
        if alignment == .natural { alignment = paragraphLevel & 1 == 1 ? .right : .left }
        var trailingStart = placed.count
        while trailingStart > 0, placed[trailingStart - 1].kind.hangs { trailingStart -= 1 }
        var x0 = draft.indent
        var extraPerSpace = 0.0
        switch alignment {
        case .left, .natural: break
        case .right: x0 = draft.indent + (available - width)
        case .center: x0 = draft.indent + (available - width) / 2
        case .justified:
            let spaces = placed[0..<trailingStart].filter { $0.kind == .space }.count
            if spaces > 0, available > width { extraPerSpace = (available - width) / Double(spaces) }
        }
        // Hanging spaces of a right-to-left paragraph end up on the left: they hang past the start.
        var pen = x0
        if let order {
            for i in order {
                guard i >= trailingStart else { break }
                pen -= placed[i].advance
            }
        }
        let baseline = draft.top + typography.baselineOffset
        let letterSpacing = typography.letterSpacing
        var glyphs: [PositionedGlyph] = []
        glyphs.reserveCapacity(draft.items.count + 4)
        var runs = RunCollector(paragraph: paragraph, bytes: bytes, faces: faces)
        paragraph.glyphs.withUnsafeBufferPointer { paragraphGlyphs in
            for position in 0..<placed.count {
                let i = order?[position] ?? position
                let item = draft.items[i]
                let p = placed[i]
                var glyphX = pen
                var advance = p.advance
                if p.kind == .space, i < trailingStart { advance += extraPerSpace }
                if case .cluster(let c) = item {
                    // Letter spacing follows a cluster in reading order: on its left when right to left.
                    if p.level & 1 == 1, p.kind == .text || p.kind == .space { glyphX += letterSpacing }
                    for g in paragraph.clusters[c].glyphs {
                        let glyph = paragraphGlyphs[Int(g)]
                        glyphs.append(PositionedGlyph(glyphID: glyph.id, fontIndex: Int(glyph.face),
                                                      x: glyphX + glyph.xOffset, y: baseline - glyph.yOffset))
                        glyphX += glyph.advance
                    }
                    runs.add(cluster: c, x: pen, width: advance, level: p.level, face: p.face)
                } else {
                    let inserted = item == .ellipsis ? ellipsis : (hyphen(of: item, paragraph))
                    for glyph in inserted?.glyphs ?? [] {
                        glyphs.append(PositionedGlyph(glyphID: glyph.id, fontIndex: Int(glyph.face),
                                                      x: glyphX + glyph.xOffset, y: baseline - glyph.yOffset))
                        glyphX += glyph.advance
                    }
                    runs.add(inserted: inserted?.text ?? "", at: insertionPoint(of: i, in: draft.items, paragraph),
                             x: pen, width: advance, level: p.level, face: p.face)
                }
                pen += advance
            }
        }
        let lineWidth = extraPerSpace > 0 ? available : width
        var decoration: DecorationRect?
        let stroke: DecorationStroke? = switch typography.textDecoration {
        case .none: nil
        case .underline: typography.underline
        case .strikethrough: typography.strikethrough
        }
        if let stroke, lineWidth > 0 {
            decoration = DecorationRect(x: x0, y: baseline + stroke.top, width: lineWidth, height: stroke.thickness)
        }
        return TextLine(text: shownText(draft.items, paragraph), range: stringRange(draft.byteRange),
                        paragraph: draft.paragraph, top: draft.top, baseline: baseline,
                        height: typography.lineHeight, x: x0, width: lineWidth, glyphs: glyphs,
                        decoration: decoration, runs: runs.finish())
    }

    /// The hyphen a `.hyphen` item shows.
    private func hyphen(of item: LineItem, _ paragraph: ShapedParagraph) -> InsertedText? {
        if case .hyphen(let c) = item { hyphens[paragraph.clusters[c].face] } else { nil }
    }

    /// Where the inserted item (ellipsis or hyphen) at `index` stands in the text, as a scalar offset: after
    /// the cluster before it (a hyphen after its soft hyphen), else before the cluster after it, else at the
    /// paragraph's start.
    private func insertionPoint(of index: Int, in items: [LineItem], _ paragraph: ShapedParagraph) -> Int {
        let text = paragraph.text
        for item in items[..<index].reversed() {
            if case .cluster(let c) = item { return text.firstScalar + text.scalarRange(ofGrapheme: c).upperBound }
        }
        for item in items[(index + 1)...] {
            if case .cluster(let c) = item { return text.firstScalar + text.graphemes[c].start }
        }
        return text.firstScalar
    }

    /// What a line shows: its clusters' text, with "…" and hyphens where they are.
    private func shownText(_ items: [LineItem], _ paragraph: ShapedParagraph) -> String {
        // Nearly always: the clusters from the first to the last, nothing inserted.
        if case .cluster(let first)? = items.first, case .cluster(let last)? = items.last,
           last - first + 1 == items.count {
            return String(decoding: bytes[paragraph.text.byteRange(ofGraphemes: first..<last + 1)], as: UTF8.self)
        }
        var shown: [UInt8] = []
        var pending: Range<Int>?
        func flush() {
            if let range = pending { shown += bytes[paragraph.text.byteRange(ofGraphemes: range)] }
            pending = nil
        }
        for item in items {
            switch item {
            case .cluster(let c):
                if let range = pending, range.upperBound == c { pending = range.lowerBound..<c + 1 } else {
                    flush()
                    pending = c..<c + 1
                }
            case .ellipsis:
                flush()
                shown += Array((ellipsis?.text ?? "\u{2026}").utf8)
            case .hyphen(let c):
                flush()
                shown += Array((hyphens[paragraph.clusters[c].face]?.text ?? "-").utf8)
            }
        }
        flush()
        return String(decoding: shown, as: UTF8.self)
    }

    /// The `String.Index` range of the text for a byte range.
    private func stringRange(_ range: Range<Int>) -> Range<String.Index> {
        let start = text.utf8.index(text.utf8.startIndex, offsetBy: range.lowerBound)
        return start..<text.utf8.index(start, offsetBy: range.count)
    }
}

/// Groups a line's items, in visual order, into runs of one face and one direction over neighbouring clusters.
private struct RunCollector {
    /// The run being collected: clusters, or an inserted ellipsis or hyphen.
    private struct Pending {
        var clusters: Range<Int>
        var x: Double
        var width: Double
        var level: UInt8
        var face: Int32
        /// The text of an inserted item, and the scalar offset where it stands.
        var insertedText: String?
        var insertedAt = 0
    }

    let paragraph: ShapedParagraph
    let bytes: [UInt8]
    let faces: [FontFace]
    private var runs: [TextRun] = []
    private var current: Pending?

    init(paragraph: ShapedParagraph, bytes: [UInt8], faces: [FontFace]) {
        self.paragraph = paragraph
        self.bytes = bytes
        self.faces = faces
    }

    /// Adds cluster `c`, the next item in visual order.
    mutating func add(cluster c: Int, x: Double, width: Double, level: UInt8, face: Int32) {
        if var run = current, run.insertedText == nil, run.face == face, run.level & 1 == level & 1,
           level & 1 == 0 ? run.clusters.upperBound == c : run.clusters.lowerBound == c + 1 {
            run.clusters = min(run.clusters.lowerBound, c)..<max(run.clusters.upperBound, c + 1)
            run.width += width
            current = run
            return
        }
        flush()
        current = Pending(clusters: c..<c + 1, x: x, width: width, level: level, face: face)
    }

    /// Adds an inserted ellipsis or hyphen, the next item in visual order, standing at scalar `at`.
    mutating func add(inserted text: String, at: Int, x: Double, width: Double, level: UInt8, face: Int32) {
        flush()
        current = Pending(clusters: 0..<0, x: x, width: width, level: level, face: face, insertedText: text,
                          insertedAt: at)
    }

    private mutating func flush() {
        guard let run = current else { return }
        let text = paragraph.text
        let scalars: Range<Int>
        let shown: String
        if let inserted = run.insertedText {
            scalars = run.insertedAt..<run.insertedAt
            shown = inserted
        } else {
            let first = text.graphemes[run.clusters.lowerBound].start
            let end = text.scalarRange(ofGrapheme: run.clusters.upperBound - 1).upperBound
            scalars = text.firstScalar + first..<text.firstScalar + end
            shown = String(decoding: bytes[text.byteRange(ofGraphemes: run.clusters)], as: UTF8.self)
        }
        let face = faces[Int(run.face)]
        runs.append(TextRun(scalarRange: scalars, text: shown, x: run.x, width: run.width,
                            direction: run.level & 1 == 1 ? .rightToLeft : .leftToRight,
                            font: face.descriptor, isFallback: run.face != 0))
        current = nil
    }

    mutating func finish() -> [TextRun] {
        flush()
        return runs
    }
}
