import Foundation
import MatterType

/// Dashed strokes drawn from a node's box when the file has no stroke geometry (it was fetched without
/// `geometry=paths`): the stroke's middle line is walked along with `strokeDashes` (dash, gap, …, repeated), and each
/// dash becomes the stroke's band there, butt-ended. Figma's own outlines, when the file has them, are drawn instead.
extension FigmaConverter {
    /// The most dashes one stroke is cut into: past it the stroke is drawn solid (a warning says so).
    static let maximumDashes = 10_000

    /// The middle line of a stroke `reach` points outside the edge of `rect` (negative: inside), its corners rounded
    /// by `corners` grown as much: a closed polyline clockwise from the top edge's start (after the top-left
    /// corner, where SVG's `<rect>` starts its dashes), arcs in 8 steps a corner.
    static func strokeLine(around rect: Rect, corners: CornerRadii, reach: Double) -> [Point] {
        let box = Rect(x: rect.x - reach, y: rect.y - reach, width: max(rect.width + 2 * reach, 0),
                       height: max(rect.height + 2 * reach, 0))
        let most = min(box.width, box.height) / 2
        func radius(_ r: Double) -> Double { r > 0 ? min(max(r + reach, 0), most) : 0 }
        // Each corner's center and the angle its arc starts at (clockwise, y down: 180° is the left).
        let arcs = [(radius(corners.topLeft), Point(x: box.x, y: box.y), 1.0, 1.0, 180.0),
                    (radius(corners.topRight), Point(x: box.maxX, y: box.y), -1.0, 1.0, 270.0),
                    (radius(corners.bottomRight), Point(x: box.maxX, y: box.maxY), -1.0, -1.0, 0.0),
                    (radius(corners.bottomLeft), Point(x: box.x, y: box.maxY), 1.0, -1.0, 90.0)]
        var points: [Point] = [], firstArc = 0
        for (r, corner, sx, sy, start) in arcs {
            if points.isEmpty { firstArc = r > 0 ? 9 : 1 }
            let center = Point(x: corner.x + sx * r, y: corner.y + sy * r)
            let steps = r > 0 ? 8 : 0
            for step in 0...steps {
                let angle = (start + 90 * Double(step) / Double(max(steps, 1))) * .pi / 180
                points.append(Point(x: center.x + r * cos(angle), y: center.y + r * sin(angle)))
            }
        }
        return Array(points[(firstArc - 1)...] + points[..<(firstArc - 1)])
    }

    /// The middle line of an ellipse's stroke `reach` points outside `rect`'s ellipse: 96 points clockwise from its
    /// right end (where SVG's `<ellipse>` starts its dashes).
    static func strokeLine(aroundEllipseIn rect: Rect, reach: Double) -> [Point] {
        let rx = max(rect.width / 2 + reach, 0), ry = max(rect.height / 2 + reach, 0)
        let center = Point(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2)
        return (0..<96).map { step in
            let angle = 360 * Double(step) / 96 * .pi / 180
            return Point(x: center.x + rx * cos(angle), y: center.y + ry * sin(angle))
        }
    }

    /// The dashes of a stroke `width` wide along `line` (closed: back to its first point), cut by `pattern` (SVG's
    /// `stroke-dasharray`: an odd count is repeated), each its band (and `cap`: NONE, ROUND or SQUARE) as polygons wound alike (filled nonzero, their
    /// overlaps at the bends count once); `nil` when the pattern cuts nothing (no length) or more than
    /// ``maximumDashes`` dashes.
    static func dashes(along line: [Point], closed: Bool, width: Double, pattern: [Double],
                       cap: String = "NONE") -> VectorPath? {
        let pattern = pattern.count % 2 == 1 ? pattern + pattern : pattern
        let period = pattern.reduce(0, +)
        guard line.count >= 2, width > 0, width.isFinite, pattern.allSatisfy({ $0 >= 0 && $0.isFinite }),
              period > 0 else { return nil }
        let points = closed ? line + [line[0]] : line
        var length = 0.0
        for i in 1..<points.count { length += distance(points[i - 1], points[i]) }
        guard length / period * Double(pattern.count) / 2 <= Double(maximumDashes) else { return nil }
        let half = width / 2
        var segments: [GlyphOutline.Segment] = []
        /// A polygon, turned to wind counter-clockwise on screen (a positive area with y down) whatever its order.
        func add(_ polygon: [Point]) {
            var area = 0.0
            for i in polygon.indices {
                let p = polygon[i], q = polygon[(i + 1) % polygon.count]
                area += p.x * q.y - q.x * p.y
            }
            guard abs(area) > 1e-12 else { return }
            let ordered = area > 0 ? polygon : polygon.reversed()
            segments.append(.move(to: ordered[0]))
            for p in ordered.dropFirst() { segments.append(.line(to: p)) }
            segments.append(.close)
        }
        /// The band along `a` → `b`, and the wedge joining it to the previous piece's end at `a`.
        func band(_ a: Point, _ b: Point, joining previous: Point?) {
            guard let n = normal(a, b) else { return }
            add([Point(x: a.x + n.x, y: a.y + n.y), Point(x: b.x + n.x, y: b.y + n.y),
                 Point(x: b.x - n.x, y: b.y - n.y), Point(x: a.x - n.x, y: a.y - n.y)])
            if let previous, let m = normal(previous, a) {
                // The two bands' outer corners and the bend: a miter-like wedge on each side.
                add([a, Point(x: a.x + m.x, y: a.y + m.y), Point(x: a.x + n.x, y: a.y + n.y)])
                add([a, Point(x: a.x - m.x, y: a.y - m.y), Point(x: a.x - n.x, y: a.y - n.y)])
            }
        }
        /// Half the width across `a` → `b` (its unit vector turned a quarter); `nil` when they are one point.
        func normal(_ a: Point, _ b: Point) -> Point? {
            unit(a, b).map { Point(x: -$0.y * half, y: $0.x * half) }
        }
        /// A cap at a dash's end `p`, going on in `direction` (a unit vector): a disc (ROUND) or half a square
        /// (SQUARE) past the end.
        func capAt(_ p: Point, direction: Point) {
            switch cap {
            case "ROUND":
                add((0..<16).map { step in
                    let angle = Double(step) * .pi / 8
                    return Point(x: p.x + half * cos(angle), y: p.y + half * sin(angle))
                })
            case "SQUARE":
                band(p, Point(x: p.x + direction.x * half, y: p.y + direction.y * half), joining: nil)
            default:
                break
            }
        }
        var index = 0, left = pattern[0], drawing = true
        var previous: Point?
        var lastDirection = Point(x: 1, y: 0)
        if pattern[0] > 0, let first = points.first, points.count > 1, let d = unit(first, points[1]) {
            capAt(first, direction: Point(x: -d.x, y: -d.y))
        }
        for i in 1..<points.count {
            var a = points[i - 1]
            let b = points[i]
            var rest = distance(a, b)
            guard let direction = unit(a, b) else { continue }
            lastDirection = direction
            while rest > 1e-9 {
                let step = min(left, rest)
                let t = step / rest
                let next = Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                if drawing { band(a, next, joining: previous) }
                previous = drawing ? a : nil
                a = next
                rest -= step
                left -= step
                if left <= 1e-9 {
                    // A dash ends (its cap goes on ahead) or a gap does (the next dash's cap reaches back).
                    capAt(a, direction: drawing ? direction : Point(x: -direction.x, y: -direction.y))
                    index = (index + 1) % pattern.count
                    left = pattern[index]
                    drawing = index % 2 == 0
                    previous = nil
                }
            }
        }
        if drawing, let last = points.last, left < pattern[index] { capAt(last, direction: lastDirection) }
        return segments.isEmpty ? nil : VectorPath(segments: segments)
    }

    /// The unit vector from `a` to `b`; `nil` when they are one point.
    private static func unit(_ a: Point, _ b: Point) -> Point? {
        let d = distance(a, b)
        return d > 1e-9 ? Point(x: (b.x - a.x) / d, y: (b.y - a.y) / d) : nil
    }

    private static func distance(_ a: Point, _ b: Point) -> Double {
        ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
    }
}
