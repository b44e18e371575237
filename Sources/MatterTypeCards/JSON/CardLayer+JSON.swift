public import Foundation
public import MatterType
public import MatterTypeWire

extension CardLayer: SelfCodedCardValue {
    private enum TypeKey: String, CodingKey { case type }

    /// The layer kinds by their `type`, in the order the docs list them.
    public static let types = ["text", "rect", "image", "frame"]

    /// Decodes a layer by its `type` through its kind's fields (``CardTextLayer/fields``, ``CardRectLayer/fields``,
    /// ``CardImageLayer/fields``, ``CardFrameLayer/fields``); a text layer takes render-request keys too.
    public init(from decoder: any Decoder) throws {
        let typed = try decoder.container(keyedBy: TypeKey.self)
        let type = try typed.decode(String.self, forKey: .type)
        switch type {
        case "text":
            // The box (its width too: a number, hug or fill) and the spans are read by the layer's fields: a box
            // span may carry an image (`src`, `fit`), which a render request's spans do not have.
            let request = try RenderRequest(from: decoder, excluding: CardTextLayer.cardWideKeys,
                                            extra: CardTextLayer.ownKeys, in: "a text layer", readingSpans: false)
            var layer = CardTextLayer(box: CardBox(width: .hug, height: .hug), request: request)
            try decoder.read(CardTextLayer.fields, into: &layer, otherKeys: nil, in: "a text layer")
            layer.box.maxHeight = request.limits.maxHeight
            self = .text(CardTextLayer(box: layer.box, verticalAlignment: layer.verticalAlignment,
                                       baselineOffset: layer.baselineOffset, request: layer.request,
                                       shadows: layer.shadows, stroke: layer.stroke, fill: layer.fill,
                                       link: layer.link, rotation: layer.rotation, boxImages: layer.boxImages))
        case "rect":
            var layer = CardRectLayer.blank
            try decoder.read(CardRectLayer.fields, into: &layer, otherKeys: ["type"], in: "a rect layer")
            self = .rect(layer)
        case "image":
            var layer = CardImageLayer.blank
            try decoder.read(CardImageLayer.fields, into: &layer, otherKeys: ["type"], in: "an image layer")
            self = .image(layer)
        case "frame":
            var layer = CardFrameLayer.blank
            try decoder.read(CardFrameLayer.fields, into: &layer, otherKeys: ["type"], in: "a frame layer")
            self = .frame(layer)
        default:
            throw DecodingError.dataCorruptedError(forKey: .type, in: typed, debugDescription:
                "\"\(type)\" is not a layer type; use " + CardLayer.types.joined(separator: ", "))
        }
    }

    /// Encodes the keys it decodes.
    public func encode(to encoder: any Encoder) throws {
        var typed = encoder.container(keyedBy: TypeKey.self)
        switch self {
        case .text(let layer):
            var request = layer.request
            request.spans = nil
            request.limits.width = nil
            try request.encode(to: encoder)
            try typed.encode("text", forKey: .type)
            try encoder.write(CardTextLayer.fields, of: layer)
        case .rect(let layer):
            try typed.encode("rect", forKey: .type)
            try encoder.write(CardRectLayer.fields, of: layer)
        case .image(let layer):
            try typed.encode("image", forKey: .type)
            try encoder.write(CardImageLayer.fields, of: layer)
        case .frame(let layer):
            try typed.encode("frame", forKey: .type)
            try encoder.write(CardFrameLayer.fields, of: layer)
        }
    }

    /// The OpenAPI schema, as JSON.
    public static var schema: String { ##"{"$ref": "#/components/schemas/CardLayer"}"## }

    /// A rectangle and an empty text; a layer of no kind.
    public static var examples: FieldExamples {
        FieldExamples(accepted: [##"{"type": "rect", "width": 10, "height": 10, "fill": "#F00"}"##,
                                 ##"{"type": "text", "text": "Hi"}"##],
                      refused: [##"{"type": "circle"}"##])
    }
}
