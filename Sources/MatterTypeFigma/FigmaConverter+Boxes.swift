import MatterType
import MatterTypeCards

/// A node's box in the card: its place, its sizes (fixed, hugging or filling, as Figma's Auto Layout reads them)
/// and, for a frame, its flow.
extension FigmaConverter {
    /// The node's box: its place in `parent` (relative to the parent's box; Figma's absolute boxes differ by it)
    /// and its sizes.
    func box(of node: FigmaNode, parent: FigmaNode?, inFlow flows: Bool?) -> CardBox {
        let bounds = node.bounds
        let origin = parent?.bounds ?? bounds
        let inFlow = flows ?? (parent?.flowsChildren == true && node.layoutPositioning != "ABSOLUTE")
        return CardBox(x: bounds.x - origin.x, y: bounds.y - origin.y,
                       width: size(of: node, parent: parent, inFlow: inFlow, horizontal: true),
                       height: size(of: node, parent: parent, inFlow: inFlow, horizontal: false),
                       minWidth: node.minWidth, maxWidth: node.maxWidth, minHeight: node.minHeight,
                       maxHeight: node.maxHeight, isAbsolute: node.layoutPositioning == "ABSOLUTE",
                       // A group's children follow the group, which hugs them.
                       constraints: inFlow || parent.map { Self.groupTypes.contains($0.type) } ?? true
                           ? CardConstraints() : Self.constraints(node.constraints))
    }

    /// Figma's constraints as a card's: LEFT and TOP keep the start, RIGHT and BOTTOM the end, LEFT_RIGHT and
    /// TOP_BOTTOM both, CENTER the middle, SCALE the share.
    static func constraints(_ figma: FigmaLayoutConstraint?) -> CardConstraints {
        func pin(_ name: String?) -> CardConstraints.Pin {
            switch name {
            case "RIGHT", "BOTTOM": .end
            case "LEFT_RIGHT", "TOP_BOTTOM": .both
            case "CENTER": .center
            case "SCALE": .scale
            default: .start
            }
        }
        return CardConstraints(horizontal: pin(figma?.horizontal), vertical: pin(figma?.vertical))
    }

    /// How the node's width (`horizontal`) or height is set: Figma's `layoutSizing…` where the file has it, else the
    /// older keys it replaced (`layoutGrow`, `layoutAlign`, the frame's `…AxisSizingMode`) and a text's
    /// `textAutoResize`; a group hugs its children.
    func size(of node: FigmaNode, parent: FigmaNode?, inFlow: Bool, horizontal: Bool) -> CardSize {
        let fixed = CardSize.fixed(horizontal ? node.bounds.width : node.bounds.height)
        // A boolean operation's box is its operation's result (an intersection is smaller than its operands), not
        // its operands' union: it keeps the box the file gives it.
        // An Auto Layout frame without children has nothing to hug: Figma keeps the size it had (three emptied
        // 70.25 × 28 chips in ataev's cart.json keep it), so it keeps the box the file gives it.
        let arranges = (node.flowsChildren || node.layoutMode == "GRID") && !node.children.isEmpty
        let hugs = node.type == "TEXT" || arranges || node.type == "GROUP"
        if let sizing = horizontal ? node.layoutSizingHorizontal : node.layoutSizingVertical {
            switch sizing {
            case "FILL": return inFlow ? .fill : fixed
            case "HUG": return hugs ? .hug : fixed
            default: return fixed
            }
        }
        if inFlow, let parent {
            let alongParent = (parent.layoutMode == "HORIZONTAL") == horizontal
            if alongParent, node.layoutGrow == 1 { return .fill }
            if !alongParent, node.layoutAlign == "STRETCH" { return .fill }
        }
        if node.flowsChildren, !node.children.isEmpty {
            let along = (node.layoutMode == "HORIZONTAL") == horizontal
            let mode = along ? node.primaryAxisSizingMode : node.counterAxisSizingMode
            return (mode ?? "AUTO") == "AUTO" ? .hug : fixed
        }
        if node.type == "TEXT" {
            switch node.style?.textAutoResize {
            case "WIDTH_AND_HEIGHT": return .hug
            case "HEIGHT": return horizontal ? fixed : .hug
            default: return fixed
            }
        }
        return node.type == "GROUP" ? .hug : fixed
    }

    /// The node's Auto Layout as a flow (none for a frame without it, a group, a section).
    mutating func flow(of node: FigmaNode) -> CardFlow {
        guard node.flowsChildren else { return CardFlow() }
        var padding = CardInsets(top: node.paddingTop, right: node.paddingRight, bottom: node.paddingBottom,
                                 left: node.paddingLeft)
        if node.strokesIncludedInLayout, node.strokeAlign ?? "INSIDE" == "INSIDE", hasVisibleStroke(node) {
            let weights = strokeWeights(node)
            padding.top += weights.top
            padding.right += weights.right
            padding.bottom += weights.bottom
            padding.left += weights.left
        }
        func alignment(_ value: String?) -> CardFlow.Alignment {
            switch value {
            case "CENTER": .center
            case "MAX": .end
            case "BASELINE": .baseline
            default: .start
            }
        }
        let wraps = node.layoutWrap == "WRAP"
        // Figma centres a lone child of a SPACE_BETWEEN frame (CSS's space-between puts it at the start): the close
        // button in verbatica_paywall's 393-point title bar sits 169.5 points in, half of what is left.
        var spreads = node.primaryAxisAlignItems == "SPACE_BETWEEN"
        var align = alignment(node.primaryAxisAlignItems)
        if spreads, node.children.count(where: { $0.visible && $0.layoutPositioning != "ABSOLUTE" }) == 1 {
            spreads = false
            align = .center
        }
        return CardFlow(direction: node.layoutMode == "HORIZONTAL" ? .horizontal : .vertical,
                        gap: spreads ? .auto : .fixed(node.itemSpacing),
                        padding: padding, align: align,
                        crossAlign: alignment(node.counterAxisAlignItems), wraps: wraps,
                        crossGap: wraps && node.counterAxisAlignContent == "SPACE_BETWEEN" ? .auto
                            : .fixed(node.counterAxisSpacing ?? 0),
                        reversesZOrder: node.itemReverseZIndex)
    }
}
