/// A COLRv1 glyph as SVG and PDF draw it exactly: groups, clips, transforms, solid fills and linear or radial
/// gradients, in font units (y up), with its palette colors resolved. The vector writers draw a glyph this way
/// when ``init(_:palette:foreground:slant:format:)`` can express it, and embed it as an image when it cannot
/// (sweep gradients, composite modes other than source-over, gradients the format would draw differently).
struct VectorColorGlyph: Sendable {
    /// One node of the drawing.
    indirect enum Node: Sendable {
        /// Children drawn bottom first, each over the ones before.
        case group([Node])
        /// `node` clipped to an outline (nonzero winding).
        case clip(GlyphOutline, Node)
        /// `node` clipped to a box.
        case clipBox(FontBox, Node)
        /// `node` under an affine transform.
        case transform(AffineTransform, Node)
        /// Fills the clip region: everything the enclosing clips let through, within ``VectorColorGlyph/bounds``.
        case fill(Fill)
    }

    /// A fill: one color or a gradient.
    enum Fill: Sendable {
        case solid(Color)
        /// A linear gradient: offset 0 at `start`, 1 at `end`, lines of equal color perpendicular to the two.
        case linear(start: Point, end: Point, Gradient)
        /// A radial gradient from the focal circle (offset 0) to the outer circle (offset 1), the focal circle
        /// inside the outer one (where SVG 1.1, SVG 2, PDF and HTML canvas agree on what is drawn).
        case radial(focus: Point, focusRadius: Double, center: Point, radius: Double, Gradient)
    }

    /// A gradient's stops, offsets within 0…1 in order, and how it extends past them.
    struct Gradient: Sendable {
        var stops: [GradientStop]
        var extend: ColorLine.Extend
    }

    /// What a vector format draws exactly beyond solid fills, source-over and pad gradients of opaque stops.
    struct Format: Sendable {
        /// Whether gradients may repeat or reflect (SVG `spreadMethod`); PDF shadings only pad.
        var spreads: Bool
        /// Whether a gradient's stops may differ in opacity (SVG `stop-opacity`); a PDF shading has no alpha, so
        /// its stops must share one, drawn as the fill's opacity.
        var mixedOpacityStops: Bool

        static let svg = Format(spreads: true, mixedOpacityStops: true)
        static let pdf = Format(spreads: false, mixedOpacityStops: false)
    }

    /// The drawing, root first.
    let root: Node
    /// The box (font units, around the slant) the drawing stays within and a fill outside any outline covers: the
    /// glyph's clip box or clipping outlines, as ``ColorGlyphRasterizer`` bounds its bitmap.
    let bounds: FontBox

    /// `glyph` in `palette`, index 0xFFFF in `foreground`, sheared by `slant` (a synthesized italic); `nil` when
    /// `format` cannot draw it exactly or it draws nothing.
    init?(_ glyph: ColorGlyph, palette: [Color], foreground: Color, slant: Double, format: Format) {
        guard !glyph.paint.isEmpty, let bounds = glyph.bounds else { return nil }
        let converter = Converter(palette: palette, foreground: foreground, format: format)
        guard var root = converter.node(glyph.paint) else { return nil }
        if let clipBox = glyph.clipBox { root = .clipBox(clipBox, root) }
        if slant != 0 {
            let shear = AffineTransform(a: 1, b: 0, c: slant, d: 1, tx: 0, ty: 0)
            root = .transform(shear, root)
            self.bounds = bounds.transformed(by: shear)
        } else {
            self.bounds = bounds
        }
        self.root = root
    }

    /// `glyph` of `face` in CPAL palette `palette`, index 0xFFFF in `foreground`, with the face's synthesized
    /// slant, its palettes read with `faces`: how the vector writers draw a COLRv1 glyph; `nil` when `format`
    /// cannot draw it exactly.
    init?(_ glyph: ColorGlyph, of face: FontFace, palette: Int, foreground: Color, format: Format, faces: RasterFaces) {
        self.init(glyph, palette: faces.paletteColors(palette, of: face), foreground: foreground,
                  slant: face.synthetic.italic ? RasterFace.syntheticSlant : 0, format: format)
    }

    /// The fill `node` reduces to under a chain of transforms (their product, the outermost first); `nil` when
    /// it holds anything else. A clip around such a chain is drawn as its outline filled directly.
    static func fill(under node: Node) -> (Fill, AffineTransform)? {
        switch node {
        case .fill(let fill):
            return (fill, .identity)
        case .transform(let matrix, let child):
            guard let (fill, inner) = self.fill(under: child) else { return nil }
            return (fill, matrix.concatenating(inner))
        default:
            return nil
        }
    }

    /// `bounds` in the coordinates under `transform` (font units to the glyph's root), as a box around its
    /// corners; `nil` when the transform flattens everything.
    func region(under transform: AffineTransform) -> FontBox? {
        transform.inverted.map { bounds.transformed(by: $0) }
    }

    /// Converts a paint graph; `nil` for a paint the format cannot draw exactly.
    private struct Converter {
        let palette: [Color]
        let foreground: Color
        let format: Format

        func node(_ paint: ColorPaint) -> Node? {
            switch paint {
            case .layers(let layers):
                var nodes: [Node] = []
                for layer in layers {
                    guard let node = node(layer) else { return nil }
                    nodes.append(node)
                }
                return .group(nodes)
            case .solid(let color):
                return .fill(.solid(resolve(color)))
            case .linear(let p0, let p1, let p2, let line):
                // Lines of equal color run along p0→p2: the gradient runs along their normal, reaching 1 where
                // p1's line of equal color crosses it.
                let normal = Point(x: p2.y - p0.y, y: -(p2.x - p0.x))
                let reach = (p1.x - p0.x) * normal.x + (p1.y - p0.y) * normal.y
                let length = normal.x * normal.x + normal.y * normal.y
                guard reach != 0, reach.isFinite, length > 0 else { return .group([]) }  // the raster draws nothing
                let k = reach / length
                let end = Point(x: p0.x + normal.x * k, y: p0.y + normal.y * k)
                return gradient(line) { first, last, gradient in
                    func at(_ s: Double) -> Point { Point(x: p0.x + (end.x - p0.x) * s, y: p0.y + (end.y - p0.y) * s) }
                    return .linear(start: at(first), end: at(last), gradient)
                }
            case .radial(let c0, let r0, let c1, let r1, let line):
                return gradient(line) { first, last, gradient in
                    func center(_ s: Double) -> Point {
                        Point(x: c0.x + (c1.x - c0.x) * s, y: c0.y + (c1.y - c0.y) * s)
                    }
                    let focus = center(first), outer = center(last)
                    let focusRadius = r0 + (r1 - r0) * first, radius = r0 + (r1 - r0) * last
                    let distance = ((outer.x - focus.x) * (outer.x - focus.x)
                                    + (outer.y - focus.y) * (outer.y - focus.y)).squareRoot()
                    // Inside, touching at most (one circle twice is no gradient: the raster draws nothing there).
                    guard focusRadius >= 0, radius > focusRadius,
                          distance + focusRadius <= radius * (1 + 1e-9) else { return nil }
                    return .radial(focus: focus, focusRadius: focusRadius, center: outer, radius: radius, gradient)
                }
            case .sweep:
                return nil
            case .glyph(let outline, let child):
                return node(child).map { .clip(outline, $0) }
            case .clip(let box, let child):
                return node(child).map { .clipBox(box, $0) }
            case .transform(let matrix, let child):
                // A flattening transform leaves nothing to draw (the raster's shaders and coverage agree).
                guard matrix.inverted != nil else { return .group([]) }
                // Nested transforms become one (a chain of them would nest as deep in `q`/`<g>`).
                switch node(child) {
                case .transform(let inner, let grandchild): return .transform(matrix.concatenating(inner), grandchild)
                case let converted: return converted.map { .transform(matrix, $0) }
                }
            case .composite(let source, let mode, let backdrop):
                // Source-over composites like layers; the other exact ones keep one side or neither.
                switch mode {
                case .sourceOver:
                    guard let below = node(backdrop), let above = node(source) else { return nil }
                    return .group([below, above])
                case .destinationOver:
                    guard let below = node(source), let above = node(backdrop) else { return nil }
                    return .group([below, above])
                case .source: return node(source)
                case .destination: return node(backdrop)
                case .clear: return .group([])
                default: return nil
                }
            }
        }

        /// A gradient through `line`'s stops, its geometry moved so that the first stop is at offset 0 and the
        /// last at 1 (vector formats clamp offsets to 0…1; COLRv1 allows any); one stop is a solid fill.
        private func gradient(_ line: ColorLine,
                              _ make: (_ first: Double, _ last: Double, Gradient) -> Fill?) -> Node? {
            guard let first = line.stops.first, let last = line.stops.last else { return .group([]) }
            let colors = line.stops.map { resolve($0.color) }
            if line.stops.count == 1 { return .fill(.solid(colors[0])) }
            guard last.offset > first.offset, line.extend == .pad || format.spreads,
                  format.mixedOpacityStops || Set(colors.map(\.alpha)).count == 1 else { return nil }
            let span = last.offset - first.offset
            let stops = zip(line.stops, colors).map { stop, color in
                GradientStop(offset: (stop.offset - first.offset) / span, color: color)
            }
            return make(first.offset, last.offset, Gradient(stops: stops, extend: line.extend)).map { .fill($0) }
        }

        /// A palette color with its alpha applied (an index past the palette: transparent, as the raster draws it).
        private func resolve(_ color: PaletteColor) -> Color {
            guard let entry = color.entry(in: palette, foreground: foreground) else { return .clear }
            let alpha = (Double(entry.alpha) * min(max(color.alpha, 0), 1)).rounded()
            return Color(red: entry.red, green: entry.green, blue: entry.blue, alpha: UInt8(alpha))
        }
    }
}
