/// The styles of one layout and where each applies: what turns a ``StyledText`` into the layout's text and the
/// per-cluster style indices the stages use. A plain string has one style, the paragraph's, and no boundaries.
struct LayoutStyles: Sendable {
    /// The paragraph's typography (style 0).
    let paragraph: TypographyLayout
    /// The resolved span styles after the paragraph's (style 1 on); empty for a plain text.
    let spanStyles: [ResolvedSpanStyle]
    /// Every style's table, the paragraph's first.
    let table: StyleTable
    /// Where a style starts or an inline box stands, in scalars from the start of the layout text, ascending;
    /// empty when the whole text has the paragraph's style and no box. (Boxes are kept here rather than in a
    /// field of their own: a fifth field made every layout's styles dearer to pass around, 480 instructions a
    /// line.)
    /// (Ruby annotations are kept there too, for the same reason.)
    let boundaries: [Boundary]

    /// A span's annotation (``SpanStyle/ruby``): its base's scalars in the layout text, its text and the style
    /// it is set in (the span's at half the size).
    struct Ruby: Sendable {
        var scalars: Range<Int>
        var text: String
        var style: Int32
    }

    struct Boundary: Sendable {
        var scalar: Int
        var style: Int32
        /// The box the U+FFFC at `scalar` stands for; `nil` for a change of style alone.
        var box: InlineBox?
        /// The annotation of the span that starts at `scalar`; `nil` for none.
        var ruby: Ruby?
    }

    /// The ruby annotations, in the order of their bases (empty for almost every text).
    var rubies: [Ruby] { boundaries.compactMap(\.ruby) }

    /// Whether the whole text has the paragraph's style.
    var isSingle: Bool { boundaries.isEmpty }

    /// One style, the paragraph's.
    init(_ typography: TypographyLayout) {
        paragraph = typography
        spanStyles = []
        table = typography.styleTable
        boundaries = []
    }

    /// The styles of `text` over `paragraph`, and the layout text: each span's text in its own text case.
    /// - Throws: ``LayoutError/invalidSpan(index:_:)`` for a span whose style cannot be resolved.
    static func make(_ text: StyledText,
                     paragraph: TypographyLayout) throws(LayoutError) -> (text: String, styles: LayoutStyles) {
        var styles: [ResolvedSpanStyle] = []
        var textCases = [(paragraph.textCase, paragraph.typography.language)]
        var distinct = [SpanStyle()]
        var indexOfStyle: [SpanStyle: Int32] = [:]  // filled once there are more than 16
        var boundaries: [Boundary] = []
        var hasRubies = false
        var string = ""
        string.reserveCapacity(text.spans.reduce(0) { $0 + $1.text.utf8.count })
        var scalars = 0
        /// The index of `spanStyle`'s resolved style, resolved and added when new.
        func styleIndex(_ spanStyle: SpanStyle, span index: Int) throws(LayoutError) -> Int32 {
            // Few distinct styles: comparing with each is cheaper than hashing one (most fields are nil).
            if distinct.count <= 16, let known = distinct.firstIndex(of: spanStyle) {
                return Int32(known)
            } else if distinct.count > 16, let known = indexOfStyle[spanStyle] {
                return known
            } else {
                guard styles.count < StyledText.maximumDistinctStyles else {
                    throw .tooManySpanStyles(StyledText.maximumDistinctStyles)
                }
                do {
                    let typography = try paragraph.spanStyles.resolved(
                        spanStyle.applied(to: paragraph.typography), environment: paragraph.environment,
                        registry: paragraph.shaping.registry, maximumScaleFactor: paragraph.scaleFactor)
                    styles.append(ResolvedSpanStyle(typography: typography, color: spanStyle.color))
                    textCases.append((typography.textCase, typography.language))
                } catch {
                    throw .invalidSpan(index: index, error)
                }
                let style = Int32(styles.count)
                distinct.append(spanStyle)
                if distinct.count == 17 {
                    for (known, value) in distinct.enumerated() { indexOfStyle[value] = Int32(known) }
                } else if distinct.count > 17 {
                    indexOfStyle[spanStyle] = style
                }
                return style
            }
        }
        for index in text.spans.indices where !text.spans[index].text.isEmpty || text.spans[index].box != nil {
            var spanStyle = text.spans[index].style
            let annotation = spanStyle.ruby
            spanStyle.ruby = nil
            let style = try styleIndex(spanStyle, span: index)
            if let box = text.spans[index].box {
                if paragraph.typography.writingMode.isVertical { throw .invalidSpan(index: index, .boxInVerticalText) }
                do throws(LayoutError) {
                    let allowed = "a size from 0 to \(InlineBox.maximumSide) points"
                    try LayoutError.check("box width", box.width, in: 0...InlineBox.maximumSide, allowed: allowed)
                    try LayoutError.check("box height", box.height, in: 0...InlineBox.maximumSide, allowed: allowed)
                } catch {
                    throw .invalidSpan(index: index, error)
                }
                boundaries.append(Boundary(scalar: scalars, style: style, box: box))
                string += "\u{FFFC}"
                scalars += 1
                continue
            }
            // A ruby's base starts a boundary of its own, which holds the annotation.
            let startsRuby = annotation.map { !$0.isEmpty } == true
            if boundaries.last?.style != style || startsRuby { boundaries.append(Boundary(scalar: scalars, style: style)) }
            let (textCase, language) = textCases[Int(style)]
            let cased = textCase.apply(to: text.spans[index].text, language: language)
            string += cased
            // Scalars are the UTF-8 bytes that do not continue one.
            let count = cased.utf8.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
            if let annotation, !annotation.isEmpty {
                guard !(annotation + cased).contains(where: \.isNewline) else {
                    throw .invalidSpan(index: index, .rubyAcrossLines)
                }
                // The span's style at half its size, undecorated, not combined.
                var annotationStyle = spanStyle
                annotationStyle.size = (spanStyle.size ?? paragraph.typography.fontSize) / 2
                annotationStyle.decoration = TextDecoration.none
                annotationStyle.textCombineUpright = nil
                boundaries[boundaries.count - 1].ruby = Ruby(scalars: scalars..<scalars + count, text: annotation,
                                                             style: try styleIndex(annotationStyle, span: index))
                hasRubies = true
            }
            scalars += count
        }
        if boundaries.count == 1, boundaries[0].style == 0, boundaries[0].box == nil, !hasRubies { boundaries = [] }
        let table = StyleTable([paragraph.styleEntry] + styles.map { style in
            var entry = style.typography.styleEntry
            entry.color = style.color
            return entry
        })
        return (string, LayoutStyles(paragraph: paragraph, spanStyles: styles, table: table, boundaries: boundaries))
    }

    private init(paragraph: TypographyLayout, spanStyles: [ResolvedSpanStyle], table: StyleTable,
                 boundaries: [Boundary]) {
        self.paragraph = paragraph
        self.spanStyles = spanStyles
        self.table = table
        self.boundaries = boundaries
    }

    /// The inline boxes, by the scalar (from the start of the layout text) of the U+FFFC that stands for each;
    /// `nil` when there are none.
    var boxes: [Int: InlineBox]? {
        var boxes: [Int: InlineBox] = [:]
        for boundary in boundaries { if let box = boundary.box { boxes[boundary.scalar] = box } }
        return boxes.isEmpty ? nil : boxes
    }

    /// The graphemes of a paragraph that are inline boxes, with their boxes; `nil` when there are none.
    func boxes(in paragraph: ParagraphText) -> [Int: InlineBox]? {
        guard !isSingle else { return nil }
        let scalars = paragraph.firstScalar..<paragraph.firstScalar + paragraph.scalars.count
        var found: [Int: InlineBox] = [:]
        var g = 0
        for boundary in boundaries where boundary.box != nil && scalars.contains(boundary.scalar) {
            let scalar = boundary.scalar - paragraph.firstScalar
            while g < paragraph.graphemes.count, paragraph.graphemes[g].start < scalar { g += 1 }
            if g < paragraph.graphemes.count, paragraph.graphemes[g].start == scalar { found[g] = boundary.box }
        }
        return found.isEmpty ? nil : found
    }

    /// The style of each grapheme of a paragraph, or empty when the text has one style. (A grapheme whose
    /// scalars straddle a boundary takes the style of its first scalar.)
    func graphemeStyles(of paragraph: ParagraphText) -> [Int32] {
        guard !isSingle else { return [] }
        let graphemes = paragraph.graphemes
        var styles: [Int32] = []
        styles.reserveCapacity(graphemes.count)
        // The last boundary at or before the paragraph's start, then each boundary inside it, filled up to.
        var next = boundaries.partitionPoint { $0.scalar <= paragraph.firstScalar }
        var current = next > 0 ? boundaries[next - 1].style : 0
        // Both the graphemes and the boundaries ascend: one walk through each.
        var g = 0
        while next < boundaries.count {
            let scalar = boundaries[next].scalar - paragraph.firstScalar
            let start = g
            while g < graphemes.count, graphemes[g].start < scalar { g += 1 }
            if g > start { styles.append(contentsOf: repeatElement(current, count: g - start)) }
            if g == graphemes.count { break }
            current = boundaries[next].style
            next += 1
        }
        if styles.count < graphemes.count {
            styles.append(contentsOf: repeatElement(current, count: graphemes.count - styles.count))
        }
        return styles
    }
}

extension Array {
    /// The index of the first element for which `belongs` is false, in an array where every element for which
    /// it is true comes first.
    func partitionPoint(_ belongs: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if belongs(self[middle]) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
