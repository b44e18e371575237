import NIOPosix

/// At most N renders at once, each on NIO's blocking-work thread pool (so CPU-bound layout never holds an event
/// loop or the cooperative pool); the others wait their turn in order, up to a deadline.
struct RenderLimiter: Sendable {
    private let gate: FIFOGate
    private let timeout: Duration
    private let threadPool: NIOThreadPool

    /// At most `limit` renders at once; a render waits at most `timeout` for its turn.
    init(limit: Int, timeout: Duration, threadPool: NIOThreadPool = .singleton) {
        gate = FIFOGate(limit: limit)
        self.timeout = timeout
        self.threadPool = threadPool
    }

    /// The renders running now.
    var active: Int {
        get async { await gate.active }
    }

    /// Runs `work` on the thread pool when a slot is free.
    /// - Throws: ``RenderLimiterError/busy`` when no slot freed up within the timeout; else what `work` throws.
    func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        guard await gate.enter(timeout: timeout) else { throw RenderLimiterError.busy }
        do {
            let result = try await threadPool.runIfActive(work)
            await gate.leave()
            return result
        } catch {
            await gate.leave()
            throw error
        }
    }
}

/// Why a render did not run.
enum RenderLimiterError: Error {
    /// Every slot stayed busy past the timeout.
    case busy
}
