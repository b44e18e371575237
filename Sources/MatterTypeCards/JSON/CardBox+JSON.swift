public import MatterType
import MatterTypeWire

extension CardBox {
    /// The JSON keys of a box, which every layer has.
    static let keys = ["x", "y", "width", "height", "minWidth", "maxWidth", "minHeight", "maxHeight", "position"]

    /// Reads a layer's box: `x` and `y` (0 when absent), `width` and `height` (a number, `"hug"` or `"fill"`;
    /// required where there is no default), the minimums and maximums, `position` (`"auto"` or `"absolute"`).
    /// `hugs` says whether the layer has content to hug (texts and frames do; rectangles and images do not).
    init(from decoder: any Decoder, width defaultWidth: CardSize?, height defaultHeight: CardSize?,
         hugs: Bool) throws {
        let c = try decoder.container(keyedBy: AnyCodingKey.self)
        func size(_ name: String, _ fallback: CardSize?) throws -> CardSize {
            let key = AnyCodingKey(stringValue: name)
            guard c.contains(key) else {
                guard let fallback else {
                    throw DecodingError.keyNotFound(key, .init(codingPath: c.codingPath, debugDescription: ""))
                }
                return fallback
            }
            if let number = try? c.decode(Double.self, forKey: key) { return .fixed(number) }
            let text = try? c.decode(String.self, forKey: key)
            switch text {
            case "fill": return .fill
            case "hug" where hugs: return .hug
            default:
                throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: hugs
                    ? "give a number of points, \"hug\" (its content's size) or \"fill\" (its frame's space)"
                    : "give a number of points or \"fill\" (its frame's space); this layer has no content to hug")
            }
        }
        func length(_ name: String) throws -> Double? { try c.decodeIfPresent(Double.self, forKey: AnyCodingKey(stringValue: name)) }
        let position = try c.decodeIfPresent(String.self, forKey: AnyCodingKey(stringValue: "position")) ?? "auto"
        guard position == "auto" || position == "absolute" else {
            throw DecodingError.dataCorruptedError(forKey: AnyCodingKey(stringValue: "position"), in: c, debugDescription:
                "\"\(position)\" is not a position; use auto (in its frame's flow) or absolute (at its x and y)")
        }
        self.init(x: try length("x") ?? 0, y: try length("y") ?? 0, width: try size("width", defaultWidth),
                  height: try size("height", defaultHeight), minWidth: try length("minWidth"),
                  maxWidth: try length("maxWidth"), minHeight: try length("minHeight"),
                  maxHeight: try length("maxHeight"), isAbsolute: position == "absolute")
    }

    /// Writes the keys it reads (`maxHeight` unless `writesMaxHeight` is false).
    func encode(to encoder: any Encoder, writesMaxHeight: Bool = true) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        func size(_ value: CardSize, _ name: String) throws {
            let key = AnyCodingKey(stringValue: name)
            switch value {
            case .fixed(let number): try c.encode(number, forKey: key)
            case .hug: try c.encode("hug", forKey: key)
            case .fill: try c.encode("fill", forKey: key)
            }
        }
        try c.encode(x, forKey: AnyCodingKey(stringValue: "x"))
        try c.encode(y, forKey: AnyCodingKey(stringValue: "y"))
        try size(width, "width")
        try size(height, "height")
        try c.encodeIfPresent(minWidth, forKey: AnyCodingKey(stringValue: "minWidth"))
        try c.encodeIfPresent(maxWidth, forKey: AnyCodingKey(stringValue: "maxWidth"))
        try c.encodeIfPresent(minHeight, forKey: AnyCodingKey(stringValue: "minHeight"))
        if writesMaxHeight { try c.encodeIfPresent(maxHeight, forKey: AnyCodingKey(stringValue: "maxHeight")) }
        if isAbsolute { try c.encode("absolute", forKey: AnyCodingKey(stringValue: "position")) }
    }
}
