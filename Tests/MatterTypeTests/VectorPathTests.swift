import Foundation
import MatterType
import Testing

/// SVG path data read into ``VectorPath`` (SVG 1.1 §8.3): every command, absolute and relative, and what is refused.
@Suite("Vector paths")
struct VectorPathTests {
    func path(_ data: String) throws -> [GlyphOutline.Segment] { try VectorPath(svgPathData: data).segments }

    @Test("relative commands, H and V, implicit repeats and compact numbers read as their absolute forms")
    func relativeAndShortForms() throws {
        let absolute = try path("M10 10 L20 10 L20 30 L10 30 Z")
        #expect(try path("m10,10 l10,0 l0,20 l-10,0 z") == absolute)
        #expect(try path("M10 10H20V30H10Z") == absolute)
        #expect(try path("M10 10 20 10 20 30 10 30z") == absolute)  // after M, pairs are lines
        #expect(try path("M10-5L.5.5") == [.move(to: Point(x: 10, y: -5)), .line(to: Point(x: 0.5, y: 0.5))])
        #expect(try path("M0 0L1e1 2E-1") == [.move(to: Point(x: 0, y: 0)), .line(to: Point(x: 10, y: 0.2))])
    }

    @Test("S and T reflect the previous control point; a lone S or T uses the current point")
    func smoothCurves() throws {
        let s = try path("M0 0 C0 10 10 10 10 0 S20 -10 20 0")
        #expect(s.last == .cubic(control1: Point(x: 10, y: -10), control2: Point(x: 20, y: -10), to: Point(x: 20, y: 0)))
        let t = try path("M0 0 Q5 10 10 0 T20 0")
        #expect(t.last == .quadratic(control: Point(x: 15, y: -10), to: Point(x: 20, y: 0)))
        #expect(try path("M0 0 T10 0").last == .quadratic(control: Point(x: 0, y: 0), to: Point(x: 10, y: 0)))
    }

    @Test("an arc becomes cubic curves through its end point on the ellipse (SVG F.6), flags run together")
    func arcs() throws {
        // A half circle of radius 10 from (0, 0) to (20, 0), sweeping clockwise (y down): through (10, -10).
        let segments = try path("M0 0 A10 10 0 0 1 20 0")
        #expect(segments.count == 3)  // move and two quarter arcs
        guard case .cubic(_, _, let middle) = segments[1], case .cubic(_, _, let end) = segments[2] else {
            Issue.record("not cubic curves: \(segments)")
            return
        }
        #expect(abs(middle.x - 10) < 1e-9 && abs(middle.y + 10) < 1e-9 && end == Point(x: 20, y: 0))
        // Flags written without separators ("a10 10 0 0120 0" is 0, 1, 20, 0), radii too small scaled up.
        #expect(try path("M0 0a10 10 0 0120 0") == segments)
        #expect(try path("M0 0 A1 1 0 0 1 20 0").count == 3)
    }

    @Test("bad path data is an error naming the place")
    func errors() {
        #expect(throws: VectorPathError.unexpected("X10", offset: 4)) { try path("M0 0X10") }
        #expect(throws: VectorPathError.missingNumbers(command: "L", offset: 5)) { try path("M0 0L5") }
        #expect(throws: VectorPathError.unexpected("5 5", offset: 0)) { try path("5 5") }
        let long = "M0 0" + String(repeating: "L1 1", count: VectorPath.maximumSegments + 1)
        #expect(throws: VectorPathError.tooLong) { try path(long) }
    }
}
