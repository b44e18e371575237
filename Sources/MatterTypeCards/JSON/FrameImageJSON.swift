public import Foundation
public import MatterType
public import MatterTypeWire

/// A frame's image in JSON: `{"src": "photo.jpg", "fit": "cover"}` (`fit` defaults to `cover`, as a fill wants), or
/// `"crop": [x, y, width, height]` (fractions of the image) or `"tile": 0.5` (points a pixel) instead of `fit`, and
/// `"opacity"` (0 to 1, 1 by default).
struct FrameImageJSON: Codable {
    var image: CardFrameImage

    init(_ image: CardFrameImage) { self.image = image }

    private enum Keys: String, CodingKey, CaseIterable { case src, fit, crop, tile, opacity }

    init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(Keys.self, in: "a frame's image")
        let c = try decoder.container(keyedBy: Keys.self)
        let source = try c.decode(String.self, forKey: .src)
        guard [Keys.fit, .crop, .tile].filter(c.contains).count <= 1 else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription:
                "give one of fit, crop and tile"))
        }
        if let crop = try c.decodeIfPresent([Double].self, forKey: .crop) {
            guard crop.count == 4, crop.allSatisfy(\.isFinite), crop[2] > 0, crop[3] > 0 else {
                throw DecodingError.dataCorruptedError(forKey: .crop, in: c, debugDescription:
                    "give the part of the image shown as [x, y, width, height] in fractions of the image, the width "
                    + "and height above 0")
            }
            image = CardFrameImage(source: source, placement: .cropped(Rect(x: crop[0], y: crop[1], width: crop[2],
                                                                             height: crop[3])))
        } else if let tile = try c.decodeIfPresent(Double.self, forKey: .tile) {
            guard tile.isFinite, tile > 0 else {
                throw DecodingError.dataCorruptedError(forKey: .tile, in: c, debugDescription:
                    "give the tiles' scale in points a pixel of the image, above 0")
            }
            image = CardFrameImage(source: source, placement: .tiled(scale: tile))
        } else {
            image = CardFrameImage(source: source, placement: .fitted(try c.decodeFitIfPresent(forKey: .fit) ?? .cover))
        }
        if let opacity = try c.decodeIfPresent(Double.self, forKey: .opacity) {
            guard opacity.isFinite, (0...1).contains(opacity) else {
                throw DecodingError.dataCorruptedError(forKey: .opacity, in: c, debugDescription:
                    "give the image's opacity from 0 (invisible) to 1")
            }
            image.opacity = opacity
        }
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(image.source, forKey: .src)
        switch image.placement {
        case .fitted(let fit): try c.encode(fit.rawValue, forKey: .fit)
        case .cropped(let crop): try c.encode([crop.x, crop.y, crop.width, crop.height], forKey: .crop)
        case .tiled(let scale): try c.encode(scale, forKey: .tile)
        }
        if image.opacity < 1 { try c.encode(image.opacity, forKey: .opacity) }
    }
}

extension FrameImageJSON: CardJSONForm {
    typealias Value = CardFrameImage
    var value: CardFrameImage { image }

    /// The OpenAPI schema, as JSON.
    static var schema: String {
        ##"{"type": "object", "required": ["src"], "additionalProperties": false, "properties": {"src": {"type": "string"}, "fit": {"type": "string", "enum": ["fill", "contain", "cover"]}, "crop": {"type": "array", "minItems": 4, "maxItems": 4, "items": {"type": "number"}}, "tile": {"type": "number", "exclusiveMinimum": 0}, "opacity": {"type": "number", "minimum": 0, "maximum": 1}}}"##
    }

    /// Fitted, a part of it (inside, reaching past it), or tiles; a flat crop, too many numbers, a zero tile.
    static var examples: FieldExamples {
        let image = CardImageExamples.dataURI
        return FieldExamples(accepted: [
            ##"{"src": "\##(image)", "fit": "cover"}"##, ##"{"src": "\##(image)", "fit": "contain"}"##,
            ##"{"src": "\##(image)"}"##, ##"{"src": "\##(image)", "crop": [0.25, 0, 0.5, 1]}"##,
            ##"{"src": "\##(image)", "crop": [-0.5, -0.5, 2, 2]}"##, ##"{"src": "\##(image)", "tile": 0.5}"##,
            ##"{"src": "\##(image)", "tile": 3}"##, ##"{"src": "\##(image)", "tile": 1000000}"##,
            ##"{"src": "\##(image)", "fit": "cover", "opacity": 0.5}"##, ##"{"src": "\##(image)", "tile": 2, "opacity": 0}"##,
        ], refused: [
            ##"{"src": "\##(image)", "opacity": 1.5}"##, ##"{"src": "\##(image)", "opacity": "half"}"##,
            ##"{"src": "\##(image)", "fit": "tile"}"##, ##"{"src": "\##(image)", "crop": [0, 0, 0, 1]}"##,
            ##"{"src": "\##(image)", "crop": [0, 0, 1]}"##, ##"{"src": "\##(image)", "crop": [1e308, 0, 1, 1]}"##,
            ##"{"src": "\##(image)", "tile": 0}"##, ##"{"src": "\##(image)", "tile": 1e-6}"##,
        ])
    }
}
