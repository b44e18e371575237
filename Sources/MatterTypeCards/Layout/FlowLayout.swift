public import MatterType
import MatterTypeWire

/// One frame's Auto Layout: CSS flexbox with Figma's sizes (CSS Flexible Box Layout §9, the parts a frame uses:
/// no margins, no order, `align-content: flex-start`, no shrinking but for filling children, which start at 0).
struct FlowLayout {
    let engine: CardLayoutEngine
    let frame: CardFrameLayer
    let path: [Int]
    /// Whether the main axis is horizontal (a row).
    let horizontal: Bool
    /// The frame's width, or `nil` when it hugs its children (who then cannot fill it).
    let width: Double?
    /// The frame's height, or `nil` when it hugs its children.
    let height: Double?
    /// Whether its children may fill its width: it was given it (not hugged), or is to be stretched to it.
    let knowsWidth: Bool
    /// Whether its children may fill its height.
    let knowsHeight: Bool

    private var flow: CardFlow { frame.layout }

    /// A child in the flow, as it is sized and placed.
    private struct Item {
        var index: Int
        var layer: CardLayer
        /// Whether it shares the main axis's free space (fill, in a frame that knows its main size).
        var fillsMain: Bool
        /// Whether it stretches across its line (fill, in a frame that knows its cross size).
        var fillsCross: Bool
        /// Its size along the main axis before flexing (0 for a filling child), clamped.
        var hypotheticalMain: Double = 0
        var main: Double = 0
        var cross: Double = 0
        var baseline: Double = 0
        var laidOut: LaidOutLayer?
        var mainOffset: Double = 0
        var crossOffset: Double = 0
    }

    /// `value` within the item's minimum and maximum, and never less than a frame's padding (a frame's box holds
    /// its padding, as a CSS `border-box` does).
    private func clamped(_ item: Item, _ value: Double, main: Bool) -> Double {
        max(item.layer.box.clamped(value, horizontal: main == horizontal), least(item, main: main))
    }

    /// The least size an item has on an axis: a frame's padding across it, else 0.
    private func least(_ item: Item, main: Bool) -> Double {
        guard case .frame(let frame) = item.layer, frame.layout.direction != nil else { return 0 }
        return frame.layout.padding.sum(horizontal: main == horizontal)
    }

    /// Whether the item has no content to measure (a rectangle or an image).
    private func isEmpty(_ item: Item) -> Bool {
        switch item.layer {
        case .rect, .image: true
        case .text, .frame: false
        }
    }

    private func fixedSize(_ item: Item, main: Bool) -> Double? {
        item.layer.box.size(horizontal: main == horizontal).points.map { clamped(item, $0, main: main) }
    }

    /// Children filling across a frame that hugs that axis (in one line), as Figma sizes them: the frame hugs the
    /// other children, and they take its inner size (CSS: `align-self: stretch` with `contain: inline-size`, no
    /// contribution of their own). A frame with only such children is as small as its padding and minimum.
    private func stretchInHuggingLine(_ items: inout [Item], crossGiven: inout [Double?], knowsCross: Bool,
                                      crossPadding: Double) throws(CardError) {
        guard !knowsCross, !flow.wraps else { return }
        let late = items.indices.filter { items[$0].layer.box.size(horizontal: !horizontal) == .fill }
        guard !late.isEmpty else { return }
        var widest = 0.0
        for i in items.indices where !late.contains(i) {
            if let given = crossGiven[i] {
                widest = max(widest, given)
                continue
            }
            let laidOut = try engine.layOut(items[i].layer, path: path + [items[i].index],
                                            main: fixedSize(items[i], main: true), cross: nil, horizontal: horizontal)
            widest = max(widest, horizontal ? laidOut.frame.height : laidOut.frame.width)
        }
        let inner = max(0, frame.box.clamped(widest + crossPadding, horizontal: !horizontal) - crossPadding)
        for i in late {
            items[i].fillsCross = true
            crossGiven[i] = clamped(items[i], inner, main: false)
        }
    }

    func run() throws(CardError) -> LaidOutLayer {
        let padding = flow.padding
        let mainPadding = padding.sum(horizontal: horizontal), crossPadding = padding.sum(horizontal: !horizontal)
        let givenMain = horizontal ? width : height, givenCross = horizontal ? height : width
        let knowsMain = horizontal ? knowsWidth : knowsHeight, knowsCross = horizontal ? knowsHeight : knowsWidth
        let gap: Double = if case .fixed(let value) = flow.gap { value } else { 0 }
        let box = frame.box

        var items: [Item] = []
        var absolute: [LaidOutLayer] = []
        for (index, child) in frame.layers.enumerated() {
            if child.box.isAbsolute {
                absolute.append(try engine.positioned(child, path: path + [index]))
                continue
            }
            let main = child.box.size(horizontal: horizontal), cross = child.box.size(horizontal: !horizontal)
            items.append(Item(index: index, layer: child, fillsMain: main == .fill && knowsMain,
                              fillsCross: cross == .fill && knowsCross))
        }
        let innerCrossGiven = givenCross.map { max(0, $0 - crossPadding) }

        // The size each item takes across before its line is known: fixed, stretched to a frame that knows its
        // size, or hugging. Stretching in a wrapped line, an item hugs (in a column, no wider than fit-content)
        // and its own children may fill what the stretch will give it.
        var crossGiven = [Double?](repeating: nil, count: items.count)
        var crossPending = [Bool](repeating: false, count: items.count)
        for i in items.indices {
            if let fixed = fixedSize(items[i], main: false) {
                crossGiven[i] = fixed
            } else if items[i].fillsCross {
                if !flow.wraps, let inner = innerCrossGiven {
                    crossGiven[i] = clamped(items[i], inner, main: false)
                } else if isEmpty(items[i]) {
                    crossGiven[i] = clamped(items[i], 0, main: false)
                } else {
                    crossPending[i] = true
                    // Only widths narrow (a column's cross axis): to fit-content, min(max-content, max(min-content,
                    // the frame's inner width)); heights keep their content's.
                    guard !horizontal, let inner = innerCrossGiven else { continue }
                    let main = fixedSize(items[i], main: true)
                    // Filling along the flow too, its size there is to come as well: its children may fill it.
                    let hugged = try engine.layOut(items[i].layer, path: path + [items[i].index], main: main, cross: nil,
                                                   knowsMain: items[i].fillsMain ? true : nil, knowsCross: true,
                                                   horizontal: horizontal)
                    guard hugged.frame.width > inner else { continue }
                    let least = try engine.minContentWidth(items[i].layer, path: path + [items[i].index])
                    let fitted = max(least, inner)
                    if fitted < hugged.frame.width { crossGiven[i] = clamped(items[i], fitted, main: false) }
                }
            }
        }
        try stretchInHuggingLine(&items, crossGiven: &crossGiven, knowsCross: knowsCross, crossPadding: crossPadding)
        func measure(_ i: Int, main: Double?) throws(CardError) -> LaidOutLayer {
            try engine.layOut(items[i].layer, path: path + [items[i].index], main: main, cross: crossGiven[i],
                              knowsCross: crossPending[i] ? true : nil, horizontal: horizontal)
        }
        // Hypothetical main sizes (CSS §9.2 step 3): fixed, 0 for filling, else the content's.
        for i in items.indices {
            if let fixed = fixedSize(items[i], main: true) {
                items[i].hypotheticalMain = fixed
            } else if items[i].fillsMain {
                items[i].hypotheticalMain = clamped(items[i], 0, main: true)
            } else {
                let measured = try measure(i, main: nil)
                items[i].hypotheticalMain = horizontal ? measured.frame.width : measured.frame.height
            }
        }
        // The frame's main size: given, or its content's (clamped) when it hugs.
        let contentMain = items.map(\.hypotheticalMain).reduce(0, +) + gap * Double(max(0, items.count - 1))
        let outerMain = max(givenMain ?? box.clamped(contentMain + mainPadding, horizontal: horizontal), mainPadding)
        let innerMain = max(0, outerMain - mainPadding)

        // Lines (§9.3): one, or as many as wrapping at the inner main size needs.
        var lines: [Range<Int>] = []
        if flow.wraps {
            var start = 0, used = 0.0
            for i in items.indices {
                let next = (i == start ? 0 : used + gap) + items[i].hypotheticalMain
                if i > start, next > innerMain {
                    lines.append(start..<i)
                    start = i
                    used = items[i].hypotheticalMain
                } else {
                    used = next
                }
            }
            if start < items.count || items.isEmpty { lines.append(start..<items.count) }
        } else {
            lines = [0..<items.count]
        }

        // Main sizes (§9.7): filling items share the free space, clamped, frozen where clamping moved them.
        for line in lines {
            resolveFlexibleLengths(&items, line: line, innerMain: innerMain, gap: gap)
        }

        // Cross sizes: each item laid out at its main size; the line as high as its items (or the frame's inner
        // cross size, for one line in a frame that knows it).
        var lineCross: [Double] = []
        var lineBaseline: [Double] = []
        for line in lines {
            // Distances from the shared baseline to the items' edges: negative where a text overflows its box.
            var above = -Double.infinity, below = -Double.infinity, largest = 0.0
            for i in line {
                // A hugging item hugs again (the same size, from the cache): only a size it was given is known.
                let given = items[i].fillsMain || fixedSize(items[i], main: true) != nil
                let laidOut = try measure(i, main: given ? items[i].main : nil)
                items[i].laidOut = laidOut
                items[i].cross = horizontal ? laidOut.frame.height : laidOut.frame.width
                items[i].baseline = laidOut.baseline
                if participatesInBaseline(items[i]) {
                    above = max(above, laidOut.baseline)
                    below = max(below, items[i].cross - laidOut.baseline)
                } else {
                    largest = max(largest, items[i].cross)
                }
            }
            lineCross.append(above.isFinite ? max(largest, above + below) : largest)
            lineBaseline.append(above.isFinite ? above : 0)
        }
        if !flow.wraps, let only = lineCross.first {
            // A single line is the frame's inner cross size: given, or hugged and clamped (§9.4 step 8 and 15).
            lineCross[0] = innerCrossGiven ?? max(0, box.clamped(only + crossPadding, horizontal: !horizontal)
                                                     - crossPadding)
        }
        let contentCross = lineCross.reduce(0, +) + flow.crossGap * Double(max(0, lines.count - 1))
        let outerCross = max(givenCross ?? box.clamped(contentCross + crossPadding, horizontal: !horizontal),
                             crossPadding)

        // Stretched items take their line's cross size and are laid out again at it.
        for (lineIndex, line) in lines.enumerated() {
            for i in line where items[i].fillsCross && fixedSize(items[i], main: false) == nil {
                let stretched = clamped(items[i], lineCross[lineIndex], main: false)
                guard stretched != items[i].cross || flow.wraps else { continue }
                // Its main size stays what the flow gave it (a hugging frame's children still cannot fill it).
                let given = items[i].fillsMain || fixedSize(items[i], main: true) != nil
                let laidOut = try engine.layOut(items[i].layer, path: path + [items[i].index], main: items[i].main,
                                                cross: stretched, knowsMain: given, horizontal: horizontal)
                items[i].laidOut = laidOut
                items[i].cross = stretched
                items[i].baseline = laidOut.baseline
            }
        }

        // Positions: along each line by `align` or `gap: auto` (§9.5), across by `crossAlign` (§9.6).
        var crossStart = horizontal ? padding.top : padding.left
        let mainStart = horizontal ? padding.left : padding.top
        var frameBaseline: Double?
        for (lineIndex, line) in lines.enumerated() {
            let used = line.map { items[$0].main }.reduce(0, +) + gap * Double(max(0, line.count - 1))
            let free = innerMain - used
            var position = mainStart, between = gap
            switch flow.gap {
            case .auto:
                if line.count > 1, free > 0 { between = free / Double(line.count - 1) }
            case .fixed:
                switch flow.align {
                case .start, .baseline: break
                case .center: position += free / 2
                case .end: position += free
                }
            }
            for i in line {
                items[i].mainOffset = position
                position += items[i].main + between
                let room = lineCross[lineIndex] - items[i].cross
                let offset: Double
                if items[i].fillsCross {
                    offset = 0
                } else if participatesInBaseline(items[i]) {
                    offset = lineBaseline[lineIndex] - items[i].baseline
                } else {
                    offset = switch flow.crossAlign {
                    case .start, .baseline: 0
                    case .center: room / 2
                    case .end: room
                    }
                }
                items[i].crossOffset = crossStart + offset
            }
            if lineIndex == 0, let first = line.first {
                // The frame's first baseline (CSS §8.5): its first line's shared baseline, else its first item's.
                let shared = line.contains { participatesInBaseline(items[$0]) }
                let reference = shared ? line.first { participatesInBaseline(items[$0]) } ?? first : first
                let along = horizontal ? items[reference].crossOffset : items[reference].mainOffset
                frameBaseline = along + items[reference].baseline
            }
            crossStart += lineCross[lineIndex] + flow.crossGap
        }

        var children = absolute
        for item in items {
            guard var laidOut = item.laidOut else { continue }
            laidOut.frame.x = horizontal ? item.mainOffset : item.crossOffset
            laidOut.frame.y = horizontal ? item.crossOffset : item.mainOffset
            children.append(laidOut)
        }
        children.sort { ($0.path.last ?? 0) < ($1.path.last ?? 0) }
        let size = horizontal ? (outerMain, outerCross) : (outerCross, outerMain)
        return LaidOutLayer(layer: .frame(frame), path: path, frame: Rect(x: 0, y: 0, width: size.0, height: size.1),
                            baseline: frameBaseline ?? size.1, children: children)
    }

    /// Whether an item aligns by its first baseline: across a row, with `crossAlign: baseline`, unless it stretches.
    private func participatesInBaseline(_ item: Item) -> Bool {
        horizontal && flow.crossAlign == .baseline && !item.fillsCross
    }

    /// CSS §9.7 for a frame's items: every filling item grows by 1 from a basis of 0 (a frame's: its padding) and
    /// shrinks by its basis, which it cannot go below; the others do not flex. Clamping to a minimum or maximum
    /// freezes an item and the rest share again.
    private func resolveFlexibleLengths(_ items: inout [Item], line: Range<Int>, innerMain: Double, gap: Double) {
        let gaps = gap * Double(max(0, line.count - 1))
        for i in line { items[i].main = items[i].hypotheticalMain }
        let hypothetical = line.map { items[$0].hypotheticalMain }.reduce(0, +) + gaps
        // Shrinking leaves filling items at their clamped basis: a basis of 0 has nothing to shrink.
        guard hypothetical < innerMain else { return }
        var frozen = Set(line.filter { !items[$0].fillsMain })
        while frozen.count < line.count {
            let fixed = frozen.map { items[$0].main }.reduce(0, +)
            let open = line.filter { !frozen.contains($0) }
            let bases = open.map { least(items[$0], main: true) }.reduce(0, +)
            let share = (innerMain - gaps - fixed - bases) / Double(open.count)
            var violation = 0.0
            var targets: [Int: Double] = [:], sizes: [Int: Double] = [:]
            for i in open {
                let target = least(items[i], main: true) + share
                let size = clamped(items[i], target, main: true)
                targets[i] = target
                sizes[i] = size
                violation += size - target
            }
            for i in open { items[i].main = sizes[i] ?? 0 }
            if violation == 0 { break }
            for i in open {
                let size = sizes[i] ?? 0, target = targets[i] ?? 0
                if violation > 0 ? size > target : size < target { frozen.insert(i) }
            }
        }
    }
}
