import NIOCore
import Synchronization

/// Closes a connection as soon as it is accepted when `limit` are open already, so that a flood of idle
/// connections cannot exhaust the process's descriptors. One handler per connection; they share the count.
final class ConnectionLimitHandler: ChannelInboundHandler, RemovableChannelHandler, Sendable {
    typealias InboundIn = NIOAny

    /// The connections open now, shared by every connection's handler.
    final class Count: Sendable {
        let open = Atomic<Int>(0)
    }

    private let count: Count
    private let limit: Int
    /// Whether this connection was counted (it is not when it was refused).
    private let counted = Atomic<Bool>(false)

    init(count: Count, limit: Int) {
        self.count = count
        self.limit = limit
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let now = count.open.add(1, ordering: .relaxed).newValue
        counted.store(true, ordering: .relaxed)
        if now > limit { context.close(promise: nil) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        if counted.exchange(false, ordering: .relaxed) { count.open.subtract(1, ordering: .relaxed) }
    }
}
