public import Foundation
public import MatterTypeCards

/// A card template as a document gives it: a card document, or the card a Figma frame becomes. The one rule for
/// "card or Figma, and which node" that `mattertype card`, `figma` and `batch` and the server's card routes and
/// templates share ([Docs/Figma.md](Docs/Figma.md), "Card or Figma").
///
/// ```swift
/// let source = try CardSource.read(Data(contentsOf: url), node: "1:2")
/// let png = try CardRenderer().encoded(try source.card(values: ["title": "Hello"]))
/// ```
public enum CardSource: Sendable {
    /// A card document (MatterTypeCards' JSON), as it was given.
    case card(Data)
    /// A Figma frame, converted.
    case figma(FigmaFrame)

    /// The keys that make a JSON object without `layers` a Figma REST response: `document` (a file), `nodes` (a
    /// nodes response), or one of the wrappers ``FigmaDocument`` unwraps.
    public static let figmaKeys = ["document", "nodes", "default", "result", "Result", "data"]

    /// Reads `data`: an object without `layers` that has one of ``figmaKeys`` is a Figma document, anything else a
    /// card document (whose errors come when it is decoded). In a Figma document `node` names the node to draw;
    /// without it the document's only top-level node is drawn, and a document of several is an error listing
    /// them. `images` gives image fills' bytes by `imageRef`, as ``FigmaDocument/frame(_:images:)`` takes them.
    /// - Throws: ``FigmaError`` for a Figma document that cannot be read, has no node `node`, has no nodes, or has
    ///   several top-level nodes and none was named (``FigmaError/nodeNotChosen(_:)``).
    public static func read(_ data: Data, node: String?,
                            images: [String: String] = [:]) throws(FigmaError) -> CardSource {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], object["layers"] == nil,
              figmaKeys.contains(where: { object[$0] != nil }) else {
            return .card(data)
        }
        let figma = try FigmaDocument(data: data)
        if let node { return .figma(try figma.frame(node, images: images)) }
        guard let only = figma.topLevelNodes.first else {
            throw .invalidDocument("it has no nodes to draw")
        }
        guard figma.topLevelNodes.count == 1 else { throw .nodeNotChosen(figma.topLevelNodes) }
        return .figma(try figma.frame(only.id, images: images))
    }

    /// Whether it came from a Figma document.
    public var isFigma: Bool {
        if case .figma = self { true } else { false }
    }

    /// What is drawn differently from Figma, node by node (none for a card document).
    public var warnings: [FigmaWarning] {
        if case .figma(let frame) = self { frame.warnings } else { [] }
    }

    /// The card, its `{{name}}` placeholders filled from `values` (a name without a value is
    /// ``CardError/missingValue(_:)``).
    public func card(values: [String: String] = [:]) throws(CardError) -> Card {
        switch self {
        case .card(let data): try Card.decode(from: data, values: values)
        case .figma(let frame): try frame.card(values: values)
        }
    }

    /// The card document it stands for, as a template is stored: the document as given, or the Figma frame's card
    /// written as a card document (keys sorted), its placeholders kept.
    public func document() throws(CardError) -> Data {
        switch self {
        case .card(let data):
            return data
        case .figma(let frame):
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            do {
                return try encoder.encode(frame.card)
            } catch {
                throw .invalidJSON("the frame could not be written as a card: \(error)")
            }
        }
    }
}
