public import Foundation
public import MatterType
public import MatterTypeWire

/// One key of a card layer kind, declared once: its JSON key, its help (the OpenAPI description, `Docs/Cards.md`),
/// its codec (a ``CardValueCodec``), where it is stored in the layer, and its default. The card sibling of
/// ``RequestField``: a layer's properties have defaults rather than being optional.
///
/// Every reader of cards goes through these declarations: ``CardLayer``'s JSON (decoding, encoding, unknown keys),
/// the server's OpenAPI card schemas, `Docs/Cards.md` and the request generator's layers. Adding a key to a layer
/// kind is one entry in its `fields`, its use, and the back ends that draw it.
public struct CardField<Layer>: Sendable {
    /// The JSON key, in camel case.
    public let key: String
    /// One or two sentences on what the key does.
    public let help: String
    /// The OpenAPI schema of the value, as JSON, without the description.
    public let schema: String
    /// What the request generator sends: the declaration's, else its codec's.
    public let examples: FieldExamples
    /// How often the request generator gives a layer this key: 1 in 4, less for what is costly to draw (blurs).
    public let frequency: Double
    /// Whether every layer of the kind must have it (it has no default).
    public let isRequired: Bool
    /// Whether a layer must have it, given what the layer's other keys say (a frame without a direction needs its
    /// width and height).
    let isRequiredFor: @Sendable (Layer) -> Bool
    let decode: @Sendable (KeyedDecodingContainer<AnyCodingKey>, AnyCodingKey, inout Layer) throws -> Void
    let encode: @Sendable (Layer, inout KeyedEncodingContainer<AnyCodingKey>, AnyCodingKey) throws -> Void

    private init(key: String, help: String, schema: String, examples: FieldExamples, frequency: Double,
                 isRequired: Bool, isRequiredFor: @escaping @Sendable (Layer) -> Bool,
                 decode: @escaping @Sendable (KeyedDecodingContainer<AnyCodingKey>, AnyCodingKey, inout Layer) throws -> Void,
                 encode: @escaping @Sendable (Layer, inout KeyedEncodingContainer<AnyCodingKey>, AnyCodingKey) throws -> Void) {
        self.key = key
        self.help = help
        self.schema = schema
        self.examples = examples
        self.frequency = frequency
        self.isRequired = isRequired
        self.isRequiredFor = isRequiredFor
        self.decode = decode
        self.encode = encode
    }

    /// A key stored at `keyPath`, read and written by `codec`.
    /// - Parameters:
    ///   - default: the value when the key is absent; it is not written back unless `writesDefault`. `nil` makes
    ///     the key required.
    ///   - schema: the OpenAPI schema when it says more than the codec's.
    ///   - examples: what the request generator sends, when the codec's examples do not suit the key.
    ///   - frequency: how often the request generator gives a layer the key.
    public init<Codec: CardValueCodec>(
        _ key: String, _ keyPath: any WritableKeyPath<Layer, Codec.Value> & Sendable, _ codec: Codec.Type,
        default defaultValue: Codec.Value?, writesDefault: Bool = false, help: String, schema: String? = nil,
        examples: FieldExamples? = nil, frequency: Double = 0.25
    ) {
        self.init(key: key, help: help, schema: schema ?? Codec.schema, examples: examples ?? Codec.examples,
                  frequency: frequency, isRequired: defaultValue == nil, isRequiredFor: { _ in defaultValue == nil },
                  decode: { container, key, layer in
                      layer[keyPath: keyPath] = try container.decode(Decoded<Codec>.self, forKey: key).value
                  },
                  encode: { layer, container, key in
                      let value = layer[keyPath: keyPath]
                      if writesDefault || value != defaultValue {
                          try container.encode(Encoded<Codec>(value), forKey: key)
                      }
                  })
    }

    /// A key stored at `keyPath`, `nil` when absent (a fill, a border), read and written by `codec`.
    public init<Codec: CardValueCodec>(
        _ key: String, _ keyPath: any WritableKeyPath<Layer, Codec.Value?> & Sendable, _ codec: Codec.Type,
        help: String, schema: String? = nil, examples: FieldExamples? = nil, frequency: Double = 0.25
    ) {
        self.init(key: key, help: help, schema: schema ?? Codec.schema, examples: examples ?? Codec.examples,
                  frequency: frequency, isRequired: false, isRequiredFor: { _ in false },
                  decode: { container, key, layer in
                      layer[keyPath: keyPath] = try container.decode(Decoded<Codec>.self, forKey: key).value
                  },
                  encode: { layer, container, key in
                      if let value = layer[keyPath: keyPath] { try container.encode(Encoded<Codec>(value), forKey: key) }
                  })
    }

    /// This key, required only when `condition` holds for what the layer's other keys say.
    public func required(when condition: @escaping @Sendable (Layer) -> Bool) -> CardField {
        CardField(key: key, help: help, schema: schema, examples: examples, frequency: frequency,
                  isRequired: false, isRequiredFor: condition, decode: decode, encode: encode)
    }

    /// This key of a part of a larger value (the box's keys of every layer kind), stored at `part`.
    public func lifted<Whole>(to part: any WritableKeyPath<Whole, Layer> & Sendable) -> CardField<Whole> {
        let (isRequiredFor, decode, encode) = (isRequiredFor, decode, encode)
        return CardField<Whole>(key: key, help: help, schema: schema, examples: examples, frequency: frequency,
                                isRequired: isRequired, isRequiredFor: { isRequiredFor($0[keyPath: part]) },
                                decode: { container, key, whole in try decode(container, key, &whole[keyPath: part]) },
                                encode: { whole, container, key in try encode(whole[keyPath: part], &container, key) })
    }
}

extension Array {
    /// The JSON keys of these fields.
    public func keys<Layer>() -> [String] where Element == CardField<Layer> { map(\.key) }
}

/// Reading and writing a layer through its fields.
extension Decoder {
    /// `layer` with the keys of `fields` this object has, read in the fields' order (so that of two invalid values
    /// the same one is reported whatever order the JSON has them in); a key the fields and `otherKeys` do not have
    /// is an error listing them, naming the object `what`, and so is a required key that is absent. With
    /// `otherKeys` `nil` the caller has refused unknown keys already (a text layer's request reader knows both sets).
    func read<Layer>(_ fields: [CardField<Layer>], into layer: inout Layer, otherKeys: [String]?,
                     in what: String) throws {
        let container = try container(keyedBy: AnyCodingKey.self)
        let present = Set(container.allKeys.map(\.stringValue))
        if let otherKeys, let unknown = container.allKeys.first(where: { key in
            !otherKeys.contains(key.stringValue) && !fields.contains { $0.key == key.stringValue }
        }) {
            throw DecodingError.dataCorruptedError(
                forKey: unknown, in: container,
                debugDescription: "unknown key; \(what) has " + (otherKeys + fields.map(\.key)).joined(separator: ", "))
        }
        for field in fields where present.contains(field.key) {
            try field.decode(container, AnyCodingKey(stringValue: field.key), &layer)
        }
        if let missing = fields.first(where: { !present.contains($0.key) && $0.isRequiredFor(layer) }) {
            throw DecodingError.keyNotFound(AnyCodingKey(stringValue: missing.key),
                                            .init(codingPath: container.codingPath, debugDescription: ""))
        }
    }
}

extension Encoder {
    /// Writes the keys of `fields` that `layer` sets.
    func write<Layer>(_ fields: [CardField<Layer>], of layer: Layer) throws {
        var container = container(keyedBy: AnyCodingKey.self)
        for field in fields { try field.encode(layer, &container, AnyCodingKey(stringValue: field.key)) }
    }
}
