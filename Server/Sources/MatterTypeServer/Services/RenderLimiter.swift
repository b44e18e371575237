import NIOPosix
import Tracing

/// At most N renders at once; the others wait their turn in order, up to a deadline. Inside its slot a render runs
/// each stage either where its request runs (short stages: no thread hop) or on NIO's blocking-work thread pool
/// (long ones, so CPU-bound work never holds an event loop or the cooperative pool for long).
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

    /// Runs `body` holding a slot, once one is free (the wait traced as "wait for render slot").
    /// - Throws: ``RenderLimiterError/busy`` when no slot freed up within the timeout; else what `body` throws.
    func withSlot<T: Sendable>(_ body: (Slot) async throws -> T) async throws -> T {
        let entered = await withSpan(RenderTracing.waitForSlot) { span in
            let entered = await gate.enter(timeout: timeout)
            if !entered { span.setStatus(SpanStatus(code: .error, message: "every render slot stayed busy")) }
            return entered
        }
        guard entered else { throw RenderLimiterError.busy }
        do {
            let result = try await body(Slot(threadPool: threadPool))
            await gate.leave()
            return result
        } catch {
            await gate.leave()
            throw error
        }
    }

    /// A held render slot: where its stages run.
    struct Slot: Sendable {
        fileprivate let threadPool: NIOThreadPool

        /// Runs `work` here when `short` (measured small: no thread hop, which is most of what a small render
        /// costs beyond its work), else on the blocking-work thread pool.
        func run<T: Sendable>(short: Bool, _ work: @escaping @Sendable () throws -> T) async throws -> T {
            short ? try work() : try await threadPool.runIfActive(work)
        }
    }
}

/// Why a render did not run.
enum RenderLimiterError: Error {
    /// Every slot stayed busy past the timeout.
    case busy
}
