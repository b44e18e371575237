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
    /// Its first baseline below its top (CSS: a text's first line's, a frame's first child's, else its bottom edge).
    var baseline: Double
    /// A frame's children, in document order.
    var children: [LaidOutLayer] = []

    /// The layer and its descendants' boxes, in document order.
    func boxes(into list: inout [CardLayout.Box]) {
        let ink = text.map(\.inkBounds).flatMap { bounds -> Rect? in
            bounds.isEmpty ? nil : Rect(x: frame.x + bounds.x, y: frame.y + textTop + bounds.y, width: bounds.width,
                                        height: bounds.height)
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
    private func layOut(_ layer: CardLayer, path: [Int], width: Double?, height: Double?, knowsWidth: Bool? = nil,
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
        var wrapWidth = width
        if width == nil, layer.box.minWidth != nil || layer.box.maxWidth != nil {
            let natural = try textLayout(layer, path: path, width: nil, height: height).width
            let clamped = layer.box.clamped(natural, horizontal: true)
            if clamped != natural { wrapWidth = clamped }
        }
        let layout = try textLayout(layer, path: path, width: wrapWidth, height: height)
        let boxWidth = wrapWidth ?? layer.box.clamped(layout.width, horizontal: true)
        let boxHeight = height ?? layer.box.clamped(layout.height, horizontal: false)
        let top: Double = switch layer.verticalAlignment {
        case .top: 0
        case .middle: (boxHeight - layout.height) / 2
        case .bottom: boxHeight - layout.height
        case .baseline: layer.baselineOffset - (layout.lines.first?.baseline ?? 0)
        }
        var laidOut = layer
        laidOut.request.limits.width = wrapWidth
        return LaidOutLayer(layer: .text(laidOut), path: path,
                            frame: Rect(x: 0, y: 0, width: boxWidth, height: boxHeight), text: layout, textTop: top,
                            baseline: top + (layout.lines.first?.baseline ?? layout.height))
    }

    /// The text's lines wrapped at `width` (none: a line a paragraph); a fitted text fits `height` when its request
    /// gives no `maxHeight`.
    private func textLayout(_ layer: CardTextLayer, path: [Int], width: Double?, height: Double?,
                            measuringMinContent: Bool = false) throws(CardError) -> TextLayout {
        var request = layer.request
        request.output.scale = scale
        // A text squeezed to no width breaks wherever it can, as CSS's does in a box of width 0.
        request.limits.width = width.map { max($0, 0.001) }
        if request.limits.fit == true, request.limits.maxHeight == nil { request.limits.maxHeight = height }
        let key = "\(path)|\(width.map { "\($0)" } ?? "-")|\(request.limits.fit == true ? "\(height ?? -1)" : "")|"
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
    fileprivate func minContentWidth(_ layer: CardLayer, path: [Int]) throws(CardError) -> Double {
        let box = layer.box
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
            + [("gap", { if case .fixed(let gap) = flow.gap { gap } else { 0 } }()), ("crossGap", flow.crossGap)]
            + frame.cornerRadius.all.map { ("cornerRadius", $0) } + border.map { ("border", $0) }
        for (name, value) in values where !value.isFinite || !(0...1_000_000).contains(value) {
            throw .layer(path: path, .invalid(field: name, reason: "\(value) is not allowed; use 0 to 1000000 points"))
        }
        guard let direction = flow.direction else {
            var children: [LaidOutLayer] = []
            for (index, child) in frame.layers.enumerated() {
                children.append(try positioned(child, path: path + [index]))
            }
            // Hugging, it reaches as far right and down as its children do (Figma's group).
            let width = width ?? frame.box.clamped(children.map(\.frame.maxX).max() ?? 0, horizontal: true)
            let height = height ?? frame.box.clamped(children.map(\.frame.maxY).max() ?? 0, horizontal: false)
            return LaidOutLayer(layer: .frame(frame), path: path, frame: Rect(x: 0, y: 0, width: width, height: height),
                                baseline: height, children: children)
        }
        return try FlowLayout(engine: self, frame: frame, path: path, horizontal: direction == .horizontal,
                              width: width, height: height, knowsWidth: knows.0, knowsHeight: knows.1).run()
    }

    /// A child placed at its own x and y (in a frame without a direction, or taken out of the flow): fixed or
    /// hugging, never filling.
    fileprivate func positioned(_ child: CardLayer, path: [Int]) throws(CardError) -> LaidOutLayer {
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

    /// Lays out `child` with `main` and `cross` sizes (of the flow's axes) where given, hugging where `nil`.
    fileprivate func layOut(_ child: CardLayer, path: [Int], main: Double?, cross: Double?, knowsMain: Bool? = nil,
                            knowsCross: Bool? = nil, horizontal: Bool) throws(CardError) -> LaidOutLayer {
        try layOut(child, path: path, width: horizontal ? main : cross, height: horizontal ? cross : main,
                   knowsWidth: horizontal ? knowsMain : knowsCross, knowsHeight: horizontal ? knowsCross : knowsMain)
    }
}

extension CardSize {
    /// A fixed size's points; `nil` for hug and fill.
    public var points: Double? {
        if case .fixed(let value) = self { value } else { nil }
    }
}

/// One frame's Auto Layout: CSS flexbox with Figma's sizes (CSS Flexible Box Layout §9, the parts a frame uses:
/// no margins, no order, `align-content: flex-start`, no shrinking but for filling children, which start at 0).
private struct FlowLayout {
    let engine: CardLayoutEngine
    let frame: CardFrameLayer
    let path: [Int]
    /// Whether the main axis is horizontal (a row).
    let horizontal: Bool
    /// The frame's width, or `nil` when it hugs its children (who then cannot fill it).
    let width: Double?
    /// The frame's height, or `nil` when it hugs its children.
    let height: Double?
    /// Whether its children may fill its width: it was given it (not hugged), or is to be stretched to it.
    let knowsWidth: Bool
    /// Whether its children may fill its height.
    let knowsHeight: Bool

    private var flow: CardFlow { frame.layout }

    /// A child in the flow, as it is sized and placed.
    private struct Item {
        var index: Int
        var layer: CardLayer
        /// Whether it shares the main axis's free space (fill, in a frame that knows its main size).
        var fillsMain: Bool
        /// Whether it stretches across its line (fill, in a frame that knows its cross size).
        var fillsCross: Bool
        /// Its size along the main axis before flexing (0 for a filling child), clamped.
        var hypotheticalMain: Double = 0
        var main: Double = 0
        var cross: Double = 0
        var baseline: Double = 0
        var laidOut: LaidOutLayer?
        var mainOffset: Double = 0
        var crossOffset: Double = 0
    }

    /// `value` within the item's minimum and maximum, and never less than a frame's padding (a frame's box holds
    /// its padding, as a CSS `border-box` does).
    private func clamped(_ item: Item, _ value: Double, main: Bool) -> Double {
        max(item.layer.box.clamped(value, horizontal: main == horizontal), least(item, main: main))
    }

    /// The least size an item has on an axis: a frame's padding across it, else 0.
    private func least(_ item: Item, main: Bool) -> Double {
        guard case .frame(let frame) = item.layer, frame.layout.direction != nil else { return 0 }
        return frame.layout.padding.sum(horizontal: main == horizontal)
    }

    /// Whether the item has no content to measure (a rectangle or an image).
    private func isEmpty(_ item: Item) -> Bool {
        switch item.layer {
        case .rect, .image: true
        case .text, .frame: false
        }
    }

    private func fixedSize(_ item: Item, main: Bool) -> Double? {
        item.layer.box.size(horizontal: main == horizontal).points.map { clamped(item, $0, main: main) }
    }

    /// Children filling across a frame that hugs that axis (in one line), as Figma sizes them: the frame hugs the
    /// other children, and they take its inner size (CSS: `align-self: stretch` with `contain: inline-size`, no
    /// contribution of their own). A frame with only such children is as small as its padding and minimum.
    private func stretchInHuggingLine(_ items: inout [Item], crossGiven: inout [Double?], knowsCross: Bool,
                                      crossPadding: Double) throws(CardError) {
        guard !knowsCross, !flow.wraps else { return }
        let late = items.indices.filter { items[$0].layer.box.size(horizontal: !horizontal) == .fill }
        guard !late.isEmpty else { return }
        var widest = 0.0
        for i in items.indices where !late.contains(i) {
            if let given = crossGiven[i] {
                widest = max(widest, given)
                continue
            }
            let laidOut = try engine.layOut(items[i].layer, path: path + [items[i].index],
                                            main: fixedSize(items[i], main: true), cross: nil, horizontal: horizontal)
            widest = max(widest, horizontal ? laidOut.frame.height : laidOut.frame.width)
        }
        let inner = max(0, frame.box.clamped(widest + crossPadding, horizontal: !horizontal) - crossPadding)
        for i in late {
            items[i].fillsCross = true
            crossGiven[i] = clamped(items[i], inner, main: false)
        }
    }

    func run() throws(CardError) -> LaidOutLayer {
        let padding = flow.padding
        let mainPadding = padding.sum(horizontal: horizontal), crossPadding = padding.sum(horizontal: !horizontal)
        let givenMain = horizontal ? width : height, givenCross = horizontal ? height : width
        let knowsMain = horizontal ? knowsWidth : knowsHeight, knowsCross = horizontal ? knowsHeight : knowsWidth
        let gap: Double = if case .fixed(let value) = flow.gap { value } else { 0 }
        let box = frame.box

        var items: [Item] = []
        var absolute: [LaidOutLayer] = []
        for (index, child) in frame.layers.enumerated() {
            if child.box.isAbsolute {
                absolute.append(try engine.positioned(child, path: path + [index]))
                continue
            }
            let main = child.box.size(horizontal: horizontal), cross = child.box.size(horizontal: !horizontal)
            items.append(Item(index: index, layer: child, fillsMain: main == .fill && knowsMain,
                              fillsCross: cross == .fill && knowsCross))
        }
        let innerCrossGiven = givenCross.map { max(0, $0 - crossPadding) }

        // The size each item takes across before its line is known: fixed, stretched to a frame that knows its
        // size, or hugging. Stretching in a wrapped line, an item hugs (in a column, no wider than fit-content)
        // and its own children may fill what the stretch will give it.
        var crossGiven = [Double?](repeating: nil, count: items.count)
        var crossPending = [Bool](repeating: false, count: items.count)
        for i in items.indices {
            if let fixed = fixedSize(items[i], main: false) {
                crossGiven[i] = fixed
            } else if items[i].fillsCross {
                if !flow.wraps, let inner = innerCrossGiven {
                    crossGiven[i] = clamped(items[i], inner, main: false)
                } else if isEmpty(items[i]) {
                    crossGiven[i] = clamped(items[i], 0, main: false)
                } else {
                    crossPending[i] = true
                    // Only widths narrow (a column's cross axis): to fit-content, min(max-content, max(min-content,
                    // the frame's inner width)); heights keep their content's.
                    guard !horizontal, let inner = innerCrossGiven else { continue }
                    let main = fixedSize(items[i], main: true)
                    // Filling along the flow too, its size there is to come as well: its children may fill it.
                    let hugged = try engine.layOut(items[i].layer, path: path + [items[i].index], main: main, cross: nil,
                                                   knowsMain: items[i].fillsMain ? true : nil, knowsCross: true,
                                                   horizontal: horizontal)
                    guard hugged.frame.width > inner else { continue }
                    let least = try engine.minContentWidth(items[i].layer, path: path + [items[i].index])
                    let fitted = max(least, inner)
                    if fitted < hugged.frame.width { crossGiven[i] = clamped(items[i], fitted, main: false) }
                }
            }
        }
        try stretchInHuggingLine(&items, crossGiven: &crossGiven, knowsCross: knowsCross, crossPadding: crossPadding)
        func measure(_ i: Int, main: Double?) throws(CardError) -> LaidOutLayer {
            try engine.layOut(items[i].layer, path: path + [items[i].index], main: main, cross: crossGiven[i],
                              knowsCross: crossPending[i] ? true : nil, horizontal: horizontal)
        }
        // Hypothetical main sizes (CSS §9.2 step 3): fixed, 0 for filling, else the content's.
        for i in items.indices {
            if let fixed = fixedSize(items[i], main: true) {
                items[i].hypotheticalMain = fixed
            } else if items[i].fillsMain {
                items[i].hypotheticalMain = clamped(items[i], 0, main: true)
            } else {
                let measured = try measure(i, main: nil)
                items[i].hypotheticalMain = horizontal ? measured.frame.width : measured.frame.height
            }
        }
        // The frame's main size: given, or its content's (clamped) when it hugs.
        let contentMain = items.map(\.hypotheticalMain).reduce(0, +) + gap * Double(max(0, items.count - 1))
        let outerMain = max(givenMain ?? box.clamped(contentMain + mainPadding, horizontal: horizontal), mainPadding)
        let innerMain = max(0, outerMain - mainPadding)

        // Lines (§9.3): one, or as many as wrapping at the inner main size needs.
        var lines: [Range<Int>] = []
        if flow.wraps {
            var start = 0, used = 0.0
            for i in items.indices {
                let next = (i == start ? 0 : used + gap) + items[i].hypotheticalMain
                if i > start, next > innerMain {
                    lines.append(start..<i)
                    start = i
                    used = items[i].hypotheticalMain
                } else {
                    used = next
                }
            }
            if start < items.count || items.isEmpty { lines.append(start..<items.count) }
        } else {
            lines = [0..<items.count]
        }

        // Main sizes (§9.7): filling items share the free space, clamped, frozen where clamping moved them.
        for line in lines {
            resolveFlexibleLengths(&items, line: line, innerMain: innerMain, gap: gap)
        }

        // Cross sizes: each item laid out at its main size; the line as high as its items (or the frame's inner
        // cross size, for one line in a frame that knows it).
        var lineCross: [Double] = []
        var lineBaseline: [Double] = []
        for line in lines {
            // Distances from the shared baseline to the items' edges: negative where a text overflows its box.
            var above = -Double.infinity, below = -Double.infinity, largest = 0.0
            for i in line {
                // A hugging item hugs again (the same size, from the cache): only a size it was given is known.
                let given = items[i].fillsMain || fixedSize(items[i], main: true) != nil
                let laidOut = try measure(i, main: given ? items[i].main : nil)
                items[i].laidOut = laidOut
                items[i].cross = horizontal ? laidOut.frame.height : laidOut.frame.width
                items[i].baseline = laidOut.baseline
                if participatesInBaseline(items[i]) {
                    above = max(above, laidOut.baseline)
                    below = max(below, items[i].cross - laidOut.baseline)
                } else {
                    largest = max(largest, items[i].cross)
                }
            }
            lineCross.append(above.isFinite ? max(largest, above + below) : largest)
            lineBaseline.append(above.isFinite ? above : 0)
        }
        if !flow.wraps, let only = lineCross.first {
            // A single line is the frame's inner cross size: given, or hugged and clamped (§9.4 step 8 and 15).
            lineCross[0] = innerCrossGiven ?? max(0, box.clamped(only + crossPadding, horizontal: !horizontal)
                                                     - crossPadding)
        }
        let contentCross = lineCross.reduce(0, +) + flow.crossGap * Double(max(0, lines.count - 1))
        let outerCross = max(givenCross ?? box.clamped(contentCross + crossPadding, horizontal: !horizontal),
                             crossPadding)

        // Stretched items take their line's cross size and are laid out again at it.
        for (lineIndex, line) in lines.enumerated() {
            for i in line where items[i].fillsCross && fixedSize(items[i], main: false) == nil {
                let stretched = clamped(items[i], lineCross[lineIndex], main: false)
                guard stretched != items[i].cross || flow.wraps else { continue }
                // Its main size stays what the flow gave it (a hugging frame's children still cannot fill it).
                let given = items[i].fillsMain || fixedSize(items[i], main: true) != nil
                let laidOut = try engine.layOut(items[i].layer, path: path + [items[i].index], main: items[i].main,
                                                cross: stretched, knowsMain: given, horizontal: horizontal)
                items[i].laidOut = laidOut
                items[i].cross = stretched
                items[i].baseline = laidOut.baseline
            }
        }

        // Positions: along each line by `align` or `gap: auto` (§9.5), across by `crossAlign` (§9.6).
        var crossStart = horizontal ? padding.top : padding.left
        let mainStart = horizontal ? padding.left : padding.top
        var frameBaseline: Double?
        for (lineIndex, line) in lines.enumerated() {
            let used = line.map { items[$0].main }.reduce(0, +) + gap * Double(max(0, line.count - 1))
            let free = innerMain - used
            var position = mainStart, between = gap
            switch flow.gap {
            case .auto:
                if line.count > 1, free > 0 { between = free / Double(line.count - 1) }
            case .fixed:
                switch flow.align {
                case .start, .baseline: break
                case .center: position += free / 2
                case .end: position += free
                }
            }
            for i in line {
                items[i].mainOffset = position
                position += items[i].main + between
                let room = lineCross[lineIndex] - items[i].cross
                let offset: Double
                if items[i].fillsCross {
                    offset = 0
                } else if participatesInBaseline(items[i]) {
                    offset = lineBaseline[lineIndex] - items[i].baseline
                } else {
                    offset = switch flow.crossAlign {
                    case .start, .baseline: 0
                    case .center: room / 2
                    case .end: room
                    }
                }
                items[i].crossOffset = crossStart + offset
            }
            if lineIndex == 0, let first = line.first {
                // The frame's first baseline (CSS §8.5): its first line's shared baseline, else its first item's.
                let shared = line.contains { participatesInBaseline(items[$0]) }
                let reference = shared ? line.first { participatesInBaseline(items[$0]) } ?? first : first
                let along = horizontal ? items[reference].crossOffset : items[reference].mainOffset
                frameBaseline = along + items[reference].baseline
            }
            crossStart += lineCross[lineIndex] + flow.crossGap
        }

        var children = absolute
        for item in items {
            guard var laidOut = item.laidOut else { continue }
            laidOut.frame.x = horizontal ? item.mainOffset : item.crossOffset
            laidOut.frame.y = horizontal ? item.crossOffset : item.mainOffset
            children.append(laidOut)
        }
        children.sort { ($0.path.last ?? 0) < ($1.path.last ?? 0) }
        let size = horizontal ? (outerMain, outerCross) : (outerCross, outerMain)
        return LaidOutLayer(layer: .frame(frame), path: path, frame: Rect(x: 0, y: 0, width: size.0, height: size.1),
                            baseline: frameBaseline ?? size.1, children: children)
    }

    /// Whether an item aligns by its first baseline: across a row, with `crossAlign: baseline`, unless it stretches.
    private func participatesInBaseline(_ item: Item) -> Bool {
        horizontal && flow.crossAlign == .baseline && !item.fillsCross
    }

    /// CSS §9.7 for a frame's items: every filling item grows by 1 from a basis of 0 (a frame's: its padding) and
    /// shrinks by its basis, which it cannot go below; the others do not flex. Clamping to a minimum or maximum
    /// freezes an item and the rest share again.
    private func resolveFlexibleLengths(_ items: inout [Item], line: Range<Int>, innerMain: Double, gap: Double) {
        let gaps = gap * Double(max(0, line.count - 1))
        for i in line { items[i].main = items[i].hypotheticalMain }
        let hypothetical = line.map { items[$0].hypotheticalMain }.reduce(0, +) + gaps
        // Shrinking leaves filling items at their clamped basis: a basis of 0 has nothing to shrink.
        guard hypothetical < innerMain else { return }
        var frozen = Set(line.filter { !items[$0].fillsMain })
        while frozen.count < line.count {
            let fixed = frozen.map { items[$0].main }.reduce(0, +)
            let open = line.filter { !frozen.contains($0) }
            let bases = open.map { least(items[$0], main: true) }.reduce(0, +)
            let share = (innerMain - gaps - fixed - bases) / Double(open.count)
            var violation = 0.0
            var targets: [Int: Double] = [:], sizes: [Int: Double] = [:]
            for i in open {
                let target = least(items[i], main: true) + share
                let size = clamped(items[i], target, main: true)
                targets[i] = target
                sizes[i] = size
                violation += size - target
            }
            for i in open { items[i].main = sizes[i] ?? 0 }
            if violation == 0 { break }
            for i in open {
                let size = sizes[i] ?? 0, target = targets[i] ?? 0
                if violation > 0 ? size > target : size < target { frozen.insert(i) }
            }
        }
    }
}
