public import Foundation
public import MatterType
public import MatterTypeWire

/// What fills a ``Card``'s canvas before its layers: a paint, or an image fitted to the canvas.
public enum CardBackground: Sendable, Hashable {
    /// A color or gradient over the whole canvas.
    case paint(Paint)
    /// An image (a `data:` URI or a file path, as an image layer's ``CardImageLayer/source``) fitted to the canvas
    /// as `fit` says; what `contain` leaves uncovered stays transparent.
    case image(source: String, fit: ImageFit)
}
