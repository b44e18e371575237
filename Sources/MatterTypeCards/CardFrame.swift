public import MatterType
import MatterTypeWire

/// How a layer's width or height is set: a number of points, its content's size, or a share of its frame's space.
public enum CardSize: Sendable, Hashable {
    /// A number of points.
    case fixed(Double)
    /// Its content's size (Figma's "hug contents"): a text's lines (one a paragraph, unless a width is given), a
    /// frame's children. Rectangles and images have no content to hug.
    case hug
    /// The space its frame gives it (Figma's "fill container"): along the frame's direction, an equal share of
    /// what the fixed and hugging children leave (CSS `flex: 1 1 0` with no minimum); across it, the frame's whole
    /// inner size (`align-self: stretch`). Only in a frame with a direction whose size on that axis is known
    /// (fixed, or itself filling); in a hugging frame it hugs, as in Figma.
    case fill
}

/// Where a layer sits: its place and size in the frame holding it (the card, for a top-level layer).
public struct CardBox: Sendable, Hashable {
    /// The left edge in points from its frame's left edge; ignored when the frame flows it.
    public var x: Double
    /// The top edge in points from its frame's top edge; ignored when the frame flows it.
    public var y: Double
    /// The width: fixed, hugging or filling.
    public var width: CardSize
    /// The height: fixed, hugging or filling.
    public var height: CardSize
    /// The least width in points, whatever ``width`` gives.
    public var minWidth: Double?
    /// The most width in points, whatever ``width`` gives (a hugging text wraps at it).
    public var maxWidth: Double?
    /// The least height in points.
    public var minHeight: Double?
    /// The most height in points (for a text layer, also the most height `fit` fills).
    public var maxHeight: Double?
    /// Whether a frame with a direction leaves it out of its flow and places it at (``x``, ``y``) (Figma's
    /// "absolute position").
    public var isAbsolute: Bool

    /// A box at (`x`, `y`) sized `width` × `height`.
    public init(x: Double = 0, y: Double = 0, width: CardSize, height: CardSize, minWidth: Double? = nil,
                maxWidth: Double? = nil, minHeight: Double? = nil, maxHeight: Double? = nil, isAbsolute: Bool = false) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.minWidth = minWidth
        self.maxWidth = maxWidth
        self.minHeight = minHeight
        self.maxHeight = maxHeight
        self.isAbsolute = isAbsolute
    }

    /// `value` within the box's minimum and maximum on an axis (the maximum first, then the minimum wins, as CSS).
    func clamped(_ value: Double, horizontal: Bool) -> Double {
        let (least, most) = horizontal ? (minWidth, maxWidth) : (minHeight, maxHeight)
        return max(min(value, most ?? .infinity), least ?? 0)
    }

    /// The size on an axis.
    func size(horizontal: Bool) -> CardSize { horizontal ? width : height }
}

/// A frame's image (Figma's image paint): in JSON `{"src": "photo.jpg", "fit": "cover"}`, or with `"crop": [x, y,
/// width, height]` or `"tile": 0.5` instead of `fit`.
public struct CardFrameImage: Sendable, Hashable {
    /// A `data:` URI or a file path, as an image layer's ``CardImageLayer/source``.
    public var source: String
    /// How it covers the frame's box.
    public var placement: Placement

    /// How a frame's image covers its box.
    public enum Placement: Sendable, Hashable {
        /// Fitted as CSS `object-fit` says (Figma's FILL is `cover`, FIT `contain`).
        case fitted(ImageFit)
        /// The part of the image in this rectangle (fractions of the image: 0, 0 its top-left corner, 1, 1 its
        /// bottom-right) stretched over the box (Figma's crop); a rectangle reaching past the image leaves the box
        /// uncovered there.
        case cropped(Rect)
        /// The image repeated from the box's top-left corner, each tile its size in pixels times this many points
        /// (Figma's tile and its scaling factor).
        case tiled(scale: Double)
    }

    /// At most this many tiles in a frame: past it, a larger tile scale (or a smaller box) is asked for.
    public static let maximumTiles = 10_000

    /// The image at `source` placed in its frame's box as `placement` says (`cover` by default, as a fill wants).
    public init(source: String, placement: Placement = .fitted(.cover)) {
        self.source = source
        self.placement = placement
    }
}

/// A group of layers with its own box and paint that can lay its children out as Figma's Auto Layout does:
/// in a row or a column, with gaps, padding and alignment, wrapping, children hugging their content or filling
/// the space left. Without a direction its children keep their x and y, as a card's layers do.
///
/// ```json
/// {"type": "frame", "x": 80, "y": 80, "width": 1040,
///  "layout": {"direction": "vertical", "gap": 24, "padding": 32},
///  "fill": "#FFFFFF1A", "cornerRadius": 24,
///  "layers": [{"type": "text", "width": "fill", "text": "{{title}}", "size": 64},
///             {"type": "text", "width": "fill", "text": "{{description}}", "size": 28}]}
/// ```
public struct CardFrameLayer: Sendable, Hashable {
    /// Its place and size.
    public var box: CardBox
    /// How it lays its children out.
    public var layout: CardFlow
    /// What fills it; `nil` for nothing.
    public var fill: Paint?
    /// An image over its fill, placed in its box and clipped to its corners (Figma's image fill); `nil` for none.
    public var image: CardFrameImage?
    /// A border inside its edge; it takes no room from the children (Figma's strokes, not CSS borders).
    public var border: CardBorder?
    /// The corners' radius in points.
    public var cornerRadius: CornerRadii
    /// Whether its children are clipped to its box (Figma's "clip content").
    public var clipsContent: Bool
    /// 0 (invisible) to 1: the frame and its children composited together, then faded (CSS and Figma's group
    /// opacity: where children overlap, the upper one hides the lower).
    public var opacity: Double
    /// Drop shadows of its box, as CSS `box-shadow` lists them (the first on top), shown outside the box only.
    public var shadows: [CardBoxShadow]
    /// How much the frame and its children are blurred, as one group (CSS `filter: blur()` of half this, Figma's
    /// layer blur): a radius in points, twice the Gaussian's σ as a shadow's blur; 0 for none.
    public var blur: Double
    /// How much what is behind the frame is blurred inside its box's rounded outline, seen through a translucent
    /// fill (Figma's background blur, CSS `backdrop-filter: blur()` of half this): a radius in points as ``blur``;
    /// 0 for none. Drawn in PNG and WebP; SVG and PDF have no backdrop to read and leave it out.
    public var backgroundBlur: Double
    /// How the frame and its children, composited as one group, mix with what is below (CSS `mix-blend-mode`,
    /// Figma's blend modes); `.normal` by default.
    public var blendMode: BlendMode
    /// Vector shapes drawn over its fill and border, below its children, in its box's coordinates (an icon; a
    /// Figma vector's fill and stroke geometry).
    public var paths: [CardPath]
    /// A shape its children are drawn inside only, in its box's coordinates; `nil` for none.
    public var mask: VectorPath?
    /// Whether the frame is a mask (Figma's "use as mask"): not drawn, it clips the siblings after it, up to the
    /// next mask, to its outline (its first path, else its rounded box). It is laid out as any layer.
    public var isMask: Bool
    /// Its children, in order: the flow's order, and drawing order (the last on top, unless
    /// ``CardFlow/reversesZOrder``).
    public var layers: [CardLayer]

    /// A frame with `box`, laying out `layers` as `layout` says.
    public init(box: CardBox, layout: CardFlow = CardFlow(), fill: Paint? = nil, image: CardFrameImage? = nil,
                border: CardBorder? = nil,
                cornerRadius: CornerRadii = 0, clipsContent: Bool = false, opacity: Double = 1,
                shadows: [CardBoxShadow] = [], blur: Double = 0, backgroundBlur: Double = 0,
                blendMode: BlendMode = .normal, paths: [CardPath] = [], mask: VectorPath? = nil, isMask: Bool = false,
                layers: [CardLayer]) {
        self.box = box
        self.layout = layout
        self.fill = fill
        self.image = image
        self.border = border
        self.cornerRadius = cornerRadius
        self.clipsContent = clipsContent
        self.opacity = opacity
        self.shadows = shadows
        self.blur = blur
        self.backgroundBlur = backgroundBlur
        self.blendMode = blendMode
        self.paths = paths
        self.mask = mask
        self.isMask = isMask
        self.layers = layers
    }

    /// The most frames one may hold inside another.
    public static let maximumDepth = 16
}

/// A vector shape of a frame: SVG path data in the frame's box coordinates (points from its top-left corner), its
/// fill rule and its paint (a gradient laid over the frame's box). In JSON,
/// `{"d": "M0 0L24 12L0 24Z", "fillRule": "evenodd", "fill": "#0B1F3A"}` (`fillRule` defaults to `nonzero`).
public struct CardPath: Sendable, Hashable {
    /// The shape.
    public var path: VectorPath
    /// What fills it.
    public var paint: Paint

    /// `path` filled with `paint`.
    public init(path: VectorPath, paint: Paint) {
        self.path = path
        self.paint = paint
    }

    /// The most paths a frame may have.
    public static let maximumPaths = 64
}

/// A frame's drop shadow (CSS `box-shadow`, Figma's drop shadow): its box moved, grown by `spread`, blurred and
/// painted in a color, outside the box only.
public struct CardBoxShadow: Sendable, Hashable, Codable {
    /// How far it is moved right, in points.
    public var x: Double
    /// How far it is moved down, in points.
    public var y: Double
    /// The blur radius in points (twice the Gaussian's standard deviation, as CSS).
    public var blur: Double
    /// How much the box grows (or, negative, shrinks) before it is blurred, in points.
    public var spread: Double
    /// Its color.
    public var color: Color
    /// Whether it falls inside the box instead (CSS `inset`, Figma's inner shadow): everything outside the box
    /// moved and shrunk by `spread`, blurred, shown inside the box only, over its fill.
    public var isInset: Bool

    /// A shadow moved (`x`, `y`), grown by `spread`, blurred by `blur` points, in `color`; inside the box when
    /// `isInset`.
    public init(x: Double, y: Double, blur: Double = 0, spread: Double = 0, color: Color, isInset: Bool = false) {
        self.x = x
        self.y = y
        self.blur = blur
        self.spread = spread
        self.color = color
        self.isInset = isInset
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case x, y, blur, spread, color, inset }

    /// Decodes `{"x": 0, "y": 8, "blur": 24, "spread": -4, "color": "#00000040", "inset": true}`; `blur` and
    /// `spread` default to 0, `inset` to false.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self, in: "a box shadow")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let color = try c.decodeColorIfPresent(forKey: .color) else {
            throw DecodingError.keyNotFound(CodingKeys.color, .init(codingPath: c.codingPath, debugDescription: ""))
        }
        self.init(x: try c.decode(Double.self, forKey: .x), y: try c.decode(Double.self, forKey: .y),
                  blur: try c.decodeIfPresent(Double.self, forKey: .blur) ?? 0,
                  spread: try c.decodeIfPresent(Double.self, forKey: .spread) ?? 0, color: color,
                  isInset: try c.decodeIfPresent(Bool.self, forKey: .inset) ?? false)
    }

    /// Encodes the keys it decodes.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(x, forKey: .x)
        try c.encode(y, forKey: .y)
        try c.encode(blur, forKey: .blur)
        try c.encode(spread, forKey: .spread)
        try c.encode(color.description, forKey: .color)
        if isInset { try c.encode(true, forKey: .inset) }
    }
}

/// How a ``CardFrameLayer`` lays out its children: Figma's Auto Layout, which for what it shares with CSS is
/// flexbox (`Docs/Cards.md` lists the correspondence).
public struct CardFlow: Sendable, Hashable {
    /// The direction children follow one another.
    public enum Direction: String, CaseIterable, Sendable, Hashable {
        /// In a row, left to right.
        case horizontal
        /// In a column, top to bottom.
        case vertical
    }

    /// Where children sit along an axis.
    public enum Alignment: String, CaseIterable, Sendable, Hashable {
        /// At the start (left or top).
        case start
        /// Centered.
        case center
        /// At the end (right or bottom).
        case end
        /// Across a row: with their first baselines on one line (CSS `align-items: baseline`); in a column, at the
        /// start, as CSS.
        case baseline
    }

    /// The space between children along the direction.
    public enum Gap: Sendable, Hashable {
        /// A number of points.
        case fixed(Double)
        /// What is left, shared between the children (Figma's "auto", CSS `space-between`); one child, or children
        /// that overflow, sit at the start.
        case auto
    }

    /// The direction; `nil` leaves the children at their x and y.
    public var direction: Direction?
    /// The space between children along the direction.
    public var gap: Gap
    /// Space inside the frame's edge, in points: top, right, bottom, left.
    public var padding: CardInsets
    /// Where the children sit along the direction (`start`, `center` or `end`; ignored with ``Gap/auto``).
    public var align: Alignment
    /// Where each child sits across the direction, in its line.
    public var crossAlign: Alignment
    /// Whether children that do not fit go on to another line.
    public var wraps: Bool
    /// The space between wrapped lines, in points.
    public var crossGap: Double
    /// Whether the first child is drawn on top (Figma's "first on top"); the flow's order is unchanged.
    public var reversesZOrder: Bool

    /// A flow in `direction` (none: children keep their x and y).
    public init(direction: Direction? = nil, gap: Gap = .fixed(0), padding: CardInsets = CardInsets(),
                align: Alignment = .start, crossAlign: Alignment = .start, wraps: Bool = false, crossGap: Double = 0,
                reversesZOrder: Bool = false) {
        self.direction = direction
        self.gap = gap
        self.padding = padding
        self.align = align
        self.crossAlign = crossAlign
        self.wraps = wraps
        self.crossGap = crossGap
        self.reversesZOrder = reversesZOrder
    }
}

/// Distances inside a box's edges, in points.
public struct CardInsets: Sendable, Hashable {
    /// From the top edge.
    public var top: Double
    /// From the right edge.
    public var right: Double
    /// From the bottom edge.
    public var bottom: Double
    /// From the left edge.
    public var left: Double

    /// `top`, `right`, `bottom` and `left` (CSS's order).
    public init(top: Double = 0, right: Double = 0, bottom: Double = 0, left: Double = 0) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }

    /// The same distance on every side.
    public init(all value: Double) { self.init(top: value, right: value, bottom: value, left: value) }

    /// The sum across an axis: left and right, or top and bottom.
    func sum(horizontal: Bool) -> Double { horizontal ? left + right : top + bottom }
}

extension CardFlow.Direction: NamedChoice {}
extension CardFlow.Alignment: NamedChoice {
    /// CSS's `flex-start` and `flex-end`, Figma's `MIN` and `MAX`.
    public static let aliases: [String: CardFlow.Alignment] = ["flex-start": .start, "flex-end": .end, "min": .start,
                                                              "max": .end]
}

// MARK: - JSON

extension CardBox {
    /// The JSON keys of a box, which every layer has.
    static let keys = ["x", "y", "width", "height", "minWidth", "maxWidth", "minHeight", "maxHeight", "position"]

    /// Reads a layer's box: `x` and `y` (0 when absent), `width` and `height` (a number, `"hug"` or `"fill"`;
    /// required where there is no default), the minimums and maximums, `position` (`"auto"` or `"absolute"`).
    /// `hugs` says whether the layer has content to hug (texts and frames do; rectangles and images do not).
    init(from decoder: any Decoder, width defaultWidth: CardSize?, height defaultHeight: CardSize?,
         hugs: Bool) throws {
        let c = try decoder.container(keyedBy: AnyCodingKey.self)
        func size(_ name: String, _ fallback: CardSize?) throws -> CardSize {
            let key = AnyCodingKey(stringValue: name)
            guard c.contains(key) else {
                guard let fallback else {
                    throw DecodingError.keyNotFound(key, .init(codingPath: c.codingPath, debugDescription: ""))
                }
                return fallback
            }
            if let number = try? c.decode(Double.self, forKey: key) { return .fixed(number) }
            let text = try? c.decode(String.self, forKey: key)
            switch text {
            case "fill": return .fill
            case "hug" where hugs: return .hug
            default:
                throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: hugs
                    ? "give a number of points, \"hug\" (its content's size) or \"fill\" (its frame's space)"
                    : "give a number of points or \"fill\" (its frame's space); this layer has no content to hug")
            }
        }
        func length(_ name: String) throws -> Double? { try c.decodeIfPresent(Double.self, forKey: AnyCodingKey(stringValue: name)) }
        let position = try c.decodeIfPresent(String.self, forKey: AnyCodingKey(stringValue: "position")) ?? "auto"
        guard position == "auto" || position == "absolute" else {
            throw DecodingError.dataCorruptedError(forKey: AnyCodingKey(stringValue: "position"), in: c, debugDescription:
                "\"\(position)\" is not a position; use auto (in its frame's flow) or absolute (at its x and y)")
        }
        self.init(x: try length("x") ?? 0, y: try length("y") ?? 0, width: try size("width", defaultWidth),
                  height: try size("height", defaultHeight), minWidth: try length("minWidth"),
                  maxWidth: try length("maxWidth"), minHeight: try length("minHeight"),
                  maxHeight: try length("maxHeight"), isAbsolute: position == "absolute")
    }

    /// Writes the keys it reads (`maxHeight` unless `writesMaxHeight` is false).
    func encode(to encoder: any Encoder, writesMaxHeight: Bool = true) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        func size(_ value: CardSize, _ name: String) throws {
            let key = AnyCodingKey(stringValue: name)
            switch value {
            case .fixed(let number): try c.encode(number, forKey: key)
            case .hug: try c.encode("hug", forKey: key)
            case .fill: try c.encode("fill", forKey: key)
            }
        }
        try c.encode(x, forKey: AnyCodingKey(stringValue: "x"))
        try c.encode(y, forKey: AnyCodingKey(stringValue: "y"))
        try size(width, "width")
        try size(height, "height")
        try c.encodeIfPresent(minWidth, forKey: AnyCodingKey(stringValue: "minWidth"))
        try c.encodeIfPresent(maxWidth, forKey: AnyCodingKey(stringValue: "maxWidth"))
        try c.encodeIfPresent(minHeight, forKey: AnyCodingKey(stringValue: "minHeight"))
        if writesMaxHeight { try c.encodeIfPresent(maxHeight, forKey: AnyCodingKey(stringValue: "maxHeight")) }
        if isAbsolute { try c.encode("absolute", forKey: AnyCodingKey(stringValue: "position")) }
    }
}

extension CardFlow: Codable {
    private enum Keys: String, CodingKey, CaseIterable {
        case direction, gap, padding, align, crossAlign, wrap, crossGap, reverseZ
    }

    /// Decodes `{"direction": "vertical", "gap": 16 | "auto", "padding": 24 | [t, r, b, l], "align": "center",
    /// "crossAlign": "baseline", "wrap": true, "crossGap": 8, "reverseZ": true}`, every key optional.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(Keys.self, in: "a layout")
        let c = try decoder.container(keyedBy: Keys.self)
        var gap = Gap.fixed(0)
        if c.contains(.gap) {
            if let number = try? c.decode(Double.self, forKey: .gap) {
                gap = .fixed(number)
            } else if (try? c.decode(String.self, forKey: .gap)) == "auto" {
                gap = .auto
            } else {
                throw DecodingError.dataCorruptedError(forKey: .gap, in: c, debugDescription:
                    "give a number of points or \"auto\" (the space left, shared between the children)")
            }
        }
        var padding = CardInsets()
        if c.contains(.padding) {
            if let number = try? c.decode(Double.self, forKey: .padding) {
                padding = CardInsets(all: number)
            } else if let sides = try? c.decode([Double].self, forKey: .padding), sides.count == 4 {
                padding = CardInsets(top: sides[0], right: sides[1], bottom: sides[2], left: sides[3])
            } else {
                throw DecodingError.dataCorruptedError(forKey: .padding, in: c, debugDescription:
                    "give a number of points or [top, right, bottom, left]")
            }
        }
        let align = try c.decodeIfPresent(Alignment.self, forKey: .align) ?? .start
        if align == .baseline {
            throw DecodingError.dataCorruptedError(forKey: .align, in: c, debugDescription:
                "baseline aligns across a row; use start, center or end along it")
        }
        self.init(direction: try c.decodeIfPresent(Direction.self, forKey: .direction), gap: gap, padding: padding,
                  align: align, crossAlign: try c.decodeIfPresent(Alignment.self, forKey: .crossAlign) ?? .start,
                  wraps: try c.decodeIfPresent(Bool.self, forKey: .wrap) ?? false,
                  crossGap: try c.decodeIfPresent(Double.self, forKey: .crossGap) ?? 0,
                  reversesZOrder: try c.decodeIfPresent(Bool.self, forKey: .reverseZ) ?? false)
    }

    /// Encodes the keys it decodes.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encodeIfPresent(direction?.rawValue, forKey: .direction)
        switch gap {
        case .fixed(let number): try c.encode(number, forKey: .gap)
        case .auto: try c.encode("auto", forKey: .gap)
        }
        try c.encode([padding.top, padding.right, padding.bottom, padding.left], forKey: .padding)
        try c.encode(align.rawValue, forKey: .align)
        try c.encode(crossAlign.rawValue, forKey: .crossAlign)
        try c.encode(wraps, forKey: .wrap)
        try c.encode(crossGap, forKey: .crossGap)
        try c.encode(reversesZOrder, forKey: .reverseZ)
    }
}
