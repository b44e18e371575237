public import Foundation
public import MatterType
public import MatterTypeWire

extension CardTextLayer {
    /// A text layer's own keys, the box's first (without `maxHeight`: the request's, which a fitted text fills);
    /// beside them a text layer takes a render request's keys but those the card sets (``cardWideKeys``).
    public static let fields: [CardField<CardTextLayer>] =
        CardBox.fields(hugs: true, size: .hug).filter { $0.key != "maxHeight" }.map { $0.lifted(to: \.box) } + [
            CardField("verticalAlign", \.verticalAlignment, Choice<CardVerticalAlignment>.self, default: .top,
                      writesDefault: true, help: "Where the text sits in the box's height: top, middle, bottom or "
                          + "baseline (its first baseline at baselineOffset).", frequency: 0.3),
            CardField("baselineOffset", \.baselineOffset, Double.self, default: 0, writesDefault: true,
                      help: "For baseline: the first baseline's distance below the box's top, in points.",
                      examples: FieldExamples(accepted: ["0", "10", "-40"]), frequency: 0.1),
            CardField("shadows", \.shadows, CardList<CardShadow>.self, default: [],
                      help: "Shadows under the text, as CSS text-shadow lists them (x, y, blur, color); inset: true "
                          + "draws one inside the glyphs.",
                      frequency: 0.25),
            CardField("stroke", \.stroke, CardStroke.self,
                      help: "An outline around the glyphs: {\"width\", \"color\", \"position\": outside or center}.",
                      frequency: 0.2),
            CardField("fill", \.fill, PaintJSON.self,
                      help: "A gradient its glyphs are filled with instead of its color, laid over its box (CSS "
                          + "background-clip: text).", frequency: 0.05),
            CardField("link", \.link, String.self,
                      help: "A URL its box links to in SVG and PDF: http, https, mailto or tel.",
                      examples: FieldExamples(accepted: [#""https://example.com/a?b=1&c=(2)""#, #""mailto:hi@example.com""#],
                                              refused: [#""javascript:alert(1)""#, "3"]), frequency: 0.05),
            CardField("rotation", \.rotation, Double.self, default: 0,
                      help: "Degrees the text is turned clockwise about its box's center, -360 to 360 (Figma's "
                          + "rotation, negated); a flow lays out the turned box's bounds.",
                      examples: FieldExamples(accepted: ["0", "90", "-45", "180", "359.5"],
                                              refused: ["400", "\"90deg\""]), frequency: 0.05),
            CardField("spans", \.cardSpans, CardList<CardSpanJSON>.self,
                      help: "Styled runs instead of text: a request's spans, where a box span may carry an image "
                          + "(src, fit).", frequency: 0.25),
        ]

    /// The keys a text layer reads itself, `type` and its fields', beside its request's.
    static let ownKeys = Set(["type"] + fields.keys())

    /// The render-request keys a text layer may not have: the card sets them for the whole image.
    public static let cardWideKeys: Set<String> = ["scale", "imageWidth", "imageHeight", "background", "padding", "format",
                                                  "pngEncoding", "compression", "quality"]

    /// The request's spans with their boxes' images, as JSON has them together.
    var cardSpans: [CardSpanJSON]? {
        get {
            var boxIndex = 0
            return request.spans?.map { span in
                guard span.box != nil else { return CardSpanJSON(span: span, image: nil) }
                defer { boxIndex += 1 }
                return CardSpanJSON(span: span, image: boxImages[boxIndex])
            }
        }
        set {
            request.spans = newValue?.map(\.span)
            boxImages = [:]
            for (index, span) in (newValue ?? []).filter({ $0.span.box != nil }).enumerated() {
                boxImages[index] = span.image
            }
        }
    }
}
