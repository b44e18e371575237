public import Foundation
import MatterTypeWire

/// A card document read once, to be drawn for many values: its JSON parsed, its `{{name}}` placeholders and
/// `"choices"` found; ``card(values:)`` fills the parsed document and reads the card from it without parsing
/// again. What `mattertype batch` keeps for its rows and the server for each stored template.
///
/// ```swift
/// let template = try CardTemplate(Data(contentsOf: url))
/// for row in rows { let png = try CardRenderer().encoded(try template.card(values: row)) }
/// ```
public struct CardTemplate: Sendable {
    /// The document: as it was given, or (for ``init(_:)-(Card)``) the card written as JSON, keys sorted.
    public let document: Data
    /// The placeholders' names, sorted, each once.
    public let placeholders: [String]
    /// The document's tree without its `"choices"`.
    private let tree: CardTree
    /// Each placeholder's choices, by name: the text each name stands for.
    private let choices: [String: [String: String]]
    /// The card, when the document has no placeholders: read once, whatever the values.
    private let plain: Card?

    /// Reads a card document. A placeholder the document lists under `"choices"` takes one of its choices' names
    /// as its value and is filled with that choice's text: `"choices": {"avatar": {"ada": "data:image/png;base64,…",
    /// "bob": "data:…"}}` lets `"src": "{{avatar}}"` be only those two images (a template's visitors name one;
    /// they cannot send their own).
    /// - Throws: ``CardError`` naming what is wrong: not JSON, `"choices"` of the wrong shape, and — when the
    ///   document has no placeholders, so that its card is read at once — a key or value.
    public init(_ data: Data) throws(CardError) {
        try self.init(data, parsed: try CardTree(parsing: data))
    }

    /// The template of `data`, whose tree is `tree` (a caller that looked into the JSON first parses it once).
    package init(_ data: Data, parsed tree: CardTree) throws(CardError) {
        (self.tree, choices) = try Self.withoutChoices(tree)
        document = data
        placeholders = self.tree.placeholderNames.sorted()
        plain = placeholders.isEmpty ? try Self.card(from: self.tree) : nil
    }

    /// `card` as a template: its texts' `{{name}}` placeholders are its fields (a Figma frame's card), those in
    /// `choices` limited to the names listed there (by placeholder: name → text, as a card document's
    /// `"choices"`; written into ``document`` with them, so that the document read back has them too).
    /// - Throws: ``CardError/invalidJSON(_:)`` for a value JSON cannot hold (a number that is not finite);
    ///   ``CardError/invalid(field:reason:)`` for a placeholder in `choices` without any.
    public init(_ card: Card, choices: [String: [String: String]] = [:]) throws(CardError) {
        let tree: CardTree
        do {
            tree = try CardTreeEncoder.tree(of: card)
        } catch {
            throw .invalidJSON("the card could not be written as JSON: \(error)")
        }
        var written = tree
        if !choices.isEmpty, case .object(var members) = tree {
            members["choices"] = .object(choices.mapValues { .object($0.mapValues { .string($0) }) })
            written = .object(members)
        }
        (self.tree, self.choices) = try Self.withoutChoices(written)
        document = written.data
        placeholders = tree.placeholderNames.sorted()
        plain = placeholders.isEmpty ? card : nil
    }

    /// The card, each `{{name}}` filled from `values` (a value for a placeholder with choices names one of them).
    /// Values for names the document does not have are ignored.
    /// - Throws: ``CardError/missingValue(_:)`` for a placeholder without a value,
    ///   ``CardError/notAChoice(placeholder:value:choices:)``, or the error of a key or value the filled document
    ///   gets wrong.
    public func card(values: [String: String] = [:]) throws(CardError) -> Card {
        var filled = values
        for (name, options) in choices {
            guard let value = values[name] else { continue }
            guard let choice = options[value] else {
                throw .notAChoice(placeholder: name, value: value, choices: options.keys.sorted())
            }
            filled[name] = choice
        }
        if let plain { return plain }
        return try Self.card(from: tree.filled(filled))
    }

    /// The card drawn to check the template before it is stored: each placeholder filled with a stand-in suited
    /// to its place — `#000000` for a color with a placeholder in it (`color`, `fill`, `background`, gradient
    /// stops: `"#{{hex}}"` too), a 1 × 1 transparent PNG where an image goes (`src`, `image`), `x` elsewhere; a
    /// placeholder with `"choices"` stands in as its first choice by name.
    /// - Throws: ``CardError`` for a key or value the document gets wrong.
    public func standIn() throws(CardError) -> Card {
        if let plain { return plain }
        let first = choices.compactMapValues { options in options.keys.min().flatMap { options[$0] } }
        return try Self.card(from: tree.filled(first, leavingOthers: true).standingIn)
    }

    /// The card `tree` describes, its decoding errors in the words a request's are.
    private static func card(from tree: CardTree) throws(CardError) -> Card {
        do {
            return try CardTreeDecoder.card(from: tree)
        } catch let error as DecodingError {
            throw .invalidJSON(error.jsonDescription.replacingOccurrences(of: "\"layers\", item ", with: "layer "))
        } catch let error as CardError {
            throw error
        } catch {
            throw .invalidJSON("\(error)")
        }
    }

    /// The document's tree without its `"choices"`, and those choices (by placeholder, by name), checked.
    private static func withoutChoices(_ tree: CardTree) throws(CardError) -> (CardTree, [String: [String: String]]) {
        guard case .object(var members) = tree, let listed = members.removeValue(forKey: "choices") else {
            return (tree, [:])
        }
        guard case .object(let placeholders) = listed else {
            throw .invalid(field: "choices", reason: "is not an object; list each placeholder's choices: "
                           + "{\"avatar\": {\"ada\": \"data:…\"}}")
        }
        var choices: [String: [String: String]] = [:]
        for (name, options) in placeholders {
            guard case .object(let named) = options, !named.isEmpty,
                  case let texts = named.compactMapValues({ if case .string(let text) = $0 { text } else { nil } }),
                  texts.count == named.count else {
                throw .invalid(field: "choices", reason: "\(name) is not an object of one or more names and their "
                               + "texts (\"ada\": \"data:…\")")
            }
            choices[name] = texts
        }
        return (.object(members), choices)
    }
}
