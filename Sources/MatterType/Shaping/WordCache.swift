import Synchronization

/// Shaped words of one face, so layout shapes each distinct word once, as browsers do.
///
/// Bounded: when it holds `capacity` words it starts again empty (cheap, and a working set of a few
/// thousand words refills at once). Safe to share between tasks.
final class WordCache: Sendable {
    struct Key: Hashable, Sendable {
        var text: [UInt32]
        var features: ShapingFeatures
    }

    private let entries = Mutex<[Key: ShapedUnits]>([:])
    private let capacity: Int

    init(capacity: Int = 20_000) {
        self.capacity = capacity
    }

    /// The shaped word for `key`, shaping it with `shape` on a miss.
    func shaped(_ key: Key, orShape shape: () -> ShapedUnits) -> ShapedUnits {
        if let hit = entries.withLock({ $0[key] }) { return hit }
        let shaped = shape()
        entries.withLock {
            if $0.count >= capacity { $0.removeAll(keepingCapacity: true) }
            $0[key] = shaped
        }
        return shaped
    }
}
