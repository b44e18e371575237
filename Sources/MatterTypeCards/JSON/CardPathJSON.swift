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
