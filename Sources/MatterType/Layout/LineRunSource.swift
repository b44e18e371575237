/// A layout's text, faces, shaped paragraphs and inserted strings: what the positioner places lines from and what
/// every line's runs and text are made from when read. Immutable, shared by the layout's lines.
final class LineRunContext: Sendable {
    let text: String
    let faces: [FontFace]
    /// Each style's primary face: a run in another face is a fallback.
    let primaryFaces: [Int]
    let paragraphs: [ShapedParagraph]
    let ellipsis: InsertedText?
    /// The hyphen shown after a soft hyphen, by face and style.
    let hyphens: [HyphenKey: InsertedText]
    /// The inline boxes, by the scalar (from the start of the text) of the U+FFFC standing for each; `nil` for none.
    let boxes: [Int: InlineBox]?

    init(text: String, faces: [FontFace], primaryFaces: [Int], paragraphs: [ShapedParagraph],
         ellipsis: InsertedText?, hyphens: [HyphenKey: InsertedText], boxes: [Int: InlineBox]?) {
        self.text = text
        self.faces = faces
        self.primaryFaces = primaryFaces
        self.paragraphs = paragraphs
        self.ellipsis = ellipsis
        self.hyphens = hyphens
        self.boxes = boxes
    }

    /// The string an inserted item shows: the ellipsis, or a `.hyphen` item's hyphen.
    func inserted(_ item: LineItem, _ paragraph: ShapedParagraph) -> InsertedText? {
        item == .ellipsis ? ellipsis : HyphenKey(item, in: paragraph).flatMap { hyphens[$0] }
    }
}

/// A positioned line's items and their geometry, kept so that ``TextLine/runs`` and ``TextLine/text`` are made
/// only when read: drawing needs neither, and building them for every line was a tenth of layout.
struct LineRunSource: Sendable {
    let context: LineRunContext
    let paragraph: Int
    /// The line's items in logical order, and their geometry.
    let items: [LineItem]
    let placed: [PlacedItem]
    /// Visual order (indices into `items`), or `nil` when it is the logical order.
    let order: [Int]?
    let spacing: LinePositioner.Spacing
    /// The pen position of the first item in visual order.
    let start: Double

    /// The line's runs: its items in visual order from ``start``, as the positioner placed their glyphs. A run goes
    /// on while the face, style and direction stay and the next cluster is the next in reading order; an ellipsis
    /// or hyphen is a run of its own.
    func runs() -> [TextRun] {
        let paragraph = context.paragraphs[self.paragraph]
        var runs: [TextRun] = []
        var pen = start
        var open = false
        var first = 0, end = 0  // the run's clusters, first..<end
        var runX = 0.0, runWidth = 0.0
        var runLevel: UInt8 = 0
        var runFace: Int32 = 0
        var runStyle: Int32 = 0
        let oneStyle = paragraph.clusterStyles.isEmpty
        for position in 0..<placed.count {
            let i = order?[position] ?? position
            let p = placed[i]
            let style = oneStyle ? 0 : LinePositioner.style(of: items[i], paragraph)
            var advance = p.advance
            if p.kind == .space, i < spacing.trailingStart { advance += spacing.extraPerSpace }
            if case .cluster(let c) = items[i] {
                let odd = p.level & 1 == 1
                if open, runFace == p.face, runStyle == style, runLevel & 1 == p.level & 1,
                   odd ? first == c + 1 : end == c {
                    if odd { first = c } else { end = c + 1 }
                    runWidth += advance
                } else {
                    if open { runs.append(run(first..<end, x: runX, width: runWidth, level: runLevel, face: runFace,
                                              style: runStyle, paragraph)) }
                    open = true
                    first = c
                    end = c + 1
                    runX = pen
                    runWidth = advance
                    runLevel = p.level
                    runFace = p.face
                    runStyle = style
                }
            } else {
                if open { runs.append(run(first..<end, x: runX, width: runWidth, level: runLevel, face: runFace,
                                          style: runStyle, paragraph)) }
                open = false
                let at = insertionPoint(of: i, paragraph)
                runs.append(TextRun(scalarRange: at..<at, shown: (context.inserted(items[i], paragraph)?.text ?? "")[...],
                                    x: pen, width: advance, direction: p.level & 1 == 1 ? .rightToLeft : .leftToRight,
                                    face: context.faces[Int(p.face)],
                                    isFallback: Int(p.face) != context.primaryFaces[Int(style)],
                                    styleIndex: Int(style)))
            }
            pen += advance
        }
        if open {
            runs.append(run(first..<end, x: runX, width: runWidth, level: runLevel, face: runFace, style: runStyle,
                            paragraph))
        }
        return runs
    }

    /// The line's inline boxes, left to right: each box's scalar in the text, the box, and its left edge, as the
    /// positioner placed its cluster.
    func boxes() -> [(scalar: Int, box: InlineBox, x: Double)] {
        guard let boxes = context.boxes else { return [] }
        let paragraph = context.paragraphs[self.paragraph]
        var found: [(scalar: Int, box: InlineBox, x: Double)] = []
        var pen = start
        for position in 0..<placed.count {
            let i = order?[position] ?? position
            let p = placed[i]
            if p.kind == .box, case .cluster(let c) = items[i] {
                let scalar = paragraph.text.firstScalar + paragraph.text.graphemes[c].start
                if let box = boxes[scalar] { found.append((scalar, box, pen)) }
            }
            pen += p.advance + (p.kind == .space && i < spacing.trailingStart ? spacing.extraPerSpace : 0)
        }
        return found
    }

    /// Where the glyphs of each of `clusters` that the line shows start (its pen, less a trimmed opening's shift),
    /// as the positioner placed them.
    func pens(ofClusters clusters: Set<Int>) -> [Int: Double] {
        var found: [Int: Double] = [:]
        var pen = start
        for position in 0..<placed.count {
            let i = order?[position] ?? position
            let p = placed[i]
            if case .cluster(let c) = items[i], clusters.contains(c) { found[c] = pen - p.shift }
            pen += p.advance + (p.kind == .space && i < spacing.trailingStart ? spacing.extraPerSpace : 0)
        }
        return found
    }

    /// A run over clusters `clusters` of a paragraph.
    private func run(_ clusters: Range<Int>, x: Double, width: Double, level: UInt8, face: Int32, style: Int32,
                     _ paragraph: ShapedParagraph) -> TextRun {
        let analysis = paragraph.text
        let first = analysis.graphemes[clusters.lowerBound].start
        let end = analysis.scalarRange(ofGrapheme: clusters.upperBound - 1).upperBound
        return TextRun(scalarRange: analysis.firstScalar + first..<analysis.firstScalar + end,
                       shown: context.text.utf8Substring(analysis.byteRange(ofGraphemes: clusters)), x: x,
                       width: width, direction: level & 1 == 1 ? .rightToLeft : .leftToRight,
                       face: context.faces[Int(face)], isFallback: Int(face) != context.primaryFaces[Int(style)],
                       styleIndex: Int(style))
    }

    /// Where the inserted item (ellipsis or hyphen) at `index` stands in the text, as a scalar offset: after
    /// the cluster before it (a hyphen after its soft hyphen), else before the cluster after it, else at the
    /// paragraph's start.
    private func insertionPoint(of index: Int, _ paragraph: ShapedParagraph) -> Int {
        let text = paragraph.text
        for item in items[..<index].reversed() {
            if case .cluster(let c) = item { return text.firstScalar + text.scalarRange(ofGrapheme: c).upperBound }
        }
        for item in items[(index + 1)...] {
            if case .cluster(let c) = item { return text.firstScalar + text.graphemes[c].start }
        }
        return text.firstScalar
    }

    /// The text each of the line's glyphs stands for, in the order the positioner emitted them (``TextLine/glyphs``):
    /// a cluster's first glyph gets its text and that of the clusters after it in reading order that have no glyph
    /// of their own (a ligature's letters: "ffi" for f_f_i), its other glyphs (marks drawn apart) get "". An ellipsis
    /// or hyphen's first glyph gets what it shows. For a PDF's ToUnicode map, so that extracted text reads back.
    func glyphTexts() -> [String] {
        let paragraph = context.paragraphs[self.paragraph]
        let clusters = paragraph.clusters
        var inLine = Set<Int>()
        for item in items { if case .cluster(let c) = item { inLine.insert(c) } }
        var texts: [String] = []
        for position in 0..<placed.count {
            let i = order?[position] ?? position
            switch items[i] {
            case .cluster(let c):
                let count = clusters[c].glyphs.count
                guard count > 0 else { continue }
                var end = c + 1
                while end < clusters.count, clusters[end].glyphs.isEmpty, inLine.contains(end) { end += 1 }
                texts.append(String(context.text.utf8Substring(paragraph.text.byteRange(ofGraphemes: c..<end))))
                texts += repeatElement("", count: count - 1)
            case .ellipsis, .hyphen:
                let inserted = context.inserted(items[i], paragraph)
                let count = inserted?.glyphs.count ?? 0
                guard count > 0 else { continue }
                texts.append(inserted?.text ?? "")
                texts += repeatElement("", count: count - 1)
            }
        }
        return texts
    }

    /// What the line shows: its clusters' text, with "…" and hyphens where they are.
    func shownText() -> String {
        let paragraph = context.paragraphs[self.paragraph]
        func bytes(ofGraphemes range: Range<Int>) -> Substring.UTF8View {
            context.text.utf8Substring(paragraph.text.byteRange(ofGraphemes: range)).utf8
        }
        // Nearly always: the clusters from the first to the last, nothing inserted.
        if case .cluster(let first)? = items.first, case .cluster(let last)? = items.last,
           last - first + 1 == items.count {
            return String(Substring(bytes(ofGraphemes: first..<last + 1)))
        }
        var shown: [UInt8] = []
        var pending: Range<Int>?
        func flush() {
            if let range = pending { shown += bytes(ofGraphemes: range) }
            pending = nil
        }
        for item in items {
            switch item {
            case .cluster(let c):
                if let range = pending, range.upperBound == c { pending = range.lowerBound..<c + 1 } else {
                    flush()
                    pending = c..<c + 1
                }
            case .ellipsis, .hyphen:
                flush()
                shown += (context.inserted(item, paragraph)?.text ?? (item == .ellipsis ? "\u{2026}" : "-")).utf8
            }
        }
        flush()
        return String(decoding: shown, as: UTF8.self)
    }
}

extension HyphenKey {
    /// The key of the hyphen a `.hyphen` item shows; `nil` for other items.
    init?(_ item: LineItem, in paragraph: ShapedParagraph) {
        guard case .hyphen(let c) = item else { return nil }
        self.init(face: paragraph.clusters[c].face, style: paragraph.style(ofCluster: c))
    }
}
