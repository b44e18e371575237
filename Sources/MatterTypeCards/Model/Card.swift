public import Foundation
public import MatterType
public import MatterTypeWire

/// A finished image in one document: a canvas with a background and layers drawn in order over it — text blocks
/// with MatterType's typography, rectangles, images, and frames that lay their own layers out as Figma's Auto Layout
/// does (a social card, a notification image, a label). The same JSON
/// from Swift, the CLI (`mattertype card`) and any language over HTTP:
///
/// ```json
/// {"width": 1200, "height": 630, "background": {"linear": {"angle": 135, "stops": ["#0B1F3A", "#1D4E89"]}},
///  "layers": [
///    {"type": "rect", "x": 60, "y": 60, "width": 1080, "height": 510, "fill": "#FFFFFF1A", "cornerRadius": 24},
///    {"type": "text", "x": 100, "y": 100, "width": 1000, "height": 280, "verticalAlign": "middle",
///     "text": "{{title}}", "size": 72, "weight": "bold", "color": "#FFFFFF", "fit": true, "textWrap": "balance"}]}
/// ```
///
/// Lengths are points; the image is `width × scale` by `height × scale` pixels. `{{name}}` in any string is
/// filled from values when the card is read (``decode(from:values:)``).
public struct Card: Sendable, Hashable {
    /// The canvas's width in points.
    public var width: Double
    /// The canvas's height in points.
    public var height: Double
    /// Pixels a point (2 for a retina image), one of ``scales``.
    public var scale: Double

    /// The scales a card may be drawn at: a tenth of a pixel a point to 8.
    public static let scales: ClosedRange<Double> = 0.1...8
    /// What the canvas is filled with first; `nil` leaves it transparent.
    public var background: CardBackground?
    /// The layers, drawn in order (the last on top).
    public var layers: [CardLayer]

    /// A card of `width` × `height` points.
    public init(width: Double, height: Double, scale: Double = 1, background: CardBackground? = nil,
                layers: [CardLayer] = []) {
        self.width = width
        self.height = height
        self.scale = scale
        self.background = background
        self.layers = layers
    }

    /// The largest scale at which the image is at most `width` pixels wide and `height` pixels high (either may be
    /// `nil`; sides rounded up, as images are), as Figma's export constraints choose one: 1200 for a 600-point
    /// canvas is 2. ``scale`` when both are `nil`. The result may fall outside ``scales`` (a 1-pixel-wide image of
    /// a large canvas): drawing it then fails naming the scale.
    public func scale(fittingWidth width: Int?, height: Int?) -> Double {
        let factors = [width.map { Double($0) / self.width }, height.map { Double($0) / self.height }]
        var scale = factors.compactMap { $0 }.filter(\.isFinite).min() ?? self.scale
        // Down by the last bit while the product rounds up past the size asked for.
        while scale > 0, let width, (self.width * scale).rounded(.up) > Double(width) { scale = scale.nextDown }
        while scale > 0, let height, (self.height * scale).rounded(.up) > Double(height) { scale = scale.nextDown }
        return scale
    }

    /// The number of layers, frames' children included (a Figma frame's nodes are its layers): with
    /// ``scalarCount``, what laying the card out costs (``CardRenderer/layoutWork(of:)``).
    public var layerCount: Int {
        func count(_ layers: [CardLayer]) -> Int {
            layers.reduce(layers.count) { total, layer in
                if case .frame(let frame) = layer { total + count(frame.layers) } else { total }
            }
        }
        return count(layers)
    }

    /// The Unicode scalars of every text layer's text and spans, frames' children included: what a server's
    /// text-length limit counts.
    public var scalarCount: Int {
        func count(_ layers: [CardLayer]) -> Int {
            layers.reduce(0) { total, layer in
                switch layer {
                case .text(let text): total + text.request.scalarCount
                case .frame(let frame): total + count(frame.layers)
                case .rect, .image: total
                }
            }
        }
        return count(layers)
    }

    /// How far from the canvas's top-left corner, in points, any edge of a laid-out layer may be: ten times the
    /// largest single position or length, so that the sums a layout makes (gaps, padding, nested offsets) stay
    /// far inside what pixels can address at any scale.
    public static let maximumReach = 10_000_000.0
}
