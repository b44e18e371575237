public import Foundation
public import MatterType
public import MatterTypeWire

/// A box shadow in JSON, and its codec: the value is its own JSON.
extension CardBoxShadow: SelfCodedCardValue {
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

    /// The OpenAPI schema, as JSON.
    public static var schema: String {
        ##"{"type": "object", "required": ["x", "y", "color"], "additionalProperties": false, "properties": {"x": {"type": "number"}, "y": {"type": "number"}, "blur": {"type": "number", "minimum": 0}, "spread": {"type": "number"}, "color": {"$ref": "#/components/schemas/Color"}, "inset": {"type": "boolean"}}}"##
    }

    /// What the request generator sends.
    public static var examples: FieldExamples {
        FieldExamples(accepted: [##"{"x": 0, "y": 8, "blur": 24, "spread": -4, "color": "#00000040"}"##,
                                 ##"{"x": 4, "y": 0, "blur": 12, "color": "red", "inset": true}"##,
                                 ##"{"x": -300, "y": 8, "blur": 0, "spread": 100000, "color": "#00000066"}"##],
                      refused: [##"{"x": 0, "y": 8, "blur": -1, "color": "#000"}"##, ##"{"x": 0, "y": 8, "blur": 1e9, "color": "#000"}"##])
    }
}
