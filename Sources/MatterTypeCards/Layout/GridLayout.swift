import MatterType
import MatterTypeWire

/// One grid frame's layout: CSS Grid Layout's placement (§8.5) and track sizing (§11–12) for the parts a card's
/// grid has: fixed tracks, `auto` tracks (content: from the cells' least to their most), `minmax(0, Nfr)` shares,
/// gaps, spans, `justify-content`/`align-content: start` (tracks are not stretched to the frame), and each child
/// at the start, center or end of its area, or filling it. Children with `position: absolute` keep their x and y.
struct GridLayout {
    let engine: CardLayoutEngine
    let frame: CardFrameLayer
    let grid: CardGrid
    let path: [Int]
    /// The frame's width, or `nil` when it hugs its tracks.
    let width: Double?
    /// The frame's height, or `nil` when it hugs its tracks.
    let height: Double?

    /// A child in the grid: its layer and the area it takes.
    private struct Item {
        var index: Int
        var layer: CardLayer
        var row: Int
        var column: Int
        var rowSpan: Int
        var columnSpan: Int
        var cell: CardGridCell
        /// Its width in its area, once the columns are known.
        var width: Double?
    }

    /// What an item asks of the tracks it spans on one axis: its least and most size there.
    private struct Contribution {
        var tracks: Range<Int>
        var least: Double
        var most: Double
    }

    private var padding: CardInsets { frame.layout.padding }

    /// The frame laid out.
    func run() throws(CardError) -> LaidOutLayer {
        try check()
        var (items, absolute, columnCount, rowCount) = try place()
        // Columns first (§12.1): the rows' heights depend on the widths the texts wrap at.
        let (outerWidth, columnSizes) = axis(Self.tracks(grid.columns, count: columnCount), gap: grid.columnGap,
                                             given: width, contributions: try columnContributions(items),
                                             horizontal: true)
        let columnStarts = Self.starts(columnSizes, gap: grid.columnGap, from: padding.left)
        var rowContributions: [Contribution] = []
        for i in items.indices {
            let area = Self.extent(columnSizes, item: items[i].column, span: items[i].columnSpan, gap: grid.columnGap)
            items[i].width = try width(of: items[i], in: area)
            let height = try self.height(of: items[i])
            rowContributions.append(Contribution(tracks: items[i].row..<items[i].row + items[i].rowSpan,
                                                 least: height, most: height))
        }
        let (outerHeight, rowSizes) = axis(Self.tracks(grid.rows, count: rowCount), gap: grid.rowGap, given: height,
                                           contributions: rowContributions, horizontal: false)
        let rowStarts = Self.starts(rowSizes, gap: grid.rowGap, from: padding.top)
        var children: [LaidOutLayer] = []
        var baseline: (row: Int, column: Int, value: Double)?
        for item in items {
            let areaWidth = Self.extent(columnSizes, item: item.column, span: item.columnSpan, gap: grid.columnGap)
            let areaHeight = Self.extent(rowSizes, item: item.row, span: item.rowSpan, gap: grid.rowGap)
            let box = item.layer.box
            let givenHeight: Double? = switch box.height {
            case .fixed(let value): box.clamped(value, horizontal: false)
            case .fill: max(box.clamped(areaHeight, horizontal: false), padding(of: item.layer, horizontal: false))
            case .hug: nil
            }
            var laidOut = try engine.layOut(item.layer, path: path + [item.index], width: item.width,
                                            height: isTurned(item.layer) ? nil : givenHeight)
            laidOut.frame.x = columnStarts[item.column]
                + Self.offset(item.cell.horizontal, free: areaWidth - laidOut.frame.width)
            laidOut.frame.y = rowStarts[item.row]
                + Self.offset(item.cell.vertical, free: areaHeight - laidOut.frame.height)
            // The frame's first baseline: its first row's first item's (CSS §9.3's grid order).
            if baseline.map({ (item.row, item.column) < ($0.row, $0.column) }) ?? true {
                baseline = (item.row, item.column, laidOut.frame.y + laidOut.baseline)
            }
            children.append(laidOut)
        }
        for index in absolute {
            children.append(try engine.positioned(frame.layers[index], path: path + [index], in: frame,
                                                  width: outerWidth, height: outerHeight))
        }
        children.sort { ($0.path.last ?? 0) < ($1.path.last ?? 0) }
        return LaidOutLayer(layer: .frame(frame), path: path,
                            frame: Rect(x: 0, y: 0, width: outerWidth, height: outerHeight),
                            baseline: baseline?.value ?? outerHeight, children: children)
    }

    /// The frame's least width (CSS's min-content): its columns with no room to grow (content tracks at their
    /// least, shares at none), the gaps and the padding.
    func minContentWidth() throws(CardError) -> Double {
        try check()
        let (items, _, columnCount, _) = try place()
        let sizes = Self.sizes(Self.tracks(grid.columns, count: columnCount), gap: grid.columnGap, available: 0,
                               contributions: try columnContributions(items))
        let paddingX = padding.sum(horizontal: true)
        return max(frame.box.clamped(Self.total(sizes, gap: grid.columnGap) + paddingX, horizontal: true), paddingX)
    }

    /// `count` tracks: those given, then `auto` ones (CSS's implicit tracks).
    private static func tracks(_ given: [CardGrid.Track], count: Int) -> [CardGrid.Track] {
        Array((given + Array(repeating: .content, count: max(0, count - given.count))).prefix(count))
    }

    /// What each item asks of the columns it spans.
    private func columnContributions(_ items: [Item]) throws(CardError) -> [Contribution] {
        var contributions: [Contribution] = []
        for item in items {
            let (least, most) = try widths(of: item)
            contributions.append(Contribution(tracks: item.column..<item.column + item.columnSpan, least: least,
                                              most: most))
        }
        return contributions
    }

    /// The frame's size on one axis (`given`, else its tracks' at their content, within its minimum and maximum:
    /// CSS's max-content) and its tracks' sizes in it: sized again in the frame's size, as in a fixed one (shares
    /// of less than 1fr in all leave some of it unused, as in CSS).
    private func axis(_ tracks: [CardGrid.Track], gap: Double, given: Double?, contributions: [Contribution],
                      horizontal: Bool) -> (Double, [Double]) {
        let padding = self.padding.sum(horizontal: horizontal)
        let outer = given ?? frame.box.clamped(
            Self.total(Self.sizes(tracks, gap: gap, available: nil, contributions: contributions), gap: gap) + padding,
            horizontal: horizontal)
        return (outer, Self.sizes(tracks, gap: gap, available: max(outer - padding, 0), contributions: contributions))
    }

    // MARK: - Checks and placement

    private func check() throws(CardError) {
        for (name, value) in [("columnGap", grid.columnGap), ("rowGap", grid.rowGap)]
        where !value.isFinite || !(0...1_000_000).contains(value) {
            throw .layer(path: path, .invalid(field: name, reason: "\(value) is not allowed; use 0 to 1000000 points"))
        }
        for (name, tracks) in [("columns", grid.columns), ("rows", grid.rows)] {
            guard tracks.count <= CardGrid.maximumCells else {
                throw .layer(path: path, .invalid(field: name, reason: "\(tracks.count) tracks are more than "
                                                  + "\(CardGrid.maximumCells); use fewer"))
            }
            for track in tracks {
                switch track {
                case .fixed(let value) where !value.isFinite || !(0...1_000_000).contains(value):
                    throw .layer(path: path, .invalid(field: name, reason: "a track of \(value) points is not "
                                                      + "allowed; use 0 to 1000000"))
                case .share(let weight) where !weight.isFinite || !(0.001...1_000_000).contains(weight):
                    throw .layer(path: path, .invalid(field: name, reason: "a share of \(weight)fr is not allowed; "
                                                      + "use 0.001 to 1000000"))
                default: break
                }
            }
        }
    }

    /// Each child's area (§8.5: children with a row and column first, then the others in the first free area
    /// after the one placed before, row by row), the children out of the grid, and the columns and rows used.
    private func place() throws(CardError) -> ([Item], [Int], Int, Int) {
        var items: [Item] = [], absolute: [Int] = [], waiting: [Item] = []
        var columnCount = max(grid.columns.count, 1)
        for (index, layer) in frame.layers.enumerated() {
            if layer.box.isAbsolute {
                absolute.append(index)
                continue
            }
            let cell = layer.box.cell ?? CardGridCell()
            let limit = CardGridCell.maximumIndex
            for (name, value, least) in [("row", cell.row ?? 0, 0), ("column", cell.column ?? 0, 0),
                                         ("rowSpan", cell.rowSpan, 1), ("columnSpan", cell.columnSpan, 1)]
            where !(least...limit).contains(value) {
                throw .layer(path: path + [index], .invalid(field: "cell", reason: "\(name) \(value) is not "
                                                            + "allowed; use \(least) to \(limit)"))
            }
            guard (cell.row == nil) == (cell.column == nil) else {
                throw .layer(path: path + [index], .invalid(field: "cell", reason: "give both a row and a column, "
                                                            + "or neither (the first free cell)"))
            }
            let item = Item(index: index, layer: layer, row: cell.row ?? 0, column: cell.column ?? 0,
                            rowSpan: cell.rowSpan, columnSpan: cell.columnSpan, cell: cell)
            columnCount = max(columnCount, item.columnSpan)
            if cell.row == nil {
                waiting.append(item)
            } else {
                columnCount = max(columnCount, item.column + item.columnSpan)
                items.append(item)
            }
        }
        var rowCount = max(grid.rows.count, items.map { $0.row + $0.rowSpan }.max() ?? 0)
        guard rowCount * columnCount <= CardGrid.maximumCells else { throw tooMany(rowCount, columnCount) }
        var taken = Set<Int>()
        func cells(of item: Item) -> [Int] {
            (item.row..<item.row + item.rowSpan).flatMap { row in
                (item.column..<item.column + item.columnSpan).map { row * columnCount + $0 }
            }
        }
        for item in items { taken.formUnion(cells(of: item)) }
        var cursor = (row: 0, column: 0)
        for var item in waiting {
            while true {
                if cursor.column + item.columnSpan > columnCount { cursor = (cursor.row + 1, 0) }
                guard (cursor.row + item.rowSpan) * columnCount <= CardGrid.maximumCells else {
                    throw tooMany(cursor.row + item.rowSpan, columnCount)
                }
                item.row = cursor.row
                item.column = cursor.column
                if taken.isDisjoint(with: cells(of: item)) { break }
                cursor.column += 1
            }
            taken.formUnion(cells(of: item))
            cursor.column += item.columnSpan
            rowCount = max(rowCount, item.row + item.rowSpan)
            items.append(item)
        }
        items.sort { $0.index < $1.index }
        return (items, absolute, columnCount, max(rowCount, 1))
    }

    private func tooMany(_ rows: Int, _ columns: Int) -> CardError {
        .layer(path: path, .invalid(field: "layout", reason: "a grid of \(rows) × \(columns) cells is more than "
                                    + "\(CardGrid.maximumCells); use fewer tracks, places or spans"))
    }

    // MARK: - What the children ask

    private func isTurned(_ layer: CardLayer) -> Bool {
        if case .text(let text) = layer { text.isTurned } else { false }
    }

    /// An item's least and most width (CSS's min- and max-content contributions): a fixed width both; hugging,
    /// its content's both (it does not wrap to fit); filling, from its longest unbreakable run to its content's
    /// (a rectangle or image, or a frame leaving its children at their places, 0: no content).
    private func widths(of item: Item) throws(CardError) -> (Double, Double) {
        let box = item.layer.box, childPath = path + [item.index]
        if isTurned(item.layer) {
            let turned = try engine.layOut(item.layer, path: childPath, width: nil, height: nil).frame.width
            return (turned, turned)
        }
        switch box.width {
        case .fixed(let value):
            let width = box.clamped(value, horizontal: true)
            return (width, width)
        case .hug:
            let width = try engine.layOut(item.layer, path: childPath, width: nil, height: nil).frame.width
            return (width, width)
        case .fill:
            if hasNoContent(item.layer) {
                let least = max(box.clamped(0, horizontal: true), padding(of: item.layer, horizontal: true))
                return (least, least)
            }
            // Its content's: its own filling children hug (CSS's max-content contribution).
            let most = try engine.layOut(item.layer, path: childPath, width: nil, height: nil).frame.width
            let least = try engine.minContentWidth(item.layer, path: childPath)
            return (min(least, most), most)
        }
    }

    /// The width an item is laid out at in an area `area` wide: fixed, the area's (filling), or `nil` (hugging).
    private func width(of item: Item, in area: Double) throws(CardError) -> Double? {
        guard !isTurned(item.layer) else { return nil }
        let box = item.layer.box
        switch box.width {
        case .fixed(let value): return box.clamped(value, horizontal: true)
        case .fill: return max(box.clamped(area, horizontal: true), padding(of: item.layer, horizontal: true))
        case .hug: return nil
        }
    }

    /// An item's height at its width: fixed, else its content's (nothing, for a layer without content).
    private func height(of item: Item) throws(CardError) -> Double {
        let box = item.layer.box
        if !isTurned(item.layer), let fixed = box.height.points { return box.clamped(fixed, horizontal: false) }
        if box.height == .fill, hasNoContent(item.layer) {
            return max(box.clamped(0, horizontal: false), padding(of: item.layer, horizontal: false))
        }
        return try engine.layOut(item.layer, path: path + [item.index], width: item.width, height: nil,
                                 knowsHeight: box.height == .fill ? true : nil).frame.height
    }

    /// A frame's padding across an axis, the least a filling frame that places its children is (a CSS
    /// `border-box`); 0 for other layers.
    private func padding(of layer: CardLayer, horizontal: Bool) -> Double {
        guard case .frame(let frame) = layer, frame.layout.arranges else { return 0 }
        return frame.layout.padding.sum(horizontal: horizontal)
    }

    /// Whether a layer has no content to size a track by: a rectangle, an image, a frame whose children keep
    /// their places.
    private func hasNoContent(_ layer: CardLayer) -> Bool {
        switch layer {
        case .rect, .image: true
        case .text: false
        case .frame(let frame): !frame.layout.arranges
        }
    }

    // MARK: - Track sizing

    /// The tracks' sizes (CSS Grid §12.3–12.7): fixed ones as given; content ones from their single-track items'
    /// least to most, items spanning several adding what they lack to them equally; then, within `available`,
    /// content tracks grow toward their most equally, and shares split what is left by weight. Hugging
    /// (`available` `nil`), content tracks take their most, and an fr is the largest an item's content needs.
    private static func sizes(_ tracks: [CardGrid.Track], gap: Double, available: Double?,
                              contributions: [Contribution]) -> [Double] {
        var base = [Double](repeating: 0, count: tracks.count)
        // A content track's most: `nil` until an item in it alone sets it (it may grow without bound, CSS's
        // infinite growth limit).
        var limit = [Double?](repeating: nil, count: tracks.count)
        var isContent = [Bool](repeating: false, count: tracks.count), weights = base
        for (i, track) in tracks.enumerated() {
            switch track {
            case .fixed(let value): (base[i], limit[i]) = (value, value)
            case .content: isContent[i] = true
            case .share(let weight): weights[i] = weight
            }
        }
        func crossesShare(_ c: Contribution) -> Bool { c.tracks.contains { weights[$0] > 0 } }
        // §12.5: items in one track, then by span, those crossing a share left to §12.7.
        for c in contributions where c.tracks.count == 1 && !crossesShare(c) {
            let i = c.tracks.lowerBound
            guard isContent[i] else { continue }
            base[i] = max(base[i], c.least)
            limit[i] = max(limit[i] ?? 0, c.most, base[i])
        }
        // Items spanning several tracks, fewest tracks first; those of one span count each work from the sizes
        // before any of them, and every track takes the largest increase one of them asks (§12.5.1).
        let spanning = Dictionary(grouping: contributions.filter { $0.tracks.count > 1 && !crossesShare($0) },
                                  by: \.tracks.count)
        for count in spanning.keys.sorted() {
            let group = spanning[count] ?? []
            let inner = gap * Double(count - 1)
            // What each lacks goes to its content tracks equally, each up to its most first.
            var planned = [Double](repeating: 0, count: tracks.count)
            for c in group {
                let open = c.tracks.filter { isContent[$0] }
                var grown = base
                Self.distribute(c.least - inner - c.tracks.map { base[$0] }.reduce(0, +), to: open, sizes: &grown,
                                caps: open.map { limit[$0] ?? .infinity })
                for i in open { planned[i] = max(planned[i], grown[i] - base[i]) }
            }
            for i in tracks.indices {
                base[i] += planned[i]
                limit[i] = limit[i].map { max($0, base[i]) }
            }
            // Their mosts: to the tracks still without one first (they grow freely), else to all.
            var plannedMost = [Double](repeating: 0, count: tracks.count)
            var mosts = base
            for i in tracks.indices { mosts[i] = limit[i] ?? base[i] }
            for c in group {
                let open = c.tracks.filter { isContent[$0] }
                let growable = open.filter { limit[$0] == nil }
                let receiving = growable.isEmpty ? open : growable
                var grown = mosts
                Self.distribute(c.most - inner - c.tracks.map { mosts[$0] }.reduce(0, +), to: receiving,
                                sizes: &grown, caps: receiving.map { _ in .infinity })
                for i in receiving { plannedMost[i] = max(plannedMost[i], grown[i] - mosts[i]) }
            }
            for i in tracks.indices where plannedMost[i] > 0 || limit[i] != nil {
                limit[i] = isContent[i] ? mosts[i] + plannedMost[i] : limit[i]
            }
        }
        let limits = tracks.indices.map { limit[$0] ?? base[$0] }
        let gaps = gap * Double(max(tracks.count - 1, 0))
        // §12.6: content tracks grow toward their most, equally, while there is room.
        if let available {
            var free = available - gaps - base.reduce(0, +)
            var growing = tracks.indices.filter { isContent[$0] && base[$0] < limits[$0] }
            while free > 1e-9, !growing.isEmpty {
                let share = free / Double(growing.count)
                for i in growing {
                    let grown = min(base[i] + share, limits[i])
                    free -= grown - base[i]
                    base[i] = grown
                }
                growing = growing.filter { base[$0] < limits[$0] }
            }
        } else {
            for i in tracks.indices where isContent[i] { base[i] = limits[i] }
        }
        // §12.7: the shares.
        let shared = tracks.indices.filter { weights[$0] > 0 }
        guard !shared.isEmpty else { return base }
        let totalWeight = shared.map { weights[$0] }.reduce(0, +)
        var fraction: Double
        if let available {
            fraction = max(available - gaps - base.reduce(0, +), 0) / max(totalWeight, 1)
        } else {
            // As large as the item needing most needs: its content over the weights of the shares it crosses,
            // after the other tracks and gaps it crosses.
            fraction = 0
            for c in contributions where crossesShare(c) {
                let others = c.tracks.filter { weights[$0] == 0 }.map { base[$0] }.reduce(0, +)
                let crossed = c.tracks.filter { weights[$0] > 0 }.map { weights[$0] }.reduce(0, +)
                let need = c.most - others - gap * Double(c.tracks.count - 1)
                fraction = max(fraction, need / max(crossed, 1))
            }
        }
        for i in shared { base[i] = fraction * weights[i] }
        return base
    }

    /// `extra` points (if more than none) shared equally by `tracks`, each up to its cap (`caps` in the order of
    /// `tracks`), then, once all are capped, equally past their caps (CSS Grid §12.5.1's distribution).
    private static func distribute(_ extra: Double, to tracks: [Int], sizes: inout [Double], caps: [Double]) {
        guard extra > 1e-9, !tracks.isEmpty else { return }
        var left = extra
        var open = Array(tracks.indices)
        while left > 1e-9, !open.isEmpty {
            let share = left / Double(open.count)
            for j in open {
                let grown = min(sizes[tracks[j]] + share, max(caps[j], sizes[tracks[j]]))
                left -= grown - sizes[tracks[j]]
                sizes[tracks[j]] = grown
            }
            open = open.filter { sizes[tracks[$0]] < caps[$0] }
        }
        if left > 1e-9 { for i in tracks { sizes[i] += left / Double(tracks.count) } }
    }

    /// The tracks and the gaps between them.
    private static func total(_ sizes: [Double], gap: Double) -> Double {
        sizes.reduce(0, +) + gap * Double(max(sizes.count - 1, 0))
    }

    /// Where each track starts, the first at `origin`.
    private static func starts(_ sizes: [Double], gap: Double, from origin: Double) -> [Double] {
        var starts: [Double] = [], position = origin
        for size in sizes {
            starts.append(position)
            position += size + gap
        }
        return starts
    }

    /// The size of `span` tracks from `item`, with the gaps between them.
    private static func extent(_ sizes: [Double], item: Int, span: Int, gap: Double) -> Double {
        sizes[item..<item + span].reduce(0, +) + gap * Double(span - 1)
    }

    /// How far into its area an item sits, with `free` points left there.
    private static func offset(_ alignment: CardFlow.Alignment, free: Double) -> Double {
        switch alignment {
        case .start, .baseline: 0
        case .center: free / 2
        case .end: free
        }
    }
}
