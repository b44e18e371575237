/// A frame's grid (Figma's GRID auto layout, CSS Grid Layout for what they share): columns and rows of tracks,
/// each fixed, a share of what is left, or its cells' content, with gaps between them; each child in a cell, or
/// spanning several. In JSON, inside a frame's `layout`: `{"grid": {"columns": [120, "1fr", "2fr", "auto"],
/// "rows": ["auto", "1fr"], "columnGap": 8, "rowGap": 8}, "padding": 16}`; a child says where it goes with its
/// ``CardBox/cell``.
public struct CardGrid: Sendable, Hashable {
    /// How one column or row is sized.
    public enum Track: Sendable, Hashable {
        /// A number of points (`120`).
        case fixed(Double)
        /// A share of what the other tracks and the gaps leave, by weight (`"2fr"`; CSS `minmax(0, 2fr)`). In a
        /// frame hugging that axis, the shares are as large as the content of their cells needs, in proportion.
        case share(Double)
        /// Its cells' content (`"auto"`): as much as they need when there is room, down to their least
        /// (a text's longest word) when there is not.
        case content
    }

    /// The columns, left to right. A child placed past them adds ``Track/content`` columns.
    public var columns: [Track]
    /// The rows, top to bottom. Rows a child or the placement needs past them are ``Track/content`` ones.
    public var rows: [Track]
    /// The space between columns, in points.
    public var columnGap: Double
    /// The space between rows, in points.
    public var rowGap: Double

    /// A grid of `columns` and `rows`, `columnGap` and `rowGap` points apart.
    public init(columns: [Track], rows: [Track] = [], columnGap: Double = 0, rowGap: Double = 0) {
        self.columns = columns
        self.rows = rows
        self.columnGap = columnGap
        self.rowGap = rowGap
    }

    /// At most this many cells (rows × columns, those children's places and spans add included): each is sized
    /// and placed, and a few bytes could otherwise ask for a million. Real grids have tens.
    public static let maximumCells = 4_096
}

/// Where a child of a grid frame goes: its cell (counting from 0, as Figma's anchors), how many tracks it spans,
/// and where it sits in that area when it is smaller. In JSON `{"row": 0, "column": 1, "rowSpan": 2,
/// "columnSpan": 1, "horizontal": "center", "vertical": "end"}`, each key optional; without a row and column the
/// child takes the first free area in reading order, as CSS places it.
public struct CardGridCell: Sendable, Hashable {
    /// Its first row, from 0; `nil` (with ``column``) to be placed in the first free cells.
    public var row: Int?
    /// Its first column, from 0; `nil` (with ``row``) to be placed in the first free cells.
    public var column: Int?
    /// How many rows it spans, at least 1.
    public var rowSpan: Int
    /// How many columns it spans, at least 1.
    public var columnSpan: Int
    /// Where it sits across its area when narrower (`start`, `center` or `end`; a filling width takes it all).
    public var horizontal: CardFlow.Alignment
    /// Where it sits down its area when shorter (`start`, `center` or `end`; a filling height takes it all).
    public var vertical: CardFlow.Alignment

    /// A child at `row` and `column` (both `nil`: the first free cells) spanning `rowSpan` × `columnSpan` tracks.
    public init(row: Int? = nil, column: Int? = nil, rowSpan: Int = 1, columnSpan: Int = 1,
                horizontal: CardFlow.Alignment = .start, vertical: CardFlow.Alignment = .start) {
        self.row = row
        self.column = column
        self.rowSpan = rowSpan
        self.columnSpan = columnSpan
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// The most a place or span may be: a grid has at most ``CardGrid/maximumCells`` cells.
    public static let maximumIndex = CardGrid.maximumCells
}
