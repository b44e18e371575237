import Foundation
import Testing
@testable import MatterType

/// The integer paths a finished card's pixels take (whole-run compositing, gradients stepped in fixed point,
/// bilinear taps), each against the plain arithmetic it replaces: the same pixels, or within a level or two where
/// the rounding differs (a photograph drawn both ways differed by at most one level, on 14 % of its pixels).
@Suite("Raster fast paths: the same pixels as the plain arithmetic")
struct RasterFastPathTests {
    /// Source-over of one premultiplied channel, as the per-channel loop it replaced computed it.
    static func over(_ color: UInt32, _ under: UInt32) -> UInt32 {
        let inverse = 255 - color >> 24
        var out: UInt32 = 0
        for c in 0..<4 {
            let shift = UInt32(8 * c)
            let value = min(255, (color >> shift & 0xFF) + divide255((under >> shift & 0xFF) * inverse))
            out |= value << shift
        }
        return out
    }

    /// A deterministic stream of words (xorshift), for pixels and colors.
    struct Words {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        mutating func next() -> UInt32 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return UInt32(truncatingIfNeeded: state >> 16)
        }
    }

    @Test("a run of one color and a run of many composite as source-over does, channel by channel, every alpha")
    func compositing() {
        var words = Words()
        for alpha in UInt32(0)...255 {
            // A premultiplied color (channels at most alpha), then one that is not (clamped at 255 all the same).
            for valid in [true, false] {
                var color = alpha << 24
                for c in 0..<3 {
                    let channel = valid ? (alpha == 0 ? 0 : words.next() % (alpha + 1)) : words.next() & 0xFF
                    color |= channel << UInt32(8 * c)
                }
                let count = 37  // whole steps of four pixels and a remainder
                let under = (0..<count).map { _ in words.next() }
                var uniform = under.flatMap { withUnsafeBytes(of: $0.littleEndian, Array.init) }
                uniform.withUnsafeMutableBufferPointer {
                    RGBAImage.compositeUniform(color, count: count, onto: $0.baseAddress!)
                }
                var many = under.flatMap { withUnsafeBytes(of: $0.littleEndian, Array.init) }
                let sources = (0..<count).map { i in
                    i % 3 == 0 ? color : words.next() | (i % 5 == 0 ? 0xFF00_0000 : 0)
                }
                let sourceBytes = sources.flatMap { withUnsafeBytes(of: $0.littleEndian, Array.init) }
                sourceBytes.withUnsafeBufferPointer { source in
                    many.withUnsafeMutableBufferPointer {
                        RGBAImage.compositeColor(source.baseAddress!, count: count, onto: $0.baseAddress!)
                    }
                }
                for i in 0..<count {
                    let got = uniform.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self) }
                    #expect(got == RasterFastPathTests.over(color, under[i]), "uniform \(color), pixel \(i)")
                    let mixed = many.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self) }
                    #expect(mixed == RasterFastPathTests.over(sources[i], under[i]), "run, pixel \(i)")
                }
            }
        }
    }

    @Test("coverage in a color composites as the per-channel arithmetic: every coverage, translucent colors too")
    func coverageInColor() {
        var words = Words()
        for _ in 0..<64 {
            let packed = words.next()
            let color = Color(red: UInt8(packed & 0xFF), green: UInt8(packed >> 8 & 0xFF),
                              blue: UInt8(packed >> 16 & 0xFF), alpha: [255, 204, 102, 1][Int(packed >> 30)])
            let coverage = (0...255).map(UInt8.init)
            let under = (0..<256).map { _ in words.next() }
            var pixels = under.flatMap { withUnsafeBytes(of: $0.littleEndian, Array.init) }
            coverage.withUnsafeBufferPointer { coverage in
                pixels.withUnsafeMutableBufferPointer {
                    RGBAImage.composite(coverage.baseAddress!, count: 256, onto: $0.baseAddress!, color: color)
                }
            }
            for i in 0..<256 {
                let sa = divide255(UInt32(color.alpha) * UInt32(i)), inverse = 255 - sa
                let old = under[i]
                let expected = [color.red, color.green, color.blue].enumerated().map { c, channel in
                    divide255(UInt32(channel) * sa) + divide255((old >> UInt32(8 * c) & 0xFF) * inverse)
                } + [sa + divide255((old >> 24) * inverse)]
                #expect(Array(pixels[4 * i..<4 * i + 4]) == expected.map(UInt8.init), "coverage \(i)")
            }
        }
    }

    @Test("a linear gradient's runs are within a level of its color at each pixel's center")
    func linearGradient() {
        for angle in [0.0, 37, 90, 135, 180, 251] {
            let paint = Paint.linear(LinearGradient(angle: angle, stops: [
                GradientStop(offset: 0, color: Color(red: 11, green: 31, blue: 58)),
                GradientStop(offset: 0.4, color: Color(red: 239, green: 71, blue: 111, alpha: 200)),
                GradientStop(offset: 1, color: Color(red: 29, green: 78, blue: 137))]))
            let box = Rect(x: -20, y: 10, width: 1_300, height: 700)
            let shader = PaintShader(paint, box: box, scale: 1, opacity: 1)
            var row = [UInt32](repeating: 0, count: 1_200)
            for y in [0, 333, 629] {
                row.withUnsafeMutableBytes { shader.shade(row: y, columns: 0..<1_200, into: $0.baseAddress!) }
                for x in stride(from: 0, to: 1_200, by: 7) {
                    let color = shader.color(Double(x) + 0.5, Double(y) + 0.5)
                    for (c, expected) in [color.0, color.1, color.2, color.3].enumerated() {
                        let got = Double(row[x] >> UInt32(8 * c) & 0xFF)
                        #expect(abs(got - expected) <= 1.01, "angle \(angle), (\(x), \(y)), channel \(c)")
                    }
                }
            }
        }
    }

    @Test("an image scaled up is bilinear within two levels of the exact mix (its weights are in 256ths)")
    func bilinear() {
        var words = Words()
        var source = RGBAImage(width: 37, height: 23)
        for i in 0..<(37 * 23) {
            let alpha = UInt8(truncatingIfNeeded: i % 7 == 0 ? 255 : words.next() % 256)
            source.pixels[4 * i + 3] = alpha
            for c in 0..<3 { source.pixels[4 * i + c] = UInt8(truncatingIfNeeded: words.next() % (UInt32(alpha) + 1)) }
        }
        for (opacity, radius) in [(1.0, 0.0), (0.6, 12.0)] {
            var image = RGBAImage(width: 160, height: 90, background: Color(red: 10, green: 200, blue: 90))
            let box = Rect(x: 3.25, y: 5.5, width: 150, height: 80)
            image.draw(source, in: box, fit: .cover, cornerRadius: radius, opacity: opacity)
            // The reference: the box covered (cover: the larger ratio), each pixel the four nearest source pixels
            // mixed in Double, composited source-over.
            let ratio = max(box.width / 37, box.height / 23)
            let target = Rect(x: box.x + (box.width - 37 * ratio) / 2, y: box.y + (box.height - 23 * ratio) / 2,
                              width: 37 * ratio, height: 23 * ratio)
            for y in 8..<82 {
                for x in 6..<150 where radius == 0 || (x > 20 && x < 140 && y > 20 && y < 75) {
                    let u = (Double(x) + 0.5 - target.x) / ratio - 0.5, v = (Double(y) + 0.5 - target.y) / ratio - 0.5
                    let ix = Int(u.rounded(.down)), iy = Int(v.rounded(.down))
                    let tx = u - Double(ix), ty = v - Double(iy)
                    func at(_ x: Int, _ y: Int, _ c: Int) -> Double {
                        Double(source.pixels[(min(max(y, 0), 22) * 37 + min(max(x, 0), 36)) * 4 + c])
                    }
                    func sample(_ c: Int) -> Double {
                        (at(ix, iy, c) * (1 - tx) + at(ix + 1, iy, c) * tx) * (1 - ty)
                            + (at(ix, iy + 1, c) * (1 - tx) + at(ix + 1, iy + 1, c) * tx) * ty
                    }
                    let keep = 1 - sample(3) * opacity / 255
                    let under = [10.0, 200, 90, 255]
                    for c in 0..<4 {
                        let expected = sample(c) * opacity + under[c] * keep
                        let got = Double(image.pixels[(y * 160 + x) * 4 + c])
                        #expect(abs(got - expected.rounded()) <= 2, "opacity \(opacity), (\(x), \(y)), channel \(c)")
                    }
                }
            }
        }
    }
}
