/// Where a glyph's pen lands on the device pixel grid: x to the nearest quarter pixel (a whole pixel and a quarter,
/// 0–3, which picks one of four cached bitmaps of the glyph), the baseline snapped to the nearest pixel row. The
/// one rule for drawing a glyph and for finding the pixels its ink covers (``TextRenderer/frame(for:padding:clip:)``).
struct PixelPen: Hashable, Sendable {
    /// The whole pixel column left of (or at) the pen.
    var pixelX: Int
    /// The quarter pixels right of ``pixelX``, 0–3.
    var subpixel: UInt8
    /// The pixel row of the baseline.
    var baseline: Int

    /// The pen at `x`, `y` in device pixels (|x|, |y| < 2^60); halves round up (x 0.125 is a quarter, y 2.5 is
    /// row 3).
    @inline(__always)
    init(x: Double, y: Double) {
        let quarters = floorToInt(x * 4 + 0.5)
        pixelX = quarters >> 2
        subpixel = UInt8(truncatingIfNeeded: quarters & 3)
        baseline = floorToInt(y + 0.5)
    }

    /// The pen's x in pixels, as drawn: ``pixelX`` plus the quarters.
    var x: Double { Double(pixelX) + Double(subpixel) / 4 }
}

/// `floor(value)` as an integer, for |value| < 2^62, without the libm call that `rounded(.down)` compiles to on
/// baseline x86-64 (it has no SSE4.1 rounding instruction).
@inline(__always)
func floorToInt(_ value: Double) -> Int {
    let truncated = Int(value)
    return Double(truncated) > value ? truncated - 1 : truncated
}

extension Range where Bound == Int {
    /// The farthest a pixel span reaches from the origin, past any image allowed: spans beyond it are cut there,
    /// so that sums and differences of their bounds never overflow.
    static let pixelLimit = 1 << 30

    /// The pixels from `low` up to `high` (both rounded by the caller), cut to ±``pixelLimit``; empty when they
    /// are not finite or `high` is not past `low` — so any geometry makes a valid range, however far off the
    /// image or inside out it is.
    init(pixelsFrom low: Double, upTo high: Double) {
        let limit = Double(Range.pixelLimit)
        guard low.isFinite, high.isFinite, low < high, high > -limit, low < limit else {
            self = 0..<0
            return
        }
        self = Int(Swift.max(low, -limit))..<Int(Swift.min(high, limit))
    }
}
