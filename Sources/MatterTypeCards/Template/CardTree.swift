package import Foundation
import MatterType

/// A card document's JSON, parsed: what a ``CardTemplate`` keeps, fills with values and decodes a ``Card`` from
/// (``CardTreeDecoder``) without writing it out and parsing it again.
package indirect enum CardTree: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([CardTree])
    case object([String: CardTree])

    /// The tree of a JSON text.
    /// - Throws: ``CardError/malformedJSON(_:)`` with the parser's words for where it is not JSON.
    package init(parsing data: Data) throws(CardError) {
        self.init(foundation: try Self.foundationObject(parsing: data))
    }

    /// A JSON text as `JSONSerialization` parses it, for a caller that looks into it before it is a tree (whether
    /// it is a Figma document, which is read otherwise).
    /// - Throws: ``CardError/malformedJSON(_:)`` with the parser's words for where it is not JSON.
    package static func foundationObject(parsing data: Data) throws(CardError) -> Any {
        do {
            return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "syntax error"
            throw .malformedJSON("not valid JSON (\(detail))")
        }
    }

    /// The tree of a value `JSONSerialization` parsed (its booleans are `NSNumber`s of Objective-C type `c`).
    package init(foundation value: Any) {
        switch value {
        case let text as String:
            self = .string(text)
        case let number as NSNumber:
            self = String(cString: number.objCType) == "c" ? .bool(number.boolValue) : .number(number.doubleValue)
        case let array as [Any]:
            self = .array(array.map(CardTree.init(foundation:)))
        case let object as [String: Any]:
            self = .object(object.mapValues(CardTree.init(foundation:)))
        default:
            self = .null
        }
    }

    /// The tree as compact JSON text, object keys sorted (the same tree is the same bytes); a whole number is
    /// written without a fraction, as `JSONEncoder` writes it.
    var data: Data {
        var out = ""
        write(into: &out)
        return Data(out.utf8)
    }

    private func write(into out: inout String) {
        switch self {
        case .null:
            out += "null"
        case .bool(let value):
            out += value ? "true" : "false"
        case .number(let value):
            out += JSONString.number(value)
        case .string(let value):
            JSONString.write(value, into: &out)
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.write(into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { out += "," }
                JSONString.write(key, into: &out)
                out += ":"
                members[key]?.write(into: &out)
            }
            out += "}"
        }
    }

    /// The names of the placeholders in its strings, each once.
    var placeholderNames: Set<String> {
        var names = Set<String>()
        visitStrings { text in names.formUnion(Card.placeholders(in: text).map(\.name)) }
        return names
    }

    private func visitStrings(_ visit: (String) -> Void) {
        switch self {
        case .string(let text): visit(text)
        case .array(let items): for item in items { item.visitStrings(visit) }
        case .object(let members): for value in members.values { value.visitStrings(visit) }
        case .null, .bool, .number: break
        }
    }

    /// The tree with every placeholder in its strings replaced by its value (placeholders without one stay as
    /// they are when `leavingOthers`, else are ``CardError/missingValue(_:)``).
    func filled(_ values: [String: String], leavingOthers: Bool = false) throws(CardError) -> CardTree {
        try mapStrings { (text, _) throws(CardError) in
            var result = text
            for (range, name) in Card.placeholders(in: text).reversed() {
                guard let value = values[name] else {
                    if leavingOthers { continue }
                    throw .missingValue(name)
                }
                result.replaceSubrange(range, with: value)
            }
            return result
        }
    }

    /// The tree with every placeholder replaced by a stand-in for the place it is in: `#000000` for a whole
    /// color with a placeholder in it (under `color`, `fill`, `background`, `stops`), a transparent pixel where an
    /// image goes (`src`, `image`), `x` elsewhere.
    var standingIn: CardTree {
        // A closure that throws nothing: `mapStrings` cannot fail here.
        (try? mapStrings { (text, key) in
            let found = Card.placeholders(in: text)
            guard !found.isEmpty else { return text }
            if ["color", "fill", "background", "stops"].contains(key) { return "#000000" }
            if ["src", "image"].contains(key) { return Card.transparentPixel }
            var result = text
            for (range, _) in found.reversed() { result.replaceSubrange(range, with: "x") }
            return result
        }) ?? self
    }

    /// The tree with each string `transform`ed, given the object key it sits under (array items inherit their
    /// array's).
    private func mapStrings(key: String = "",
                            _ transform: (String, String) throws(CardError) -> String) throws(CardError) -> CardTree {
        switch self {
        case .string(let text):
            return .string(try transform(text, key))
        case .array(let items):
            var mapped: [CardTree] = []
            mapped.reserveCapacity(items.count)
            for item in items { mapped.append(try item.mapStrings(key: key, transform)) }
            return .array(mapped)
        case .object(let members):
            var mapped: [String: CardTree] = [:]
            mapped.reserveCapacity(members.count)
            for (name, value) in members { mapped[name] = try value.mapStrings(key: name, transform) }
            return .object(mapped)
        case .null, .bool, .number:
            return self
        }
    }
}
