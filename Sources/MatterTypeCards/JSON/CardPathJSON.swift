public import Foundation
public import MatterType
public import MatterTypeWire

/// A ``CardPath`` in JSON: `{"d": "M0 0L24 12L0 24Z", "fillRule": "evenodd", "fill": "#0B1F3A"}`.
struct CardPathJSON: Codable {
    var path: CardPath

    init(_ path: CardPath) { self.path = path }

    private enum Keys: String, CodingKey, CaseIterable { case d, fillRule, fill }

    init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(Keys.self, in: "a path")
        let c = try decoder.container(keyedBy: Keys.self)
        let paint = try c.decode(PaintJSON.self, forKey: .fill).paint
        path = CardPath(path: try VectorPath.decode(c, data: .d, fillRule: .fillRule), paint: paint)
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try path.path.encode(into: &c, data: .d, fillRule: .fillRule)
        try c.encode(PaintJSON(path.paint), forKey: .fill)
    }
}

extension VectorPath {
    /// A path object's SVG path data (under `data`) and fill rule (under `fillRule`, `nonzero` when absent).
    static func decode<Key: CodingKey>(_ c: KeyedDecodingContainer<Key>, data: Key, fillRule: Key) throws -> VectorPath {
        let rule = try c.decodeIfPresent(String.self, forKey: fillRule) ?? "nonzero"
        guard let parsedRule = FillRule(rawValue: rule) else {
            throw DecodingError.dataCorruptedError(forKey: fillRule, in: c, debugDescription:
                "\"\(rule)\" is not a fill rule; use nonzero or evenodd")
        }
        let text = try c.decode(String.self, forKey: data)
        do throws(VectorPathError) {
            return try VectorPath(svgPathData: text, fillRule: parsedRule)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: data, in: c, debugDescription: error.description)
        }
    }

    /// Writes the keys ``decode(_:data:fillRule:)`` reads (the fill rule only when not `nonzero`).
    func encode<Key: CodingKey>(into c: inout KeyedEncodingContainer<Key>, data: Key, fillRule: Key) throws {
        try c.encode(svgPathData(), forKey: data)
        if self.fillRule != .nonzero { try c.encode(self.fillRule.rawValue, forKey: fillRule) }
    }
}

extension CardPathJSON: CardJSONForm {
    typealias Value = CardPath
    var value: CardPath { path }

    /// The OpenAPI schema, as JSON.
    static var schema: String {
        ##"{"type": "object", "required": ["d", "fill"], "additionalProperties": false, "properties": {"d": {"type": "string", "description": "SVG path data"}, "fillRule": {"type": "string", "enum": ["nonzero", "evenodd"]}, "fill": {"$ref": "#/components/schemas/Paint"}}}"##
    }

    /// Arcs, curves, even-odd holes and huge coordinates; data that is not a path.
    static var examples: FieldExamples {
        FieldExamples(accepted: [
            ##"{"d": "M0 0L40 0L20 30Z", "fill": "#0B1F3A"}"##,
            ##"{"d": "M20 2A18 18 0 1 1 19.9 2Z", "fill": {"linear": {"angle": 45, "stops": ["#fff", "#000"]}}}"##,
            ##"{"d": "M0 0h40v40h-40z m10 10v20h20v-20z", "fillRule": "evenodd", "fill": "red"}"##,
            ##"{"d": "M0 20C0 0 40 0 40 20S0 40 20 40Q30 50 40 40T60 60", "fill": "#06D6A080"}"##,
            ##"{"d": "M-1e6 -1e6L1e6 1e6L-1e6 1e6Z", "fill": "#EF476F"}"##,
            // A point past any Int (the rasterizer once trapped converting its row).
            ##"{"d": "M0 0L10 1e20L20 0Z", "fill": "#FF0000"}"##,
        ], refused: [##"{"d": "M0 0 X", "fill": "#000"}"##, ##"{"d": "L", "fill": "#000"}"##,
                     ##"{"d": "M0 0L1 1Z", "fill": "#000", "fillRule": "odd"}"##])
    }
}
