public import Foundation
public import MatterType
public import MatterTypeWire

/// An image of a ``Card``: PNG, JPEG or WebP from a file or a `data:` URI, fitted to its box, clipped to its
/// rounded corners (or a circle, for avatars), at an opacity.
public struct CardImageLayer: Sendable, Hashable {
    /// Its place and size (fixed or filling: an image has no content to hug).
    public var box: CardBox
    /// A `data:image/…;base64,…` URI, or a file path (relative to the card's folder; files are read only where
    /// the renderer allows: the CLI and library, not the server).
    public var source: String
    /// How the image fills the box (CSS `object-fit`; `fill` by default, as CSS).
    public var fit: ImageFit
    /// The box's corners' radius in points.
    public var cornerRadius: Double
    /// Whether the box is clipped to a circle (its corner radius half its shorter side).
    public var isCircle: Bool
    /// 0 (invisible) to 1.
    public var opacity: Double

    /// An image from `source` in the box at (`x`, `y`), `width` × `height` points.
    public init(x: Double, y: Double, width: Double, height: Double, source: String, fit: ImageFit = .fill,
                cornerRadius: Double = 0, isCircle: Bool = false, opacity: Double = 1) {
        self.init(box: CardBox(x: x, y: y, width: .fixed(width), height: .fixed(height)), source: source, fit: fit,
                  cornerRadius: cornerRadius, isCircle: isCircle, opacity: opacity)
    }

    /// An image from `source` in `box`.
    public init(box: CardBox, source: String, fit: ImageFit = .fill, cornerRadius: Double = 0, isCircle: Bool = false,
                opacity: Double = 1) {
        self.box = box
        self.source = source
        self.fit = fit
        self.cornerRadius = cornerRadius
        self.isCircle = isCircle
        self.opacity = opacity
    }
}
