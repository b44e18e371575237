/// Finds where a paragraph's words may be hyphenated (``Hyphens/auto``), choosing the words as Chromium does
/// (Blink's `HyphenationMinikin::WordToHyphenate` and `ShouldHyphenateWord`):
///
/// - a word is the text between two break opportunities (a soft hyphen's break does not end one); a word
///   with a soft hyphen is left to its soft hyphens (CSS Text 3: "in favor of the conditional hyphens");
/// - leading spaces, opening punctuation and quotation marks, and trailing spaces, punctuation and controls
///   are not part of the word;
/// - a word shorter than 5 scalars, or longer than ``HyphenationDictionary/maximumWordLength``, is not
///   hyphenated, nor is a capitalized word in English;
/// - the dictionary is lowercase: the word is looked up lowercased, and a point is kept only where a
///   grapheme starts.
enum Hyphenator {
    /// The fewest scalars a word hyphenated has (CSS `hyphenate-limit-chars: auto`).
    static let minimumWordLength = 5

    /// The graphemes of `text` before which a line may end with a hyphen, ascending. `dictionary` gives the
    /// dictionary for the word starting at a grapheme (`nil`: the word is not hyphenated); it is asked only for
    /// words long enough to be.
    static func points(in text: ParagraphText,
                       dictionary: (_ grapheme: Int) -> HyphenationDictionary?) -> [Int] {
        let graphemes = text.graphemes
        var points: [Int] = []
        var start = 0
        var hasSoftHyphen = false
        for g in 0...graphemes.count {
            if g < graphemes.count {
                if graphemes[g].kind == .softHyphen { hasSoftHyphen = true }
                // A soft hyphen's break stays inside the word.
                guard g > 0, graphemes[g].lineBreak == .allowed else { continue }
            }
            if !hasSoftHyphen, g > start { hyphenate(start..<g, of: text, dictionary: dictionary, into: &points) }
            start = g
            hasSoftHyphen = false
        }
        return points
    }

    /// Appends the hyphenation points of the word in graphemes `range` (trimmed first) to `points`.
    private static func hyphenate(_ range: Range<Int>, of text: ParagraphText,
                                  dictionary: (Int) -> HyphenationDictionary?, into points: inout [Int]) {
        var first = range.lowerBound
        var end = range.upperBound
        func firstScalar(_ g: Int) -> UInt32 { text.scalars[text.graphemes[g].start] }
        while first < end, skipsLeading(firstScalar(first)) { first += 1 }
        while end > first, skipsTrailing(firstScalar(end - 1)) { end -= 1 }
        guard end - first >= minimumWordLength else { return }
        let scalars = text.graphemes[first].start..<text.scalarRange(ofGrapheme: end - 1).upperBound
        guard scalars.count >= minimumWordLength, scalars.count <= HyphenationDictionary.maximumWordLength,
              let dictionary = dictionary(first) else { return }
        if dictionary.isEnglish, Unicode.Scalar(firstScalar(first))?.properties.isUppercase == true { return }
        let word = text.scalars[scalars].map(lowercased)
        var g = first
        for k in dictionary.hyphenationPoints(word) {
            let scalar = scalars.lowerBound + k
            while g < end, text.graphemes[g].start < scalar { g += 1 }
            if g < end, text.graphemes[g].start == scalar { points.append(g) }
        }
    }

    /// Whether a word's leading character is left out: a space, or opening punctuation or a quotation mark (as
    /// Blink's UAX #14 classes OP and QU).
    private static func skipsLeading(_ value: UInt32) -> Bool {
        if value == 0x22 || value == 0x27 || value == 0x09 { return true }
        guard let scalar = Unicode.Scalar(value) else { return false }
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .openPunctuation, .initialPunctuation, .finalPunctuation: return true
        default: return false
        }
    }

    /// Whether a word's trailing character is left out: a space, punctuation or a control (as Blink).
    private static func skipsTrailing(_ value: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(value) else { return false }
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .control, .connectorPunctuation, .dashPunctuation, .openPunctuation,
             .closePunctuation, .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return true
        default:
            return false
        }
    }

    /// A scalar's lowercase form when it is one scalar (dictionaries are lowercase), else the scalar.
    private static func lowercased(_ value: UInt32) -> UInt32 {
        guard value >= 0x41 else { return value }
        if value < 0x80 { return value &- 0x41 < 26 ? value | 0x20 : value }
        guard let scalar = Unicode.Scalar(value) else { return value }
        let lower = scalar.properties.lowercaseMapping.unicodeScalars
        return lower.count == 1 ? lower.first?.value ?? value : value
    }
}
