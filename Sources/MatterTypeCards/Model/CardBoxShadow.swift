public import MatterType
import MatterTypeWire

/// A frame's drop shadow (CSS `box-shadow`, Figma's drop shadow): its box moved, grown by `spread`, blurred and
/// painted in a color, outside the box only.
public struct CardBoxShadow: Sendable, Hashable {
    /// How far it is moved right, in points.
    public var x: Double
    /// How far it is moved down, in points.
    public var y: Double
    /// The blur radius in points (twice the Gaussian's standard deviation, as CSS).
    public var blur: Double
    /// How much the box grows (or, negative, shrinks) before it is blurred, in points.
    public var spread: Double
    /// Its color.
    public var color: Color
    /// Whether it falls inside the box instead (CSS `inset`, Figma's inner shadow): everything outside the box
    /// moved and shrunk by `spread`, blurred, shown inside the box only, over its fill.
    public var isInset: Bool

    /// A shadow moved (`x`, `y`), grown by `spread`, blurred by `blur` points, in `color`; inside the box when
    /// `isInset`.
    public init(x: Double, y: Double, blur: Double = 0, spread: Double = 0, color: Color, isInset: Bool = false) {
        self.x = x
        self.y = y
        self.blur = blur
        self.spread = spread
        self.color = color
        self.isInset = isInset
    }
}
