/// Values made on first use and kept for every thread, up to a bound: the engine's caches whose keys come from
/// what is laid out (faces by identity, coordinates, languages, features), so that however varied the requests,
/// a cache holds at most ``limit`` entries. When full it starts again empty (cheaper than tracking use, and the
/// entries in use stay alive in the layouts that hold them).
///
/// A cache belongs to the object that uses it — a ``FontRegistry`` (on its ``CacheShelf`` when a later stage makes
/// it), a ``TextRenderer`` — keyed by a face's ``FontFace/id`` rather than stored in the face.
final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: ShelvedCache {
    /// What `/metrics` calls it (`word_caches`).
    let name: String
    /// The most entries kept.
    let limit: Int
    private let entries = Locked<[Key: Value]>([:])

    /// An empty cache called `name` that keeps at most `limit` entries.
    init(_ name: String, limit: Int) {
        self.name = name
        self.limit = limit
    }

    /// The value for `key`: the one kept, or a new one from `make` (called outside the lock, so it may take time
    /// and use other caches; when two threads make the same value at once, the first kept wins).
    func value<E: Error>(for key: Key, make: () throws(E) -> Value) throws(E) -> Value {
        if let known = entries.withLock({ $0[key] }) { return known }
        let made = try make()
        return entries.withLock { entries in
            if let known = entries[key] { return known }
            if entries.count >= limit { entries.removeAll() }
            entries[key] = made
            return made
        }
    }

    /// The number of entries kept now.
    var count: Int { entries.withLock { $0.count } }

    /// Every value kept now.
    var values: [Value] { entries.withLock { Array($0.values) } }

    /// The entries kept and the limit.
    var size: CacheSize { CacheSize(name: name, entries: count, limit: limit) }

    /// Forgets every entry.
    func removeAll() {
        entries.withLock { $0.removeAll() }
    }
}
