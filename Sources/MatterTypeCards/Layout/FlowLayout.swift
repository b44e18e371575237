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
        guard case .frame(let frame) = item.layer, frame.layout.arranges else { return 0 }
        return frame.layout.padding.sum(horizontal: main == horizontal)
    }

    /// Whether the item has no size of its own to hug: a rectangle or an image, which have no content, or a frame
    /// without a flow, whose children keep their places (Figma cannot hug them; filling, it takes what it is given).
    private func hugsNothing(_ item: Item) -> Bool {
        switch item.layer {
        case .rect, .image: true
        case .text: false
        case .frame(let frame): !frame.layout.arranges
        }
    }

    /// Whether the item fills along a frame that hugs that axis and has no content to hug: fill inside hug is hug,
    /// and it has nothing to hug (a rectangle in a frame being measured, as a hugging frame measures its
    /// children): its main size is its minimum, or none.
    private func fillsNothing(_ item: Item) -> Bool {
        !item.fillsMain && hugsNothing(item) && item.layer.box.size(horizontal: horizontal) == .fill
    }

    /// A fixed size within the item's minimum and maximum. It may be less than a frame's padding, as in Figma: the
    /// box keeps it and its content overflows (CSS's `border-box` would grow to the padding).
    private func fixedSize(_ item: Item, main: Bool) -> Double? {
        // A turned text's fixed sizes are its own: in the flow it takes its turned bounds, measured.
        if case .text(let text) = item.layer, text.isTurned { return nil }
        return item.layer.box.size(horizontal: main == horizontal).points.map {
            item.layer.box.clamped($0, horizontal: main == horizontal)
        }
    }

    /// Children filling across a frame that hugs that axis (in one line), as Figma sizes them: fill inside hug is
    /// hug. The frame hugs every child, a filling one at its own hugging size (a text at its longest line's width;
    /// a rectangle or image, which has no content, at none), and the filling children take its inner size (CSS:
    /// `align-self: stretch`). Measured on 61 real frames (Scripts/compare-with-figma.py --documents): a row
    /// hugging a fixed 96-point image and a filling 139-point column is 139 high in Figma's boxes.
    private func stretchInHuggingLine(_ items: inout [Item], crossGiven: inout [Double?], knowsCross: Bool,
                                      crossPadding: Double) throws(CardError) {
        guard !knowsCross, !flow.wraps else { return }
        let late = items.indices.filter { items[$0].layer.box.size(horizontal: !horizontal) == .fill }
        guard !late.isEmpty else { return }
        var widest = 0.0
        for i in items.indices where !(late.contains(i) && hugsNothing(items[i])) {
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

    /// What the steps work out, in the order they do.
    private struct State {
        var items: [Item] = []
        /// The indices of children taken out of the flow, placed at their own x and y once the frame's size is known.
        var absolute: [Int] = []
        /// The size each item is given across before its line is known (`nil`: it hugs).
        var crossGiven: [Double?] = []
        /// Whether an item stretches to a size still to come (its children may fill it).
        var crossPending: [Bool] = []
        var outerMain = 0.0, innerMain = 0.0
        var lines: [Range<Int>] = []
        var lineCross: [Double] = []
        var lineBaseline: [Double] = []
        var outerCross = 0.0
        /// The frame's first baseline, when it has items.
        var baseline: Double?
    }

    private var mainPadding: Double { flow.padding.sum(horizontal: horizontal) }
    private var crossPadding: Double { flow.padding.sum(horizontal: !horizontal) }
    private var givenMain: Double? { horizontal ? width : height }
    private var givenCross: Double? { horizontal ? height : width }
    private var knowsMain: Bool { horizontal ? knowsWidth : knowsHeight }
    private var knowsCross: Bool { horizontal ? knowsHeight : knowsWidth }
    private var gap: Double { flow.gap.points ?? 0 }
    /// The fixed space between wrapped lines (none for ``CardFlow/Gap/auto``, until the free space is shared).
    private var crossGap: Double { flow.crossGap.points ?? 0 }
    /// The frame's inner size across, when it is given: negative where a fixed size is less than the padding
    /// (Figma keeps the size; what is aligned inside moves out past the padding).
    private var innerCrossGiven: Double? { givenCross.map { $0 - crossPadding } }

    /// The frame laid out: the steps of CSS Flexible Box Layout §9, each named after its section.
    func run() throws(CardError) -> LaidOutLayer {
        var state = try generateItems()
        try determineAvailableCrossSizes(&state)
        try determineHypotheticalMainSizes(&state)
        determineMainSize(&state)
        collectLines(&state)
        for line in state.lines {
            resolveFlexibleLengths(&state.items, line: line, innerMain: state.innerMain, gap: gap)
        }
        try determineLineCrossSizes(&state)
        try stretchItems(&state)
        alignItems(&state)
        return try laidOut(state)
    }

    /// §9.1: the flow's items, in order; children taken out of the flow are placed at their own x and y.
    private func generateItems() throws(CardError) -> State {
        var state = State()
        for (index, child) in frame.layers.enumerated() {
            if child.box.isAbsolute {
                state.absolute.append(index)
                continue
            }
            let main = child.box.size(horizontal: horizontal), cross = child.box.size(horizontal: !horizontal)
            state.items.append(Item(index: index, layer: child, fillsMain: main == .fill && knowsMain,
                                    fillsCross: cross == .fill && knowsCross))
        }
        state.crossGiven = [Double?](repeating: nil, count: state.items.count)
        state.crossPending = [Bool](repeating: false, count: state.items.count)
        return state
    }

    /// §9.2 step 2: the size each item takes across before its line is known: fixed, stretched to a frame that
    /// knows its size, or hugging. Stretching in a wrapped line, an item hugs (in a column, no wider than
    /// fit-content) and its own children may fill what the stretch will give it.
    private func determineAvailableCrossSizes(_ state: inout State) throws(CardError) {
        for i in state.items.indices {
            let item = state.items[i]
            if let fixed = fixedSize(item, main: false) {
                state.crossGiven[i] = fixed
            } else if !item.fillsCross, hugsNothing(item), item.layer.box.size(horizontal: !horizontal) == .fill {
                // Filling across a frame that hugs that axis and wraps, it hugs, and has nothing to hug.
                state.crossGiven[i] = clamped(item, 0, main: false)
            } else if item.fillsCross {
                if !flow.wraps, let inner = innerCrossGiven {
                    state.crossGiven[i] = clamped(item, inner, main: false)
                } else if hugsNothing(item) {
                    state.crossGiven[i] = clamped(item, 0, main: false)
                } else {
                    state.crossPending[i] = true
                    // Only widths narrow (a column's cross axis): to fit-content, min(max-content, max(min-content,
                    // the frame's inner width)); heights keep their content's.
                    guard !horizontal, let inner = innerCrossGiven else { continue }
                    let main = fixedSize(item, main: true)
                    // Filling along the flow too, its size there is to come as well: its children may fill it.
                    let hugged = try engine.layOut(item.layer, path: path + [item.index], main: main, cross: nil,
                                                   knowsMain: item.fillsMain ? true : nil, knowsCross: true,
                                                   horizontal: horizontal)
                    guard hugged.frame.width > inner else { continue }
                    let least = try engine.minContentWidth(item.layer, path: path + [item.index])
                    let fitted = max(least, inner)
                    if fitted < hugged.frame.width { state.crossGiven[i] = clamped(item, fitted, main: false) }
                }
            }
        }
        try stretchInHuggingLine(&state.items, crossGiven: &state.crossGiven, knowsCross: knowsCross,
                                 crossPadding: crossPadding)
    }

    /// Item `i` laid out at `main` along the flow and its given size across.
    private func measure(_ state: State, _ i: Int, main: Double?) throws(CardError) -> LaidOutLayer {
        try engine.layOut(state.items[i].layer, path: path + [state.items[i].index], main: main,
                          cross: state.crossGiven[i], knowsCross: state.crossPending[i] ? true : nil,
                          horizontal: horizontal)
    }

    /// §9.2 step 3: each item's hypothetical main size: fixed, 0 for filling, else its content's.
    private func determineHypotheticalMainSizes(_ state: inout State) throws(CardError) {
        for i in state.items.indices {
            if let fixed = fixedSize(state.items[i], main: true) {
                state.items[i].hypotheticalMain = fixed
            } else if state.items[i].fillsMain || fillsNothing(state.items[i]) {
                state.items[i].hypotheticalMain = clamped(state.items[i], 0, main: true)
            } else {
                let measured = try measure(state, i, main: nil)
                state.items[i].hypotheticalMain = horizontal ? measured.frame.width : measured.frame.height
            }
        }
    }

    /// §9.2 step 4: the frame's main size: given (a fixed one may be less than the padding, as in Figma), or its
    /// content's (clamped, and at least the padding) when it hugs.
    private func determineMainSize(_ state: inout State) {
        let items = state.items
        let contentMain = items.map(\.hypotheticalMain).reduce(0, +) + gap * Double(max(0, items.count - 1))
        state.outerMain = givenMain ?? max(frame.box.clamped(contentMain + mainPadding, horizontal: horizontal),
                                           mainPadding)
        state.innerMain = state.outerMain - mainPadding
    }

    /// §9.3: one line, or as many as wrapping at the inner main size needs.
    private func collectLines(_ state: inout State) {
        guard flow.wraps else {
            state.lines = [0..<state.items.count]
            return
        }
        var start = 0, used = 0.0
        for (i, item) in state.items.enumerated() {
            let next = (i == start ? 0 : used + gap) + item.hypotheticalMain
            if i > start, next > state.innerMain {
                state.lines.append(start..<i)
                start = i
                used = item.hypotheticalMain
            } else {
                used = next
            }
        }
        if start < state.items.count || state.items.isEmpty { state.lines.append(start..<state.items.count) }
    }

    /// §9.4 steps 7, 8 and 15: each item laid out at its main size; a line as high as its items, baselines
    /// shared (or the frame's inner cross size, for one line in a frame that knows it); the frame's cross size.
    private func determineLineCrossSizes(_ state: inout State) throws(CardError) {
        for line in state.lines {
            // Distances from the shared baseline to the items' edges: negative where a text overflows its box.
            var above = -Double.infinity, below = -Double.infinity, largest = 0.0
            for i in line {
                // A hugging item hugs again (the same size, from the cache): only a size it was given is known.
                let given = state.items[i].fillsMain || fillsNothing(state.items[i])
                    || fixedSize(state.items[i], main: true) != nil
                let laidOut = try measure(state, i, main: given ? state.items[i].main : nil)
                state.items[i].laidOut = laidOut
                state.items[i].cross = horizontal ? laidOut.frame.height : laidOut.frame.width
                state.items[i].baseline = laidOut.baseline
                if participatesInBaseline(state.items[i]) {
                    above = max(above, laidOut.baseline)
                    below = max(below, state.items[i].cross - laidOut.baseline)
                } else {
                    largest = max(largest, state.items[i].cross)
                }
            }
            state.lineCross.append(above.isFinite ? max(largest, above + below) : largest)
            state.lineBaseline.append(above.isFinite ? above : 0)
        }
        if !flow.wraps, let only = state.lineCross.first {
            // A single line is the frame's inner cross size: given, or hugged and clamped.
            state.lineCross[0] = innerCrossGiven ?? max(0, frame.box.clamped(only + crossPadding, horizontal: !horizontal)
                                                           - crossPadding)
        }
        let contentCross = state.lineCross.reduce(0, +) + crossGap * Double(max(0, state.lines.count - 1))
        state.outerCross = givenCross ?? max(frame.box.clamped(contentCross + crossPadding, horizontal: !horizontal),
                                             crossPadding)
    }

    /// §9.4 step 11: stretched items take their line's cross size and are laid out again at it.
    private func stretchItems(_ state: inout State) throws(CardError) {
        for (lineIndex, line) in state.lines.enumerated() {
            for i in line where state.items[i].fillsCross && fixedSize(state.items[i], main: false) == nil {
                let item = state.items[i]
                let stretched = clamped(item, state.lineCross[lineIndex], main: false)
                guard stretched != item.cross || flow.wraps else { continue }
                // Its main size stays what the flow gave it (a hugging frame's children still cannot fill it).
                let given = item.fillsMain || fillsNothing(item) || fixedSize(item, main: true) != nil
                let laidOut = try engine.layOut(item.layer, path: path + [item.index], main: item.main,
                                                cross: stretched, knowsMain: given, horizontal: horizontal)
                state.items[i].laidOut = laidOut
                state.items[i].cross = stretched
                state.items[i].baseline = laidOut.baseline
            }
        }
    }

    /// §9.5 and §9.6: positions along each line by `align` or `gap: auto`, across by `crossAlign`; and the frame's
    /// first baseline (§8.5).
    private func alignItems(_ state: inout State) {
        let padding = flow.padding
        var crossStart = horizontal ? padding.top : padding.left
        let mainStart = horizontal ? padding.left : padding.top
        // Between wrapped lines: the fixed gap, or (auto) what the frame's size across leaves, shared.
        var lineGap = crossGap
        if flow.crossGap == .auto, state.lines.count > 1 {
            let free = state.outerCross - crossPadding - state.lineCross.reduce(0, +)
            if free > 0 { lineGap = free / Double(state.lines.count - 1) }
        }
        for (lineIndex, line) in state.lines.enumerated() {
            let used = line.map { state.items[$0].main }.reduce(0, +) + gap * Double(max(0, line.count - 1))
            let free = state.innerMain - used
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
                state.items[i].mainOffset = position
                position += state.items[i].main + between
                let room = state.lineCross[lineIndex] - state.items[i].cross
                let offset: Double
                if state.items[i].fillsCross {
                    offset = 0
                } else if participatesInBaseline(state.items[i]) {
                    offset = state.lineBaseline[lineIndex] - state.items[i].baseline
                } else {
                    offset = switch flow.crossAlign {
                    case .start, .baseline: 0
                    case .center: room / 2
                    case .end: room
                    }
                }
                state.items[i].crossOffset = crossStart + offset
            }
            if lineIndex == 0, let first = line.first {
                // The frame's first baseline (CSS §8.5): its first line's shared baseline, else its first item's.
                let items = state.items
                let shared = line.contains { participatesInBaseline(items[$0]) }
                let reference = shared ? line.first { participatesInBaseline(items[$0]) } ?? first : first
                let along = horizontal ? items[reference].crossOffset : items[reference].mainOffset
                state.baseline = along + items[reference].baseline
            }
            crossStart += state.lineCross[lineIndex] + lineGap
        }
    }

    /// The frame and its children in their places, in the order of its layers.
    private func laidOut(_ state: State) throws(CardError) -> LaidOutLayer {
        let size = horizontal ? (state.outerMain, state.outerCross) : (state.outerCross, state.outerMain)
        var children: [LaidOutLayer] = []
        for index in state.absolute {
            children.append(try engine.positioned(frame.layers[index], path: path + [index], in: frame,
                                                  width: size.0, height: size.1))
        }
        for item in state.items {
            guard var laidOut = item.laidOut else { continue }
            laidOut.frame.x = horizontal ? item.mainOffset : item.crossOffset
            laidOut.frame.y = horizontal ? item.crossOffset : item.mainOffset
            children.append(laidOut)
        }
        children.sort { ($0.path.last ?? 0) < ($1.path.last ?? 0) }
        return LaidOutLayer(layer: .frame(frame), path: path, frame: Rect(x: 0, y: 0, width: size.0, height: size.1),
                            baseline: state.baseline ?? size.1, children: children)
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
