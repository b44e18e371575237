import Foundation
public import MatterType

/// How one kind of value is read from JSON and from a command-line argument, written to JSON, and described in
/// OpenAPI. The value types conform themselves (``Length``, ``FontWeight``…); lists and maps that are read in more
/// than one way have a codec of their own (``FamilyNames``, ``FeatureList``).
public protocol FieldCodec: SendableMetatype {
    /// The value stored.
    associatedtype Value: Sendable & Hashable
    /// The value under `key`.
    static func decode<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, forKey key: Key) throws -> Value
    /// `value` under `key`.
    static func encode<Key: CodingKey>(_ value: Value, to container: inout KeyedEncodingContainer<Key>,
                                       forKey key: Key) throws
    /// The value a command-line argument spells.
    static func parse(argument text: String) throws(UnacceptedValue) -> Value
    /// The OpenAPI schema, as JSON.
    static var schema: String { get }
    /// Whether the CLI takes it as a flag without a value (true when given).
    static var isFlag: Bool { get }
    /// What the CLI's help calls a value.
    static var valueName: String { get }
    /// What the request generator (MatterTypeFuzzing) sends for a field of this kind, unless the field declares
    /// its own.
    static var examples: FieldExamples { get }
}

/// Values of a field as JSON texts, for the request generator (MatterTypeFuzzing) and the test that checks each
/// declaration: ones a request takes (ordinary and extreme) and ones it must refuse with an error.
public struct FieldExamples: Sendable, Hashable {
    /// Values a request takes: it is laid out and drawn.
    public let accepted: [String]
    /// Values a request refuses, when decoded or laid out.
    public let refused: [String]

    /// `accepted` and `refused` values, each a JSON text.
    public init(accepted: [String], refused: [String] = []) {
        self.accepted = accepted
        self.refused = refused
    }

    /// The examples that are plain JSON numbers: what a span takes where the request also takes units.
    var numbers: FieldExamples {
        FieldExamples(accepted: accepted.filter { Double($0) != nil }, refused: refused.filter { Double($0) != nil })
    }
}

extension FieldCodec {
    /// Whether the CLI takes it as a flag without a value.
    public static var isFlag: Bool { false }
    /// What the CLI's help calls a value.
    public static var valueName: String { "value" }
}

extension FieldCodec {
    /// The value a JSON string under `key` spells, read as a command-line argument is (``parse(argument:)``); a
    /// string that is not one is an error quoting it and saying what is accepted.
    static func decodeString<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, forKey key: Key) throws -> Value {
        let text = try container.decode(String.self, forKey: key)
        do {
            return try parse(argument: text)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: error.description)
        }
    }
}

extension FieldCodec where Value == Self, Self: Codable {
    /// The value under `key`.
    public static func decode<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, forKey key: Key) throws -> Self {
        try container.decode(Self.self, forKey: key)
    }

    /// `value` under `key`.
    public static func encode<Key: CodingKey>(_ value: Self, to container: inout KeyedEncodingContainer<Key>,
                                              forKey key: Key) throws {
        try container.encode(value, forKey: key)
    }
}

extension String: FieldCodec {
    /// The value `text` spells on the command line.
    public static func parse(argument text: String) throws(UnacceptedValue) -> String { text }
    /// The OpenAPI schema, as JSON.
    public static var schema: String { ##"{"type": "string"}"## }
    /// What the CLI's help calls a value.
    public static var valueName: String { "text" }
    /// What the request generator sends.
    public static var examples: FieldExamples {
        FieldExamples(accepted: [#""text""#])
    }
}

extension Bool: FieldCodec {
    /// The value `text` spells on the command line.
    public static func parse(argument text: String) throws(UnacceptedValue) -> Bool {
        switch text.lowercased() {
        case "true", "yes", "1": return true
        case "false", "no", "0": return false
        default: throw UnacceptedValue(text: text, reason: "is not true or false")
        }
    }
    /// The OpenAPI schema, as JSON.
    public static var schema: String { ##"{"type": "boolean"}"## }
    /// Whether the CLI takes it as a flag without a value.
    public static var isFlag: Bool { true }
    /// What the request generator sends.
    public static var examples: FieldExamples {
        FieldExamples(accepted: ["true", "false"], refused: [#""maybe""#])
    }
}

extension Double: FieldCodec {
    /// The value `text` spells on the command line.
    public static func parse(argument text: String) throws(UnacceptedValue) -> Double {
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else {
            throw UnacceptedValue(text: text, reason: "is not a number")
        }
        return value
    }
    /// The OpenAPI schema, as JSON.
    public static var schema: String { ##"{"type": "number"}"## }
    /// What the CLI's help calls a value.
    public static var valueName: String { "points" }
    /// What the request generator sends.
    public static var examples: FieldExamples {
        FieldExamples(accepted: ["0.5", "1", "2.5", "16", "37.25", "120", "400"], refused: ["-1", #""12""#])
    }
}

extension Int: FieldCodec {
    /// The value `text` spells on the command line.
    public static func parse(argument text: String) throws(UnacceptedValue) -> Int {
        guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else {
            throw UnacceptedValue(text: text, reason: "is not a whole number")
        }
        return value
    }
    /// The OpenAPI schema, as JSON.
    public static var schema: String { ##"{"type": "integer"}"## }
    /// What the CLI's help calls a value.
    public static var valueName: String { "n" }
    /// What the request generator sends.
    public static var examples: FieldExamples {
        FieldExamples(accepted: ["0", "1", "2", "3", "5"], refused: ["-1", "2.5"])
    }
}

extension Length: FieldCodec {
    /// The value `text` spells on the command line.
    public static func parse(argument text: String) throws(UnacceptedValue) -> Length {
        guard let length = Length(parsing: text) else {
            throw UnacceptedValue(text: text, reason: "is not a length; use points (12, 12px) or of the font size "
                                  + "(-0.02em, 150%)")
        }
        return length
    }
    /// The OpenAPI schema, as JSON.
    public static var schema: String {
        ##"{"oneOf": [{"type": "number", "minimum": -10000, "maximum": 10000}, {"$ref": "#/components/schemas/LengthWithUnit"}]}"##
    }
    /// What the CLI's help calls a value.
    public static var valueName: String { "length" }
    /// What the request generator sends.
    public static var examples: FieldExamples {
        FieldExamples(
            accepted: ["0", "0.5", "-0.8", "2", "-3", "4.25", "16", "-40", "1000", #""0.25em""#, #""-0.02em""#, #""150%""#,
                       #""-2%""#, #""24px""#, #""12pt""#],
            refused: ["20000", #""1e3em""#, #""12vw""#, #""nanem""#])
    }
}

extension FontWeight: FieldCodec {
    /// The value `text` spells on the command line.
    public static func parse(argument text: String) throws(UnacceptedValue) -> FontWeight {
        guard let weight = FontWeight(parsing: text) else {
            throw UnacceptedValue(text: text, reason: "is not a weight; use \(FontWeight.acceptedSpellings)")
        }
        return weight
    }
    /// The OpenAPI schema, as JSON.
    public static var schema: String { ##"{"$ref": "#/components/schemas/Weight"}"## }
    /// What the CLI's help calls a value.
    public static var valueName: String { "weight" }
    /// What the request generator sends.
    public static var examples: FieldExamples {
        FieldExamples(
            accepted: ["\"thin\"", "\"light\"", "\"regular\"", "\"medium\"", "\"semibold\"", "\"bold\"", "\"black\"", "\"heavy\"", "\"Demibold\"", "\"600\"", "1", "150", "450", "999", "1000"],
            refused: ["0", "1001", #""bogus""#])
    }
}

extension FontWidth: FieldCodec {
    /// The value `text` spells on the command line.
    public static func parse(argument text: String) throws(UnacceptedValue) -> FontWidth {
        guard let width = FontWidth(parsing: text) else {
            throw UnacceptedValue(text: text, reason: "is not a width; use \(FontWidth.acceptedSpellings)")
        }
        return width
    }
    /// The OpenAPI schema, as JSON.
    public static var schema: String { ##"{"$ref": "#/components/schemas/Width"}"## }
    /// What the CLI's help calls a value.
    public static var valueName: String { "width" }
    /// What the request generator sends.
    public static var examples: FieldExamples {
        FieldExamples(accepted: ["\"condensed\"", "\"expanded\"", "\"ultraCondensed\"", "\"normal\"", "\"75%\"", "50", "200"], refused: ["30", #""slim""#])
    }
}

extension TextBox: FieldCodec {
    /// The value `text` spells on the command line.
    public static func parse(argument text: String) throws(UnacceptedValue) -> TextBox {
        do throws(TextBoxSyntaxError) {
            return try TextBox(parsing: text)
        } catch {
            throw UnacceptedValue(text: text, reason: "is not a text box: \(error)")
        }
    }
    /// The OpenAPI schema, as JSON.
    public static var schema: String { ##"{"type": "string", "examples": ["trim-both cap alphabetic"]}"## }
    /// What the CLI's help calls a value.
    public static var valueName: String { "trim edges" }
    /// What the request generator sends.
    public static var examples: FieldExamples {
        FieldExamples(
            accepted: ["\"normal\"", "\"trim-both cap alphabetic\"", "\"trim-start text\"", "\"trim-end text alphabetic\"", "\"trim-both ex text\"", "\"trim-both\""],
            refused: [#""trim-end alphabetic""#, #""trim""#])
    }
}

extension Color: FieldCodec {
    /// The value under `key`: a string.
    public static func decode<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, forKey key: Key) throws -> Color {
        try decodeString(from: container, forKey: key)
    }
    /// `value` under `key`.
    public static func encode<Key: CodingKey>(_ value: Color, to container: inout KeyedEncodingContainer<Key>,
                                              forKey key: Key) throws {
        try container.encode(value.description, forKey: key)
    }
    /// The value `text` spells on the command line.
    public static func parse(argument text: String) throws(UnacceptedValue) -> Color { try Color.parse(text) }
    /// The OpenAPI schema, as JSON.
    public static var schema: String { ##"{"$ref": "#/components/schemas/Color"}"## }
    /// What the CLI's help calls a value.
    public static var valueName: String { "color" }
    /// What the request generator sends.
    public static var examples: FieldExamples {
        FieldExamples(accepted: ["\"#333\"", "\"white\"", "\"#0A66C2CC\"", "\"transparent\"", "\"#00ff0080\"", "\"red\""],
                      refused: ["\"#12\"", "\"not a color\""])
    }
}

extension PageSize: FieldCodec {
    /// The value under `key`: a string.
    public static func decode<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, forKey key: Key) throws -> PageSize {
        try decodeString(from: container, forKey: key)
    }
    /// `value` under `key`.
    public static func encode<Key: CodingKey>(_ value: PageSize, to container: inout KeyedEncodingContainer<Key>,
                                              forKey key: Key) throws {
        try container.encode("\(VectorNumber.format(value.size.width))x\(VectorNumber.format(value.size.height))",
                             forKey: key)
    }
    /// The value `text` spells on the command line.
    public static func parse(argument text: String) throws(UnacceptedValue) -> PageSize {
        guard let size = PageSize(parsing: text) else {
            throw UnacceptedValue(text: text, reason: "is not a page size; use a4, letter or WxH in points (400x600)")
        }
        return size
    }
    /// The OpenAPI schema, as JSON.
    public static var schema: String { ##"{"type": "string"}"## }
    /// What the CLI's help calls a value.
    public static var valueName: String { "size" }
    /// What the request generator sends.
    public static var examples: FieldExamples {
        FieldExamples(accepted: ["\"a4\"", "\"letter\"", "\"200x300\"", "\"50x50\""], refused: [#""0x10""#])
    }
}

/// A choice among named cases (an alignment, a format), read in any letter case or by an alias.
public enum Choice<Value: NamedChoice & Sendable & Hashable>: FieldCodec, Sendable {
    /// The value under `key`: a string.
    public static func decode<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, forKey key: Key) throws -> Value {
        try decodeString(from: container, forKey: key)
    }
    /// `value` under `key`.
    public static func encode<Key: CodingKey>(_ value: Value, to container: inout KeyedEncodingContainer<Key>,
                                              forKey key: Key) throws {
        try container.encode(value.rawValue, forKey: key)
    }
    /// The value `text` spells on the command line.
    public static func parse(argument text: String) throws(UnacceptedValue) -> Value { try Value.parse(choice: text) }
    /// The OpenAPI schema, as JSON.
    public static var schema: String {
        #"{"type": "string", "enum": ["# + Value.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") + "]}"
    }
    /// What the CLI's help calls a value.
    public static var valueName: String { "name" }
    /// Every case, and a name that is none.
    public static var examples: FieldExamples {
        FieldExamples(accepted: Value.allCases.map { "\"\($0.rawValue)\"" }, refused: [#""bogus""#])
    }
}

/// A family list: a CSS `font-family` string ("Inter, 'Noto Sans'") or an array of names; never empty.
public enum FamilyNames: FieldCodec, Sendable {
    /// The value under `key`.
    public static func decode<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, forKey key: Key) throws -> [String] {
        // A string first: the usual form, and a failed attempt (a thrown error) costs more than the decode.
        let names = if let list = try? container.decode(String.self, forKey: key) {
            SpanStyle.familyNames(inList: list)
        } else {
            try container.decode([String].self, forKey: key)
        }
        do {
            return try checked(names, as: names.joined(separator: ", "))
        } catch {
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: error.reason)
        }
    }
    /// `value` under `key`.
    public static func encode<Key: CodingKey>(_ value: [String], to container: inout KeyedEncodingContainer<Key>,
                                              forKey key: Key) throws {
        try container.encode(value, forKey: key)
    }
    /// The value `text` spells on the command line.
    public static func parse(argument text: String) throws(UnacceptedValue) -> [String] {
        try checked(SpanStyle.familyNames(inList: text), as: text)
    }
    private static func checked(_ names: [String], as text: String) throws(UnacceptedValue) -> [String] {
        if names.isEmpty { throw UnacceptedValue(text: text, reason: "names no family") }
        if names.count > Typography.maximumFamilyCount {
            throw UnacceptedValue(text: text, reason: "has \(names.count) families; name at most "
                                  + "\(Typography.maximumFamilyCount)")
        }
        if let long = names.first(where: { $0.count > Typography.maximumFamilyNameLength }) {
            throw UnacceptedValue(text: text, reason: "has a family name of \(long.count) characters; family names "
                                  + "have at most \(Typography.maximumFamilyNameLength)")
        }
        return names
    }
    /// The OpenAPI schema, as JSON.
    public static var schema: String {
        ##"{"oneOf": [{"type": "string", "minLength": 1, "pattern": "[^ ,]"}, {"type": "array", "minItems": 1, "items": {"type": "string"}}]}"##
    }
    /// What the CLI's help calls a value.
    public static var valueName: String { "names" }
    /// What the request generator sends.
    public static var examples: FieldExamples {
        FieldExamples(accepted: [
            "\"Noto Sans\"", "\"NotoSans\"", "\"Noto Serif\"", "\"DejaVu Sans\"", "\"DejaVu Sans Mono\"", "\"Inter\"", "\"system\"", "\"serif\"", "\"sans-serif\"", "\"monospace\"", "\"system-ui\"", "\"ui-monospace\"", "\"cursive\"", "\"Missing Family\"", "\"Noto Sans, Noto Color Emoji\"", "\"-apple-system, BlinkMacSystemFont, Segoe UI\"", "\"Noto Sans CJK JP\"", "\"Noto Color Emoji\"", "\"fantasy\"", "\"emoji\"", "\"math\"",
            #"["Roboto Mono", "DejaVu Sans Mono"]"#, #"["Noto Sans Hebrew", "Noto Sans Arabic"]"#, #"["ui-serif", "ui-rounded"]"#,
            #""ui-monospace, SFMono-Regular, 'SF Mono', Menlo, Consolas, monospace""#, #"["Not Here", "emoji", "serif"]"#,
        ], refused: [#""""#, "[]"])
    }
}

/// OpenType feature settings as HarfBuzz writes them: an array, or a comma-separated string ("tnum,-liga").
public enum FeatureList: FieldCodec, Sendable {
    /// The value under `key`.
    public static func decode<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, forKey key: Key) throws -> [String] {
        if let array = try? container.decode([String].self, forKey: key) { return array }
        return SpanStyle.features(inList: try container.decode(String.self, forKey: key))
    }
    /// `value` under `key`.
    public static func encode<Key: CodingKey>(_ value: [String], to container: inout KeyedEncodingContainer<Key>,
                                              forKey key: Key) throws {
        try container.encode(value, forKey: key)
    }
    /// The value `text` spells on the command line.
    public static func parse(argument text: String) throws(UnacceptedValue) -> [String] {
        SpanStyle.features(inList: text)
    }
    /// The OpenAPI schema, as JSON.
    public static var schema: String { ##"{"$ref": "#/components/schemas/Features"}"## }
    /// What the CLI's help calls a value.
    public static var valueName: String { "features" }
    /// What the request generator sends.
    public static var examples: FieldExamples {
        FieldExamples(
            accepted: [#"["liga=0"]"#, #"["tnum", "-kern"]"#, #""smcp,ss01""#, #"["aalt=2", "frac", "zero"]"#,
                       #"["calt=0", "dlig", "+onum"]"#],
            refused: [#"["bogus"]"#, #""liga=x""#])
    }
}

/// Variation axis coordinates by tag: a JSON object (`{"wdth": 80}`), on the command line `wdth=80,GRAD=50`.
public enum AxisValues: FieldCodec, Sendable {
    /// The value under `key`.
    public static func decode<Key: CodingKey>(from container: KeyedDecodingContainer<Key>,
                                              forKey key: Key) throws -> [String: Double] {
        try container.decode([String: Double].self, forKey: key)
    }
    /// `value` under `key`.
    public static func encode<Key: CodingKey>(_ value: [String: Double], to container: inout KeyedEncodingContainer<Key>,
                                              forKey key: Key) throws {
        try container.encode(value, forKey: key)
    }
    /// The value `text` spells on the command line.
    public static func parse(argument text: String) throws(UnacceptedValue) -> [String: Double] {
        var variations: [String: Double] = [:]
        for pair in text.split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, (1...4).contains(parts[0].utf8.count), parts[0].allSatisfy(\.isASCII),
                  let value = Double(parts[1]), value.isFinite else {
                throw UnacceptedValue(text: String(pair), reason: "is not a variation; write tag=value pairs such as "
                                      + "\"wdth=80,GRAD=50\"")
            }
            variations[parts[0]] = value
        }
        return variations
    }
    /// The OpenAPI schema, as JSON.
    public static var schema: String { ##"{"$ref": "#/components/schemas/Variations"}"## }
    /// What the CLI's help calls a value.
    public static var valueName: String { "tag=value,…" }
    /// What the request generator sends.
    public static var examples: FieldExamples {
        FieldExamples(
            accepted: [#"{"wght": 700}"#, #"{"wdth": 50, "opsz": 12}"#, #"{"slnt": -100, "ital": 1}"#,
                       #"{"GRAD": 100, "wght": 1000}"#, #"{"wght": 5000, "XXXX": 0}"#, "{}"],
            refused: [#"{"wght": "bold"}"#])
    }
}
