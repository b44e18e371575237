import MatterType

extension FigmaNode {
    /// What Figma's export of this node covers, in the canvas's coordinates: its box, grown by what it draws outside
    /// it — an outside or centered stroke, drop shadows (offset, spread and blur radius), a layer blur — and, unless
    /// it clips its content, by what its visible descendants draw (Figma's `absoluteRenderBounds`, worked out from
    /// what the designer set). A frame that paints nothing adds no box of its own below the exported node; a text's
    /// glyphs count as its box.
    var exportBounds: Rect { renderBounds(includesBox: true) ?? bounds }

    private func renderBounds(includesBox: Bool) -> Rect? {
        let box = bounds
        let paintsBox = fills.contains(where: \.visible) || strokes.contains(where: \.visible)
            || effects.contains { $0.visible && $0.type != "BACKGROUND_BLUR" }
            || !(FigmaConverter.frameTypes.contains(type) || FigmaConverter.groupTypes.contains(type))
        var drawn = includesBox || paintsBox ? box.grown(by: strokeOutset) : nil
        for effect in effects where effect.visible {
            switch effect.type {
            case "DROP_SHADOW":
                let reach = effect.radius + effect.spread
                let shadow = Rect(x: box.x + (effect.offset?.x ?? 0) - reach, y: box.y + (effect.offset?.y ?? 0) - reach,
                                  width: box.width + 2 * reach, height: box.height + 2 * reach)
                if shadow.width > 0, shadow.height > 0 { drawn = drawn.map { $0.union(shadow) } ?? shadow }
            case "LAYER_BLUR":
                drawn = drawn.map { $0.grown(by: effect.radius) }
            default:
                break
            }
        }
        let clips = clipsContent && FigmaConverter.frameTypes.contains(type)
        guard !clips else { return drawn }
        for child in children where child.visible && !child.isMask {
            if let inner = child.renderBounds(includesBox: false) { drawn = drawn.map { $0.union(inner) } ?? inner }
        }
        return drawn
    }

    /// How far the node's visible strokes reach outside its box: all of an outside stroke, half a centered one.
    private var strokeOutset: Double {
        guard strokes.contains(where: \.visible) else { return 0 }
        return strokeReach(individualStrokeWeights.map { max($0.top, $0.right, $0.bottom, $0.left) } ?? strokeWeight)
            .outside
    }

    /// How far a stroke of `weight` reaches outside and inside the node's outline, by its alignment (Figma's
    /// default for shapes is inside, a line's center).
    func strokeReach(_ weight: Double) -> (outside: Double, inside: Double) {
        switch strokeAlign ?? (type == "LINE" ? "CENTER" : "INSIDE") {
        case "OUTSIDE": (weight, 0)
        case "CENTER": (weight / 2, weight / 2)
        default: (0, weight)
        }
    }
}

extension Rect {
    /// The rectangle grown by `amount` on every side (shrunk where it is negative, to no size at all).
    func grown(by amount: Double) -> Rect {
        Rect(x: x - amount, y: y - amount, width: max(width + 2 * amount, 0), height: max(height + 2 * amount, 0))
    }
}
