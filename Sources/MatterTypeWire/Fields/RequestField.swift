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
    /// What the request generator (MatterTypeFuzzing) sends: the declaration's, else its codec's
    /// ``FieldCodec/examples``.
    public let examples: FieldExamples
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
        help: String, schema: String?, examples: FieldExamples?, spanField: RequestField<SpanStyle>?,
        typography change: TypographyChange<Codec.Value>?
    ) {
        self.key = key
        self.help = help
        self.schema = schema ?? Codec.schema
        self.examples = examples ?? Codec.examples
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
    ///   - examples: what the request generator sends, when the codec's examples do not suit the field.
    ///   - typography: how the value changes a typography, or `nil` when it does not.
    public init<Codec: FieldCodec>(
        _ key: String, _ keyPath: any WritableKeyPath<Group, Codec.Value?> & Sendable, _ codec: Codec.Type,
        help: String, schema: String? = nil, examples: FieldExamples? = nil,
        typography: TypographyChange<Codec.Value>? = nil
    ) {
        self.init(key, keyPath, codec, help: help, schema: schema, examples: examples, spanField: nil,
                  typography: typography)
    }

    /// A field spans have too, under the same key and with the same codec, stored at `span` in a ``SpanStyle``.
    public init<Codec: FieldCodec>(
        _ key: String, _ keyPath: any WritableKeyPath<Group, Codec.Value?> & Sendable, _ codec: Codec.Type,
        help: String, schema: String? = nil, examples: FieldExamples? = nil,
        span: any WritableKeyPath<SpanStyle, Codec.Value?> & Sendable, typography: TypographyChange<Codec.Value>? = nil
    ) {
        self.init(key, keyPath, codec, help: help, schema: schema, examples: examples,
                  spanField: RequestField<SpanStyle>(key, span, Codec.self, help: help, examples: examples),
                  typography: typography)
    }

    /// A field spans have too, under the same key but read with `spanCodec` (a span's lengths are points; spans
    /// get the examples that are plain numbers).
    public init<Codec: FieldCodec, SpanCodec: FieldCodec>(
        _ key: String, _ keyPath: any WritableKeyPath<Group, Codec.Value?> & Sendable, _ codec: Codec.Type,
        help: String, schema: String? = nil, examples: FieldExamples? = nil,
        span: any WritableKeyPath<SpanStyle, SpanCodec.Value?> & Sendable, as spanCodec: SpanCodec.Type,
        typography: TypographyChange<Codec.Value>? = nil
    ) {
        self.init(key, keyPath, codec, help: help, schema: schema, examples: examples,
                  spanField: RequestField<SpanStyle>(key, span, SpanCodec.self, help: help,
                                                     examples: (examples ?? Codec.examples).numbers),
                  typography: typography)
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
        try self.init(from: decoder, skipping: [])
    }

    /// The group's fields read from the object `decoder` holds, but for those under `skipped` keys (which the
    /// object's own reader reads: a card text layer's `width`, which may be `"fill"`).
    package init(from decoder: any Decoder, skipping skipped: Set<String>) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        try self.init(from: container, keys: container.allKeys.map(\.stringValue), skipping: skipped)
    }

    /// The group's fields read from `container`, whose keys are `keys` (read once by a caller that decodes
    /// several groups from one object: each container and its keys are built anew from the JSON).
    package init(from container: KeyedDecodingContainer<AnyCodingKey>, keys: [String],
                 skipping skipped: Set<String>) throws {
        self.init()
        // Only the fields whose keys the object has (a request sets a dozen of some seventy: asking the container
        // for each, with a copy of each field's closures, was most of decoding a body), in the fields' order, so
        // that of two invalid values the same one is reported whatever order the JSON has them in.
        let fields = Self.fields
        var present: [Int] = []
        for key in keys where !skipped.contains(key) {
            if let index = fields.firstIndex(where: { $0.key == key }) { present.append(index) }
        }
        for index in present.sorted() {
            try fields[index].decode(container, AnyCodingKey(stringValue: fields[index].key), &self)
        }
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
