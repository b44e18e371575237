/// An 8-bit coverage bitmap: 0 is no ink, 255 full ink. For callers that composite text themselves.
public struct GrayBitmap: Sendable, Hashable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Row-major coverage, `width × height` bytes, top row first.
    public internal(set) var pixels: [UInt8]

    /// A bitmap with no ink.
    public init(width: Int, height: Int) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        pixels = [UInt8](repeating: 0, count: self.width * self.height)
    }

    /// The coverage at a pixel.
    public subscript(x: Int, y: Int) -> UInt8 { pixels[y * width + x] }

}

extension GrayBitmap: CoverageCanvas {
    static let bytesPerPixel = 1

    mutating func withPixels(inkIsGray: Bool, _ body: (UnsafeMutablePointer<UInt8>) -> Void) {
        pixels.withUnsafeMutableBufferPointer { if let base = $0.baseAddress { body(base) } }
    }

    static func composite(_ coverage: UnsafePointer<UInt8>, count: Int, onto pixels: UnsafeMutablePointer<UInt8>,
                          color _: Color) {
        // "over" on coverage: c + old × (255 − c) / 255, rounded. In 16-bit wrapping arithmetic (255 × 255 + 128
        // still fits) so the compiler vectorizes the loop.
        for i in 0..<count {
            let c = UInt16(coverage[i])
            let t = UInt16(pixels[i]) &* (255 &- c) &+ 128
            pixels[i] = UInt8(truncatingIfNeeded: c &+ ((t &+ (t &>> 8)) &>> 8))
        }
    }

    static func compositeColor(_ rgba: UnsafePointer<UInt8>, count: Int, onto pixels: UnsafeMutablePointer<UInt8>) {
        // A color glyph's alpha is its coverage.
        for i in 0..<count {
            let c = UInt16(rgba[i * 4 + 3])
            let t = UInt16(pixels[i]) &* (255 &- c) &+ 128
            pixels[i] = UInt8(truncatingIfNeeded: c &+ ((t &+ (t &>> 8)) &>> 8))
        }
    }

    @inline(__always)
    static func composite16(_ coverage: UnsafePointer<UInt8>, onto pixels: UnsafeMutablePointer<UInt8>,
                            color _: Color) {
        // The same arithmetic with a constant count: compiled to a handful of 16-lane vector instructions.
        for i in 0..<16 {
            let c = UInt16(coverage[i])
            let t = UInt16(pixels[i]) &* (255 &- c) &+ 128
            pixels[i] = UInt8(truncatingIfNeeded: c &+ ((t &+ (t &>> 8)) &>> 8))
        }
    }
}

/// A pixel buffer that text coverage can be composited into, one run of a row at a time.
protocol CoverageCanvas {
    /// Bytes per pixel in the buffer.
    static var bytesPerPixel: Int { get }
    var width: Int { get }
    var height: Int { get }
    /// Runs `body` with the first byte of the pixel buffer; not at all when there are no pixels. `inkIsGray`: the
    /// body draws only gray (r = g = b) ink, so an image that was opaque gray stays so.
    mutating func withPixels(inkIsGray: Bool, _ body: (UnsafeMutablePointer<UInt8>) -> Void)
    /// Composites `count` coverage values in `color` onto the pixels starting at `pixels`.
    static func composite(_ coverage: UnsafePointer<UInt8>, count: Int, onto pixels: UnsafeMutablePointer<UInt8>,
                          color: Color)
    /// Composites `count` premultiplied RGBA pixels of a color glyph onto the pixels starting at `pixels`.
    static func compositeColor(_ rgba: UnsafePointer<UInt8>, count: Int, onto pixels: UnsafeMutablePointer<UInt8>)
    /// Composites exactly 16 coverage values: the renderer's fast path for whole chunks of a glyph row.
    static func composite16(_ coverage: UnsafePointer<UInt8>, onto pixels: UnsafeMutablePointer<UInt8>,
                            color: Color)
}

extension CoverageCanvas {
    static func composite16(_ coverage: UnsafePointer<UInt8>, onto pixels: UnsafeMutablePointer<UInt8>,
                            color: Color) {
        composite(coverage, count: 16, onto: pixels, color: color)
    }
}

/// `x / 255` rounded to nearest, exact for x ≤ 65,025 (255 × 255).
@inline(__always)
func divide255(_ x: UInt32) -> UInt32 {
    let t = x + 128
    return (t + (t >> 8)) >> 8
}

/// An RGBA image with premultiplied 8-bit channels (sRGB), top row first.
public struct RGBAImage: Sendable, Hashable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Row-major premultiplied RGBA, 4 bytes a pixel.
    public internal(set) var pixels: [UInt8] {
        didSet {
            isOpaqueGray = false  // a change from outside the renderer: no longer known
            sourceJPEG = nil  // no longer the file's pixels
        }
    }
    /// The JPEG file these pixels were decoded from, when SVG and PDF can embed it as it is; `nil` for other images.
    public internal(set) var sourceJPEG: SourceJPEG?
    /// Whether every pixel is known to be opaque gray (r = g = b, alpha 255): true for an opaque gray background
    /// drawn on only in gray, so that the PNG encoder can skip classifying its pixels. False when not known.
    private(set) var isOpaqueGray = false

    /// An image filled with `background` (transparent by default).
    public init(width: Int, height: Int, background: Color = .clear) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        let a = UInt32(background.alpha)
        let pixel = (premultiply(background.red, a), premultiply(background.green, a),
                     premultiply(background.blue, a), background.alpha)
        let count = self.width * self.height * 4
        if pixel == (0, 0, 0, 0) {
            pixels = [UInt8](repeating: 0, count: count)
        } else {
            // Whole pixels at a time (memory order r, g, b, a in a little-endian word), which vectorizes.
            let word = UInt32(pixel.0) | UInt32(pixel.1) << 8 | UInt32(pixel.2) << 16 | UInt32(pixel.3) << 24
            pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                UnsafeMutableRawBufferPointer(buffer).bindMemory(to: UInt32.self).initialize(repeating: word)
                initialized = count
            }
        }
        isOpaqueGray = background.alpha == 255 && background.red == background.green
            && background.green == background.blue
    }

    /// One pixel's channels, premultiplied by alpha (as ``pixels`` holds them).
    public struct Pixel: Sendable, Hashable {
        /// Red times alpha / 255.
        public var red: UInt8
        /// Green times alpha / 255.
        public var green: UInt8
        /// Blue times alpha / 255.
        public var blue: UInt8
        /// Alpha, 0 (transparent) – 255 (opaque).
        public var alpha: UInt8

        /// A pixel from its premultiplied channels.
        public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }
    }

    /// The premultiplied RGBA at a pixel.
    public subscript(x: Int, y: Int) -> Pixel {
        let i = (y * width + x) * 4
        return Pixel(red: pixels[i], green: pixels[i + 1], blue: pixels[i + 2], alpha: pixels[i + 3])
    }

    /// The pixels with alpha divided back out: what PNG stores.
    var unpremultipliedPixels: [UInt8] {
        var out = pixels
        for i in stride(from: 0, to: out.count, by: 4) {
            let a = UInt32(out[i + 3])
            guard a > 0, a < 255 else { continue }
            for c in 0..<3 { out[i + c] = UInt8(min(255, (UInt32(out[i + c]) * 255 + a / 2) / a)) }
        }
        return out
    }
}

extension RGBAImage: CoverageCanvas {
    static let bytesPerPixel = 4

    mutating func withPixels(inkIsGray: Bool, _ body: (UnsafeMutablePointer<UInt8>) -> Void) {
        let wasOpaqueGray = isOpaqueGray
        pixels.withUnsafeMutableBufferPointer { if let base = $0.baseAddress { body(base) } }
        // Source-over of gray on opaque gray is opaque gray: each channel takes the same arithmetic.
        isOpaqueGray = wasOpaqueGray && inkIsGray
    }

    static func composite(_ coverage: UnsafePointer<UInt8>, count: Int, onto pixels: UnsafeMutablePointer<UInt8>,
                          color: Color) {
        // Source-over of `color` at alpha × coverage (sa), premultiplied: each channel c × sa / 255 + old ×
        // (255 − sa) / 255, each quotient rounded (alpha's lane: sa + old × (255 − sa) / 255). On whole words, two
        // channels a 16-bit lane, without branches (no coverage leaves the pixel as it was), so that the loop
        // vectorizes: text in color and shadows on cards.
        let alpha = UInt32(color.alpha)
        let redBlue = UInt32(color.red) | UInt32(color.blue) << 16
        let greenAlpha = UInt32(color.green) | 255 << 16  // alpha's lane: 255 × sa / 255 is sa
        let destination = UnsafeMutableRawPointer(pixels)
        for i in 0..<count {
            let sa = divide255(alpha * UInt32(coverage[i]))
            let under = destination.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)
            let source = RGBAImage.lanesDivided(redBlue &* sa) | RGBAImage.lanesDivided(greenAlpha &* sa) << 8
            let kept = RGBAImage.lanesDivided((under & 0x00FF_00FF) &* (255 - sa))
                | RGBAImage.lanesDivided((under >> 8 & 0x00FF_00FF) &* (255 - sa)) << 8
            destination.storeBytes(of: source &+ kept, toByteOffset: i * 4, as: UInt32.self)
        }
    }

    /// Each 16-bit lane of `pair` (at most 65,025) divided by 255 and rounded, as ``divide255(_:)``.
    @inline(__always)
    static func lanesDivided(_ pair: UInt32) -> UInt32 {
        let t = pair &+ 0x0080_0080
        return (t &+ (t >> 8 & 0x00FF_00FF)) >> 8 & 0x00FF_00FF
    }

    static func compositeColor(_ rgba: UnsafePointer<UInt8>, count: Int, onto pixels: UnsafeMutablePointer<UInt8>) {
        // Source-over of premultiplied colors: out = source + destination × (1 − source alpha), rounded, per
        // channel. A pixel is one little-endian word (alpha in the high byte) worked on as two 16-bit lanes of
        // two channels each (red and blue, green and alpha), with no branch, so that the loop vectorizes: an
        // opaque source gives itself, a transparent one the destination, exactly.
        let source = UnsafeRawPointer(rgba), destination = UnsafeMutableRawPointer(pixels)
        for i in 0..<count {
            let color = source.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)
            let under = destination.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)
            destination.storeBytes(of: RGBAImage.over(color, under), toByteOffset: i * 4, as: UInt32.self)
        }
    }

    /// `color` over `under`, premultiplied pixels as little-endian words: each channel c + u × (255 − alpha) / 255,
    /// rounded as ``divide255(_:)``, at most 255.
    @inline(__always)
    static func over(_ color: UInt32, _ under: UInt32) -> UInt32 {
        let inverse = 255 &- (color >> 24)
        func lanes(_ pair: UInt32, _ source: UInt32) -> UInt32 {
            // Two channels of under × inverse, each at most 65,025: divided by 255 in their own 16 bits.
            let sum = lanesDivided(pair &* inverse) &+ source  // at most 510 a lane
            return (sum | (sum >> 8 & 0x0001_0001) &* 0xFF) & 0x00FF_00FF  // saturated at 255
        }
        return lanes(under & 0x00FF_00FF, color & 0x00FF_00FF)
            | lanes(under >> 8 & 0x00FF_00FF, color >> 8 & 0x00FF_00FF) << 8
    }

    /// Composites one premultiplied `color` (a little-endian word, as ``over(_:_:)`` takes) over `count` pixels
    /// from `pixels`: a run of a uniform fill wholly covered.
    static func compositeUniform(_ color: UInt32, count: Int, onto pixels: UnsafeMutablePointer<UInt8>) {
        let destination = UnsafeMutableRawPointer(pixels)
        if color >= 0xFF00_0000 {
            for i in 0..<count { destination.storeBytes(of: color, toByteOffset: i * 4, as: UInt32.self) }
            return
        }
        // Byte by byte in 16-bit arithmetic (as ``composite16``), 16 bytes (four pixels) a step against the color's
        // four channels repeated: vector instructions without SSE4's 32-bit multiplies. No channel of a
        // premultiplied color exceeds its alpha, so no sum exceeds 255 (others take ``over(_:_:)``).
        let inverse = UInt16(255 - color >> 24)
        let alpha = color >> 24
        let premultiplied = color & 0xFF <= alpha && color >> 8 & 0xFF <= alpha && color >> 16 & 0xFF <= alpha
        var i = 0
        if premultiplied {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { pattern in
                for k in 0..<16 { pattern[k] = UInt8(truncatingIfNeeded: color >> (8 * UInt32(k % 4))) }
                guard let channels = UnsafePointer(pattern.baseAddress) else { return }
                while i + 4 <= count {
                    let p = pixels + i * 4
                    for k in 0..<16 {
                        let t = UInt16(p[k]) &* inverse &+ 128
                        p[k] = channels[k] &+ UInt8(truncatingIfNeeded: (t &+ (t &>> 8)) &>> 8)
                    }
                    i += 4
                }
            }
        }
        for j in i..<count {
            let under = destination.loadUnaligned(fromByteOffset: j * 4, as: UInt32.self)
            destination.storeBytes(of: RGBAImage.over(color, under), toByteOffset: j * 4, as: UInt32.self)
        }
    }
}

@inline(__always)
func premultiply(_ channel: UInt8, _ alpha: UInt32) -> UInt8 {
    UInt8(divide255(UInt32(channel) * alpha))
}
