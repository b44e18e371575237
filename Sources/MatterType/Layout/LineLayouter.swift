import MatterTypeICU

/// Breaks a text into exact line boxes: the algorithm behind ``TextLayout``.
///
/// Paragraphs split at newlines. Each paragraph is cut at its UAX #14 break opportunities (ICU) into words that
/// are shaped one by one (cached per face, as browsers do), with a fallback face for characters the font lacks.
/// Lines fill greedily by grapheme cluster; trailing spaces hang past the width; a word wider than the line
/// breaks between grapheme clusters. Then `maxLines` truncation, alignment, and glyph positions.
struct LineLayouter {
    /// The text being laid out (already case-transformed).
    let text: String
    /// `text` as UTF-8; paragraphs, graphemes and lines are byte ranges of it.
    private let bytes: [UInt8]
    let typography: TypographyLayout
    let limits: LayoutLimits
    /// The faces glyphs refer to; the typography's face first.
    private(set) var faces: [FontFace]
    /// Which face each character the primary face lacks falls back to (an index into `faces`).
    private var fallbacks: [UInt32: Int] = [:]

    struct Result {
        var lines: [TextLine]
        var width: Double
        var height: Double
        var isTruncated: Bool
    }

    init(text: String, typography: TypographyLayout, limits: LayoutLimits) {
        self.text = text
        bytes = Array(text.utf8)
        self.typography = typography
        self.limits = limits
        faces = [typography.face]
    }

    // MARK: - Shaped paragraphs

    /// A glyph of a paragraph, in points.
    struct Glyph {
        var id: UInt32
        var face: Int
        var advance: Double
        var xOffset: Double
        var yOffset: Double
    }

    /// A grapheme cluster of a paragraph and its glyphs.
    struct Grapheme {
        /// The grapheme's bytes in the UTF-8 of the string shaped (`text`, or the ellipsis).
        var bytes: Range<Int>
        var glyphs: Range<Int>
        /// Glyph advances plus letter spacing, in points.
        var advance: Double
        /// A space that hangs at the end of a line and widens when justified.
        var isSpace: Bool
        /// Whether a line may start at this grapheme (UAX #14).
        var breakBefore: Bool
    }

    struct Paragraph {
        /// The paragraph's bytes in `text`'s UTF-8.
        var range: Range<Int>
        var graphemes: [Grapheme]
        var glyphs: [Glyph]
        var isRightToLeft: Bool
    }

    /// Shapes one paragraph: bytes `range` of `utf8` (`text`'s, or the ellipsis's), without newlines.
    private mutating func shapeParagraph(_ range: Range<Int>, of utf8: [UInt8]) -> Paragraph {
        var scalars: [UInt32] = []
        var utf16: [UInt16] = []
        var scalarAtUTF16: [Int] = []
        var graphemes: [Grapheme] = []
        /// The grapheme each scalar belongs to; empty for ASCII, where scalar, grapheme and byte coincide.
        var graphemeOfScalar: [Int] = []
        let isASCII = utf8[range].allSatisfy { $0 < 0x80 }
        if isASCII {
            // Bulk maps, not appends: one allocation and no per-element checks. UTF-16 only if ICU needs it.
            scalars = utf8[range].map { UInt32($0) }
            graphemes = range.map { offset in
                Grapheme(bytes: offset..<offset + 1, glyphs: 0..<0, advance: 0,
                         isSpace: utf8[offset] == 0x20 || utf8[offset] == 0x09, breakBefore: false)
            }
            if limits.width != nil { utf16 = utf8[range].map { UInt16($0) } }
        } else {
            scalars.reserveCapacity(range.count)
            utf16.reserveCapacity(range.count)
            graphemes.reserveCapacity(range.count)
            // An ASCII byte followed by another ASCII byte is a grapheme of its own (paragraphs hold no CR LF), so
            // only the spans around non-ASCII text go through Swift's grapheme segmentation.
            func isSimple(_ i: Int) -> Bool {
                utf8[i] < 0x80 && (i + 1 == range.upperBound || utf8[i + 1] < 0x80)
            }
            var offset = range.lowerBound
            while offset < range.upperBound {
                if isSimple(offset) {
                    let byte = utf8[offset]
                    graphemeOfScalar.append(graphemes.count)
                    scalars.append(UInt32(byte))
                    utf16.append(UInt16(byte))
                    scalarAtUTF16.append(scalars.count - 1)
                    graphemes.append(Grapheme(bytes: offset..<offset + 1, glyphs: 0..<0, advance: 0,
                                              isSpace: byte == 0x20 || byte == 0x09, breakBefore: false))
                    offset += 1
                    continue
                }
                var end = offset + 1
                while end < range.upperBound, !isSimple(end) { end += 1 }
                var span = String(decoding: utf8[offset..<end], as: UTF8.self)
                // A prepended concatenation mark (UAX #29 GB9b) joins the next character: keep them together.
                while end < range.upperBound, let last = span.unicodeScalars.last,
                      LineLayouter.isPrepend(last.value) {
                    end += 1
                    span = String(decoding: utf8[offset..<end], as: UTF8.self)
                }
                for character in span {
                    let length = character.utf8.count
                    let first = character.unicodeScalars.first ?? " "
                    for scalar in character.unicodeScalars {
                        graphemeOfScalar.append(graphemes.count)
                        scalars.append(scalar.value)
                        for unit in UTF16.encode(scalar) ?? UTF16.EncodedScalar() {
                            utf16.append(unit)
                            scalarAtUTF16.append(scalars.count - 1)
                        }
                    }
                    graphemes.append(Grapheme(bytes: offset..<offset + length, glyphs: 0..<0, advance: 0,
                                              isSpace: LineLayouter.isHangingSpace(first), breakBefore: false))
                    offset += length
                }
            }
            scalarAtUTF16.append(scalars.count)
        }
        guard !scalars.isEmpty else {
            return Paragraph(range: range, graphemes: [], glyphs: [], isRightToLeft: false)
        }
        let scalarCount = scalars.count
        func grapheme(ofScalar index: Int) -> Int {
            isASCII ? index : graphemeOfScalar[index]
        }
        func startsGrapheme(_ index: Int) -> Bool {
            isASCII || index == scalarCount || index == 0 || graphemeOfScalar[index] != graphemeOfScalar[index - 1]
        }

        // Words shaped one by one (and cached): for ASCII text, a word ends after its spaces, as Chromium's word
        // cache does; otherwise at each UAX #14 opportunity (so CJK text is not one long word). Line breaks need
        // those opportunities only when there is a width to break at.
        var wordEnds: [Int] = []
        if isASCII {
            for index in 1..<scalarCount where graphemes[index - 1].isSpace && !graphemes[index].isSpace {
                wordEnds.append(index)
            }
            wordEnds.append(scalarCount)
        }
        if limits.width != nil || !isASCII {
            var ends: [Int] = []
            let opportunities = utf16.withUnsafeBufferPointer { LineBreaks.opportunities(in: $0) }
            for offset in opportunities {
                let scalar = isASCII ? offset : scalarAtUTF16[min(offset, scalarAtUTF16.count - 1)]
                guard startsGrapheme(scalar), scalar > (ends.last ?? 0) else { continue }
                ends.append(scalar)
                if scalar < scalarCount { graphemes[grapheme(ofScalar: scalar)].breakBefore = true }
            }
            if !isASCII { wordEnds = ends }
        }
        if wordEnds.last != scalarCount { wordEnds.append(scalarCount) }
        let isRightToLeft = isASCII ? false
            : (utf16.withUnsafeBufferPointer { LineBreaks.isRightToLeft($0) } ?? false)

        // Shape word by word, run by run of one face; glyphs end up in grapheme order.
        var glyphs: [Glyph] = []
        glyphs.reserveCapacity(scalarCount)
        var glyphGrapheme: [Int] = []
        glyphGrapheme.reserveCapacity(scalarCount)
        let unit = typography.pointsPerUnit
        // ASCII text in a face with every printable ASCII glyph is one run per word (controls draw nothing).
        let primaryCoversASCII = faces[0].coversPrintableASCII
        let singleFace = isASCII && primaryCoversASCII
        var shaped: [WordGlyph] = []  // one run's glyphs, from the word cache
        var wordStart = 0
        for wordEnd in wordEnds {
            var runStart = wordStart
            while runStart < wordEnd {
                let face = singleFace ? 0 : faceIndex(for: scalars[runStart], previous: nil)
                var runEnd = singleFace ? wordEnd : runStart + 1
                while runEnd < wordEnd {
                    // Printable ASCII in a primary face that has it all, and spaces, stay in the run (as
                    // `faceIndex` would say) without a lookup.
                    let value = scalars[runEnd]
                    let stays = value == 0x20 || (face == 0 && primaryCoversASCII && value > 0x20 && value < 0x7F)
                    guard stays || faceIndex(for: value, previous: face) == face else { break }
                    runEnd += 1
                }
                let cache = face == 0 ? typography.wordCache : faces[face].wordCache(for: typography.features)
                let fontFace = faces[face]
                let features = typography.features
                shaped.removeAll(keepingCapacity: true)
                let isRightToLeft = scalars.withUnsafeBufferPointer { all in
                    let run = UnsafeBufferPointer(rebasing: all[runStart..<runEnd])
                    return cache.appendGlyphs(of: run, to: &shaped) {
                        Shaper.shape(run, face: fontFace, features: features)
                    }
                }
                let last = runEnd - 1
                // Left to right with ascending clusters (nearly always): glyphs are already in grapheme order.
                var ordered = !isRightToLeft
                if ordered {
                    for i in shaped.indices.dropFirst() where shaped[i].cluster < shaped[i - 1].cluster {
                        ordered = false
                        break
                    }
                }
                var reordered: [Int] = []
                if !ordered {
                    reordered = Array(0..<shaped.count)
                    if isRightToLeft { reordered.reverse() }
                    let owners = reordered.map { grapheme(ofScalar: min(runStart + Int(shaped[$0].cluster), last)) }
                    reordered = zip(owners, reordered).sorted { $0.0 < $1.0 }.map(\.1)
                }
                for position in 0..<shaped.count {
                    let glyph = shaped[ordered ? position : reordered[position]]
                    glyphs.append(Glyph(id: glyph.id, face: face, advance: Double(glyph.xAdvance) * unit,
                                        xOffset: Double(glyph.xOffset) * unit, yOffset: Double(glyph.yOffset) * unit))
                    glyphGrapheme.append(grapheme(ofScalar: min(runStart + Int(glyph.cluster), last)))
                }
                runStart = runEnd
            }
            wordStart = wordEnd
        }

        // Each grapheme's glyphs and advance.
        let letterSpacing = typography.letterSpacing
        graphemes.withUnsafeMutableBufferPointer { graphemes in
            var glyphIndex = 0
            for g in graphemes.indices {
                let first = glyphIndex
                var advance = letterSpacing
                while glyphIndex < glyphs.count, glyphGrapheme[glyphIndex] == g {
                    advance += glyphs[glyphIndex].advance
                    glyphIndex += 1
                }
                graphemes[g].glyphs = first..<glyphIndex
                graphemes[g].advance = advance
            }
        }
        return Paragraph(range: range, graphemes: graphemes, glyphs: glyphs, isRightToLeft: isRightToLeft)
    }

    /// The face for a character: the primary face if it has a glyph; marks, joiners, selectors, controls and
    /// spaces stay with the previous character's face; otherwise the Fontconfig fallback for it.
    private mutating func faceIndex(for value: UInt32, previous: Int?) -> Int {
        if value < 0x80 {
            if let previous, value <= 0x20 || value == 0x7F { return previous }  // controls and space
            if faces[0].asciiCoverage[Int(value)] { return 0 }
        }
        let primaryHasGlyph = faces[0].hasGlyph(for: value)
        // The primary face's glyph, unless a mark or the like must stay with a fallback face before it.
        if primaryHasGlyph, previous ?? 0 == 0 { return 0 }
        guard let scalar = Unicode.Scalar(value) else { return previous ?? 0 }
        if let previous {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark, .format, .control, .spaceSeparator:
                return previous
            default:
                break
            }
        }
        if primaryHasGlyph { return 0 }
        if let known = fallbacks[value] { return known }
        var index = 0
        if let face = typography.registry.fallbackFace(for: value, weight: typography.font.requestedWeight,
                                                       style: typography.font.requestedStyle) {
            if let existing = faces.firstIndex(where: { $0 === face }) {
                index = existing
            } else {
                faces.append(face)
                index = faces.count - 1
            }
        }
        fallbacks[value] = index
        return index
    }

    /// Whether a scalar has the Grapheme_Cluster_Break property Prepend (UAX #29; Unicode 15): it joins the
    /// character after it.
    private static func isPrepend(_ value: UInt32) -> Bool {
        switch value {
        case 0x0600...0x0605, 0x06DD, 0x070F, 0x0890...0x0891, 0x08E2, 0x0D4E, 0x110BD, 0x110CD, 0x111C2...0x111C3,
             0x1193F, 0x11941, 0x11A3A, 0x11A84...0x11A89, 0x11D46:
            return true
        default:
            return false
        }
    }

    /// Spaces that hang at a line end: space separators other than the no-break ones, and tab.
    private static func isHangingSpace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "\t" { return true }
        return scalar.properties.generalCategory == .spaceSeparator
            && ![0x00A0, 0x2007, 0x202F].contains(scalar.value)
    }

    // MARK: - Lines

    /// What a line shows: graphemes of its paragraph, or the ellipsis.
    enum Item {
        case grapheme(Int)
        case ellipsis
    }

    /// A line before it is positioned.
    struct Draft {
        var paragraph: Int
        var items: [Item]
        /// The bytes of `text` the line covers.
        var range: Range<Int>
        var indent: Double
        var isLastOfParagraph: Bool
        var top: Double
    }

    /// The line ranges (grapheme indices) of a paragraph, breaking greedily.
    private func breakLines(_ paragraph: Paragraph) -> [Range<Int>] {
        let graphemes = paragraph.graphemes
        guard !graphemes.isEmpty else { return [0..<0] }
        guard let width = limits.width else { return [0..<graphemes.count] }
        var lines: [Range<Int>] = []
        var start = 0
        while start < graphemes.count {
            let available = width - (lines.isEmpty ? typography.paragraphIndent : 0)
            var x = 0.0
            var lastBreak: Int?
            var end = graphemes.count
            var i = start
            while i < graphemes.count {
                let grapheme = graphemes[i]
                if i > start, grapheme.breakBefore { lastBreak = i }
                if i > start, !grapheme.isSpace, !LineLayouter.fits(x + grapheme.advance, in: available) {
                    if limits.lineBreakMode == .byCharWrapping { end = i } else { end = lastBreak ?? i }
                    break
                }
                x += grapheme.advance
                i += 1
            }
            lines.append(start..<end)
            start = end
        }
        return lines
    }

    /// Whether content `width` points wide fits in `available` points, compared in whole 1/64 pt as Chromium's
    /// LayoutUnit does (its float-to-LayoutUnit conversion truncates): 350.012 pt fits in 350, 350.016 does not.
    static func fits(_ width: Double, in available: Double) -> Bool {
        (width * 64 + 1e-9).rounded(.down) <= (available * 64 + 1e-9).rounded(.down)
    }

    /// Lays the whole text out.
    mutating func run() -> Result {
        let paragraphRanges = splitParagraphs()
        // Shaped only when a line is truncated with it.
        var ellipsis = Paragraph(range: 0..<0, graphemes: [], glyphs: [], isRightToLeft: false)
        var drafts: [Draft] = []
        var paragraphs: [Paragraph] = []
        var top = 0.0
        var isTruncated = false
        let maxLines = limits.maxLines

        for (p, range) in paragraphRanges.enumerated() {
            if maxLines > 0, drafts.count == maxLines {
                isTruncated = true
                break
            }
            if p > 0 { top += typography.paragraphSpacing }
            let paragraph = shapeParagraph(range, of: bytes)
            paragraphs.append(paragraph)
            var lines = breakLines(paragraph)
            var truncateLast = false
            if maxLines > 0 {
                let remaining = maxLines - drafts.count
                let hidesMore = lines.count > remaining || (lines.count == remaining && p < paragraphRanges.count - 1)
                if hidesMore {
                    isTruncated = true
                    truncateLast = true
                    lines = Array(lines.prefix(remaining))
                }
            }
            for (l, line) in lines.enumerated() {
                var items = line.map(Item.grapheme)
                var lineRange = line
                let isLast = l == lines.count - 1
                if isLast && truncateLast && limits.lineBreakMode != .byWordWrapping
                    && limits.lineBreakMode != .byCharWrapping {
                    lineRange = line.lowerBound..<paragraph.graphemes.count
                    if ellipsis.graphemes.isEmpty { ellipsis = shapeEllipsis() }
                    items = truncatedItems(paragraph, lineRange, indent: l == 0 ? typography.paragraphIndent : 0,
                                           ellipsis: ellipsis, hidesOwnText: lineRange != line)
                }
                drafts.append(Draft(paragraph: p, items: items,
                                    range: textRange(paragraph, lineRange),
                                    indent: l == 0 ? typography.paragraphIndent : 0,
                                    isLastOfParagraph: isLast, top: top))
                top += typography.lineHeight
            }
            if truncateLast { break }
        }
        return position(drafts, paragraphs: paragraphs, ellipsis: ellipsis, isTruncated: isTruncated)
    }

    /// The byte ranges of `text` between newlines (LF, VT, FF, CR, CR LF, NEL, LS, PS, as `Character.isNewline`);
    /// a final newline starts an empty last paragraph.
    private func splitParagraphs() -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        var i = 0
        let count = bytes.count
        while i < count {
            let byte = bytes[i]
            var length = 0
            if byte >= 0x0A && byte <= 0x0D {
                length = byte == 0x0D && i + 1 < count && bytes[i + 1] == 0x0A ? 2 : 1
            } else if byte == 0xC2, i + 1 < count, bytes[i + 1] == 0x85 {
                length = 2
            } else if byte == 0xE2, i + 2 < count, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 {
                length = 3
            }
            if length > 0 {
                ranges.append(start..<i)
                start = i + length
                i += length
            } else {
                i += 1
            }
        }
        ranges.append(start..<count)
        return ranges
    }

    /// "…" shaped in the typography's face (or a fallback), with letter spacing.
    private mutating func shapeEllipsis() -> Paragraph {
        let ellipsis = Array("\u{2026}".utf8)
        return shapeParagraph(0..<ellipsis.count, of: ellipsis)
    }

    /// The items of a truncated last line showing part of `range` of a paragraph, per the line break mode.
    private func truncatedItems(_ paragraph: Paragraph, _ range: Range<Int>, indent: Double, ellipsis: Paragraph,
                                hidesOwnText: Bool) -> [Item] {
        let graphemes = paragraph.graphemes
        let available = (limits.width ?? .infinity) - indent
        let ellipsisWidth = ellipsis.graphemes.first?.advance ?? 0
        func fitsWithEllipsis(_ width: Double) -> Bool { LineLayouter.fits(width + ellipsisWidth, in: available) }
        func trimmedEnd(_ end: Int, from start: Int) -> Int {
            var end = end
            while end > start, graphemes[end - 1].isSpace { end -= 1 }
            return end
        }
        func trimmedStart(_ start: Int, to end: Int) -> Int {
            var start = start
            while start < end, graphemes[start].isSpace { start += 1 }
            return start
        }
        var prefix = [Double](repeating: 0, count: range.count + 1)
        for (offset, g) in range.enumerated() { prefix[offset + 1] = prefix[offset] + graphemes[g].advance }
        func width(_ r: Range<Int>) -> Double {
            prefix[r.upperBound - range.lowerBound] - prefix[r.lowerBound - range.lowerBound]
        }

        var mode = limits.lineBreakMode
        if !hidesOwnText, mode == .byTruncatingHead || mode == .byTruncatingMiddle { mode = .byTruncatingTail }
        switch mode {
        case .byWordWrapping, .byCharWrapping, .byClipping:  // wrapping modes cut whole lines and never get here
            var x = 0.0
            var end = range.lowerBound
            while end < range.upperBound, x < available {
                x += graphemes[end].advance
                end += 1
            }
            return (range.lowerBound..<end).map(Item.grapheme)
        case .byTruncatingTail:
            var end = range.lowerBound
            while end < range.upperBound,
                  graphemes[end].isSpace || fitsWithEllipsis(width(range.lowerBound..<end + 1)) { end += 1 }
            let shown = range.lowerBound..<trimmedEnd(end, from: range.lowerBound)
            return shown.map(Item.grapheme) + [.ellipsis]
        case .byTruncatingHead:
            let last = trimmedEnd(range.upperBound, from: range.lowerBound)
            var start = last
            while start > range.lowerBound,
                  fitsWithEllipsis(width(trimmedStart(start - 1, to: last)..<last)) { start -= 1 }
            return [.ellipsis] + (trimmedStart(start, to: last)..<last).map(Item.grapheme)
        case .byTruncatingMiddle:
            let last = trimmedEnd(range.upperBound, from: range.lowerBound)
            var headEnd = range.lowerBound
            var tailStart = last
            var headWidth = 0.0
            var tailWidth = 0.0
            while headEnd < tailStart {
                let growHead = headWidth <= tailWidth
                let candidate = growHead ? graphemes[headEnd].advance : graphemes[tailStart - 1].advance
                if !fitsWithEllipsis(headWidth + tailWidth + candidate) { break }
                if growHead {
                    headWidth += candidate
                    headEnd += 1
                } else {
                    tailWidth += candidate
                    tailStart -= 1
                }
            }
            let head = range.lowerBound..<trimmedEnd(headEnd, from: range.lowerBound)
            let tail = trimmedStart(tailStart, to: last)..<last
            return head.map(Item.grapheme) + [.ellipsis] + tail.map(Item.grapheme)
        }
    }

    /// The bytes of `text` covered by graphemes `range` of a paragraph.
    private func textRange(_ paragraph: Paragraph, _ range: Range<Int>) -> Range<Int> {
        let graphemes = paragraph.graphemes
        guard !range.isEmpty else {
            let at = range.lowerBound < graphemes.count ? graphemes[range.lowerBound].bytes.lowerBound
                : paragraph.range.upperBound
            return at..<at
        }
        return graphemes[range.lowerBound].bytes.lowerBound..<graphemes[range.upperBound - 1].bytes.upperBound
    }

    // MARK: - Positions

    /// Positions the drafts' glyphs: alignment, justification, baselines, decorations.
    private func position(_ drafts: [Draft], paragraphs: [Paragraph], ellipsis: Paragraph,
                          isTruncated: Bool) -> Result {
        func graphemeOf(_ item: Item, _ paragraph: Paragraph) -> Grapheme {
            switch item {
            case .grapheme(let g): paragraph.graphemes[g]
            case .ellipsis: ellipsis.graphemes[0]
            }
        }
        // Content width of each line: advances minus hanging trailing spaces.
        var contentWidths: [Double] = []
        var trailingStarts: [Int] = []
        for draft in drafts {
            let paragraph = paragraphs[draft.paragraph]
            var end = draft.items.count
            while end > 0, case .grapheme(let g) = draft.items[end - 1], paragraph.graphemes[g].isSpace { end -= 1 }
            trailingStarts.append(end)
            var width = 0.0
            for item in draft.items[0..<end] { width += graphemeOf(item, paragraph).advance }
            if limits.lineBreakMode == .byClipping, let limit = limits.width { width = min(width, limit - draft.indent) }
            contentWidths.append(width)
        }
        let extent = zip(drafts, contentWidths).map { $0.indent + $1 }.max() ?? 0
        let reference = limits.width ?? extent

        var lines: [TextLine] = []
        lines.reserveCapacity(drafts.count)
        for (index, draft) in drafts.enumerated() {
            let paragraph = paragraphs[draft.paragraph]
            let width = contentWidths[index]
            let available = reference - draft.indent
            var alignment = limits.alignment
            let isTruncatedLine = draft.items.contains { if case .ellipsis = $0 { true } else { false } }
            if alignment == .justified, draft.isLastOfParagraph || isTruncatedLine { alignment = .natural }
            if alignment == .natural { alignment = paragraph.isRightToLeft ? .right : .left }
            var x0 = draft.indent
            var extraPerSpace = 0.0
            switch alignment {
            case .left, .natural: break
            case .right: x0 = draft.indent + (available - width)
            case .center: x0 = draft.indent + (available - width) / 2
            case .justified:
                let spaces = draft.items[0..<trailingStarts[index]].filter {
                    if case .grapheme(let g) = $0 { paragraph.graphemes[g].isSpace } else { false }
                }.count
                if spaces > 0, available > width { extraPerSpace = (available - width) / Double(spaces) }
            }
            let baseline = draft.top + typography.baselineOffset
            var glyphs: [PositionedGlyph] = []
            glyphs.reserveCapacity(draft.items.count + 4)
            var pen = x0
            paragraph.glyphs.withUnsafeBufferPointer { paragraphGlyphs in
                for (itemIndex, item) in draft.items.enumerated() {
                    let grapheme = graphemeOf(item, paragraph)
                    var glyphX = pen
                    for g in grapheme.glyphs {
                        let glyph = if case .ellipsis = item { ellipsis.glyphs[g] } else { paragraphGlyphs[g] }
                        glyphs.append(PositionedGlyph(glyphID: glyph.id, fontIndex: glyph.face,
                                                      x: glyphX + glyph.xOffset, y: baseline - glyph.yOffset))
                        glyphX += glyph.advance
                    }
                    pen += grapheme.advance
                    if grapheme.isSpace, itemIndex < trailingStarts[index] { pen += extraPerSpace }
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
                decoration = DecorationRect(x: x0, y: baseline + stroke.top, width: lineWidth,
                                            height: stroke.thickness)
            }
            lines.append(TextLine(text: shownText(draft.items, paragraph), range: stringRange(draft.range),
                                  paragraph: draft.paragraph, top: draft.top,
                                  baseline: baseline, height: typography.lineHeight, x: x0, width: lineWidth,
                                  glyphs: glyphs, decoration: decoration))
        }
        // Every paragraph, even an empty one, gives a line: the height is the last line's bottom.
        let height = (drafts.last?.top ?? 0) + typography.lineHeight
        return Result(lines: lines, width: extent, height: height, isTruncated: isTruncated)
    }

    /// What a line shows: its graphemes' text, with "…" where the ellipsis is.
    private func shownText(_ items: [Item], _ paragraph: Paragraph) -> String {
        if !items.contains(where: { if case .ellipsis = $0 { true } else { false } }),
           case .grapheme(let first)? = items.first, case .grapheme(let last)? = items.last {
            let range = paragraph.graphemes[first].bytes.lowerBound..<paragraph.graphemes[last].bytes.upperBound
            return String(decoding: bytes[range], as: UTF8.self)
        }
        var shown: [UInt8] = []
        for item in items {
            switch item {
            case .grapheme(let g): shown += bytes[paragraph.graphemes[g].bytes]
            case .ellipsis: shown += Array("\u{2026}".utf8)
            }
        }
        return String(decoding: shown, as: UTF8.self)
    }

    /// The `String.Index` range of `text` for a byte range.
    private func stringRange(_ range: Range<Int>) -> Range<String.Index> {
        let start = text.utf8.index(text.utf8.startIndex, offsetBy: range.lowerBound)
        let end = text.utf8.index(start, offsetBy: range.count)
        return start..<end
    }
}
