import Foundation

/// What a shape is filled with: one color or a gradient (as CSS `background` and Figma fills).
public enum Paint: Sendable, Hashable {
    /// One color.
    case color(Color)
    /// A linear gradient across the shape's box.
    case linear(LinearGradient)
    /// A circular gradient from a point of the shape's box.
    case radial(RadialGradient)
    /// A gradient sweeping around a point of the shape's box (CSS `conic-gradient`, Figma's angular gradient).
    case conic(ConicGradient)
    /// A gradient out from a point of the shape's box in diamonds (Figma's diamond gradient).
    case diamond(DiamondGradient)
}

/// Two directions from a gradient's center, each as the offset of its end in fractions of the box: the ends of an
/// elliptical gradient's two radii (SVG's gradientTransform), where an angular gradient starts and turns toward,
/// a diamond's two corners (Figma's second and third handles, less the first).
public struct GradientAxes: Sendable, Hashable {
    /// The end of the first axis, from the center.
    public var first: Point
    /// The end of the second axis, from the center.
    public var second: Point

    /// Axes ending at `first` and `second` (fractions of the box, from the center).
    public init(first: Point, second: Point) {
        self.first = first
        self.second = second
    }

    /// The affine map of the unit square's axes onto these over `box` (points or pixels), from a center at
    /// (`centerX`, `centerY`) (fractions): (a, b, c, d, tx, ty) with (u, v) ↦ (a u + c v + tx, b u + d v + ty).
    func matrix(over box: Rect, centerX: Double, centerY: Double)
        -> (a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (first.x * box.width, first.y * box.height, second.x * box.width, second.y * box.height,
         box.x + box.width * centerX, box.y + box.height * centerY)
    }
}

/// A color at a place along a gradient.
public struct GradientStop: Sendable, Hashable {
    /// Where, from 0 (the gradient's start) to 1 (its end).
    public var offset: Double
    /// The color there.
    public var color: Color

    /// A stop of `color` at `offset` (0…1).
    public init(offset: Double, color: Color) {
        self.offset = offset
        self.color = color
    }

    /// A color's channels premultiplied by its alpha (CSS interpolates gradients in premultiplied sRGB).
    static func premultiplied(_ color: Color) -> (Double, Double, Double, Double) {
        let a = Double(color.alpha) / 255
        return (Double(color.red) * a, Double(color.green) * a, Double(color.blue) * a, Double(color.alpha))
    }
}

/// A linear gradient as CSS `linear-gradient(<angle>, stops)`: the gradient line runs through the box's center at
/// `angle` (0° points up, 90° right), and is as long as the box's projection on it, so that the corners get the
/// first and last colors.
///
/// Or, given its ``start`` and ``end``, from one point of the box to another (SVG's `x1 y1 x2 y2` in
/// `objectBoundingBox` units, and what Figma's gradient handles come to): the colors run along that line and stay
/// the same across it.
public struct LinearGradient: Sendable, Hashable {
    /// Degrees clockwise from "to top" (180, the default, runs from top to bottom); ignored when ``start`` and
    /// ``end`` are given.
    public var angle: Double
    /// Where offset 0 is, in fractions of the box (0, 0 its top-left corner), or `nil` to follow ``angle``.
    public var start: Point?
    /// Where offset 1 is, in fractions of the box, or `nil` to follow ``angle``.
    public var end: Point?
    /// The stops, in order of offset.
    public var stops: [GradientStop]

    /// A gradient at `angle` degrees (CSS: 180 is top to bottom) through `stops`.
    public init(angle: Double = 180, stops: [GradientStop]) {
        self.angle = angle
        self.stops = stops
    }

    /// A gradient from `start` to `end` (fractions of the box) through `stops`.
    public init(from start: Point, to end: Point, stops: [GradientStop]) {
        self.angle = 180
        self.start = start
        self.end = end
        self.stops = stops
    }

    /// Its line over `box`: from the start point to the end point, or CSS's through the center at the angle, as
    /// long as the box's projection on it.
    func line(over box: Rect) -> (start: Point, end: Point) {
        if let start, let end {
            return (Point(x: box.x + box.width * start.x, y: box.y + box.height * start.y),
                    Point(x: box.x + box.width * end.x, y: box.y + box.height * end.y))
        }
        let radians = angle * .pi / 180
        let dx = sin(radians), dy = -cos(radians)
        let half = (abs(box.width * dx) + abs(box.height * dy)) / 2
        let cx = box.x + box.width / 2, cy = box.y + box.height / 2
        return (Point(x: cx - dx * half, y: cy - dy * half), Point(x: cx + dx * half, y: cy + dy * half))
    }
}

/// A circular gradient as CSS `radial-gradient(circle <radius> at <center>, stops)`.
public struct RadialGradient: Sendable, Hashable {
    /// The center's x, as a fraction of the box's width (0.5 is its middle).
    public var centerX: Double
    /// The center's y, as a fraction of the box's height.
    public var centerY: Double
    /// The radius at which the last stop is reached, in points; `nil`: the distance to the farthest corner (CSS's
    /// default, `farthest-corner`).
    public var radius: Double?
    /// The stops, in order of offset.
    public var stops: [GradientStop]
    /// An ellipse instead of a circle: where the last stop is reached along two radii from the center, each as the
    /// offset of its end in fractions of the box (SVG's gradientTransform, Figma's second and third handles);
    /// ``radius`` is then ignored.
    public var ellipse: GradientAxes?

    /// A gradient from (`centerX`, `centerY`) (fractions of the box) out to `radius` points (`nil`: the farthest
    /// corner) through `stops`.
    public init(centerX: Double = 0.5, centerY: Double = 0.5, radius: Double? = nil, stops: [GradientStop]) {
        self.centerX = centerX
        self.centerY = centerY
        self.radius = radius
        self.stops = stops
    }

    /// A gradient from (`centerX`, `centerY`) out to `ellipse` (fractions of the box) through `stops`.
    public init(centerX: Double, centerY: Double, ellipse: GradientAxes, stops: [GradientStop]) {
        self.init(centerX: centerX, centerY: centerY, stops: stops)
        self.ellipse = ellipse
    }

    /// The affine map of the unit circle onto the ellipse over `box` (points or pixels): (a, b, c, d, tx, ty) with
    /// (u, v) ↦ (a u + c v + tx, b u + d v + ty); `nil` for a circle.
    func ellipseMatrix(over box: Rect) -> (a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double)? {
        ellipse?.matrix(over: box, centerX: centerX, centerY: centerY)
    }
}

/// A gradient sweeping clockwise around a center, as CSS `conic-gradient(from <angle> at <center>, stops)`: offset
/// 0 points at ``angle`` (0° up, 90° right) and the stops run once around. Given ``axes`` (Figma's angular
/// gradient), the sweep runs from the first axis toward the second, in the plane the two span (a circle drawn on
/// them is the gradient's unit circle).
public struct ConicGradient: Sendable, Hashable {
    /// The center's x, as a fraction of the box's width.
    public var centerX: Double
    /// The center's y, as a fraction of the box's height.
    public var centerY: Double
    /// Where offset 0 points, in degrees clockwise from up (CSS's `from`), or from the first axis toward the second
    /// when ``axes`` are given.
    public var angle: Double
    /// The plane the sweep is measured in, or `nil` for the box's own (up is 0°, right 90°).
    public var axes: GradientAxes?
    /// The stops, in order of offset (0 to 1 once around).
    public var stops: [GradientStop]

    /// A gradient around (`centerX`, `centerY`) (fractions of the box) starting at `angle` degrees clockwise from
    /// up (or from `axes`' first toward its second) through `stops`.
    public init(centerX: Double = 0.5, centerY: Double = 0.5, angle: Double = 0, axes: GradientAxes? = nil,
                stops: [GradientStop]) {
        self.centerX = centerX
        self.centerY = centerY
        self.angle = angle
        self.axes = axes
        self.stops = stops
    }
}

/// A gradient out from a center in nested diamonds (Figma's diamond gradient): offset t lies where |u| + |v| = t,
/// (u, v) the point in the frame of the two ``axes``, so the last stop is reached on the diamond through their ends.
public struct DiamondGradient: Sendable, Hashable {
    /// The center's x, as a fraction of the box's width.
    public var centerX: Double
    /// The center's y, as a fraction of the box's height.
    public var centerY: Double
    /// The diamond's two half-diagonals, where the last stop is reached.
    public var axes: GradientAxes
    /// The stops, in order of offset.
    public var stops: [GradientStop]

    /// A diamond gradient from (`centerX`, `centerY`) out to the ends of `axes` (fractions of the box) through
    /// `stops`.
    public init(centerX: Double = 0.5, centerY: Double = 0.5, axes: GradientAxes, stops: [GradientStop]) {
        self.centerX = centerX
        self.centerY = centerY
        self.axes = axes
        self.stops = stops
    }
}

/// A paint laid over a box, its per-pixel work done once: a gradient's direction, center and reach, its stops
/// premultiplied, and for runs of wholly covered pixels, a ramp of its colors at the opacity drawn.
struct PaintShader {
    private enum Kind {
        case uniform((Double, Double, Double, Double))
        /// t = a·x + b·y + c.
        case linear(a: Double, b: Double, c: Double)
        case radial(x: Double, y: Double, reach: Double)
        /// t = |(u, v)|, (u, v) = M⁻¹ (p − center): M's columns the ellipse's two radii.
        case elliptic(x: Double, y: Double, a: Double, b: Double, c: Double, d: Double)
        /// t = the turn from the u axis toward v, less `turn`, wrapped into 0…1; (u, v) as for `elliptic`.
        case conic(x: Double, y: Double, a: Double, b: Double, c: Double, d: Double, turn: Double)
        /// t = |u| + |v|; (u, v) as for `elliptic`.
        case diamond(x: Double, y: Double, a: Double, b: Double, c: Double, d: Double)
    }

    private let kind: Kind
    private let offsets: [Double]
    private let colors: [(Double, Double, Double, Double)]
    /// The colors at `opacity` from the first stop's offset to the last's in ``rampSize`` even steps, rounded to
    /// bytes and packed as the pixels are in memory (little-endian RGBA: red in the low byte). A pixel takes the
    /// nearest step: at most 1/8190 of the gradient from its place, under 1/32 of a level for a full-range ramp.
    private let ramp: [UInt32]
    /// Ramp steps per unit of t.
    private let rampScale: Double
    private static let rampSize = 4096

    /// The shader of `paint` laid over `box` (pixels) at `opacity`, `scale` pixels a point.
    init(_ paint: Paint, box: Rect, scale: Double, opacity: Double) {
        switch paint {
        case .color(let color):
            kind = .uniform(GradientStop.premultiplied(color))
            offsets = []
            colors = []
        case .linear(let gradient):
            // t = (p − start) · d / |d|², d the line from start to end.
            let line = gradient.line(over: box)
            let dx = line.end.x - line.start.x, dy = line.end.y - line.start.y
            let squared = dx * dx + dy * dy
            if squared > 0, squared.isFinite {
                kind = .linear(a: dx / squared, b: dy / squared, c: -(line.start.x * dx + line.start.y * dy) / squared)
            } else {
                kind = .linear(a: 0, b: 0, c: 0)
            }
            offsets = gradient.stops.map(\.offset)
            colors = gradient.stops.map { GradientStop.premultiplied($0.color) }
        case .radial(let gradient) where gradient.ellipse != nil:
            let m = gradient.ellipseMatrix(over: box) ?? (1, 0, 0, 1, 0, 0)
            if let i = PaintShader.inverse(m) {
                kind = .elliptic(x: m.tx, y: m.ty, a: i.a, b: i.b, c: i.c, d: i.d)
            } else {
                kind = .radial(x: m.tx, y: m.ty, reach: 0)  // a flat ellipse: the last color everywhere
            }
            offsets = gradient.stops.map(\.offset)
            colors = gradient.stops.map { GradientStop.premultiplied($0.color) }
        case .conic(let gradient):
            let cx = box.x + box.width * gradient.centerX, cy = box.y + box.height * gradient.centerY
            // Without axes, u points up and v right: the turn runs clockwise on the page from up, as CSS's.
            let m = gradient.axes?.matrix(over: box, centerX: gradient.centerX, centerY: gradient.centerY)
                ?? (a: 0, b: -1, c: 1, d: 0, tx: cx, ty: cy)
            let turn = gradient.angle.isFinite ? gradient.angle / 360 : 0
            if let i = PaintShader.inverse(m) {
                kind = .conic(x: m.tx, y: m.ty, a: i.a, b: i.b, c: i.c, d: i.d, turn: turn - turn.rounded(.down))
            } else {
                kind = .radial(x: m.tx, y: m.ty, reach: 0)
            }
            offsets = gradient.stops.map(\.offset)
            colors = gradient.stops.map { GradientStop.premultiplied($0.color) }
        case .diamond(let gradient):
            let m = gradient.axes.matrix(over: box, centerX: gradient.centerX, centerY: gradient.centerY)
            if let i = PaintShader.inverse(m) {
                kind = .diamond(x: m.tx, y: m.ty, a: i.a, b: i.b, c: i.c, d: i.d)
            } else {
                kind = .radial(x: m.tx, y: m.ty, reach: 0)
            }
            offsets = gradient.stops.map(\.offset)
            colors = gradient.stops.map { GradientStop.premultiplied($0.color) }
        case .radial(let gradient):
            let cx = box.x + box.width * gradient.centerX, cy = box.y + box.height * gradient.centerY
            let reach: Double
            if let radius = gradient.radius {
                reach = radius * scale
            } else {
                let dx = max(cx - box.x, box.x + box.width - cx), dy = max(cy - box.y, box.y + box.height - cy)
                reach = (dx * dx + dy * dy).squareRoot()
            }
            kind = .radial(x: cx, y: cy, reach: reach)
            offsets = gradient.stops.map(\.offset)
            colors = gradient.stops.map { GradientStop.premultiplied($0.color) }
        }
        func packed(_ color: (Double, Double, Double, Double)) -> UInt32 {
            // Every value is positive: adding ½ and truncating rounds.
            UInt32(min(color.0 * opacity + 0.5, 255)) | UInt32(min(color.1 * opacity + 0.5, 255)) << 8
                | UInt32(min(color.2 * opacity + 0.5, 255)) << 16 | UInt32(min(color.3 * opacity + 0.5, 255)) << 24
        }
        if case .uniform(let color) = kind {
            ramp = [packed(color)]
            rampScale = 0
        } else if let first = offsets.first, let last = offsets.last, last > first {
            let steps = Double(PaintShader.rampSize - 1)
            rampScale = steps / (last - first)
            let colors = self.colors, offsets = self.offsets
            ramp = (0..<PaintShader.rampSize).map { step in
                packed(PaintShader.color(at: first + Double(step) / steps * (last - first), offsets, colors))
            }
        } else {
            // Stops all at one offset: the first color up to it, the last past it (no stops: transparent).
            let none = (0.0, 0.0, 0.0, 0.0)
            ramp = [packed(colors.first ?? none), packed(colors.last ?? none)]
            rampScale = .greatestFiniteMagnitude
        }
    }

    /// The one premultiplied color at the shader's opacity (as ``shade(row:columns:into:)`` writes it) when the
    /// paint is uniform; `nil` for gradients.
    var uniformColor: UInt32? {
        if case .uniform = kind { ramp.first } else { nil }
    }

    /// Whether every color the shader writes is opaque (its ramp's alphas all 255).
    var isOpaque: Bool { ramp.allSatisfy { $0 >= 0xFF00_0000 } }

    /// The inverse of `m`'s linear part, or `nil` when it is flat (or not finite).
    private static func inverse(_ m: (a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double))
        -> (a: Double, b: Double, c: Double, d: Double)? {
        let determinant = m.a * m.d - m.b * m.c
        guard abs(determinant) > 1e-12, determinant.isFinite else { return nil }
        return (m.d / determinant, -m.b / determinant, -m.c / determinant, m.a / determinant)
    }

    /// An angular gradient's t at (`dx`, `dy`) from its center: the turn of M⁻¹ (dx, dy) from the u axis toward
    /// v, less `turn`, in 0…1.
    @inline(__always)
    private static func conic(_ dx: Double, _ dy: Double, _ a: Double, _ b: Double, _ c: Double, _ d: Double,
                              _ turn: Double) -> Double {
        let u = a * dx + c * dy, v = b * dx + d * dy
        let t = atan2(v, u) / (2 * .pi) - turn
        return t < 0 ? t + (t < -1 ? 2 : 1) : t
    }

    /// A diamond gradient's t at (`dx`, `dy`) from its center: |u| + |v| of M⁻¹ (dx, dy).
    @inline(__always)
    private static func diamond(_ dx: Double, _ dy: Double, _ a: Double, _ b: Double, _ c: Double,
                                _ d: Double) -> Double {
        abs(a * dx + c * dy) + abs(b * dx + d * dy)
    }

    /// An elliptical gradient's t at (`dx`, `dy`) from its center: the length of M⁻¹ (dx, dy).
    @inline(__always)
    private static func elliptic(_ dx: Double, _ dy: Double, _ a: Double, _ b: Double, _ c: Double,
                                 _ d: Double) -> Double {
        let u = a * dx + c * dy, v = b * dx + d * dy
        return (u * u + v * v).squareRoot()
    }

    /// The premultiplied color at pixel point (`x`, `y`).
    @inline(__always)
    func color(_ x: Double, _ y: Double) -> (Double, Double, Double, Double) {
        switch kind {
        case .uniform(let color): color
        case .linear(let a, let b, let c): color(at: a * x + b * y + c)
        case .radial(let cx, let cy, let reach):
            color(at: reach > 0 ? ((x - cx) * (x - cx) + (y - cy) * (y - cy)).squareRoot() / reach : 1)
        case .elliptic(let cx, let cy, let a, let b, let c, let d):
            color(at: Self.elliptic(x - cx, y - cy, a, b, c, d))
        case .conic(let cx, let cy, let a, let b, let c, let d, let turn):
            color(at: Self.conic(x - cx, y - cy, a, b, c, d, turn))
        case .diamond(let cx, let cy, let a, let b, let c, let d):
            color(at: Self.diamond(x - cx, y - cy, a, b, c, d))
        }
    }

    /// Writes the premultiplied colors at the shader's opacity of the pixels `columns` of pixel row `row` (at
    /// their centers), from the ramp, to `out` (4 bytes a pixel, as in an image): the shading of a run of wholly
    /// covered pixels.
    func shade(row: Int, columns: Range<Int>, into out: UnsafeMutableRawPointer) {
        let y = Double(row) + 0.5, x0 = Double(columns.lowerBound) + 0.5
        let first = offsets.first ?? 0, last = Double(ramp.count - 1), scale = rampScale
        ramp.withUnsafeBufferPointer { ramp in
            @inline(__always) func step(_ t: Double) -> UInt32 {
                let u = (t - first) * scale + 0.5
                return ramp[Int(u > 0 ? min(u, last) : 0)]  // NaN takes the first step
            }
            switch kind {
            case .uniform:
                for i in 0..<columns.count { out.storeBytes(of: ramp[0], toByteOffset: i * 4, as: UInt32.self) }
            case .linear(let a, let b, let c):
                let start = a * x0 + b * y + c
                // The ramp index in 16.16 fixed point, stepped per pixel (drift under 1/50 of a step over 1,000
                // pixels): integer arithmetic the loop vectorizes, where converting a Double per pixel did not.
                let u0 = ((start - first) * scale + 0.5) * 65536, du = a * scale * 65536
                let bound = 1e15
                guard u0.isFinite, du.isFinite, abs(u0) < bound, abs(du) * Double(columns.count) < bound else {
                    for i in 0..<columns.count {
                        out.storeBytes(of: step(start + a * Double(i)), toByteOffset: i * 4, as: UInt32.self)
                    }
                    return
                }
                let origin = Int(u0), delta = Int(du), top = ramp.count - 1
                for i in 0..<columns.count {
                    let index = min(max((origin &+ delta &* i) >> 16, 0), top)
                    out.storeBytes(of: ramp[index], toByteOffset: i * 4, as: UInt32.self)
                }
            case .elliptic(let cx, let cy, let a, let b, let c, let d):
                for i in 0..<columns.count {
                    out.storeBytes(of: step(Self.elliptic(x0 + Double(i) - cx, y - cy, a, b, c, d)),
                                   toByteOffset: i * 4, as: UInt32.self)
                }
            case .conic(let cx, let cy, let a, let b, let c, let d, let turn):
                for i in 0..<columns.count {
                    out.storeBytes(of: step(Self.conic(x0 + Double(i) - cx, y - cy, a, b, c, d, turn)),
                                   toByteOffset: i * 4, as: UInt32.self)
                }
            case .diamond(let cx, let cy, let a, let b, let c, let d):
                for i in 0..<columns.count {
                    out.storeBytes(of: step(Self.diamond(x0 + Double(i) - cx, y - cy, a, b, c, d)),
                                   toByteOffset: i * 4, as: UInt32.self)
                }
            case .radial(let cx, let cy, let reach):
                let dy2 = (y - cy) * (y - cy)
                for i in 0..<columns.count {
                    let dx = x0 + Double(i) - cx
                    out.storeBytes(of: step(reach > 0 ? (dx * dx + dy2).squareRoot() / reach : 1), toByteOffset: i * 4,
                                   as: UInt32.self)
                }
            }
        }
    }

    /// The premultiplied color at `t` along the gradient (0 the first stop's offset, 1 the last's).
    @inline(__always)
    private func color(at t: Double) -> (Double, Double, Double, Double) {
        PaintShader.color(at: t, offsets, colors)
    }

    /// The premultiplied color at `t` along stops at `offsets` of `colors`.
    @inline(__always)
    private static func color(at t: Double, _ offsets: [Double], _ colors: [(Double, Double, Double, Double)])
        -> (Double, Double, Double, Double) {
        guard let first = offsets.first, let last = offsets.last else { return (0, 0, 0, 0) }
        if t <= first { return colors[0] }
        if t >= last { return colors[colors.count - 1] }
        var index = 1
        while index < offsets.count - 1, offsets[index] < t { index += 1 }
        let span = offsets[index] - offsets[index - 1]
        let f = span > 0 ? (t - offsets[index - 1]) / span : 1
        let p = colors[index - 1], q = colors[index]
        return (p.0 + (q.0 - p.0) * f, p.1 + (q.1 - p.1) * f, p.2 + (q.2 - p.2) * f, p.3 + (q.3 - p.3) * f)
    }
}
