/// At most `limit` holders at once; the others wait their turn in arrival order, each up to its own deadline. The
/// one gate of the server: render slots (``RenderLimiter``) and font changes one at a time (``FontLibrary``).
actor FIFOGate {
    private let limit: Int
    private var holders = 0
    private var waiters: [(id: Int, continuation: CheckedContinuation<Bool, Never>)] = []
    private var nextID = 0

    /// A gate for `limit` holders (at least one).
    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// The number of holders now.
    var active: Int { holders }

    /// Waits for a turn: true once held, false when `timeout` passed first (`nil`: waits as long as it takes).
    /// A holder calls ``leave()`` exactly once.
    func enter(timeout: Duration? = nil) async -> Bool {
        if holders < limit, waiters.isEmpty {
            holders += 1
            return true
        }
        nextID += 1
        let id = nextID
        let timer = timeout.map { timeout in
            Task {
                try? await Task.sleep(for: timeout)
                self.expire(id)
            }
        }
        let granted = await withCheckedContinuation { waiters.append((id, $0)) }
        timer?.cancel()
        return granted
    }

    /// Hands the turn to the first waiter, or frees it.
    func leave() {
        if waiters.isEmpty {
            holders -= 1
        } else {
            waiters.removeFirst().continuation.resume(returning: true)
        }
    }

    private func expire(_ id: Int) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).continuation.resume(returning: false)
    }
}
