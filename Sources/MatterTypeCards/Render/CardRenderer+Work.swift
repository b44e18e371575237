public import MatterType

/// What a card costs to lay out, draw and encode, in the operations of ``Drawing/work`` (about a nanosecond each):
/// ``CardRenderer/maximumWork`` bounds their sum.
extension CardRenderer {
    /// What laying out a card costs, in the operations of ``Drawing/work``: 20,000 a layer and 1,000 a Unicode
    /// scalar of text (``Card/layerCount``, ``Card/scalarCount``): twice what was measured with `perf record
    /// mattertype card --json` (release) on a generated card of 20,021 layers (20 hugging columns of 50 rows of 18
    /// rectangles and a text: 0.23 s of layout, 11 µs a layer) and one text of 112,500 characters (40 ms, 0.4 µs a
    /// scalar). Reading the card's JSON is not counted: a body's size bounds it.
    public static func layoutWork(of card: Card) -> Int {
        let (layers, layerOverflow) = card.layerCount.multipliedReportingOverflow(by: 20_000)
        let (scalars, scalarOverflow) = card.scalarCount.multipliedReportingOverflow(by: 1_000)
        let (work, overflow) = layers.addingReportingOverflow(scalars)
        return layerOverflow || scalarOverflow || overflow ? Int.max : work
    }

    /// What encoding a card of `pixels` pixels in `format` costs, in the operations of ``Drawing/work``: PNG 40 a
    /// pixel (JPEG too: libjpeg-turbo is no slower), WebP 300, SVG and PDF nothing (their rasterized parts count in the drawing). Measured with
    /// `mattertype bench --task card` (release) on gradient cards of 6.8 and 50 megapixels, the content that
    /// compresses worst (Examples/card.json at @3x: 326 ms as PNG, 1,878 ms as WebP).
    public static func encodingWork(format: ImageFormat, pixels: Int) -> Int {
        let perPixel = switch format {
        case .png, .jpeg: 40
        case .webp: 300
        case .svg, .pdf: 0
        }
        let (work, overflow) = pixels.multipliedReportingOverflow(by: perPixel)
        return overflow ? Int.max : work
    }

    /// "over the N million allowed", naming the setting that raises it: the end of every message refusing work.
    var overLimit: String {
        "over the \(maximumWork / 1_000_000) million allowed (raise `maximumWork`, or --max-work on the command line "
            + "and the server)"
    }
}
