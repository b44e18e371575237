public import Foundation
public import MatterType
public import MatterTypeWire

extension Card: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case width, height, scale, background, layers
    }

    /// Decodes `{"width", "height", "scale"?, "background"?, "layers"}`; unknown keys are errors.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self, in: "a card")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(width: try c.decode(Double.self, forKey: .width), height: try c.decode(Double.self, forKey: .height),
                  scale: try c.decodeIfPresent(Double.self, forKey: .scale) ?? 1,
                  background: try c.decodeIfPresent(BackgroundJSON.self, forKey: .background)?.background,
                  layers: try c.decode([CardLayer].self, forKey: .layers))
    }

    /// Encodes the keys it decodes.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(width, forKey: .width)
        try c.encode(height, forKey: .height)
        try c.encode(scale, forKey: .scale)
        try c.encodeIfPresent(background.map(BackgroundJSON.init), forKey: .background)
        try c.encode(layers, forKey: .layers)
    }
}
