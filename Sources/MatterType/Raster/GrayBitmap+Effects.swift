import Foundation

extension GrayBitmap {
    /// The coverage blurred as CSS `text-shadow` blurs it: a Gaussian whose standard deviation is half the blur
    /// `radius` (in pixels), applied along rows then columns; 0 leaves it as it is.
    public func blurred(radius: Double) -> GrayBitmap {
        guard radius > 0.01, radius.isFinite, width > 0, height > 0 else { return self }
        let sigma = radius / 2
        let reach = Int((sigma * 3).rounded(.up))
        var kernel = (-reach...reach).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        var rows = [Double](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                var sum = 0.0
                for k in -reach...reach where x + k >= 0 && x + k < width {
                    sum += Double(pixels[y * width + x + k]) * kernel[k + reach]
                }
                rows[y * width + x] = sum
            }
        }
        var result = GrayBitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                var sum = 0.0
                for k in -reach...reach where y + k >= 0 && y + k < height {
                    sum += rows[(y + k) * width + x] * kernel[k + reach]
                }
                result.pixels[y * width + x] = UInt8(min(255, max(0, sum.rounded())))
            }
        }
        return result
    }

    /// The coverage grown by `radius` pixels in every direction (a gray dilation by a disc: each pixel takes the
    /// most of its neighbours within the radius, the disc's rim weighted by how much of it is inside): the area an
    /// outline `radius` wide around the ink covers, for text strokes. A negative radius shrinks it (erosion).
    public func dilated(by radius: Double) -> GrayBitmap {
        guard radius.isFinite, abs(radius) > 0.01, width > 0, height > 0 else { return self }
        let shrinks = radius < 0
        let r = abs(radius)
        let reach = Int((r + 0.5).rounded(.up))
        var offsets: [(dx: Int, dy: Int, weight: Double)] = []
        for dy in -reach...reach {
            for dx in -reach...reach {
                let weight = min(1, max(0, r + 0.5 - (Double(dx * dx + dy * dy)).squareRoot()))
                if weight > 0 { offsets.append((dx, dy, weight)) }
            }
        }
        var result = GrayBitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                var best = 0.0
                for (dx, dy, weight) in offsets {
                    let sx = x + dx, sy = y + dy
                    // Outside the bitmap: no ink (for shrinking, as if the ink went on: nothing is lost at the edge).
                    let value = sx >= 0 && sx < width && sy >= 0 && sy < height
                        ? Double(pixels[sy * width + sx]) : (shrinks ? 255 : 0)
                    let inverted = shrinks ? 255 - value : value
                    best = max(best, inverted * weight)
                }
                result.pixels[y * width + x] = UInt8(min(255, (shrinks ? 255 - best : best).rounded()))
            }
        }
        return result
    }
}

extension RGBAImage {
    /// Composites `color` through `mask` (coverage, the same size as this image), source-over, with the arithmetic
    /// glyphs are drawn with.
    public mutating func fill(mask: GrayBitmap, color: Color) {
        guard mask.width == width, mask.height == height else { return }
        let count = width * height
        withPixels(inkIsGray: color.red == color.green && color.green == color.blue) { base in
            mask.pixels.withUnsafeBufferPointer { coverage in
                if let coverage = coverage.baseAddress {
                    RGBAImage.composite(coverage, count: count, onto: base, color: color)
                }
            }
        }
    }
}

extension GrayBitmap {
    /// This coverage less `other`'s (the same size), clamped at 0: the ring between a grown and a shrunk outline.
    public func subtracting(_ other: GrayBitmap) -> GrayBitmap {
        guard other.width == width, other.height == height else { return self }
        var result = self
        for i in result.pixels.indices { result.pixels[i] = pixels[i] &- min(pixels[i], other.pixels[i]) }
        return result
    }
}
