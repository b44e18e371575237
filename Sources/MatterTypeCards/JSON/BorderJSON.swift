public import Foundation
public import MatterType
public import MatterTypeWire

/// A ``CardBorder`` in JSON: `{"width": 2, "color": "#0B1F3A"}`, the width one number or four,
/// `[top, right, bottom, left]`, the color any paint (``PaintJSON``).
struct BorderJSON: CardJSONForm {
    typealias Value = CardBorder
    var value: CardBorder

    init(_ value: CardBorder) { self.value = value }

    private enum Keys: String, CodingKey, CaseIterable { case width, color }

    init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(Keys.self, in: "a border")
        let b = try decoder.container(keyedBy: Keys.self)
        let widths: EdgeWidths
        if let sides = try? b.decode([Double].self, forKey: .width) {
            guard sides.count == 4 else {
                throw DecodingError.dataCorruptedError(forKey: .width, in: b, debugDescription:
                    "give one width, or four: [top, right, bottom, left]")
            }
            widths = EdgeWidths(top: sides[0], right: sides[1], bottom: sides[2], left: sides[3])
        } else {
            widths = EdgeWidths(try b.decode(Double.self, forKey: .width))
        }
        value = CardBorder(width: widths, paint: try b.decode(PaintJSON.self, forKey: .color).paint)
    }

    func encode(to encoder: any Encoder) throws {
        var b = encoder.container(keyedBy: Keys.self)
        let widths = value.width
        if Set(widths.all).count == 1 { try b.encode(widths.top, forKey: .width) } else { try b.encode(widths.all, forKey: .width) }
        try b.encode(PaintJSON(value.paint), forKey: .color)
    }

    static var schema: String {
        ##"{"type": "object", "required": ["width", "color"], "additionalProperties": false, "properties": {"width": {"oneOf": [{"type": "number", "minimum": 0}, {"type": "array", "minItems": 4, "maxItems": 4, "items": {"type": "number", "minimum": 0}}]}, "color": {"$ref": "#/components/schemas/Paint"}}}"##
    }

    /// Hairlines to walls, one side only, a gradient; two widths, no color, a width past any canvas.
    static var examples: FieldExamples {
        FieldExamples(accepted: [##"{"width": 0, "color": "#000"}"##, ##"{"width": 1, "color": "#0B1F3A"}"##,
                                 ##"{"width": 4, "color": {"linear": {"angle": 90, "stops": ["#FFD166", "#EF476F"]}}}"##,
                                 ##"{"width": 50, "color": "#FFFFFF80"}"##, ##"{"width": [0, 2, 4, 100000], "color": "red"}"##],
                      refused: [##"{"width": [1, 2], "color": "#000"}"##,
                                ##"{"width": 2}"##,
                                ##"{"width": 1e9, "color": "#000"}"##])
    }
}
