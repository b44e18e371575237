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
}
