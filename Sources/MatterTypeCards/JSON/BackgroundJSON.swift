public import Foundation
public import MatterType
public import MatterTypeWire

/// A ``CardBackground`` in JSON: a paint (see ``PaintJSON``) or `{"image": "data:…", "fit": "cover"}` (`fit`
/// defaults to `cover`, as a background usually wants).
struct BackgroundJSON: Codable {
    var background: CardBackground

    init(_ background: CardBackground) { self.background = background }

    private enum ImageKeys: String, CodingKey, CaseIterable { case image, fit }

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: ImageKeys.self), object.contains(.image) {
            try decoder.rejectUnknownKeys(ImageKeys.self, in: "an image background")
            background = .image(source: try object.decode(String.self, forKey: .image),
                                fit: try object.decodeFitIfPresent(forKey: .fit) ?? .cover)
        } else {
            background = .paint(try PaintJSON(from: decoder).paint)
        }
    }

    func encode(to encoder: any Encoder) throws {
        switch background {
        case .paint(let paint):
            try PaintJSON(paint).encode(to: encoder)
        case .image(let source, let fit):
            var c = encoder.container(keyedBy: ImageKeys.self)
            try c.encode(source, forKey: .image)
            try c.encode(fit.rawValue, forKey: .fit)
        }
    }
}
