import Foundation

/// Geometry both writers share.
enum VectorGeometry {
    /// Where an image of `size` pixels lands to fill `box` as `fit` says (centered), as
    /// ``RGBAImage/draw(_:in:fit:cornerRadius:opacity:)`` places it.
    static func target(of size: (width: Int, height: Int), in box: Rect, fit: ImageFit) -> Rect {
        let width = Double(size.width), height = Double(size.height)
        switch fit {
        case .fill:
            return box
        case .contain, .cover:
            let ratio = fit == .contain ? min(box.width / width, box.height / height)
                : max(box.width / width, box.height / height)
            return Rect(x: box.x + (box.width - width * ratio) / 2, y: box.y + (box.height - height * ratio) / 2,
                        width: width * ratio, height: height * ratio)
        }
    }

    /// `rect` grown to whole pixels at `scale` pixels a point (rounded out), in points: where the raster clips.
    static func wholePixels(_ rect: Rect, scale: Double) -> Rect {
        let left = (rect.x * scale).rounded(.down) / scale, top = (rect.y * scale).rounded(.down) / scale
        let right = ((rect.x + rect.width) * scale).rounded(.up) / scale
        let bottom = ((rect.y + rect.height) * scale).rounded(.up) / scale
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// A linear gradient's line over `box` (points).
    static func line(of gradient: LinearGradient, over box: Rect) -> (start: Point, end: Point) {
        gradient.line(over: box)
    }

    /// A paint SVG and PDF have no gradient for (angular, diamond) as the raster draws it over `box` (points), two
    /// pixels a pixel of the page at `scale` and at most 2,048 a side: the image the writers embed in its place.
    static func pictured(_ paint: Paint, over box: Rect, scale: Double) -> RGBAImage {
        let density = 2 * max(scale.isFinite ? scale : 1, 1)
        func side(_ length: Double) -> Int { Int(min(max((length * density).rounded(.up), 1), 2048)) }
        var picture = RGBAImage(width: side(box.width), height: side(box.height))
        picture.fill(Rect(x: 0, y: 0, width: Double(picture.width), height: Double(picture.height)), paint: paint)
        return picture
    }

    /// A radial gradient's center and radius over `box` (points): `radius`, else the farthest corner.
    static func circle(of gradient: RadialGradient, over box: Rect) -> (center: Point, radius: Double) {
        let cx = box.x + box.width * gradient.centerX, cy = box.y + box.height * gradient.centerY
        if let radius = gradient.radius { return (Point(x: cx, y: cy), radius) }
        let dx = max(cx - box.x, box.x + box.width - cx), dy = max(cy - box.y, box.y + box.height - cy)
        return (Point(x: cx, y: cy), (dx * dx + dy * dy).squareRoot())
    }

    /// A rounded rectangle's outline as cubic Béziers (the radius clamped to half the shorter side, as the
    /// rasterizer clamps it), clockwise from the top-left corner's end: `move`, then `line`/`curve` calls, then
    /// `close`.
    static func roundedRect(_ rect: Rect, corners: CornerRadii, move: (Point) -> Void, line: (Point) -> Void,
                            curve: (Point, Point, Point) -> Void, close: () -> Void) {
        for segment in VectorPath.roundedRect(rect, corners: corners).segments {
            switch segment {
            case .move(let p): move(p)
            case .line(let p): line(p)
            case .cubic(let c1, let c2, let p): curve(c1, c2, p)
            case .quadratic(let c, let p): curve(c, c, p)  // not made by a rounded rectangle
            case .close: close()
            }
        }
    }
}
