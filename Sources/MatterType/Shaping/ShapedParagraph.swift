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
    /// Whether a line may start here, and whether the line before then shows a hyphen.
    var lineBreak: LineBreak
    /// Set upright in a vertical line (shaped top to bottom); false in horizontal text and when set sideways.
    var isUpright = false

    /// Whether a line may start here.
    var breakBefore: Bool { lineBreak != .prohibited }
    /// Whether a line that ends here shows a hyphen after the cluster before (a soft hyphen's, or a hyphenation
    /// point's).
    var hyphenBefore: Bool { lineBreak == .hyphenated }
}

/// How a fullwidth punctuation's advance changes at a line edge (CSS `text-spacing-trim: normal` as Chromium
/// does it, with the font's `halt` feature): a closing bracket at the end of a line that would not fit otherwise
/// loses its trailing half ("allow-end"); an opening mark that adjacent punctuation collapsed gets its full width
/// back when a line starts with it (a negative amount).
struct EdgeTrim: Sendable, Hashable {
    enum Edge: Sendable, Hashable {
        case start
        case end
    }

    var edge: Edge
    /// Points taken off the advance (at the start, the glyph moves left by as much; negative: added, and the glyph
    /// moves right).
    var amount: Double
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
    /// Each cluster's style (an index into ``LayoutStyles/styles``); empty when the layout has one style.
    let clusterStyles: [Int32]
    /// The clusters that may be trimmed at a line edge, by index (empty unless the text has fullwidth
    /// punctuation in a font with `halt`).
    let edgeTrims: [Int: EdgeTrim]
    /// What tate-chu-yoko and ruby add; `nil` for almost every paragraph (one reference, so that a paragraph
    /// without them costs nothing more to make and pass around).
    let extras: Extras?

    /// What tate-chu-yoko and ruby add to a paragraph.
    final class Extras: Sendable {
        /// The glyphs drawn narrower than they are, by index, with their width's factor: a combined run wider
        /// than an em (``TextCombineUpright/all``).
        let widthScales: [Int32: Double]
        /// The ruby annotations over its clusters, in order.
        let rubies: [ShapedRuby]
        /// What each ruby's last base cluster's advance leaves out for its annotation to overhang the text after
        /// it, by cluster (see ``LineBreaker/lines(of:edgeTrims:hyphenWidths:endOverhangs:)``); a line ending with
        /// it gets it back.
        let endOverhangs: [Int: Double]

        /// Extras of these; `nil` when all are empty.
        static func of(widthScales: [Int32: Double], rubies: [ShapedRuby] = [],
                       endOverhangs: [Int: Double] = [:]) -> Extras? {
            widthScales.isEmpty && rubies.isEmpty && endOverhangs.isEmpty ? nil
                : Extras(widthScales: widthScales, rubies: rubies, endOverhangs: endOverhangs)
        }

        private init(widthScales: [Int32: Double], rubies: [ShapedRuby], endOverhangs: [Int: Double]) {
            self.widthScales = widthScales
            self.rubies = rubies
            self.endOverhangs = endOverhangs
        }
    }
    /// The sum of the squares of the lengths (in scalars) of the pieces handed to shaping: a bound on
    /// HarfBuzz's work (quadratic in a cluster's length), counted so tests can guard layout's complexity.
    let shapingWork: Int

    /// The style of cluster `c`.
    @inline(__always)
    func style(ofCluster c: Int) -> Int32 { clusterStyles.isEmpty ? 0 : clusterStyles[c] }

    init(text: ParagraphText, clusters: [Cluster], glyphs: [LayoutGlyph], runs: [FontRun], clusterStyles: [Int32],
         edgeTrims: [Int: EdgeTrim] = [:], extras: Extras? = nil, shapingWork: Int) {
        self.text = text
        self.clusters = clusters
        self.glyphs = glyphs
        self.runs = runs
        self.clusterStyles = clusterStyles
        self.edgeTrims = edgeTrims
        self.extras = extras
        self.shapingWork = shapingWork
    }
}
