/// Tab stops every `interval` points from the start edge of the paragraph (CSS `tab-size`).
struct TabStops: Sendable {
    /// The distance between stops: 8 space advances (CSS `tab-size: 8`).
    let interval: Double
    /// The smallest advance a tab takes; a stop closer than this is skipped (CSS: half a space).
    let minimumAdvance: Double

    /// The advance of a tab whose start is `offset` points from the start edge.
    func advance(at offset: Double) -> Double {
        guard interval > 0 else { return 0 }
        var stop = ((offset + 1e-9) / interval).rounded(.down) * interval + interval
        if stop - offset < minimumAdvance { stop += interval }
        return stop - offset
    }
}

/// The line breaking stage of layout: fills lines greedily from cluster advances, with no fonts involved.
///
/// A line ends at the last break opportunity before the first cluster that does not fit; spaces and tabs hang
/// past the width; a word wider than the line breaks between clusters (after its hyphenation points); a line
/// that ends after a soft hyphen or at a hyphenation point shows a hyphen, which must fit too. Fullwidth punctuation with an ``EdgeTrim`` is trimmed at line edges
/// (CSS `text-spacing-trim: normal`): an opening mark starting a line after a paragraph's first, and a closing
/// mark that fits only trimmed, which then ends the line where a break is allowed after it (not at the
/// paragraph's end, as in Chromium).
struct LineBreaker {
    /// The width lines fill, or `nil` for no breaking (each paragraph is one line).
    let width: Double?
    /// The first line's indent (later lines start at 0).
    let firstLineIndent: Double
    /// Whether any cluster boundary is a break opportunity (``LineBreakMode/byCharWrapping``).
    let breaksAnywhere: Bool
    let tabStops: TabStops

    /// The advance of cluster `cluster` when it starts `x` points into a line that starts `indent` points from
    /// the paragraph's start edge.
    func advance(of cluster: Cluster, at x: Double, indent: Double) -> Double {
        cluster.kind == .tab ? tabStops.advance(at: indent + x) : cluster.advance
    }

    /// The lines (ranges of `clusters`) of one paragraph; an empty paragraph is one empty line.
    /// - Parameter hyphenWidths: the width of the hyphen shown when a line ends at a hyphenated break
    ///   (``Cluster/hyphenBefore``), by the cluster before the break.
    /// - Parameter endOverhangs: what a ruby's last base cluster's advance leaves out for its annotation to
    ///   overhang the text after it, by cluster: a line that would end with it must hold that too (Chromium
    ///   overhangs only when text follows on the line).
    func lines(of clusters: [Cluster], edgeTrims: [Int: EdgeTrim] = [:],
               hyphenWidths: [Int: Double] = [:], endOverhangs: [Int: Double] = [:]) -> [Range<Int>] {
        guard !clusters.isEmpty else { return [0..<0] }
        guard let width else { return [0..<clusters.count] }
        var lines: [Range<Int>] = []
        var start = 0
        let hasOverhangs = !endOverhangs.isEmpty
        while start < clusters.count {
            let indent = lines.isEmpty ? firstLineIndent : 0
            let available = width - indent
            var x = 0.0
            if !lines.isEmpty, let trim = edgeTrims[start], trim.edge == .start { x = -trim.amount }
            var lastBreak: Int?
            var end = clusters.count
            var i = start
            while i < clusters.count {
                let cluster = clusters[i]
                if i > start, cluster.breakBefore || breaksAnywhere {
                    if !cluster.hyphenBefore || LineBreaker.fits(x + (hyphenWidths[i - 1] ?? 0), in: available) {
                        lastBreak = i
                    }
                }
                let advance = advance(of: cluster, at: x, indent: indent)
                let pending = hasOverhangs ? endOverhangs[i] ?? 0 : 0
                if i > start, !cluster.kind.hangs, !LineBreaker.fits(x + advance + pending, in: available) {
                    // Also the paragraph's last mark (Chromium 156 trims it too).
                    // On a paragraph's first line Chromium's trimmed line is one LayoutUnit (1/64 pt) wider
                    // than its glyphs, so an exact fit does not fit there (measured with Chromium 156: 7 × 16 + 8
                    // pt of text fits a first line of 120.02 px, not of 120; a later line of 120 holds it).
                    let slack = lines.isEmpty ? 1.0 / 64 : 0
                    if let trim = edgeTrims[i], trim.edge == .end,
                       LineBreaker.fits(x + advance - trim.amount + slack, in: available),
                       i + 1 == clusters.count || clusters[i + 1].breakBefore || breaksAnywhere {
                        end = i + 1
                    } else {
                        end = lastBreak ?? i
                    }
                    break
                }
                x += advance
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
}
