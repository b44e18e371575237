public import Foundation
public import MatterType
public import MatterTypeWire

/// A card document as a template: `{{name}}` placeholders in its strings, filled from values when it is read;
/// `"choices"` that keep a placeholder to named values; stand-ins that let a template be checked before it is
/// stored.
extension Card {
    /// Reads a card from JSON, filling each `{{name}}` in its strings from `values` first. A placeholder the
    /// document lists under `"choices"` takes one of its choices' names as its value and is filled with that
    /// choice's text: `"choices": {"avatar": {"ada": "data:image/png;base64,…", "bob": "data:…"}}` lets
    /// `"src": "{{avatar}}"` be only those two images (a template's visitors name one; they cannot send their own).
    /// - Throws: ``CardError`` naming what is wrong: not JSON, a key, a missing value, a value that is not one of
    ///   its choices.
    public static func decode(from data: Data, values: [String: String] = [:]) throws(CardError) -> Card {
        let (tree, choices) = try withoutChoices(try parse(data))
        var filled = values
        for (name, options) in choices {
            guard let value = values[name] else { continue }
            guard let choice = options[value] else {
                throw .notAChoice(placeholder: name, value: value, choices: options.keys.sorted())
            }
            filled[name] = choice
        }
        return try decode(tree: try fill(tree, filled))
    }

    /// The document's tree without its `"choices"`, and those choices (by placeholder, by name), checked.
    private static func withoutChoices(_ tree: Any) throws(CardError) -> (Any, [String: [String: String]]) {
        guard var object = tree as? [String: Any], let listed = object.removeValue(forKey: "choices") else {
            return (tree, [:])
        }
        guard let placeholders = listed as? [String: Any] else {
            throw .invalid(field: "choices", reason: "is not an object; list each placeholder's choices: "
                           + "{\"avatar\": {\"ada\": \"data:…\"}}")
        }
        var choices: [String: [String: String]] = [:]
        for (name, options) in placeholders {
            guard let options = options as? [String: Any], !options.isEmpty,
                  let texts = options as? [String: String] else {
                throw .invalid(field: "choices", reason: "\(name) is not an object of one or more names and their "
                               + "texts (\"ada\": \"data:…\")")
            }
            choices[name] = texts
        }
        return (object, choices)
    }

    /// The JSON text's tree (Foundation's objects).
    private static func parse(_ data: Data) throws(CardError) -> Any {
        do {
            return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw .malformedJSON("not valid JSON (\((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "syntax error"))")
        }
    }

    /// The card a JSON tree (its placeholders filled) describes.
    private static func decode(tree: Any) throws(CardError) -> Card {
        do {
            let bytes = try JSONSerialization.data(withJSONObject: tree, options: [.fragmentsAllowed])
            return try JSONDecoder().decode(Card.self, from: bytes)
        } catch let error as DecodingError {
            throw .invalidJSON(error.jsonDescription.replacingOccurrences(of: "\"layers\", item ", with: "layer "))
        } catch {
            throw .malformedJSON("not valid JSON")
        }
    }

    /// Reads a card template without its values, to check it before it is stored: each placeholder is filled
    /// with a stand-in suited to its place — `#000000` for a color with a placeholder in it (`color`, `fill`,
    /// `background`, gradient stops: `"#{{hex}}"` too), a 1 × 1 transparent PNG where an image goes (`src`, `image`), `x` elsewhere — so the card
    /// can be decoded and drawn once; a placeholder with `"choices"` stands in as its first choice by name. Also
    /// returns the placeholders' names, sorted, each once.
    /// - Throws: ``CardError`` as ``decode(from:values:)`` does.
    public static func decodeTemplate(from data: Data) throws(CardError) -> (card: Card, placeholders: [String]) {
        let (tree, choices) = try withoutChoices(try parse(data))
        // A placeholder with choices stands in as its first choice (by name): the template is drawn with it.
        let first = choices.compactMapValues { options in options.keys.min().flatMap { options[$0] } }
        var names = Set<String>(), others = Set<String>()
        _ = standIns(tree, key: "", names: &names)  // every placeholder's name
        let filled = try standIns(fill(tree, first, leavingOthers: true), key: "", names: &others)
        return (try decode(tree: filled), names.sorted())
    }

    /// A transparent 1 × 1 PNG, standing in for an image placeholder (made by Python's zlib; decodes with libpng).
    static let transparentPixel = "data:image/png;base64,"
        + "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII="

    /// `tree` with every placeholder replaced by a stand-in for the place it is in (`key`: the object key it sits
    /// under, inherited by array items), and the names found added to `names`.
    private static func standIns(_ tree: Any, key: String, names: inout Set<String>) -> Any {
        switch tree {
        case let text as String:
            let found = placeholders(in: text)
            guard !found.isEmpty else { return text }
            names.formUnion(found.map(\.name))
            // A color with a placeholder anywhere in it (`#{{hex}}`) stands in whole: its value is checked when drawn.
            if ["color", "fill", "background", "stops"].contains(key) { return "#000000" }
            if ["src", "image"].contains(key) { return transparentPixel }
            var result = text
            for (range, _) in found.reversed() { result.replaceSubrange(range, with: "x") }
            return result
        case let array as [Any]:
            return array.map { standIns($0, key: key, names: &names) }
        case let object as [String: Any]:
            var filled: [String: Any] = [:]
            for (name, value) in object { filled[name] = standIns(value, key: name, names: &names) }
            return filled
        default:
            return tree
        }
    }

    /// The placeholders `{{name}}` of `text`, in order (names of letters, digits, `_`, `-` and `.`): each `}}`
    /// closes the last `{{` before it (`{{{name}}` is a brace and a placeholder). One pass: a text of a
    /// hundred thousand braces costs what its length does.
    static func placeholders(in text: String) -> [(range: Range<String.Index>, name: String)] {
        var found: [(Range<String.Index>, String)] = []
        let utf8 = text.utf8
        var open: String.Index?
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let next = utf8.index(after: index)
            guard next < utf8.endIndex else { break }
            if utf8[index] == UInt8(ascii: "{"), utf8[next] == UInt8(ascii: "{") {
                open = index
            } else if utf8[index] == UInt8(ascii: "}"), utf8[next] == UInt8(ascii: "}"), let start = open {
                let end = utf8.index(after: next)
                let name = text[utf8.index(start, offsetBy: 2)..<index]
                if !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0)
                                                                    || "_-.".unicodeScalars.contains($0) }) {
                    found.append((start..<end, String(name)))
                }
                open = nil
                index = end
                continue
            }
            index = next
        }
        return found
    }

    /// `tree` with every placeholder in its strings replaced by its value (placeholders without one stay as they
    /// are when `leavingOthers`, else are ``CardError/missingValue(_:)``).
    private static func fill(_ tree: Any, _ values: [String: String],
                             leavingOthers: Bool = false) throws(CardError) -> Any {
        switch tree {
        case let text as String:
            var result = text
            for (range, name) in placeholders(in: text).reversed() {
                guard let value = values[name] else {
                    if leavingOthers { continue }
                    throw .missingValue(name)
                }
                result.replaceSubrange(range, with: value)
            }
            return result
        case let array as [Any]:
            var filled: [Any] = []
            for item in array { filled.append(try fill(item, values, leavingOthers: leavingOthers)) }
            return filled
        case let object as [String: Any]:
            var filled: [String: Any] = [:]
            for (key, value) in object { filled[key] = try fill(value, values, leavingOthers: leavingOthers) }
            return filled
        default:
            return tree
        }
    }
}
