public import Foundation
public import MatterType
public import MatterTypeWire

/// An outline around a text's glyphs: `outside` (Figma's outside stroke: the ink grown by the width, under the
/// fill) or `center` (`-webkit-text-stroke`: half inside, half outside, over the fill).
public struct CardStroke: Sendable, Hashable, Codable {
    /// Where the outline lies against the glyphs' edge.
    public enum Position: String, CaseIterable, Sendable, Hashable, Codable {
        case outside, center
    }

    /// The width in points.
    public var width: Double
    /// Its color.
    public var color: Color
    /// Outside (the default) or centered on the edge.
    public var position: Position

    /// A stroke `width` points wide in `color`.
    public init(width: Double, color: Color, position: Position = .outside) {
        self.width = width
        self.color = color
        self.position = position
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case width, color, position }

    /// Decodes `{"width": 2, "color": "#000", "position": "outside"}`.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self, in: "a stroke")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let color = try c.decodeColorIfPresent(forKey: .color) else {
            throw DecodingError.keyNotFound(CodingKeys.color, .init(codingPath: c.codingPath, debugDescription: ""))
        }
        self.init(width: try c.decode(Double.self, forKey: .width), color: color,
                  position: try c.decodeIfPresent(Position.self, forKey: .position) ?? .outside)
    }

    /// Encodes the keys it decodes.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(width, forKey: .width)
        try c.encode(color.description, forKey: .color)
        try c.encode(position, forKey: .position)
    }
}
