/// The styles of one layout and where each applies: what turns a ``StyledText`` into the layout's text and the
/// per-cluster style indices the stages use. A plain string has one style, the paragraph's, and no boundaries.
struct LayoutStyles: Sendable {
    /// The styles; the paragraph's own is first. Spans with the same ``SpanStyle`` share one.
    let styles: [ResolvedSpanStyle]
    /// Where a style starts, in scalars from the start of the layout text, ascending; empty when the whole text
    /// has the paragraph's style.
    let boundaries: [Boundary]
    /// For each style, the first style shaped exactly like it (same face, families, size, features, language and
    /// letter spacing): runs split only where this changes, so a change of color alone keeps words whole.
    let shapingGroups: [Int]

    struct Boundary: Sendable {
        var scalar: Int
        var style: Int32
    }

    /// Whether the whole text has the paragraph's style.
    var isSingle: Bool { boundaries.isEmpty }

    /// One style, the paragraph's.
    init(_ typography: TypographyLayout) {
        styles = [ResolvedSpanStyle(typography: typography, color: nil)]
        boundaries = []
        shapingGroups = [0]
    }

    /// The styles of `text` over `paragraph`, and the layout text: each span's text in its own text case.
    /// - Throws: ``LayoutError/invalidSpan(index:_:)`` for a span whose style cannot be resolved.
    static func make(_ text: StyledText,
                     paragraph: TypographyLayout) throws(LayoutError) -> (text: String, styles: LayoutStyles) {
        var styles = [ResolvedSpanStyle(typography: paragraph, color: nil)]
        var indexOfStyle: [SpanStyle: Int32] = [SpanStyle(): 0]
        var boundaries: [Boundary] = []
        var string = ""
        var scalars = 0
        for (index, span) in text.spans.enumerated() where !span.text.isEmpty {
            let style: Int32
            if let known = indexOfStyle[span.style] {
                style = known
            } else {
                do {
                    let typography = try TypographyLayout(
                        typography: span.style.applied(to: paragraph.typography), environment: paragraph.environment,
                        registry: paragraph.shaping.registry, maximumScaleFactor: paragraph.scaleFactor)
                    styles.append(ResolvedSpanStyle(typography: typography, color: span.style.color))
                } catch {
                    throw .invalidSpan(index: index, error)
                }
                style = Int32(styles.count - 1)
                indexOfStyle[span.style] = style
            }
            if boundaries.last?.style != style { boundaries.append(Boundary(scalar: scalars, style: style)) }
            let cased = styles[Int(style)].typography.textCase.apply(to: span.text)
            string += cased
            scalars += cased.unicodeScalars.count
        }
        if boundaries.count == 1, boundaries[0].style == 0 { boundaries = [] }
        var groups: [Int] = []
        var firstOfKey: [ShapingKey: Int] = [:]
        for (index, style) in styles.enumerated() {
            let key = ShapingKey(style.typography)
            if let first = firstOfKey[key] { groups.append(first) } else {
                firstOfKey[key] = index
                groups.append(index)
            }
        }
        return (string, LayoutStyles(styles: styles, boundaries: boundaries, shapingGroups: groups))
    }

    private init(styles: [ResolvedSpanStyle], boundaries: [Boundary], shapingGroups: [Int]) {
        self.styles = styles
        self.boundaries = boundaries
        self.shapingGroups = shapingGroups
    }

    /// The style of each grapheme of a paragraph, or empty when the text has one style.
    func graphemeStyles(of paragraph: ParagraphText) -> [Int32] {
        guard !isSingle else { return [] }
        var styles: [Int32] = []
        styles.reserveCapacity(paragraph.graphemes.count)
        // The last boundary at or before the paragraph's start, then forward.
        var next = boundaries.partitionPoint { $0.scalar <= paragraph.firstScalar }
        var current = next > 0 ? boundaries[next - 1].style : 0
        for grapheme in paragraph.graphemes {
            let scalar = paragraph.firstScalar + grapheme.start
            while next < boundaries.count, boundaries[next].scalar <= scalar {
                current = boundaries[next].style
                next += 1
            }
            styles.append(current)
        }
        return styles
    }

    /// What makes two styles shape alike.
    private struct ShapingKey: Hashable {
        var faces: [Int]
        var features: ShapingFeatures
        var language: String?
        var fontSize: Double
        var letterSpacing: Double
        var weight: FontWeight
        var style: FontStyle

        init(_ typography: TypographyLayout) {
            let shaping = typography.shaping
            faces = [shaping.face.id] + shaping.familyFaces.map(\.id)
            features = shaping.features
            language = shaping.language
            fontSize = shaping.fontSize
            letterSpacing = typography.letterSpacing
            weight = shaping.weight
            style = shaping.style
        }
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
