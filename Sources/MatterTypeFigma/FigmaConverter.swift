import Foundation
import MatterType
import MatterTypeCards
import MatterTypeWire

/// Turns one Figma node and its subtree into card layers: frames (and instances, components, sections, groups) into
/// frames with Figma's Auto Layout as ``CardFlow``, texts into text layers laid out with ``LayoutModel/figma`` (or
/// ``LayoutModel/figmaVersion0``, for texts of Figma's first layout), every other node into a frame of its box. It
/// reads what the designer set — fixed sizes, sizing modes, padding, spacing, alignment, positions in frames without
/// Auto Layout — and never what Figma's layout computed: a hugging or filling size is the layout engine's to find, a
/// flowed child's place too.
struct FigmaConverter {
    /// The image fills' sources by `imageRef`: a file name under the renderer's image folder, or a `data:` URI.
    let images: [String: String]
    /// What could not be converted as Figma draws it, in document order.
    private(set) var warnings: [FigmaWarning] = []
    /// Each layer's Figma node id, by the layer's path (indices of `layers` from the card down).
    private(set) var nodeIDs: [[Int]: String] = [:]
    /// Each layer's Figma node name, by the layer's path.
    private(set) var nodeNames: [[Int]: String] = [:]
    /// The paths of the frames that have children placed at their x and y with constraints other than left and top:
    /// their design sizes are to be set (``FigmaDocument/frame(_:images:renderer:)`` lays the card out for them).
    private(set) var constrainedFrames: [[Int]] = []

    /// The types laid out as frames: their children keep their places or flow.
    static let frameTypes: Set<String> = ["FRAME", "COMPONENT", "COMPONENT_SET", "INSTANCE", "SECTION"]
    /// The types whose box is their children's union (Figma's groups).
    static let groupTypes: Set<String> = ["GROUP", "BOOLEAN_OPERATION"]
    /// Shapes drawn from their path data.
    static let vectorTypes: Set<String> = ["VECTOR", "STAR", "REGULAR_POLYGON", "LINE", "ELLIPSE", "RECTANGLE",
                                           "BOOLEAN_OPERATION"]
    /// The largest corner radius a card takes (a frame's `cornerRadius`, 0 to 1,000,000 points).
    static let largestRadius = 1_000_000.0
    /// What an image fill whose bytes were not given is drawn as: a neutral gray (Figma's own default shape fill).
    static let missingImageGray = Color(red: 0xD9, green: 0xD9, blue: 0xD9)
    /// The least line height a text layer takes: Figma's `lineHeightPx` of 0 (its glyphs drawn, its box 0 high)
    /// is drawn at this, a box of a hundredth of a point a line.
    static let leastLineHeight = 0.01

    /// `node` as a layer at `path`, placed in `parent` (nil: the card's top).
    /// `inherited` is what turns the node's parents (a rotated group turns its children with it).
    /// `inFlow`, when given, says whether the node's parent flows it (a GRID frame's children flow in their cells).
    mutating func layer(_ node: FigmaNode, parent: FigmaNode?, path: [Int],
                        inherited: LinearTransform = .identity, inFlow: Bool? = nil) -> CardLayer {
        let turn = inherited.concatenating(LinearTransform(node.relativeTransform))
        nodeIDs[path] = node.id
        nodeNames[path] = node.name
        var box = box(of: node, parent: parent, inFlow: inFlow)
        if node.type == "TEXT" {
            // A turned text: its own size, turned about its bounds' center (Figma lays it out by those bounds).
            var rotation = 0.0
            if !turn.isIdentity {
                if let degrees = turn.clockwiseDegrees, let own = node.size {
                    rotation = degrees
                    box.width = box.width == .hug ? .hug : .fixed(own.x)
                    box.height = box.height == .hug ? .hug : .fixed(own.y)
                } else {
                    warn(node, "a flipped or skewed text (or one without its size) is drawn unturned in its "
                         + "bounding box")
                }
            }
            var layer = text(node, box: box)
            layer.rotation = rotation
            return .text(layer)
        }
        var frame = CardFrameLayer(box: box, layers: [])
        frame.opacity = min(max(node.opacity, 0), 1)
        if Self.frameTypes.contains(node.type) || Self.groupTypes.contains(node.type) {
            frame.layout = flow(of: node)
            frame.clipsContent = node.clipsContent && Self.frameTypes.contains(node.type)
        } else if !Self.vectorTypes.contains(node.type) {
            warn(node, "a \(node.type) node is not drawn; its box is laid out")
        }
        paint(node, turn: turn, into: &frame)
        if node.layoutMode == "GRID", Self.frameTypes.contains(node.type),
           let (flow, layers) = grid(node, path: path, turn: turn) {
            (frame.layout, frame.layers) = (flow, layers)
            return .frame(frame)
        }
        for child in node.children where child.visible {
            frame.layers.append(self.child(child, of: node, path: path + [frame.layers.count], turn: turn))
        }
        if frame.layers.contains(where: { $0.box.constraints != CardConstraints() }) { constrainedFrames.append(path) }
        return .frame(frame)
    }

    /// `child` of `node` as a layer at `path`: a mask marked as one, a boolean operation's operand hidden.
    mutating func child(_ child: FigmaNode, of node: FigmaNode, path: [Int], turn: LinearTransform,
                        inFlow: Bool? = nil) -> CardLayer {
        // A boolean operation draws its own geometry; its operands are laid out (listed) but not drawn.
        let drawsOperands = node.type != "BOOLEAN_OPERATION" || (node.fillGeometry ?? []).isEmpty
        var childLayer = layer(child, parent: node, path: path, inherited: turn, inFlow: inFlow)
        if case .frame(var hidden) = childLayer {
            if child.isMask {
                // It masks the siblings after it (in the flow too); it is listed, not drawn. By its outline where
                // that is the same (a VECTOR mask; an ALPHA one of opaque solid fills), else by what it draws.
                hidden.isMask = true
                if child.maskType == "LUMINANCE" {
                    hidden.maskType = .luminance
                } else if child.maskType != "VECTOR", !Self.paintsOpaque(child) {
                    hidden.maskType = .alpha
                }
                if hidden.paths.isEmpty, !hidden.layers.isEmpty {
                    // A group's outline: its children's together, where they sit in it.
                    let outlines = hidden.layers.compactMap { layer -> VectorPath? in
                        guard case .frame(let shape) = layer, !shape.isMask, let path = shape.paths.first?.path else {
                            return nil
                        }
                        return path.mapped { Point(x: $0.x + layer.box.x, y: $0.y + layer.box.y) }
                    }
                    if let first = outlines.first {
                        let union = outlines.allSatisfy { $0.fillRule == .nonzero }
                            ? VectorPath(segments: outlines.flatMap(\.segments)) : first
                        hidden.paths = [CardPath(path: union, paint: .color(.clear))]
                    }
                }
                if hidden.paths.isEmpty, Self.vectorTypes.contains(child.type) || Self.groupTypes.contains(child.type),
                   !["RECTANGLE", "ELLIPSE"].contains(child.type) {
                    // Its outline is in path data the file does not have: what it masks is hidden rather than shown
                    // whole (a star mask over a fill would draw a square).
                    warn(child, "a mask without path data hides what it masks; fetch the file with geometry=paths")
                    hidden.paths = [CardPath(path: VectorPath(segments: []), paint: .color(.clear))]
                }
            } else if !drawsOperands {
                hidden.opacity = 0
            }
            childLayer = .frame(hidden)
        } else if child.isMask {
            warn(child, "a text mask is drawn as text; what it masks is not clipped")
        }
        return childLayer
    }

    // MARK: - Paint

    /// The node's fills, strokes, corners and drop shadows on `frame`: a frame's or rectangle's as the frame's
    /// fill and border where they can be (one fill, an inside stroke), else as paths; a vector's from its path data.
    private mutating func paint(_ node: FigmaNode, turn: LinearTransform, into frame: inout CardFrameLayer) {
        if let radii = node.rectangleCornerRadii, radii.count == 4 {
            frame.cornerRadius = CornerRadii(topLeft: radii[0], topRight: radii[1], bottomRight: radii[2],
                                             bottomLeft: radii[3])
        } else if let radius = node.cornerRadius {
            frame.cornerRadius = CornerRadii(radius)
        }
        // Figma's "full" pill is a radius of 16777200 or so, which it clamps to half the shorter side when drawn,
        // as drawing a card does: any radius past a card's largest draws the same.
        frame.cornerRadius = frame.cornerRadius.map { min($0, Self.largestRadius) }
        let bounds = node.bounds
        // A rotated node's own size (its box is its bounding box): the outlines are drawn at it, then turned.
        let rotated = !turn.isIdentity
        let own = rotated ? node.size.map { Rect(x: 0, y: 0, width: $0.x, height: $0.y) } : nil
        let box = own ?? Rect(x: 0, y: 0, width: bounds.width, height: bounds.height)
        var fills = node.fills.filter { $0.visible && $0.type != "IMAGE" }
            .compactMap { paint($0, of: node, role: "fill", size: box) }
        if let imageFill = node.fills.last(where: { $0.visible && $0.type == "IMAGE" }) {
            frame.image = image(imageFill, of: node)
            // An image not given shows where it goes: a neutral gray over the fills below it.
            if frame.image == nil { fills.append(.color(Self.missingImageGray)) }
        }
        let strokes = hasVisibleStroke(node)
            ? node.strokes.filter(\.visible).compactMap { paint($0, of: node, role: "stroke", size: box) } : []
        let geometry = (node.fillGeometry ?? []).compactMap { path($0, of: node) }
        let strokeGeometry = (node.strokeGeometry ?? []).compactMap { path($0, of: node) }
        if Self.vectorTypes.contains(node.type), !geometry.isEmpty || !strokeGeometry.isEmpty {
            // Figma's own outlines: strokes come outlined (caps, joins, dashes and alignment done).
            for fill in fills { frame.paths += geometry.map { CardPath(path: $0, paint: fill) } }
            for stroke in strokes { frame.paths += strokeGeometry.map { CardPath(path: $0, paint: stroke) } }
            if !strokes.isEmpty, strokeGeometry.isEmpty { warn(node, "a stroke without stroke geometry is not drawn") }
            // A rectangle keeps its corners for its shadow; other outlines cast their box's.
            if node.type != "RECTANGLE" { frame.cornerRadius = 0 }
        } else if node.type == "ELLIPSE" {
            let ellipse = VectorPath.ellipse(in: box)
            for fill in fills { frame.paths.append(CardPath(path: ellipse, paint: fill)) }
            let weight = node.strokeWeight, (outside, inside) = node.strokeReach(weight)
            let ring = dashedStroke(node, weight: weight, along: {
                Self.strokeLine(aroundEllipseIn: box, reach: (outside - inside) / 2)
            }) ?? VectorPath.ellipse(in: box.grown(by: outside))
                .appending(VectorPath.ellipse(in: box.grown(by: -inside)), fillRule: .evenodd)
            for stroke in strokes { frame.paths.append(CardPath(path: ring, paint: stroke)) }
            if let arc = node.arcData, arc.endingAngle - arc.startingAngle < 2 * .pi - 1e-6 || arc.innerRadius > 0 {
                warn(node, "an arc without path data (fetch with geometry=paths) is drawn as a whole ellipse")
            }
            frame.cornerRadius = 0
        } else if node.type == "LINE" {
            // A line runs along its box's top edge; its stroke is centered on it unless aligned otherwise.
            let weight = node.strokeWeight, (outside, inside) = node.strokeReach(weight)
            // Round and square caps reach half the stroke past each end (a round one as a half disc).
            let cap = node.strokeCap ?? "NONE"
            let reach = ["ROUND", "SQUARE"].contains(cap) ? weight / 2 : 0
            let middle = (inside - outside) / 2
            let band = dashedStroke(node, weight: weight, closed: false, along: {
                [Point(x: 0, y: middle), Point(x: box.width, y: middle)]
            }) ?? VectorPath.roundedRect(Rect(x: -reach, y: -outside, width: box.width + 2 * reach,
                                              height: outside + inside),
                                         corners: CornerRadii(cap == "ROUND" ? weight / 2 : 0))
            for stroke in strokes { frame.paths.append(CardPath(path: band, paint: stroke)) }
            if !["NONE", "ROUND", "SQUARE"].contains(cap) { warn(node, "a line's \(cap) cap is drawn square-cut") }
        } else if Self.vectorTypes.contains(node.type), node.type != "RECTANGLE" {
            if !fills.isEmpty || !strokes.isEmpty {
                warn(node, "a \(node.type) without path data is not drawn; fetch the file with geometry=paths")
            }
        } else {
            // Frames, instances, components, rectangles: a rounded rectangle.
            if fills.count == 1, !rotated {
                frame.fill = fills[0]
            } else {
                let shape = VectorPath.roundedRect(box, corners: frame.cornerRadius)
                frame.paths += fills.map { CardPath(path: shape, paint: $0) }
            }
            let weight = strokeWeights(node).all.max() ?? 0
            let reach = node.strokeAlign == "OUTSIDE" ? weight / 2 : node.strokeAlign == "CENTER" ? 0 : -weight / 2
            let corners = frame.cornerRadius
            if !strokes.isEmpty, let dashed = dashedStroke(node, weight: weight, along: {
                Self.strokeLine(around: box, corners: corners, reach: reach)
            }) {
                frame.paths += strokes.map { CardPath(path: dashed, paint: $0) }
            } else if let stroke = strokes.first, strokes.count == 1, node.strokeAlign ?? "INSIDE" == "INSIDE",
                      !rotated {
                frame.border = CardBorder(width: strokeWeights(node), paint: stroke)
            } else if !strokes.isEmpty {
                let weights = strokeWeights(node)
                let factor = node.strokeAlign == "OUTSIDE" ? 1.0 : node.strokeAlign == "CENTER" ? 0.5 : 0
                let outer = Rect(x: -weights.left * factor, y: -weights.top * factor,
                                 width: box.width + (weights.left + weights.right) * factor,
                                 height: box.height + (weights.top + weights.bottom) * factor)
                let inner = weights.map { $0 * (1 - factor) }
                let innerRect = Rect(x: inner.left, y: inner.top, width: max(box.width - inner.left - inner.right, 0),
                                     height: max(box.height - inner.top - inner.bottom, 0))
                let maximum = weights.all.max() ?? 0
                let ring = VectorPath.roundedRect(outer, corners: frame.cornerRadius.map { $0 > 0 ? $0 + maximum * factor : 0 })
                    .appending(VectorPath.roundedRect(innerRect, corners: frame.cornerRadius.map {
                        max($0 - maximum * (1 - factor), 0) }), fillRule: .evenodd)
                frame.paths += strokes.map { CardPath(path: ring, paint: $0) }
            }
        }
        if rotated {
            // Turned about the node's origin, then moved so that its bounding box starts at the frame's corner.
            let corners = [Point(x: 0, y: 0), Point(x: box.width, y: 0), Point(x: 0, y: box.height),
                           Point(x: box.width, y: box.height)].map(turn.apply)
            let left = corners.map(\.x).min() ?? 0, top = corners.map(\.y).min() ?? 0
            frame.paths = frame.paths.map { shape in
                CardPath(path: shape.path.mapped { let p = turn.apply($0); return Point(x: p.x - left, y: p.y - top) },
                         paint: shape.paint)
            }
            frame.cornerRadius = 0
        }
        if node.fillOverrideTable.values.contains(where: { $0?.fills?.isEmpty == false }) {
            warn(node, "regions of a vector with fills of their own are drawn in the vector's fills")
        }
        for effect in node.effects where effect.visible {
            switch effect.type {
            case "DROP_SHADOW", "INNER_SHADOW":
                frame.shadows.insert(CardBoxShadow(x: effect.offset?.x ?? 0, y: effect.offset?.y ?? 0,
                                                   blur: effect.radius, spread: effect.spread,
                                                   color: effect.color?.color() ?? .black,
                                                   isInset: effect.type == "INNER_SHADOW"), at: 0)
                if !frame.paths.isEmpty, frame.fill == nil {
                    warn(node, "a shadow of a vector is cast by its bounding box")
                }
                // Behind an opaque fill, "show behind" cannot be seen; behind a translucent one, Figma shows the
                // shadow through it, and a card (as CSS) cuts it out.
                let opaque = node.fills.contains { $0.visible && $0.type == "SOLID" && $0.opacity >= 1
                    && ($0.color?.a ?? 1) >= 1 }
                if effect.type == "DROP_SHADOW", effect.showShadowBehindNode, !opaque {
                    warn(node, "a shadow shown behind a translucent node is cut out beneath it, as CSS draws one")
                }
            case "LAYER_BLUR":
                frame.blur = max(frame.blur, effect.radius)
                if effect.blurType == "PROGRESSIVE" { warn(node, "a progressive blur is drawn even, at its radius") }
            case "BACKGROUND_BLUR":
                if effect.blurType == "PROGRESSIVE" { warn(node, "a progressive blur is drawn even, at its radius") }
                // Seen only through the node's own translucent fill: without one, Figma shows nothing of it.
                guard node.fills.contains(where: \.visible) else { continue }
                frame.backgroundBlur = max(frame.backgroundBlur, effect.radius)
                if !frame.paths.isEmpty { warn(node, "a background blur behind a vector is cut to its bounding box") }
            default:
                warn(node, "the \(effect.type) effect is not drawn")
            }
        }
        for effect in node.effects where effect.visible {
            if let blend = effect.blendMode, !["PASS_THROUGH", "NORMAL"].contains(blend) {
                warn(node, "an effect's blend mode \(blend) is drawn as normal")
            }
        }
        if let blend = node.blendMode, !["PASS_THROUGH", "NORMAL"].contains(blend) {
            // Figma's names are CSS's in capitals with underscores.
            if let mode = BlendMode(rawValue: blend.lowercased().replacingOccurrences(of: "_", with: "-")) {
                frame.blendMode = mode
            } else {
                warn(node, "blend mode \(blend) is drawn as normal")
            }
        }
        for paint in node.fills + node.strokes where paint.visible {
            if let blend = paint.blendMode, !["PASS_THROUGH", "NORMAL"].contains(blend) {
                warn(node, "a \(paint.type) paint's blend mode \(blend) is drawn as normal")
            }
        }
    }

    /// A dashed stroke `weight` wide along the middle line `line` gives, when the node has `strokeDashes` and no
    /// stroke geometry of Figma's; `nil` (solid) otherwise, with a warning where the dashes cannot be cut.
    private mutating func dashedStroke(_ node: FigmaNode, weight: Double, closed: Bool = true,
                                       along line: () -> [Point]) -> VectorPath? {
        guard let pattern = node.strokeDashes, !pattern.isEmpty, (node.strokeGeometry ?? []).isEmpty else { return nil }
        let cap = node.strokeCap ?? "NONE"
        guard let dashed = Self.dashes(along: line(), closed: closed, width: weight, pattern: pattern, cap: cap) else {
            warn(node, "a dash pattern \(pattern) that cuts no dashes, or more than \(Self.maximumDashes), is drawn solid")
            return nil
        }
        if !["NONE", "ROUND", "SQUARE"].contains(cap) { warn(node, "dashes are drawn butt-ended, not with \(cap) caps") }
        return dashed
    }

    /// Whether everything `node` paints is opaque and solid (its fills, and its children's for a group), at full
    /// opacity: a mask of it masks by its outline.
    static func paintsOpaque(_ node: FigmaNode) -> Bool {
        let fills = node.fills.filter(\.visible)
        let opaque = fills.allSatisfy { $0.type == "SOLID" && $0.opacity >= 1 && ($0.color?.a ?? 1) >= 1 }
        return node.opacity >= 1 && opaque && (!fills.isEmpty || !node.children.isEmpty)
            && node.children.filter(\.visible).allSatisfy(paintsOpaque)
    }

    /// An image fill as the frame's image, or `nil` (with a warning; the caller draws a placeholder) when its bytes
    /// were not given.
    private mutating func image(_ paint: FigmaPaint, of node: FigmaNode) -> CardFrameImage? {
        guard let reference = paint.imageRef, let source = images[reference] else {
            warn(node, "the image \(paint.imageRef ?? "without an imageRef") was not given (--images); a gray "
                 + "placeholder is drawn in its place")
            return nil
        }
        if let rotation = paint.rotation, rotation.isFinite, rotation.truncatingRemainder(dividingBy: 360) != 0 {
            warn(node, "an image turned \(rotation)° is drawn unturned")
        }

        if let filters = paint.filters, filters.values.contains(where: { $0 != 0 }) {
            warn(node, "an image's filters (exposure, contrast, saturation …) are not applied")
        }
        var image = placement(of: paint, source: source, node: node)
        image.opacity = min(max(paint.opacity, 0), 1)
        return image
    }

    /// How an image fill covers its node: its scale mode (FILL, FIT, CROP with its transform, TILE).
    private mutating func placement(of paint: FigmaPaint, source: String, node: FigmaNode) -> CardFrameImage {
        switch paint.scaleMode {
        case "FIT":
            return CardFrameImage(source: source, placement: .fitted(.contain))
        case "STRETCH", "CROP":
            // imageTransform maps the node's unit square into the image's: [[a, c, tx], [b, d, ty]] without turn or
            // skew shows the image's part from (tx, ty), a wide and d high.
            var crop = Rect(x: 0, y: 0, width: 1, height: 1)
            if let m = paint.imageTransform {
                guard m.count == 2, m.allSatisfy({ $0.count == 3 && $0.allSatisfy(\.isFinite) }), abs(m[1][0]) < 1e-9,
                      abs(m[0][1]) < 1e-9, m[0][0] > 1e-9, m[1][1] > 1e-9 else {
                    warn(node, "an image cropped with a turn, a skew or a broken transform is drawn covering the box")
                    return CardFrameImage(source: source, placement: .fitted(.cover))
                }
                crop = Rect(x: m[0][2], y: m[1][2], width: m[0][0], height: m[1][1])
            }
            return CardFrameImage(source: source, placement: .cropped(crop))
        case "TILE":
            let scale = paint.scalingFactor ?? 1
            guard scale.isFinite, scale > 0 else {
                warn(node, "a tiled image with scaling factor \(scale) is drawn covering the box")
                return CardFrameImage(source: source, placement: .fitted(.cover))
            }
            return CardFrameImage(source: source, placement: .tiled(scale: scale))
        default:
            return CardFrameImage(source: source, placement: .fitted(.cover))
        }
    }

    /// A geometry's path, or `nil` (with a warning) when its data cannot be read.
    private mutating func path(_ geometry: FigmaPath, of node: FigmaNode) -> VectorPath? {
        do throws(VectorPathError) {
            return try VectorPath(svgPathData: geometry.path, fillRule: geometry.windingRule == "EVENODD"
                                  ? .evenodd : .nonzero)
        } catch {
            warn(node, "\(error)")
            return nil
        }
    }

    /// A paint as MatterType draws it over a node of `size`, or `nil` (with a warning) for one it does not.
    mutating func paint(_ paint: FigmaPaint, of node: FigmaNode, role: String, size: Rect) -> Paint? {
        let stops = (paint.gradientStops ?? []).map {
            GradientStop(offset: min(max($0.position, 0), 1), color: $0.color.color(opacity: paint.opacity))
        }
        let handles = (paint.gradientHandlePositions ?? []).map { Point(x: $0.x, y: $0.y) }
        switch paint.type {
        case "SOLID":
            return .color((paint.color ?? FigmaColor(r: 0, g: 0, b: 0, a: 1)).color(opacity: paint.opacity))
        case "GRADIENT_LINEAR" where handles.count >= 2 && stops.count >= 1:
            guard let line = Self.gradientLine(handles, size: size) else { return nil }
            return .linear(LinearGradient(from: line.start, to: line.end, stops: stops))
        case let type where ["GRADIENT_RADIAL", "GRADIENT_ANGULAR", "GRADIENT_DIAMOND"].contains(type)
                                && handles.count >= 2 && stops.count >= 1:
            // The first handle is the center, the second the end of one axis (a radius; where the sweep starts;
            // a corner of the diamond), the third of the other (a circle's, at right angles in points, when Figma
            // gives two).
            let first = Point(x: handles[1].x - handles[0].x, y: handles[1].y - handles[0].y)
            let second = handles.count >= 3 ? Point(x: handles[2].x - handles[0].x, y: handles[2].y - handles[0].y)
                : Point(x: -first.y * size.height / max(size.width, 1e-9),
                        y: first.x * size.width / max(size.height, 1e-9))
            let axes = GradientAxes(first: first, second: second)
            switch type {
            case "GRADIENT_ANGULAR":
                return .conic(ConicGradient(centerX: handles[0].x, centerY: handles[0].y, axes: axes, stops: stops))
            case "GRADIENT_DIAMOND":
                return .diamond(DiamondGradient(centerX: handles[0].x, centerY: handles[0].y, axes: axes,
                                                stops: stops))
            default:
                return .radial(RadialGradient(centerX: handles[0].x, centerY: handles[0].y, ellipse: axes,
                                              stops: stops))
            }
        default:
            warn(node, "a \(paint.type) \(role) is not drawn")
            return nil
        }
    }

    /// A linear gradient's start and end (fractions of the box) from Figma's handles (fractions of the node: the
    /// start, the end, and the direction the colors stay the same along): offset t solves
    /// p = h0 + t (h1 − h0) + s (h2 − h0), an affine function of the pixel, whose steepest line runs from the
    /// point where t = 0 nearest the corner to where t = 1.
    static func gradientLine(_ handles: [Point], size: Rect) -> (start: Point, end: Point)? {
        let h0 = handles[0], d1 = Point(x: handles[1].x - h0.x, y: handles[1].y - h0.y)
        let d2 = handles.count >= 3 ? Point(x: handles[2].x - h0.x, y: handles[2].y - h0.y) : Point(x: -d1.y, y: d1.x)
        let determinant = d1.x * d2.y - d1.y * d2.x
        guard abs(determinant) > 1e-12, size.width > 0, size.height > 0 else { return nil }
        // t = α u + β v + γ in the node's fractions (u, v); in points, (α / width) x + (β / height) y + γ.
        let alpha = d2.y / determinant, beta = -d2.x / determinant
        let gamma = -(h0.x * d2.y - h0.y * d2.x) / determinant
        let gx = alpha / size.width, gy = beta / size.height
        let squared = gx * gx + gy * gy
        guard squared > 0, squared.isFinite else { return nil }
        let start = Point(x: -gamma * gx / squared, y: -gamma * gy / squared)
        let end = Point(x: start.x + gx / squared, y: start.y + gy / squared)
        return (Point(x: start.x / size.width, y: start.y / size.height),
                Point(x: end.x / size.width, y: end.y / size.height))
    }

    func hasVisibleStroke(_ node: FigmaNode) -> Bool {
        node.strokes.contains(where: \.visible) && (node.strokeWeight > 0 || node.individualStrokeWeights != nil)
    }

    func strokeWeights(_ node: FigmaNode) -> EdgeWidths {
        if let weights = node.individualStrokeWeights {
            return EdgeWidths(top: weights.top, right: weights.right, bottom: weights.bottom, left: weights.left)
        }
        return EdgeWidths(node.strokeWeight)
    }

    mutating func warn(_ node: FigmaNode, _ message: String) {
        warnings.append(FigmaWarning(nodeID: node.id, nodeName: node.name, message: message))
    }
}

/// A rotation, flip, scale or skew without a move: how a Figma node's `relativeTransform` turns its outlines.
struct LinearTransform: Sendable, Equatable {
    var a: Double, b: Double, c: Double, d: Double

    static let identity = LinearTransform(a: 1, b: 0, c: 0, d: 1)

    init(a: Double, b: Double, c: Double, d: Double) {
        (self.a, self.b, self.c, self.d) = (a, b, c, d)
    }

    /// A `relativeTransform`'s [[a, c, tx], [b, d, ty]] without its move; identity when it is missing or broken.
    init(_ matrix: [[Double]]?) {
        guard let m = matrix, m.count == 2, m[0].count == 3, m[1].count == 3,
              [m[0][0], m[0][1], m[1][0], m[1][1]].allSatisfy(\.isFinite) else {
            self = .identity
            return
        }
        self.init(a: m[0][0], b: m[1][0], c: m[0][1], d: m[1][1])
    }

    /// The clockwise turn in degrees (-180 to 180) when it is a rotation alone (no flip, skew or scale, within
    /// Figma's float noise), else `nil`. Figma's `relativeTransform` turned counter-clockwise by θ is
    /// [[cos θ, sin θ], [−sin θ, cos θ]]: b is the sine of the clockwise turn.
    var clockwiseDegrees: Double? {
        guard abs(a - d) < 1e-4, abs(b + c) < 1e-4, abs(a * a + b * b - 1) < 1e-4 else { return nil }
        return atan2(b, a) * 180 / .pi
    }

    /// Whether it leaves points where they are (within Figma's float noise).
    var isIdentity: Bool { abs(a - 1) < 1e-6 && abs(d - 1) < 1e-6 && abs(b) < 1e-6 && abs(c) < 1e-6 }

    /// This transform after `inner`.
    func concatenating(_ inner: LinearTransform) -> LinearTransform {
        LinearTransform(a: a * inner.a + c * inner.b, b: b * inner.a + d * inner.b,
                        c: a * inner.c + c * inner.d, d: b * inner.c + d * inner.d)
    }

    func apply(_ p: Point) -> Point { Point(x: a * p.x + c * p.y, y: b * p.x + d * p.y) }
}
