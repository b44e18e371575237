public import MatterType
import MatterTypeWire

/// Every layer of a card where its frames put it: a box in the canvas's points for each layer, frames' children
/// included, named by a JSON Pointer into the card document (`/layers/0/layers/2`). What `mattertype card --json`
/// prints; nothing is drawn to make it.
public struct CardLayout: Sendable, Hashable {
    /// One layer's box.
    public struct Box: Sendable, Hashable, Codable {
        /// The layer's JSON Pointer in the card document: `/layers/0`, `/layers/0/layers/2`.
        public var path: String
        /// Its left edge, in points from the canvas's left.
        public var x: Double
        /// Its top edge, in points from the canvas's top.
        public var y: Double
        /// Its width in points.
        public var width: Double
        /// Its height in points.
        public var height: Double
        /// A text layer's line count; `nil` for other layers.
        public var lines: Int?
        /// A text layer's ink (its glyphs' outlines and decorations), in the canvas's points; `nil` for other
        /// layers and for text with no ink.
        public var ink: Rect?
    }

    /// The layers' boxes, in document order (a frame before its children).
    public var boxes: [Box]
}

/// A layer laid out: its size, where its text sits, its first baseline and its children, relative to its own
/// top-left corner.
struct LaidOutLayer {
    /// The layer (its text layer's request with the width it was laid out at).
    var layer: CardLayer
    /// Where it is in the document: the indices of `layers` down to it.
    var path: [Int]
    /// Its box; the origin is its parent's top-left corner until ``CardLayoutEngine/placed(_:at:)`` makes it the
    /// canvas's.
    var frame: Rect
    /// A text layer's lines.
    var text: TextLayout?
    /// Where a text layer's lines start below its box's top (its vertical alignment).
    var textTop: Double = 0
    /// Where a text layer's lines start right of its box's left edge: vertical-rl columns stand at a wider
    /// box's right.
    var textLeft: Double = 0
    /// Its first baseline below its top (CSS: a text's first line's, a frame's first child's, else its bottom edge).
    var baseline: Double
    /// A frame's children, in document order.
    var children: [LaidOutLayer] = []
    /// A turned text's own (unturned) size: its ``frame`` is the turned box's bounds, and the text is drawn in a
    /// box this size at the frame's center, turned about it; `nil` for a layer not turned.
    var unturnedSize: Size?

    /// A rectangle in the unturned text's box (relative to its top-left corner) as the bounds it covers turned,
    /// relative to ``frame``'s top-left corner; unchanged for a layer not turned.
    func turned(_ rect: Rect) -> Rect {
        guard let own = unturnedSize, case .text(let text) = layer else { return rect }
        // The unturned box sits centered on the frame's center, and turns about it.
        let center = Point(x: frame.width / 2, y: frame.height / 2)
        return Rect(x: rect.x - own.width / 2 + center.x, y: rect.y - own.height / 2 + center.y, width: rect.width,
                    height: rect.height).turned(by: text.rotation, about: center)
    }

    /// The layer and its descendants' boxes, in document order.
    func boxes(into list: inout [CardLayout.Box]) {
        let ink = text.map(\.inkBounds).flatMap { bounds -> Rect? in
            guard !bounds.isEmpty else { return nil }
            let inBox = turned(Rect(x: textLeft + bounds.x, y: textTop + bounds.y, width: bounds.width,
                                    height: bounds.height))
            return Rect(x: frame.x + inBox.x, y: frame.y + inBox.y, width: inBox.width, height: inBox.height)
        }
        list.append(CardLayout.Box(path: path.map { "/layers/\($0)" }.joined(), x: frame.x, y: frame.y,
                                   width: frame.width, height: frame.height, lines: text?.lines.count, ink: ink))
        for child in children { child.boxes(into: &list) }
    }
}

/// Lays out a card's layers: absolute ones at their x and y, frames' children as Auto Layout flows them. The rules
/// are CSS flexbox's with Figma's sizing mapped onto it (hug `flex: none`, fill along `flex: 1 1 0` with no
/// minimum, fill across `align-self: stretch`, gap auto `space-between`); Docs/Cards.md lists them.
struct CardLayoutEngine {
    let registry: FontRegistry
    let tokens: DesignTokens?
    let scale: Double
    let deadline: RenderDeadline
    /// Layers and text layouts laid out, by layer path and the width and height they were asked for: a frame
    /// measures its children before it places them.
    private let cache = Cache()

    private final class Cache {
        var texts: [String: TextLayout] = [:]
        var layers: [String: LaidOutLayer] = [:]
    }

    init(registry: FontRegistry, tokens: DesignTokens?, scale: Double, deadline: RenderDeadline) {
        self.registry = registry
        self.tokens = tokens
        self.scale = scale
        self.deadline = deadline
    }

    /// The card's layers laid out, in canvas coordinates.
    func layers(of card: Card) throws(CardError) -> [LaidOutLayer] {
        try checkDepth(card.layers, depth: 1)
        let root = CardFrameLayer(box: CardBox(width: .fixed(card.width), height: .fixed(card.height)),
                                  layers: card.layers)
        let laidOut = try frame(root, path: [], width: card.width, height: card.height, knows: (true, true))
        var placedLayers: [LaidOutLayer] = []
        for child in laidOut.children { placedLayers.append(try placed(child, at: Point(x: 0, y: 0))) }
        return placedLayers
    }

    /// `layer` and its children moved from their parents' coordinates to the canvas's, the parent's corner at
    /// `origin`; each checked to lie within ``Card/maximumReach`` of the canvas's corner (values allowed one by one
    /// add up: 140 gaps of 1,000,000 points).
    private func placed(_ layer: LaidOutLayer, at origin: Point) throws(CardError) -> LaidOutLayer {
        var moved = layer
        moved.frame.x += origin.x
        moved.frame.y += origin.y
        let box = moved.frame
        for (name, value) in [("x", box.x), ("y", box.y), ("right edge", box.maxX), ("bottom edge", box.maxY)]
        where !value.isFinite || abs(value) > Card.maximumReach {
            throw .layer(path: layer.path, .invalid(field: "layers", reason: "its \(name) lands at \(value) points, "
                + "beyond the ±\(Int(Card.maximumReach)) a card's layers may reach; use smaller positions, gaps "
                + "and padding"))
        }
        var children: [LaidOutLayer] = []
        for child in layer.children { children.append(try placed(child, at: Point(x: box.x, y: box.y))) }
        moved.children = children
        return moved
    }

    private func checkDepth(_ layers: [CardLayer], depth: Int) throws(CardError) {
        for layer in layers {
            guard case .frame(let frame) = layer else { continue }
            guard depth < CardFrameLayer.maximumDepth else {
                throw .invalid(field: "layers", reason: "frames are nested more than \(CardFrameLayer.maximumDepth) "
                               + "deep; flatten the document")
            }
            try checkDepth(frame.layers, depth: depth + 1)
        }
    }

    // MARK: - One layer

    /// Lays out `layer` as `width` × `height` points where they are given (fixed, filling or stretching: sizes
    /// its children may fill), hugging its content on an axis where not (a hugging size is clamped to the box's
    /// minimum and maximum here; a given one already is).
    /// `knowsWidth`/`knowsHeight` (a frame's) override whether its children may fill an axis: a size it hugged and
    /// is given back is not one they may fill; a stretch still to come (in a wrapped line) is, while it hugs.
    func layOut(_ layer: CardLayer, path: [Int], width: Double?, height: Double?, knowsWidth: Bool? = nil,
                        knowsHeight: Bool? = nil) throws(CardError) -> LaidOutLayer {
        let knows = (knowsWidth ?? (width != nil), knowsHeight ?? (height != nil))
        let key = "\(path)|\(width ?? -1)|\(height ?? -1)|\(knows.0)|\(knows.1)"
        if let laidOut = cache.layers[key] { return laidOut }
        let laidOut = try layOutOnce(layer, path: path, width: width, height: height, knows: knows)
        cache.layers[key] = laidOut
        return laidOut
    }

    private func layOutOnce(_ layer: CardLayer, path: [Int], width: Double?, height: Double?,
                            knows: (Bool, Bool)) throws(CardError) -> LaidOutLayer {
        do throws(RenderError) {
            try deadline.check(CardError.place(path))
        } catch {
            throw .render(error)
        }
        try check(layer.box, path: path)
        switch layer {
        case .text(let text):
            return try self.text(text, path: path, width: width, height: height)
        case .rect, .image:
            guard let width, let height else {
                let axis = width == nil ? "width" : "height"
                throw .layer(path: path, .invalid(field: axis, reason: "\"fill\" needs a frame with a direction that "
                                                  + "knows its \(axis); give a number of points"))
            }
            return LaidOutLayer(layer: layer, path: path, frame: Rect(x: 0, y: 0, width: width, height: height),
                                baseline: height)
        case .frame(let frame):
            return try self.frame(frame, path: path, width: width, height: height, knows: knows)
        }
    }

    /// Checks that the box's lengths are finite, within ±1,000,000 points, and not negative where they are sizes.
    private func check(_ box: CardBox, path: [Int]) throws(CardError) {
        var values = [("x", box.x), ("y", box.y)]
        if case .fixed(let width) = box.width { values.append(("width", width)) }
        if case .fixed(let height) = box.height { values.append(("height", height)) }
        for (name, value) in values where !value.isFinite || abs(value) > 1_000_000 {
            throw .layer(path: path, .invalid(field: name, reason: "\(value) is not allowed; use a finite length"))
        }
        let sizes = [("width", box.width.points), ("height", box.height.points), ("minWidth", box.minWidth),
                     ("maxWidth", box.maxWidth), ("minHeight", box.minHeight), ("maxHeight", box.maxHeight)]
        for case let (name, value?) in sizes where !value.isFinite || !(0...1_000_000).contains(value) {
            throw .layer(path: path, .invalid(field: name, reason: "\(value) is not allowed; use 0 to 1000000 points"))
        }
    }

    /// A text layer at `width` (hugging: its natural width, within its minimum and maximum, wrapping at the
    /// maximum) and `height` (hugging: its lines').
    private func text(_ layer: CardTextLayer, path: [Int], width: Double?, height: Double?) throws(CardError) -> LaidOutLayer {
        guard layer.rotation.isFinite, (-360...360).contains(layer.rotation) else {
            throw .layer(path: path, .invalid(field: "rotation", reason: "\(layer.rotation) is not allowed; use -360 "
                                              + "to 360 degrees"))
        }
        if layer.isTurned { return try turnedText(layer, path: path) }
        if layer.isVertical { return try columns(layer, path: path, width: width, height: height) }
        var wrapWidth = width
        if width == nil { wrapWidth = try clampedHug(layer, path: path, horizontal: true, height: height) }
        let layout = try textLayout(layer, path: path, width: wrapWidth, height: height)
        let boxWidth = wrapWidth ?? layer.box.clamped(layout.width, horizontal: true)
        let boxHeight = height ?? layer.box.clamped(layout.height, horizontal: false)
        var top: Double = switch layer.verticalAlignment {
        case .top: 0
        case .middle: (boxHeight - layout.height) / 2
        case .bottom: boxHeight - layout.height
        case .baseline: layer.baselineOffset - (layout.lines.first?.baseline ?? 0)
        }
        if layout.limits.model == .figmaVersion0, layer.verticalAlignment == .middle || layer.verticalAlignment == .bottom,
           let first = layout.lines.first, let last = layout.lines.last {
            // Figma's first layout aligns the glyphs' block (the first line's ascent to the last one's descent), not
            // the lines' boxes, and rounds the baseline: Roboto Black 22 px on 44, bottom-aligned in a 44-point box,
            // has its baseline at 39 (44 − 5.37), where the lines' box would put it at 20 (investor pitch, 2019).
            let typography = layout.typography
            let block = last.top - first.top + typography.ascent + typography.descent
            let blockTop = layer.verticalAlignment == .middle ? (boxHeight - block) / 2 : boxHeight - block
            top = (blockTop + typography.ascent).rounded() - first.baseline
        }
        var laidOut = layer
        laidOut.request.limits.width = wrapWidth
        return LaidOutLayer(layer: .text(laidOut), path: path,
                            frame: Rect(x: 0, y: 0, width: boxWidth, height: boxHeight), text: layout, textTop: top,
                            baseline: top + (layout.lines.first?.baseline ?? layout.height))
    }

    /// What a text hugging along `horizontal` is laid out at when its box has a minimum or maximum there (rows:
    /// the width they wrap at; columns: their length): its own extent clamped, or `nil` when the clamp leaves it
    /// as it is (or there is none).
    private func clampedHug(_ layer: CardTextLayer, path: [Int], horizontal: Bool,
                            height: Double?) throws(CardError) -> Double? {
        let box = layer.box
        guard horizontal ? box.minWidth != nil || box.maxWidth != nil : box.minHeight != nil || box.maxHeight != nil
        else { return nil }
        let layout = try textLayout(layer, path: path, width: nil, height: height)
        let natural = horizontal ? layout.width : layout.height
        let clamped = box.clamped(natural, horizontal: horizontal)
        return clamped != natural ? clamped : nil
    }

    /// A vertical text layer: columns as long as `height` (hugging: a column a paragraph, up to the box's maximum
    /// height), as wide as they reach across (or `width`, the columns at its right for `vertical-rl`); the
    /// vertical alignment places them down the box.
    private func columns(_ layer: CardTextLayer, path: [Int], width: Double?, height: Double?) throws(CardError) -> LaidOutLayer {
        var length = height
        if height == nil { length = try clampedHug(layer, path: path, horizontal: false, height: nil) }
        let layout = try textLayout(layer, path: path, width: nil, height: length)
        let boxWidth = width ?? layer.box.clamped(layout.width, horizontal: true)
        let boxHeight = length ?? layer.box.clamped(layout.height, horizontal: false)
        let top: Double = switch layer.verticalAlignment {
        case .top, .baseline: 0
        case .middle: (boxHeight - layout.height) / 2
        case .bottom: boxHeight - layout.height
        }
        let fromRight = layout.typography.typography.writingMode == .verticalRightToLeft
        var laidOut = layer
        laidOut.request.limits.width = nil
        laidOut.request.limits.height = length
        return LaidOutLayer(layer: .text(laidOut), path: path,
                            frame: Rect(x: 0, y: 0, width: boxWidth, height: boxHeight), text: layout, textTop: top,
                            textLeft: fromRight ? boxWidth - layout.width : 0, baseline: top + layout.height)
    }

    /// A turned text: laid out in its own box (fixed or hugging; a flow's sizes are the turned bounds', not its
    /// own), its frame the bounds of that box turned about its center, its baseline the frame's bottom edge.
    private func turnedText(_ layer: CardTextLayer, path: [Int]) throws(CardError) -> LaidOutLayer {
        for (axis, size) in [("width", layer.box.width), ("height", layer.box.height)] where size == .fill {
            throw .layer(path: path, .invalid(field: axis, reason: "a turned text cannot fill; give a number of "
                                              + "points or \"hug\""))
        }
        var unturned = layer
        unturned.rotation = 0
        var laidOut = try text(unturned, path: path,
                               width: layer.box.width.points.map { layer.box.clamped($0, horizontal: true) },
                               height: layer.box.height.points.map { layer.box.clamped($0, horizontal: false) })
        if case .text(var drawn) = laidOut.layer {
            drawn.rotation = layer.rotation
            laidOut.layer = .text(drawn)
        }
        let own = Size(width: laidOut.frame.width, height: laidOut.frame.height)
        laidOut.unturnedSize = own
        laidOut.frame = Rect(x: 0, y: 0, width: own.width, height: own.height)
        let bounds = laidOut.turned(laidOut.frame)
        laidOut.frame = Rect(x: 0, y: 0, width: bounds.width, height: bounds.height)
        laidOut.baseline = bounds.height
        return laidOut
    }

    /// The text's lines wrapped at `width` (none: a line a paragraph); a fitted text fits `height` when its request
    /// gives no `maxHeight`. A vertical text's columns are `height` long instead.
    private func textLayout(_ layer: CardTextLayer, path: [Int], width: Double?, height: Double?,
                            measuringMinContent: Bool = false) throws(CardError) -> TextLayout {
        var request = layer.request
        request.output.scale = scale
        // A text squeezed to no width breaks wherever it can, as CSS's does in a box of width 0.
        if layer.isVertical {
            request.limits.width = nil
            request.limits.height = height.map { max($0, 0.001) }
        } else {
            request.limits.width = width.map { max($0, 0.001) }
            if request.limits.fit == true, request.limits.maxHeight == nil { request.limits.maxHeight = height }
        }
        let key = "\(path)|\(width.map { "\($0)" } ?? "-")|\(request.limits.fit == true || layer.isVertical ? "\(height ?? -1)" : "")|"
            + "\(measuringMinContent)"
        if let layout = cache.texts[key] { return layout }
        let layout: TextLayout
        do {
            layout = try request.layout(registry: registry, tokens: tokens, measuringMinContent: measuringMinContent)
        } catch {
            throw .layer(path: path, error)
        }
        cache.texts[key] = layout
        return layout
    }

    /// CSS's min-content width of a layer in a flow, as a frame sizing it fit-content needs it: a fixed width; a
    /// hugging layer's own width (its max-content: `flex: none`); filling, a text's widest unbreakable run, a
    /// row's children's summed (and its gaps), a column's or wrapping row's widest child, plus padding; 0 for a
    /// rectangle or image.
    func minContentWidth(_ layer: CardLayer, path: [Int]) throws(CardError) -> Double {
        let box = layer.box
        if case .text(let text) = layer, text.isTurned || text.isVertical {
            return try layOut(layer, path: path, width: nil, height: nil).frame.width  // its turned bounds', its columns'
        }
        if let fixed = box.width.points { return box.clamped(fixed, horizontal: true) }
        if box.width == .hug { return try layOut(layer, path: path, width: nil, height: nil).frame.width }
        switch layer {
        case .rect, .image:
            return box.clamped(0, horizontal: true)
        case .text(let text):
            // Laid out at (almost) no width, so that every break opportunity is looked for.
            let layout = try textLayout(text, path: path, width: 0, height: nil, measuringMinContent: true)
            return box.clamped(layout.minContentWidth ?? layout.width, horizontal: true)
        case .frame(let frame):
            if let grid = frame.layout.grid {
                return try GridLayout(engine: self, frame: frame, grid: grid, path: path, width: nil, height: nil)
                    .minContentWidth()
            }
            guard let direction = frame.layout.direction else { return box.clamped(0, horizontal: true) }
            var widths: [Double] = []
            for (index, child) in frame.layers.enumerated() where !child.box.isAbsolute {
                widths.append(try minContentWidth(child, path: path + [index]))
            }
            let gap: Double = if case .fixed(let value) = frame.layout.gap { value } else { 0 }
            // A row that wraps can put each child on its own line: its widest child (CSS §9.9.1).
            let content = direction == .horizontal && !frame.layout.wraps
                ? widths.reduce(0, +) + gap * Double(max(0, widths.count - 1)) : widths.max() ?? 0
            let padding = frame.layout.padding.sum(horizontal: true)
            return max(box.clamped(content + padding, horizontal: true), padding)
        }
    }

    // MARK: - Frames

    /// A frame `width` × `height` (hugging its children where `nil`; its children may fill only a given size).
    private func frame(_ frame: CardFrameLayer, path: [Int], width: Double?, height: Double?,
                       knows: (Bool, Bool)) throws(CardError) -> LaidOutLayer {
        let flow = frame.layout
        // Every side and corner: one out of range is as dangerous as all of them.
        let padding = flow.padding, border = frame.border?.width.all ?? []
        let values = [padding.top, padding.right, padding.bottom, padding.left].map { ("padding", $0) }
            + [("crossGap", flow.crossGap.points ?? 0)]
            + frame.cornerRadius.all.map { ("cornerRadius", $0) } + border.map { ("border", $0) }
        for (name, value) in values where !value.isFinite || !(0...1_000_000).contains(value) {
            throw .layer(path: path, .invalid(field: name, reason: "\(value) is not allowed; use 0 to 1000000 points"))
        }
        // A negative gap overlaps the children, as Figma's negative item spacing does.
        if case .fixed(let gap) = flow.gap, !gap.isFinite || !(-1_000_000...1_000_000).contains(gap) {
            throw .layer(path: path, .invalid(field: "gap", reason: "\(gap) is not allowed; use -1000000 to 1000000 "
                                              + "points (negative: the children overlap)"))
        }
        for case let (name, value?) in [("designWidth", frame.designWidth), ("designHeight", frame.designHeight)]
        where !value.isFinite || !(0...1_000_000).contains(value) {
            throw .layer(path: path, .invalid(field: name, reason: "\(value) is not allowed; use 0 to 1000000 points"))
        }
        if let grid = flow.grid {
            guard flow.direction == nil else {
                throw .layer(path: path, .invalid(field: "layout", reason: "a grid places its children in cells; "
                                                  + "leave out direction"))
            }
            return try GridLayout(engine: self, frame: frame, grid: grid, path: path, width: width, height: height)
                .run()
        }
        guard let direction = flow.direction else {
            var children: [LaidOutLayer] = []
            for (index, child) in frame.layers.enumerated() {
                children.append(try positioned(child, path: path + [index], in: frame, width: width, height: height))
            }
            // Hugging, it reaches as far right and down as its children do (Figma's group), those after a mask
            // only as far as the mask shows them.
            var reach = (right: 0.0, bottom: 0.0), maskEdge: (right: Double, bottom: Double)?
            for (child, layer) in zip(children, frame.layers) {
                let right = min(child.frame.maxX, maskEdge?.right ?? .infinity)
                let bottom = min(child.frame.maxY, maskEdge?.bottom ?? .infinity)
                reach = (max(reach.right, right), max(reach.bottom, bottom))
                if case .frame(let inner) = layer, inner.isMask { maskEdge = (right, bottom) }
            }
            let width = width ?? frame.box.clamped(reach.right, horizontal: true)
            let height = height ?? frame.box.clamped(reach.bottom, horizontal: false)
            return LaidOutLayer(layer: .frame(frame), path: path, frame: Rect(x: 0, y: 0, width: width, height: height),
                                baseline: height, children: children)
        }
        return try FlowLayout(engine: self, frame: frame, path: path, horizontal: direction == .horizontal,
                              width: width, height: height, knowsWidth: knows.0, knowsHeight: knows.1).run()
    }

    /// A child placed at its own x and y (in a frame without a direction, or taken out of the flow): fixed or
    /// hugging, never filling.
    func positioned(_ child: CardLayer, path: [Int]) throws(CardError) -> LaidOutLayer {
        let box = child.box
        for (axis, size) in [("width", box.width), ("height", box.height)] where size == .fill {
            throw .layer(path: path, .invalid(field: axis, reason: "\"fill\" needs a frame with a direction to fill, "
                                              + "and a child in its flow; give a number of points or \"hug\""))
        }
        var laidOut = try layOut(child, path: path, width: box.width.points.map { box.clamped($0, horizontal: true) },
                                 height: box.height.points.map { box.clamped($0, horizontal: false) })
        laidOut.frame.x = box.x
        laidOut.frame.y = box.y
        return laidOut
    }

    /// A child placed at its own x and y in `frame`, laid out `width` × `height` (`nil` where it hugs): where that
    /// differs from the frame's design size, moved and resized as the child's constraints say.
    func positioned(_ child: CardLayer, path: [Int], in frame: CardFrameLayer, width: Double?,
                    height: Double?) throws(CardError) -> LaidOutLayer {
        var laidOut = try positioned(child, path: path)
        let box = child.box
        var place = (x: box.x, y: box.y), sizes: (width: Double?, height: Double?) = (nil, nil)
        for horizontal in [true, false] {
            guard let design = horizontal ? frame.designWidth : frame.designHeight,
                  let actual = horizontal ? width : height, abs(actual - design) > 1e-9 else { continue }
            let followed = CardConstraints.follow(box.constraints.pin(horizontal: horizontal),
                                                  position: horizontal ? box.x : box.y,
                                                  size: box.size(horizontal: horizontal).points, design: design,
                                                  actual: actual)
            if horizontal { (place.x, sizes.width) = followed } else { (place.y, sizes.height) = followed }
        }
        if sizes.width != nil || sizes.height != nil {
            laidOut = try layOut(child, path: path,
                                 width: (sizes.width ?? box.width.points).map { box.clamped($0, horizontal: true) },
                                 height: (sizes.height ?? box.height.points).map { box.clamped($0, horizontal: false) })
        }
        laidOut.frame.x = place.x
        laidOut.frame.y = place.y
        return laidOut
    }

    /// Lays out `child` with `main` and `cross` sizes (of the flow's axes) where given, hugging where `nil`.
    func layOut(_ child: CardLayer, path: [Int], main: Double?, cross: Double?, knowsMain: Bool? = nil,
                            knowsCross: Bool? = nil, horizontal: Bool) throws(CardError) -> LaidOutLayer {
        try layOut(child, path: path, width: horizontal ? main : cross, height: horizontal ? cross : main,
                   knowsWidth: horizontal ? knowsMain : knowsCross, knowsHeight: horizontal ? knowsCross : knowsMain)
    }
}
