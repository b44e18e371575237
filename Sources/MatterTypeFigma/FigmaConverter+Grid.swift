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

    /// A GRID frame as a card grid: its tracks (`gridRowsSizing`/`gridColumnsSizing`, else `gridRowCount` ×
    /// `gridColumnCount` shares; counted rows of a hugging grid hug), its gaps and padding; each child in the cell its anchors name (else the first free
    /// one, as CSS places it), spanning `gridRowSpan` × `gridColumnSpan`, placed as `gridChildHorizontalAlign`/
    /// `VerticalAlign` say. Columns a child is anchored past are more shares, as Figma adds them; rows past the
    /// given ones hug their cells. A grid of more than ``CardGrid/maximumCells`` cells keeps its children at their
    /// designed places, with a warning (a kilobyte could ask for 1,000 × 1,000).
    mutating func grid(_ node: FigmaNode, path: [Int], turn: LinearTransform) -> (CardFlow, [CardLayer])? {
        let children = node.children.filter(\.visible)
        var columns = Self.gridTracks(node.gridColumnsSizing, count: node.gridColumnCount)
        // Rows only counted are shares of a fixed height; in a hugging one they hug their cells (as before
        // shares there: checked against Chromium's auto rows in FigmaDesignerFilesTests).
        var rows = Self.gridTracks(node.gridRowsSizing, count: nil)
        while rows.count < min(node.gridRowCount ?? 0, 1_000) {
            rows.append(node.layoutSizingVertical == "HUG" ? .content : .share(1))
        }
        if columns.isEmpty { columns = [.share(1)] }
        func anchored(_ child: FigmaNode) -> (row: Int, column: Int)? {
            guard let row = child.gridRowAnchorIndex, let column = child.gridColumnAnchorIndex, row >= 0, column >= 0,
                  row < CardGridCell.maximumIndex, column < CardGridCell.maximumIndex else { return nil }
            return (row, column)
        }
        func spans(_ child: FigmaNode) -> (rows: Int, columns: Int) {
            (min(max(child.gridRowSpan, 1), CardGridCell.maximumIndex),
             min(max(child.gridColumnSpan, 1), CardGridCell.maximumIndex))
        }
        let flowing = children.filter { $0.layoutPositioning != "ABSOLUTE" }
        let columnCount = max(columns.count, flowing.map { child in
            (anchored(child)?.column ?? 0) + spans(child).columns }.max() ?? 0)
        let rowCount = max(rows.count, flowing.map { child in (anchored(child)?.row ?? 0) + spans(child).rows }.max() ?? 0)
        guard rowCount * columnCount <= CardGrid.maximumCells else {
            warn(node, "a grid of \(rowCount) × \(columnCount) cells keeps its children at their places (at most "
                 + "\(CardGrid.maximumCells) cells are laid out)")
            return nil
        }
        while columns.count < columnCount { columns.append(.share(1)) }
        func alignment(_ value: String?) -> CardFlow.Alignment {
            switch value {
            case "CENTER": .center
            case "MAX": .end
            default: .start
            }
        }
        func track(_ track: GridTrack) -> CardGrid.Track {
            switch track {
            case .fixed(let length): .fixed(length)
            case .share(let weight): .share(min(max(weight, 0.001), 1_000_000))
            case .content: .content
            }
        }
        var layers: [CardLayer] = []
        for child in children {
            var layer = self.child(child, of: node, path: path + [layers.count], turn: turn,
                                   inFlow: child.layoutPositioning != "ABSOLUTE")
            let place = anchored(child), span = spans(child)
            layer.box.cell = CardGridCell(row: place?.row, column: place?.column, rowSpan: span.rows,
                                          columnSpan: span.columns,
                                          horizontal: alignment(child.gridChildHorizontalAlign),
                                          vertical: alignment(child.gridChildVerticalAlign))
            if layer.box.isAbsolute { layer.box.cell = nil }
            layers.append(layer)
        }
        let padding = CardInsets(top: node.paddingTop, right: node.paddingRight, bottom: node.paddingBottom,
                                 left: node.paddingLeft)
        let grid = CardGrid(columns: columns.map(track), rows: rows.map(track),
                            columnGap: min(max(node.gridColumnGap, 0), 1_000_000),
                            rowGap: min(max(node.gridRowGap, 0), 1_000_000))
        return (CardFlow(padding: padding, reversesZOrder: node.itemReverseZIndex, grid: grid), layers)
    }
}
