public import Foundation
public import MatterType
public import MatterTypeWire

/// A text shadow in JSON, and its codec: the value is its own JSON.
extension CardShadow: SelfCodedCardValue {
    private enum CodingKeys: String, CodingKey, CaseIterable { case x, y, blur, color, inset }

    /// Decodes `{"x": 2, "y": 4, "blur": 8, "color": "#00000080", "inset": true}`; `blur` defaults to 0, `inset` to
    /// false.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self, in: "a shadow")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let color = try c.decodeColorIfPresent(forKey: .color) else {
            throw DecodingError.keyNotFound(CodingKeys.color, .init(codingPath: c.codingPath, debugDescription: ""))
        }
        self.init(x: try c.decode(Double.self, forKey: .x), y: try c.decode(Double.self, forKey: .y),
                  blur: try c.decodeIfPresent(Double.self, forKey: .blur) ?? 0, color: color,
                  isInset: try c.decodeIfPresent(Bool.self, forKey: .inset) ?? false)
    }

    /// Encodes the keys it decodes.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(x, forKey: .x)
        try c.encode(y, forKey: .y)
        try c.encode(blur, forKey: .blur)
        try c.encode(color.description, forKey: .color)
        if isInset { try c.encode(true, forKey: .inset) }
    }

    /// The OpenAPI schema, as JSON.
    public static var schema: String {
        ##"{"type": "object", "required": ["x", "y", "color"], "additionalProperties": false, "properties": {"x": {"type": "number"}, "y": {"type": "number"}, "blur": {"type": "number", "minimum": 0}, "color": {"$ref": "#/components/schemas/Color"}, "inset": {"type": "boolean", "default": false}}}"##
    }

    /// What the request generator sends.
    public static var examples: FieldExamples {
        FieldExamples(accepted: [##"{"x": 2, "y": 4, "blur": 8, "color": "#00000066"}"##, ##"{"x": 0, "y": 0, "blur": 40, "color": "red"}"##,
                                 ##"{"x": -4, "y": -2, "color": "#000"}"##, ##"{"x": 0, "y": 2, "blur": 2, "color": "#00000080", "inset": true}"##, ##"{"x": 300, "y": 4, "blur": 12, "color": "#00000066"}"##],
                      refused: [##"{"x": 2, "y": 4}"##, ##"{"x": 2, "y": 4, "color": "#000", "inset": "yes"}"##, ##"{"x": 2, "y": 4, "blur": -1, "color": "#000"}"##])
    }
}
