/// What a line shows, in logical order: clusters of its paragraph, the ellipsis of a truncated line, or the
/// hyphen of a line broken after a soft hyphen.
enum LineItem: Sendable, Hashable {
    case cluster(Int)
    case ellipsis
    /// The hyphen shown after the soft hyphen at this cluster.
    case hyphen(Int)
}

/// The truncation stage of layout: the items of the last line `maxLines` allows, per the line break mode,
/// with "…" at the logical end (tail), start (head) or middle of what it shows.
struct Truncation {
    let mode: LineBreakMode
    /// The width the line fills, or `nil` for none.
    let width: Double?
    /// The ellipsis's advance in points.
    let ellipsisWidth: Double

    /// The items of a truncated last line showing part of clusters `range` of a paragraph, `indent` points in.
    /// `hidesOwnText` says whether the line's own clusters are cut (not just later lines): head and middle
    /// truncation then keep the line's end.
    func items(_ clusters: [Cluster], _ range: Range<Int>, indent: Double, hidesOwnText: Bool) -> [LineItem] {
        let available = (width ?? .infinity) - indent
        func fitsWithEllipsis(_ width: Double) -> Bool { LineBreaker.fits(width + ellipsisWidth, in: available) }
        func trimmedEnd(_ end: Int, from start: Int) -> Int {
            var end = end
            while end > start, clusters[end - 1].kind.hangs { end -= 1 }
            return end
        }
        func trimmedStart(_ start: Int, to end: Int) -> Int {
            var start = start
            while start < end, clusters[start].kind.hangs { start += 1 }
            return start
        }
        var prefix = [Double](repeating: 0, count: range.count + 1)
        for (offset, c) in range.enumerated() { prefix[offset + 1] = prefix[offset] + clusters[c].advance }
        func widthOf(_ r: Range<Int>) -> Double {
            prefix[r.upperBound - range.lowerBound] - prefix[r.lowerBound - range.lowerBound]
        }

        var mode = mode
        if !hidesOwnText, mode == .byTruncatingHead || mode == .byTruncatingMiddle { mode = .byTruncatingTail }
        switch mode {
        case .byWordWrapping, .byCharWrapping, .byClipping:  // wrapping modes cut whole lines and never get here
            var x = 0.0
            var end = range.lowerBound
            while end < range.upperBound, x < available {
                x += clusters[end].advance
                end += 1
            }
            return (range.lowerBound..<end).map(LineItem.cluster)
        case .byTruncatingTail:
            var end = range.lowerBound
            while end < range.upperBound,
                  clusters[end].kind.hangs || fitsWithEllipsis(widthOf(range.lowerBound..<end + 1)) { end += 1 }
            let shown = range.lowerBound..<trimmedEnd(end, from: range.lowerBound)
            return shown.map(LineItem.cluster) + [.ellipsis]
        case .byTruncatingHead:
            let last = trimmedEnd(range.upperBound, from: range.lowerBound)
            var start = last
            while start > range.lowerBound,
                  fitsWithEllipsis(widthOf(trimmedStart(start - 1, to: last)..<last)) { start -= 1 }
            return [.ellipsis] + (trimmedStart(start, to: last)..<last).map(LineItem.cluster)
        case .byTruncatingMiddle:
            let last = trimmedEnd(range.upperBound, from: range.lowerBound)
            var headEnd = range.lowerBound
            var tailStart = last
            var headWidth = 0.0
            var tailWidth = 0.0
            while headEnd < tailStart {
                let growHead = headWidth <= tailWidth
                let candidate = growHead ? clusters[headEnd].advance : clusters[tailStart - 1].advance
                if !fitsWithEllipsis(headWidth + tailWidth + candidate) { break }
                if growHead {
                    headWidth += candidate
                    headEnd += 1
                } else {
                    tailWidth += candidate
                    tailStart -= 1
                }
            }
            let head = range.lowerBound..<trimmedEnd(headEnd, from: range.lowerBound)
            let tail = trimmedStart(tailStart, to: last)..<last
            return head.map(LineItem.cluster) + [.ellipsis] + tail.map(LineItem.cluster)
        }
    }
}
