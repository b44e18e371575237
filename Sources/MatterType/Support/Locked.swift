import Glibc

/// A value guarded by a `pthread_mutex_t`.
///
/// MatterType uses this rather than `Synchronization.Mutex`: on Linux that one is built on futexes, which the
/// thread sanitizer cannot see, so every access it guards would be reported as a race and `swift test
/// --sanitize=thread` could never be clean. Uncontended, both cost about the same.
///
/// Sendable when its value is (as swift-nio's `NIOLockedValueBox`): the lock makes access exclusive, but a
/// value that is not Sendable (a C handle) could still escape to another thread through `withLock`'s result, so
/// the places that lock such a value say why it is safe there.
final class Locked<Value> {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Behind a pointer rather than in a stored `var`: the lock already makes access exclusive, and a `var`
    /// would add Swift's dynamic exclusivity checks to every access.
    private let value: UnsafeMutablePointer<Value>

    init(_ value: Value) {
        self.value = UnsafeMutablePointer<Value>.allocate(capacity: 1)
        self.value.initialize(to: value)
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with the value while holding the lock.
    @inline(__always)
    func withLock<T, E: Error>(_ body: (inout Value) throws(E) -> T) throws(E) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}

// @unchecked: `value` is only read or written between pthread_mutex_lock and pthread_mutex_unlock, and a
// Sendable value may cross threads anyway.
extension Locked: @unchecked Sendable where Value: Sendable {}
