import NIOPosix

/// At most N renders at once, each on NIO's blocking-work thread pool (so CPU-bound layout never holds an event
/// loop or the cooperative pool); the others wait their turn in order, up to a deadline.
actor RenderLimiter {
    private let limit: Int
    private let timeout: Duration
    private var running = 0
    private var waiters: [(id: Int, continuation: CheckedContinuation<Bool, Never>)] = []
    private var nextID = 0
    private let threadPool: NIOThreadPool

    init(limit: Int, timeout: Duration, threadPool: NIOThreadPool = .singleton) {
        self.limit = max(1, limit)
        self.timeout = timeout
        self.threadPool = threadPool
    }

    /// Renders now running.
    var active: Int { running }

    /// Runs `work` on the thread pool once a slot is free.
    /// - Throws: ``RenderLimiterError/busy`` when no slot freed up within the timeout; `work`'s error.
    nonisolated func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        guard await acquire() else { throw RenderLimiterError.busy }
        do {
            let result = try await threadPool.runIfActive(work)
            await release()
            return result
        } catch {
            await release()
            throw error
        }
    }

    private func acquire() async -> Bool {
        if running < limit, waiters.isEmpty {
            running += 1
            return true
        }
        nextID += 1
        let id = nextID
        let timer = Task { [timeout] in
            try? await Task.sleep(for: timeout)
            self.expire(id)
        }
        let granted = await withCheckedContinuation { waiters.append((id, $0)) }
        timer.cancel()
        return granted
    }

    /// Gives the slot to the first waiter, or frees it.
    private func release() {
        if waiters.isEmpty {
            running -= 1
        } else {
            waiters.removeFirst().continuation.resume(returning: true)
        }
    }

    private func expire(_ id: Int) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).continuation.resume(returning: false)
    }
}

/// Why a render did not run.
enum RenderLimiterError: Error {
    /// Every slot stayed busy past the timeout.
    case busy
}
