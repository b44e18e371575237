import Foundation
import MatterTypeWire

/// An `Encoder` that builds a ``CardTree``: a card (a Figma frame's) becomes the parsed document a
/// ``CardTemplate`` keeps without being written as JSON text and parsed again.
struct CardTreeEncoder: Encoder {
    /// Where the value being encoded goes.
    let slot: Slot
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The tree of `value`'s JSON.
    static func tree(of value: some Encodable) throws -> CardTree {
        let slot = Slot()
        try value.encode(to: CardTreeEncoder(slot: slot, codingPath: []))
        return slot.tree
    }

    /// A value under construction: a leaf, or an object or array whose members are slots still being filled.
    /// A class because Swift's containers write through copies of themselves; used by one encoding call, on one
    /// thread, and never kept.
    final class Slot {
        enum Content {
            case empty
            case leaf(CardTree)
            case object([String: Slot])
            case array([Slot])
        }
        var content = Content.empty

        /// The value built, an unfilled slot as an empty object (what `JSONEncoder` writes for a value that
        /// encodes nothing).
        var tree: CardTree {
            switch content {
            case .empty: .object([:])
            case .leaf(let tree): tree
            case .object(let members): .object(members.mapValues(\.tree))
            case .array(let items): .array(items.map(\.tree))
            }
        }

        /// The slot as an object, made one if it is not yet.
        func member(_ key: String) -> Slot {
            var members: [String: Slot] = [:]
            if case .object(let existing) = content { members = existing }
            content = .empty  // so that `members` is the only reference, changed in place
            let slot = members[key] ?? Slot()
            members[key] = slot
            content = .object(members)
            return slot
        }

        func makeObject() { if case .object = content {} else { content = .object([:]) } }

        /// A new last item of the slot as an array, made one if it is not yet.
        func appended() -> Slot {
            var items: [Slot] = []
            if case .array(let existing) = content { items = existing }
            content = .empty  // so that `items` is the only reference, changed in place
            let slot = Slot()
            items.append(slot)
            content = .array(items)
            return slot
        }

        func makeArray() { if case .array = content {} else { content = .array([]) } }

        var count: Int { if case .array(let items) = content { items.count } else { 0 } }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        slot.makeObject()
        return KeyedEncodingContainer(Keyed(slot: slot, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        slot.makeArray()
        return Unkeyed(slot: slot, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { Single(slot: slot, codingPath: codingPath) }

    /// `value` encoded into `slot`: primitives as leaves, anything else through its own `encode(to:)`.
    static func encode<T: Encodable>(_ value: T, into slot: Slot, at path: [any CodingKey]) throws {
        switch value {
        case let value as String: slot.content = .leaf(.string(value))
        case let value as Bool: slot.content = .leaf(.bool(value))
        case let value as Double: slot.content = .leaf(try number(value, path))
        case let value as Float: slot.content = .leaf(try number(Double(value), path))
        case let value as Int: slot.content = .leaf(.number(Double(value)))
        default: try value.encode(to: CardTreeEncoder(slot: slot, codingPath: path))
        }
    }

    /// A number, refusing what JSON cannot hold (as `JSONEncoder` does).
    private static func number(_ value: Double, _ path: [any CodingKey]) throws -> CardTree {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: path, debugDescription: "\(value) is not a JSON number"))
        }
        return .number(value)
    }

    struct Single: SingleValueEncodingContainer {
        let slot: Slot
        let codingPath: [any CodingKey]

        mutating func encodeNil() { slot.content = .leaf(.null) }
        mutating func encode<T: Encodable>(_ value: T) throws { try CardTreeEncoder.encode(value, into: slot, at: codingPath) }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let slot: Slot
        let codingPath: [any CodingKey]

        mutating func encodeNil(forKey key: Key) { slot.member(key.stringValue).content = .leaf(.null) }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try CardTreeEncoder.encode(value, into: slot.member(key.stringValue), at: codingPath + [key])
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type,
                                                            forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            CardTreeEncoder(slot: slot.member(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            CardTreeEncoder(slot: slot.member(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            CardTreeEncoder(slot: slot.member("super"), codingPath: codingPath + [AnyCodingKey(stringValue: "super")])
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            CardTreeEncoder(slot: slot.member(key.stringValue), codingPath: codingPath + [key])
        }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let slot: Slot
        let codingPath: [any CodingKey]
        var count: Int { slot.count }

        private func path() -> [any CodingKey] { codingPath + [IndexKey(index: slot.count)] }

        mutating func encodeNil() { slot.appended().content = .leaf(.null) }

        mutating func encode<T: Encodable>(_ value: T) throws {
            let path = path()
            try CardTreeEncoder.encode(value, into: slot.appended(), at: path)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            let path = path()
            return CardTreeEncoder(slot: slot.appended(), codingPath: path).container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let path = path()
            return CardTreeEncoder(slot: slot.appended(), codingPath: path).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            let path = path()
            return CardTreeEncoder(slot: slot.appended(), codingPath: path)
        }
    }
}
