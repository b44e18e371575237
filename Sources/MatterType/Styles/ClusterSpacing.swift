/// The space a style adds after grapheme clusters: CSS `letter-spacing` after every visible cluster, except the
/// letters of a cursive script (Arabic…), which stay joined as in Chromium (spaces between them are spaced), and
/// CSS `word-spacing` after every word separator. Everything a typography adds after clusters is read here, from
/// the ``Typography``, so that a new kind of spacing is one change in this file.
struct ClusterSpacing: Sendable, Hashable {
    /// Points after every visible cluster.
    var letter: Double
    /// Points after every word separator, on top of ``letter``.
    var word: Double

    /// The spacing `typography` asks for.
    /// - Throws: ``LayoutError`` for a spacing that is not finite or is past ±10,000 points.
    init(_ typography: Typography) throws(LayoutError) {
        let limit = TypographyLayout.maximumLength
        try LayoutError.check("letterSpacing", typography.letterSpacing, in: -limit...limit,
                              allowed: "a spacing between -10000 and 10000 points")
        try LayoutError.check("wordSpacing", typography.wordSpacing, in: -limit...limit,
                              allowed: "a spacing between -10000 and 10000 points")
        letter = typography.letterSpacing
        word = typography.wordSpacing
    }

    /// Whether it adds nothing anywhere.
    var isZero: Bool { letter == 0 && word == 0 }

    /// Whether it adds space after letters, which ligatures would hide (so they are turned off, as in CSS).
    var spacesLetters: Bool { letter != 0 }

    /// The points added after a cluster whose first scalar is `scalar`: the word spacing after a word separator,
    /// and the letter spacing after a visible cluster unless it `staysJoined` (a letter of a cursive script).
    func after(scalar: UInt32, isVisible: Bool, staysJoined: Bool) -> Double {
        let word = word != 0 && ClusterSpacing.isWordSeparator(scalar) ? word : 0
        return isVisible && !staysJoined ? letter + word : word
    }

    /// CSS Text's word-separator characters: space, no-break space, Ethiopic word space, Aegean word separators,
    /// Ugaritic and Phoenician word dividers (not the ideographic space or tabs).
    static func isWordSeparator(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x20, 0xA0, 0x1361, 0x10100, 0x10101, 0x1039F, 0x1091F: true
        default: false
        }
    }
}

extension Typography {
    /// Multiplies every spacing added after clusters by `factor` (fitting scales them with the size).
    mutating func scaleClusterSpacing(by factor: Double) {
        letterSpacing *= factor
        wordSpacing *= factor
    }
}

extension SpanStyle {
    /// Multiplies every spacing the span sets after clusters by `factor` (fitting scales them with the size).
    mutating func scaleClusterSpacing(by factor: Double) {
        if let spacing = letterSpacing { letterSpacing = spacing * factor }
        if let spacing = wordSpacing { wordSpacing = spacing * factor }
    }
}
