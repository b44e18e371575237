/// Two renders of one thing compared pixel by pixel, for golden-image checks.
public enum ImageDiff {
    /// The pixels that differ between `old` and `new` (pixels outside the smaller one count as differing).
    public static func differingPixels(_ old: RGBAImage, _ new: RGBAImage) -> Int {
        let width = max(old.width, new.width), height = max(old.height, new.height)
        var count = 0
        for y in 0..<height {
            for x in 0..<width where pixel(old, x, y) != pixel(new, x, y) { count += 1 }
        }
        return count
    }

    /// `old`, `new` and their difference side by side on white, 8 pixels apart: the third panel shows `new` faded,
    /// with every differing pixel in red.
    public static func sideBySide(_ old: RGBAImage, _ new: RGBAImage) -> RGBAImage {
        let gap = 8
        let panel = max(old.width, new.width)
        let height = max(old.height, new.height)
        var out = RGBAImage(width: old.width + new.width + panel + 2 * gap, height: height, background: .white)
        func put(_ value: (UInt8, UInt8, UInt8, UInt8), _ x: Int, _ y: Int) {
            // Over white: premultiplied source-over, then opaque.
            let i = (y * out.width + x) * 4
            let a = Int(value.3)
            out.pixels[i] = UInt8(Int(value.0) + 255 - a)
            out.pixels[i + 1] = UInt8(Int(value.1) + 255 - a)
            out.pixels[i + 2] = UInt8(Int(value.2) + 255 - a)
            out.pixels[i + 3] = 255
        }
        for y in 0..<height {
            for x in 0..<old.width where y < old.height { put(pixel(old, x, y), x, y) }
            for x in 0..<new.width where y < new.height { put(pixel(new, x, y), old.width + gap + x, y) }
            for x in 0..<panel {
                let a = pixel(old, x, y), b = pixel(new, x, y)
                let faded = (UInt8(Int(b.0) / 4), UInt8(Int(b.1) / 4), UInt8(Int(b.2) / 4), UInt8(Int(b.3) / 4))
                put(a == b ? faded : (255, 0, 0, 255), old.width + new.width + 2 * gap + x, y)
            }
        }
        return out
    }

    /// A pixel's premultiplied channels, transparent outside the image.
    private static func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        guard x < image.width, y < image.height else { return (0, 0, 0, 0) }
        let p = image[x, y]
        return (p.red, p.green, p.blue, p.alpha)
    }
}
