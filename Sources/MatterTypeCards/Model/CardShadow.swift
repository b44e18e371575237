public import Foundation
public import MatterType
public import MatterTypeWire

/// A text shadow (CSS `text-shadow`): the glyphs' coverage moved, blurred and painted in a color.
public struct CardShadow: Sendable, Hashable, Codable {
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

    private enum CodingKeys: String, CodingKey, CaseIterable { case x, y, blur, color }

    /// Decodes `{"x": 2, "y": 4, "blur": 8, "color": "#00000080"}`; `blur` defaults to 0.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self, in: "a shadow")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let color = try c.decodeColorIfPresent(forKey: .color) else {
            throw DecodingError.keyNotFound(CodingKeys.color, .init(codingPath: c.codingPath, debugDescription: ""))
        }
        self.init(x: try c.decode(Double.self, forKey: .x), y: try c.decode(Double.self, forKey: .y),
                  blur: try c.decodeIfPresent(Double.self, forKey: .blur) ?? 0, color: color)
    }

    /// Encodes the keys it decodes.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(x, forKey: .x)
        try c.encode(y, forKey: .y)
        try c.encode(blur, forKey: .blur)
        try c.encode(color.description, forKey: .color)
    }
}
