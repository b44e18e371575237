/// At most `limit` holders at once; the others wait their turn in arrival order, each up to its own deadline. The
/// one gate of the server: render slots (``RenderLimiter``) and font changes one at a time (``FontLibrary``).
///
/// One timer serves every waiter: it sleeps until the earliest deadline, turns away the waiters past theirs, and
/// sleeps again while any waits. (A timer task per waiter — half the requests under `wrk -c4` against two slots —
/// woke libdispatch's timer thread about once a request, preempting a render each time.)
actor FIFOGate {
    private let limit: Int
    private var holders = 0
    private var waiters: [Waiter] = []
    /// The timer running now: its task, when it wakes, and its number (a timer replaced while it was waking to
    /// enter the gate does nothing).
    private var timer: (task: Task<Void, Never>, wakesAt: ContinuousClock.Instant, id: Int)?
    private var nextTimerID = 0

    private struct Waiter {
        /// `nil`: waits as long as it takes.
        let deadline: ContinuousClock.Instant?
        let continuation: CheckedContinuation<Bool, Never>
    }

    /// A gate for `limit` holders (at least one).
    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// The number of holders now.
    var active: Int { holders }
    /// The number of waiters now.
    var waiting: Int { waiters.count }

    /// Waits for a turn: true once held, false when `timeout` passed first (`nil`: waits as long as it takes).
    /// A holder calls ``leave()`` exactly once.
    func enter(timeout: Duration? = nil) async -> Bool {
        if holders < limit, waiters.isEmpty {
            holders += 1
            return true
        }
        let deadline = timeout.map { ContinuousClock.now + $0 }
        return await withCheckedContinuation { continuation in
            waiters.append(Waiter(deadline: deadline, continuation: continuation))
            if deadline != nil { armTimer() }
        }
    }

    /// Hands the turn to the first waiter, or frees it.
    func leave() {
        if waiters.isEmpty {
            holders -= 1
        } else {
            waiters.removeFirst().continuation.resume(returning: true)
        }
    }

    /// Makes the timer wake by the earliest waiter's deadline: a new one when none runs or the one running wakes
    /// later; none when no waiter has a deadline (one running then wakes to find nothing, and stops).
    private func armTimer() {
        guard let earliest = waiters.lazy.compactMap(\.deadline).min() else { return }
        if let timer, timer.wakesAt <= earliest { return }
        timer?.task.cancel()
        nextTimerID += 1
        let id = nextTimerID
        let task = Task {
            try? await Task.sleep(until: earliest, clock: .continuous)
            self.timerFired(id)
        }
        timer = (task, earliest, id)
    }

    /// Turns away every waiter past its deadline, then sets the timer for the next.
    private func timerFired(_ id: Int) {
        guard timer?.id == id else { return }
        timer = nil
        let now = ContinuousClock.now
        waiters.removeAll { waiter in
            guard let deadline = waiter.deadline, deadline <= now else { return false }
            waiter.continuation.resume(returning: false)
            return true
        }
        armTimer()
    }
}
