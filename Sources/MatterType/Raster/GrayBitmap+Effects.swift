import Foundation

extension GrayBitmap {
    /// The coverage blurred as CSS `text-shadow` blurs it: a Gaussian whose standard deviation is half the blur
    /// `radius` (in pixels), applied along rows then columns; 0 leaves it as it is. Only the ink's bounds, grown by
    /// the kernel's reach (3σ), are worked on; each pass adds a kernel-weighted copy of a row or source pixel at a
    /// time, so that its inner loop runs along memory.
    public func blurred(radius: Double) -> GrayBitmap {
        guard radius > 0.01, radius.isFinite, let ink = inkBounds() else { return self }
        let sigma = radius / 2
        let reach = Int((sigma * 3).rounded(.up))
        var kernel = (-reach...reach).map { Float(exp(-Double($0 * $0) / (2 * sigma * sigma))) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        let xs = (ink.x.lowerBound - reach..<ink.x.upperBound + reach).clamped(to: 0..<width)
        let ys = (ink.y.lowerBound - reach..<ink.y.upperBound + reach).clamped(to: 0..<height)
        let span = xs.count
        // Rows blurred along x, for the ink's rows only (the others are empty), indexed from xs.lowerBound.
        var rows = [Float](repeating: 0, count: span * ink.y.count)
        var result = GrayBitmap(width: width, height: height)
        kernel.withUnsafeBufferPointer { kernel in
            pixels.withUnsafeBufferPointer { source in
                rows.withUnsafeMutableBufferPointer { rows in
                    for y in ink.y {
                        let row = rows.baseAddress! + (y - ink.y.lowerBound) * span
                        for x in ink.x where source[y * width + x] != 0 {
                            let value = Float(source[y * width + x])
                            let from = max(x - reach, xs.lowerBound), to = min(x + reach, xs.upperBound - 1)
                            let out = row + (from - xs.lowerBound), weights = kernel.baseAddress! + (from - x + reach)
                            for i in 0...(to - from) { out[i] += value * weights[i] }
                        }
                    }
                }
            }
            var column = [Float](repeating: 0, count: span)
            column.withUnsafeMutableBufferPointer { sum in
                rows.withUnsafeBufferPointer { rows in
                    result.pixels.withUnsafeMutableBufferPointer { out in
                        for y in ys {
                            for i in 0..<span { sum[i] = 0 }
                            let first = max(y - reach, ink.y.lowerBound), last = min(y + reach, ink.y.upperBound - 1)
                            guard first <= last else { continue }
                            for sy in first...last {
                                let weight = kernel[sy - y + reach]
                                let row = rows.baseAddress! + (sy - ink.y.lowerBound) * span
                                for i in 0..<span { sum[i] += row[i] * weight }
                            }
                            let target = out.baseAddress! + y * width + xs.lowerBound
                            for i in 0..<span { target[i] = UInt8(min(255, max(0, sum[i] + 0.5))) }
                        }
                    }
                }
            }
        }
        return result
    }

    /// The smallest rectangle holding every pixel with coverage, or `nil` when there is none.
    func inkBounds() -> (x: Range<Int>, y: Range<Int>)? {
        guard width > 0, height > 0 else { return nil }
        var minX = width, maxX = -1, minY = height, maxY = -1
        pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<height {
                let row = pixels.baseAddress! + y * width
                guard let first = (0..<width).first(where: { row[$0] != 0 }) else { continue }
                let last = (first..<width).last { row[$0] != 0 } ?? first
                minX = min(minX, first)
                maxX = max(maxX, last)
                minY = min(minY, y)
                maxY = y
            }
        }
        return maxY < 0 ? nil : (minX..<maxX + 1, minY..<maxY + 1)
    }

    /// The coverage grown by `radius` pixels in every direction (a gray dilation by a disc: each pixel takes the
    /// most of its neighbours within the radius, the disc's rim weighted by how much of it is inside): the area an
    /// outline `radius` wide around the ink covers, for text strokes. A negative radius shrinks it (erosion).
    public func dilated(by radius: Double) -> GrayBitmap {
        guard radius.isFinite, abs(radius) > 0.01, let ink = inkBounds() else { return self }
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
        // Only the ink's bounds, grown by the reach when growing, can have coverage afterwards.
        let grow = shrinks ? 0 : reach
        let xs = (ink.x.lowerBound - grow..<ink.x.upperBound + grow).clamped(to: 0..<width)
        let ys = (ink.y.lowerBound - grow..<ink.y.upperBound + grow).clamped(to: 0..<height)
        var result = GrayBitmap(width: width, height: height)
        for y in ys {
            for x in xs {
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
