/// A glyph of a shaped paragraph, in points.
struct LayoutGlyph: Sendable {
    var id: UInt32
    /// An index into the layout's faces.
    var face: Int32
    var advance: Double
    var xOffset: Double
    /// Up positive, as HarfBuzz.
    var yOffset: Double
}

/// A grapheme cluster of a shaped paragraph: what line breaking, reordering and positioning need of it.
struct Cluster: Sendable {
    /// Its glyphs in ``ShapedParagraph/glyphs``, in HarfBuzz's (visual) order.
    var glyphs: Range<Int32>
    /// Its glyphs' advances plus letter spacing, in points (0 for controls, soft hyphens and tabs, whose
    /// advance depends on where they are).
    var advance: Double
    /// The face of its glyphs (an index into the layout's faces).
    var face: Int32
    /// Its bidi embedding level.
    var level: UInt8
    var kind: ClusterKind
    /// Whether a line may start here.
    var breakBefore: Bool
}

/// A paragraph after analysis, itemization and shaping: clusters in logical order, each with its glyphs.
///
/// A class: every line of the paragraph refers to it, and a reference is one retain where a struct of these
/// arrays would be seven.
final class ShapedParagraph: Sendable {
    let text: ParagraphText
    let clusters: [Cluster]
    let glyphs: [LayoutGlyph]
    /// The runs it was shaped in.
    let runs: [FontRun]
    /// The sum of the squares of the lengths (in scalars) of the pieces handed to shaping: a bound on
    /// HarfBuzz's work (quadratic in a cluster's length), counted so tests can guard layout's complexity.
    let shapingWork: Int

    init(text: ParagraphText, clusters: [Cluster], glyphs: [LayoutGlyph], runs: [FontRun], shapingWork: Int) {
        self.text = text
        self.clusters = clusters
        self.glyphs = glyphs
        self.runs = runs
        self.shapingWork = shapingWork
    }
}
