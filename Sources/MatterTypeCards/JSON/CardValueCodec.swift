public import Foundation
public import MatterType
public import MatterTypeWire

/// How one kind of card value is read from JSON and written back, described in OpenAPI, and sampled by the
/// request generator: the card side of ``FieldCodec``, without a command-line form (cards have no options). Each
/// codec is in its own file of `JSON/`; a layer kind's ``CardField``s name the codec of each key.
public protocol CardValueCodec: SendableMetatype {
    /// The value stored in the layer.
    associatedtype Value: Sendable & Hashable
    /// The value `decoder` holds.
    static func decode(from decoder: any Decoder) throws -> Value
    /// Writes `value` as ``decode(from:)`` reads it.
    static func encode(_ value: Value, to encoder: any Encoder) throws
    /// The OpenAPI schema of a value, as JSON.
    static var schema: String { get }
    /// Values the request generator (MatterTypeFuzzing) sends, unless a field declares its own.
    static var examples: FieldExamples { get }
}

/// A card value that is its own JSON (`Codable`): its codec reads and writes it as such.
public protocol SelfCodedCardValue: CardValueCodec, Codable, Sendable, Hashable where Value == Self {}

extension SelfCodedCardValue {
    /// The value `decoder` holds.
    public static func decode(from decoder: any Decoder) throws -> Self { try Self(from: decoder) }
    /// Writes `value`.
    public static func encode(_ value: Self, to encoder: any Encoder) throws { try value.encode(to: encoder) }
}

/// A JSON form that stands for a model value (``PaintJSON`` for a ``Paint``): its codec reads the form and hands
/// over the value.
protocol CardJSONForm: CardValueCodec, Codable {
    /// The value it stands for.
    var value: Value { get }
    /// The form of `value`.
    init(_ value: Value)
}

extension CardJSONForm {
    /// The value `decoder` holds.
    static func decode(from decoder: any Decoder) throws -> Value { try Self(from: decoder).value }
    /// Writes `value`.
    static func encode(_ value: Value, to encoder: any Encoder) throws { try Self(value).encode(to: encoder) }
}

extension Double: SelfCodedCardValue {}
extension Bool: SelfCodedCardValue {}
extension String: SelfCodedCardValue {}

extension Choice: CardValueCodec {
    /// The case a string names, in any letter case or by an alias (``NamedChoice``).
    public static func decode(from decoder: any Decoder) throws -> Value { try Value(from: decoder) }
    /// The case's name.
    public static func encode(_ value: Value, to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value.rawValue)
    }
}

/// A JSON array of `Element`'s values.
public enum CardList<Element: CardValueCodec>: CardValueCodec {
    /// The value `decoder` holds.
    public static func decode(from decoder: any Decoder) throws -> [Element.Value] {
        try [Decoded<Element>](from: decoder).map(\.value)
    }
    /// Writes `value`.
    public static func encode(_ value: [Element.Value], to encoder: any Encoder) throws {
        try value.map(Encoded<Element>.init).encode(to: encoder)
    }
    /// The OpenAPI schema, as JSON.
    public static var schema: String { #"{"type": "array", "items": "# + Element.schema + "}" }
    /// Lists of one and of two of the element's examples, and lists with an element it refuses.
    public static var examples: FieldExamples {
        let accepted = Element.examples.accepted
        return FieldExamples(accepted: accepted.map { "[\($0)]" } + zip(accepted, accepted.dropFirst()).map { "[\($0), \($1)]" },
                             refused: Element.examples.refused.map { "[\($0)]" })
    }
}

/// A value read by its codec, to decode it where Swift wants a `Decodable` (under a key, in an array).
struct Decoded<Codec: CardValueCodec>: Decodable {
    let value: Codec.Value
    init(from decoder: any Decoder) throws { value = try Codec.decode(from: decoder) }
}

/// A value written by its codec, to encode it where Swift wants an `Encodable`.
struct Encoded<Codec: CardValueCodec>: Encodable {
    let value: Codec.Value
    init(_ value: Codec.Value) { self.value = value }
    func encode(to encoder: any Encoder) throws { try Codec.encode(value, to: encoder) }
}
