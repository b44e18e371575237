import Foundation
import MatterTypeWire

/// A `Decoder` over a ``CardTree``: a card is read from its parsed JSON without writing the JSON out and parsing
/// it again. It answers as `JSONDecoder` does — the same `DecodingError`s with the same coding paths, so that a
/// message names the layer and key as before — except that object keys are listed sorted (one document, one
/// message) and a number that is not a whole one where an integer goes names its place.
struct CardTreeDecoder: Decoder {
    let tree: CardTree
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The card `tree` describes.
    static func card(from tree: CardTree) throws -> Card {
        try Card(from: CardTreeDecoder(tree: tree, codingPath: []))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        switch tree {
        case .object(let members):
            return KeyedDecodingContainer(Keyed(members: members, codingPath: codingPath))
        case .null:
            throw DecodingError.valueNotFound([String: Any].self, .init(
                codingPath: codingPath, debugDescription: "Cannot get keyed decoding container -- found null value instead"))
        default:
            throw Self.mismatch([String: Any].self, tree, codingPath)
        }
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        switch tree {
        case .array(let items):
            return Unkeyed(items: items, codingPath: codingPath)
        case .null:
            throw DecodingError.valueNotFound([Any].self, .init(
                codingPath: codingPath, debugDescription: "Cannot get unkeyed decoding container -- found null value instead"))
        default:
            throw Self.mismatch([Any].self, tree, codingPath)
        }
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(tree: tree, codingPath: codingPath) }

    /// `JSONDecoder`'s error for a value of another kind than `type`.
    static func mismatch(_ type: Any.Type, _ tree: CardTree, _ path: [any CodingKey]) -> DecodingError {
        let found = switch tree {
        case .null: "null"
        case .bool: "bool"
        case .number: "number"
        case .string: "a string"
        case .array: "an array"
        case .object: "a dictionary"
        }
        return .typeMismatch(type, .init(codingPath: path, debugDescription: "Expected to decode \(type) but found \(found) instead."))
    }

    /// The value of `tree` as `T`, at `path`.
    static func value<T: Decodable>(_ type: T.Type, _ tree: CardTree, _ path: [any CodingKey]) throws -> T {
        try T(from: CardTreeDecoder(tree: tree, codingPath: path))
    }

    /// One value, read as a primitive.
    struct Single: SingleValueDecodingContainer {
        let tree: CardTree
        let codingPath: [any CodingKey]

        func decodeNil() -> Bool { tree == .null }

        func decode(_ type: Bool.Type) throws -> Bool {
            guard case .bool(let value) = tree else { throw failure(type) }
            return value
        }

        func decode(_ type: String.Type) throws -> String {
            guard case .string(let value) = tree else { throw failure(type) }
            return value
        }

        func decode(_ type: Double.Type) throws -> Double {
            guard case .number(let value) = tree else { throw failure(type) }
            return value
        }

        func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }
        func decode(_ type: Int.Type) throws -> Int { try integer(type) }
        func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
        func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
        func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
        func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
        func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try CardTreeDecoder.value(type, tree, codingPath)
        }

        /// A whole number that fits `T`.
        private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
            let value = try decode(Double.self)
            guard let whole = T(exactly: value) else {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath,
                                                        debugDescription: "\(value) is not a whole number that fits \(T.self)"))
            }
            return whole
        }

        private func failure(_ type: Any.Type) -> DecodingError {
            if tree == .null {
                return .valueNotFound(type, .init(codingPath: codingPath, debugDescription: "Expected \(type) value but found null instead."))
            }
            return CardTreeDecoder.mismatch(type, tree, codingPath)
        }
    }

    /// An object's members.
    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let members: [String: CardTree]
        let codingPath: [any CodingKey]

        var allKeys: [Key] { members.keys.sorted().compactMap(Key.init(stringValue:)) }

        func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

        private func member(_ key: Key) throws -> CardTree {
            guard let value = members[key.stringValue] else {
                throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription:
                    "No value associated with key \(key) (\"\(key.stringValue)\")."))
            }
            return value
        }

        private func single(_ key: Key) throws -> Single { Single(tree: try member(key), codingPath: codingPath + [key]) }

        func decodeNil(forKey key: Key) throws -> Bool { try member(key) == .null }
        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try single(key).decode(type) }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try single(key).decode(type) }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try single(key).decode(type) }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try single(key).decode(type) }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try single(key).decode(type) }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try single(key).decode(type) }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try single(key).decode(type) }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try single(key).decode(type) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try single(key).decode(type) }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try single(key).decode(type) }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try single(key).decode(type) }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try single(key).decode(type) }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try single(key).decode(type) }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try single(key).decode(type) }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try single(key).decode(type) }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type,
                                                   forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            try CardTreeDecoder(tree: try member(key), codingPath: codingPath + [key]).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try CardTreeDecoder(tree: try member(key), codingPath: codingPath + [key]).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder {
            CardTreeDecoder(tree: members["super"] ?? .null, codingPath: codingPath + [AnyCodingKey(stringValue: "super")])
        }

        func superDecoder(forKey key: Key) throws -> any Decoder {
            CardTreeDecoder(tree: members[key.stringValue] ?? .null, codingPath: codingPath + [key])
        }
    }

    /// An array's items, in order.
    struct Unkeyed: UnkeyedDecodingContainer {
        let items: [CardTree]
        let codingPath: [any CodingKey]
        var currentIndex = 0

        init(items: [CardTree], codingPath: [any CodingKey]) {
            self.items = items
            self.codingPath = codingPath
        }

        var count: Int? { items.count }
        var isAtEnd: Bool { currentIndex >= items.count }

        /// The next item's decoder, moving past it.
        private mutating func next(_ type: Any.Type) throws -> CardTreeDecoder {
            let path = codingPath + [IndexKey(index: currentIndex)]
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(type, .init(codingPath: path, debugDescription: "Unkeyed container is at end."))
            }
            defer { currentIndex += 1 }
            return CardTreeDecoder(tree: items[currentIndex], codingPath: path)
        }

        private mutating func single(_ type: Any.Type) throws -> Single {
            let decoder = try next(type)
            return Single(tree: decoder.tree, codingPath: decoder.codingPath)
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, items[currentIndex] == .null else { return false }
            currentIndex += 1
            return true
        }

        mutating func decode(_ type: Bool.Type) throws -> Bool { try single(type).decode(type) }
        mutating func decode(_ type: String.Type) throws -> String { try single(type).decode(type) }
        mutating func decode(_ type: Double.Type) throws -> Double { try single(type).decode(type) }
        mutating func decode(_ type: Float.Type) throws -> Float { try single(type).decode(type) }
        mutating func decode(_ type: Int.Type) throws -> Int { try single(type).decode(type) }
        mutating func decode(_ type: Int8.Type) throws -> Int8 { try single(type).decode(type) }
        mutating func decode(_ type: Int16.Type) throws -> Int16 { try single(type).decode(type) }
        mutating func decode(_ type: Int32.Type) throws -> Int32 { try single(type).decode(type) }
        mutating func decode(_ type: Int64.Type) throws -> Int64 { try single(type).decode(type) }
        mutating func decode(_ type: UInt.Type) throws -> UInt { try single(type).decode(type) }
        mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try single(type).decode(type) }
        mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try single(type).decode(type) }
        mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try single(type).decode(type) }
        mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try single(type).decode(type) }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try single(type).decode(type) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
            -> KeyedDecodingContainer<NestedKey> {
            try next([String: Any].self).container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try next([Any].self).unkeyedContainer()
        }

        mutating func superDecoder() throws -> any Decoder { try next(Any.self) }
    }
}

/// An array item's place in a coding path (`item 3` in a message).
struct IndexKey: CodingKey {
    let index: Int
    init(index: Int) { self.index = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { index = intValue }
    var stringValue: String { "Index \(index)" }
    var intValue: Int? { index }
}
