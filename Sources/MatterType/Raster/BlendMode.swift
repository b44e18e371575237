import Foundation

/// How a group's colors mix with what is below it (CSS `mix-blend-mode`, Figma's layer blend modes), by the
/// formulas of W3C Compositing and Blending Level 1: the blended color B(backdrop, source), unpremultiplied, takes
/// the place of the source where both are there, and source-over compositing does the rest.
///
/// In JSON, the CSS name: `"multiply"`, `"color-dodge"`, `"linear-burn"`.
public enum BlendMode: String, NamedChoice, CaseIterable, Sendable, Hashable, Codable {
    /// The source over the backdrop.
    case normal
    /// Backdrop × source: never lighter.
    case multiply
    /// The inverse of multiplying the inverses: never darker.
    case screen
    /// Multiply or screen by the backdrop's color (hard light with the two swapped).
    case overlay
    /// The darker of the two, channel by channel.
    case darken
    /// The lighter of the two, channel by channel.
    case lighten
    /// The backdrop brightened to reflect the source.
    case colorDodge = "color-dodge"
    /// The backdrop darkened to reflect the source.
    case colorBurn = "color-burn"
    /// Multiply or screen by the source's color.
    case hardLight = "hard-light"
    /// Darken or lighten by the source's color, softly.
    case softLight = "soft-light"
    /// The difference of the two, channel by channel.
    case difference
    /// As difference, with less contrast.
    case exclusion
    /// The source's hue with the backdrop's saturation and luminosity.
    case hue
    /// The source's saturation with the backdrop's hue and luminosity.
    case saturation
    /// The source's hue and saturation with the backdrop's luminosity.
    case color
    /// The source's luminosity with the backdrop's hue and saturation.
    case luminosity
    /// Backdrop + source − 1, not below 0 (Figma's linear burn; CSS's plus-darker). SVG and PDF have no such mode
    /// and draw it as normal.
    case linearBurn = "linear-burn"
    /// Backdrop + source, not above 1 (Figma's linear dodge; CSS's plus-lighter). SVG and PDF have no such mode
    /// and draw it as normal.
    case linearDodge = "linear-dodge"

    /// A separable mode's B(cb, cs) for one channel (0…1).
    private func separable(_ cb: Float, _ cs: Float) -> Float {
        func multiply(_ a: Float, _ b: Float) -> Float { a * b }
        func screen(_ a: Float, _ b: Float) -> Float { a + b - a * b }
        func hardLight(_ cb: Float, _ cs: Float) -> Float {
            cs <= 0.5 ? multiply(cb, 2 * cs) : screen(cb, 2 * cs - 1)
        }
        switch self {
        case .multiply: return multiply(cb, cs)
        case .screen: return screen(cb, cs)
        case .overlay: return hardLight(cs, cb)
        case .darken: return min(cb, cs)
        case .lighten: return max(cb, cs)
        case .colorDodge: return cb == 0 ? 0 : (cs >= 1 ? 1 : min(1, cb / (1 - cs)))
        case .colorBurn: return cb >= 1 ? 1 : (cs <= 0 ? 0 : 1 - min(1, (1 - cb) / cs))
        case .hardLight: return hardLight(cb, cs)
        case .softLight:
            if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
            let dcb = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
            return cb + (2 * cs - 1) * (dcb - cb)
        case .difference: return abs(cb - cs)
        case .exclusion: return cb + cs - 2 * cb * cs
        case .linearBurn: return max(0, cb + cs - 1)
        case .linearDodge: return min(1, cb + cs)
        case .normal, .hue, .saturation, .color, .luminosity: return cs
        }
    }

    /// The blended color B(cb, cs) of the backdrop's and the source's unpremultiplied colors.
    func blended(_ cb: SIMD3<Float>, _ cs: SIMD3<Float>) -> SIMD3<Float> {
        switch self {
        case .hue: Self.withLuminosity(Self.withSaturation(cs, Self.saturation(cb)), Self.luminosity(cb))
        case .saturation: Self.withLuminosity(Self.withSaturation(cb, Self.saturation(cs)), Self.luminosity(cb))
        case .color: Self.withLuminosity(cs, Self.luminosity(cb))
        case .luminosity: Self.withLuminosity(cb, Self.luminosity(cs))
        default: SIMD3(separable(cb.x, cs.x), separable(cb.y, cs.y), separable(cb.z, cs.z))
        }
    }

    /// `s` composited onto `d` (both premultiplied, 0…1) in this mode: co = cs (1 − αb) + cb (1 − αs) +
    /// αs αb B(Cb, Cs), αo = αs + αb (1 − αs).
    func composite(_ s: SIMD4<Float>, onto d: SIMD4<Float>) -> SIMD4<Float> {
        let sa = s.w, da = d.w
        let cs = sa > 0 ? SIMD3(s.x, s.y, s.z) / sa : .zero
        let cb = da > 0 ? SIMD3(d.x, d.y, d.z) / da : .zero
        let color = SIMD3(s.x, s.y, s.z) * (1 - da) + SIMD3(d.x, d.y, d.z) * (1 - sa) + blended(cb, cs) * (sa * da)
        return SIMD4(color, sa + da - sa * da)
    }

    private static func luminosity(_ c: SIMD3<Float>) -> Float { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

    private static func saturation(_ c: SIMD3<Float>) -> Float { c.max() - c.min() }

    private static func withLuminosity(_ c: SIMD3<Float>, _ l: Float) -> SIMD3<Float> {
        let moved = c + (l - luminosity(c))
        let lum = luminosity(moved), lowest = moved.min(), highest = moved.max()
        var clipped = moved
        if lowest < 0, lum - lowest > 0 { clipped = lum + (clipped - lum) * lum / (lum - lowest) }
        if highest > 1, highest - lum > 0 { clipped = lum + (clipped - lum) * (1 - lum) / (highest - lum) }
        return clipped
    }

    private static func withSaturation(_ c: SIMD3<Float>, _ s: Float) -> SIMD3<Float> {
        let lowest = c.min(), highest = c.max()
        guard highest > lowest else { return .zero }
        return (c - lowest) * s / (highest - lowest)
    }
}

extension RGBAImage {
    /// Composites `image` (premultiplied, the same size as this one) onto this image, its colors blended with
    /// what is below as `mode` says (``BlendMode/composite(_:onto:)``).
    mutating func draw(_ image: RGBAImage, blendMode mode: BlendMode) {
        guard mode != .normal else { return draw(image, atX: 0, y: 0) }
        guard image.width == width, image.height == height else { return }
        let source = image.pixels, count = width * height * 4
        pixels.withUnsafeMutableBufferPointer { pixels in
            for index in stride(from: 0, to: count, by: 4) {
                guard source[index + 3] > 0 else { continue }
                func color(_ bytes: (Int) -> UInt8) -> SIMD4<Float> {
                    SIMD4(Float(bytes(index)), Float(bytes(index + 1)), Float(bytes(index + 2)),
                          Float(bytes(index + 3))) / 255
                }
                let out = mode.composite(color { source[$0] }, onto: color { pixels[$0] })
                for channel in 0..<4 {
                    pixels[index + channel] = UInt8((min(max(out[channel], 0), 1) * 255).rounded())
                }
            }
        }
    }
}
