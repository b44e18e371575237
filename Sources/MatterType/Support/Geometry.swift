/// A width and height in points.
public struct Size: Sendable, Hashable, Codable {
    /// The width in points.
    public var width: Double
    /// The height in points.
    public var height: Double

    /// A size from its width and height.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// A position in points: x to the right, y down, from the top-left corner.
public struct Point: Sendable, Hashable, Codable {
    /// Points from the left.
    public var x: Double
    /// Points from the top.
    public var y: Double

    /// A point from its coordinates.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The top-left corner.
    public static let zero = Point(x: 0, y: 0)
}

/// An image's width and height in pixels.
public struct PixelSize: Sendable, Hashable, Codable {
    /// The width in pixels.
    public var width: Int
    /// The height in pixels.
    public var height: Int

    /// A size from its width and height.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Whether the image has at most `limit` pixels (and neither side is larger), without overflowing however
    /// large the sides are: the one check before allocating an image.
    public func fits(pixelCount limit: Int) -> Bool {
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        return !overflow && count <= limit && width <= limit && height <= limit
    }
}

/// A rectangle in points: its top-left corner and size, y growing downwards.
public struct Rect: Sendable, Hashable, Codable {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double

    /// A rectangle from its left and top edges and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The right edge.
    public var maxX: Double { x + width }
    /// The bottom edge.
    public var maxY: Double { y + height }
    /// Whether it covers no area.
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The smallest rectangle holding both; an empty one adds nothing.
    public func union(_ other: Rect) -> Rect {
        if other.isEmpty { return self }
        if isEmpty { return other }
        let left = min(x, other.x), top = min(y, other.y)
        return Rect(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }
}

/// The radii of a rectangle's four corners (CSS `border-radius`, Figma's `rectangleCornerRadii`). A number is
/// the same radius at every corner: `corners: 12`.
public struct CornerRadii: Sendable, Hashable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// The top-left corner's radius.
    public var topLeft: Double
    /// The top-right corner's radius.
    public var topRight: Double
    /// The bottom-right corner's radius.
    public var bottomRight: Double
    /// The bottom-left corner's radius.
    public var bottomLeft: Double

    /// Each corner's radius, clockwise from the top left (CSS's order).
    public init(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }

    /// The same radius at every corner.
    public init(_ radius: Double) { self.init(topLeft: radius, topRight: radius, bottomRight: radius, bottomLeft: radius) }

    /// The same radius at every corner.
    public init(floatLiteral value: Double) { self.init(value) }

    /// The same radius at every corner.
    public init(integerLiteral value: Int) { self.init(Double(value)) }

    /// The radii clockwise from the top left.
    public var all: [Double] { [topLeft, topRight, bottomRight, bottomLeft] }

    /// Whether every corner has the same radius.
    public var isUniform: Bool { topLeft == topRight && topRight == bottomRight && bottomRight == bottomLeft }

    /// Each radius `transform`ed.
    public func map(_ transform: (Double) -> Double) -> CornerRadii {
        CornerRadii(topLeft: transform(topLeft), topRight: transform(topRight), bottomRight: transform(bottomRight),
                    bottomLeft: transform(bottomLeft))
    }

    /// The radii as drawn on `rect`: negative or not finite ones 0, and all scaled down together where two on one
    /// side would overlap (CSS Backgrounds §5.5).
    func fitted(to rect: Rect) -> CornerRadii {
        let radii = map { $0.isFinite ? max($0, 0) : 0 }
        let width = max(rect.width, 0), height = max(rect.height, 0)
        var factor = 1.0
        for (sum, side) in [(radii.topLeft + radii.topRight, width), (radii.bottomLeft + radii.bottomRight, width),
                            (radii.topLeft + radii.bottomLeft, height), (radii.topRight + radii.bottomRight, height)]
        where sum > side {
            factor = min(factor, side / sum)
        }
        return factor < 1 ? radii.map { $0 * factor } : radii
    }
}

/// The widths of a box's four edges (a border's: CSS `border-width`, Figma's `individualStrokeWeights`). A number
/// is the same width on every edge: `widths: 2`.
public struct EdgeWidths: Sendable, Hashable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// The top edge's width.
    public var top: Double
    /// The right edge's width.
    public var right: Double
    /// The bottom edge's width.
    public var bottom: Double
    /// The left edge's width.
    public var left: Double

    /// Each edge's width, clockwise from the top (CSS's order).
    public init(top: Double, right: Double, bottom: Double, left: Double) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }

    /// The same width on every edge.
    public init(_ width: Double) { self.init(top: width, right: width, bottom: width, left: width) }

    /// The same width on every edge.
    public init(floatLiteral value: Double) { self.init(value) }

    /// The same width on every edge.
    public init(integerLiteral value: Int) { self.init(Double(value)) }

    /// The widths clockwise from the top.
    public var all: [Double] { [top, right, bottom, left] }

    /// Each width `transform`ed.
    public func map(_ transform: (Double) -> Double) -> EdgeWidths {
        EdgeWidths(top: transform(top), right: transform(right), bottom: transform(bottom), left: transform(left))
    }

    /// `rect` with these widths taken off its edges (never below an empty rectangle).
    func inset(_ rect: Rect) -> Rect {
        Rect(x: rect.x + left, y: rect.y + top, width: max(rect.width - left - right, 0),
             height: max(rect.height - top - bottom, 0))
    }

    /// The corners inside a border of these widths around corners `outer`: each radius less the wider of its two
    /// edges (CSS makes the inner corner an ellipse, r − left by r − top; one radius takes the smaller).
    func inner(_ outer: CornerRadii) -> CornerRadii {
        CornerRadii(topLeft: max(outer.topLeft - max(left, top), 0), topRight: max(outer.topRight - max(right, top), 0),
                    bottomRight: max(outer.bottomRight - max(right, bottom), 0),
                    bottomLeft: max(outer.bottomLeft - max(left, bottom), 0))
    }
}
