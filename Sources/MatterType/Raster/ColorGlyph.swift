import Foundation

/// A COLRv1 color glyph: its paint graph as the font defines it, in font units (y up), read once per face and
/// glyph by ``ColorPaintTable`` and drawn by ``ColorGlyphRasterizer`` (pixels) or, as ``VectorColorGlyph``, the
/// vector writers.
///
/// Colors stay palette indices until drawn, so one graph serves every palette and text color.
struct ColorGlyph: Sendable {
    /// The root paint.
    var paint: ColorPaint
    /// The glyph's clip box from the font (font units), outside of which nothing is drawn; `nil` when it has none.
    var clipBox: FontBox?
    /// The font's units per em.
    var unitsPerEm: Int

    /// The box the paint draws in, font units: the clip box, else the union of the clipping outlines' boxes
    /// under their transforms; `nil` when it draws nothing.
    var bounds: FontBox? {
        if let clipBox { return clipBox }
        return ColorGlyph.bounds(of: paint, transform: .identity)
    }

    private static func bounds(of paint: ColorPaint, transform: AffineTransform) -> FontBox? {
        switch paint {
        case .layers(let layers):
            return layers.compactMap { bounds(of: $0, transform: transform) }.reduce(nil) { $0?.union($1) ?? $1 }
        case .solid, .linear, .radial, .sweep:
            return nil  // unbounded: only what clips it bounds it
        case .glyph(let outline, _):
            return FontBox(outline: outline, transform: transform)
        case .transform(let matrix, let child):
            return bounds(of: child, transform: transform.concatenating(matrix))
        case .composite(let source, _, let backdrop):
            let boxes = [bounds(of: source, transform: transform), bounds(of: backdrop, transform: transform)]
            return boxes.compactMap { $0 }.reduce(nil) { $0?.union($1) ?? $1 }
        case .clip(let box, let child):
            guard let inner = bounds(of: child, transform: transform) else { return nil }
            return inner.intersection(box.transformed(by: transform))
        }
    }
}

/// One node of a COLRv1 paint graph (OpenType `COLR` version 1; the variable `PaintVar…` formats become these
/// nodes with their values at the face's instance).
indirect enum ColorPaint: Sendable {
    /// Paints drawn bottom first, each over the ones before (PaintColrLayers).
    case layers([ColorPaint])
    /// One color everywhere (PaintSolid).
    case solid(PaletteColor)
    /// A linear gradient: the color line runs from `p0` to `p1`, its lines of equal color parallel to `p0`→`p2`.
    case linear(p0: Point, p1: Point, p2: Point, ColorLine)
    /// A two-point conical gradient from the circle (`c0`, `r0`) to (`c1`, `r1`), as HTML canvas draws one.
    case radial(c0: Point, r0: Double, c1: Point, r1: Double, ColorLine)
    /// A sweep gradient around `center` from `startAngle` to `endAngle`, in degrees counter-clockwise from the
    /// positive x axis.
    case sweep(center: Point, startAngle: Double, endAngle: Double, ColorLine)
    /// `paint` clipped to a glyph's outline (PaintGlyph).
    case glyph(GlyphOutline, ColorPaint)
    /// `paint` under an affine transform (PaintTransform, Translate, Scale, Rotate, Skew, with or without center).
    case transform(AffineTransform, ColorPaint)
    /// `backdrop` drawn into a new layer, `source` composited onto it in `mode`, the result drawn over what is
    /// below (PaintComposite).
    case composite(source: ColorPaint, mode: CompositeMode, backdrop: ColorPaint)
    /// `paint` clipped to a box: a reused glyph's (PaintColrGlyph) clip box.
    case clip(FontBox, ColorPaint)

    /// Whether the graph draws nothing at all (a refused graph is an empty layer list).
    var isEmpty: Bool {
        if case .layers(let layers) = self { return layers.isEmpty }
        return false
    }
}

/// A palette entry and the alpha it is drawn at (CPAL index 0xFFFF: the text's color).
struct PaletteColor: Sendable, Hashable {
    /// The CPAL entry, or ``foreground``.
    var index: UInt16
    /// Multiplies the entry's own alpha, 0…1.
    var alpha: Double

    /// The index meaning "the text's color".
    static let foreground: UInt16 = 0xFFFF

    /// The entry's color before ``alpha``: `palette`'s, or `foreground` for index 0xFFFF; `nil` for an index past
    /// the palette (drawn transparent).
    func entry(in palette: [Color], foreground: Color) -> Color? {
        if index == PaletteColor.foreground { return foreground }
        return Int(index) < palette.count ? palette[Int(index)] : nil
    }
}

/// A gradient's color stops and how it extends past them.
struct ColorLine: Sendable {
    /// How the gradient continues before its first stop and after its last.
    enum Extend: Sendable {
        /// The end colors continue.
        case pad
        /// The stops repeat.
        case `repeat`
        /// The stops repeat, every other time reversed.
        case reflect
    }

    var extend: Extend
    /// Stops by offset (stable: stops at one offset keep their order); offsets may lie outside 0…1.
    var stops: [(offset: Double, color: PaletteColor)]
}

/// How PaintComposite combines its source with its backdrop: the Porter-Duff operators and the W3C blend modes
/// (Compositing and Blending Level 1), in COLRv1's order.
enum CompositeMode: Int, Sendable, CaseIterable {
    case clear, source, destination, sourceOver, destinationOver, sourceIn, destinationIn, sourceOut,
         destinationOut, sourceAtop, destinationAtop, xor, plus, screen, overlay, darken, lighten, colorDodge,
         colorBurn, hardLight, softLight, difference, exclusion, multiply, hue, saturation, color, luminosity

    /// The blend mode it is (its W3C name is its ``BlendMode``'s), or `nil` for a Porter-Duff operator.
    var blendMode: BlendMode? {
        switch self {
        case .screen: .screen
        case .overlay: .overlay
        case .darken: .darken
        case .lighten: .lighten
        case .colorDodge: .colorDodge
        case .colorBurn: .colorBurn
        case .hardLight: .hardLight
        case .softLight: .softLight
        case .difference: .difference
        case .exclusion: .exclusion
        case .multiply: .multiply
        case .hue: .hue
        case .saturation: .saturation
        case .color: .color
        case .luminosity: .luminosity
        case .clear, .source, .destination, .sourceOver, .destinationOver, .sourceIn, .destinationIn, .sourceOut,
             .destinationOut, .sourceAtop, .destinationAtop, .xor, .plus: nil
        }
    }
}

/// An axis-aligned box in font units (y up).
struct FontBox: Sendable, Hashable {
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double

    /// The box of `outline`'s points (control points included) under `transform`; `nil` when it has none.
    init?(outline: GlyphOutline, transform: AffineTransform) {
        var box: FontBox?
        func add(_ p: Point) {
            let q = transform.apply(p)
            box = box.map { FontBox(minX: min($0.minX, q.x), minY: min($0.minY, q.y),
                                    maxX: max($0.maxX, q.x), maxY: max($0.maxY, q.y)) }
                ?? FontBox(minX: q.x, minY: q.y, maxX: q.x, maxY: q.y)
        }
        for segment in outline.segments {
            switch segment {
            case .move(let p), .line(let p): add(p)
            case .quadratic(let c, let p): add(c); add(p)
            case .cubic(let c1, let c2, let p): add(c1); add(c2); add(p)
            case .close: break
            }
        }
        guard let box else { return nil }
        self = box
    }

    init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// The four corners, counter-clockwise from the bottom left.
    var corners: [Point] {
        [Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: maxX, y: maxY), Point(x: minX, y: maxY)]
    }

    func union(_ other: FontBox) -> FontBox {
        FontBox(minX: min(minX, other.minX), minY: min(minY, other.minY),
                maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
    }

    /// The overlap of both; `nil` when they do not overlap.
    func intersection(_ other: FontBox) -> FontBox? {
        let box = FontBox(minX: max(minX, other.minX), minY: max(minY, other.minY),
                          maxX: min(maxX, other.maxX), maxY: min(maxY, other.maxY))
        return box.minX < box.maxX && box.minY < box.maxY ? box : nil
    }

    /// The box around the four corners under `transform`.
    func transformed(by transform: AffineTransform) -> FontBox {
        let points = corners.map(transform.apply)
        return FontBox(minX: points.map(\.x).min() ?? 0, minY: points.map(\.y).min() ?? 0,
                       maxX: points.map(\.x).max() ?? 0, maxY: points.map(\.y).max() ?? 0)
    }
}

/// A 2D affine transform: x′ = a·x + c·y + tx, y′ = b·x + d·y + ty.
struct AffineTransform: Sendable, Hashable {
    var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    func apply(_ p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// This transform after `inner`: a point goes through `inner` first.
    func concatenating(_ inner: AffineTransform) -> AffineTransform {
        AffineTransform(a: a * inner.a + c * inner.b, b: b * inner.a + d * inner.b,
                        c: a * inner.c + c * inner.d, d: b * inner.c + d * inner.d,
                        tx: a * inner.tx + c * inner.ty + tx, ty: b * inner.tx + d * inner.ty + ty)
    }

    /// The inverse; `nil` when the transform is singular (it flattens everything to a line or a point).
    var inverted: AffineTransform? {
        let determinant = a * d - b * c
        guard determinant.isFinite, abs(determinant) > 1e-12 else { return nil }
        let ia = d / determinant, ib = -b / determinant, ic = -c / determinant, id = a / determinant
        return AffineTransform(a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
    }

    /// A clockwise turn of `degrees` about `center` (y down: CSS `rotate()`'s sense), exact at quarter turns (where
    /// cos 90° would be 6e-17 in doubles).
    static func turn(degrees: Double, about center: Point) -> AffineTransform {
        func exact(_ value: Double) -> Double { abs(value) < 1e-12 ? 0 : value }
        let radians = degrees * .pi / 180, cosine = exact(cos(radians)), sine = exact(sin(radians))
        return around(center, AffineTransform(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0))
    }

    /// The bounds of `rect`'s corners transformed.
    func bounds(of rect: Rect) -> Rect {
        let corners = [Point(x: rect.x, y: rect.y), Point(x: rect.maxX, y: rect.y), Point(x: rect.x, y: rect.maxY),
                       Point(x: rect.maxX, y: rect.maxY)].map(apply)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let left = xs.min() ?? 0, top = ys.min() ?? 0
        return Rect(x: left, y: top, width: (xs.max() ?? 0) - left, height: (ys.max() ?? 0) - top)
    }

    /// `transform` applied around `center`: moved there, applied, moved back.
    static func around(_ center: Point, _ transform: AffineTransform) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: center.x, ty: center.y)
            .concatenating(transform)
            .concatenating(AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: -center.x, ty: -center.y))
    }
}

extension Rect {
    /// The bounds of this rectangle turned `degrees` clockwise (y down, as CSS `rotate()` turns) about `center`.
    public func turned(by degrees: Double, about center: Point) -> Rect {
        AffineTransform.turn(degrees: degrees, about: center).bounds(of: self)
    }
}
