import Foundation
public import MatterType

/// One field of a request, declared once: its JSON key (the CLI option is the key in kebab case, `lineHeight` →
/// `--line-height`), its help (the CLI's, the OpenAPI description, the docs' table), how its value is read and
/// written (a ``FieldCodec``), where it is stored in its group, and — for a typography field — the span key it
/// also is and how it changes a ``Typography``.
///
/// Every reader of requests goes through these declarations: ``RenderRequest``'s JSON, ``SpanStyle``'s JSON, a
/// card's text layers, the `mattertype` options and their help, the server's OpenAPI document and
/// `Docs/Fields.md`. Adding a property is one entry in its group's `fields`.
public struct RequestField<Group>: Sendable {
    /// The JSON key, in camel case.
    public let key: String
    /// One or two sentences on what the field does.
    public let help: String
    /// The OpenAPI schema of the value, as JSON (valid YAML too), without the description.
    public let schema: String
    /// A flag on the command line (`--italic`), true when given; every other field takes a value.
    public let isFlag: Bool
    /// What the CLI's help calls the value (`length`, `name`).
    public let valueName: String
    /// The same key in a span, or `nil` when spans do not have it.
    public var span: RequestField<SpanStyle>? { spanField.first }
    /// ``span``, in an array because a struct cannot hold itself.
    private let spanField: [RequestField<SpanStyle>]
    /// How the field's value changes a typography, or `nil` when it does not (limits, output, environment).
    let apply: (@Sendable (inout Typography, Group, FieldContext) throws(RenderRequestError) -> Void)?

    let decode: @Sendable (KeyedDecodingContainer<AnyCodingKey>, AnyCodingKey, inout Group) throws -> Void
    let encode: @Sendable (Group, inout KeyedEncodingContainer<AnyCodingKey>, AnyCodingKey) throws -> Void
    let parse: @Sendable (String, inout Group) throws(UnacceptedValue) -> Void
    let isSet: @Sendable (Group) -> Bool

    /// The CLI option: `--line-height`.
    public var option: String {
        "--" + key.reduce(into: "") { result, character in
            if character.isUppercase { result += "-" + character.lowercased() } else { result.append(character) }
        }
    }

    private init<Codec: FieldCodec>(
        _ key: String, _ keyPath: any WritableKeyPath<Group, Codec.Value?> & Sendable, _ codec: Codec.Type,
        help: String, schema: String?, spanField: RequestField<SpanStyle>?,
        typography change: TypographyChange<Codec.Value>?
    ) {
        self.key = key
        self.help = help
        self.schema = schema ?? Codec.schema
        isFlag = Codec.isFlag
        valueName = Codec.valueName
        self.spanField = spanField.map { [$0] } ?? []
        if let change {
            apply = { typography, group, context throws(RenderRequestError) in
                if let value = group[keyPath: keyPath] { try change.apply(&typography, value, context) }
            }
        } else {
            apply = nil
        }
        decode = { container, key, group in
            guard container.contains(key) else { return }
            group[keyPath: keyPath] = try Codec.decode(from: container, forKey: key)
        }
        encode = { group, container, key in
            if let value = group[keyPath: keyPath] { try Codec.encode(value, to: &container, forKey: key) }
        }
        parse = { text, group throws(UnacceptedValue) in group[keyPath: keyPath] = try Codec.parse(argument: text) }
        isSet = { $0[keyPath: keyPath] != nil }
    }

    /// A field stored at `keyPath`, its values read and written by `codec`; spans do not have it.
    /// - Parameters:
    ///   - schema: the OpenAPI schema when it says more than the codec's (a range).
    ///   - typography: how the value changes a typography, or `nil` when it does not.
    public init<Codec: FieldCodec>(
        _ key: String, _ keyPath: any WritableKeyPath<Group, Codec.Value?> & Sendable, _ codec: Codec.Type,
        help: String, schema: String? = nil, typography: TypographyChange<Codec.Value>? = nil
    ) {
        self.init(key, keyPath, codec, help: help, schema: schema, spanField: nil, typography: typography)
    }

    /// A field spans have too, under the same key and with the same codec, stored at `span` in a ``SpanStyle``.
    public init<Codec: FieldCodec>(
        _ key: String, _ keyPath: any WritableKeyPath<Group, Codec.Value?> & Sendable, _ codec: Codec.Type,
        help: String, schema: String? = nil, span: any WritableKeyPath<SpanStyle, Codec.Value?> & Sendable,
        typography: TypographyChange<Codec.Value>? = nil
    ) {
        self.init(key, keyPath, codec, help: help, schema: schema,
                  spanField: RequestField<SpanStyle>(key, span, Codec.self, help: help), typography: typography)
    }

    /// A field spans have too, under the same key but read with `spanCodec` (a span's lengths are points).
    public init<Codec: FieldCodec, SpanCodec: FieldCodec>(
        _ key: String, _ keyPath: any WritableKeyPath<Group, Codec.Value?> & Sendable, _ codec: Codec.Type,
        help: String, schema: String? = nil, span: any WritableKeyPath<SpanStyle, SpanCodec.Value?> & Sendable,
        as spanCodec: SpanCodec.Type, typography: TypographyChange<Codec.Value>? = nil
    ) {
        self.init(key, keyPath, codec, help: help, schema: schema,
                  spanField: RequestField<SpanStyle>(key, span, SpanCodec.self, help: help), typography: typography)
    }
}

/// How a typography field's value changes a ``Typography``.
public struct TypographyChange<Value>: Sendable {
    let apply: @Sendable (inout Typography, Value, FieldContext) throws(RenderRequestError) -> Void

    /// Sets the typography's property at `keyPath` to the value.
    public static func set(_ keyPath: any WritableKeyPath<Typography, Value> & Sendable) -> TypographyChange {
        TypographyChange { typography, value, _ in typography[keyPath: keyPath] = value }
    }

    /// Changes the typography as `change` does (lengths in em are of ``FieldContext/fontSize``).
    public static func custom(
        _ change: @escaping @Sendable (inout Typography, Value, FieldContext) throws(RenderRequestError) -> Void
    ) -> TypographyChange {
        TypographyChange(apply: change)
    }
}

/// What a typography field's value is resolved against.
public struct FieldContext: Sendable {
    /// The final font size in points: what an `em` of every length but `size` is.
    public let fontSize: Double
}

/// A part of a request whose fields are declared as ``RequestField``s: it reads itself from the request's flat
/// JSON object (and writes itself into it) through them.
public protocol FieldGroup: Sendable, Hashable, Codable {
    /// A group with no field set.
    init()
    /// The fields, in the order JSON, the CLI's help and the docs list them.
    static var fields: [RequestField<Self>] { get }
}

extension FieldGroup {
    /// The group's fields read from the object `decoder` holds; keys of other groups are left to them.
    public init(from decoder: any Decoder) throws {
        self.init()
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        for field in Self.fields { try field.decode(container, AnyCodingKey(stringValue: field.key), &self) }
    }

    /// The fields that are set, written into the object `encoder` holds.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        for field in Self.fields { try field.encode(self, &container, AnyCodingKey(stringValue: field.key)) }
    }

    /// The group's JSON keys.
    public static var keys: [String] { fields.map(\.key) }

    /// Whether no field is set.
    public var isEmpty: Bool { !Self.fields.contains { $0.isSet(self) } }

    /// Sets the field whose key is `key` to the value `text` spells (a CLI argument; `"true"` for a flag).
    /// - Returns: false when the group has no such field.
    /// - Throws: ``UnacceptedValue`` when `text` is not a value of the field.
    public mutating func set(_ key: String, argument text: String) throws(UnacceptedValue) -> Bool {
        guard let field = Self.fields.first(where: { $0.key == key }) else { return false }
        try field.parse(text, &self)
        return true
    }
}

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
}
