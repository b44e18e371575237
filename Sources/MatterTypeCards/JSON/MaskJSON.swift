public import Foundation
public import MatterType
public import MatterTypeWire

/// A frame's mask in JSON: `{"d": "M0 0h40v40h-40z", "fillRule": "evenodd"}` (`fillRule` defaults to `nonzero`).
struct MaskJSON: Codable {
    var path: VectorPath

    init(_ path: VectorPath) { self.path = path }

    private enum Keys: String, CodingKey, CaseIterable { case d, fillRule }

    init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(Keys.self, in: "a mask")
        path = try VectorPath.decode(decoder.container(keyedBy: Keys.self), data: .d, fillRule: .fillRule)
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try path.encode(into: &c, data: .d, fillRule: .fillRule)
    }
}

extension MaskJSON: CardJSONForm {
    typealias Value = VectorPath
    var value: VectorPath { path }

    /// The OpenAPI schema, as JSON.
    static var schema: String {
        ##"{"type": "object", "required": ["d"], "additionalProperties": false, "properties": {"d": {"type": "string", "description": "SVG path data"}, "fillRule": {"type": "string", "enum": ["nonzero", "evenodd"]}}}"##
    }

    /// A circle, a square with a hole; data that is no path.
    static var examples: FieldExamples {
        FieldExamples(accepted: [##"{"d": "M20 2A18 18 0 1 1 19.9 2Z"}"##,
                                 ##"{"d": "M0 0h40v40h-40z m10 10v20h20v-20z", "fillRule": "evenodd"}"##],
                      refused: [##"{"d": "Q"}"##, ##"{"d": "M0 0L1 1", "fillRule": "odd"}"##])
    }
}
