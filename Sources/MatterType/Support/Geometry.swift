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
