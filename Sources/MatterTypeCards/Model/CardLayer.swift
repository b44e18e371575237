public import Foundation
public import MatterType
public import MatterTypeWire

/// One layer of a ``Card``.
public enum CardLayer: Sendable, Hashable {
    /// A block of text.
    case text(CardTextLayer)
    /// A rectangle, filled and or bordered.
    case rect(CardRectLayer)
    /// A PNG, JPEG or WebP image.
    case image(CardImageLayer)
    /// A group of layers, laid out in a row or a column (Figma's Auto Layout) or at their own places.
    case frame(CardFrameLayer)

    /// Its place and size.
    public var box: CardBox {
        get {
            switch self {
            case .text(let layer): layer.box
            case .rect(let layer): layer.box
            case .image(let layer): layer.box
            case .frame(let layer): layer.box
            }
        }
        set {
            switch self {
            case .text(var layer): layer.box = newValue; self = .text(layer)
            case .rect(var layer): layer.box = newValue; self = .rect(layer)
            case .image(var layer): layer.box = newValue; self = .image(layer)
            case .frame(var layer): layer.box = newValue; self = .frame(layer)
            }
        }
    }
}
