public import Foundation
public import MatterType
public import MatterTypeWire

/// A rectangle of a ``Card``: filled, bordered, with rounded corners, at an opacity.
public struct CardRectLayer: Sendable, Hashable {
    /// Its place and size (fixed or filling: a rectangle has no content to hug).
    public var box: CardBox
    /// What fills it; `nil` for none (a border alone).
    public var fill: Paint?
    /// The corners' radius in points.
    public var cornerRadius: CornerRadii
    /// A border drawn inside its edge.
    public var border: CardBorder?
    /// 0 (invisible) to 1.
    public var opacity: Double

    /// A rectangle at (`x`, `y`), `width` × `height` points.
    public init(x: Double, y: Double, width: Double, height: Double, fill: Paint? = nil, cornerRadius: CornerRadii = 0,
                border: CardBorder? = nil, opacity: Double = 1) {
        self.init(box: CardBox(x: x, y: y, width: .fixed(width), height: .fixed(height)), fill: fill,
                  cornerRadius: cornerRadius, border: border, opacity: opacity)
    }

    /// A rectangle in `box`.
    public init(box: CardBox, fill: Paint? = nil, cornerRadius: CornerRadii = 0, border: CardBorder? = nil,
                opacity: Double = 1) {
        self.box = box
        self.fill = fill
        self.cornerRadius = cornerRadius
        self.border = border
        self.opacity = opacity
    }
}

/// A border: a width in points and what it is painted with.
public struct CardBorder: Sendable, Hashable {
    /// The width of each edge in points, inside it.
    public var width: EdgeWidths
    /// What it is painted with.
    public var paint: Paint

    /// A border `width` points wide in `paint`.
    public init(width: EdgeWidths, paint: Paint) {
        self.width = width
        self.paint = paint
    }
}
