import MatterTypeFigma

/// A field of a card or template, as `GET /v1/templates/{name}/fields` and `POST /v1/cards/layout` answer it:
/// `{"name", "type": "text|boolean|instance|variant|placeholder", "default", "options"?, "node"?}` — a Figma
/// frame's component properties and placeholders (``FigmaField``), a card document's placeholders.
struct TemplateField: Encodable, Sendable {
    let name: String
    let type: String
    let defaultValue: FigmaPropertyValue?
    let options: [String]?
    let node: String?

    private enum Keys: String, CodingKey { case name, type, defaultValue = "default", options, node }

    /// A Figma frame's field.
    init(_ field: FigmaField) {
        name = field.name
        type = field.type.rawValue
        defaultValue = field.defaultValue
        options = field.options
        node = field.node
    }

    /// A card document's placeholder.
    init(placeholder: String) {
        name = placeholder
        type = FigmaField.Kind.placeholder.rawValue
        defaultValue = nil
        options = nil
        node = nil
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(name, forKey: .name)
        try c.encode(type, forKey: .type)
        try c.encode(defaultValue, forKey: .defaultValue)
        try c.encodeIfPresent(options, forKey: .options)
        try c.encodeIfPresent(node, forKey: .node)
    }
}
