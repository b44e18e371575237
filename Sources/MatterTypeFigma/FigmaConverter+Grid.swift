import Foundation
import MatterType
import MatterTypeCards

extension FigmaConverter {
    /// One track of a GRID frame's rows or columns (`gridRowsSizing`, `gridColumnsSizing`: CSS
    /// `grid-template-…`).
    enum GridTrack: Equatable {
        /// A length in points (`120px`).
        case fixed(Double)
        /// A share of what the fixed and content-sized tracks leave (`1fr`, `minmax(0, 1fr)`): `weight` fr.
        case share(Double)
        /// Its cells' content (`auto`, `min-content`, `max-content`, `fit-content(…)`).
        case content
    }

    /// The tracks a CSS `grid-template-rows`/`-columns` value lists, `repeat(n, …)` unrolled, `minmax(a, b)` read
    /// as `b`; at least `count` of them, the missing ones `1fr` (Figma writes the count and may leave the sizing
    /// out). At most 1,000 tracks.
    static func gridTracks(_ value: String?, count: Int?) -> [GridTrack] {
        var tokens: [String] = []
        var current = "", depth = 0
        for character in value ?? "" {
            switch character {
            case "(": depth += 1; current.append(character)
            case ")": depth -= 1; current.append(character)
            case " ", "\t", "\n":
                if depth > 0 {
                    current.append(character)
                } else if !current.isEmpty {
                    tokens.append(current)
                    current = ""
                }
            default: current.append(character)
            }
        }
        if !current.isEmpty { tokens.append(current) }
        var tracks: [GridTrack] = []
        func add(_ token: String) {
            guard tracks.count < 1_000 else { return }
            let lower = token.lowercased()
            if lower.hasPrefix("repeat("), lower.hasSuffix(")") {
                let inner = lower.dropFirst(7).dropLast()
                guard let comma = inner.firstIndex(of: ","),
                      let times = Int(inner[..<comma].trimmingCharacters(in: .whitespaces)) else { return }
                let repeated = gridTracks(String(inner[inner.index(after: comma)...]), count: nil)
                for _ in 0..<min(max(times, 0), 1_000) {
                    for track in repeated where tracks.count < 1_000 { tracks.append(track) }
                }
            } else if lower.hasPrefix("minmax("), lower.hasSuffix(")"), let comma = lower.lastIndex(of: ",") {
                add(String(lower[lower.index(after: comma)...].dropLast()).trimmingCharacters(in: .whitespaces))
            } else if lower.hasSuffix("fr"), let weight = Double(lower.dropLast(2)), weight.isFinite, weight > 0 {
                tracks.append(.share(weight))
            } else if lower.hasSuffix("px"), let length = Double(lower.dropLast(2)), length.isFinite, length >= 0 {
                tracks.append(.fixed(min(length, 1_000_000)))
            } else if let length = Double(lower), length.isFinite, length >= 0 {
                tracks.append(.fixed(min(length, 1_000_000)))
            } else {
                tracks.append(.content)
            }
        }
        tokens.forEach(add)
        while tracks.count < min(count ?? 0, 1_000) { tracks.append(.share(1)) }
        return tracks
    }

    /// A GRID frame's children in rows of cells: the frame flows its rows down (`gridRowGap` apart, its padding
    /// around them), each row its cells across (`gridColumnGap` apart), each cell the children anchored there,
    /// placed as `gridChildHorizontalAlign`/`VerticalAlign` say. A track of `fr` fills (its cells share what is
    /// left, equally: unequal weights are named in a warning), one in `px` is fixed, `auto` hugs its cells' content
    /// (a row its tallest cell's, as CSS; a column each row's own cell's, named in a warning). A child spanning
    /// tracks sits in its first cell (warned). Children without anchors take the first free cells, row by row, as
    /// CSS places them.
    /// A grid of more cells than this (`gridRowCount` × `gridColumnCount`, or anchors far out) keeps its children at
    /// their designed places, with a warning: each cell is a frame, and a kilobyte asking for 1,000 × 1,000 made a
    /// million of them (57 s, 5 GB). Real grids have tens.
    static let maximumGridCells = 4_096

    /// `nil` (with a warning) for a grid of more than ``maximumGridCells`` cells.
    mutating func grid(_ node: FigmaNode, path: [Int], turn: LinearTransform) -> (CardFlow, [CardLayer])? {
        let children = node.children.filter(\.visible)
        var columns = Self.gridTracks(node.gridColumnsSizing, count: node.gridColumnCount)
        if columns.isEmpty { columns = [.share(1)] }
        // Where each child goes: its anchors, else the next free cell.
        var taken = Set<[Int]>(), cells: [[Int]] = []
        var next = 0
        for child in children {
            if let row = child.gridRowAnchorIndex, let column = child.gridColumnAnchorIndex, row >= 0, column >= 0,
               row < 1_000, column < 1_000 {
                cells.append([row, column])
            } else {
                while taken.contains([next / columns.count, next % columns.count]) { next += 1 }
                cells.append([next / columns.count, next % columns.count])
            }
            taken.insert(cells[cells.count - 1])
        }
        var rows = Self.gridTracks(node.gridRowsSizing, count: node.gridRowCount)
        let columnCount = max(columns.count, (cells.map { $0[1] }.max() ?? -1) + 1)
        let rowCount = max(rows.count, (cells.map { $0[0] }.max() ?? -1) + 1)
        guard rowCount * columnCount <= Self.maximumGridCells else {
            warn(node, "a grid of \(rowCount) × \(columnCount) cells keeps its children at their places (at most "
                 + "\(Self.maximumGridCells) cells are laid out)")
            return nil
        }
        while columns.count < columnCount { columns.append(.share(1)) }
        while rows.count < rowCount { rows.append(.content) }
        var childrenByCell: [[Int]: [Int]] = [:]
        for (index, child) in children.enumerated() {
            childrenByCell[cells[index], default: []].append(index)
            if child.gridRowSpan > 1 || child.gridColumnSpan > 1 {
                warn(child, "a grid child spanning several tracks is placed in its first cell, sized to it")
            }
        }
        for tracks in [columns, rows] {
            let weights = Set(tracks.compactMap { if case .share(let weight) = $0 { weight } else { nil } })
            if weights.count > 1 { warn(node, "grid tracks of different fr are drawn as equal shares") }
        }
        // A row is as tall as its tallest cell, as CSS's auto row; an auto column is each row's own.
        if columns.contains(.content) { warn(node, "an auto grid column sizes each row's cell to its own content") }
        func size(_ track: GridTrack) -> CardSize {
            switch track {
            case .fixed(let length): .fixed(length)
            case .share: .fill
            case .content: .hug
            }
        }
        func alignment(_ value: String?) -> CardFlow.Alignment {
            switch value {
            case "CENTER": .center
            case "MAX": .end
            default: .start
            }
        }
        var layers: [CardLayer] = []
        for (rowIndex, row) in rows.prefix(rowCount).enumerated() {
            var rowFrame = CardFrameLayer(box: CardBox(width: .fill, height: size(row)),
                                          layout: CardFlow(direction: .horizontal, gap: .fixed(node.gridColumnGap)),
                                          layers: [])
            for (columnIndex, column) in columns.prefix(columnCount).enumerated() {
                var cell = CardFrameLayer(box: CardBox(width: size(column), height: .fill),
                                          layout: CardFlow(direction: .horizontal), layers: [])
                let cellPath = path + [rowIndex, columnIndex]
                for index in childrenByCell[[rowIndex, columnIndex]] ?? [] {
                    let child = children[index]
                    cell.layout.align = alignment(child.gridChildHorizontalAlign)
                    cell.layout.crossAlign = alignment(child.gridChildVerticalAlign)
                    cell.layers.append(self.child(child, of: node, path: cellPath + [cell.layers.count], turn: turn,
                                                  inFlow: true))
                }
                rowFrame.layers.append(.frame(cell))
            }
            layers.append(.frame(rowFrame))
        }
        let padding = CardInsets(top: node.paddingTop, right: node.paddingRight, bottom: node.paddingBottom,
                                 left: node.paddingLeft)
        return (CardFlow(direction: .vertical, gap: .fixed(node.gridRowGap), padding: padding), layers)
    }
}
