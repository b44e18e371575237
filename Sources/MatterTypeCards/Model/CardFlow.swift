public import MatterType
import MatterTypeWire

/// How a ``CardFrameLayer`` lays out its children: Figma's Auto Layout, which for what it shares with CSS is
/// flexbox (`Docs/Cards.md` lists the correspondence).
public struct CardFlow: Sendable, Hashable {
    /// The direction children follow one another.
    public enum Direction: String, CaseIterable, Sendable, Hashable {
        /// In a row, left to right.
        case horizontal
        /// In a column, top to bottom.
        case vertical
    }

    /// Where children sit along an axis.
    public enum Alignment: String, CaseIterable, Sendable, Hashable {
        /// At the start (left or top).
        case start
        /// Centered.
        case center
        /// At the end (right or bottom).
        case end
        /// Across a row: with their first baselines on one line (CSS `align-items: baseline`); in a column, at the
        /// start, as CSS.
        case baseline
    }

    /// The space between children along the direction.
    public enum Gap: Sendable, Hashable {
        /// A number of points.
        case fixed(Double)
        /// What is left, shared between the children (Figma's "auto", CSS `space-between`); one child, or children
        /// that overflow, sit at the start.
        case auto

        /// The number of points of a fixed gap; `nil` for ``auto``.
        public var points: Double? { if case .fixed(let value) = self { value } else { nil } }
    }

    /// The direction; `nil` leaves the children at their x and y (or, with a ``grid``, in its cells).
    public var direction: Direction?
    /// Cells the children are placed in instead of a flow (Figma's GRID auto layout); then ``direction`` is `nil`
    /// and the gaps, alignments and wrapping are the grid's and its children's ``CardBox/cell``s'.
    public var grid: CardGrid?
    /// The space between children along the direction.
    public var gap: Gap
    /// Space inside the frame's edge, in points: top, right, bottom, left.
    public var padding: CardInsets
    /// Where the children sit along the direction (`start`, `center` or `end`; ignored with ``Gap/auto``).
    public var align: Alignment
    /// Where each child sits across the direction, in its line.
    public var crossAlign: Alignment
    /// Whether children that do not fit go on to another line.
    public var wraps: Bool
    /// The space between wrapped lines: a number of points, or ``Gap/auto``: what the frame's size across leaves,
    /// shared between the lines (Figma's `counterAxisAlignContent` SPACE_BETWEEN, CSS `align-content:
    /// space-between`; one line, lines that overflow, or a frame hugging that axis keep them together).
    public var crossGap: Gap
    /// Whether the first child is drawn on top (Figma's "first on top"); the flow's order is unchanged.
    public var reversesZOrder: Bool

    /// Whether it places its children (in a flow or a grid) rather than leaving them at their x and y.
    var arranges: Bool { direction != nil || grid != nil }

    /// A flow in `direction` (none: children keep their x and y), or a `grid`.
    public init(direction: Direction? = nil, gap: Gap = .fixed(0), padding: CardInsets = CardInsets(),
                align: Alignment = .start, crossAlign: Alignment = .start, wraps: Bool = false, crossGap: Gap = .fixed(0),
                reversesZOrder: Bool = false, grid: CardGrid? = nil) {
        self.direction = direction
        self.grid = grid
        self.gap = gap
        self.padding = padding
        self.align = align
        self.crossAlign = crossAlign
        self.wraps = wraps
        self.crossGap = crossGap
        self.reversesZOrder = reversesZOrder
    }
}

/// Distances inside a box's edges, in points.
public struct CardInsets: Sendable, Hashable {
    /// From the top edge.
    public var top: Double
    /// From the right edge.
    public var right: Double
    /// From the bottom edge.
    public var bottom: Double
    /// From the left edge.
    public var left: Double

    /// `top`, `right`, `bottom` and `left` (CSS's order).
    public init(top: Double = 0, right: Double = 0, bottom: Double = 0, left: Double = 0) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }

    /// The same distance on every side.
    public init(all value: Double) { self.init(top: value, right: value, bottom: value, left: value) }

    /// The sum across an axis: left and right, or top and bottom.
    func sum(horizontal: Bool) -> Double { horizontal ? left + right : top + bottom }
}
