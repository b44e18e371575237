import Foundation
import MatterType

/// A line height as requests, card text layers and the CLI write it, keeping the unit Figma rounds by: points
/// (`24`, `"24px"`), relative to the font size (`"150%"`, `"135.67%"`, `"1.5em"`), or `"auto"` (also `"normal"`):
/// the font's own, Figma's Auto and CSS `normal`.
public enum LineHeight: Sendable, Hashable, CustomStringConvertible, ExpressibleByIntegerLiteral,
                        ExpressibleByFloatLiteral {
    /// A length: points, or relative to the font size.
    case length(Length)
    /// The font's own line height: its `hhea` ascender, descender and line gap.
    case auto

    /// Points, from an integer literal.
    public init(integerLiteral value: Int) { self = .length(.points(Double(value))) }
    /// Points, from a float literal.
    public init(floatLiteral value: Double) { self = .length(.points(value)) }

    /// The line height `text` spells: `auto` or `normal` in any case, else a ``Length``; `nil` for anything else.
    public init?(parsing text: String) {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "auto", "normal": self = .auto
        default:
            guard let length = Length(parsing: text) else { return nil }
            self = .length(length)
        }
    }

    /// `24`, `1.5em` or `auto`.
    public var description: String {
        switch self {
        case .length(let length): length.description
        case .auto: "auto"
        }
    }

    /// Sets `typography`'s line height: points as given, a relative one of `fontSize`, or the font's own; with
    /// the unit Figma's model rounds by.
    func apply(to typography: inout Typography, fontSize: Double) {
        switch self {
        case .length(let length):
            typography.usesFontLineHeight = false
            typography.lineHeight = length.points(fontSize: fontSize)
            typography.lineHeightUnit = length.unit == .em ? .percent : .points
        case .auto:
            typography.usesFontLineHeight = true
            typography.lineHeight = fontSize  // replaced by the font's own when laid out
        }
    }
}

extension LineHeight: FieldCodec {
    /// The value under `key`: a number of points, or a string.
    public static func decode<Key: CodingKey>(from container: KeyedDecodingContainer<Key>,
                                              forKey key: Key) throws -> LineHeight {
        if let number = try? container.decode(Double.self, forKey: key) { return .length(.points(number)) }
        return try decodeString(from: container, forKey: key)
    }

    /// `value` under `key`: points as a number, anything else as its string.
    public static func encode<Key: CodingKey>(_ value: LineHeight, to container: inout KeyedEncodingContainer<Key>,
                                              forKey key: Key) throws {
        if case .length(let length) = value, length.unit == .points {
            try container.encode(length.value, forKey: key)
        } else {
            try container.encode(value.description, forKey: key)
        }
    }

    /// The value `text` spells on the command line.
    public static func parse(argument text: String) throws(UnacceptedValue) -> LineHeight {
        guard let lineHeight = LineHeight(parsing: text) else {
            throw UnacceptedValue(text: text, reason: "is not a line height; use points (24, 24px), of the font size "
                                  + "(150%, 1.5em) or auto")
        }
        return lineHeight
    }

    /// The OpenAPI schema, as JSON.
    public static var schema: String {
        ##"{"oneOf": [{"type": "number", "exclusiveMinimum": 0, "maximum": 10000}, {"$ref": "#/components/schemas/LengthWithUnit"}, {"type": "string", "enum": ["auto", "normal"]}]}"##
    }

    /// What the CLI's help calls a value.
    public static var valueName: String { "length|auto" }

    /// What the request generator sends.
    public static var examples: FieldExamples {
        FieldExamples(accepted: ["2", "18.5", "24", "60", "150", "0.1", "2000", #""1.5em""#, #""120%""#, #""135.67%""#,
                                 #""30pt""#, #""auto""#, #""Normal""#],
                      refused: ["0", "-10", #""0em""#, #""-1em""#, #""tall""#])
    }
}
