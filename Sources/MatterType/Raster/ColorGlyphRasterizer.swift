import Foundation

/// Draws a COLRv1 ``ColorGlyph`` into a premultiplied RGBA ``GlyphBitmap``: the whole paint graph — solid
/// fills, linear, radial (two-point conical) and sweep gradients with pad, repeat and reflect, glyph and clip-box
/// clipping, transforms and PaintComposite in every mode — in premultiplied float RGBA, each clipping outline
/// anti-aliased by the exact area it covers of each pixel (nonzero winding), as Skia draws COLRv1 for Chrome.
///
/// Gradients interpolate unpremultiplied colors (as Skia does for COLRv1); colors are palette indices resolved
/// against the chosen CPAL palette, index 0xFFFF taking the text color.
struct ColorGlyphRasterizer {
    /// The bitmap's size in pixels.
    let width: Int
    let height: Int
    /// The palette's colors, and the text color for index 0xFFFF.
    let palette: [Color]
    let foreground: Color

    /// The largest color glyph bitmap drawn, in pixels (a hostile clip box cannot ask for more).
    static let maximumPixelCount = 4096 * 4096

    /// `glyph` at `pixelSize` pixels per em, its pen `subpixel` quarter pixels right of a pixel edge, slanted
    /// by `slant` (a synthesized italic's shear), in `palette` with `foreground` as the text color. Empty when
    /// it draws nothing or would be larger than ``maximumPixelCount``.
    static func render(_ glyph: ColorGlyph, pixelSize: Double, subpixel: UInt8, slant: Double, palette: [Color],
                       foreground: Color) -> GlyphBitmap {
        guard !glyph.paint.isEmpty, glyph.unitsPerEm > 0, let bounds = glyph.bounds else { return .empty }
        let scale = pixelSize / Double(glyph.unitsPerEm)
        // Font units (y up) to pixels from the pen (y down).
        let pen = AffineTransform(a: scale, b: 0, c: scale * slant, d: -scale, tx: Double(subpixel) / 4, ty: 0)
        let box = bounds.transformed(by: pen)
        // A glyph's ink stays within a few ems of its pen; a box beyond that is a font's mistake or an attack.
        let reach = pixelSize * 4 + 16
        let left = Int(max(-reach, box.minX).rounded(.down)), right = Int(min(reach, box.maxX).rounded(.up))
        let top = Int(max(-reach, box.minY).rounded(.down)), bottom = Int(min(reach, box.maxY).rounded(.up))
        let width = right - left, height = bottom - top
        guard width > 0, height > 0, width * height <= maximumPixelCount else { return .empty }
        let root = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: Double(-left), ty: Double(-top)).concatenating(pen)
        let rasterizer = ColorGlyphRasterizer(width: width, height: height, palette: palette, foreground: foreground)
        var layer = [SIMD4<Float>](repeating: .zero, count: width * height)
        let clip = glyph.clipBox.map { rasterizer.coverage(of: $0, transform: root) }
        rasterizer.draw(glyph.paint, transform: root, clip: clip, into: &layer)
        return GlyphBitmap(left: left, top: -top, width: width, height: height, isColor: true) { pixels, pitch in
            for y in 0..<height {
                for x in 0..<width {
                    let p = layer[y * width + x]
                    let alpha = min(max(p.w, 0), 1)
                    let out = pixels + y * pitch + x * 4
                    out[0] = UInt8((min(max(p.x, 0), alpha) * 255).rounded())
                    out[1] = UInt8((min(max(p.y, 0), alpha) * 255).rounded())
                    out[2] = UInt8((min(max(p.z, 0), alpha) * 255).rounded())
                    out[3] = UInt8((alpha * 255).rounded())
                }
            }
        }
    }

    /// Draws `paint` under `transform` (font units to bitmap pixels) into `layer`, source-over, within `clip`
    /// (a coverage per pixel; `nil`: everywhere).
    func draw(_ paint: ColorPaint, transform: AffineTransform, clip: [Float]?, into layer: inout [SIMD4<Float>]) {
        switch paint {
        case .layers(let layers):
            for child in layers { draw(child, transform: transform, clip: clip, into: &layer) }
        case .solid, .linear, .radial, .sweep:
            fill(paint, transform: transform, clip: clip, into: &layer)
        case .glyph(let outline, let child):
            draw(child, transform: transform, clip: intersect(coverage(of: outline, transform: transform), clip),
                 into: &layer)
        case .clip(let box, let child):
            draw(child, transform: transform, clip: intersect(coverage(of: box, transform: transform), clip),
                 into: &layer)
        case .transform(let matrix, let child):
            draw(child, transform: transform.concatenating(matrix), clip: clip, into: &layer)
        case .composite(let source, let mode, let backdrop):
            var below = [SIMD4<Float>](repeating: .zero, count: layer.count)
            draw(backdrop, transform: transform, clip: clip, into: &below)
            var above = [SIMD4<Float>](repeating: .zero, count: layer.count)
            draw(source, transform: transform, clip: clip, into: &above)
            for i in layer.indices {
                let result = Self.composite(above[i], onto: below[i], mode: mode)
                layer[i] = result + layer[i] * (1 - result.w)
            }
        }
    }

    private func intersect(_ mask: [Float], _ clip: [Float]?) -> [Float] {
        guard let clip else { return mask }
        var mask = mask
        for i in mask.indices { mask[i] *= clip[i] }
        return mask
    }

    /// Fills the clip (everything without one) with a solid color or gradient, source-over.
    private func fill(_ paint: ColorPaint, transform: AffineTransform, clip: [Float]?,
                      into layer: inout [SIMD4<Float>]) {
        guard let shader = Shader(paint, transform: transform, rasterizer: self) else { return }
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width + x
                let coverage = clip?[i] ?? 1
                guard coverage > 0 else { continue }
                let color = shader.color(atX: Double(x) + 0.5, y: Double(y) + 0.5) * coverage
                layer[i] = color + layer[i] * (1 - color.w)
            }
        }
    }

    /// A palette color, premultiplied, 0…1 (an index past the palette: transparent).
    func resolve(_ color: PaletteColor) -> SIMD4<Float> {
        guard let entry = color.entry(in: palette, foreground: foreground) else { return .zero }
        let alpha = Float(entry.alpha) / 255 * Float(color.alpha)
        return SIMD4(Float(entry.red) / 255 * alpha, Float(entry.green) / 255 * alpha, Float(entry.blue) / 255 * alpha,
                     alpha)
    }

    // MARK: Coverage

    /// The area of each pixel inside `box` under `transform`.
    func coverage(of box: FontBox, transform: AffineTransform) -> [Float] {
        let corners = box.corners
        var segments: [GlyphOutline.Segment] = [.move(to: corners[0])]
        for corner in corners.dropFirst() { segments.append(.line(to: corner)) }
        segments.append(.close)
        return coverage(of: GlyphOutline(segments: segments, unitsPerEm: 1), transform: transform)
    }

    /// The area of each pixel inside `outline` under `transform` (nonzero winding, 0…1).
    func coverage(of outline: GlyphOutline, transform: AffineTransform) -> [Float] {
        PathCoverage(width: width, height: height).coverage(of: outline.segments, transform: transform)
    }

    // MARK: Compositing

    /// `source` composited onto `backdrop` (both premultiplied) in `mode`: Porter-Duff as in COLRv1, the blend
    /// modes as W3C Compositing and Blending Level 1 defines them.
    static func composite(_ s: SIMD4<Float>, onto d: SIMD4<Float>, mode: CompositeMode) -> SIMD4<Float> {
        let sa = s.w, da = d.w
        switch mode {
        case .clear: return .zero
        case .source: return s
        case .destination: return d
        case .sourceOver: return s + d * (1 - sa)
        case .destinationOver: return d + s * (1 - da)
        case .sourceIn: return s * da
        case .destinationIn: return d * sa
        case .sourceOut: return s * (1 - da)
        case .destinationOut: return d * (1 - sa)
        case .sourceAtop: return s * da + d * (1 - sa)
        case .destinationAtop: return d * sa + s * (1 - da)
        case .xor: return s * (1 - da) + d * (1 - sa)
        case .plus: return (s + d).replacing(with: SIMD4(repeating: 1), where: s + d .> 1)
        default: break
        }
        // Blend modes: B of the unpremultiplied colors, weighted by the overlap.
        return (mode.blendMode ?? .normal).composite(s, onto: d)
    }
}

/// A solid color or gradient at each pixel: the paint's geometry brought into pixel space by inverting the
/// transform, its color line's stops premultiplied.
private struct Shader {
    private enum Kind {
        case uniform(SIMD4<Float>)
        /// t = dot(p − p0, normal) for the paint space point p.
        case linear(p0: Point, normal: Point)
        case radial(c0: Point, r0: Double, dc: Point, dr: Double)
        case sweep(center: Point, start: Double, end: Double)
    }

    private let kind: Kind
    /// Pixel space to paint space.
    private let inverse: AffineTransform
    private let extend: ColorLine.Extend
    private let offsets: [Double]
    private let colors: [SIMD4<Float>]

    /// `nil` when it paints nothing: no stops, or a transform that flattens the paint.
    init?(_ paint: ColorPaint, transform: AffineTransform, rasterizer: ColorGlyphRasterizer) {
        guard let inverse = transform.inverted else { return nil }
        self.inverse = inverse
        var line = ColorLine(extend: .pad, stops: [])
        switch paint {
        case .solid(let color):
            kind = .uniform(rasterizer.resolve(color))
        case .linear(let p0, let p1, let p2, let colorLine):
            // Lines of equal color run along p0→p2: t grows along its normal, reaching 1 at p1.
            let along = Point(x: p2.x - p0.x, y: p2.y - p0.y)
            var normal = Point(x: along.y, y: -along.x)
            let reach = (p1.x - p0.x) * normal.x + (p1.y - p0.y) * normal.y
            guard reach != 0, reach.isFinite else { return nil }
            normal = Point(x: normal.x / reach, y: normal.y / reach)
            kind = .linear(p0: p0, normal: normal)
            line = colorLine
        case .radial(let c0, let r0, let c1, let r1, let colorLine):
            kind = .radial(c0: c0, r0: r0, dc: Point(x: c1.x - c0.x, y: c1.y - c0.y), dr: r1 - r0)
            line = colorLine
        case .sweep(let center, let start, let end, let colorLine):
            // Start and end angles that coincide: repeat and reflect have no span to repeat, and Skia draws them
            // as nothing (Google's sweep_coincident_angles_* test glyphs); pad is a hard edge at the angle.
            if start == end, colorLine.extend != .pad { return nil }
            kind = .sweep(center: center, start: start, end: end)
            line = colorLine
        default:
            return nil
        }
        extend = line.extend
        offsets = line.stops.map(\.offset)
        colors = line.stops.map { stop in
            let c = rasterizer.resolve(stop.color)  // premultiplied: kept unpremultiplied for interpolation
            return c.w > 0 ? SIMD4(c.x / c.w, c.y / c.w, c.z / c.w, c.w) : .zero
        }
        if case .uniform = kind {} else if colors.isEmpty { return nil }
    }

    /// The premultiplied color at pixel (`x`, `y`).
    func color(atX x: Double, y: Double) -> SIMD4<Float> {
        let p = inverse.apply(Point(x: x, y: y))
        switch kind {
        case .uniform(let color):
            return color
        case .linear(let p0, let normal):
            return color(at: (p.x - p0.x) * normal.x + (p.y - p0.y) * normal.y)
        case .radial(let c0, let r0, let dc, let dr):
            // The largest t with r(t) ≥ 0 whose circle passes through p: a·t² − 2b·t + c = 0.
            let px = p.x - c0.x, py = p.y - c0.y
            let a = dc.x * dc.x + dc.y * dc.y - dr * dr
            let b = px * dc.x + py * dc.y + r0 * dr
            let c = px * px + py * py - r0 * r0
            var t: Double
            if abs(a) < 1e-9 {
                guard b != 0 else { return .zero }
                t = c / (2 * b)
            } else {
                let discriminant = b * b - a * c
                guard discriminant >= 0 else { return .zero }
                let root = discriminant.squareRoot()
                let t1 = (b + root) / a, t2 = (b - root) / a
                t = max(t1, t2)
                if r0 + t * dr < 0 { t = min(t1, t2) }
            }
            guard r0 + t * dr >= 0 else { return .zero }
            return color(at: t)
        case .sweep(let center, let start, let end):
            var angle = atan2(p.y - center.y, p.x - center.x) * 180 / .pi
            if angle < 0 { angle += 360 }
            guard end != start else { return color(at: angle < start ? -.infinity : .infinity) }
            return color(at: (angle - start) / (end - start))
        }
    }

    /// The premultiplied color at `t` on the color line, extended past its first and last stops.
    private func color(at t: Double) -> SIMD4<Float> {
        let c = unpremultipliedColor(at: t)
        return SIMD4(c.x * c.w, c.y * c.w, c.z * c.w, c.w)
    }

    /// The color at `t`, interpolated between unpremultiplied stops (as Skia interpolates COLRv1 color lines).
    private func unpremultipliedColor(at t: Double) -> SIMD4<Float> {
        guard let first = offsets.first, let last = offsets.last else { return .zero }
        guard last > first else { return t < first ? colors[0] : colors[colors.count - 1] }
        guard t.isFinite else { return t < 0 ? colors[0] : colors[colors.count - 1] }
        var u = (t - first) / (last - first)
        switch extend {
        case .pad: u = min(1, max(0, u))
        case .repeat: u -= u.rounded(.down)
        case .reflect:
            u = u.truncatingRemainder(dividingBy: 2)
            if u < 0 { u += 2 }
            if u > 1 { u = 2 - u }
        }
        let offset = first + u * (last - first)
        if offset <= first { return colors[0] }
        var index = 1
        while index < offsets.count - 1, offsets[index] < offset { index += 1 }
        let span = offsets[index] - offsets[index - 1]
        let f = Float(span > 0 ? (offset - offsets[index - 1]) / span : 1)
        return colors[index - 1] + (colors[index] - colors[index - 1]) * f
    }
}
