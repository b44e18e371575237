/// A text shaped with a typography, falling back per grapheme cluster as layout does: what `hb-shape` prints,
/// in points, run by run.
public struct ShapedText: Sendable, Hashable {
    /// The text shaped: the input after the typography's text case.
    public let text: String
    /// The glyphs, run by run in logical order, each run's glyphs in HarfBuzz's output order (visual order:
    /// a right-to-left run's clusters descend).
    public let glyphs: [ShapedGlyph]
    /// The faces the glyphs use (``ShapedGlyph/fontIndex``): the typography's first, then fallbacks.
    public let fonts: [FontDescriptor]
    /// Characters no face has (shaped as the primary face's .notdef, glyph 0).
    public let missingCharacters: [Unicode.Scalar]
    /// The sum of the glyphs' x advances, in points.
    public let width: Double
    /// The faces behind ``fonts``, for outlines and glyph names.
    let faces: [FontFace]

    public static func == (a: ShapedText, b: ShapedText) -> Bool {
        a.text == b.text && a.glyphs == b.glyphs && a.fonts == b.fonts && a.missingCharacters == b.missingCharacters
            && a.width == b.width
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(glyphs)
        hasher.combine(fonts)
    }
}

/// One glyph from HarfBuzz, scaled to points.
public struct ShapedGlyph: Sendable, Hashable {
    /// The glyph's index in its font.
    public let glyphID: UInt32
    /// Which of ``ShapedText/fonts`` it comes from.
    public let fontIndex: Int
    /// The index of its grapheme cluster's first Unicode scalar in the shaped text (as `hb-shape` prints
    /// clusters).
    public let cluster: Int
    /// Horizontal advance in points; letter spacing is added to the last glyph of each grapheme cluster.
    public let xAdvance: Double
    /// Horizontal offset in points.
    public let xOffset: Double
    /// Vertical offset in points, up positive (as HarfBuzz).
    public let yOffset: Double
    /// Its pen position: the advances of the glyphs before it in visual order (runs reordered by their bidi
    /// levels), in points from the left.
    public let x: Double
}

/// How ``TypographyLayout/shape(_:options:)`` shapes, for tools that compare shaping with other engines.
public struct ShapingOptions: Sendable, Hashable {
    /// Whether clusters the typography's face lacks take another face (the default); when false, they are drawn
    /// as its .notdef and reported missing, as `hb-shape` with one font shows them.
    public var usesFallback: Bool
    /// Whether HarfBuzz inserts a dotted circle (U+25CC) before a combining mark that has no base (the default);
    /// when false the mark is shaped alone, as HarfBuzz's
    /// HB_BUFFER_FLAG_DO_NOT_INSERT_DOTTED_CIRCLE asks.
    public var insertsDottedCircle: Bool

    /// Options with fallback and dotted circles as given (both on by default, as layout shapes).
    public init(usesFallback: Bool = true, insertsDottedCircle: Bool = true) {
        self.usesFallback = usesFallback
        self.insertsDottedCircle = insertsDottedCircle
    }
}
