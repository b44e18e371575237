public import Foundation
public import MatterType
public import MatterTypeWire

/// A text stroke in JSON, and its codec: the value is its own JSON.
extension CardStroke: SelfCodedCardValue {
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

    /// The OpenAPI schema, as JSON.
    public static var schema: String {
        ##"{"type": "object", "required": ["width", "color"], "additionalProperties": false, "properties": {"width": {"type": "number", "minimum": 0}, "color": {"$ref": "#/components/schemas/Color"}, "position": {"type": "string", "enum": ["outside", "center"]}}}"##
    }

    /// What the request generator sends.
    public static var examples: FieldExamples {
        FieldExamples(accepted: [##"{"width": 0.5, "color": "#000"}"##, ##"{"width": 3, "color": "#000", "position": "center"}"##,
                                 ##"{"width": 8, "color": "white", "position": "outside"}"##, ##"{"width": 0, "color": "#000"}"##],
                      refused: [##"{"width": 1}"##, ##"{"width": 1, "color": "#000", "position": "inside"}"##])
    }
}
