import Foundation
import MatterType
import MatterTypeCards
import MatterTypeWire

/// Turns one Figma node and its subtree into card layers: frames (and instances, components, sections, groups) into
/// frames with Figma's Auto Layout as ``CardFlow``, texts into text layers laid out with ``LayoutModel/figma``, every
/// other node into a frame of its box. It reads what the designer set — fixed sizes, sizing modes, padding,
/// spacing, alignment, positions in frames without Auto Layout — and never what Figma's layout computed: a hugging
/// or filling size is the layout engine's to find, a flowed child's place too.
struct FigmaConverter {
    /// What could not be converted as Figma draws it, in document order.
    private(set) var warnings: [FigmaWarning] = []
    /// Each layer's Figma node id, by the layer's path (indices of `layers` from the card down).
    private(set) var nodeIDs: [[Int]: String] = [:]

    /// The types laid out as frames: their children keep their places or flow.
    static let frameTypes: Set<String> = ["FRAME", "COMPONENT", "COMPONENT_SET", "INSTANCE", "SECTION"]
    /// The types whose box is their children's union (Figma's groups).
    static let groupTypes: Set<String> = ["GROUP", "BOOLEAN_OPERATION"]
    /// Shapes drawn from their path data.
    static let vectorTypes: Set<String> = ["VECTOR", "STAR", "REGULAR_POLYGON", "LINE", "ELLIPSE", "RECTANGLE",
                                           "BOOLEAN_OPERATION"]

    /// `node` as a layer at `path`, placed in `parent` (nil: the card's top).
    mutating func layer(_ node: FigmaNode, parent: FigmaNode?, path: [Int]) -> CardLayer {
        nodeIDs[path] = node.id
        let box = box(of: node, parent: parent)
        if node.type == "TEXT" {
            return .text(text(node, box: box))
        }
        var frame = CardFrameLayer(box: box, layers: [])
        frame.opacity = min(max(node.opacity, 0), 1)
        if Self.frameTypes.contains(node.type) || Self.groupTypes.contains(node.type) {
            frame.layout = flow(of: node)
            frame.clipsContent = node.clipsContent && Self.frameTypes.contains(node.type)
        } else if !Self.vectorTypes.contains(node.type) {
            warn(node, "a \(node.type) node is not drawn; its box is laid out")
        }
        paint(node, into: &frame)
        var index = 0
        for child in node.children where child.visible {
            frame.layers.append(layer(child, parent: node, path: path + [index]))
            index += 1
        }
        return .frame(frame)
    }

    // MARK: - Boxes

    /// The node's box: its place in `parent` (relative to the parent's box; Figma's absolute boxes differ by it)
    /// and its sizes.
    private func box(of node: FigmaNode, parent: FigmaNode?) -> CardBox {
        let bounds = node.bounds
        let origin = parent?.bounds ?? bounds
        let inFlow = parent?.flowsChildren == true && node.layoutPositioning != "ABSOLUTE"
        return CardBox(x: bounds.x - origin.x, y: bounds.y - origin.y,
                       width: size(of: node, parent: parent, inFlow: inFlow, horizontal: true),
                       height: size(of: node, parent: parent, inFlow: inFlow, horizontal: false),
                       minWidth: node.minWidth, maxWidth: node.maxWidth, minHeight: node.minHeight,
                       maxHeight: node.maxHeight, isAbsolute: node.layoutPositioning == "ABSOLUTE")
    }

    /// How the node's width (`horizontal`) or height is set: Figma's `layoutSizing…` where the file has it, else the
    /// older keys it replaced (`layoutGrow`, `layoutAlign`, the frame's `…AxisSizingMode`) and a text's
    /// `textAutoResize`; a group hugs its children.
    private func size(of node: FigmaNode, parent: FigmaNode?, inFlow: Bool, horizontal: Bool) -> CardSize {
        let fixed = CardSize.fixed(horizontal ? node.bounds.width : node.bounds.height)
        let hugs = node.type == "TEXT" || node.flowsChildren || Self.groupTypes.contains(node.type)
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
        if node.flowsChildren {
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
        return Self.groupTypes.contains(node.type) ? .hug : fixed
    }

    /// The node's Auto Layout as a flow (none for a frame without it, a group, a section).
    private mutating func flow(of node: FigmaNode) -> CardFlow {
        if node.layoutMode == "GRID" { warn(node, "grid layout is not supported; its children keep their places") }
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
        if wraps, node.counterAxisAlignContent == "SPACE_BETWEEN" {
            warn(node, "wrapped lines spaced between (counterAxisAlignContent SPACE_BETWEEN) are packed at the start")
        }
        return CardFlow(direction: node.layoutMode == "HORIZONTAL" ? .horizontal : .vertical,
                        gap: node.primaryAxisAlignItems == "SPACE_BETWEEN" ? .auto : .fixed(node.itemSpacing),
                        padding: padding, align: alignment(node.primaryAxisAlignItems),
                        crossAlign: alignment(node.counterAxisAlignItems), wraps: wraps,
                        crossGap: node.counterAxisSpacing ?? 0, reversesZOrder: node.itemReverseZIndex)
    }

    // MARK: - Paint

    /// The node's fill, stroke, corners and drop shadows on `frame`.
    private mutating func paint(_ node: FigmaNode, into frame: inout CardFrameLayer) {
        let fills = node.fills.filter(\.visible)
        if let fill = fills.last {
            frame.fill = paint(fill, of: node, role: "fill")
            if fills.count > 1 { warn(node, "\(fills.count) fills; only the top one is drawn") }
        }
        if hasVisibleStroke(node), let stroke = node.strokes.last(where: \.visible),
           let paint = paint(stroke, of: node, role: "stroke") {
            frame.border = CardBorder(width: strokeWeights(node), paint: paint)
            if let align = node.strokeAlign, align != "INSIDE" {
                warn(node, "a stroke aligned \(align.lowercased()) is drawn inside")
            }
            if node.strokeDashes?.isEmpty == false { warn(node, "a dashed stroke is drawn solid") }
        }
        if let radii = node.rectangleCornerRadii, radii.count == 4 {
            frame.cornerRadius = CornerRadii(topLeft: radii[0], topRight: radii[1], bottomRight: radii[2],
                                             bottomLeft: radii[3])
        } else if let radius = node.cornerRadius {
            frame.cornerRadius = CornerRadii(radius)
        }
        if node.type == "ELLIPSE" {
            let bounds = node.bounds
            frame.cornerRadius = CornerRadii(min(bounds.width, bounds.height) / 2)
            if abs(bounds.width - bounds.height) > 0.01 || node.arcData.map({ $0.endingAngle - $0.startingAngle
                < 2 * .pi - 1e-6 || $0.innerRadius > 0 }) == true {
                warn(node, "an ellipse that is not a whole circle is drawn as a rounded rectangle")
            }
        }
        if ["VECTOR", "STAR", "REGULAR_POLYGON", "LINE", "BOOLEAN_OPERATION"].contains(node.type),
           frame.fill != nil || frame.border != nil {
            warn(node, "a \(node.type) node's path is not drawn yet; its box is laid out")
            frame.fill = nil
            frame.border = nil
        }
        for effect in node.effects where effect.visible {
            switch effect.type {
            case "DROP_SHADOW":
                frame.shadows.insert(CardBoxShadow(x: effect.offset?.x ?? 0, y: effect.offset?.y ?? 0,
                                                   blur: effect.radius, spread: effect.spread,
                                                   color: effect.color?.color() ?? .black), at: 0)
            default:
                warn(node, "the \(effect.type) effect is not drawn")
            }
        }
        if let blend = node.blendMode, !["PASS_THROUGH", "NORMAL"].contains(blend) {
            warn(node, "blend mode \(blend) is drawn as normal")
        }
        if node.isMask { warn(node, "a mask is drawn as a shape; what it masks is not clipped") }
    }

    /// A paint as MatterType draws it, or `nil` (with a warning) for one it does not.
    private mutating func paint(_ paint: FigmaPaint, of node: FigmaNode, role: String) -> Paint? {
        switch paint.type {
        case "SOLID":
            return .color((paint.color ?? FigmaColor(r: 0, g: 0, b: 0, a: 1)).color(opacity: paint.opacity))
        default:
            warn(node, "a \(paint.type) \(role) is not drawn")
            return nil
        }
    }

    private func hasVisibleStroke(_ node: FigmaNode) -> Bool {
        node.strokes.contains(where: \.visible) && (node.strokeWeight > 0 || node.individualStrokeWeights != nil)
    }

    private func strokeWeights(_ node: FigmaNode) -> EdgeWidths {
        if let weights = node.individualStrokeWeights {
            return EdgeWidths(top: weights.top, right: weights.right, bottom: weights.bottom, left: weights.left)
        }
        return EdgeWidths(node.strokeWeight)
    }

    mutating func warn(_ node: FigmaNode, _ message: String) {
        warnings.append(FigmaWarning(nodeID: node.id, nodeName: node.name, message: message))
    }
}
