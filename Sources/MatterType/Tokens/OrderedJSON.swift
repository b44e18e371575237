/// JSON parsed with its objects' keys in document order (Foundation's JSONSerialization loses the order, and
/// design-token errors are reported in document order), numbers and Booleans kept apart.
enum OrderedJSON: Sendable, Equatable {
    case object([(key: String, value: OrderedJSON)])
    case array([OrderedJSON])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    /// The deepest nesting of arrays and objects parsed.
    static let maximumDepth = 256

    static func == (lhs: OrderedJSON, rhs: OrderedJSON) -> Bool {
        switch (lhs, rhs) {
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.array(let a), .array(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.null, .null): true
        default: false
        }
    }

    /// The value of `key` in an object (the last one, if a key repeats, as JSON parsers do), or `nil`.
    subscript(key: String) -> OrderedJSON? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// The members of an object, or `nil`.
    var members: [(key: String, value: OrderedJSON)]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The string, or `nil`.
    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number, or `nil`.
    var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// Parses `bytes` (UTF-8 JSON, RFC 8259; a byte order mark before it, as Windows editors write, is skipped as
    /// RFC 8259 §8.1 lets a parser do, and as Foundation's readers do for cards and Figma documents).
    /// - Throws: ``OrderedJSON/SyntaxError`` with the byte offset of the problem.
    static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> OrderedJSON {
        var parser = Parser(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.index == bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    /// Where and why JSON could not be parsed.
    struct SyntaxError: Error, Sendable {
        /// The byte offset.
        let offset: Int
        /// What was wrong.
        let reason: String
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        func error(_ reason: String) -> SyntaxError { SyntaxError(offset: index, reason: reason) }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func value(depth: Int) throws(SyntaxError) -> OrderedJSON {
            guard depth < OrderedJSON.maximumDepth else { throw error("nested deeper than 256") }
            guard index < bytes.count else { throw error("unexpected end of the file") }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var members: [(key: String, value: OrderedJSON)] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                while true {
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key") }
                    let key = try string()
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
                    index += 1
                    skipSpace()
                    members.append((key, try value(depth: depth + 1)))
                    skipSpace()
                    guard index < bytes.count else { throw error("unexpected end of the file") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                    throw error("expected ',' or '}'")
                }
            case UInt8(ascii: "["):
                index += 1
                var items: [OrderedJSON] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
                while true {
                    skipSpace()
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    guard index < bytes.count else { throw error("unexpected end of the file") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
                    throw error("expected ',' or ']'")
                }
            case UInt8(ascii: "\""):
                return .string(try string())
            case UInt8(ascii: "t"): return try literal("true", .bool(true))
            case UInt8(ascii: "f"): return try literal("false", .bool(false))
            case UInt8(ascii: "n"): return try literal("null", .null)
            default:
                return try number()
            }
        }

        mutating func literal(_ word: String, _ value: OrderedJSON) throws(SyntaxError) -> OrderedJSON {
            let utf8 = Array(word.utf8)
            guard index + utf8.count <= bytes.count, Array(bytes[index..<index + utf8.count]) == utf8 else {
                throw error("unexpected character")
            }
            index += utf8.count
            return value
        }

        mutating func number() throws(SyntaxError) -> OrderedJSON {
            let start = index
            while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
            guard index > start, let text = String(validating: bytes[start..<index], as: UTF8.self),
                  let number = Double(text), number.isFinite,
                  text.first != "+", !(text.hasPrefix("0") && text.count > 1 && text.dropFirst().first?.isNumber == true)
            else {
                index = start
                throw error("unexpected character")
            }
            return .number(number)
        }

        mutating func string() throws(SyntaxError) -> String {
            index += 1  // the opening quote
            var units: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    guard let text = String(validating: units, as: UTF8.self) else { throw error("invalid UTF-8") }
                    return text
                case UInt8(ascii: "\\"):
                    guard index < bytes.count else { throw error("unexpected end of the file") }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): units.append(escape)
                    case UInt8(ascii: "b"): units.append(0x08)
                    case UInt8(ascii: "f"): units.append(0x0C)
                    case UInt8(ascii: "n"): units.append(0x0A)
                    case UInt8(ascii: "r"): units.append(0x0D)
                    case UInt8(ascii: "t"): units.append(0x09)
                    case UInt8(ascii: "u"):
                        var scalar = try hex4()
                        if (0xD800..<0xDC00).contains(scalar), index + 1 < bytes.count,
                           bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                            index += 2
                            let low = try hex4()
                            guard (0xDC00..<0xE000).contains(low) else { throw error("invalid surrogate pair") }
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let value = Unicode.Scalar(scalar) else { throw error("invalid \\u escape") }
                        units.append(contentsOf: Array(String(Character(value)).utf8))
                    default:
                        throw error("invalid escape")
                    }
                case 0..<0x20:
                    throw error("control character in a string")
                default:
                    units.append(byte)
                }
            }
            throw error("unterminated string")
        }

        mutating func hex4() throws(SyntaxError) -> UInt32 {
            guard index + 4 <= bytes.count, let text = String(validating: bytes[index..<index + 4], as: UTF8.self),
                  let value = UInt32(text, radix: 16) else { throw error("invalid \\u escape") }
            index += 4
            return value
        }
    }
}

extension OrderedJSON {
    /// The value written as JSON text, keys in their order; a number that is whole is written without a fraction.
    var jsonText: String {
        switch self {
        case .object(let members):
            "{" + members.map { JSONString.quoted($0.key) + ": " + $0.value.jsonText }
                .joined(separator: ", ") + "}"
        case .array(let items): "[" + items.map(\.jsonText).joined(separator: ", ") + "]"
        case .string(let text): JSONString.quoted(text)
        case .number(let number): JSONString.number(number)
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        }
    }
}
