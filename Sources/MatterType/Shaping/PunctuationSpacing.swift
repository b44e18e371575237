/// The class of a character for CSS `text-spacing-trim` (CSS Text 4, "text spacing character classes"), as
/// Chromium assigns them.
enum PunctuationClass: UInt8, Sendable {
    case other
    /// Fullwidth opening punctuation (「（【), ink on the right half.
    case open
    /// Fullwidth closing punctuation (」），), ink on the left half.
    case close
    /// Fullwidth middle punctuation (・, ideographic space), ink in the middle.
    case middle
    /// Opening punctuation that is not fullwidth ("(").
    case openNarrow
    /// Closing punctuation that is not fullwidth (")").
    case closeNarrow

    /// Whether a fullwidth opening punctuation after `previous` loses its leading half (fullwidth
    /// punctuation collapsing, "trim-adjacent").
    func trims(after previous: PunctuationClass) -> Bool {
        self == .open && [.open, .middle, .close, .openNarrow].contains(previous)
    }

    /// Whether a fullwidth closing punctuation before `next` loses its trailing half.
    func trims(before next: PunctuationClass) -> Bool {
        self == .close && [.close, .middle, .closeNarrow].contains(next)
    }
}

/// How a font's fullwidth punctuation can be trimmed in one language: whether it has the `halt` feature (half
/// advances for punctuation) and `chws` (which trims adjacent pairs itself), and the classes of the characters
/// whose glyphs differ between fonts and languages (full stops and commas sit left in Japanese and Simplified
/// Chinese, centered in Traditional Chinese; quotes are fullwidth in Chinese fonts, proportional in Japanese
/// ones). Read from the glyphs' bounds, as Chromium does.
struct PunctuationSpacing: Sendable, Hashable {
    /// The font has `chws`: adjacent pairs inside a run are its business.
    var hasContextualSpacing: Bool
    /// The class of 、。，．
    var dot: PunctuationClass
    /// 、。，．: their class depends on the font, and Chromium never trims them at a line end.
    static let dots: Set<UInt32> = [0x3001, 0x3002, 0xFF0C, 0xFF0E]
    /// The class of ：
    var colon: PunctuationClass
    /// The class of ；
    var semicolon: PunctuationClass
    /// Whether ‘“ ’” are fullwidth (open and close) rather than narrow.
    var quotesAreFullwidth: Bool

    /// The characters whose classes come from the font, in the order ``init(classes:hasContextualSpacing:)``
    /// takes them: four dots, colon, semicolon, two opening and two closing quotes.
    static let probes: [UInt32] = [0x3001, 0x3002, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0x201C, 0x2018, 0x201D, 0x2019]

    /// The class of `value` in this font and language.
    func punctuationClass(of value: UInt32) -> PunctuationClass {
        switch value {
        case 0x2018, 0x201C: return quotesAreFullwidth ? .open : .openNarrow
        case 0x2019, 0x201D: return quotesAreFullwidth ? .close : .closeNarrow
        case 0x3000, 0x30FB: return .middle
        case 0x3001, 0x3002, 0xFF0C, 0xFF0E: return dot
        case 0xFF1A: return colon
        case 0xFF1B: return semicolon
        default: break
        }
        guard value >= 0x28, let scalar = Unicode.Scalar(value) else { return .other }
        let category = scalar.properties.generalCategory
        guard category == .openPunctuation || category == .closePunctuation else { return .other }
        let isFullwidth = (0x3000...0x303F).contains(value) || (0xFF01...0xFF60).contains(value)
            || (0xFFE0...0xFFE6).contains(value)
        switch (category == .openPunctuation, isFullwidth) {
        case (true, true): return .open
        case (false, true): return .close
        case (true, false): return .openNarrow
        case (false, false): return .closeNarrow
        }
    }

    /// The class a glyph's ink gives it, from its left and right edges and its advance (one unit each):
    /// ink within the left half is closing, within the right half opening, a narrow centered ink middle.
    static func inkClass(left: Double, right: Double, advance: Double) -> PunctuationClass {
        let half = advance / 2
        if right <= half { return .close }
        if left >= half { return .open }
        if right - left <= half, left >= half / 2 { return .middle }
        return .other
    }
}
