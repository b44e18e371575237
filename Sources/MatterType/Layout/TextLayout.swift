/// Text laid out in lines that are each exactly the typography's line height tall.
///
/// Measuring and drawing use this one value, so they never disagree:
///
/// ```swift
/// let body = Typography(family: "Noto Sans", fontSize: 16, lineHeight: 24)
/// let layout = try TextLayout("The quick brown fox jumps over the lazy dog.", typography: body,
///                             limits: LayoutLimits(width: 200))
/// layout.lines.count  // 2
/// layout.height       // 48
/// ```
public struct TextLayout: Sendable {
    /// The text laid out: the input after the typography's text case (each span's own, for a styled text).
    public let text: String
    /// The resolved typography (of the paragraph, for a styled text).
    public let typography: TypographyLayout
    /// The styles glyphs, runs and decorations are drawn in: the paragraph's first, then one per distinct span
    /// style of a ``StyledText``.
    public var styles: [ResolvedSpanStyle] { [ResolvedSpanStyle(typography: typography, color: nil)] + spanStyles }
    /// The span styles after the paragraph's; empty for a plain text.
    let spanStyles: [ResolvedSpanStyle]
    /// What drawing needs of every style: sizes and colors.
    let styleTable: StyleTable
    /// The limits it was laid out in.
    public let limits: LayoutLimits
    /// The lines, top to bottom.
    public let lines: [TextLine]
    /// The widest line's extent (indent included, trailing spaces not), in points; in a vertical writing mode
    /// the columns' extent across (as ``height`` is the rows').
    public let width: Double
    /// `lines × lineHeight + (paragraphs − 1) × paragraphSpacing`, in points; in a vertical writing mode the
    /// longest column's extent (as ``width`` is the widest row's).
    public let height: Double
    /// Whether `maxLines` hid some of the text.
    public let isTruncated: Bool
    /// The ruby annotations (``SpanStyle/ruby``), in the order of their bases: each one's text, line and box
    /// where it is drawn, in points from the layout's top-left corner — along the line, the longer of base and
    /// annotation; across it, the annotation font's ascent plus descent. A first row's annotation may stand
    /// above the layout's top, as in Chromium. (Their glyphs are among their lines' glyphs, after the text's.)
    public var annotations: [PlacedAnnotation] {
        lineAnnotations.map { PlacedAnnotation(text: $0.text, line: $0.line, rect: $0.rect) }
    }
    /// What ``annotations`` are made from when read.
    let lineAnnotations: [LineAnnotation]
    /// The faces the glyphs use: the typography's first, then any per-cluster fallbacks.
    public var fonts: [FontDescriptor] { faces.map(\.descriptor) }
    /// Characters that no face has, in the order first met; they are drawn as the primary face's .notdef.
    public let missingCharacters: [Unicode.Scalar]

    let faces: [FontFace]
    /// How far the lines reach across, from the first line's top to the last's bottom (a vertical layout's
    /// ``width`` less what annotations add past the last column).
    let lineExtent: Double
    /// How much shaping work the layout took (see ``ShapedParagraph/shapingWork``).
    let shapingWork: Int
    /// Whether a line was broken inside a word, for want of a break opportunity in the width.
    public let breaksInsideWord: Bool
    /// CSS's min-content width: the widest run of clusters no line may break inside (hanging spaces left out),
    /// when the limits ask for it (``LayoutLimits/measuresMinContent``); `nil` otherwise.
    package let minContentWidth: Double?

    /// Lays `text` out with `typography` in `environment`, fonts from `registry`.
    /// - Throws: ``LayoutError`` for invalid typography values or limits, or when no font can be loaded.
    public init(_ text: String, typography: Typography, environment: TypographyEnvironment = .default,
                limits: LayoutLimits = LayoutLimits(), registry: FontRegistry = .shared) throws(LayoutError) {
        try self.init(text, typography: TypographyLayout(typography: typography, environment: environment,
                                                         registry: registry), limits: limits)
    }

    /// Lays `text` out with a resolved typography.
    /// - Throws: ``LayoutError`` for a width that is not finite and positive, or a negative `maxLines`.
    public init(_ text: String, typography: TypographyLayout,
                limits: LayoutLimits = LayoutLimits()) throws(LayoutError) {
        if let fit = limits.fit {
            self = try TextLayout.fitted(typography, limits: limits, fit: fit) { typography, _ throws(LayoutError) in
                (typography.textCase.apply(to: text, language: typography.language),
                 LayoutStyles(typography))
            }
            return
        }
        try self.init(typography.textCase.apply(to: text, language: typography.language),
                      styles: LayoutStyles(typography), limits: limits)
    }

    /// Lays styled text out: `typography` is the paragraph's (line height, alignment, indent) and each span's
    /// defaults; see ``StyledText``.
    /// - Throws: ``LayoutError`` for invalid typography values or limits, ``LayoutError/invalidSpan(index:_:)``
    ///   for a span whose style cannot be resolved, or when no font can be loaded.
    public init(_ text: StyledText, typography: Typography, environment: TypographyEnvironment = .default,
                limits: LayoutLimits = LayoutLimits(), registry: FontRegistry = .shared) throws(LayoutError) {
        try self.init(text, typography: TypographyLayout(typography: typography, environment: environment,
                                                         registry: registry), limits: limits)
    }

    /// Lays styled text out with the paragraph's resolved typography; see ``StyledText``.
    /// - Throws: as ``init(_:typography:environment:limits:registry:)-(StyledText,_,_,_,_)``.
    public init(_ text: StyledText, typography: TypographyLayout,
                limits: LayoutLimits = LayoutLimits()) throws(LayoutError) {
        if let fit = limits.fit {
            self = try TextLayout.fitted(typography, limits: limits, fit: fit) { scaled, factor throws(LayoutError) in
                try LayoutStyles.make(text.scaled(by: factor), paragraph: scaled)
            }
            return
        }
        let (string, styles) = try LayoutStyles.make(text, paragraph: typography)
        try self.init(string, styles: styles, limits: limits)
    }

    private init(_ text: String, styles: LayoutStyles, limits: LayoutLimits) throws(LayoutError) {
        try TextLayout.check(limits)
        var layouter = LineLayouter(text: text, styles: styles, limits: limits)
        let result = layouter.run()
        self.init(layouter, result)
    }

    /// The layout `layouter` made (`result` of its run).
    init(_ layouter: borrowing LineLayouter, _ result: consuming LineLayouter.Result) {
        text = layouter.text
        typography = layouter.styles.paragraph
        spanStyles = layouter.styles.spanStyles
        styleTable = layouter.styles.table
        limits = layouter.requestedLimits
        lines = result.lines
        // Columns: the lines' extent across (and annotations past the last) is the width, the longest column the
        // height.
        (width, height) = layouter.writingMode.isVertical ? (result.reach, result.width) : (result.width, result.height)
        lineExtent = result.height
        isTruncated = result.isTruncated
        lineAnnotations = result.annotations
        breaksInsideWord = result.breaksInsideWord
        minContentWidth = layouter.limits.measuresMinContent ? LineLayouter.minContentWidth(of: result.paragraphs) : nil
        faces = layouter.fallback.faces
        missingCharacters = layouter.fallback.missingCharacters.compactMap(Unicode.Scalar.init)
        shapingWork = result.shapingWork
    }

    /// Throws for a width or height that is not finite and positive (or above 1,000,000), or a negative
    /// `maxLines`.
    static func check(_ limits: LayoutLimits) throws(LayoutError) {
        if let width = limits.width {
            try LayoutError.check("width", width, in: .leastNonzeroMagnitude...1_000_000,
                                  allowed: "a width above 0 and at most 1000000 points, or no width")
        }
        if let height = limits.height {
            try LayoutError.check("height", height, in: .leastNonzeroMagnitude...1_000_000,
                                  allowed: "a column length above 0 and at most 1000000 points, or no height")
        }
        guard limits.maxLines >= 0 else { throw .invalidMaxLines(limits.maxLines) }
    }

    /// Why text cannot be hyphenated although ``TypographyLayout/hyphens`` is ``Hyphens/auto``: the paragraph's
    /// or a span's style has no language, or no dictionary is installed for it; each reason once, empty otherwise.
    public var hyphenationWarnings: [HyphenationWarning] {
        guard typography.hyphens == .auto else { return [] }
        var warnings: [HyphenationWarning] = []
        for style in styles {
            let warning: HyphenationWarning
            if let language = style.typography.language {
                guard HyphenationDictionary.forLanguage(language) == nil else { continue }
                warning = .noDictionary(language: language)
            } else {
                warning = .noLanguage
            }
            if !warnings.contains(warning) { warnings.append(warning) }
        }
        return warnings
    }

    /// Which family of each family list (the paragraph's typography's, then each span style's) was drawn with,
    /// where that says more than "the first": a family skipped for having no font here, a generic name and the
    /// family Fontconfig answered, or a list with no family here at all. Each choice once.
    public var familyChoices: [FamilyChoice] {
        var choices: [FamilyChoice] = []
        for style in styles {
            if let choice = style.typography.familyChoice, choice.isNotable, !choices.contains(choice) {
                choices.append(choice)
            }
        }
        return choices
    }

    /// What a caller should warn about, one sentence each: families not found (``familySubstitutions``), then text
    /// asked to be hyphenated that was not (``hyphenationWarnings``). The CLI prints them as one `warning:` line,
    /// the server as a `MatterType-Warning` header.
    public var warnings: [String] {
        familySubstitutions.map(\.description) + hyphenationWarnings.map(\.description)
    }

    /// Why families asked for were replaced by another family's faces: the paragraph's typography's, then each
    /// span style's, each reason once; empty when every family was found.
    public var familySubstitutions: [FallbackReason] {
        var reasons: [FallbackReason] = []
        for style in styles {
            if let reason = style.typography.font.fallbackReason, !reasons.contains(reason) { reasons.append(reason) }
        }
        return reasons
    }

    /// The box the glyphs' outlines and color bitmaps (as their fonts give their extents, after synthetic bold
    /// and slant), the decorations and the inline boxes cover, in points from the layout's top-left corner; ``Rect/zero`` when
    /// nothing is drawn. It may reach outside ``width`` × ``height``: line boxes are exactly the line height, ink
    /// is not (descenders under a tight line height, stacked marks, emoji).
    public var inkBounds: Rect {
        var bounds = Rect.zero
        for index in lines.indices { bounds = bounds.union(inkBounds(ofLine: index, boxes: false)) }
        for placed in inlineBoxes { bounds = bounds.union(placed.rect) }
        return bounds
    }

    /// The ink of line `index` alone (its glyphs, decorations and inline boxes, as ``inkBounds`` counts them), in
    /// points from the layout's top-left corner; ``Rect/zero`` when it draws nothing. Lines' inks are tighter than
    /// the whole text's: a short last line does not cover the space beside it.
    public func inkBounds(ofLine index: Int) -> Rect {
        inkBounds(ofLine: index, boxes: true)
    }

    private func inkBounds(ofLine index: Int, boxes: Bool) -> Rect {
        var bounds = Rect.zero
        let line = lines[index]
        for glyph in line.glyphs {
            guard let ink = ink(of: glyph) else { continue }
            bounds = bounds.union(Rect(x: glyph.x + ink.left, y: glyph.y + ink.top,
                                       width: ink.right - ink.left, height: ink.bottom - ink.top))
        }
        for rect in line.decorations {
            bounds = bounds.union(Rect(x: rect.x, y: rect.y, width: rect.width, height: rect.height))
        }
        if boxes { for placed in inlineBoxes where placed.line == index { bounds = bounds.union(placed.rect) } }
        return bounds
    }

    /// Where the inline boxes of a ``StyledText`` stand, line by line, left to right (those a truncation hid are
    /// not there). A box taller than its line overflows it: the line keeps its height.
    public var inlineBoxes: [PlacedInlineBox] {
        guard !lines.isEmpty, let boxes = lines[0].source.context.boxes else { return [] }
        let order = boxes.keys.sorted()
        var placed: [PlacedInlineBox] = []
        for (index, line) in lines.enumerated() {
            for (scalar, box, x) in line.source.boxes() {
                placed.append(PlacedInlineBox(index: order.partitionPoint { $0 < scalar }, line: index, x: x,
                                              y: y(of: box, on: line), box: box))
            }
        }
        return placed
    }

    /// The top of `box` on `line` (CSS `vertical-align` against the paragraph's primary font and line box).
    private func y(of box: InlineBox, on line: TextLine) -> Double {
        switch box.alignment {
        case .baseline: line.baseline - box.height
        case .middle: line.baseline - typography.xHeight / 2 - box.height / 2
        case .textTop: line.baseline - typography.ascent
        case .textBottom: line.baseline + typography.descent - box.height
        case .top: line.top
        case .bottom: line.top + line.height - box.height
        }
    }

    /// The box `glyph` draws, in points from its origin, y down (turned with a sideways glyph); `nil` when it
    /// draws nothing.
    func ink(of glyph: PositionedGlyph) -> (left: Double, top: Double, right: Double, bottom: Double)? {
        let face = faces[glyph.fontIndex]
        guard let extents = face.inkExtents(of: glyph.glyphID) else { return nil }
        let size = styleTable.fontSizes[glyph.styleIndex]
        let unit = size / Double(face.metrics.unitsPerEm)
        let widthScale = glyph.widthScale
        var left = extents.left * unit * widthScale, right = extents.right * unit * widthScale
        var top = -extents.top * unit, bottom = -extents.bottom * unit
        if face.synthetic.italic {  // slanted by tan 14° ≈ 0.25 about the baseline
            left += min(0, -bottom) * 0.25
            right += max(0, -top) * 0.25
        }
        if face.synthetic.bold {  // outlines grow by size / 24 in all, half on each side
            let grow = size / 48
            left -= grow; right += grow; top -= grow; bottom += grow
        }
        // Turned 90° clockwise: the glyph's bottom is on the left, its left at the top.
        if glyph.isSideways { return (-bottom, left, -top, right) }
        return (left, top, right, bottom)
    }

    /// The size of the laid-out text: ``width`` × ``height``.
    public var size: Size { Size(width: width, height: height) }
}

/// An ``InlineBox`` placed in a ``TextLayout``.
public struct PlacedInlineBox: Sendable, Hashable {
    /// Which box: 0 for the text's first box span, 1 for the next, and so on.
    public let index: Int
    /// The line it is on (0-based).
    public let line: Int
    /// Its left edge, in points from the layout's left.
    public let x: Double
    /// Its top, in points from the layout's top.
    public let y: Double
    /// The box: its width, height and alignment.
    public let box: InlineBox

    /// The rectangle it covers.
    public var rect: Rect { Rect(x: x, y: y, width: box.width, height: box.height) }
}

/// One line of a ``TextLayout``.
public struct TextLine: Sendable {
    /// What the line shows: its part of the text, trailing spaces included, and "…" where it was truncated.
    /// Made when read.
    public var text: String { source.shownText() }
    /// The part of ``TextLayout/text`` the line covers (a truncated line covers what it elides, too).
    public let range: Range<String.Index>
    /// Which paragraph (0-based) the line belongs to.
    public let paragraph: Int
    /// The top of the line box, in points from the top of the layout.
    public let top: Double
    /// The baseline, in points from the top of the layout.
    public let baseline: Double
    /// The line box's height: the typography's line height.
    public let height: Double
    /// Where the first glyph's pen position is, in points from the left of the layout.
    public let x: Double
    /// The width of the line's glyphs, trailing spaces excluded, in points.
    public let width: Double
    /// The glyphs, in drawing order, positioned in layout coordinates.
    public let glyphs: [PositionedGlyph]
    /// The underlines and strikethroughs under the line's glyphs (trailing spaces excluded): one across the line
    /// for a plain text with a decoration; one per stretch of spans that draw the same stroke for a styled text.
    public let decorations: [DecorationRect]
    /// The line's runs of one font and direction, left to right (visual order). Made when read: keep the
    /// array rather than reading it again in a loop.
    public var runs: [TextRun] { source.runs() }
    /// What ``text`` and ``runs`` are made from.
    let source: LineRunSource

    /// The text each glyph of ``glyphs`` stands for (see `LineRunSource.glyphTexts()`). Made when read.
    var glyphTexts: [String] { source.glyphTexts() }
}

/// A run of a ``TextLine``: neighbouring grapheme clusters drawn with one font in one direction, or an
/// inserted ellipsis or hyphen.
public struct TextRun: Sendable, Hashable {
    /// The Unicode scalars of ``TextLayout/text`` the run shows (offsets from the start, in scalars); empty
    /// for an inserted ellipsis or hyphen, at the place it stands.
    public let scalarRange: Range<Int>
    /// What the run shows.
    public var text: String { String(shown) }
    /// `text` as a slice of the layout's text (or of the ellipsis or hyphen), made without copying.
    let shown: Substring
    /// The pen position where the run starts, in points from the left of the layout.
    public let x: Double
    /// The run's advance in points (justification included).
    public let width: Double
    /// ``TextDirection/rightToLeft`` for an odd bidi level, else ``TextDirection/leftToRight``.
    public let direction: TextDirection
    /// The face its glyphs come from.
    public var font: FontDescriptor { face.descriptor }
    /// ``font``'s face, kept as one reference: runs are made for every line.
    let face: FontFace
    /// Whether that face is not its style's own (a fallback face or a further family).
    public let isFallback: Bool
    /// Its style: an index into ``TextLayout/styles`` (0, the paragraph's, for a plain text).
    public let styleIndex: Int

    public static func == (lhs: TextRun, rhs: TextRun) -> Bool {
        lhs.scalarRange == rhs.scalarRange && lhs.shown == rhs.shown && lhs.x == rhs.x && lhs.width == rhs.width
            && lhs.direction == rhs.direction && lhs.face === rhs.face && lhs.isFallback == rhs.isFallback
            && lhs.styleIndex == rhs.styleIndex
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(scalarRange)
        hasher.combine(shown)
        hasher.combine(x)
        hasher.combine(ObjectIdentifier(face))
    }
}

/// A glyph at its place in a ``TextLayout``.
public struct PositionedGlyph: Sendable, Hashable {
    /// The glyph's index in its font.
    public let glyphID: UInt32
    /// ``fontIndex`` and ``styleIndex``, stored small: a glyph is 32 bytes. (Swift lays fields out in this order:
    /// the small ones fill the 4 bytes before `x`'s 8-byte alignment.)
    let face: Int32
    let style: Int32
    /// How much narrower than its font draws it the glyph is drawn, in 65,535ths (0: not narrowed): a combined run
    /// wider than an em (``TextCombineUpright/all``).
    let narrowing: UInt16
    /// Whether the glyph is drawn turned 90° clockwise about its origin: a sideways character (Latin, digits) of
    /// a vertical line; its baseline then runs down the column. False in horizontal text and for upright
    /// characters, whose origin HarfBuzz's vertical offsets place.
    public let isSideways: Bool
    /// The glyph origin's x, in points from the left of the layout.
    public let x: Double
    /// The glyph origin's y (on the baseline unless the font offsets it), in points from the top.
    public let y: Double

    init(glyphID: UInt32, face: Int32, style: Int32, x: Double, y: Double, isSideways: Bool = false,
         narrowing: UInt16 = 0) {
        self.glyphID = glyphID
        self.face = face
        self.style = style
        self.x = x
        self.y = y
        self.isSideways = isSideways
        self.narrowing = narrowing
    }

    /// The factor its width is drawn at: 1, or less for a combined run narrowed to an em.
    public var widthScale: Double { narrowing == 0 ? 1 : Double(narrowing) / 65535 }

    /// The ``narrowing`` that draws a glyph at `scale` of its width (0 for 1 or more).
    static func narrowing(_ scale: Double) -> UInt16 { scale >= 1 ? 0 : UInt16(max(1, (scale * 65535).rounded())) }

    /// Which of ``TextLayout/fonts`` it comes from.
    public var fontIndex: Int { Int(face) }
    /// Which of ``TextLayout/styles`` it is drawn in: its size and color.
    public var styleIndex: Int { Int(style) }
}

/// A filled rectangle in layout coordinates, in points.
public struct DecorationRect: Sendable, Hashable {
    /// Left edge.
    public let x: Double
    /// Top edge.
    public let y: Double
    /// Width.
    public let width: Double
    /// Height.
    public let height: Double
    /// The style whose decoration and color it is (an index into ``TextLayout/styles``).
    public let styleIndex: Int
}
