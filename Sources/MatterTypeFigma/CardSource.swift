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
    /// A card document, read.
    case card(CardTemplate)
    /// A Figma frame, converted.
    case figma(FigmaFrame)

    /// The keys that make a JSON object without `layers` a Figma REST response: `document` (a file), `nodes` (a
    /// nodes response), or one of the wrappers ``FigmaDocument`` unwraps.
    public static let figmaKeys = ["document", "nodes", "default", "result", "Result", "data"]

    /// Reads `data` (its JSON parsed once): an object without `layers` that has one of ``figmaKeys``, or is a bare
    /// node (an `id` and a ``FigmaDocument/nodeTypes`` `type`), is a Figma document, anything else a card
    /// document. In a Figma document `node` names the node to draw (any node, one inside a frame too); without it,
    /// ``FigmaDocument/defaultNode`` is drawn. `images` gives image fills' bytes by `imageRef`, as
    /// ``FigmaDocument/frame(_:images:renderer:)`` takes them, and `renderer` lays a Figma frame out for its
    /// constraints' design sizes (it should have the fonts the card will be drawn with).
    /// `fields` sets a Figma node's component properties before it is converted (``FigmaDocument/setting(_:of:)``:
    /// its placeholders are left to the card's values); a card document takes them as its values, later.
    /// `variables` resolves a Figma document's bound values in `modes` (`Collection=Mode`;
    /// ``FigmaDocument/resolving(_:modes:)``); a card's `mode` value then chooses others (``FigmaFrame/modeField``).
    /// - Throws: ``CardError`` for a card document that is not JSON or (when it has no placeholders) not a card;
    ///   ``FigmaError`` for a Figma document that cannot be read, has no node `node`, or has no visible node, or
    ///   for a field it has not or cannot set so.
    public static func read(_ data: Data, node: String?, images: [String: String] = [:],
                            renderer: CardRenderer = CardRenderer(), fields: [String: String] = [:],
                            variables: FigmaVariables? = nil, modes: [String] = []) throws -> CardSource {
        let object = try CardTree.foundationObject(parsing: data)
        guard let members = object as? [String: Any], members["layers"] == nil,
              figmaKeys.contains(where: { members[$0] != nil })
                || (members["id"] is String && (members["type"] as? String).map(FigmaDocument.nodeTypes.contains) == true)
        else {
            return .card(try CardTemplate(data, parsed: CardTree(foundation: object)))
        }
        var figma = try FigmaDocument(data: data)
        if let variables { figma = figma.resolving(variables, modes: try variables.modes(modes)).document }
        guard let chosen = node ?? figma.defaultNode?.id else {
            throw FigmaError.invalidDocument(figma.topLevelNodes.isEmpty ? "it has no nodes to draw"
                : "none of its top-level nodes is visible; choose one as the node to draw: "
                    + FigmaNodeSummary.list(figma.topLevelNodes.map(\.choice)))
        }
        let set = fields.isEmpty ? figma : try figma.setting(fields, of: chosen).document
        return .figma(try set.frame(chosen, images: images, renderer: renderer))
    }

    /// Whether it came from a Figma document.
    public var isFigma: Bool {
        if case .figma = self { true } else { false }
    }

    /// What is drawn differently from Figma, node by node (none for a card document).
    public var warnings: [FigmaWarning] {
        if case .figma(let frame) = self { frame.warnings } else { [] }
    }

    /// The template: the card document, or the Figma frame's card (its document: the card written as JSON, keys
    /// sorted, placeholders kept — what a Figma template is stored as).
    public var template: CardTemplate {
        switch self {
        case .card(let template): template
        case .figma(let frame): frame.template
        }
    }

    /// `error` (from laying out or drawing its card) in the words of the document it came from: a Figma frame's
    /// names the node (``FigmaFrame/describe(_:)``).
    public func describe(_ error: CardError) -> String {
        if case .figma(let frame) = self { frame.describe(error) } else { error.description }
    }

    /// The card, its `{{name}}` placeholders filled from `values` (a name without a value is
    /// ``CardError/missingValue(_:)``); a Figma frame's component properties set from those naming them
    /// (``FigmaFrame/card(values:)``).
    public func card(values: [String: String] = [:]) throws(CardError) -> Card {
        switch self {
        case .card(let template): try template.card(values: values)
        case .figma(let frame): try frame.card(values: values)
        }
    }
}
