/// The reordering stage of layout: a line's items from logical to visual order by their bidi levels (UAX #9
/// rules L1 and L2), after line breaking.
enum BidiReorder {
    /// Rule L1 for one line: trailing spaces and tabs, tabs, and spaces before a tab take the paragraph level.
    /// `levels[i]` is item `i`'s level and `kinds[i]` its kind.
    static func resetWhitespace(_ levels: inout [UInt8], kinds: [ClusterKind], paragraphLevel: UInt8) {
        var trailing = true
        for i in levels.indices.reversed() {
            let kind = kinds[i]
            if kind == .tab {
                levels[i] = paragraphLevel
                trailing = true  // spaces before a segment separator too
            } else if kind == .space || kind == .control, trailing {
                levels[i] = paragraphLevel
            } else {
                trailing = false
            }
        }
    }

    /// Rule L2: the visual order of items with `levels` (item indices, left to right). From the highest level
    /// down to the lowest odd one, every run of items at that level or higher is reversed.
    static func visualOrder(_ levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), highest > 0,
              let lowestOdd = levels.filter({ $0 & 1 == 1 }).min() else { return order }
        var current = levels
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < current.count {
                guard current[i] >= level else {
                    i += 1
                    continue
                }
                var end = i
                while end < current.count, current[end] >= level { end += 1 }
                order[i..<end].reverse()
                current[i..<end].reverse()
                i = end
            }
            if level == 0 { break }
            level -= 1
        }
        return order
    }
}
