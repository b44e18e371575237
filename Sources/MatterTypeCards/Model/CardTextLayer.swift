public import Foundation
public import MatterType
public import MatterTypeWire

/// How a text block sits in its box's height.
public enum CardVerticalAlignment: String, CaseIterable, Sendable, Hashable, Codable {
    /// At the box's top.
    case top
    /// Centered in the box.
    case middle
    /// At the box's bottom.
    case bottom
    /// With its first baseline at the box's top plus ``CardTextLayer/baselineOffset``.
    case baseline
}

/// A text block of a ``Card``: a box and everything a render request takes — text or spans, typography fields or
/// a design token, text wrap, text box, fit, line limits, alignment, hyphens, color and hinting — except what the
/// card sets for the whole image (scale, background, padding, format and encoding).
public struct CardTextLayer: Sendable, Hashable {
    /// Its place and size. The width is what lines wrap at (hugging: one line a paragraph, up to
    /// ``CardBox/maxWidth``); the height is what middle and bottom align in, and the most height a fitted text may
    /// take when the request gives no `maxHeight` (hugging: the text's own height).
    public var box: CardBox
    /// Where the text sits in the box's height.
    public var verticalAlignment: CardVerticalAlignment
    /// For ``CardVerticalAlignment/baseline``: the first baseline's distance below the box's top, in points.
    public var baselineOffset: Double
    /// The text and its typography; its `width` is set from the box's, its `clip` clips the text to the box.
    public var request: RenderRequest
    /// Shadows under the text, as CSS `text-shadow` lists them (the first on top).
    public var shadows: [CardShadow]
    /// An outline around the glyphs.
    public var stroke: CardStroke?
    /// A gradient (or any paint) its glyphs and decorations are filled with instead of the request's color, laid
    /// over its box (CSS `background-clip: text`, Figma's gradient text fill); `nil` for the color.
    public var fill: Paint?
    /// A URL its box links to in SVG and PDF (http, https, mailto or tel: ``Drawing/linkSchemes``); `nil` for
    /// none. PNG and WebP have no links.
    public var link: String?
    /// Degrees the text is turned clockwise about its box's center (CSS `rotate()`; Figma's rotation, which turns
    /// counter-clockwise, negated): -360 to 360, 0 for none. The box (its width and height, fixed or hugging) is
    /// the unturned text's; in its frame the layer takes the turned box's bounds, as Figma lays out a turned
    /// layer, so a turned text cannot fill.
    public var rotation: Double
    /// Images drawn in the text's inline boxes (icons, badges), by box: 0 for the first box span of the request's
    /// spans, 1 for the next, and so on. A box without an image stays empty.
    public var boxImages: [Int: CardBoxImage]

    /// A text block at (`x`, `y`) laying out `request`, as wide as the request's `width` (hugging its lines
    /// without one) and `height` points high (hugging its lines when `nil`).
    public init(x: Double, y: Double, height: Double? = nil, verticalAlignment: CardVerticalAlignment = .top,
                baselineOffset: Double = 0, request: RenderRequest, shadows: [CardShadow] = [],
                stroke: CardStroke? = nil, boxImages: [Int: CardBoxImage] = [:]) {
        self.init(box: CardBox(x: x, y: y, width: request.limits.width.map(CardSize.fixed) ?? .hug,
                               height: height.map(CardSize.fixed) ?? .hug, maxHeight: request.limits.maxHeight),
                  verticalAlignment: verticalAlignment, baselineOffset: baselineOffset, request: request,
                  shadows: shadows, stroke: stroke, boxImages: boxImages)
    }

    /// A text block in `box` laying out `request` (its `width` and `maxHeight` are the box's), turned `rotation`
    /// degrees clockwise.
    public init(box: CardBox, verticalAlignment: CardVerticalAlignment = .top, baselineOffset: Double = 0,
                request: RenderRequest, shadows: [CardShadow] = [], stroke: CardStroke? = nil, fill: Paint? = nil,
                link: String? = nil, rotation: Double = 0, boxImages: [Int: CardBoxImage] = [:]) {
        self.box = box
        self.verticalAlignment = verticalAlignment
        self.baselineOffset = baselineOffset
        self.request = request
        if case .fixed(let width) = box.width { self.request.limits.width = width } else { self.request.limits.width = nil }
        self.request.limits.maxHeight = box.maxHeight
        self.shadows = shadows
        self.stroke = stroke
        self.fill = fill
        self.link = link
        self.rotation = rotation
        self.boxImages = boxImages
    }

    /// Whether its lines are columns (the request's ``TypographyFields/writingMode`` is vertical): the box's
    /// height is then their length, and its width hugs them.
    public var isVertical: Bool { request.typography.writingMode?.isVertical == true }

    /// The most shadows a text layer may have.
    public static let maximumShadows = 8

    /// Whether it is turned (by other than a whole number of turns).
    var isTurned: Bool { rotation.truncatingRemainder(dividingBy: 360) != 0 }
}

/// An image in an inline box of a text layer: in JSON, `src` and `fit` beside the box's size,
/// `{"box": {"width": 24, "height": 24, "align": "middle", "src": "data:image/png;base64,…", "fit": "contain"}}`.
public struct CardBoxImage: Sendable, Hashable {
    /// A `data:` URI or a file path, as an image layer's ``CardImageLayer/source``.
    public var source: String
    /// How it fills the box (`contain` by default: an icon keeps its shape).
    public var fit: ImageFit

    /// The image at `source` fitted to its box as `fit` says.
    public init(source: String, fit: ImageFit = .contain) {
        self.source = source
        self.fit = fit
    }
}
