import MatterTypeWire

/// How large and how finely a card's image is asked for beside its document — `mattertype card --scale | --width
/// --height | --quality`, or a template URL's `?scale=`, `?width=`, `?height=`, `?quality=`: a scale (pixels a
/// point), or the pixels the image must fit inside (the largest scale at which it does, as Figma's export
/// constraints choose one), and WebP's and JPEG's quality.
///
/// ```swift
/// let size = try CardImageSize(parameters: ["width": "1200"])  // a 600 × 315 card drawn 1200 × 630
/// let png = try renderer.encoded(size.sized(card), format: .png)
/// ```
public struct CardImageSize: Sendable, Hashable {
    /// Pixels a point, one of ``Card/scales``; `nil` keeps the card's.
    public let scale: Double?
    /// The most pixels wide.
    public let width: Int?
    /// The most pixels high.
    public let height: Int?
    /// WebP and JPEG: 1–100 (WebP lossy at it, lossless without; JPEG at its default without).
    public let quality: Int?

    /// The parameter names a size is read from.
    public static let parameterNames: Set<String> = ["scale", "width", "height", "quality"]

    /// A size, checked.
    /// - Throws: ``CardError/invalid(field:reason:)`` naming the parameter: a scale outside ``Card/scales``, a side
    ///   outside ``RenderRequest/fittedPixels``, a quality outside 1–100, or a scale given with a side.
    public init(scale: Double? = nil, width: Int? = nil, height: Int? = nil, quality: Int? = nil) throws(CardError) {
        if let scale, !(scale.isFinite && Card.scales.contains(scale)) {
            throw .invalid(field: "scale", reason: "\(scale) is not allowed; give pixels a point, "
                           + "\(Card.scales.lowerBound) to \(Card.scales.upperBound)")
        }
        for (field, value) in [("width", width), ("height", height)] {
            if let value, !RenderRequest.fittedPixels.contains(value) {
                throw .invalid(field: field, reason: "\(value) is not allowed; give 1 to 100000 pixels")
            }
        }
        if scale != nil, width != nil || height != nil {
            throw .invalid(field: "scale", reason: "give scale or width/height (pixels to fit inside), not both")
        }
        if let quality, !(1...100).contains(quality) {
            throw .invalid(field: "quality", reason: "\(quality) is not allowed; give 1 to 100")
        }
        (self.scale, self.width, self.height, self.quality) = (scale, width, height, quality)
    }

    /// The size `parameters` ask for (text, as a URL's query has them), reading none of `placeholders`: a document
    /// with a `{{width}}` placeholder takes `width` as that placeholder's value. Other names are not read.
    /// - Throws: ``CardError/invalid(field:reason:)`` for text that is not a number of the parameter's kind, or a
    ///   size ``init(scale:width:height:quality:)`` refuses.
    public init(parameters: [String: String], placeholders: [String] = []) throws(CardError) {
        func text(_ name: String) -> String? { placeholders.contains(name) ? nil : parameters[name] }
        func number<T: LosslessStringConvertible>(_ name: String, _: T.Type, _ what: String) throws(CardError) -> T? {
            guard let text = text(name) else { return nil }
            guard let value = T(text) else {
                throw .invalid(field: name, reason: "\"\(text.prefix(40))\" is not \(what)")
            }
            return value
        }
        try self.init(scale: try number("scale", Double.self, "a number of pixels a point"),
                      width: try number("width", Int.self, "a whole number of pixels"),
                      height: try number("height", Int.self, "a whole number of pixels"),
                      quality: try number("quality", Int.self, "a whole number from 1 to 100"))
    }

    /// Nothing asked: the card's own scale, each format's default quality.
    public var isEmpty: Bool { scale == nil && width == nil && height == nil && quality == nil }

    /// `card` at the scale asked for (``Card/scale(fittingWidth:height:)`` for sides); unchanged when none is.
    public func sized(_ card: Card) -> Card {
        var card = card
        if let scale { card.scale = scale }
        if width != nil || height != nil { card.scale = card.scale(fittingWidth: width, height: height) }
        return card
    }

    /// The parameters as a query writes them, sorted by name (`height=630&width=1200`); empty when nothing is asked:
    /// what an image depends on from its size.
    public var query: String {
        [("height", height.map(String.init)), ("quality", quality.map(String.init)), ("scale", scale.map { "\($0)" }),
         ("width", width.map(String.init))]
            .compactMap { name, value in value.map { "\(name)=\($0)" } }.joined(separator: "&")
    }
}
