public import Foundation
public import MatterType
public import MatterTypeWire

/// An outline around a text's glyphs: `outside` (Figma's outside stroke: the ink grown by the width, under the
/// fill) or `center` (`-webkit-text-stroke`: half inside, half outside, over the fill).
public struct CardStroke: Sendable, Hashable {
    /// Where the outline lies against the glyphs' edge.
    public enum Position: String, CaseIterable, Sendable, Hashable, Codable {
        case outside, center
    }

    /// The width in points.
    public var width: Double
    /// Its color.
    public var color: Color
    /// Outside (the default) or centered on the edge.
    public var position: Position

    /// A stroke `width` points wide in `color`.
    public init(width: Double, color: Color, position: Position = .outside) {
        self.width = width
        self.color = color
        self.position = position
    }
}
