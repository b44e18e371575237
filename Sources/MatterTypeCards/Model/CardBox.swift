public import MatterType
import MatterTypeWire

/// How a layer's width or height is set: a number of points, its content's size, or a share of its frame's space.
public enum CardSize: Sendable, Hashable {
    /// A number of points.
    case fixed(Double)
    /// Its content's size (Figma's "hug contents"): a text's lines (one a paragraph, unless a width is given), a
    /// frame's children. Rectangles and images have no content to hug.
    case hug
    /// The space its frame gives it (Figma's "fill container"): along the frame's direction, an equal share of
    /// what the fixed and hugging children leave (CSS `flex: 1 1 0` with no minimum); across it, the frame's whole
    /// inner size (`align-self: stretch`). Only in a frame with a direction whose size on that axis is known
    /// (fixed, or itself filling); in a hugging frame it hugs, as in Figma.
    case fill
}

/// Where a layer sits: its place and size in the frame holding it (the card, for a top-level layer).
public struct CardBox: Sendable, Hashable {
    /// The left edge in points from its frame's left edge; ignored when the frame flows it.
    public var x: Double
    /// The top edge in points from its frame's top edge; ignored when the frame flows it.
    public var y: Double
    /// The width: fixed, hugging or filling.
    public var width: CardSize
    /// The height: fixed, hugging or filling.
    public var height: CardSize
    /// The least width in points, whatever ``width`` gives.
    public var minWidth: Double?
    /// The most width in points, whatever ``width`` gives (a hugging text wraps at it).
    public var maxWidth: Double?
    /// The least height in points.
    public var minHeight: Double?
    /// The most height in points (for a text layer, also the most height `fit` fills).
    public var maxHeight: Double?
    /// Whether a frame with a direction leaves it out of its flow and places it at (``x``, ``y``) (Figma's
    /// "absolute position").
    public var isAbsolute: Bool
    /// How it follows its frame when the frame is laid out at another size than its design size (placed at its x
    /// and y: in a frame without a direction, or out of the flow); Figma's constraints.
    public var constraints: CardConstraints
    /// Where it goes in a frame with a ``CardFlow/grid`` (its cell, spans and alignment there); `nil` for the first
    /// free cell. Other frames ignore it, as CSS ignores `grid-row` outside a grid.
    public var cell: CardGridCell?

    /// A box at (`x`, `y`) sized `width` × `height`.
    public init(x: Double = 0, y: Double = 0, width: CardSize, height: CardSize, minWidth: Double? = nil,
                maxWidth: Double? = nil, minHeight: Double? = nil, maxHeight: Double? = nil, isAbsolute: Bool = false,
                constraints: CardConstraints = CardConstraints(), cell: CardGridCell? = nil) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.minWidth = minWidth
        self.maxWidth = maxWidth
        self.minHeight = minHeight
        self.maxHeight = maxHeight
        self.isAbsolute = isAbsolute
        self.constraints = constraints
        self.cell = cell
    }

    /// `value` within the box's minimum and maximum on an axis (the maximum first, then the minimum wins, as CSS).
    func clamped(_ value: Double, horizontal: Bool) -> Double {
        let (least, most) = horizontal ? (minWidth, maxWidth) : (minHeight, maxHeight)
        return max(min(value, most ?? .infinity), least ?? 0)
    }

    /// The size on an axis.
    func size(horizontal: Bool) -> CardSize { horizontal ? width : height }
}
