import Foundation

/// A vector shape: contours of lines and Bézier curves in points (y down), filled by a winding rule. Read from SVG
/// path data — what Figma's REST API gives as a node's `fillGeometry` and `strokeGeometry` — or built from segments.
///
/// ```swift
/// let triangle = try VectorPath(svgPathData: "M0 0L10 0L5 8Z")
/// drawing.fill(triangle, at: Point(x: 20, y: 20), paint: .color(.black))
/// ```
public struct VectorPath: Sendable, Hashable {
    /// Which points are inside where contours overlap or nest.
    public enum FillRule: String, Sendable, Hashable, CaseIterable {
        /// Inside where the contours wind around the point a nonzero number of times (SVG's default).
        case nonzero
        /// Inside where a ray from the point crosses an odd number of contour edges.
        case evenodd
    }

    /// The contours, each from a `move` to a `close` (or the next `move`), in points with y down.
    public var segments: [GlyphOutline.Segment]
    /// How overlapping contours fill.
    public var fillRule: FillRule

    /// The most segments a path may have.
    public static let maximumSegments = 100_000

    /// A path of `segments` filled by `fillRule`.
    public init(segments: [GlyphOutline.Segment], fillRule: FillRule = .nonzero) {
        self.segments = segments
        self.fillRule = fillRule
    }

    /// Reads SVG path data (SVG 1.1 §8.3: `M L H V C S Q T A Z`, absolute and relative, implicit repeats); arcs
    /// become cubic curves.
    /// - Throws: ``VectorPathError`` naming the first thing it cannot read, or a path longer than
    ///   ``maximumSegments``.
    public init(svgPathData data: String, fillRule: FillRule = .nonzero) throws(VectorPathError) {
        var parser = PathDataParser(Array(data.utf8))
        self.init(segments: try parser.parse(), fillRule: fillRule)
    }

    /// The smallest rectangle holding every point of the path, control points included (`nil` when it has none).
    public var controlBounds: Rect? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func add(_ p: Point) {
            minX = min(minX, p.x)
            minY = min(minY, p.y)
            maxX = max(maxX, p.x)
            maxY = max(maxY, p.y)
        }
        for segment in segments {
            switch segment {
            case .move(let p), .line(let p): add(p)
            case .quadratic(let c, let p): add(c); add(p)
            case .cubic(let c1, let c2, let p): add(c1); add(c2); add(p)
            case .close: break
            }
        }
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// SVG path data (`M L Q C Z`, absolute) for the path moved by (`dx`, `dy`), with `fractionDigits` decimals at
    /// most.
    public func svgPathData(dx: Double = 0, dy: Double = 0, fractionDigits: Int = 3) -> String {
        GlyphOutline(segments: moved(dx: dx, dy: dy).segments, unitsPerEm: 1).svgPathDataYUp(fractionDigits: fractionDigits)
    }

    /// The path moved by (`dx`, `dy`).
    public func moved(dx: Double, dy: Double) -> VectorPath {
        guard dx != 0 || dy != 0 else { return self }
        return mapped { Point(x: $0.x + dx, y: $0.y + dy) }
    }

    /// Every point of the path (control points too) put through `transform`: exact for an affine transform
    /// (moving, scaling, rotating, flipping, skewing), which maps Bézier curves to the curves of the mapped points.
    public func mapped(_ transform: (Point) -> Point) -> VectorPath {
        let m = transform
        return VectorPath(segments: segments.map { segment in
            switch segment {
            case .move(let p): .move(to: m(p))
            case .line(let p): .line(to: m(p))
            case .quadratic(let c, let p): .quadratic(control: m(c), to: m(p))
            case .cubic(let c1, let c2, let p): .cubic(control1: m(c1), control2: m(c2), to: m(p))
            case .close: .close
            }
        }, fillRule: fillRule)
    }

    /// A rectangle with rounded corners (each radius clamped as CSS clamps them), as a drawn fill outlines it.
    /// Clockwise from the top-left corner's end, each corner a quarter circle of cubic curves.
    public static func roundedRect(_ rect: Rect, corners: CornerRadii = 0) -> VectorPath {
        let c = corners.fitted(to: rect)
        let k = 0.5522847498  // a quarter circle's control points: 4/3 (√2 − 1) of the radius along each tangent
        let left = rect.x, top = rect.y, right = rect.x + rect.width, bottom = rect.y + rect.height
        var segments: [GlyphOutline.Segment] = [.move(to: Point(x: left + c.topLeft, y: top)),
                                                .line(to: Point(x: right - c.topRight, y: top))]
        func corner(_ r: Double, _ c1: Point, _ c2: Point, _ end: Point) {
            if r > 0 { segments.append(.cubic(control1: c1, control2: c2, to: end)) }
        }
        var r = c.topRight
        corner(r, Point(x: right - r + k * r, y: top), Point(x: right, y: top + r - k * r), Point(x: right, y: top + r))
        segments.append(.line(to: Point(x: right, y: bottom - c.bottomRight)))
        r = c.bottomRight
        corner(r, Point(x: right, y: bottom - r + k * r), Point(x: right - r + k * r, y: bottom),
               Point(x: right - r, y: bottom))
        segments.append(.line(to: Point(x: left + c.bottomLeft, y: bottom)))
        r = c.bottomLeft
        corner(r, Point(x: left + r - k * r, y: bottom), Point(x: left, y: bottom - r + k * r),
               Point(x: left, y: bottom - r))
        segments.append(.line(to: Point(x: left, y: top + c.topLeft)))
        r = c.topLeft
        corner(r, Point(x: left, y: top + r - k * r), Point(x: left + r - k * r, y: top), Point(x: left + r, y: top))
        segments.append(.close)
        return VectorPath(segments: segments)
    }

    /// This path's contours and `other`'s together, filled by `fillRule` (even-odd makes a ring of two nested
    /// outlines).
    public func appending(_ other: VectorPath, fillRule: FillRule) -> VectorPath {
        VectorPath(segments: segments + other.segments, fillRule: fillRule)
    }

    /// An ellipse filling `rect`, as four cubic curves (the usual 0.5523 handle length: within 0.03 % of the
    /// ellipse).
    public static func ellipse(in rect: Rect) -> VectorPath {
        let k = 0.5522847498307936
        let cx = rect.x + rect.width / 2, cy = rect.y + rect.height / 2
        let rx = rect.width / 2, ry = rect.height / 2
        return VectorPath(segments: [
            .move(to: Point(x: cx + rx, y: cy)),
            .cubic(control1: Point(x: cx + rx, y: cy + k * ry), control2: Point(x: cx + k * rx, y: cy + ry),
                   to: Point(x: cx, y: cy + ry)),
            .cubic(control1: Point(x: cx - k * rx, y: cy + ry), control2: Point(x: cx - rx, y: cy + k * ry),
                   to: Point(x: cx - rx, y: cy)),
            .cubic(control1: Point(x: cx - rx, y: cy - k * ry), control2: Point(x: cx - k * rx, y: cy - ry),
                   to: Point(x: cx, y: cy - ry)),
            .cubic(control1: Point(x: cx + k * rx, y: cy - ry), control2: Point(x: cx + rx, y: cy - k * ry),
                   to: Point(x: cx + rx, y: cy)),
            .close,
        ])
    }
}

/// Why SVG path data cannot be read.
public enum VectorPathError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Something other than a command or number at a byte offset.
    case unexpected(String, offset: Int)
    /// A command without all the numbers it takes.
    case missingNumbers(command: String, offset: Int)
    /// More segments than ``VectorPath/maximumSegments``.
    case tooLong

    /// One line saying what is wrong and where.
    public var description: String {
        switch self {
        case .unexpected(let text, let offset): "path data: \"\(text)\" at byte \(offset) is not a command or a number"
        case .missingNumbers(let command, let offset):
            "path data: the \(command) command at byte \(offset) lacks numbers"
        case .tooLong: "path data: more than \(VectorPath.maximumSegments) segments; simplify the path"
        }
    }
}

/// Reads SVG path data, keeping the current point, the subpath's start and the last control point (for S and T).
private struct PathDataParser {
    let bytes: [UInt8]
    var index = 0
    var segments: [GlyphOutline.Segment] = []
    var current = Point.zero, start = Point.zero
    /// The last curve's second control point, reflected by S (cubic) and T (quadratic).
    var lastCubicControl: Point?, lastQuadraticControl: Point?

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func parse() throws(VectorPathError) -> [GlyphOutline.Segment] {
        var command: UInt8?
        while true {
            skipSeparators()
            guard index < bytes.count else { break }
            let byte = bytes[index]
            let letter = Self.isCommand(byte)
            if letter {
                command = byte
                index += 1
            } else if command == nil || !Self.startsNumber(byte) {
                throw .unexpected(String(decoding: bytes[index..<min(index + 8, bytes.count)], as: UTF8.self),
                                  offset: index)
            }
            guard let active = command else { continue }
            try run(active, explicit: letter)
            // After M, implicit repeats are L (m: l).
            if active == UInt8(ascii: "M") { command = UInt8(ascii: "L") }
            if active == UInt8(ascii: "m") { command = UInt8(ascii: "l") }
            if active == UInt8(ascii: "Z") || active == UInt8(ascii: "z") { command = nil }
            guard segments.count <= VectorPath.maximumSegments else { throw .tooLong }
        }
        return segments
    }

    private static func isCommand(_ byte: UInt8) -> Bool {
        "MmLlHhVvCcSsQqTtAaZz".utf8.contains(byte)
    }

    private static func startsNumber(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
    }

    private mutating func skipSeparators() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D, 0x0C, UInt8(ascii: ",")].contains(bytes[index]) {
            index += 1
        }
    }

    /// The next number, or `nil` (the index unchanged) when none follows.
    private mutating func number() -> Double? {
        skipSeparators()
        let begin = index
        var end = index
        if end < bytes.count, bytes[end] == UInt8(ascii: "-") || bytes[end] == UInt8(ascii: "+") { end += 1 }
        var digits = false, dot = false
        while end < bytes.count {
            let byte = bytes[end]
            if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                digits = true
            } else if byte == UInt8(ascii: "."), !dot {
                dot = true
            } else {
                break
            }
            end += 1
        }
        guard digits else { return nil }
        if end < bytes.count, bytes[end] == UInt8(ascii: "e") || bytes[end] == UInt8(ascii: "E") {
            var exponent = end + 1
            if exponent < bytes.count, bytes[exponent] == UInt8(ascii: "-") || bytes[exponent] == UInt8(ascii: "+") {
                exponent += 1
            }
            var exponentDigits = false
            while exponent < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[exponent]) {
                exponent += 1
                exponentDigits = true
            }
            if exponentDigits { end = exponent }
        }
        guard let value = Double(String(decoding: bytes[begin..<end], as: UTF8.self)), value.isFinite else {
            return nil
        }
        index = end
        return value
    }

    /// An arc's flag: a lone 0 or 1 (SVG lets flags run into the next number: "a1 1 0 00 1 1").
    private mutating func flag() -> Bool? {
        skipSeparators()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "0") || bytes[index] == UInt8(ascii: "1") else {
            return nil
        }
        index += 1
        return bytes[index - 1] == UInt8(ascii: "1")
    }

    private mutating func numbers(_ count: Int, for command: UInt8, at offset: Int) throws(VectorPathError) -> [Double] {
        var values: [Double] = []
        for _ in 0..<count {
            guard let value = number() else {
                throw .missingNumbers(command: String(UnicodeScalar(command)), offset: offset)
            }
            values.append(value)
        }
        return values
    }

    /// One command with its numbers (`explicit`: the letter was written, so the numbers must follow).
    private mutating func run(_ command: UInt8, explicit: Bool) throws(VectorPathError) {
        let offset = index
        let relative = command >= UInt8(ascii: "a")
        let base = relative ? current : Point.zero
        func point(_ x: Double, _ y: Double) -> Point { Point(x: base.x + x, y: base.y + y) }
        switch command | 0x20 {  // lowercase
        case UInt8(ascii: "z"):
            segments.append(.close)
            current = start
            lastCubicControl = nil
            lastQuadraticControl = nil
            return
        case UInt8(ascii: "m"):
            let n = try numbers(2, for: command, at: offset)
            current = point(n[0], n[1])
            start = current
            segments.append(.move(to: current))
        case UInt8(ascii: "l"):
            let n = try numbers(2, for: command, at: offset)
            lineTo(point(n[0], n[1]))
        case UInt8(ascii: "h"):
            let n = try numbers(1, for: command, at: offset)
            lineTo(Point(x: (relative ? current.x : 0) + n[0], y: current.y))
        case UInt8(ascii: "v"):
            let n = try numbers(1, for: command, at: offset)
            lineTo(Point(x: current.x, y: (relative ? current.y : 0) + n[0]))
        case UInt8(ascii: "c"):
            let n = try numbers(6, for: command, at: offset)
            cubic(point(n[0], n[1]), point(n[2], n[3]), point(n[4], n[5]))
            return
        case UInt8(ascii: "s"):
            let n = try numbers(4, for: command, at: offset)
            let reflected = lastCubicControl.map { Point(x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current
            cubic(reflected, point(n[0], n[1]), point(n[2], n[3]))
            return
        case UInt8(ascii: "q"):
            let n = try numbers(4, for: command, at: offset)
            quadratic(point(n[0], n[1]), point(n[2], n[3]))
            return
        case UInt8(ascii: "t"):
            let n = try numbers(2, for: command, at: offset)
            let reflected = lastQuadraticControl.map { Point(x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) }
                ?? current
            quadratic(reflected, point(n[0], n[1]))
            return
        case UInt8(ascii: "a"):
            let radii = try numbers(3, for: command, at: offset)
            guard let large = flag(), let sweep = flag() else {
                throw .missingNumbers(command: String(UnicodeScalar(command)), offset: offset)
            }
            let end = try numbers(2, for: command, at: offset)
            arc(rx: radii[0], ry: radii[1], rotation: radii[2], large: large, sweep: sweep, to: point(end[0], end[1]))
        default:
            throw .unexpected(String(UnicodeScalar(command)), offset: offset)
        }
        lastCubicControl = nil
        lastQuadraticControl = nil
    }

    private mutating func ensureStarted() {
        if segments.isEmpty || { if case .close = segments.last { true } else { false } }() {
            segments.append(.move(to: current))
            start = current
        }
    }

    private mutating func lineTo(_ p: Point) {
        ensureStarted()
        segments.append(.line(to: p))
        current = p
    }

    private mutating func cubic(_ c1: Point, _ c2: Point, _ p: Point) {
        ensureStarted()
        segments.append(.cubic(control1: c1, control2: c2, to: p))
        lastCubicControl = c2
        lastQuadraticControl = nil
        current = p
    }

    private mutating func quadratic(_ c: Point, _ p: Point) {
        ensureStarted()
        segments.append(.quadratic(control: c, to: p))
        lastQuadraticControl = c
        lastCubicControl = nil
        current = p
    }

    /// An elliptical arc to `p` as cubic curves of at most 90° each (SVG 1.1 appendix F.6's center
    /// parameterization; radii scaled up when too small to reach).
    private mutating func arc(rx: Double, ry: Double, rotation: Double, large: Bool, sweep: Bool, to p: Point) {
        let p0 = current
        var rx = abs(rx), ry = abs(ry)
        guard rx > 0, ry > 0, p0 != p else { return lineTo(p) }
        let phi = rotation * .pi / 180, cosPhi = cos(phi), sinPhi = sin(phi)
        let dx = (p0.x - p.x) / 2, dy = (p0.y - p.y) / 2
        let x1 = cosPhi * dx + sinPhi * dy, y1 = -sinPhi * dx + cosPhi * dy
        let lambda = x1 * x1 / (rx * rx) + y1 * y1 / (ry * ry)
        if lambda > 1 {
            rx *= lambda.squareRoot()
            ry *= lambda.squareRoot()
        }
        let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var factor = denominator > 0 ? (max(numerator, 0) / denominator).squareRoot() : 0
        if large == sweep { factor = -factor }
        let cx1 = factor * rx * y1 / ry, cy1 = -factor * ry * x1 / rx
        let cx = cosPhi * cx1 - sinPhi * cy1 + (p0.x + p.x) / 2, cy = sinPhi * cx1 + cosPhi * cy1 + (p0.y + p.y) / 2
        func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double {
            atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        }
        let theta = angle(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry)
        var delta = angle((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry)
        if !sweep, delta > 0 { delta -= 2 * .pi }
        if sweep, delta < 0 { delta += 2 * .pi }
        let pieces = max(1, Int((abs(delta) / (.pi / 2)).rounded(.up)))
        let step = delta / Double(pieces)
        let k = 4.0 / 3.0 * tan(step / 4)
        func at(_ t: Double) -> (Point, Point) {
            let cosT = cos(t), sinT = sin(t)
            let point = Point(x: cx + rx * cosT * cosPhi - ry * sinT * sinPhi, y: cy + rx * cosT * sinPhi + ry * sinT * cosPhi)
            let tangent = Point(x: -rx * sinT * cosPhi - ry * cosT * sinPhi, y: -rx * sinT * sinPhi + ry * cosT * cosPhi)
            return (point, tangent)
        }
        for i in 0..<pieces {
            let (a, ta) = at(theta + Double(i) * step)
            let (b, tb) = at(theta + Double(i + 1) * step)
            let end = i == pieces - 1 ? p : b
            cubic(Point(x: a.x + k * ta.x, y: a.y + k * ta.y), Point(x: b.x - k * tb.x, y: b.y - k * tb.y), end)
        }
        lastCubicControl = nil
    }
}
