import Foundation

/// Anti-aliased coverage of outlines: the exact area of each pixel an outline covers, as Skia and FreeType's
/// smooth rasterizer work it out (signed areas along each edge, summed across each row). Color glyphs' clips and
/// ``VectorPath`` fills use it.
struct PathCoverage {
    /// The bitmap's size in pixels.
    let width: Int
    let height: Int

    /// The area of each pixel inside `segments` under `transform` (0…1, by `fillRule`): curves flattened to
    /// lines within a twentieth of a pixel, each line adding the signed area it encloses to its right, summed
    /// along each row. Even-odd folds the summed winding area: 1 − |1 − (|w| mod 2)|.
    func coverage(of segments: [GlyphOutline.Segment], transform: AffineTransform,
                  fillRule: VectorPath.FillRule = .nonzero) -> [Float] {
        var area = [Float](repeating: 0, count: width * height)
        var start = Point.zero, current = Point.zero
        func line(to p: Point) {
            addLine(from: current, to: p, into: &area)
            current = p
        }
        for segment in segments {
            switch segment {
            case .move(let p):
                if current != start { addLine(from: current, to: start, into: &area) }
                start = transform.apply(p)
                current = start
            case .line(let p):
                line(to: transform.apply(p))
            case .quadratic(let c, let p):
                let p0 = current, p1 = transform.apply(c), p2 = transform.apply(p)
                let bend = hypot(p0.x - 2 * p1.x + p2.x, p0.y - 2 * p1.y + p2.y)
                let steps = Self.steps(bend)
                for i in 1...steps {
                    let t = Double(i) / Double(steps), u = 1 - t
                    line(to: Point(x: u * u * p0.x + 2 * u * t * p1.x + t * t * p2.x,
                                   y: u * u * p0.y + 2 * u * t * p1.y + t * t * p2.y))
                }
            case .cubic(let c1, let c2, let p):
                let p0 = current, p1 = transform.apply(c1), p2 = transform.apply(c2), p3 = transform.apply(p)
                let bend = max(hypot(p0.x - 2 * p1.x + p2.x, p0.y - 2 * p1.y + p2.y),
                               hypot(p1.x - 2 * p2.x + p3.x, p1.y - 2 * p2.y + p3.y)) * 1.5
                let steps = Self.steps(bend)
                for i in 1...steps {
                    let t = Double(i) / Double(steps), u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    line(to: Point(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x,
                                   y: a * p0.y + b * p1.y + c * p2.y + d * p3.y))
                }
            case .close:
                if current != start { addLine(from: current, to: start, into: &area) }
                current = start
            }
        }
        if current != start { addLine(from: current, to: start, into: &area) }
        for y in 0..<height {
            var sum: Float = 0
            for x in 0..<width {
                sum += area[y * width + x]
                if fillRule == .nonzero {
                    area[y * width + x] = min(1, abs(sum))
                } else {
                    let folded = abs(sum).truncatingRemainder(dividingBy: 2)
                    area[y * width + x] = 1 - abs(1 - folded)
                }
            }
        }
        return area
    }

    /// Lines a curve bending by `bend` pixels (its control polygon's second difference) is cut into: the
    /// chord of each then strays under 1/20 pixel from it.
    private static func steps(_ bend: Double) -> Int {
        guard bend.isFinite else { return 1 }
        return min(256, max(1, Int((bend / (8 * 0.05)).squareRoot().rounded(.up))))
    }

    /// Adds the line's signed area: each row it crosses gets, in each pixel, the change of the share of that
    /// pixel lying right of the line (so that summing a row left to right gives the covered area). Parts above
    /// or below the bitmap are dropped; parts left of it count at its left edge, right of it not at all.
    private func addLine(from p: Point, to q: Point, into area: inout [Float]) {
        guard p.y != q.y, p.x.isFinite, p.y.isFinite, q.x.isFinite, q.y.isFinite else { return }
        let direction: Double = p.y < q.y ? 1 : -1
        let (upper, lower) = p.y < q.y ? (p, q) : (q, p)
        let dxdy = (lower.x - upper.x) / (lower.y - upper.y)
        // Clamped before they become integers: a finite coordinate may still be past any Int (1e20).
        let firstRow = Int(min(max(0, upper.y.rounded(.down)), Double(height)))
        let endRow = Int(min(max(0, lower.y.rounded(.up)), Double(height)))
        guard firstRow < endRow else { return }
        for row in firstRow..<endRow {
            let y0 = max(upper.y, Double(row)), y1 = min(lower.y, Double(row + 1))
            guard y1 > y0 else { continue }
            let xa = upper.x + (y0 - upper.y) * dxdy, xb = upper.x + (y1 - upper.y) * dxdy
            let x0 = min(xa, xb), x1 = max(xa, xb)
            let d = (y1 - y0) * direction
            let rowStart = row * width
            /// The signed area right of the line within columns up to and including `column`.
            func covered(_ column: Int) -> Double {
                let edge = Double(column + 1)
                if x1 - x0 < 1e-9 { return d * min(1, max(0, edge - x0)) }
                // ∫ clamp(edge − x, 0, 1) dx over x0…x1, averaged.
                func integral(_ u: Double) -> Double { u <= 0 ? 0 : (u < 1 ? u * u / 2 : u - 0.5) }
                return d * (integral(edge - x0) - integral(edge - x1)) / (x1 - x0)
            }
            if x1 < 0 {
                area[rowStart] += Float(d)
                continue
            }
            guard x0 < Double(width) else { continue }
            let first = Int(min(max(0, x0.rounded(.down)), Double(width - 1)))
            let last = Int(min(max(0, x1.rounded(.up)), Double(width - 1)))
            // `covered` is cumulative: nothing left of column floor(x0); at column 0 it includes what lies left.
            var previous = 0.0
            for column in first...last {
                let value = covered(column)
                area[rowStart + column] += Float(value - previous)
                previous = value
            }
            if last + 1 < width { area[rowStart + last + 1] += Float(d - previous) }
        }
    }
}
