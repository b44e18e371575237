import Foundation

extension FigmaDocument {
    /// This document with the component properties of node `id` set from `values` (by the names
    /// ``fields(of:)`` lists), as Figma sets them:
    /// - a **text** property replaces the characters of every text whose `componentPropertyReferences.characters`
    ///   names it, in the style of its first character (the frames around it reflow when it is laid out);
    /// - a **boolean** (`true` or `false`) shows or hides the nodes whose `visible` references it;
    /// - an **instance** swap takes a component of the document, by id or name, into the instances whose
    ///   `mainComponent` references it;
    /// - a **variant** swaps the instance to the component of its set with that value (and its other values),
    ///   keeping the instance's id, place and property values, and the texts, fills, strokes, effects,
    ///   visibility and opacity its same-named layers were given over the component's.
    ///
    /// A swapped instance takes its new component's size and sizing. Setting a property to the value it has is
    /// always accepted, even when its component lives in another file. Values naming a `{{placeholder}}` of the
    /// node are left out (they fill the card's text); the others are returned with it.
    /// - Returns: the document, and the values that were placeholders.
    /// - Throws: ``FigmaError/unknownNode(_:topLevel:)``; ``FigmaError/field(_:)`` for a name that is neither a field nor a
    ///   placeholder, or a value the field cannot take, naming both and what to do.
    public func setting(_ values: [String: String], of id: String) throws(FigmaError)
        -> (document: FigmaDocument, placeholders: [String: String]) {
        let fields = try fields(of: id)
        var placeholders: [String: String] = [:]
        var document = self
        // Variants first: a variant component drawn becomes its sibling, and other properties set after land on it.
        func rank(_ name: String) -> Int { fields.first { $0.name == name }?.type == .variant ? 0 : 1 }
        let ordered = values.sorted { (rank($0.key), $0.key) < (rank($1.key), $1.key) }
        for (name, value) in ordered {
            guard let field = fields.first(where: { $0.name == name }) else {
                let known = fields.map(\.name)
                throw .field("\"\(name)\" is not a field of node \(id); "
                             + (known.isEmpty ? "it has none" : "its fields are " + known.joined(separator: ", "))
                             + " (mattertype figma --fields)")
            }
            if field.type == .placeholder {
                placeholders[name] = value
                continue
            }
            try document.set(field, to: value)
        }
        return (document, placeholders)
    }

    /// Sets one component property field on its node's subtree.
    private mutating func set(_ field: FigmaField, to value: String) throws(FigmaError) {
        guard let node = Self.find(field.node, in: roots) else {
            throw .unknownNode(field.node, topLevel: topLevelNodes.map(\.choice))
        }
        guard let key = field.key else { return }
        let bare = Self.bareName(key)
        let current: String? = switch field.defaultValue {
        case .text(let text): text
        case .flag(let flag): flag ? "true" : "false"
        case nil: nil
        }
        if value == current { return }
        switch field.type {
        case .text:
            update(field.node) { node in
                node.componentProperties[key]?.value = .text(value)
                Self.replaceText(referencing: key, with: value, in: &node)
            }
        case .boolean:
            guard value == "true" || value == "false" else {
                throw .field("\"\(field.name)\" is a boolean; give true or false, not \"\(value)\"")
            }
            update(field.node) { node in
                node.componentProperties[key]?.value = .flag(value == "true")
                Self.show(referencing: key, value == "true", in: &node)
            }
        case .instance:
            guard let component = component(named: value) else {
                throw .field("\"\(field.name)\" swaps in a component: the document has none with the id or name "
                             + "\"\(value)\"; fetch the file with its components")
            }
            update(field.node) { node in
                node.componentProperties[key]?.value = .text(component.id)
                Self.swap(referencing: key, to: component, in: &node)
            }
        case .variant:
            try setVariant(field, key: bare, to: value, instance: node)
        case .placeholder:
            return
        }
    }

    /// Swaps `instance` (or a variant component drawn itself) to the component of its set whose variant values are
    /// its own with `property` set to `value`.
    private mutating func setVariant(_ field: FigmaField, key property: String, to value: String,
                                     instance: FigmaNode) throws(FigmaError) {
        if instance.type == "COMPONENT_SET" {
            throw .field("\"\(field.name)\" is a variant of the component set \(instance.id), which draws every "
                         + "variant; draw one of its components or an instance of it to choose one")
        }
        let componentID = instance.type == "COMPONENT" ? instance.id : instance.componentId
        guard let componentID, let component = Self.find(componentID, in: roots),
              let set = Self.parent(of: componentID, in: roots), set.type == "COMPONENT_SET" else {
            throw .field("\"\(field.name)\" is a variant of a component set the document does not have; fetch the "
                         + "file with the set to change it")
        }
        var wanted = Self.variantValues(of: component.name)
        wanted[property] = value
        guard let target = set.children.first(where: { $0.type == "COMPONENT" && Self.variantValues(of: $0.name) == wanted })
        else {
            let options = set.componentPropertyDefinitions.first { Self.bareName($0.key) == property }?.value
                .variantOptions ?? []
            throw .field("\"\(field.name)\" has no variant \"\(value)\""
                         + (options.isEmpty ? "" : "; use " + options.joined(separator: ", ")))
        }
        let old = component
        update(instance.id) { node in
            for (key, property) in node.componentProperties where property.type == "VARIANT" {
                node.componentProperties[key]?.value = wanted[Self.bareName(key)].map { .text($0) } ?? property.value
            }
            Self.become(target, in: &node, carryingFrom: old)
        }
    }

    /// A component of the document by id or name.
    private func component(named value: String) -> FigmaNode? {
        var found: FigmaNode?
        func look(_ nodes: [FigmaNode]) {
            for node in nodes where found == nil {
                if node.type == "COMPONENT", node.id == value || node.name == value { found = node }
                look(node.children)
            }
        }
        look(roots)
        return found
    }

    /// `Size=Large, State=Hover` as `["Size": "Large", "State": "Hover"]`.
    static func variantValues(of name: String) -> [String: String] {
        var values: [String: String] = [:]
        for pair in name.split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            values[parts[0].trimmingCharacters(in: .whitespaces)] = parts[1].trimmingCharacters(in: .whitespaces)
        }
        return values
    }

    /// Applies `change` to the node `id` wherever it is.
    private mutating func update(_ id: String, _ change: (inout FigmaNode) -> Void) {
        func visit(_ nodes: inout [FigmaNode]) -> Bool {
            for index in nodes.indices {
                if nodes[index].id == id {
                    change(&nodes[index])
                    return true
                }
                if visit(&nodes[index].children) { return true }
            }
            return false
        }
        _ = visit(&roots)
    }

    // MARK: - What each kind does to a subtree

    /// Every text under `node` whose characters reference `key` takes `value`, in its first character's style.
    private static func replaceText(referencing key: String, with value: String, in node: inout FigmaNode) {
        if node.type == "TEXT", node.componentPropertyReferences["characters"] == key {
            let first = node.characterStyleOverrides.first ?? 0
            node.characters = value
            node.characterStyleOverrides = first == 0 ? [] : Array(repeating: first, count: value.utf16.count)
        }
        for index in node.children.indices { replaceText(referencing: key, with: value, in: &node.children[index]) }
    }

    /// Every node under `node` whose visibility references `key` is shown or hidden.
    private static func show(referencing key: String, _ visible: Bool, in node: inout FigmaNode) {
        if node.componentPropertyReferences["visible"] == key { node.visible = visible }
        for index in node.children.indices { show(referencing: key, visible, in: &node.children[index]) }
    }

    /// Every instance under `node` whose main component references `key` becomes an instance of `component`.
    private static func swap(referencing key: String, to component: FigmaNode, in node: inout FigmaNode) {
        if node.type == "INSTANCE", node.componentPropertyReferences["mainComponent"] == key {
            become(component, in: &node, carryingFrom: nil)
            return
        }
        for index in node.children.indices { swap(referencing: key, to: component, in: &node.children[index]) }
    }

    /// `instance` made an instance of `component`: the component's content, size and sizing, at the instance's
    /// place with its id, name, place in its parent's layout and property values (re-applied to the new content).
    /// Where `old` (its former component) is given, a text or fill the instance's layers were given over it is
    /// kept on the new content's layer of the same name path.
    private static func become(_ component: FigmaNode, in instance: inout FigmaNode, carryingFrom old: FigmaNode?) {
        var swapped = component
        let dx = (instance.absoluteBoundingBox?.x ?? 0) - (component.absoluteBoundingBox?.x ?? 0)
        let dy = (instance.absoluteBoundingBox?.y ?? 0) - (component.absoluteBoundingBox?.y ?? 0)
        swapped.children = component.children.map { renamed($0, under: instance.id, moved: (dx, dy)) }
        if var box = swapped.absoluteBoundingBox {
            box.x += dx
            box.y += dy
            swapped.absoluteBoundingBox = box
        }
        swapped.id = instance.id
        swapped.name = instance.name
        swapped.type = "INSTANCE"
        swapped.componentId = component.id
        swapped.componentPropertyDefinitions = [:]
        swapped.componentProperties = instance.componentProperties
        swapped.componentPropertyReferences = instance.componentPropertyReferences
        swapped.visible = instance.visible
        swapped.relativeTransform = instance.relativeTransform
        swapped.constraints = instance.constraints
        swapped.layoutPositioning = instance.layoutPositioning
        swapped.layoutAlign = instance.layoutAlign
        swapped.layoutGrow = instance.layoutGrow
        (swapped.gridRowAnchorIndex, swapped.gridColumnAnchorIndex) = (instance.gridRowAnchorIndex,
                                                                      instance.gridColumnAnchorIndex)
        (swapped.gridRowSpan, swapped.gridColumnSpan) = (instance.gridRowSpan, instance.gridColumnSpan)
        if let old {
            carryOverrides(from: instance, over: old, into: &swapped)
        }
        // The instance's property values hold over the new content (a set's variants share its properties).
        for (key, property) in instance.componentProperties {
            switch (property.type, property.value) {
            case ("TEXT", .text(let text)?): replaceText(referencing: key, with: text, in: &swapped)
            case ("BOOLEAN", .flag(let flag)?): show(referencing: key, flag, in: &swapped)
            default: break
            }
        }
        instance = swapped
    }

    /// `node` and its subtree with the ids an instance gives them (`I<instance>;<id>`) and moved by `moved`.
    private static func renamed(_ node: FigmaNode, under instance: String, moved: (Double, Double)) -> FigmaNode {
        var copy = node
        let own = node.id.hasPrefix("I") ? String(node.id.dropFirst()) : node.id
        copy.id = "I\(instance);\(own)"
        if var box = copy.absoluteBoundingBox {
            box.x += moved.0
            box.y += moved.1
            copy.absoluteBoundingBox = box
        }
        copy.children = node.children.map { renamed($0, under: instance, moved: moved) }
        return copy
    }

    /// Texts, fills, strokes, effects, visibility and opacity `instance`'s layers were given over `old`'s, put on
    /// `swapped`'s layers of the same name path (Figma keeps such overrides across a variant swap).
    private static func carryOverrides(from instance: FigmaNode, over old: FigmaNode, into swapped: inout FigmaNode) {
        func layers(_ node: FigmaNode, path: String, into map: inout [String: FigmaNode]) {
            for child in node.children {
                let key = path + "/" + child.name
                if map[key] == nil { map[key] = child }
                layers(child, path: key, into: &map)
            }
        }
        var given: [String: FigmaNode] = [:], original: [String: FigmaNode] = [:]
        layers(instance, path: "", into: &given)
        layers(old, path: "", into: &original)
        func apply(_ node: inout FigmaNode, path: String) {
            for index in node.children.indices {
                let key = path + "/" + node.children[index].name
                if let mine = given[key], let theirs = original[key] {
                    if mine.characters != theirs.characters, let characters = mine.characters,
                       node.children[index].type == "TEXT" {
                        node.children[index].characters = characters
                        node.children[index].characterStyleOverrides = mine.characterStyleOverrides
                    }
                    if !same(mine.fills, theirs.fills) { node.children[index].fills = mine.fills }
                    if !same(mine.strokes, theirs.strokes) { node.children[index].strokes = mine.strokes }
                    if !same(mine.effects, theirs.effects) { node.children[index].effects = mine.effects }
                    if mine.visible != theirs.visible { node.children[index].visible = mine.visible }
                    if mine.opacity != theirs.opacity { node.children[index].opacity = mine.opacity }
                }
                apply(&node.children[index], path: key)
            }
        }
        apply(&swapped, path: "")
    }

    /// Whether two lists of paints or effects are the same (compared by their descriptions).
    private static func same<T>(_ a: [T], _ b: [T]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { "\($0)" == "\($1)" }
    }
}
