public import Foundation
public import MatterType
public import MatterTypeWire

extension CardBox {
    /// The keys of a box, which every layer kind has: `x` and `y` (0 when absent), `width` and `height` (a
    /// number, `"hug"` when the layer has content to hug, or `"fill"`), the minimums and maximums, `position`,
    /// `constraints`, `cell`.
    /// - Parameters:
    ///   - hugs: whether the layer has content to hug (texts and frames do; rectangles and images do not).
    ///   - size: the width and height when absent; `nil` makes them required.
    public static func fields(hugs: Bool, size: CardSize?) -> [CardField<CardBox>] {
        let coordinates = FieldExamples(accepted: ["0", "1", "40", "320", "-24", "1199", "1000000", "-1000000"],
                                        refused: [#""left""#])
        let sizes = FieldExamples(accepted: ["0", "1", "0.5", "120", "600", "2400", #""fill""#]
                                    + (hugs ? [#""hug""#] : []),
                                  refused: ["-10", #""auto""#] + (hugs ? [] : [#""hug""#]))
        let bounds = FieldExamples(accepted: ["0", "40", "400"], refused: ["-1", "2000000"])
        func length(_ key: String, _ keyPath: any WritableKeyPath<CardBox, Double?> & Sendable,
                    _ help: String) -> CardField<CardBox> {
            CardField(key, keyPath, Double.self, help: help, examples: bounds, frequency: 0.05)
        }
        let sizeField = { (key: String, keyPath: any WritableKeyPath<CardBox, CardSize> & Sendable, help: String) in
            // A required size is nearly always given: a layer without it is refused before anything is drawn.
            hugs ? CardField(key, keyPath, ContentSize.self, default: size, writesDefault: true, help: help,
                             examples: sizes, frequency: size == nil ? 0.98 : 0.7)
                 : CardField(key, keyPath, SpaceSize.self, default: size, writesDefault: true, help: help,
                             examples: sizes, frequency: size == nil ? 0.98 : 0.7)
        }
        return [
            CardField("x", \.x, Double.self, default: 0, writesDefault: true,
                      help: "The left edge in points from its frame's left edge; ignored when the frame flows it.",
                      examples: coordinates, frequency: 0.9),
            CardField("y", \.y, Double.self, default: 0, writesDefault: true,
                      help: "The top edge in points from its frame's top edge; ignored when the frame flows it.",
                      examples: coordinates, frequency: 0.9),
            sizeField("width", \.width, "The width: a number of points, " + (hugs ? "\"hug\" (its content's), " : "")
                      + "or \"fill\" (a share of its frame's space)."),
            sizeField("height", \.height, "The height: a number of points, " + (hugs ? "\"hug\" (its content's), " : "")
                      + "or \"fill\" (a share of its frame's space)."),
            length("minWidth", \.minWidth, "The least width in points, whatever the width gives."),
            length("maxWidth", \.maxWidth, "The most width in points, whatever the width gives (a hugging text wraps at it)."),
            length("minHeight", \.minHeight, "The least height in points."),
            length("maxHeight", \.maxHeight, "The most height in points."),
            CardField("position", \.isAbsolute, FlowPosition.self, default: false,
                      help: "\"auto\" (in its frame's flow) or \"absolute\" (out of it, at its x and y).",
                      frequency: 0.1),
            CardField("constraints", \.constraints, CardConstraints.self, default: CardConstraints(),
                      help: "How it follows its frame laid out at another size than the frame's designWidth and "
                          + "designHeight (placed at its x and y): {\"horizontal\": \"left|right|leftRight|center|"
                          + "scale\", \"vertical\": \"top|bottom|topBottom|center|scale\"}, Figma's constraints.",
                      frequency: 0.1),
            CardField("cell", \.cell, CardGridCell.self,
                      help: "Where it goes in a frame with a grid: {\"row\", \"column\"} from 0 (neither: the first "
                          + "free cell), \"rowSpan\", \"columnSpan\", and \"horizontal\"/\"vertical\": start, center "
                          + "or end in its area. Other frames ignore it.", frequency: 0.05),
        ]
    }
}

/// The size of a layer that has content to hug: a number of points, `"hug"` or `"fill"`.
enum ContentSize: CardValueCodec {
    static func decode(from decoder: any Decoder) throws -> CardSize {
        try CardSize.read(from: decoder, hugs: true)
    }
    static func encode(_ value: CardSize, to encoder: any Encoder) throws { try value.write(to: encoder) }
    static var schema: String { ##"{"oneOf": [{"type": "number"}, {"type": "string", "enum": ["hug", "fill"]}]}"## }
    static var examples: FieldExamples { FieldExamples(accepted: ["120", #""hug""#, #""fill""#], refused: [#""auto""#]) }
}

/// The size of a layer with no content to hug (a rectangle, an image): a number of points or `"fill"`.
enum SpaceSize: CardValueCodec {
    static func decode(from decoder: any Decoder) throws -> CardSize {
        try CardSize.read(from: decoder, hugs: false)
    }
    static func encode(_ value: CardSize, to encoder: any Encoder) throws { try value.write(to: encoder) }
    static var schema: String { ##"{"oneOf": [{"type": "number"}, {"type": "string", "enum": ["fill"]}]}"## }
    static var examples: FieldExamples { FieldExamples(accepted: ["120", #""fill""#], refused: [#""hug""#]) }
}

extension CardSize {
    /// A number, `"fill"`, or (when the layer `hugs`) `"hug"`.
    fileprivate static func read(from decoder: any Decoder, hugs: Bool) throws -> CardSize {
        let c = try decoder.singleValueContainer()
        if let number = try? c.decode(Double.self) { return .fixed(number) }
        switch try? c.decode(String.self) {
        case "fill": return .fill
        case "hug" where hugs: return .hug
        default:
            throw DecodingError.dataCorruptedError(in: c, debugDescription: hugs
                ? "give a number of points, \"hug\" (its content's size) or \"fill\" (its frame's space)"
                : "give a number of points or \"fill\" (its frame's space); this layer has no content to hug")
        }
    }

    /// Writes the size as ``read(from:hugs:)`` reads it.
    fileprivate func write(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .fixed(let number): try c.encode(number)
        case .hug: try c.encode("hug")
        case .fill: try c.encode("fill")
        }
    }
}

/// Whether a layer is out of its frame's flow: `"auto"` (false) or `"absolute"` (true).
enum FlowPosition: CardValueCodec {
    static func decode(from decoder: any Decoder) throws -> Bool {
        let c = try decoder.singleValueContainer()
        let position = try c.decode(String.self)
        guard position == "auto" || position == "absolute" else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription:
                "\"\(position)\" is not a position; use auto (in its frame's flow) or absolute (at its x and y)")
        }
        return position == "absolute"
    }
    static func encode(_ value: Bool, to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(value ? "absolute" : "auto")
    }
    static var schema: String { ##"{"type": "string", "enum": ["auto", "absolute"], "default": "auto"}"## }
    static var examples: FieldExamples { FieldExamples(accepted: [#""absolute""#, #""auto""#], refused: [#""fixed""#]) }
}
