/// The time by which a drawing must be done: a long drawing checks it between its items, lines of text, blur
/// passes and outline levels, and stops with ``RenderError/deadlineExceeded(stage:)`` at the first check after it,
/// so that a server's request deadline also holds inside a draw. ``never`` (the default everywhere) never stops.
public struct RenderDeadline: Sendable, Hashable {
    /// The instant, on the continuous clock; `nil` for no deadline.
    public let instant: ContinuousClock.Instant?

    /// A deadline at `instant`.
    public init(_ instant: ContinuousClock.Instant) {
        self.instant = instant
    }

    private init(never: Void) {
        instant = nil
    }

    /// No deadline: drawings run to the end.
    public static let never = RenderDeadline(never: ())

    /// Whether the deadline has passed.
    public var hasPassed: Bool {
        guard let instant else { return false }
        return ContinuousClock.now > instant
    }

    /// Throws ``RenderError/deadlineExceeded(stage:)`` when the deadline has passed; `stage` names what was being
    /// drawn.
    public func check(_ stage: @autoclosure () -> String) throws(RenderError) {
        if hasPassed { throw .deadlineExceeded(stage: stage()) }
    }
}
