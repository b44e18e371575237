extension FigmaDocument {
    /// This document with every value bound to a variable (`boundVariables` of nodes, paints, gradient stops and
    /// effects) replaced by that variable's value in `modes` (collection id → mode id, as
    /// ``FigmaVariables/modes(_:)`` reads `Collection=Mode`); a collection not chosen takes the mode a node or
    /// its ancestor sets (`explicitVariableModes`), else its default. Bound are fills' and strokes' colors,
    /// effects' color, radius, spread and offset, spacing, padding, radii, stroke weight, sizes and their limits,
    /// opacity, visibility, a text's characters and typography (family, weight, size, line height, letter and
    /// paragraph spacing). A variable the file has not keeps the value the document was exported with, named in
    /// a warning (once; the frames of the nodes binding it carry it too).
    public func resolving(_ variables: FigmaVariables, modes: [String: String]) -> (document: FigmaDocument,
                                                                                    warnings: [FigmaWarning]) {
        var document = self
        var resolver = Resolver(variables: variables, modes: modes)
        for index in document.roots.indices { resolver.resolve(&document.roots[index], inherited: [:]) }
        document.variableSource = VariableSource(roots: variableSource?.roots ?? roots, variables: variables,
                                                 modes: modes, warnings: resolver.warnings)
        return (document, resolver.warnings)
    }
}

/// Replaces bound values in one tree, collecting a warning for each variable the file has not.
private struct Resolver {
    let variables: FigmaVariables
    let modes: [String: String]
    var warnings: [FigmaWarning] = []
    private var missing: Set<String> = []

    init(variables: FigmaVariables, modes: [String: String]) {
        self.variables = variables
        self.modes = modes
    }

    mutating func resolve(_ node: inout FigmaNode, inherited: [String: String]) {
        let fallback = inherited.merging(node.explicitVariableModes) { _, own in own }
        func value(_ key: String, index: Int = 0, in bindings: [String: FigmaBinding]) -> FigmaVariables.Value? {
            guard let ids = bindings[key]?.ids, ids.indices.contains(index), !ids[index].isEmpty else { return nil }
            let id = ids[index]
            if let found = variables.value(of: id, modes: modes, fallback: fallback) { return found }
            if missing.insert(id).inserted {
                warnings.append(FigmaWarning(nodeID: node.id, nodeName: node.name,
                                             message: "variable \(id) is not in the variables given; its exported "
                                                 + "value is kept"))
            }
            return nil
        }
        func number(_ key: String) -> Double? {
            if case .number(let number)? = value(key, in: node.boundVariables), number.isFinite { number } else { nil }
        }
        func color(_ found: FigmaVariables.Value?) -> FigmaColor? {
            guard case .color(let r, let g, let b, let a)? = found else { return nil }
            return FigmaColor(r: r, g: g, b: b, a: a)
        }
        // Paints: a paint's own binding, else the node's list (one alias per paint); its gradient's stops.
        func paints(_ paints: inout [FigmaPaint], key: String) {
            for index in paints.indices {
                if let bound = color(value("color", in: paints[index].boundVariables))
                    ?? color(value(key, index: index, in: node.boundVariables)) {
                    paints[index].color = bound
                }
                for stop in (paints[index].gradientStops ?? []).indices {
                    if let bound = color(value("color", in: paints[index].gradientStops?[stop].boundVariables ?? [:])) {
                        paints[index].gradientStops?[stop].color = bound
                    }
                }
            }
        }
        paints(&node.fills, key: "fills")
        paints(&node.strokes, key: "strokes")
        for index in node.effects.indices {
            let bindings = node.effects[index].boundVariables
            if let bound = color(value("color", in: bindings)) { node.effects[index].color = bound }
            for (key, path) in [("radius", \FigmaEffect.radius), ("spread", \FigmaEffect.spread)] {
                if case .number(let number)? = value(key, in: bindings) { node.effects[index][keyPath: path] = number }
            }
            if case .number(let x)? = value("offsetX", in: bindings) { node.effects[index].offset?.x = x }
            if case .number(let y)? = value("offsetY", in: bindings) { node.effects[index].offset?.y = y }
        }
        let numbers: [(String, WritableKeyPath<FigmaNode, Double>)] = [
            ("itemSpacing", \.itemSpacing), ("paddingLeft", \.paddingLeft), ("paddingRight", \.paddingRight),
            ("paddingTop", \.paddingTop), ("paddingBottom", \.paddingBottom), ("strokeWeight", \.strokeWeight),
            ("opacity", \.opacity), ("gridRowGap", \.gridRowGap), ("gridColumnGap", \.gridColumnGap),
        ]
        for (key, path) in numbers { if let bound = number(key) { node[keyPath: path] = bound } }
        let optionals: [(String, WritableKeyPath<FigmaNode, Double?>)] = [
            ("counterAxisSpacing", \.counterAxisSpacing), ("minWidth", \.minWidth), ("maxWidth", \.maxWidth),
            ("minHeight", \.minHeight), ("maxHeight", \.maxHeight),
        ]
        for (key, path) in optionals { if let bound = number(key) { node[keyPath: path] = bound } }
        let corners = ["topLeftRadius", "topRightRadius", "bottomRightRadius", "bottomLeftRadius"].map(number)
        if corners.contains(where: { $0 != nil }) {
            let given = node.rectangleCornerRadii ?? Array(repeating: node.cornerRadius ?? 0, count: 4)
            node.rectangleCornerRadii = (0..<4).map { corners[$0] ?? (given.indices.contains($0) ? given[$0] : 0) }
        }
        if let width = number("width") {
            node.absoluteBoundingBox?.width = width
            node.size?.x = width
        }
        if let height = number("height") {
            node.absoluteBoundingBox?.height = height
            node.size?.y = height
        }
        if case .flag(let visible)? = value("visible", in: node.boundVariables) { node.visible = visible }
        if case .text(let text)? = value("characters", in: node.boundVariables), node.type == "TEXT" {
            node.characters = text
            node.characterStyleOverrides = []
        }
        if node.style != nil {
            // The style's own bindings, else the node's.
            let typography = (node.style?.boundVariables ?? [:]).merging(node.boundVariables) { style, _ in style }
            func number(_ key: String) -> Double? {
                if case .number(let number)? = value(key, in: typography), number.isFinite { number } else { nil }
            }
            if case .text(let family)? = value("fontFamily", in: typography) { node.style?.fontFamily = family }
            if let size = number("fontSize") { node.style?.fontSize = size }
            if let weight = number("fontWeight") {
                node.style?.fontWeight = weight
                node.style?.fontStyle = nil
                node.style?.fontPostScriptName = nil
            }
            if let spacing = number("letterSpacing") { node.style?.letterSpacing = spacing }
            if let height = number("lineHeight") {
                node.style?.lineHeightPx = height
                node.style?.lineHeightUnit = "PIXELS"
            }
            if let spacing = number("paragraphSpacing") { node.style?.paragraphSpacing = spacing }
        }
        for index in node.children.indices { resolve(&node.children[index], inherited: fallback) }
    }
}
