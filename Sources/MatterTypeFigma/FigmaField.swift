import Foundation
import MatterTypeCards

/// A field of a Figma template: a component property a designer defined (Figma's TEXT, BOOLEAN, INSTANCE_SWAP and
/// VARIANT properties) or a `{{name}}` placeholder typed into a text. What `mattertype figma --fields` lists.
///
/// ```json
/// {"name": "Label", "type": "text", "default": "Buy now", "node": "12:7"}
/// {"name": "Size", "type": "variant", "default": "Large", "options": ["Small", "Large"], "node": "12:7"}
/// {"name": "Card/Title", "type": "text", "default": "Hello", "node": "12:9"}
/// ```
public struct FigmaField: Sendable, Hashable, Encodable {
    /// What a field holds.
    public enum Kind: String, Sendable, Hashable, Encodable, CaseIterable {
        /// Characters (a TEXT property).
        case text
        /// Shown or hidden (a BOOLEAN property).
        case boolean
        /// A component swapped in (an INSTANCE_SWAP property: a component id).
        case instance
        /// One of a component set's variants (a VARIANT property).
        case variant
        /// A `{{name}}` typed into a text.
        case placeholder
    }

    /// The property's name without Figma's `#…` suffix: bare for the drawn node's own properties, after the
    /// instance's name for a nested instance's (`Card/Title`); two alike get their node's id after them
    /// (`Card/Title (12:9)`).
    public var name: String
    /// What it holds.
    public var type: Kind
    /// The value the document has: the instance's value, or a component's default; `nil` for a placeholder.
    public var defaultValue: FigmaPropertyValue?
    /// A variant's options, where the component set is in the document; `nil` otherwise.
    public var options: [String]?
    /// The node it belongs to: the instance or component defining it, or the text holding the placeholder.
    public var node: String
    /// The property's key on its node, Figma's `#…` suffix included (`Label#12:3`); `nil` for a placeholder.
    var key: String?

    private enum CodingKeys: String, CodingKey {
        case name, type, defaultValue = "default", options, node
    }

    /// Writes `{"name", "type", "default", "options"?, "node"}` (`"default": null` for a placeholder).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(type, forKey: .type)
        try c.encode(defaultValue, forKey: .defaultValue)
        try c.encodeIfPresent(options, forKey: .options)
        try c.encode(node, forKey: .node)
    }
}

extension FigmaDocument {
    /// The fields of the node `id` (hidden or not): its own component properties (an instance's values, a
    /// component's or component set's definitions) under their bare names, those of the instances inside it after
    /// each instance's name, then the `{{name}}` placeholders of its texts, each name once, in document order.
    /// - Throws: ``FigmaError/unknownNode(_:topLevel:)`` when the document has no node `id`.
    public func fields(of id: String) throws(FigmaError) -> [FigmaField] {
        guard let node = Self.find(id, in: roots) else { throw .unknownNode(id, topLevel: topLevelNodes.map(\.choice)) }
        // Each component's set's definitions, found once (an instance's variant options are its set's).
        var definitions: [String: [String: FigmaComponentPropertyDefinition]] = [:]
        func sets(_ nodes: [FigmaNode]) {
            for node in nodes {
                if node.type == "COMPONENT_SET" {
                    for child in node.children { definitions[child.id] = node.componentPropertyDefinitions }
                }
                sets(node.children)
            }
        }
        sets(roots)
        var fields = properties(of: node, prefix: "", definitions: definitions)
        func nested(_ parent: FigmaNode) {
            for child in parent.children {
                if child.type == "INSTANCE" {
                    fields += properties(of: child, prefix: child.name + "/", definitions: definitions)
                }
                nested(child)
            }
        }
        nested(node)
        // Placeholders: each name once, at the first text holding it.
        var placeholders: [String] = []
        func texts(_ node: FigmaNode) {
            if node.type == "TEXT", let characters = node.characters {
                for found in Card.placeholders(in: characters) where !placeholders.contains(found.name) {
                    placeholders.append(found.name)
                    fields.append(FigmaField(name: found.name, type: .placeholder, node: node.id))
                }
            }
            node.children.forEach(texts)
        }
        texts(node)
        // Two alike: each with its node's id.
        let counts = Dictionary(fields.map { ($0.name, 1) }, uniquingKeysWith: +)
        return fields.map { field in
            var named = field
            if counts[field.name, default: 0] > 1, field.type != .placeholder { named.name += " (\(field.node))" }
            return named
        }
    }

    /// A node's own component properties as fields named `prefix` + the property's name (sorted by name): an
    /// instance's values, with a variant's options from its component set (`definitions`, by component id) where
    /// the document has it; a component's or set's definitions (a variant component's: its set's, with its own
    /// variant values).
    private func properties(of node: FigmaNode, prefix: String,
                            definitions: [String: [String: FigmaComponentPropertyDefinition]]) -> [FigmaField] {
        let options = node.componentId.flatMap { definitions[$0] } ?? [:]
        var fields: [FigmaField] = []
        for (key, property) in node.componentProperties {
            guard let type = Self.kind(property.type) else { continue }
            let name = Self.bareName(key)
            fields.append(FigmaField(name: prefix + name, type: type, defaultValue: property.value,
                                     options: options[key]?.variantOptions, node: node.id, key: key))
        }
        if node.componentProperties.isEmpty {
            // A variant component has no definitions of its own: its set's, its variant values its name's.
            let inSet = node.type == "COMPONENT" && node.componentPropertyDefinitions.isEmpty
            let own = inSet ? definitions[node.id] ?? [:] : node.componentPropertyDefinitions
            let variant = inSet ? Self.variantValues(of: node.name) : [:]
            for (key, definition) in own {
                guard let type = Self.kind(definition.type) else { continue }
                let value = variant[Self.bareName(key)].map(FigmaPropertyValue.text) ?? definition.defaultValue
                fields.append(FigmaField(name: prefix + Self.bareName(key), type: type, defaultValue: value,
                                         options: definition.variantOptions, node: node.id, key: key))
            }
        }
        return fields.sorted { $0.name < $1.name }
    }

    /// A property's name without Figma's `#id` suffix (`Label#12:3` is `Label`; a VARIANT's has none).
    static func bareName(_ key: String) -> String {
        guard let hash = key.lastIndex(of: "#"), key.index(after: hash) < key.endIndex else { return key }
        return String(key[..<hash])
    }

    /// A property type as a field's kind; `nil` for one Figma may add later.
    private static func kind(_ type: String) -> FigmaField.Kind? {
        switch type {
        case "TEXT": .text
        case "BOOLEAN": .boolean
        case "INSTANCE_SWAP": .instance
        case "VARIANT": .variant
        default: nil
        }
    }

    /// The node holding the node `id` among `nodes`, where it is not a root.
    static func parent(of id: String, in nodes: [FigmaNode]) -> FigmaNode? {
        for node in nodes {
            if node.children.contains(where: { $0.id == id }) { return node }
            if let found = parent(of: id, in: node.children) { return found }
        }
        return nil
    }
}
