import MatterType

/// A JSON value whose object keys keep the order they were written in, so that a generated request is the same
/// bytes every time it is made from the same seed.
public indirect enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Members in order; a key may appear once.
    case object([Member])
    /// JSON text written as it is: a field's declared example (``RequestField/examples``).
    case raw(String)

    /// One key and its value in an object.
    public struct Member: Sendable, Hashable {
        /// The key.
        public let key: String
        /// The value.
        public let value: JSONValue

        /// A member `key`: `value`.
        public init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The value as compact JSON text: numbers in Swift's shortest form (whole numbers without a fraction),
    /// strings with `"`, `\` and control characters escaped and everything else as UTF-8. A number that is not
    /// finite (JSON has none) is written as `null`.
    public var text: String {
        var out = ""
        write(into: &out)
        return out
    }

    private func write(into out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let value): out += JSONString.number(value)
        case .string(let value): JSONString.write(value, into: &out)
        case .raw(let text): out += text
        case .array(let values):
            out += "["
            for (index, value) in values.enumerated() {
                if index > 0 { out += "," }
                value.write(into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                JSONString.write(member.key, into: &out)
                out += ":"
                member.value.write(into: &out)
            }
            out += "}"
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral {
    /// A string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// A number.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// A number.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// A Boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}
