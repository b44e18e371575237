import MatterTypeICU

/// What a grapheme cluster is to line breaking and drawing.
enum ClusterKind: UInt8, Sendable {
    /// Anything drawn with glyphs.
    case text
    /// A space that hangs at a line end and widens when justified (space separators but the no-break ones).
    case space
    /// A tab: advances to the next tab stop (CSS `tab-size: 8`), hangs like a space.
    case tab
    /// A C0 or C1 control: invisible and zero-width.
    case control
    /// A soft hyphen (U+00AD): invisible, but a line broken after it shows a hyphen.
    case softHyphen
    /// An inline box (a U+FFFC a ``TextSpan`` box put in the text): no glyphs, the box's width.
    case box

    /// Whether the cluster hangs past the line end and is excluded from its width.
    var hangs: Bool { self == .space || self == .tab }
    /// Whether the cluster is drawn with glyphs and takes letter spacing.
    var isVisible: Bool { self == .text || self == .space }
}

/// Whether a line may start at a grapheme cluster, and what the line before then ends with. One byte, so that a
/// grapheme and a cluster stay as small as without hyphenation.
enum LineBreak: UInt8, Sendable {
    /// No: it stays on the line of the cluster before.
    case prohibited
    /// Yes (UAX #14 as Chromium tailors it).
    case allowed
    /// Yes, and the line before shows a hyphen: after a soft hyphen, or at a hyphenation point in a word.
    case hyphenated
}

/// The analysis stage of layout: one paragraph's scalars, grapheme clusters, line break opportunities, bidi
/// levels and scripts. No fonts are involved yet.
///
/// ASCII paragraphs take ``init(ascii:of:findsBreaks:direction:)``: each byte is a scalar and a grapheme, there
/// is no right-to-left text (unless the direction is forced), no script other than Latin and common, and break
/// opportunities come from Chromium's ASCII table alone, so ICU is not called.
struct ParagraphText {
    /// One grapheme cluster.
    struct Grapheme: Sendable {
        /// Its first scalar (an index into ``scalars``); it ends where the next one starts.
        var start: Int
        var kind: ClusterKind
        /// Whether a line may start here, and whether the line before then shows a hyphen.
        var lineBreak = LineBreak.prohibited
        /// The bidi embedding level of its first scalar.
        var level: UInt8 = 0
    }

    /// The paragraph's bytes in the layout text's UTF-8.
    let byteRange: Range<Int>
    /// The index of the paragraph's first scalar in the whole text.
    let firstScalar: Int
    /// The paragraph's Unicode scalars.
    private(set) var scalars: [UInt32]
    /// The UTF-8 offset (from the start of the text) of each scalar, and the end; empty for ASCII, where scalar
    /// `i` is byte `byteRange.lowerBound + i`.
    private(set) var scalarOffsets: [Int] = []
    /// Set here and by the line break rules (ParagraphText+LineBreaks.swift).
    var graphemes: [Grapheme]
    /// The paragraph's embedding level: 0 left to right, 1 right to left.
    private(set) var paragraphLevel: UInt8 = 0
    /// Whether any grapheme has a level other than 0 (bidi reordering is needed).
    private(set) var hasBidi = false
    /// The script of each scalar, common and inherited characters resolved to their neighbours'; empty for
    /// ASCII (all Latin).
    private(set) var scripts: [ScriptTag] = []
    /// Whether any grapheme's line break is ``LineBreak/hyphenated``.
    var hasHyphenBreaks = false

    /// The paragraph at UTF-8 offsets `range` of `string` (whose UTF-8 is `bytes`), without newlines: the ASCII
    /// builder when every byte is ASCII, else the general one. The one place that choice is made.
    init(analyzing range: Range<Int>, of string: String, bytes: UnsafeBufferPointer<UInt8>, firstScalar: Int,
         findsBreaks: Bool, direction: TextDirection) {
        if bytes[range].allSatisfy({ $0 < 0x80 }) {
            self.init(ascii: range, of: bytes, firstScalar: firstScalar, findsBreaks: findsBreaks, direction: direction)
        } else {
            self.init(string.utf8Substring(range), range: range, firstScalar: firstScalar, findsBreaks: findsBreaks,
                      direction: direction)
        }
    }

    /// An ASCII paragraph: bytes `range` of `utf8`.
    init(ascii range: Range<Int>, of utf8: UnsafeBufferPointer<UInt8>, firstScalar: Int, findsBreaks: Bool,
         direction: TextDirection) {
        byteRange = range
        self.firstScalar = firstScalar
        let bytes = UnsafeBufferPointer(rebasing: utf8[range])
        scalars = bytes.map { UInt32($0) }
        graphemes = bytes.indices.map { Grapheme(start: $0, kind: ParagraphText.asciiKind(bytes[$0])) }
        if findsBreaks, bytes.count > 1 {
            graphemes.withUnsafeMutableBufferPointer { graphemes in
                for i in 1..<bytes.count where ParagraphText.breaksBetweenASCII(i >= 2 ? bytes[i - 2] : 0,
                                                                                bytes[i - 1], bytes[i]) {
                    graphemes[i].lineBreak = .allowed
                }
            }
        }
        if direction == .rightToLeft { resolveBidi(utf16: scalars.map { UInt16($0) }, direction: direction) }
    }

    /// Any paragraph: bytes `range` of `text`'s UTF-8 (`utf8`), without newlines.
    init(_ text: Substring, range: Range<Int>, firstScalar: Int, findsBreaks: Bool, direction: TextDirection) {
        byteRange = range
        self.firstScalar = firstScalar
        scalars = []
        graphemes = []
        scalars.reserveCapacity(range.count)
        graphemes.reserveCapacity(range.count)
        scalarOffsets.reserveCapacity(range.count + 1)
        var utf16: [UInt16] = []
        utf16.reserveCapacity(range.count)
        var needsBidi = direction == .rightToLeft
        var hasSoftHyphen = false
        // A native string's bytes are copied in one go; only a bridged one is walked.
        let bytes = text.utf8.withContiguousStorageIfAvailable(Array.init) ?? Array(text.utf8)
        bytes.withUnsafeBufferPointer { bytes in
            // An ASCII byte followed by another is a grapheme of its own (paragraphs hold no CR LF): such
            // stretches are appended whole; only the spans around non-ASCII text go through Swift's grapheme
            // segmentation.
            func isSimple(_ i: Int) -> Bool { bytes[i] < 0x80 && (i + 1 == bytes.count || bytes[i + 1] < 0x80) }
            var i = 0
            while i < bytes.count {
                var end = i
                while end < bytes.count, isSimple(end) { end += 1 }
                if end > i {
                    let stretch = UnsafeBufferPointer(rebasing: bytes[i..<end])
                    let first = scalars.count
                    graphemes.append(contentsOf: stretch.indices.lazy.map {
                        Grapheme(start: first + $0, kind: ParagraphText.asciiKind(stretch[$0]))
                    })
                    scalars.append(contentsOf: stretch.lazy.map { UInt32($0) })
                    utf16.append(contentsOf: stretch.lazy.map { UInt16($0) })
                    scalarOffsets.append(contentsOf: range.lowerBound + i..<range.lowerBound + end)
                    i = end
                    continue
                }
                end = i + 1
                while end < bytes.count, !isSimple(end) { end += 1 }
                // A prepended concatenation mark (UAX #29 GB9b) joins the character after it.
                while end < bytes.count, ParagraphText.isPrepend(lastScalarBefore: end, in: bytes) { end += 1 }
                // Decoded from a buffer: String's fast, validating path (an array slice takes the slow one).
                var offset = range.lowerBound + i
                for character in String(decoding: UnsafeBufferPointer(rebasing: bytes[i..<end]), as: UTF8.self) {
                    var kind = ClusterKind.text
                    if let first = character.unicodeScalars.first { kind = ParagraphText.kind(of: first) }
                    if kind == .softHyphen { hasSoftHyphen = true }
                    graphemes.append(Grapheme(start: scalars.count, kind: kind))
                    for scalar in character.unicodeScalars {
                        scalars.append(scalar.value)
                        scalarOffsets.append(offset)
                        offset += UTF8.width(scalar)
                        if ParagraphText.mayBeRightToLeft(scalar.value) { needsBidi = true }
                        for unit in UTF16.encode(scalar) ?? UTF16.EncodedScalar() { utf16.append(unit) }
                    }
                }
                i = end
            }
        }
        scalarOffsets.append(range.upperBound)
        if findsBreaks {
            findBreaks(utf16)
            if hasSoftHyphen { hyphenateSoftHyphenBreaks() }
        }
        if needsBidi { resolveBidi(utf16: utf16, direction: direction) }
        resolveScripts()
    }

    /// Whether a scalar is in a block whose characters may be right to left or change embedding levels (bidi
    /// classes R, AL, AN and the explicit embeddings, overrides and isolates, assigned or by default): Hebrew to
    /// Arabic Extended, RLM, LRE…RLO, LRI…PDI, the Hebrew and Arabic presentation forms, and the right-to-left
    /// ranges of plane 1. Checked against Python's `unicodedata` (Unicode 14) for every scalar; a paragraph
    /// with none has every level 0, so ICU's bidi is not asked.
    static func mayBeRightToLeft(_ value: UInt32) -> Bool {
        switch value {
        case 0x0590...0x08FF, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFB1D...0xFDFF, 0xFE70...0xFEFF,
             0x10800...0x10FFF, 0x1E800...0x1EFFF:
            return true
        default:
            return false
        }
    }

    /// The scalars of grapheme `g`.
    func scalarRange(ofGrapheme g: Int) -> Range<Int> {
        graphemes[g].start..<(g + 1 < graphemes.count ? graphemes[g + 1].start : scalars.count)
    }

    /// The UTF-8 offset, from the start of the text, of scalar `s` (or the paragraph's end for `scalars.count`).
    func byteOffset(ofScalar s: Int) -> Int {
        scalarOffsets.isEmpty ? byteRange.lowerBound + s : scalarOffsets[s]
    }

    /// The UTF-8 range, from the start of the text, of graphemes `range`.
    func byteRange(ofGraphemes range: Range<Int>) -> Range<Int> {
        guard !range.isEmpty else {
            let at = byteOffset(ofScalar: range.lowerBound < graphemes.count ? graphemes[range.lowerBound].start
                                    : scalars.count)
            return at..<at
        }
        return byteOffset(ofScalar: graphemes[range.lowerBound].start)
            ..< byteOffset(ofScalar: scalarRange(ofGrapheme: range.upperBound - 1).upperBound)
    }

    // MARK: - Kinds

    /// Whether the scalar ending just before byte `end` has Grapheme_Cluster_Break Prepend (UAX #29; Unicode 15).
    private static func isPrepend(lastScalarBefore end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Every Prepend character is 2 to 4 UTF-8 bytes long: decode the last one by hand.
        var start = end - 1
        while start > 0, end - start < 4, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        let lead = UInt32(bytes[start])
        guard lead >= 0xC0 else { return false }
        let length = lead >= 0xF0 ? 4 : (lead >= 0xE0 ? 3 : 2)
        guard end - start == length else { return false }
        var value = lead & (0x7F >> UInt32(length))
        for k in start + 1..<end { value = value << 6 | UInt32(bytes[k] & 0x3F) }
        switch value {
        case 0x0600...0x0605, 0x06DD, 0x070F, 0x0890...0x0891, 0x08E2, 0x0D4E, 0x110BD, 0x110CD, 0x111C2...0x111C3,
             0x1193F, 0x11941, 0x11A3A, 0x11A84...0x11A89, 0x11D46:
            return true
        default:
            return false
        }
    }

    private static func asciiKind(_ byte: UInt8) -> ClusterKind {
        switch byte {
        case 0x20: .space
        case 0x09: .tab
        case 0..<0x20, 0x7F: .control
        default: .text
        }
    }

    private static func kind(of scalar: Unicode.Scalar) -> ClusterKind {
        let value = scalar.value
        if value < 0x80 { return asciiKind(UInt8(value)) }
        if value < 0xA0 { return .control }  // C1
        if value == 0xAD { return .softHyphen }
        if value == 0xA0 || value == 0x2007 || value == 0x202F { return .text }  // no-break spaces
        return scalar.properties.generalCategory == .spaceSeparator ? .space : .text
    }

    // MARK: - Bidi and scripts

    /// Resolves the embedding levels with ICU (UAX #9) and gives each grapheme its first scalar's level.
    private mutating func resolveBidi(utf16: [UInt16], direction: TextDirection) {
        let forced: Bool? = switch direction {
        case .auto: nil
        case .leftToRight: false
        case .rightToLeft: true
        }
        guard let resolved = utf16.withUnsafeBufferPointer({ BidiLevels.resolve($0, forced: forced) }) else {
            return
        }
        paragraphLevel = resolved.paragraphLevel
        var unit = 0
        var scalarIndex = 0
        for g in graphemes.indices {
            while scalarIndex < graphemes[g].start {
                unit += scalars[scalarIndex] > 0xFFFF ? 2 : 1
                scalarIndex += 1
            }
            let level = resolved.levels[unit]
            graphemes[g].level = level
            if level != 0 { hasBidi = true }
        }
    }

    /// Each scalar's script; common and inherited ones take the script before them (or, at the start, the
    /// first real one after them), so that punctuation and marks stay in their neighbours' runs. Han, Hiragana
    /// and Katakana written together are one run (the first one's), as Chromium shapes Japanese: a kana pair
    /// across them is kerned (ー before で: 940 units in Noto Sans CJK JP, not 1000).
    private mutating func resolveScripts() {
        // One pass, written in place; ASCII letters are Latin and the rest of ASCII common, without asking
        // HarfBuzz. Until the first specific script is met the slots wait, then take it.
        scripts = [ScriptTag](unsafeUninitializedCapacity: scalars.count) { scripts, initialized in
            var current: ScriptTag?
            for (i, value) in scalars.enumerated() {
                let script = value < 0x80 ? ((value | 0x20) &- 0x61 < 26 ? .latin : .common) : ScriptTag(of: value)
                if script.isSpecific, script != current, !(current?.isJapanese == true && script.isJapanese) {
                    if current == nil { scripts.baseAddress?.update(repeating: script, count: i) }
                    current = script
                }
                scripts.initializeElement(at: i, to: current ?? script)
            }
            // No specific script at all: Latin throughout.
            if current == nil { scripts.baseAddress?.update(repeating: .latin, count: scalars.count) }
            initialized = scalars.count
        }
    }
}

extension String {
    /// The substring at UTF-8 offsets `range` (which fall on scalar boundaries).
    func utf8Substring(_ range: Range<Int>) -> Substring {
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        return self[start..<utf8.index(start, offsetBy: range.count)]
    }
}
