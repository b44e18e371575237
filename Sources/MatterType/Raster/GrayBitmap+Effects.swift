import Foundation

extension GrayBitmap {
    /// The standard deviation (pixels) from which a blur is three box blurs instead of a Gaussian kernel: the
    /// kernel's cost grows with its reach (3σ a pixel a pass), the boxes' does not.
    static let boxBlurSigma = 6.0

    /// The coverage levels dilation measures distances to (see ``dilated(by:until:)``).
    static let dilationLevels: [UInt8] = [255, 224, 192, 160, 128, 96, 64, 32, 1]

    /// The coverage blurred as CSS `text-shadow` blurs it: a Gaussian whose standard deviation is half the blur
    /// `radius` (in pixels); 0 leaves it as it is. Below a σ of ``boxBlurSigma`` pixels the Gaussian's own kernel
    /// is applied along rows then columns; from it, three box blurs in each direction (as SVG's feGaussianBlur
    /// specifies and Skia draws Chromium's shadows), whose cost per pixel does not depend on the radius. Only the
    /// ink's bounds, grown by the blur's reach, are worked on.
    /// - Throws: ``RenderError/deadlineExceeded(stage:)`` when `deadline` passes (checked between passes).
    public func blurred(radius: Double, until deadline: RenderDeadline = .never) throws(RenderError) -> GrayBitmap {
        guard radius > 0.01, radius.isFinite, let ink = inkBounds() else { return self }
        let sigma = radius / 2
        let blurred = sigma < GrayBitmap.boxBlurSigma ? gaussianBlurred(sigma: sigma, ink: ink, until: deadline)
            : boxBlurred(sigma: sigma, ink: ink, until: deadline)
        guard let blurred else { throw .deadlineExceeded(stage: "a shadow") }
        return blurred
    }

    /// The Gaussian kernel applied along rows then columns; each pass adds a kernel-weighted copy of a row or
    /// source pixel at a time, so that its inner loop runs along memory.
    /// `nil` when `deadline` passed between the passes.
    private func gaussianBlurred(sigma: Double, ink: (x: Range<Int>, y: Range<Int>),
                                 until deadline: RenderDeadline) -> GrayBitmap? {
        let reach = Int((sigma * 3).rounded(.up))
        var kernel = (-reach...reach).map { Float(exp(-Double($0 * $0) / (2 * sigma * sigma))) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        let xs = (ink.x.lowerBound - reach..<ink.x.upperBound + reach).clamped(to: 0..<width)
        let ys = (ink.y.lowerBound - reach..<ink.y.upperBound + reach).clamped(to: 0..<height)
        let span = xs.count
        // Rows blurred along x, for the ink's rows only (the others are empty), indexed from xs.lowerBound.
        var rows = [Float](repeating: 0, count: span * ink.y.count)
        var result = GrayBitmap(width: width, height: height), finished = false
        let width = self.width
        kernel.withUnsafeBufferPointer { kernel in
            guard let weights = kernel.baseAddress else { return }
            pixels.withUnsafeBufferPointer { source in
                rows.withUnsafeMutableBufferPointer { rows in
                    guard let rows = rows.baseAddress else { return }
                    for y in ink.y {
                        let row = rows + (y - ink.y.lowerBound) * span
                        for x in ink.x where source[y * width + x] != 0 {
                            let value = Float(source[y * width + x])
                            let from = max(x - reach, xs.lowerBound), to = min(x + reach, xs.upperBound - 1)
                            let out = row + (from - xs.lowerBound), weight = weights + (from - x + reach)
                            for i in 0...(to - from) { out[i] += value * weight[i] }
                        }
                    }
                }
            }
            if deadline.hasPassed { return }
            var column = [Float](repeating: 0, count: span)
            column.withUnsafeMutableBufferPointer { sum in
                rows.withUnsafeBufferPointer { rows in
                    result.pixels.withUnsafeMutableBufferPointer { out in
                        guard let rows = rows.baseAddress, let out = out.baseAddress else { return }
                        for y in ys {
                            for i in 0..<span { sum[i] = 0 }
                            let first = max(y - reach, ink.y.lowerBound), last = min(y + reach, ink.y.upperBound - 1)
                            guard first <= last else { continue }
                            for sy in first...last {
                                let weight = kernel[sy - y + reach]
                                let row = rows + (sy - ink.y.lowerBound) * span
                                for i in 0..<span { sum[i] += row[i] * weight }
                            }
                            let target = out + y * width + xs.lowerBound
                            for i in 0..<span { target[i] = UInt8(min(255, max(0, sum[i] + 0.5))) }
                        }
                    }
                }
            }
            finished = true
        }
        return finished ? result : nil
    }

    /// Three box blurs along rows, then three along columns, of the size SVG gives for σ
    /// (d = ⌊σ · 3√(2π) / 4 + ½⌋; for an even d, two boxes of d offset half a pixel each way and one of d + 1), each a
    /// running sum: a few additions a pixel whatever σ is. `nil` when `deadline` passed between two passes.
    private func boxBlurred(sigma: Double, ink: (x: Range<Int>, y: Range<Int>),
                            until deadline: RenderDeadline) -> GrayBitmap? {
        let d = Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
        // Each pass's window as (pixels before, pixels after) the one it writes.
        let windows = d % 2 == 1 ? Array(repeating: (d / 2, d / 2), count: 3)
            : [(d / 2, d / 2 - 1), (d / 2 - 1, d / 2), (d / 2, d / 2)]
        let reach = windows.reduce(0) { $0 + max($1.0, $1.1) }
        let xs = (ink.x.lowerBound - reach..<ink.x.upperBound + reach).clamped(to: 0..<width)
        let ys = (ink.y.lowerBound - reach..<ink.y.upperBound + reach).clamped(to: 0..<height)
        let w = xs.count, h = ys.count
        var region = [Float](repeating: 0, count: w * h), other = region
        var result = GrayBitmap(width: width, height: height), finished = false
        let width = self.width
        region.withUnsafeMutableBufferPointer { region in
            other.withUnsafeMutableBufferPointer { other in
                pixels.withUnsafeBufferPointer { source in
                    result.pixels.withUnsafeMutableBufferPointer { out in
                        guard var a = region.baseAddress, var b = other.baseAddress, let source = source.baseAddress,
                              let out = out.baseAddress else { return }
                        // Read transposed (a row per source column), so that the passes along rows run as passes
                        // down columns: a running sum of whole rows, whose inner loops run along memory and
                        // vectorize (a running sum along a row is one long chain of dependent additions).
                        // In blocks of 16 × 16 (the columns written stay in cache), indices wrapping (every one is
                        // inside the region: no overflow checks in the loops).
                        let corner = source + ys.lowerBound * width + xs.lowerBound
                        for y0 in stride(from: 0, to: h, by: 16) {
                            for x0 in stride(from: 0, to: w, by: 16) {
                                for y in y0..<min(y0 + 16, h) {
                                    let row = corner + y &* width
                                    for x in x0..<min(x0 + 16, w) { a[x &* h &+ y] = Float(row[x]) }
                                }
                            }
                        }
                        let sum = UnsafeMutablePointer<Float>.allocate(capacity: max(w, h))
                        defer { sum.deallocate() }
                        /// The three passes down the columns of `rows` × `columns` values, from `a` into `b` and back
                        /// (the pointers as parameters: captured variables are checked for exclusive access at
                        /// every use). A strip of 64 columns at a time goes through all three, so that it is still
                        /// in cache for the second and third (the columns are independent: the same sums in the
                        /// same order as whole rows a pass at a time, which read the region from memory three
                        /// times).
                        func passesDown(_ a: inout UnsafeMutablePointer<Float>, _ b: inout UnsafeMutablePointer<Float>,
                                        rows: Int, columns: Int) -> Bool {
                            for first in stride(from: 0, to: columns, by: 64) {
                                if deadline.hasPassed { return false }
                                let strip = min(64, columns - first)
                                var from = a + first, to = b + first
                                for (before, after) in windows {
                                    let scale = 1 / Float(before + after + 1)
                                    sum.initialize(repeating: 0, count: strip)
                                    for y in 0..<min(after, rows) {
                                        let input = from + y * columns
                                        for x in 0..<strip { sum[x] += input[x] }
                                    }
                                    for y in 0..<rows {
                                        if y + after < rows {
                                            let input = from + (y + after) * columns
                                            for x in 0..<strip { sum[x] += input[x] }
                                        }
                                        let output = to + y * columns
                                        for x in 0..<strip { output[x] = sum[x] * scale }
                                        if y >= before {
                                            let input = from + (y - before) * columns
                                            for x in 0..<strip { sum[x] -= input[x] }
                                        }
                                    }
                                    swap(&from, &to)
                                }
                            }
                            if windows.count % 2 == 1 { swap(&a, &b) }  // the result is where the last pass wrote
                            return true
                        }
                        // Along the source's rows (columns of the transposed region), then back in place, down
                        // its columns; the transposition in blocks of 16 × 16 that stay in cache.
                        guard passesDown(&a, &b, rows: w, columns: h) else { return }
                        for x0 in stride(from: 0, to: w, by: 16) {
                            for y0 in stride(from: 0, to: h, by: 16) {
                                for x in x0..<min(x0 + 16, w) {
                                    for y in y0..<min(y0 + 16, h) { b[y &* w &+ x] = a[x &* h &+ y] }
                                }
                            }
                        }
                        swap(&a, &b)
                        guard passesDown(&a, &b, rows: h, columns: w) else { return }
                        for y in 0..<h {
                            let row = out + (y + ys.lowerBound) * width + xs.lowerBound, input = a + y * w
                            for x in 0..<w { row[x] = UInt8(min(255, max(0, input[x] + 0.5))) }
                        }
                        finished = true
                    }
                }
            }
        }
        return finished ? result : nil
    }

    /// The smallest rectangle holding every pixel with coverage, or `nil` when there is none.
    func inkBounds() -> (x: Range<Int>, y: Range<Int>)? {
        guard width > 0, height > 0 else { return nil }
        var minX = width, maxX = -1, minY = height, maxY = -1
        for y in 0..<height {
            let row = y * width
            guard let first = (0..<width).first(where: { pixels[row + $0] != 0 }) else { continue }
            let last = (first..<width).last { pixels[row + $0] != 0 } ?? first
            minX = min(minX, first)
            maxX = max(maxX, last)
            minY = min(minY, y)
            maxY = y
        }
        return maxY < 0 ? nil : (minX..<maxX + 1, minY..<maxY + 1)
    }

    /// The coverage grown by `radius` pixels in every direction (a gray dilation by a disc: each pixel takes the
    /// most of its neighbours' coverage times how much of the disc of the radius, centered on it, reaches them —
    /// 1 − (distance − radius − ½), clamped): the area an outline `radius` wide around the ink covers, for text
    /// strokes. A negative radius shrinks it (erosion), as if the ink went on past the bitmap's edges.
    ///
    /// Computed from exact Euclidean distance transforms, one for each of ``dilationLevels`` (the distance to the
    /// nearest pixel of at least that coverage, whose own coverage then counts), so that the cost per pixel does
    /// not grow with the radius; it is the disc's maximum but where a rim pixel of coverage between two levels is
    /// outdone by a farther, darker one of the same band.
    /// - Throws: ``RenderError/deadlineExceeded(stage:)`` when `deadline` passes (checked between levels).
    public func dilated(by radius: Double, until deadline: RenderDeadline = .never) throws(RenderError) -> GrayBitmap {
        guard radius.isFinite, abs(radius) > 0.01, let ink = inkBounds() else { return self }
        let shrinks = radius < 0
        let r = abs(radius)
        // Only the ink's bounds, grown by the reach when growing, can have coverage afterwards; shrinking needs a
        // pixel of what is around the ink.
        let grow = shrinks ? 1 : Int((r + 0.5).rounded(.up))
        let xs = (ink.x.lowerBound - grow..<ink.x.upperBound + grow).clamped(to: 0..<width)
        let ys = (ink.y.lowerBound - grow..<ink.y.upperBound + grow).clamped(to: 0..<height)
        let w = xs.count, h = ys.count
        var values = [UInt8](repeating: 0, count: w * h)
        for y in ys {
            for x in xs {
                let value = pixels[y * width + x]
                values[(y - ys.lowerBound) * w + x - xs.lowerBound] = shrinks ? 255 - value : value
            }
        }
        func weight(_ squared: Int) -> Double { min(1, max(0, r + 0.5 - Double(squared).squareRoot())) }
        // max over q of v(q) · weight(|p − q|) = max over levels k of the same over pixels with v ≥ k; for each of a
        // few levels the nearest such pixel stands for them (its own coverage, at least k, counts).
        var best = [Double](repeating: 0, count: w * h)
        let reach = (r + 0.5) * (r + 0.5)
        var nearest = NearestSeeds(width: w, height: h), stopped = false
        values.withUnsafeBufferPointer { values in
            for level in GrayBitmap.dilationLevels {
                if deadline.hasPassed {
                    stopped = true
                    return
                }
                nearest.find(in: values, level: level)
                for i in 0..<w * h {
                    let site = Int(nearest.site[i])
                    guard site >= 0, Double(nearest.distance[i]) < reach else { continue }
                    best[i] = max(best[i], Double(values[site]) * weight(nearest.distance[i]))
                }
            }
        }
        if stopped { throw .deadlineExceeded(stage: "a stroke") }
        var result = GrayBitmap(width: width, height: height)
        for y in 0..<h {
            for x in 0..<w {
                let best = best[y * w + x]
                result.pixels[(y + ys.lowerBound) * width + x + xs.lowerBound] =
                    UInt8(min(255, (shrinks ? 255 - best : best).rounded()))
            }
        }
        return result
    }
}

/// The exact squared Euclidean distance from each pixel of a grid to the nearest seed pixel (one whose value is at
/// least a level), and which seed: Felzenszwalb and Huttenlocher's transform — the nearest seed up or down each
/// column (swept a row at a time, so that the loops run along memory), then along each row the lower envelope of
/// the parabolas those make. Linear in the pixels, whatever the distances.
struct NearestSeeds {
    let width: Int, height: Int
    /// The squared distance to the nearest seed; meaningless where ``site`` is −1.
    private(set) var distance: [Int]
    /// The nearest seed's index (y × width + x), or −1 when there is none.
    private(set) var site: [Int32]
    /// The nearest seed's row in each pixel's column, −1 for none (kept between levels, to be written again).
    private var nearestRow: [Int32]

    /// Room for a `width` × `height` grid.
    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        distance = [Int](repeating: 0, count: width * height)
        site = [Int32](repeating: -1, count: width * height)
        nearestRow = site
    }

    /// Finds, for each pixel, the nearest pixel of `values` (`width` × `height`, row by row) whose value is at least
    /// `level`.
    mutating func find(in values: UnsafeBufferPointer<UInt8>, level: UInt8) {
        let width = self.width, height = self.height
        let count = width * height
        guard count > 0, values.count >= count, let values = values.baseAddress else { return }
        site.withUnsafeMutableBufferPointer { site in site.update(repeating: -1) }
        // Down the rows, then up.
        nearestRow.withUnsafeMutableBufferPointer { rows in
            guard let rows = rows.baseAddress else { return }
            for y in 0..<height {
                let row = rows + y * width, value = values + y * width
                if y == 0 {
                    for x in 0..<width { row[x] = value[x] >= level ? 0 : -1 }
                } else {
                    let above = row - width
                    for x in 0..<width { row[x] = value[x] >= level ? Int32(y) : above[x] }
                }
            }
            guard height > 1 else { return }
            for y in (0..<height - 1).reversed() {
                let row = rows + y * width, below = row + width
                for x in 0..<width where below[x] >= 0 && (row[x] < 0 || Int(below[x]) - y < y - Int(row[x])) {
                    row[x] = below[x]
                }
            }
        }
        // Along each row: f(x) = (y − nearest row at x)² where a column has a seed; the envelope's parabola at each x.
        let columns = UnsafeMutablePointer<Int>.allocate(capacity: width)  // the parabolas' columns, in order
        let starts = UnsafeMutablePointer<Double>.allocate(capacity: width + 1)  // where each takes over
        let f = UnsafeMutablePointer<Int>.allocate(capacity: width)
        defer {
            columns.deallocate()
            starts.deallocate()
            f.deallocate()
        }
        nearestRow.withUnsafeBufferPointer { rows in
            distance.withUnsafeMutableBufferPointer { distance in
                site.withUnsafeMutableBufferPointer { site in
                    guard let rows = rows.baseAddress, let distance = distance.baseAddress,
                          let site = site.baseAddress else { return }
                    for y in 0..<height {
                        let row = rows + y * width
                        var k = -1
                        for x in 0..<width where row[x] >= 0 {
                            let dy = y - Int(row[x])
                            f[x] = dy * dy
                            var start = -Double.infinity
                            while k >= 0 {
                                let q = columns[k]
                                start = Double((f[x] + x * x) - (f[q] + q * q)) / Double(2 * (x - q))
                                if start <= starts[k] { k -= 1 } else { break }
                            }
                            if k < 0 { start = -.infinity }
                            k += 1
                            columns[k] = x
                            starts[k] = start
                            starts[k + 1] = .infinity
                        }
                        guard k >= 0 else { continue }
                        var j = 0
                        let out = distance + y * width, nearest = site + y * width
                        for x in 0..<width {
                            while starts[j + 1] < Double(x) { j += 1 }
                            let q = columns[j], dx = x - q
                            out[x] = dx * dx + f[q]
                            nearest[x] = Int32(Int(row[q]) * width + q)
                        }
                    }
                }
            }
        }
    }
}

extension RGBAImage {
    /// Composites `color` through `mask` (coverage, the same size as this image), source-over, with the arithmetic
    /// glyphs are drawn with.
    public mutating func fill(mask: GrayBitmap, color: Color) {
        guard mask.width == width, mask.height == height else { return }
        fill(mask: mask, atX: 0, y: 0, color: color)
    }

    /// Composites `color` through `mask` placed with its top-left pixel at (`x`, `y`), source-over; what falls
    /// outside this image is skipped.
    public mutating func fill(mask: GrayBitmap, atX x: Int, y: Int, color: Color) {
        // In doubles: a position far off the image must not overflow the sum.
        let xs = Range(pixelsFrom: Double(x), upTo: Double(x) + Double(mask.width)).clamped(to: 0..<width)
        let ys = Range(pixelsFrom: Double(y), upTo: Double(y) + Double(mask.height)).clamped(to: 0..<height)
        guard !xs.isEmpty, !ys.isEmpty else { return }
        let width = self.width
        withPixels(inkIsGray: color.red == color.green && color.green == color.blue) { base in
            mask.pixels.withUnsafeBufferPointer { coverage in
                guard let coverage = coverage.baseAddress else { return }
                for row in ys {
                    RGBAImage.composite(coverage + (row - y) * mask.width + (xs.lowerBound - x), count: xs.count,
                                        onto: base + (row * width + xs.lowerBound) * 4, color: color)
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

extension RGBAImage {
    /// The image blurred by a Gaussian of σ = `radius` / 2 pixels (CSS `filter: blur(σ)`), each premultiplied
    /// channel as a ``GrayBitmap`` is blurred (its ink grown by the blur's reach, cut to the image).
    func blurred(radius: Double, until deadline: RenderDeadline = .never) throws(RenderError) -> RGBAImage {
        guard radius > 0.01, radius.isFinite else { return self }
        var result = RGBAImage(width: width, height: height)
        for channel in 0..<4 {
            var plane = GrayBitmap(width: width, height: height)
            for index in 0..<width * height { plane.pixels[index] = pixels[index * 4 + channel] }
            let blurred = try plane.blurred(radius: radius, until: deadline)
            for index in 0..<width * height { result.pixels[index * 4 + channel] = blurred.pixels[index] }
        }
        // Premultiplied: no channel above its alpha (each was rounded on its own).
        for index in stride(from: 0, to: width * height * 4, by: 4) {
            let alpha = result.pixels[index + 3]
            for channel in 0..<3 where result.pixels[index + channel] > alpha { result.pixels[index + channel] = alpha }
        }
        return result
    }
}
