public import MatterType
import MatterTypeWire

/// A frame's image (Figma's image paint): in JSON `{"src": "photo.jpg", "fit": "cover"}`, or with `"crop": [x, y,
/// width, height]` or `"tile": 0.5` instead of `fit`, and `"opacity": 0.5` where it is translucent.
public struct CardFrameImage: Sendable, Hashable {
    /// A `data:` URI or a file path, as an image layer's ``CardImageLayer/source``.
    public var source: String
    /// How it covers the frame's box.
    public var placement: Placement
    /// 0 (invisible) to 1: how opaque it is drawn over the frame's fill (Figma's image paint opacity).
    public var opacity: Double = 1

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
    /// How a mask masks: by its outline (the default), or by what it draws — its alpha or its luminance.
    public var maskType: CardMaskType = .outline
    /// The width its children's places and sizes were set for (a Figma frame's width in the file): laid out at
    /// another width, the children placed at their x and y follow it as their ``CardBox/constraints`` say; `nil`:
    /// they keep their x and width.
    public var designWidth: Double?
    /// The height its children's places and sizes were set for, as ``designWidth``.
    public var designHeight: Double?
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

    /// The largest layer and background blur, in points: Figma files carry blurs past 200 (a blur costs the same
    /// past a σ of 6 pixels: three box passes; the work estimate bounds its area).
    public static let maximumBlur = 250.0

    /// The most frames one may hold inside another: real Figma documents nest frames up to about 20 deep (40 JSON
    /// levels). Laying a frame out takes some 30 KB of stack a level, so 32 levels stay within a 1 MiB stack.
    public static let maximumDepth = 32
}

/// How a mask frame (``CardFrameLayer/isMask``) masks the siblings after it (Figma's mask types, CSS `mask-type`).
public enum CardMaskType: String, CaseIterable, Sendable, Hashable {
    /// Inside its outline (its first path, else its rounded box), fully (Figma's VECTOR mask; an ALPHA mask of one
    /// opaque color).
    case outline
    /// As much as its drawing is opaque: its fills, gradients, images and children, their opacity included
    /// (Figma's ALPHA mask, CSS `mask-type: alpha`).
    case alpha
    /// As much as its drawing is light: 0.2126 R + 0.7152 G + 0.0722 B of its colors, times their alpha (Figma's
    /// LUMINANCE mask, CSS `mask-type: luminance`).
    case luminance
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
