extension RGBAImage {
    /// Fills a rectangle with rounded corners, in pixels, with `paint` at `opacity` (0…1), source-over.
    ///
    /// Edges are anti-aliased by each pixel's distance to the outline (coverage = ½ − distance, clamped), which is
    /// a pixel's exact covered area along a straight edge; pixels outside the image are skipped. `scale` is pixels
    /// a point, for a radial gradient's radius in points.
    public mutating func fill(_ rect: Rect, corners: CornerRadii = 0, paint: Paint, opacity: Double = 1,
                              scale: Double = 1) {
        let shape = RoundedRect(rect, corners: corners)
        composite(over: shape.bounds, paint: paint, box: rect, opacity: opacity, scale: scale,
                  solid: shape.interior(atRow:), hole: { _ in 0..<0 }) { x, y in
            shape.coverage(x, y)
        }
    }

    /// Strokes the inside of a rounded rectangle's outline `widths` pixels wide on each edge (a CSS border), with
    /// `paint` at `opacity`; the inner corners are rounded by each radius less the wider of its edges (as CSS for
    /// equal widths).
    public mutating func strokeBorder(_ rect: Rect, corners: CornerRadii = 0, widths: EdgeWidths, paint: Paint,
                                      opacity: Double = 1, scale: Double = 1) {
        let widths = widths.map { $0.isFinite ? max($0, 0) : 0 }
        guard widths.all.contains(where: { $0 > 0 }) else { return }
        let outer = RoundedRect(rect, corners: corners)
        let inner = RoundedRect(widths.inset(rect), corners: widths.inner(outer.corners))
        composite(over: outer.bounds, paint: paint, box: rect, opacity: opacity, scale: scale,
                  solid: { _ in 0..<0 }, hole: inner.interior(atRow:)) { x, y in
            max(outer.coverage(x, y) - inner.coverage(x, y), 0)
        }
    }

    /// Fills `path` mapped to pixels by `transform` with `paint` (laid over `box`, in pixels) at `opacity`, each
    /// pixel covered by the exact area the path covers of it (its fill rule's).
    mutating func fill(_ path: VectorPath, transform: AffineTransform, paint: Paint, box: Rect, opacity: Double,
                       scale: Double) {
        guard let bounds = path.controlBounds else { return }
        let corners = [Point(x: bounds.x, y: bounds.y), Point(x: bounds.x + bounds.width, y: bounds.y),
                       Point(x: bounds.x, y: bounds.y + bounds.height),
                       Point(x: bounds.x + bounds.width, y: bounds.y + bounds.height)].map(transform.apply)
        func whole(_ value: Double, _ rule: FloatingPointRoundingRule) -> Int {
            Int(min(max(value.rounded(rule), -1e9), 1e9))
        }
        let left = max(whole(corners.map(\.x).min() ?? 0, .down), 0)
        let top = max(whole(corners.map(\.y).min() ?? 0, .down), 0)
        let right = min(whole(corners.map(\.x).max() ?? 0, .up), width)
        let bottom = min(whole(corners.map(\.y).max() ?? 0, .up), height)
        guard right > left, bottom > top else { return }
        let window = right - left
        let coverage = PathCoverage(width: window, height: bottom - top).coverage(
            of: path.segments, transform: AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: Double(-left), ty: Double(-top))
                .concatenating(transform), fillRule: path.fillRule)
        composite(over: (left..<right, top..<bottom), paint: paint, box: box, opacity: opacity, scale: scale,
                  solid: { _ in 0..<0 }, hole: { _ in 0..<0 }) { x, y in
            Double(coverage[(Int(y) - top) * window + (Int(x) - left)])
        }
    }

    /// Every pixel (premultiplied, so every channel) multiplied by its share of `coverage` (0…1 a pixel, row by
    /// row, the image's size): the image seen through a mask.
    mutating func mask(by coverage: [Float]) {
        let count = width * height
        guard coverage.count == count else { return }
        pixels.withUnsafeMutableBufferPointer { bytes in
            for pixel in 0..<count {
                let share = coverage[pixel]
                guard share < 1 else { continue }
                for channel in 0..<4 {
                    bytes[pixel * 4 + channel] = UInt8((Float(bytes[pixel * 4 + channel]) * max(share, 0)).rounded())
                }
            }
        }
    }

    /// The pixels of the rectangle `width` × `height` from (`left`, `top`), which lies inside the image.
    func region(left: Int, top: Int, width: Int, height: Int) -> RGBAImage {
        var part = RGBAImage(width: width, height: height)
        for row in 0..<height {
            let from = ((top + row) * self.width + left) * 4
            part.pixels.replaceSubrange(row * width * 4..<(row + 1) * width * 4, with: pixels[from..<from + width * 4])
        }
        return part
    }

    /// The pixels under `other` placed at (`left`, `top`) (inside the image) replaced by its.
    mutating func copy(_ other: RGBAImage, atX left: Int, y top: Int) {
        for row in 0..<other.height {
            let to = ((top + row) * width + left) * 4
            pixels.replaceSubrange(to..<to + other.width * 4,
                                   with: other.pixels[row * other.width * 4..<(row + 1) * other.width * 4])
        }
    }

    /// The pixels under `other` placed at (`left`, `top`) (inside the image) replaced by its, each by its share of
    /// `coverage` (0…1 a pixel of `other`, row by row): `other` seen through a mask instead of what was there.
    mutating func replace(with other: RGBAImage, atX left: Int, y top: Int, coverage: [Float]) {
        guard coverage.count == other.width * other.height else { return }
        for row in 0..<other.height {
            for column in 0..<other.width {
                let share = min(max(coverage[row * other.width + column], 0), 1)
                guard share > 0 else { continue }
                let here = ((top + row) * width + left + column) * 4, there = (row * other.width + column) * 4
                for channel in 0..<4 {
                    let old = Float(pixels[here + channel]), new = Float(other.pixels[there + channel])
                    pixels[here + channel] = UInt8((old + (new - old) * share).rounded())
                }
            }
        }
    }

    /// Every pixel (premultiplied, so every channel) multiplied by `opacity` (0 to 1), rounded: the image as a
    /// group drawn at that opacity.
    public mutating func fade(by opacity: Double) {
        let factor = UInt32((min(max(opacity.isFinite ? opacity : 0, 0), 1) * 255).rounded())
        guard factor < 255 else { return }
        pixels.withUnsafeMutableBufferPointer { bytes in
            for index in bytes.indices where bytes[index] != 0 {
                let product = UInt32(bytes[index]) * factor + 128
                bytes[index] = UInt8((product + (product >> 8)) >> 8)
            }
        }
    }

    /// Draws `image` (premultiplied, as this one) with its top-left pixel at (`x`, `y`), source-over (as color
    /// glyphs are composited); what falls outside this image is skipped.
    public mutating func draw(_ image: RGBAImage, atX x: Int, y: Int) {
        // In doubles: a position far off the image must not overflow the sum.
        let xs = Range(pixelsFrom: Double(x), upTo: Double(x) + Double(image.width)).clamped(to: 0..<width)
        let ys = Range(pixelsFrom: Double(y), upTo: Double(y) + Double(image.height)).clamped(to: 0..<height)
        guard !xs.isEmpty, !ys.isEmpty else { return }
        let width = self.width
        image.pixels.withUnsafeBufferPointer { source in
            withPixels(inkIsGray: false) { pixels in
                guard let source = source.baseAddress else { return }
                for row in ys {
                    RGBAImage.compositeColor(source + ((row - y) * image.width + (xs.lowerBound - x)) * 4,
                                             count: xs.count, onto: pixels + (row * width + xs.lowerBound) * 4)
                }
            }
        }
    }

    /// Composites `paint` (laid over `box`) at `opacity` × `coverage(x, y)` onto the pixels of `area`. On each row,
    /// the columns `solid(row)` are wholly covered and `hole(row)` not at all, so that only the pixels along the
    /// outline work out their coverage.
    private mutating func composite(over area: (x: Range<Int>, y: Range<Int>), paint: Paint, box: Rect,
                                    opacity: Double, scale: Double, solid: (Int) -> Range<Int>,
                                    hole: (Int) -> Range<Int>, coverage: (Double, Double) -> Double) {
        let opacity = min(max(opacity.isFinite ? opacity : 0, 0), 1)
        // Clamped, not cut with max/min: an area wholly off the image gives an empty range, not a trap.
        let xs = area.x.clamped(to: 0..<width)
        let ys = area.y.clamped(to: 0..<height)
        guard opacity > 0, !xs.isEmpty, !ys.isEmpty else { return }
        let shader = PaintShader(paint, box: box, scale: scale, opacity: opacity)
        let uniform = shader.uniformColor, opaque = shader.isOpaque
        let width = self.width
        // Runs of wholly covered pixels are shaded a run at a time into `run`, then composited.
        let run = UnsafeMutablePointer<UInt8>.allocate(capacity: xs.count * 4)
        defer { run.deallocate() }
        pixels.withUnsafeMutableBufferPointer { pixels in
            guard let base = pixels.baseAddress else { return }
            for y in ys {
                let cy = Double(y) + 0.5
                let full = solid(y), empty = hole(y)
                var x = xs.lowerBound
                while x < xs.upperBound {
                    if empty.contains(x) {
                        x = empty.upperBound
                        continue
                    }
                    if full.contains(x) {
                        let columns = x..<min(full.upperBound, xs.upperBound)
                        if let color = uniform {
                            RGBAImage.compositeUniform(color, count: columns.count, onto: base + (y * width + x) * 4)
                        } else if opaque {  // covers what is under it: shaded in place
                            shader.shade(row: y, columns: columns, into: base + (y * width + x) * 4)
                        } else {
                            shader.shade(row: y, columns: columns, into: run)
                            RGBAImage.compositeColor(run, count: columns.count, onto: base + (y * width + x) * 4)
                        }
                        x = columns.upperBound
                        continue
                    }
                    let cx = Double(x) + 0.5
                    let amount = coverage(cx, cy) * opacity
                    if amount > 0 {
                        // Integer source-over of the premultiplied color at `amount` (rounded by adding ½ and
                        // truncating: every value here is positive).
                        let color = shader.color(cx, cy)
                        let sa = UInt32(min(color.3 * amount + 0.5, 255))
                        if sa > 0 {
                            let i = (y * width + x) * 4
                            let r = UInt32(min(color.0 * amount + 0.5, 255)), g = UInt32(min(color.1 * amount + 0.5, 255))
                            let b = UInt32(min(color.2 * amount + 0.5, 255))
                            if sa == 255 {
                                pixels[i] = UInt8(r)
                                pixels[i + 1] = UInt8(g)
                                pixels[i + 2] = UInt8(b)
                                pixels[i + 3] = 255
                            } else {
                                let keep = 255 - sa
                                pixels[i] = UInt8(min(255, r + divide255(UInt32(pixels[i]) * keep)))
                                pixels[i + 1] = UInt8(min(255, g + divide255(UInt32(pixels[i + 1]) * keep)))
                                pixels[i + 2] = UInt8(min(255, b + divide255(UInt32(pixels[i + 2]) * keep)))
                                pixels[i + 3] = UInt8(min(255, sa + divide255(UInt32(pixels[i + 3]) * keep)))
                            }
                        }
                    }
                    x += 1
                }
            }
        }
    }
}

extension RGBAImage {
    /// Two pixels spread to 16-bit lanes (a channel a lane) mixed as `p × (256 − weight) + q × weight`, in 256ths,
    /// rounded back to 8 bits a lane.
    @inline(__always)
    static func mix(_ p: UInt64, _ q: UInt64, _ weight: UInt64) -> UInt64 {
        (p &* (256 - weight) &+ q &* weight &+ 0x0080_0080_0080_0080) >> 8 & 0x00FF_00FF_00FF_00FF
    }
}

extension GrayBitmap {
    /// A box shadow's mask, in pixels (CSS `box-shadow`, outer): the rounded rectangle `rect` blurred by `blur`
    /// (CSS's blur radius: a Gaussian of σ = blur / 2), less what the box `cutout` covers (an outer shadow shows
    /// only outside its box), over the pixels of the canvas `canvas` grown by the blur's reach; with the pixel its
    /// top-left corner goes at. `nil` when nothing of it reaches the canvas.
    static func boxShadow(_ rect: Rect, corners: CornerRadii, blur: Double, cutout: Rect, cutoutCorners: CornerRadii,
                          canvas: PixelSize,
                          until deadline: RenderDeadline) throws(RenderError) -> (bitmap: GrayBitmap, left: Int, top: Int)? {
        let shape = RoundedRect(rect, corners: corners), hole = RoundedRect(cutout, corners: cutoutCorners)
        let reach = Int(min((1.5 * max(blur, 0)).rounded(.up), 1e7)) + 1
        let bounds = shape.bounds
        // Bounds checked before they make ranges: a shape wholly off the canvas gives a lower bound past the upper.
        let left = max(bounds.x.lowerBound - reach, -reach), right = min(bounds.x.upperBound + reach, canvas.width + reach)
        let top = max(bounds.y.lowerBound - reach, -reach), bottom = min(bounds.y.upperBound + reach, canvas.height + reach)
        guard left < right, top < bottom else { return nil }
        let x = left..<right, y = top..<bottom
        let mask = GrayBitmap.coverage(of: shape, columns: x, rows: y)
        var blurred = blur > 0 ? try mask.blurred(radius: blur, until: deadline) : mask
        // Less the box: nothing where it covers wholly, scaled along its outline.
        let holeBounds = hole.bounds
        blurred.pixels.withUnsafeMutableBufferPointer { bytes in
            for row in y where holeBounds.y.contains(row) {
                let cy = Double(row) + 0.5, base = (row - y.lowerBound) * x.count
                let inside = hole.interior(atRow: row).clamped(to: x)
                for column in holeBounds.x.clamped(to: x) where bytes[base + column - x.lowerBound] != 0 {
                    if inside.contains(column) {
                        bytes[base + column - x.lowerBound] = 0
                    } else {
                        let kept = 1 - hole.coverage(Double(column) + 0.5, cy)
                        bytes[base + column - x.lowerBound] = UInt8(Double(bytes[base + column - x.lowerBound]) * kept + 0.5)
                    }
                }
            }
        }
        return (blurred, x.lowerBound, y.lowerBound)
    }
}

/// A rectangle with rounded corners, in pixels, and how much of a pixel it covers.
extension GrayBitmap {
    /// An inner box shadow's mask, in pixels (CSS `box-shadow: inset`): inside the rounded rectangle `box`, one
    /// less the blurred coverage of `hole` (the box moved and shrunk by the spread), over the box's pixels on the
    /// canvas; with the pixel its top-left corner goes at. `nil` when nothing of the box is on the canvas.
    static func innerShadow(hole: Rect, corners: CornerRadii, blur: Double, box: Rect, boxCorners: CornerRadii,
                            canvas: PixelSize,
                            until deadline: RenderDeadline) throws(RenderError) -> (bitmap: GrayBitmap, left: Int, top: Int)? {
        let shape = RoundedRect(box, corners: boxCorners), inner = RoundedRect(hole, corners: corners)
        let reach = Int(min((1.5 * max(blur, 0)).rounded(.up), 1e7)) + 1
        let bounds = shape.bounds
        let left = max(bounds.x.lowerBound, 0), right = min(bounds.x.upperBound, canvas.width)
        let top = max(bounds.y.lowerBound, 0), bottom = min(bounds.y.upperBound, canvas.height)
        guard left < right, top < bottom else { return nil }
        // The hole's coverage over the box grown by the blur's reach (beyond it, nothing of the hole reaches in).
        let x = (left - reach)..<(right + reach), y = (top - reach)..<(bottom + reach)
        let holeMask = GrayBitmap.coverage(of: inner, columns: x, rows: y)
        let blurred = blur > 0 ? try holeMask.blurred(radius: blur, until: deadline) : holeMask
        var mask = GrayBitmap(width: right - left, height: bottom - top)
        mask.pixels.withUnsafeMutableBufferPointer { bytes in
            for row in top..<bottom {
                let cy = Double(row) + 0.5, inside = shape.interior(atRow: row)
                for column in left..<right {
                    let covered = inside.contains(column) ? 1 : shape.coverage(Double(column) + 0.5, cy)
                    let shadow = 255 - Double(blurred[column - x.lowerBound, row - y.lowerBound])
                    bytes[(row - top) * (right - left) + column - left] = UInt8(covered * shadow + 0.5)
                }
            }
        }
        return (mask, left, top)
    }
}

extension GrayBitmap {
    /// A rounded rectangle's coverage over the pixels `columns` × `rows`: whole spans inside are 255, only the
    /// pixels along its outline are worked out.
    fileprivate static func coverage(of shape: RoundedRect, columns x: Range<Int>, rows y: Range<Int>) -> GrayBitmap {
        var mask = GrayBitmap(width: x.count, height: y.count)
        let bounds = shape.bounds
        mask.pixels.withUnsafeMutableBufferPointer { bytes in
            for row in y where bounds.y.contains(row) {
                let cy = Double(row) + 0.5, base = (row - y.lowerBound) * x.count
                let inside = shape.interior(atRow: row).clamped(to: x)
                for column in bounds.x.clamped(to: x) {
                    bytes[base + column - x.lowerBound] = inside.contains(column)
                        ? 255 : UInt8(shape.coverage(Double(column) + 0.5, cy) * 255 + 0.5)
                }
            }
        }
        return mask
    }
}

private struct RoundedRect {
    let centerX, centerY, halfWidth, halfHeight: Double
    /// The corners' radii, fitted to the rectangle.
    let corners: CornerRadii

    init(_ rect: Rect, corners: CornerRadii) {
        centerX = rect.x + rect.width / 2
        centerY = rect.y + rect.height / 2
        halfWidth = max(rect.width, 0) / 2
        halfHeight = max(rect.height, 0) / 2
        self.corners = corners.fitted(to: rect)
    }

    /// The pixels it may touch (one more on each side for the anti-aliased edge).
    var bounds: (x: Range<Int>, y: Range<Int>) {
        func span(_ center: Double, _ half: Double) -> Range<Int> {
            guard half > 0 else { return 0..<0 }
            return Range(pixelsFrom: (center - half - 1).rounded(.down), upTo: (center + half + 1).rounded(.up))
        }
        return (span(centerX, halfWidth), span(centerY, halfHeight))
    }

    /// The columns of pixel row `row` whose pixels lie wholly inside (their centers at least a pixel in).
    func interior(atRow row: Int) -> Range<Int> {
        let rowCenter = Double(row) + 0.5
        let offset = abs(rowCenter - centerY)
        guard offset <= halfHeight - 1 else { return 0..<0 }
        let upper = rowCenter < centerY
        /// How far from the center the row is inside on the side of a corner of `radius`.
        func reach(_ radius: Double) -> Double? {
            let straight = halfHeight - radius
            guard offset > straight else { return halfWidth - 1 }
            // In the corner's rows: inside the corner circle shrunk by a pixel.
            let dy = offset - straight, r = radius - 1
            guard r > 0, dy < r else { return nil }
            return halfWidth - radius + (r * r - dy * dy).squareRoot()
        }
        guard let left = reach(upper ? corners.topLeft : corners.bottomLeft),
              let right = reach(upper ? corners.topRight : corners.bottomRight), left > 0, right > 0 else { return 0..<0 }
        // The last column is the one at `high`, so the span ends one past it.
        return Range(pixelsFrom: (centerX - left - 0.5).rounded(.up), upTo: (centerX + right - 0.5).rounded(.down) + 1)
    }

    /// The share of the pixel centered at (`x`, `y`) inside: ½ minus the signed distance to the outline (the
    /// corner of the pixel's quadrant), clamped.
    func coverage(_ x: Double, _ y: Double) -> Double {
        let radius = y < centerY ? (x < centerX ? corners.topLeft : corners.topRight)
            : (x < centerX ? corners.bottomLeft : corners.bottomRight)
        let qx = abs(x - centerX) - (halfWidth - radius)
        let qy = abs(y - centerY) - (halfHeight - radius)
        let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
        let distance = outside + min(max(qx, qy), 0) - radius
        return min(max(0.5 - distance, 0), 1)
    }
}

/// How an image fills the box it is drawn in (CSS `object-fit`).
public enum ImageFit: String, NamedChoice, CaseIterable, Sendable, Hashable, Codable {
    /// Stretched to the box.
    case fill
    /// As large as fits inside the box, centered; the rest of the box stays as it was.
    case contain
    /// As small as covers the box, centered; what overflows is cut.
    case cover
}

extension RGBAImage {
    /// Draws `image` into `box` (pixels) as `fit` says, clipped to the box with rounded corners (`cornerRadius`
    /// pixels), at `opacity`, source-over. Scaled down, each pixel averages the source pixels it covers (a box
    /// filter); scaled up, it interpolates the four nearest (bilinear); premultiplied throughout.
    public mutating func draw(_ image: RGBAImage, in box: Rect, fit: ImageFit, cornerRadius: Double = 0,
                              opacity: Double = 1) {
        guard image.width > 0, image.height > 0, box.width > 0, box.height > 0 else { return }
        let sourceWidth = Double(image.width), sourceHeight = Double(image.height)
        var target = box
        switch fit {
        case .fill:
            break
        case .contain, .cover:
            let ratio = fit == .contain ? min(box.width / sourceWidth, box.height / sourceHeight)
                : max(box.width / sourceWidth, box.height / sourceHeight)
            let width = sourceWidth * ratio, height = sourceHeight * ratio
            target = Rect(x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width: width,
                          height: height)
        }
        let clip = RoundedRect(box, corners: CornerRadii(cornerRadius))
        let scaleX = sourceWidth / target.width, scaleY = sourceHeight / target.height
        let shape = RoundedRect(target, corners: 0)
        let opacity = min(max(opacity.isFinite ? opacity : 0, 0), 1)
        let area = clip.bounds
        // Clamped, not cut with max/min: an area wholly off the image gives an empty range, not a trap.
        let xs = area.x.clamped(to: 0..<width)
        let ys = area.y.clamped(to: 0..<height)
        guard opacity > 0, !xs.isEmpty, !ys.isEmpty else { return }
        let width = self.width
        image.pixels.withUnsafeBufferPointer { source in
            func pixel(_ x: Int, _ y: Int) -> (Double, Double, Double, Double) {
                let i = (min(max(y, 0), image.height - 1) * image.width + min(max(x, 0), image.width - 1)) * 4
                return (Double(source[i]), Double(source[i + 1]), Double(source[i + 2]), Double(source[i + 3]))
            }
            /// The source color under destination point (`x`, `y`).
            func sample(_ x: Double, _ y: Double) -> (Double, Double, Double, Double) {
                let u = (x - target.x) * scaleX, v = (y - target.y) * scaleY
                if scaleX > 1 || scaleY > 1 {  // box filter over the footprint
                    let x0 = Int((u - max(scaleX, 1) / 2).rounded()), x1 = max(Int((u + max(scaleX, 1) / 2).rounded()), x0 + 1)
                    let y0 = Int((v - max(scaleY, 1) / 2).rounded()), y1 = max(Int((v + max(scaleY, 1) / 2).rounded()), y0 + 1)
                    var sum = (0.0, 0.0, 0.0, 0.0)
                    for sy in y0..<y1 {
                        for sx in x0..<x1 {
                            let p = pixel(sx, sy)
                            sum = (sum.0 + p.0, sum.1 + p.1, sum.2 + p.2, sum.3 + p.3)
                        }
                    }
                    let n = Double((x1 - x0) * (y1 - y0))
                    return (sum.0 / n, sum.1 / n, sum.2 / n, sum.3 / n)
                }
                let fx = u - 0.5, fy = v - 0.5
                let ix = Int(fx.rounded(.down)), iy = Int(fy.rounded(.down))
                let tx = fx - Double(ix), ty = fy - Double(iy)
                let a = pixel(ix, iy), b = pixel(ix + 1, iy), c = pixel(ix, iy + 1), d = pixel(ix + 1, iy + 1)
                func mix(_ p: Double, _ q: Double, _ r: Double, _ s: Double) -> Double {
                    (p * (1 - tx) + q * tx) * (1 - ty) + (r * (1 - tx) + s * tx) * ty
                }
                return (mix(a.0, b.0, c.0, d.0), mix(a.1, b.1, c.1, d.1), mix(a.2, b.2, c.2, d.2), mix(a.3, b.3, c.3, d.3))
            }
            // Scaled up (bilinear), the pixels wholly inside the clip and the image are drawn from integer taps
            // (weights in 256ths: within two levels of the Double interpolation below, which the outline's pixels
            // and scaled-down images take; a photograph differed by at most one, on 14 % of its pixels): each
            // source row the interior needs is mixed along x once, into one of two rows kept (consecutive
            // destination rows mostly share theirs), then pairs of them along y.
            let bilinear = scaleX <= 1 && scaleY <= 1
            let count = bilinear ? xs.count : 0
            let firsts = UnsafeMutableBufferPointer<Int>.allocate(capacity: count)
            let seconds = UnsafeMutableBufferPointer<Int>.allocate(capacity: count)
            let weights = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: count)
            let mixed = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: 2 * count)
            defer {
                firsts.deallocate()
                seconds.deallocate()
                weights.deallocate()
                mixed.deallocate()
            }
            for (i, x) in xs.prefix(count).enumerated() {
                let u = (Double(x) + 0.5 - target.x) * scaleX - 0.5, whole = u.rounded(.down)
                firsts[i] = Int(min(max(whole, 0), sourceWidth - 1)) * 4
                seconds[i] = Int(min(max(whole + 1, 0), sourceWidth - 1)) * 4
                weights[i] = UInt64(((u - whole) * 256).rounded())
            }
            var kept = (-1, -1)  // the source rows in mixed's two halves
            var keptColumns = 0..<0  // and the columns they were mixed for
            let alpha = UInt64((opacity * 256).rounded())
            pixels.withUnsafeMutableBufferPointer { pixels in
                guard let base = pixels.baseAddress, let sourceBase = source.baseAddress,
                      let mixedBase = mixed.baseAddress else { return }
                let words = UnsafeRawPointer(sourceBase), destination = UnsafeMutableRawPointer(base)
                /// Source row `row` mixed along x for the columns `inside` (offsets from xs), into half `half`.
                func mixRow(_ row: Int, _ inside: Range<Int>, into half: Int) {
                    let start = words + row * image.width * 4, out = mixedBase + half * count
                    for i in inside {
                        func spread(_ offset: Int) -> UInt64 {
                            let p = UInt64(start.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
                            return (p & 0xFF) | (p & 0xFF00) << 8 | (p & 0xFF_0000) << 16 | (p & 0xFF00_0000) << 24
                        }
                        out[i] = RGBAImage.mix(spread(firsts[i]), spread(seconds[i]), weights[i])
                    }
                }
                for y in ys {
                    let cy = Double(y) + 0.5
                    let inside = bilinear
                        ? clip.interior(atRow: y).clamped(to: shape.interior(atRow: y)).clamped(to: xs) : 0..<0
                    if !inside.isEmpty {
                        let v = (cy - target.y) * scaleY - 0.5, whole = v.rounded(.down)
                        let top = Int(min(max(whole, 0), sourceHeight - 1))
                        let bottom = Int(min(max(whole + 1, 0), sourceHeight - 1))
                        let down = UInt64(((v - whole) * 256).rounded())
                        let columns = inside.lowerBound - xs.lowerBound..<inside.upperBound - xs.lowerBound
                        // Rows mixed for an earlier destination row are reused only if they cover these columns;
                        // within one image the interior's columns change only in the rounded corners' rows.
                        let sameColumns = columns == keptColumns
                        let topHalf = sameColumns && kept.0 == top ? 0 : sameColumns && kept.1 == top ? 1 : -1
                        let upper = topHalf >= 0 ? topHalf : (sameColumns && kept.0 == bottom ? 1 : 0)
                        if topHalf < 0 {
                            mixRow(top, columns, into: upper)
                            if upper == 0 { kept.0 = top } else { kept.1 = top }
                        }
                        let lower = 1 - upper
                        if (lower == 0 ? kept.0 : kept.1) != bottom || !sameColumns {
                            mixRow(bottom, columns, into: lower)
                            if lower == 0 { kept.0 = bottom } else { kept.1 = bottom }
                        }
                        keptColumns = columns
                        let upperRow = mixedBase + upper * count, lowerRow = mixedBase + lower * count
                        for i in columns {
                            var lanes = RGBAImage.mix(upperRow[i], lowerRow[i], down)
                            if alpha < 256 {
                                lanes = (lanes &* alpha &+ 0x0080_0080_0080_0080) >> 8 & 0x00FF_00FF_00FF_00FF
                            }
                            let color = UInt32(truncatingIfNeeded: lanes & 0xFF | lanes >> 8 & 0xFF00
                                               | lanes >> 16 & 0xFF_0000 | lanes >> 24 & 0xFF00_0000)
                            let at = (y * width + xs.lowerBound + i) * 4
                            let under = destination.loadUnaligned(fromByteOffset: at, as: UInt32.self)
                            destination.storeBytes(of: RGBAImage.over(color, under), toByteOffset: at, as: UInt32.self)
                        }
                    }
                    for x in xs where !inside.contains(x) {
                        let cx = Double(x) + 0.5
                        let amount = min(clip.coverage(cx, cy), shape.coverage(cx, cy)) * opacity
                        guard amount > 0 else { continue }
                        let color = sample(cx, cy)
                        let i = (y * width + x) * 4
                        let sourceAlpha = color.3 * amount
                        let keep = 1 - sourceAlpha / 255
                        pixels[i] = UInt8(min(255, (color.0 * amount + Double(pixels[i]) * keep).rounded()))
                        pixels[i + 1] = UInt8(min(255, (color.1 * amount + Double(pixels[i + 1]) * keep).rounded()))
                        pixels[i + 2] = UInt8(min(255, (color.2 * amount + Double(pixels[i + 2]) * keep).rounded()))
                        pixels[i + 3] = UInt8(min(255, (sourceAlpha + Double(pixels[i + 3]) * keep).rounded()))
                    }
                }
            }
        }
    }
}
