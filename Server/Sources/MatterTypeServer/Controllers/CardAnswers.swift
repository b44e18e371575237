import MatterTypeCards
import MatterTypeFigma

/// A template as `GET /v1/templates` and `PUT` describe it.
struct TemplateRecord: Codable, Sendable {
    /// Its name.
    var name: String
    /// The SHA-256 of its document.
    var sha256: String
    /// Its placeholders' names, sorted.
    var placeholders: [String]
    /// The canvas's width and height in points.
    var width, height: Double
    /// The document's size in bytes.
    var bytes: Int
    /// What drawing it will not do as its document says, once a kind (a Figma frame's nodes named; its text's
    /// fallback fonts): in the answer to storing it, when there is any.
    var warnings: [String]?
    /// A Figma template's variables' collections and modes: in the answer to storing them.
    var modes: [FigmaVariables.ModeChoices]?
    /// Whether its image is drawn only for signed URLs (stored with `?signed=true`).
    var signed: Bool

    init(_ template: NamedTemplate) {
        name = template.name
        signed = template.signed
        sha256 = template.sha256
        placeholders = template.placeholders
        width = template.width
        height = template.height
        bytes = template.document.count
    }
}

/// The answer of `POST /v1/cards/layout`.
struct LayoutAnswer: Encodable, Sendable {
    let boxes: [LaidOutBox]
    let warnings: [String]?
    /// What its query may set: a Figma frame's component properties and placeholders, a card's placeholders.
    let fields: [TemplateField]
}

/// A layer's box in the answer of `POST /v1/cards/layout`: ``CardLayout/Box``'s members, and for a Figma
/// document's layer the node it is, in a designer's words.
struct LaidOutBox: Encodable, Sendable {
    let box: CardLayout.Box
    let node: String?

    private enum Keys: String, CodingKey { case node }

    func encode(to encoder: any Encoder) throws {
        try box.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encodeIfPresent(node, forKey: .node)
    }
}
