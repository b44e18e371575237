public import Foundation
public import MatterType
public import MatterTypeWire

/// A span of a card's text layer in JSON: a render request's span, where a box may also carry an image,
/// `{"box": {"width": 24, "height": 24, "align": "middle", "src": "data:…", "fit": "contain"}}`.
struct CardSpanJSON: SelfCodedCardValue, Hashable {
    var span: TextSpan
    var image: CardBoxImage?

    init(span: TextSpan, image: CardBoxImage?) {
        self.span = span
        self.image = image
    }

    private enum SpanKeys: String, CodingKey, CaseIterable { case box }
    private enum BoxKeys: String, CodingKey, CaseIterable { case width, height, align, src, fit }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: SpanKeys.self)
        guard c.contains(.box) else {
            span = try TextSpan(from: decoder)
            return
        }
        try decoder.rejectUnknownKeys(SpanKeys.self, in: "a box span")
        let box = try c.superDecoder(forKey: .box)
        try box.rejectUnknownKeys(BoxKeys.self, in: "a box")
        let b = try box.container(keyedBy: BoxKeys.self)
        span = TextSpan(box: try InlineBox(from: box))
        if let source = try b.decodeIfPresent(String.self, forKey: .src) {
            image = CardBoxImage(source: source, fit: try b.decodeFitIfPresent(forKey: .fit) ?? .contain)
        } else if b.contains(.fit) {
            throw DecodingError.dataCorruptedError(forKey: .fit, in: b, debugDescription: "a fit without an image; add \"src\"")
        }
    }

    func encode(to encoder: any Encoder) throws {
        guard let box = span.box, let image else { return try span.encode(to: encoder) }
        var c = encoder.container(keyedBy: SpanKeys.self)
        var b = c.nestedContainer(keyedBy: BoxKeys.self, forKey: .box)
        try b.encode(box.width, forKey: .width)
        try b.encode(box.height, forKey: .height)
        try b.encode(box.alignment, forKey: .align)
        try b.encode(image.source, forKey: .src)
        try b.encode(image.fit.rawValue, forKey: .fit)
    }
}

extension CardSpanJSON {
    /// The OpenAPI schema, as JSON.
    static var schema: String {
        ##"{"oneOf": [{"$ref": "#/components/schemas/Span"}, {"$ref": "#/components/schemas/CardBoxSpan"}]}"##
    }

    /// Styled text, an empty box, a box with an icon; a fit without an image, a box with an unknown key.
    static var examples: FieldExamples {
        FieldExamples(accepted: [
            ##"{"text": "Hi ", "weight": "bold"}"##, ##"{"box": {"width": 16, "height": 16}}"##,
            ##"{"box": {"width": 24, "height": 24, "align": "middle", "src": "\##(CardImageExamples.dataURI)", "fit": "contain"}}"##,
        ], refused: [##"{"box": {"width": 16, "height": 16, "fit": "cover"}}"##,
                     ##"{"box": {"width": 16, "height": 16, "color": "red"}}"##])
    }
}
