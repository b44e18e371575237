public import Foundation
public import MatterType
public import MatterTypeWire

/// Corner radii in JSON: one number for every corner, or four, `[topLeft, topRight, bottomRight, bottomLeft]`;
/// written back as one number when all are equal.
enum CornerRadiiJSON: CardValueCodec {
    static func decode(from decoder: any Decoder) throws -> CornerRadii {
        let c = try decoder.singleValueContainer()
        if let radius = try? c.decode(Double.self) { return CornerRadii(radius) }
        guard let radii = try? c.decode([Double].self), radii.count == 4 else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription:
                "give one radius, or four: [topLeft, topRight, bottomRight, bottomLeft]")
        }
        return CornerRadii(topLeft: radii[0], topRight: radii[1], bottomRight: radii[2], bottomLeft: radii[3])
    }

    static func encode(_ corners: CornerRadii, to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        if corners.isUniform { try c.encode(corners.topLeft) } else { try c.encode(corners.all) }
    }

    static var schema: String {
        ##"{"oneOf": [{"type": "number", "minimum": 0}, {"type": "array", "minItems": 4, "maxItems": 4, "items": {"type": "number", "minimum": 0}}]}"##
    }

    /// Square, round, Figma's "full" pill (a huge radius), per corner; a radius past any canvas, two numbers.
    static var examples: FieldExamples {
        FieldExamples(accepted: ["0", "4", "12", "24", "1000000", "[0, 8, 24, 1000000]"],
                      refused: ["1e9", "[1, 2]"])
    }
}
