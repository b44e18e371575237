public import Foundation
public import MatterType
public import MatterTypeWire

/// A text shadow (CSS `text-shadow`): the glyphs' coverage moved, blurred and painted in a color.
public struct CardShadow: Sendable, Hashable {
    /// How far it is moved right, in points.
    public var x: Double
    /// How far it is moved down, in points.
    public var y: Double
    /// The blur radius in points (twice the Gaussian's standard deviation, as CSS).
    public var blur: Double
    /// Its color.
    public var color: Color

    /// A shadow moved (`x`, `y`), blurred by `blur` points, in `color`.
    public init(x: Double, y: Double, blur: Double = 0, color: Color) {
        self.x = x
        self.y = y
        self.blur = blur
        self.color = color
    }
}
