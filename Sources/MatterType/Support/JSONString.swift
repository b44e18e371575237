/// A string written as JSON text: quoted, with `"`, `\` and control characters escaped and everything else as it
/// is (UTF-8 when encoded); and numbers. What the token reader, card templates and the request generator write
/// JSON with.
package enum JSONString {
    /// Appends `value`, quoted and escaped, to `out`.
    package static func write(_ value: String, into out: inout String) {
        out += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    /// A number as JSON text: a whole number without a fraction (`16`, not `16.0`), any other in Swift's shortest
    /// form that reads back the same (`0.1`, `1e-07`); one that is not finite (JSON has none) as `null`.
    package static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        return value == value.rounded() && value.magnitude < 1e15 ? String(Int64(value)) : String(value)
    }

    /// `value` quoted and escaped.
    package static func quoted(_ value: String) -> String {
        var out = ""
        write(value, into: &out)
        return out
    }
}
