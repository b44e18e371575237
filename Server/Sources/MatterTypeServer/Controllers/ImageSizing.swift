import HTTPTypes
import MatterType
import MatterTypeCards

/// How large and how finely a card's image is asked for in its URL's query, as `mattertype card` takes it:
/// `scale` (pixels a point), or `width` and/or `height` in pixels (the largest scale that fits inside both, as
/// Figma's export constraints choose one), and `quality` (1–100) for WebP and JPEG. A name the document uses as a
/// `{{placeholder}}` is that placeholder's value instead, so templates written before these existed keep working.
struct ImageSizing: Sendable, Hashable {
    /// Pixels a point, one of ``Card/scales``.
    var scale: Double?
    /// The most pixels wide.
    var width: Int?
    /// The most pixels high.
    var height: Int?
    /// WebP and JPEG: 1–100 (WebP lossless and JPEG at ``JPEGEncoder/defaultQuality`` without).
    var quality: Int?

    /// The query names sizing reads.
    static let names: Set<String> = ["scale", "width", "height", "quality"]

    /// The sizing `query` asks for, reading no name among `placeholders`.
    /// - Throws: 422 naming the parameter and what it takes, or when `scale` comes with `width` or `height`.
    init(query: QueryString, placeholders: [String]) throws {
        func value(_ name: String) -> String? { placeholders.contains(name) ? nil : query[name] }
        func pixels(_ name: String) throws -> Int? {
            guard let text = value(name) else { return nil }
            guard let pixels = Int(text), (1...100_000).contains(pixels) else {
                throw APIError(.unprocessableContent, .invalidRequest, "\(name) \(text): give 1 to 100000 pixels")
            }
            return pixels
        }
        if let text = value("scale") {
            guard let scale = Double(text), scale.isFinite, Card.scales.contains(scale) else {
                throw APIError(.unprocessableContent, .invalidRequest,
                               "scale \(text): give pixels a point, \(Card.scales.lowerBound) to \(Card.scales.upperBound)")
            }
            self.scale = scale
        }
        width = try pixels("width")
        height = try pixels("height")
        if scale != nil, width != nil || height != nil {
            throw APIError(.unprocessableContent, .invalidRequest,
                           "give scale or width/height (pixels to fit inside), not both")
        }
        if let text = value("quality") {
            guard let quality = Int(text), (1...100).contains(quality) else {
                throw APIError(.unprocessableContent, .invalidRequest, "quality \(text): give 1 to 100")
            }
            self.quality = quality
        }
    }

    /// `card` at the scale asked for; unchanged when none is.
    func sized(_ card: Card) -> Card {
        var card = card
        if let scale { card.scale = scale }
        if width != nil || height != nil { card.scale = card.scale(fittingWidth: width, height: height) }
        return card
    }

    /// What the image depends on from these (for its entity tag); empty when nothing is asked.
    var identity: String {
        [("scale", scale.map { "\($0)" }), ("width", width.map(String.init)), ("height", height.map(String.init)),
         ("quality", quality.map(String.init))]
            .compactMap { name, value in value.map { "\(name)=\($0)" } }.joined(separator: "&")
    }
}
