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
