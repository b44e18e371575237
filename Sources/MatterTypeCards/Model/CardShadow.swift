public import Foundation
public import MatterType
public import MatterTypeWire

/// A text shadow (CSS `text-shadow`): the glyphs' coverage moved, blurred and painted in a color; or, inset, an
/// inner shadow drawn inside the glyphs (Figma's inner shadow of a text).
public struct CardShadow: Sendable, Hashable {
    /// How far it is moved right, in points.
    public var x: Double
    /// How far it is moved down, in points.
    public var y: Double
    /// The blur radius in points (twice the Gaussian's standard deviation, as CSS).
    public var blur: Double
    /// Its color.
    public var color: Color
    /// Whether it is drawn inside the glyphs, over them: where the space outside them, moved and blurred, reaches in.
    public var isInset: Bool

    /// A shadow moved (`x`, `y`), blurred by `blur` points, in `color`; inside the glyphs when `isInset`.
    public init(x: Double, y: Double, blur: Double = 0, color: Color, isInset: Bool = false) {
        self.x = x
        self.y = y
        self.blur = blur
        self.color = color
        self.isInset = isInset
    }
}
