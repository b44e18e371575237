public import MatterType
import MatterTypeWire

/// A frame's drop shadow (CSS `box-shadow`, Figma's drop shadow): its box moved, grown by `spread`, blurred and
/// painted in a color, outside the box only.
public struct CardBoxShadow: Sendable, Hashable, Codable {
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

    private enum CodingKeys: String, CodingKey, CaseIterable { case x, y, blur, spread, color, inset }

    /// Decodes `{"x": 0, "y": 8, "blur": 24, "spread": -4, "color": "#00000040", "inset": true}`; `blur` and
    /// `spread` default to 0, `inset` to false.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self, in: "a box shadow")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let color = try c.decodeColorIfPresent(forKey: .color) else {
            throw DecodingError.keyNotFound(CodingKeys.color, .init(codingPath: c.codingPath, debugDescription: ""))
        }
        self.init(x: try c.decode(Double.self, forKey: .x), y: try c.decode(Double.self, forKey: .y),
                  blur: try c.decodeIfPresent(Double.self, forKey: .blur) ?? 0,
                  spread: try c.decodeIfPresent(Double.self, forKey: .spread) ?? 0, color: color,
                  isInset: try c.decodeIfPresent(Bool.self, forKey: .inset) ?? false)
    }

    /// Encodes the keys it decodes.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(x, forKey: .x)
        try c.encode(y, forKey: .y)
        try c.encode(blur, forKey: .blur)
        try c.encode(spread, forKey: .spread)
        try c.encode(color.description, forKey: .color)
        if isInset { try c.encode(true, forKey: .inset) }
    }
}
