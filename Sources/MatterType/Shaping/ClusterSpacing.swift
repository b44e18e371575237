/// The space a style adds after grapheme clusters, as CSS `letter-spacing` does: after every visible cluster,
/// except the letters of a cursive script (Arabic…), which stay joined as in Chromium (spaces between them are
/// spaced). Everything a typography adds after clusters is read here, from the ``Typography``, so that a new kind
/// of spacing is one change in this file.
struct ClusterSpacing: Sendable, Hashable {
    /// Points after every visible cluster.
    var letter: Double

    /// No spacing.
    static let none = ClusterSpacing(letter: 0)

    /// The spacing `typography` asks for.
    /// - Throws: ``LayoutError`` for a spacing that is not finite or is past ±10,000 points.
    init(_ typography: Typography) throws(LayoutError) {
        let limit = TypographyLayout.maximumLength
        try LayoutError.check("letterSpacing", typography.letterSpacing, in: -limit...limit,
                              allowed: "a spacing between -10000 and 10000 points")
        letter = typography.letterSpacing
    }

    private init(letter: Double) {
        self.letter = letter
    }

    /// Whether it adds nothing anywhere.
    var isZero: Bool { letter == 0 }

    /// Whether it adds space after letters, which ligatures would hide (so they are turned off, as in CSS).
    var spacesLetters: Bool { letter != 0 }

    /// The points added after a cluster of `kind` whose first scalar is `scalar`, in a run of a cursive script
    /// (`isCursive`) or not.
    func after(_ kind: ClusterKind, scalar: UInt32, isCursive: Bool) -> Double {
        guard kind.isVisible, kind != .text || !isCursive else { return 0 }
        return letter
    }
}

extension Typography {
    /// Multiplies every spacing added after clusters by `factor` (fitting scales them with the size).
    mutating func scaleClusterSpacing(by factor: Double) {
        letterSpacing *= factor
    }
}

extension SpanStyle {
    /// Multiplies every spacing the span sets after clusters by `factor` (fitting scales them with the size).
    mutating func scaleClusterSpacing(by factor: Double) {
        if let spacing = letterSpacing { letterSpacing = spacing * factor }
    }
}
