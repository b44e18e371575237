/// How a child placed at its x and y follows its frame when the frame is laid out at another size than the one its
/// place was set for (the frame's ``CardFrameLayer/designWidth`` and ``CardFrameLayer/designHeight``): Figma's
/// constraints. In JSON `{"horizontal": "right", "vertical": "topBottom"}`, each key optional.
public struct CardConstraints: Sendable, Hashable {
    /// What keeps its distance as the frame grows or shrinks along one axis.
    public enum Pin: String, CaseIterable, Sendable, Hashable {
        /// The distance to the frame's start (left or top): it stays where it is.
        case start
        /// The distance to the frame's end (right or bottom): it moves by the difference.
        case end
        /// Both distances: a fixed size grows or shrinks by the difference.
        case both
        /// The distance to the frame's middle: it moves by half the difference.
        case center
        /// Its share of the frame: its place and fixed size scale with the frame.
        case scale
    }

    /// How it follows the frame's width.
    public var horizontal: Pin
    /// How it follows the frame's height.
    public var vertical: Pin

    /// Pinned `horizontal`ly and `vertical`ly (both at the start by default: the child keeps its x and y).
    public init(horizontal: Pin = .start, vertical: Pin = .start) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// The pin on one axis.
    func pin(horizontal isHorizontal: Bool) -> Pin { isHorizontal ? horizontal : vertical }

    /// Where a child at `position` sized `size` goes, and its size, in a frame laid out at `actual` that it was
    /// placed in at `design`: `nil` for the size where it keeps its own.
    static func follow(_ pin: Pin, position: Double, size: Double?, design: Double,
                       actual: Double) -> (position: Double, size: Double?) {
        let difference = actual - design
        switch pin {
        case .start: return (position, nil)
        case .end: return (position + difference, nil)
        case .center: return (position + difference / 2, nil)
        case .both: return (position, size.map { max($0 + difference, 0) })
        case .scale:
            guard design > 0 else { return (position, nil) }
            let factor = actual / design
            return (position * factor, size.map { $0 * factor })
        }
    }
}
