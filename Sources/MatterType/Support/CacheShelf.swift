/// The number of entries a cache holds and the most it may hold.
public struct CacheSize: Sendable, Hashable {
    /// The cache's name, as `/metrics` labels it (`fallback_answers`).
    public let name: String
    /// Entries held now.
    public let entries: Int
    /// The most it holds.
    public let limit: Int
}

/// A cache kept on a ``CacheShelf``: it says how full it is and can be emptied.
protocol ShelvedCache: AnyObject, Sendable {
    /// Its name, entries and limit.
    var size: CacheSize { get }
    /// Forgets every entry.
    func removeAll()
}

/// The caches one owner keeps for the stages that use them, one of each type: a ``FontRegistry`` holds the word
/// caches of Shaping this way, as it cannot name their types (it comes before Shaping in the pipeline). The caches
/// live, are reported and are emptied with their owner, not in process-wide statics. ``process`` holds the few
/// that every registry shares because what they cache is the machine's (hyphenation dictionaries) or bounds the
/// process (HarfBuzz's plans by language).
final class CacheShelf: Sendable {
    /// The caches the whole process shares.
    static let process = CacheShelf()

    /// Each cache with its type's identity: a few, found by a scan (a layout looks its word caches up once, and
    /// hashing a key would cost more).
    private let caches = Locked<[(type: ObjectIdentifier, cache: any ShelvedCache)]>([])

    /// The shelf's cache of type `Cache`, made by `make` on first use. `make` runs under the shelf's lock: it only
    /// makes an empty cache. A stage with two caches of one type wraps one in a type of its own.
    func cache<Cache: ShelvedCache>(_ make: () -> Cache) -> Cache {
        let type = ObjectIdentifier(Cache.self)
        return caches.withLock { caches in
            if let entry = caches.first(where: { $0.type == type }) {
                return unsafeDowncast(entry.cache as AnyObject, to: Cache.self)  // stored under its own type
            }
            let cache = make()
            caches.append((type, cache))
            return cache
        }
    }

    /// The size of every cache on the shelf, by name.
    var sizes: [CacheSize] {
        caches.withLock { $0.map(\.cache) }.map(\.size).sorted { $0.name < $1.name }
    }

    /// Empties every cache on the shelf (each stays, so that those holding one keep a working cache).
    func removeAll() {
        for cache in caches.withLock({ $0.map(\.cache) }) { cache.removeAll() }
    }
}
