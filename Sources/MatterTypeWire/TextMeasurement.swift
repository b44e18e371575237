public import MatterType

/// A laid-out text as `mattertype measure --json` and `POST /v1/measure` report it: its size, typography and lines
/// with their runs. Lengths are in points, rounded to a millionth so binary noise does not show.
public struct TextMeasurement: Sendable, Hashable, Codable {
    /// The text's width.
    public var width: Double
    /// The text's height: lines × line height, plus paragraph spacing.
    public var height: Double
    /// The font size used (after Dynamic Type).
    public var fontSize: Double
    /// The line height used.
    public var lineHeight: Double
    /// The primary face's PostScript name.
    public var postScriptName: String
    /// The family of the typography's list (as CSS `font-family`) the primary face is of: the first that has a
    /// font here, as the list names it.
    public var family: String
    /// Which family of each list was used and why, where that is not simply the first (see ``FamilyChoice``): one
    /// sentence each, the paragraph's first, then the spans'.
    public var familyChoices: [String]
    /// Whether a family asked for (the typography's or a span's) was not found and another family's faces drew it.
    public var fallback: Bool
    /// Why, for each family replaced: one sentence each (empty when `fallback` is false).
    public var fallbackReasons: [String]
    /// The primary face's `hhea.ascender` at the font size (positive, above the baseline).
    public var ascender: Double
    /// The primary face's `hhea.descender` at the font size (negative, below the baseline).
    public var descender: Double
    /// The primary face's `hhea.lineGap` at the font size.
    public var lineGap: Double
    /// The box the glyphs' outlines (and decorations) cover, relative to the layout's top-left corner; it may
    /// reach outside the layout's width × height (tight line heights, tall marks, emoji).
    public var inkBounds: Rect
    /// Whether lines were cut or ellipsized.
    public var truncated: Bool
    /// Characters no font has, one string each.
    public var missingCharacters: [String]
    /// Why text asked to be hyphenated automatically was not (no language, no dictionary): one sentence each.
    public var hyphenationWarnings: [String]
    /// The lines, top to bottom.
    public var lines: [Line]
    /// The inline boxes of box spans, line by line, left to right (omitted from the JSON when there are none).
    public var boxes: [Box]?
    /// The ruby annotations, in the order of their bases (omitted from the JSON when there are none).
    public var ruby: [Annotation]?

    /// A ruby annotation: its text and box (along the line the longer of base and annotation, across it the
    /// annotation font's ascent plus descent), from the layout's top-left corner.
    public struct Annotation: Sendable, Hashable, Codable {
        /// What it reads.
        public var text: String
        /// Its box's left edge and top, from the layout's top-left corner.
        public var x: Double
        public var y: Double
        /// Its box's width and height.
        public var width: Double
        public var height: Double
    }

    /// Where an inline box stands.
    public struct Box: Sendable, Hashable, Codable {
        /// Which box: 0 for the first box span.
        public var index: Int
        /// Its line (0-based).
        public var line: Int
        /// Its left edge and top, from the layout's top-left corner.
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double
    }

    /// One line: a row, or in a vertical writing mode a column.
    public struct Line: Sendable, Hashable, Codable {
        /// The line's text.
        public var text: String
        /// The top of the line box (of a column: its edge nearer the block's start, from that start — the right
        /// edge for `vertical-rl`).
        public var top: Double
        /// The baseline (of a column: its sideways characters' baseline, as `top`).
        public var baseline: Double
        /// Where the line starts (alignment); a column's left edge.
        public var x: Double
        /// A column's top: where its first character starts; omitted for a row.
        public var y: Double?
        /// The line's width (trailing spaces left out); a column's width, the line height.
        public var width: Double
        /// A column's extent down (trailing spaces left out); omitted for a row.
        public var height: Double?
        /// The line's runs in visual order (in a column, top to bottom; their `x` is then down from the top).
        public var runs: [Run]
    }

    /// One run: text in one face and direction.
    public struct Run: Sendable, Hashable, Codable {
        /// The first scalar's offset in the text.
        public var start: Int
        /// The offset after the last scalar.
        public var end: Int
        /// The run's text.
        public var text: String
        /// Where the run starts.
        public var x: Double
        /// The run's width.
        public var width: Double
        /// ltr or rtl.
        public var direction: String
        /// The face's PostScript name.
        public var postScriptName: String
        /// Whether the face is not of the family its style asked for: a fallback for characters the family lacks,
        /// or a replacement for a family that was not found.
        public var fallback: Bool
    }

    /// The measurement of `layout`.
    public init(_ layout: TextLayout) {
        width = TextMeasurement.rounded(layout.width)
        height = TextMeasurement.rounded(layout.height)
        fontSize = TextMeasurement.rounded(layout.typography.fontSize)
        lineHeight = TextMeasurement.rounded(layout.typography.lineHeight)
        postScriptName = layout.typography.font.font.postScriptName
        family = layout.typography.familyChoice?.family ?? layout.typography.familyName
        familyChoices = layout.familyChoices.map(\.description)
        let substitutions = layout.familySubstitutions
        fallback = !substitutions.isEmpty
        fallbackReasons = substitutions.map(\.description)
        ascender = TextMeasurement.rounded(layout.typography.ascent)
        descender = TextMeasurement.rounded(-layout.typography.descent)
        lineGap = TextMeasurement.rounded(layout.typography.lineGap)
        let ink = layout.inkBounds
        inkBounds = Rect(x: TextMeasurement.rounded(ink.x), y: TextMeasurement.rounded(ink.y),
                         width: TextMeasurement.rounded(ink.width), height: TextMeasurement.rounded(ink.height))
        truncated = layout.isTruncated
        missingCharacters = layout.missingCharacters.map { String($0) }
        let placed = layout.inlineBoxes
        boxes = placed.isEmpty ? nil : placed.map { box in
            Box(index: box.index, line: box.line, x: TextMeasurement.rounded(box.x), y: TextMeasurement.rounded(box.y),
                width: TextMeasurement.rounded(box.box.width), height: TextMeasurement.rounded(box.box.height))
        }
        let annotations = layout.annotations
        ruby = annotations.isEmpty ? nil : annotations.map { annotation in
            let r = annotation.rect
            return Annotation(text: annotation.text, x: TextMeasurement.rounded(r.x), y: TextMeasurement.rounded(r.y),
                              width: TextMeasurement.rounded(r.width), height: TextMeasurement.rounded(r.height))
        }
        hyphenationWarnings = layout.hyphenationWarnings.map(\.description)
        let isVertical = layout.typography.typography.writingMode.isVertical
        let boxes = isVertical ? layout.lineBoxes : []
        lines = layout.lines.enumerated().map { index, line in
            Line(text: line.text, top: TextMeasurement.rounded(line.top),
                 baseline: TextMeasurement.rounded(line.baseline),
                 x: TextMeasurement.rounded(isVertical ? boxes[index].x : line.x),
                 y: isVertical ? TextMeasurement.rounded(boxes[index].y) : nil,
                 width: TextMeasurement.rounded(isVertical ? boxes[index].width : line.width),
                 height: isVertical ? TextMeasurement.rounded(boxes[index].height) : nil,
                 runs: line.runs.map { run in
                     Run(start: run.scalarRange.lowerBound, end: run.scalarRange.upperBound, text: run.text,
                         x: TextMeasurement.rounded(run.x), width: TextMeasurement.rounded(run.width),
                         direction: run.direction.rawValue, postScriptName: run.font.postScriptName,
                         fallback: run.isFallback || layout.styles[run.styleIndex].typography.font.isFallback)
                 })
        }
    }

    /// `value` rounded to a millionth of a point.
    public static func rounded(_ value: Double) -> Double {
        (value * 1_000_000).rounded() / 1_000_000
    }
}
