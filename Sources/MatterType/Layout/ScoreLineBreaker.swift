/// Rebreaks the end of a paragraph by score, as Chromium's `ScoreLineBreaker` (after Android's Minikin optimal
/// line breaker) does for `text-wrap: balance` and `pretty`: every break opportunity in the lines concerned is a
/// candidate; a line costs the square of its slack, plus a penalty per line and per hyphen; a dynamic program
/// finds the cheapest breaks.
///
/// Chromium's limits are kept: balance rebreaks a paragraph of at most 6 greedy lines (the lines shown, under a
/// line limit) and leaves longer ones greedy; pretty rebreaks the last 4 greedy lines, and only when the last
/// line is shorter than a third of the width with no break opportunity inside it (or the two lines before it are
/// hyphenated); either needs 3 break opportunities at least. A paragraph with tabs, fullwidth punctuation
/// trimmed at line edges or breaks anywhere (``LineBreakMode/byCharWrapping``) stays greedy.
struct ScoreLineBreaker {
    /// Chromium's `kMaxLinesForBalance`.
    static let maximumBalancedLines = 6
    /// Chromium's `kMaxLinesForOptimal`: the lines at a paragraph's end `pretty` reconsiders.
    static let maximumPrettyLines = 4

    let wrap: TextWrap
    /// The paragraph's width, without the first line's indent.
    let width: Double
    let firstLineIndent: Double
    /// The block's font size, which scales the penalties (as Chromium's, from Minikin).
    let fontSize: Double
    let isJustified: Bool

    private static let overfull: Float = 1e12
    private static let orphanPenalty: Float = 10_000
    private static let lastLinePenaltyMultiplier: Float = 4

    /// A place the window's text may break: the next line starts at `offset`.
    private struct Candidate {
        var offset: Int
        /// Where the next line starts, from the window's start (after the spaces that hang).
        var positionIfNotBroken: Float
        /// Where the line ends if broken here (before hanging spaces, after a soft hyphen's hyphen).
        var positionIfBroken: Float
        var penalty: Float
        var isHyphenated: Bool
    }

    private struct Score {
        var score: Float
        var previous: Int
        var lineIndex: Int
    }

    /// `greedy` (the paragraph's greedy lines) rebroken where the rules above apply; `shownLines`: how many of them
    /// are shown under a line limit (nil: all).
    func lines(_ greedy: [Range<Int>], of clusters: [Cluster], hyphenWidths: [Int: Double],
               shownLines: Int?) -> [Range<Int>] {
        guard wrap != .wrap, greedy.count > 1 else { return greedy }
        let shown = min(shownLines ?? greedy.count, greedy.count)
        let first: Int
        switch wrap {
        case .wrap:
            return greedy
        case .balance:
            guard shown > 1, shown <= ScoreLineBreaker.maximumBalancedLines else { return greedy }
            first = 0
        case .pretty:
            guard shown > 1 else { return greedy }  // one line shown: nothing to move (as Blink)
            first = max(0, shown - ScoreLineBreaker.maximumPrettyLines)
            guard shouldRebreak(greedy[first..<shown], of: clusters, startsParagraph: first == 0) else { return greedy }
        }
        let window = greedy[first].lowerBound..<greedy[shown - 1].upperBound
        // Where greedy lines end is a candidate too: a word wider than the line was broken there.
        let lineEnds = Set(greedy[first..<shown].map(\.upperBound))
        guard clusters[window].allSatisfy({ $0.kind != .tab }),
              var candidates = candidates(in: window, of: clusters, lineEnds: lineEnds, hyphenWidths: hyphenWidths),
              candidates.count >= 3 + 2 else { return greedy }
        // The break before the paragraph's last word (and the hyphenated ones before it) costs more: no orphans.
        for index in stride(from: candidates.count - 2, through: 0, by: -1) {
            candidates[index].penalty += ScoreLineBreaker.orphanPenalty
            if !candidates[index].isHyphenated { break }
        }
        let breaks = cheapestBreaks(candidates, startsParagraph: first == 0)
        let rebroken = zip([window.lowerBound] + breaks, breaks + [window.upperBound]).map { $0..<$1 }
        return Array(greedy[..<first]) + rebroken + Array(greedy[shown...])
    }

    /// Pretty's trigger (Chromium's `ShouldOptimize`): the last line is narrower than a third of the width and has
    /// no break opportunity inside it, or the two lines before it are hyphenated.
    private func shouldRebreak(_ lines: ArraySlice<Range<Int>>, of clusters: [Cluster], startsParagraph: Bool) -> Bool {
        guard let last = lines.last else { return false }
        let available = lines.count == 1 && startsParagraph ? width - firstLineIndent : width
        var lastWidth = 0.0
        var end = last.upperBound
        while end > last.lowerBound, clusters[end - 1].kind.hangs { end -= 1 }
        for index in last.lowerBound..<end { lastWidth += clusters[index].advance }
        let opportunities = (last.lowerBound + 1..<max(last.lowerBound + 1, end)).contains { clusters[$0].breakBefore }
        if lastWidth < available / 3, !opportunities { return true }
        let count = lines.count
        guard count >= 3 else { return false }
        let hyphenated = { (line: Range<Int>) in
            line.upperBound < clusters.count && clusters[line.upperBound].hyphenBefore
        }
        return hyphenated(lines[lines.endIndex - 2]) && hyphenated(lines[lines.endIndex - 3])
    }

    /// The window's break opportunities and greedy line ends, with a sentinel at each end; nil when a hyphenated
    /// break's hyphen has no width (the face has no hyphen).
    private func candidates(in window: Range<Int>, of clusters: [Cluster], lineEnds: Set<Int>,
                            hyphenWidths: [Int: Double]) -> [Candidate]? {
        let hyphenPenalty = Float(width * fontSize * (isJustified ? 0.5 : 2))
        var result = [Candidate(offset: window.lowerBound, positionIfNotBroken: 0, positionIfBroken: 0, penalty: 0,
                                isHyphenated: false)]
        var x = 0.0
        var contentEnd = 0.0  // x after the last cluster that does not hang
        for index in window {
            if index > window.lowerBound, clusters[index].breakBefore || lineEnds.contains(index) {
                if clusters[index].hyphenBefore {
                    guard let hyphen = hyphenWidths[index - 1] else { return nil }
                    result.append(Candidate(offset: index, positionIfNotBroken: Float(x),
                                            positionIfBroken: Float(contentEnd + hyphen), penalty: hyphenPenalty,
                                            isHyphenated: true))
                } else {
                    result.append(Candidate(offset: index, positionIfNotBroken: Float(x),
                                            positionIfBroken: Float(contentEnd), penalty: 0, isHyphenated: false))
                }
            }
            x += clusters[index].advance
            if !clusters[index].kind.hangs { contentEnd = x }
        }
        result.append(Candidate(offset: window.upperBound, positionIfNotBroken: Float(x),
                                positionIfBroken: Float(contentEnd), penalty: 0, isHyphenated: false))
        return result
    }

    /// The room of line `lineIndex` of the window, plus one LayoutUnit (Chromium's `AvailableWidthToFit`).
    private func room(ofLine lineIndex: Int, startsParagraph: Bool) -> Float {
        let available = max(0, width - (lineIndex == 0 && startsParagraph ? firstLineIndent : 0))
        return Float(((available * 64 + 1e-9).rounded(.down) + 1) / 64)
    }

    /// The offsets the cheapest lines start at after the first (Chromium's `ComputeScores` and
    /// `ComputeBreakPoints`).
    private func cheapestBreaks(_ candidates: [Candidate], startsParagraph: Bool) -> [Int] {
        let linePenalty: Float = isJustified ? 0 : Float(width * fontSize * 4)
        var scores = [Score(score: 0, previous: 0, lineIndex: 0)]
        scores.reserveCapacity(candidates.count)
        var active = 0
        for end in 1..<candidates.count {
            let endCandidate = candidates[end]
            let isLast = end == candidates.count - 1
            var best = Float.greatestFiniteMagnitude
            var bestPrevious = 0
            var lastLineIndex = scores[active].lineIndex
            var room = self.room(ofLine: lastLineIndex, startsParagraph: startsParagraph)
            var startEdge = endCandidate.positionIfBroken - room
            var bestHope: Float = 0
            for start in active..<end {
                let startScore = scores[start]
                if startScore.lineIndex != lastLineIndex {
                    lastLineIndex = startScore.lineIndex
                    let newRoom = self.room(ofLine: lastLineIndex, startsParagraph: startsParagraph)
                    if newRoom != room {
                        room = newRoom
                        startEdge = endCandidate.positionIfBroken - room
                        bestHope = 0
                    }
                }
                if startScore.score + bestHope >= best { continue }
                let delta = candidates[start].positionIfNotBroken - startEdge
                var widthScore: Float = 0
                var additionalPenalty: Float = 0
                if (isLast || !isJustified) && delta < 0 {
                    widthScore = ScoreLineBreaker.overfull
                } else if isLast && wrap != .balance {
                    additionalPenalty = ScoreLineBreaker.lastLinePenaltyMultiplier * candidates[start].penalty
                } else if delta < 0 {
                    widthScore = ScoreLineBreaker.overfull
                } else {
                    widthScore = delta * delta
                }
                if delta < 0 { active = start + 1 } else { bestHope = widthScore }
                let score = startScore.score + widthScore + additionalPenalty
                if score <= best {
                    best = score
                    bestPrevious = start
                }
            }
            scores.append(Score(score: best + endCandidate.penalty + linePenalty, previous: bestPrevious,
                                lineIndex: scores[bestPrevious].lineIndex + 1))
        }
        var breaks: [Int] = []
        var index = scores.count - 1
        while index > 0 {
            index = scores[index].previous
            if index > 0 { breaks.append(candidates[index].offset) }
        }
        return breaks.reversed()
    }
}
