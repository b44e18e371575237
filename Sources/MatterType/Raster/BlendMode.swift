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

    /// The blended channel for separable modes, from the backdrop's `b` and the source's `s` (0…1).
    @inline(__always)
    private func channel(_ b: Double, _ s: Double) -> Double {
        switch self {
        case .multiply: return b * s
        case .screen: return b + s - b * s
        case .overlay: return BlendMode.hardLight.channel(s, b)
        case .darken: return min(b, s)
        case .lighten: return max(b, s)
        case .colorDodge: return b <= 0 ? 0 : s >= 1 ? 1 : min(1, b / (1 - s))
        case .colorBurn: return b >= 1 ? 1 : s <= 0 ? 0 : 1 - min(1, (1 - b) / s)
        case .hardLight: return s <= 0.5 ? b * 2 * s : BlendMode.screen.channel(b, 2 * s - 1)
        case .softLight:
            if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
            let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
            return b + (2 * s - 1) * (d - b)
        case .difference: return abs(b - s)
        case .exclusion: return b + s - 2 * b * s
        case .linearBurn: return max(0, b + s - 1)
        case .linearDodge: return min(1, b + s)
        case .normal, .hue, .saturation, .color, .luminosity: return s
        }
    }

    /// The blended color B(backdrop, source), unpremultiplied (0…1 a channel).
    func blend(_ b: (Double, Double, Double), _ s: (Double, Double, Double)) -> (Double, Double, Double) {
        func lum(_ c: (Double, Double, Double)) -> Double { 0.3 * c.0 + 0.59 * c.1 + 0.11 * c.2 }
        func clip(_ c: (Double, Double, Double)) -> (Double, Double, Double) {
            let l = lum(c), low = min(c.0, c.1, c.2), high = max(c.0, c.1, c.2)
            var c = c
            if low < 0, l - low > 0 {
                c = (l + (c.0 - l) * l / (l - low), l + (c.1 - l) * l / (l - low), l + (c.2 - l) * l / (l - low))
            }
            if high > 1, high - l > 0 {
                c = (l + (c.0 - l) * (1 - l) / (high - l), l + (c.1 - l) * (1 - l) / (high - l),
                     l + (c.2 - l) * (1 - l) / (high - l))
            }
            return c
        }
        func withLum(_ c: (Double, Double, Double), _ l: Double) -> (Double, Double, Double) {
            let d = l - lum(c)
            return clip((c.0 + d, c.1 + d, c.2 + d))
        }
        func sat(_ c: (Double, Double, Double)) -> Double { max(c.0, c.1, c.2) - min(c.0, c.1, c.2) }
        func withSat(_ c: (Double, Double, Double), _ s: Double) -> (Double, Double, Double) {
            let low = min(c.0, c.1, c.2), high = max(c.0, c.1, c.2)
            guard high > low else { return (0, 0, 0) }
            func scaled(_ v: Double) -> Double { (v - low) * s / (high - low) }
            return (scaled(c.0), scaled(c.1), scaled(c.2))
        }
        switch self {
        case .hue: return withLum(withSat(s, sat(b)), lum(b))
        case .saturation: return withLum(withSat(b, sat(s)), lum(b))
        case .color: return withLum(s, lum(b))
        case .luminosity: return withLum(b, lum(s))
        default: return (channel(b.0, s.0), channel(b.1, s.1), channel(b.2, s.2))
        }
    }
}

extension RGBAImage {
    /// Composites `image` (premultiplied, the same size as this one) onto this image, its colors blended with
    /// what is below as `mode` says: co = cs (1 − αb) + cb (1 − αs) + αs αb B(Cb, Cs),
    /// αo = αs + αb (1 − αs).
    mutating func draw(_ image: RGBAImage, blendMode mode: BlendMode) {
        guard mode != .normal else { return draw(image, atX: 0, y: 0) }
        guard image.width == width, image.height == height else { return }
        let source = image.pixels, count = width * height * 4
        pixels.withUnsafeMutableBufferPointer { pixels in
            for index in stride(from: 0, to: count, by: 4) {
                let sa = Double(source[index + 3]) / 255
                guard sa > 0 else { continue }
                let ba = Double(pixels[index + 3]) / 255
                let s = (Double(source[index]) / 255, Double(source[index + 1]) / 255, Double(source[index + 2]) / 255)
                let b = (Double(pixels[index]) / 255, Double(pixels[index + 1]) / 255, Double(pixels[index + 2]) / 255)
                // Unpremultiplied where both are there, for B.
                let mixed = ba > 0 ? mode.blend((b.0 / ba, b.1 / ba, b.2 / ba), (s.0 / sa, s.1 / sa, s.2 / sa))
                    : (0, 0, 0)
                func out(_ cs: Double, _ cb: Double, _ blended: Double) -> UInt8 {
                    let value = cs * (1 - ba) + cb * (1 - sa) + sa * ba * min(max(blended, 0), 1)
                    return UInt8(min(max(value * 255, 0), 255).rounded())
                }
                pixels[index] = out(s.0, b.0, mixed.0)
                pixels[index + 1] = out(s.1, b.1, mixed.1)
                pixels[index + 2] = out(s.2, b.2, mixed.2)
                pixels[index + 3] = UInt8(min(max((sa + ba * (1 - sa)) * 255, 0), 255).rounded())
            }
        }
    }
}
