/// Images composited onto images through a soft mask or a turn (``Drawing``'s soft masks and turned groups).
extension RGBAImage {
    /// Every pixel multiplied by `mask`'s at the same place (an image of the same size): by its alpha, or with
    /// `luminance` by 0.2126 R + 0.7152 G + 0.0722 B of its premultiplied sRGB (its luminance times its alpha).
    mutating func mask(by mask: RGBAImage, luminance: Bool) {
        guard mask.width == width, mask.height == height else { return }
        let count = width * height
        mask.pixels.withUnsafeBufferPointer { shape in
            withPixels(inkIsGray: false) { bytes in
                for pixel in 0..<count {
                    let i = pixel * 4
                    let factor = luminance
                        ? (0.2126 * Double(shape[i]) + 0.7152 * Double(shape[i + 1]) + 0.0722 * Double(shape[i + 2])) / 255
                        : Double(shape[i + 3]) / 255
                    guard factor < 1 else { continue }
                    for channel in 0..<4 {
                        bytes[i + channel] = UInt8(min(max((Double(bytes[i + channel]) * factor).rounded(), 0), 255))
                    }
                }
            }
        }
    }

    /// Draws `image` through `turn` (a turn about a point, in pixels of this image), source-over: unturned, its
    /// top-left corner would be at `origin` (pixels). Each pixel it covers takes the turned image's color at its
    /// center, interpolated bilinearly between the four nearest pixels (outside the image: transparent).
    mutating func draw(_ image: RGBAImage, at origin: Point, through turn: AffineTransform) {
        guard let back = turn.inverted else { return }
        let covered = turn.bounds(of: Rect(x: origin.x, y: origin.y, width: Double(image.width),
                                           height: Double(image.height)))
        let xs = Range(pixelsFrom: covered.x, upTo: covered.maxX).clamped(to: 0..<width)
        let ys = Range(pixelsFrom: covered.y, upTo: covered.maxY).clamped(to: 0..<height)
        guard !xs.isEmpty, !ys.isEmpty else { return }
        let sourceWidth = image.width, sourceHeight = image.height, width = self.width
        image.pixels.withUnsafeBufferPointer { source in
            withPixels(inkIsGray: false) { pixels in
                /// The source's premultiplied pixel, transparent outside it.
                func at(_ x: Int, _ y: Int) -> SIMD4<Double> {
                    guard x >= 0, y >= 0, x < sourceWidth, y < sourceHeight else { return .zero }
                    let i = (y * sourceWidth + x) * 4
                    return SIMD4(Double(source[i]), Double(source[i + 1]), Double(source[i + 2]), Double(source[i + 3]))
                }
                for row in ys {
                    for column in xs {
                        // Where this pixel's center was before the turn, in the source's pixels (centers at .5).
                        let before = back.apply(Point(x: Double(column) + 0.5, y: Double(row) + 0.5))
                        let sx = before.x - origin.x - 0.5, sy = before.y - origin.y - 0.5
                        let x0 = Int(sx.rounded(.down)), y0 = Int(sy.rounded(.down))
                        guard x0 >= -1, y0 >= -1, x0 < sourceWidth, y0 < sourceHeight else { continue }
                        let fx = sx - Double(x0), fy = sy - Double(y0)
                        let top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx
                        let bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx
                        let color = top * (1 - fy) + bottom * fy
                        guard color[3] > 0 else { continue }
                        let keep = 1 - color[3] / 255, i = (row * width + column) * 4
                        for channel in 0..<4 {
                            let value = color[channel] + Double(pixels[i + channel]) * keep
                            pixels[i + channel] = UInt8(min(max(value.rounded(), 0), 255))
                        }
                    }
                }
            }
        }
    }
}
