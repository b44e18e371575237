import MatterTypeICU

/// The line break rules of a paragraph, apart from its analysis as parley keeps its break overrides: where a
/// line may start (Chromium's ASCII table, ICU's UAX #14 elsewhere, the tailorings around quotes and East Asian
/// text) and the hyphenated breaks (soft hyphens, dictionary points).
extension ParagraphText {
    // MARK: - Line break opportunities

    /// Chromium's decision for a break between two ASCII characters (Blink's `ShouldBreakAfter` and its ASCII
    /// table, read from text_break_iterator.cc): after spaces (not between them); before `(`, `<`, `[`, `{`
    /// after closing punctuation and most symbols; after `-` and `?` before letters, digits and most symbols,
    /// but after `-` before a digit only when a letter or digit precedes the `-` (so "-5" stays whole and
    /// "ABCD-1234" may break); nowhere else, so "and/or", "C++" and "e.g." stay whole.
    static func breaksBetweenASCII(_ beforeLast: UInt8, _ last: UInt8, _ next: UInt8) -> Bool {
        if last == 0x2D, next &- 0x30 < 10 { return isAlphanumeric(beforeLast) }
        let word = asciiBreakTable[Int(last & 0x7F) &* 2 &+ Int(next >> 6 & 1)]
        return word >> UInt64(next & 63) & 1 != 0
    }

    /// An ASCII letter or digit.
    private static func isAlphanumeric(_ c: UInt8) -> Bool { c &- 0x30 < 10 || (c | 0x20) &- 0x61 < 26 }

    /// Whether a line may start at the second of two ASCII characters (`-` before a digit aside): two 64-bit
    /// words per first character, bit n of word k set when the second is 64k + n. Built from the rules above and
    /// Blink's kAsciiLineBreakTable (a row per printable character: the characters a line may start with after it).
    private static let asciiBreakTable: [UInt64] = {
        func set(_ characters: String) -> Set<UInt8> { Set(characters.utf8) }
        let openers = set("(<[{")
        let letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
        // After "-": letters, digits and most symbols (Blink's row for '-'; before digits see above).
        let afterHyphen = set("\"#%&'(*+-0123456789<=>@[\\^_`{|~" + letters)
        // After "?": likewise, with "$" and digits, without the quotes.
        let afterQuestion = set("#$%&(*+-0123456789<=>@[\\^_`{|~" + letters)
        var rows = [Set<UInt8>](repeating: [], count: 128)
        for c in "!\"#%&)*+,.:;=>\\]|}~".utf8 { rows[Int(c)] = openers }
        rows[Int(UInt8(ascii: "-"))] = afterHyphen
        rows[Int(UInt8(ascii: "?"))] = afterQuestion
        func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 }
        var table = [UInt64](repeating: 0, count: 256)
        for last in UInt8(0)..<128 {
            for next in UInt8(0)..<128 {
                // After spaces (not between them); else the row of a printable character.
                let breaks = !isSpace(next) && (isSpace(last) || rows[Int(last)].contains(next))
                if breaks { table[Int(last) * 2 + Int(next >> 6)] |= 1 << UInt64(next & 63) }
            }
        }
        return table
    }()

    /// Marks the graphemes a line may start at, as Blink's LazyLineBreakIterator: Chromium's ASCII rules between
    /// two ASCII characters, ICU's UAX #14 opportunities where either side is not ASCII (no-break space counts
    /// as ASCII), never before a space or right after one but at the end of the run of spaces.
    mutating func findBreaks(_ utf16: [UInt16]) {
        guard utf16.count > 1 else { return }
        // Without astral scalars, scalar i is UTF-16 unit i.
        var unitAtScalar: [Int] = []
        if utf16.count != scalars.count {
            unitAtScalar.reserveCapacity(scalars.count)
            var unit = 0
            for value in scalars {
                unitAtScalar.append(unit)
                unit += value > 0xFFFF ? 2 : 1
            }
        }
        func isBreakableSpace(_ unit: UInt16) -> Bool { unit == 0x20 || unit == 0x09 }
        // ICU, asked only where a non-ASCII character is involved (as Blink does), over the space-delimited
        // stretch around it: a break next to a space is decided before ICU is asked, so no rule needs to see
        // across one.
        var window = 0..<0
        var windowBreaks: Set<Int> = []
        func icuBreaks(at i: Int) -> Bool {
            if !window.contains(i) {
                var start = i
                while start > 0, !isBreakableSpace(utf16[start - 1]) { start -= 1 }
                var end = i
                while end < utf16.count, !isBreakableSpace(utf16[end]) { end += 1 }
                window = start..<end
                let offsets = utf16.withUnsafeBufferPointer {
                    LineBreaks.opportunities(in: UnsafeBufferPointer(rebasing: $0[start..<end]))
                }
                windowBreaks = Set(offsets.map { start + $0 })
            }
            return windowBreaks.contains(i)
        }
        func needsICU(_ unit: UInt16) -> Bool { unit > 0x7F && unit != 0xA0 }
        for g in 1..<graphemes.count {
            let i = unitAtScalar.isEmpty ? graphemes[g].start : unitAtScalar[graphemes[g].start]
            let last = utf16[i - 1], next = utf16[i]
            let beforeLast: UInt16 = i >= 2 ? utf16[i - 2] : 0
            var breaks: Bool
            if last < 0x80, next < 0x80 {  // the commonest case: Chromium's ASCII table
                breaks = ParagraphText.breaksBetweenASCII(beforeLast < 0x80 ? UInt8(beforeLast) : 0, UInt8(last),
                                                          UInt8(next))
            } else if isBreakableSpace(next) {
                breaks = false
            } else if isBreakableSpace(last) {
                breaks = true
            } else if !needsICU(last) && !needsICU(next) {
                breaks = false  // a no-break space beside ASCII or another one
            } else {
                breaks = icuBreaks(at: i) || breaksAroundQuote(beforeGrapheme: g)
            }
            graphemes[g].lineBreak = breaks ? .allowed : .prohibited
        }
    }

    /// Makes the breaks after soft hyphens hyphenated: a line broken there shows a hyphen.
    mutating func hyphenateSoftHyphenBreaks() {
        for g in graphemes.indices.dropFirst()
        where graphemes[g - 1].kind == .softHyphen && graphemes[g].lineBreak == .allowed {
            graphemes[g].lineBreak = .hyphenated
            hasHyphenBreaks = true
        }
    }

    // MARK: - Hyphenation

    /// Takes away the breaks after soft hyphens (``Hyphens/none``).
    mutating func removeSoftHyphenBreaks() {
        guard hasHyphenBreaks else { return }
        for g in graphemes.indices where graphemes[g].lineBreak == .hyphenated { graphemes[g].lineBreak = .prohibited }
        hasHyphenBreaks = false
    }

    /// Makes the graphemes `boxes` inline boxes.
    mutating func markBoxes(_ boxes: some Sequence<Int>) {
        for g in boxes { graphemes[g].kind = .box }
    }

    /// Lets lines end with a hyphen before each grapheme of `points` (hyphenation points inside words).
    mutating func allowHyphenatedBreaks(before points: [Int]) {
        for g in points { graphemes[g].lineBreak = .hyphenated }
        if !points.isEmpty { hasHyphenBreaks = true }
    }

    /// Unicode 15.1's rule LB19a, which Chromium's ICU has and Debian 12's ICU 72 does not: a curly quotation
    /// mark between East Asian characters no longer glues them together. A line may start after a closing quote
    /// (Pf) or before an opening one (Pi) when the characters on both sides of the quote are East Asian and the
    /// character across the break is an ideograph or kana (other classes keep their own rules).
    private func breaksAroundQuote(beforeGrapheme g: Int) -> Bool {
        func scalar(_ grapheme: Int) -> UInt32? {
            grapheme >= 0 && grapheme < graphemes.count ? scalars[graphemes[grapheme].start] : nil
        }
        guard let last = scalar(g - 1), let next = scalar(g) else { return false }
        if ParagraphText.isQuote(last, opening: false) {
            return ParagraphText.isIdeographOrKana(next) && scalar(g - 2).map(ParagraphText.isEastAsian) == true
        }
        if ParagraphText.isQuote(next, opening: true) {
            return ParagraphText.isIdeographOrKana(last) && scalar(g + 1).map(ParagraphText.isEastAsian) == true
        }
        return false
    }

    /// Curly quotation marks of line break class QU: opening (Pi) or closing (Pf).
    private static func isQuote(_ value: UInt32, opening: Bool) -> Bool {
        opening ? [0x2018, 0x201C, 0x201F, 0x2039, 0x00AB].contains(value)
            : [0x2019, 0x201D, 0x203A, 0x00BB].contains(value)
    }

    /// Han ideographs, hiragana and katakana (line break classes ID and CJ).
    private static func isIdeographOrKana(_ value: UInt32) -> Bool {
        switch value {
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF,
             0x20000...0x3FFFF:
            return true
        default:
            return false
        }
    }

    /// Characters of East Asian Width F, W or H (UAX #11): CJK ideographs, kana, Hangul, CJK symbols and
    /// punctuation, and the fullwidth and halfwidth forms.
    private static func isEastAsian(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFFEF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
