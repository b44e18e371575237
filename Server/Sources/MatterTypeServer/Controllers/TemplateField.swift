import MatterTypeFigma

/// A field of a card or template, as `GET /v1/templates/{name}/fields` and `POST /v1/cards/layout` answer it:
/// a Figma frame's component properties and placeholders as ``FigmaField`` writes them (`{"name", "type", "default",
/// "options"?, "node"}`), a card document's placeholders as `{"name", "type": "placeholder", "default": null}`.
enum TemplateField: Encodable, Sendable {
    /// A Figma frame's field.
    case figma(FigmaField)
    /// A card document's placeholder, by name.
    case placeholder(String)

    private enum Keys: String, CodingKey { case name, type, defaultValue = "default" }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .figma(let field):
            try field.encode(to: encoder)
        case .placeholder(let name):
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(name, forKey: .name)
            try c.encode(FigmaField.Kind.placeholder, forKey: .type)
            try c.encodeNil(forKey: .defaultValue)
        }
    }
}

/// The answer of `GET /v1/templates/{name}/fields`: the fields, and a Figma template's variables' modes (what
/// `mode=Collection=Mode` may choose) when it has variables — as `mattertype figma --fields` prints them.
struct TemplateFields: Encodable, Sendable {
    /// What the image URL's query may set.
    var fields: [TemplateField]
    /// Each variable collection's modes; absent without variables.
    var modes: [FigmaVariables.ModeChoices]? = nil
}
