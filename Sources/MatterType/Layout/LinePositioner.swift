/// A string shaped on its own to be inserted into a line: the ellipsis, or the hyphen after a soft hyphen.
struct InsertedText: Sendable {
    let text: String
    let glyphs: [LayoutGlyph]
    /// Glyph advances plus letter spacing, in points.
    let advance: Double
    /// The face of its glyphs.
    let face: Int32
    /// The style it is drawn in.
    let style: Int32

    init(_ text: String, shaped: ShapedParagraph, style: Int32 = 0) {
        self.text = text
        glyphs = shaped.glyphs
        advance = shaped.clusters.reduce(0) { $0 + $1.advance }
        face = shaped.clusters.first?.face ?? 0
        self.style = style
    }
}

/// One line item's geometry, in logical order.
struct PlacedItem: Sendable {
    var advance: Double
    var level: UInt8
    var kind: ClusterKind
    var face: Int32
    /// Points the glyphs move left: a fullwidth opening mark trimmed at a line start.
    var shift = 0.0
}

/// A line after breaking and truncation, before it is positioned.
struct LineDraft: Sendable {
    var paragraph: Int
    /// What it shows, in logical order.
    var items: [LineItem]
    /// The bytes of the text the line covers (a truncated line covers what it elides, too).
    var byteRange: Range<Int>
    var indent: Double
    var isFirstOfParagraph: Bool
    var isLastOfParagraph: Bool
    var top: Double
}

/// The positioning stage of layout: puts each line's items in visual order (``BidiReorder``), aligns and
/// justifies the line, and gives every glyph and decoration its place (runs are made from what it keeps, when read:
/// ``LineRunSource``).
struct LinePositioner {
    /// Each line box's height and where its baseline sits.
    let geometry: LineGeometry
    /// Each style's letter spacing, decoration stroke and color.
    let styles: StyleTable
    /// Whether the whole text has the paragraph's style (then one decoration spans each line).
    let hasOneStyle: Bool
    let limits: LayoutLimits
    let breaker: LineBreaker
    /// The layout text, faces, shaped paragraphs and inserted strings, shared with every line's runs.
    let context: LineRunContext
    /// Whether lines are columns (a vertical writing mode).
    let isVertical: Bool
    var paragraphs: [ShapedParagraph] { context.paragraphs }

    /// Each draft's line, the widest line's extent, and the ruby annotations of every line (in the lines' axes).
    func position(_ drafts: [LineDraft]) -> (lines: [TextLine], width: Double, annotations: [LineAnnotation]) {
        // Each line's items placed and its content width first: alignment needs the widest line.
        var placedLines: [(placed: [PlacedItem], width: Double)] = []
        placedLines.reserveCapacity(drafts.count)
        var extent = drafts.isEmpty ? 0 : -Double.infinity
        for draft in drafts {
            let placed = place(draft)
            var end = placed.count
            while end > 0, placed[end - 1].kind.hangs { end -= 1 }
            // Figma: spaces before a line feed count; the last cluster's letter spacing does not.
            if geometry.model.isFigma, draft.isLastOfParagraph, draft.paragraph < paragraphs.count - 1 {
                end = placed.count
            }
            var width = placed[0..<end].reduce(0) { $0 + $1.advance }
            // (Figma's first layout counts it, as CSS: "Q4" in Roboto Bold 40 px with 1.46 spacing is 54 wide.)
            if geometry.model == .figma { width -= trailingLetterSpacing(draft, placed, end: end) }
            if limits.lineBreakMode == .byClipping, let limit = limits.width { width = min(width, limit - draft.indent) }
            placedLines.append((placed, width))
            extent = max(extent, draft.indent + width)
        }
        let reference = limits.width ?? extent
        var lines: [TextLine] = []
        lines.reserveCapacity(drafts.count)
        var annotations: [LineAnnotation] = []
        for (draft, placed) in zip(drafts, placedLines) {
            lines.append(line(draft, placed.placed, width: placed.width, reference: reference,
                              line: lines.count, annotations: &annotations))
        }
        return (lines, extent, annotations)
    }

    /// The letter spacing after the line's last item before `end` when it is a visible cluster: what Figma leaves
    /// out of a line's width (its alignment and fitting too), as its spacing sits between characters.
    private func trailingLetterSpacing(_ draft: LineDraft, _ placed: [PlacedItem], end: Int) -> Double {
        guard end > 0, placed[end - 1].kind == .text, case .cluster(let c) = draft.items[end - 1] else { return 0 }
        return styles.spacings[Int(paragraphs[draft.paragraph].style(ofCluster: c))].letter
    }

    /// Each item's advance (tabs resolved in logical order), level (rule L1 applied) and kind.
    private func place(_ draft: LineDraft) -> [PlacedItem] {
        let paragraph = paragraphs[draft.paragraph]
        var placed: [PlacedItem] = []
        placed.reserveCapacity(draft.items.count)
        var x = 0.0
        for item in draft.items {
            let p: PlacedItem
            switch item {
            case .cluster(let c):
                let cluster = paragraph.clusters[c]
                p = PlacedItem(advance: breaker.advance(of: cluster, at: x, indent: draft.indent), level: cluster.level,
                           kind: cluster.kind, face: cluster.face)
            case .ellipsis:
                let ellipsis = context.inserted(item, paragraph)
                p = PlacedItem(advance: ellipsis?.advance ?? 0, level: paragraph.text.paragraphLevel, kind: .text,
                               face: ellipsis?.face ?? 0)
            case .hyphen(let c):
                let cluster = paragraph.clusters[c]
                let hyphen = context.inserted(item, paragraph)
                p = PlacedItem(advance: hyphen?.advance ?? 0, level: cluster.level, kind: .text,
                               face: hyphen?.face ?? cluster.face)
            }
            placed.append(p)
            x += p.advance
        }
        trimEdges(&placed, draft, paragraph, width: x)
        return placed
    }

    /// Fullwidth punctuation at the line's edges, as ``LineBreaker`` counted it: an opening mark that adjacent
    /// punctuation collapsed gets its full width back when it starts a line other than the paragraph's first; a
    /// closing bracket ending a line that would not fit otherwise loses its trailing half.
    private func trimEdges(_ placed: inout [PlacedItem], _ draft: LineDraft, _ paragraph: ShapedParagraph,
                           width: Double) {
        // A ruby ending the line overhangs nothing after it: its base's last advance comes back.
        if let endOverhangs = paragraph.extras?.endOverhangs, !endOverhangs.isEmpty, !placed.isEmpty {
            var last = placed.count - 1
            while last > 0, placed[last].kind.hangs { last -= 1 }
            if case .cluster(let c) = draft.items[last], let overhang = endOverhangs[c] {
                placed[last].advance += overhang
            }
        }
        guard !paragraph.edgeTrims.isEmpty, !placed.isEmpty else { return }
        var width = width
        if !draft.isFirstOfParagraph, case .cluster(let c) = draft.items[0],
           let trim = paragraph.edgeTrims[c], trim.edge == .start {
            placed[0].advance -= trim.amount
            placed[0].shift = trim.amount
            width -= trim.amount
        }
        var last = placed.count - 1
        while last > 0, placed[last].kind.hangs {
            width -= placed[last].advance
            last -= 1
        }
        if let limit = limits.width, case .cluster(let c) = draft.items[last],
           let trim = paragraph.edgeTrims[c], trim.edge == .end, !LineBreaker.fits(width, in: limit - draft.indent) {
            placed[last].advance -= trim.amount
        }
    }

    private func line(_ draft: LineDraft, _ placed: [PlacedItem], width: Double, reference: Double, line index: Int,
                      annotations: inout [LineAnnotation]) -> TextLine {
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
        if alignment == .end { alignment = paragraphLevel & 1 == 1 ? .left : .right }
        var trailingStart = placed.count
        while trailingStart > 0, placed[trailingStart - 1].kind.hangs { trailingStart -= 1 }
        var x0 = draft.indent
        var extraPerSpace = 0.0
        switch alignment {
        case .left, .natural: break
        case .right, .end: x0 = draft.indent + (available - width)
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
        let baseline = geometry.baseline(top: draft.top)
        let spacing = Spacing(trailingStart: trailingStart, extraPerSpace: extraPerSpace, baseline: baseline,
                              middle: draft.top + geometry.lineHeight / 2, isVertical: isVertical)
        let start = pen
        var glyphs: [PositionedGlyph] = []
        glyphs.reserveCapacity(draft.items.count + 4)
        draft.items.withUnsafeBufferPointer { items in
            placed.withUnsafeBufferPointer { placed in
                paragraph.clusters.withUnsafeBufferPointer { clusters in
                    paragraph.glyphs.withUnsafeBufferPointer { paragraphGlyphs in
                        paragraph.clusterStyles.withUnsafeBufferPointer { clusterStyles in
                            if spacing.isVertical {
                                emit(items, placed, order: order, clusters: clusters, glyphs: paragraphGlyphs,
                                     clusterStyles: clusterStyles, paragraph: paragraph, spacing: spacing,
                                     columns: true, pen: &pen, into: &glyphs)
                            } else {
                                emit(items, placed, order: order, clusters: clusters, glyphs: paragraphGlyphs,
                                     clusterStyles: clusterStyles, paragraph: paragraph, spacing: spacing,
                                     columns: false, pen: &pen, into: &glyphs)
                            }
                        }
                    }
                }
            }
        }
        let lineWidth = extraPerSpace > 0 ? available : width
        var decorations: [DecorationRect] = []
        if hasOneStyle {
            if let stroke = styles.strokes[0], lineWidth > 0 {
                decorations.append(DecorationRect(x: x0, y: baseline + stroke.top, width: lineWidth,
                                                  height: stroke.thickness, styleIndex: 0))
            }
        } else {
            decorations = spanDecorations(draft.items, placed, order: order, paragraph: paragraph, spacing: spacing,
                                          from: start)
        }
        // The line's text and runs are made when read (most callers only draw): what they need is kept.
        let source = LineRunSource(context: context, paragraph: draft.paragraph, items: draft.items,
                                   placed: placed, order: order, spacing: spacing, start: start)
        if let all = paragraph.extras?.rubies, !all.isEmpty, let shown = LinePositioner.clusters(of: draft.items),
           case let rubies = ShapedRuby.starting(in: shown, of: all), !rubies.isEmpty {
            let pens = source.pens(ofClusters: Set(rubies.map(\.base.lowerBound)))
            annotations += annotate(rubies, of: paragraph, draft: draft, line: index, clusterPens: pens,
                                    spacing: spacing, into: &glyphs)
        }
        return TextLine(range: stringRange(draft.byteRange), paragraph: draft.paragraph, top: draft.top,
                        baseline: baseline, height: geometry.lineHeight, x: x0, width: lineWidth, glyphs: glyphs,
                        decorations: decorations, source: source)
    }

    /// The decorations of a line with several styles: one rectangle per stretch of items (in visual order,
    /// hanging spaces left out) whose styles draw the same stroke, each at its style's font position.
    private func spanDecorations(_ items: [LineItem], _ placed: [PlacedItem], order: [Int]?, paragraph: ShapedParagraph,
                                 spacing: Spacing, from start: Double) -> [DecorationRect] {
        guard styles.hasStrokes else { return [] }
        var rects: [DecorationRect] = []
        var pen = start
        // The stretch being drawn: where it starts and its style; `openStyle` is -1 when none is.
        var openX = 0.0
        var openStyle: Int32 = -1
        for position in 0...placed.count {
            var style: Int32 = -1
            var advance = 0.0
            if position < placed.count {
                let i = order?[position] ?? position
                let p = placed[i]
                advance = p.advance
                if p.kind == .space, i < spacing.trailingStart { advance += spacing.extraPerSpace }
                if i < spacing.trailingStart {
                    let itemStyle = LinePositioner.style(of: items[i], paragraph)
                    if styles.strokes[Int(itemStyle)] != nil { style = itemStyle }
                }
            }
            // A stretch goes on while the stroke and color stay.
            if openStyle >= 0, style < 0 || (style != openStyle
                && (styles.strokes[Int(style)] != styles.strokes[Int(openStyle)] || !sameColor(style, openStyle))) {
                if let stroke = styles.strokes[Int(openStyle)], pen > openX {
                    rects.append(DecorationRect(x: openX, y: spacing.baseline + stroke.top, width: pen - openX,
                                                height: stroke.thickness, styleIndex: Int(openStyle)))
                }
                openStyle = -1
            }
            if openStyle < 0, style >= 0 {
                openX = pen
                openStyle = style
            }
            pen += advance
        }
        return rects
    }

    /// The style of a line item: its cluster's (a hyphen's cluster's), or the paragraph's for an ellipsis.
    @inline(__always)
    static func style(of item: LineItem, _ paragraph: ShapedParagraph) -> Int32 {
        switch item {
        case .cluster(let c), .hyphen(let c): paragraph.style(ofCluster: c)
        case .ellipsis: 0
        }
    }

    /// Whether two styles draw in the same color (their decorations then join).
    private func sameColor(_ a: Int32, _ b: Int32) -> Bool { a == b || styles.colors[Int(a)] == styles.colors[Int(b)] }

    /// How a line's spaces widen and where its baseline is.
    struct Spacing: Sendable {
        /// Items from here on hang at the line end.
        var trailingStart: Int
        /// Points added to each space before `trailingStart` (justification).
        var extraPerSpace: Double
        var baseline: Double
        /// The middle of the line box across: where upright glyphs of a vertical line are centred (CSS's
        /// central baseline).
        var middle = 0.0
        /// Whether the line is a column: glyphs not set upright are sideways.
        var isVertical = false
    }

    /// Positions a line's items in visual order (`order`, or logical when `nil`) from `pen`, appending their
    /// glyphs; in a column (`columns`), glyphs set upright are placed by their vertical origins and the rest marked
    /// sideways. Buffers and `inout` rather than captured variables: this is the innermost loop of layout, and a
    /// variable captured by a closure is checked for exclusive access on every use. Inlined into each call, whose
    /// constant `columns` leaves rows' loop without the columns' branch (which made rows 3 % slower).
    @inline(__always)
    private func emit(_ items: UnsafeBufferPointer<LineItem>, _ placed: UnsafeBufferPointer<PlacedItem>, order: [Int]?,
                      clusters: UnsafeBufferPointer<Cluster>, glyphs paragraphGlyphs: UnsafeBufferPointer<LayoutGlyph>,
                      clusterStyles: UnsafeBufferPointer<Int32>,
                      paragraph: ShapedParagraph, spacing: Spacing, columns: Bool, pen: inout Double,
                      into glyphs: inout [PositionedGlyph]) {
        let baseline = spacing.baseline
        for position in 0..<placed.count {
            let i = order?[position] ?? position
            let p = placed[i]
            var glyphX = pen - p.shift
            var advance = p.advance
            if p.kind == .space, i < spacing.trailingStart { advance += spacing.extraPerSpace }
            if case .cluster(let c) = items[i] {
                // Letter spacing follows a cluster in reading order: on its left when right to left.
                let style = clusterStyles.isEmpty ? 0 : clusterStyles[c]
                if p.level & 1 == 1, p.kind.isVisible { glyphX += styles.spacings[Int(style)].letter }
                if columns, clusters[c].isUpright {
                    // Shaped top to bottom: the origin is HarfBuzz's offsets from the pen on the line's middle
                    // (x across, y up along the column), kept here in the line's axes until the line is turned.
                    for g in clusters[c].glyphs {
                        let glyph = paragraphGlyphs[Int(g)]
                        let narrowing = paragraph.extras.map { PositionedGlyph.narrowing($0.widthScales[g] ?? 1) } ?? 0
                        glyphs.append(PositionedGlyph(glyphID: glyph.id, face: glyph.face, style: style,
                                                      x: glyphX - glyph.yOffset, y: spacing.middle - glyph.xOffset,
                                                      narrowing: narrowing))
                        glyphX += glyph.advance
                    }
                } else {
                    for g in clusters[c].glyphs {
                        let glyph = paragraphGlyphs[Int(g)]
                        glyphs.append(PositionedGlyph(glyphID: glyph.id, face: glyph.face, style: style,
                                                      x: glyphX + glyph.xOffset, y: baseline - glyph.yOffset,
                                                      isSideways: columns))
                        glyphX += glyph.advance
                    }
                }
            } else {
                let inserted = context.inserted(items[i], paragraph)
                for glyph in inserted?.glyphs ?? [] {
                    glyphs.append(PositionedGlyph(glyphID: glyph.id, face: glyph.face, style: inserted?.style ?? 0,
                                                  x: glyphX + glyph.xOffset, y: baseline - glyph.yOffset,
                                                  isSideways: columns))
                    glyphX += glyph.advance
                }
            }
            pen += advance
        }
    }

    /// The annotations of the rubies whose bases start on the line (their clusters' pens in `clusterPens`):
    /// their glyphs added to `glyphs` along each ruby's column, and their boxes (see ``RubyPlacement``).
    private func annotate(_ rubies: ArraySlice<ShapedRuby>, of paragraph: ShapedParagraph, draft: LineDraft, line: Int,
                          clusterPens: [Int: Double], spacing: Spacing,
                          into glyphs: inout [PositionedGlyph]) -> [LineAnnotation] {
        var annotations: [LineAnnotation] = []
        for ruby in rubies {
            guard let pen = clusterPens[ruby.base.lowerBound] else { continue }
            let start = pen - ruby.startOverhang
            let baseStyle = paragraph.style(ofCluster: ruby.base.lowerBound)
            let placement = RubyPlacement(annotation: styles.contexts[Int(ruby.style)],
                                          base: styles.contexts[Int(baseStyle)], lineHeight: geometry.lineHeight)
            let rect: Rect
            if spacing.isVertical {
                let middle = spacing.middle - placement.middleOffset
                rect = Rect(x: start, y: middle - placement.thickness / 2, width: ruby.length,
                            height: placement.thickness)
                for (glyph, along) in zip(ruby.glyphs, ruby.pens) {
                    glyphs.append(ruby.isUpright
                        ? PositionedGlyph(glyphID: glyph.id, face: glyph.face, style: ruby.style,
                                          x: start + along - glyph.yOffset, y: middle - glyph.xOffset)
                        : PositionedGlyph(glyphID: glyph.id, face: glyph.face, style: ruby.style,
                                          x: start + along + glyph.xOffset,
                                          y: rect.y + placement.baseline - placement.top - glyph.yOffset,
                                          isSideways: true))
                }
            } else {
                rect = Rect(x: start, y: draft.top + placement.top, width: ruby.length, height: placement.thickness)
                for (glyph, along) in zip(ruby.glyphs, ruby.pens) {
                    glyphs.append(PositionedGlyph(glyphID: glyph.id, face: glyph.face, style: ruby.style,
                                                  x: start + along + glyph.xOffset,
                                                  y: draft.top + placement.baseline - glyph.yOffset))
                }
            }
            annotations.append(LineAnnotation(text: ruby.text, line: line, rect: rect,
                                              reach: spacing.middle - placement.farEdge))
        }
        return annotations
    }

    /// The clusters from a line's first to its last (logical order), or `nil` when it shows none.
    static func clusters(of items: [LineItem]) -> Range<Int>? {
        var first: Int?, last: Int?
        for item in items { if case .cluster(let c) = item { first = c; break } }
        for item in items.reversed() { if case .cluster(let c) = item { last = c; break } }
        guard let first, let last, first <= last else { return nil }
        return first..<last + 1
    }

    /// The `String.Index` range of the text for a byte range.
    private func stringRange(_ range: Range<Int>) -> Range<String.Index> {
        let utf8 = context.text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        return start..<utf8.index(start, offsetBy: range.count)
    }
}
