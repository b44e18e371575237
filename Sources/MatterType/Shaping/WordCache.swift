import Synchronization

/// One glyph of a shaped word, in font units; `cluster` is relative to the word's first scalar.
struct WordGlyph {
    var id: UInt32
    var cluster: Int32
    /// Along the line: the x advance, or in a vertical line the y advance negated.
    var advance: Int32
    var xOffset: Int32
    var yOffset: Int32
}

/// A word shaped once, in one block of memory its ``WordCache`` shard owns: a header, the scalars, the glyphs.
///
/// Plain memory rather than an object: a word every thread looks up is then never retained or released, whose
/// atomic reference counts on shared cache lines made threads slow each other down; and one block means one
/// cache miss to reach a word.
private struct ShapedWord {
    private struct Header {
        var scalarCount: Int
        var glyphCount: Int
        var isRightToLeft: Bool
    }

    let base: UnsafeMutableRawPointer

    private static let scalarsOffset = MemoryLayout<Header>.stride

    /// The bytes the word's block takes (its header, scalars and glyphs), for the process's word budget.
    var byteCount: Int {
        let header = base.load(as: Header.self)
        return ShapedWord.glyphsOffset(scalarCount: header.scalarCount)
            + header.glyphCount * MemoryLayout<WordGlyph>.stride
    }

    /// A new block holding `scalars` and the glyphs HarfBuzz gave for them; freed with ``free()``.
    init(scalars: UnsafeBufferPointer<UInt32>, units: ShapedUnits) {
        let glyphsOffset = ShapedWord.glyphsOffset(scalarCount: scalars.count)
        base = .allocate(byteCount: glyphsOffset + units.count * MemoryLayout<WordGlyph>.stride,
                         alignment: MemoryLayout<Header>.alignment)
        base.initializeMemory(as: Header.self, repeating: Header(scalarCount: scalars.count,
                                                                   glyphCount: units.count,
                                                                   isRightToLeft: units.isRightToLeft), count: 1)
        if let source = scalars.baseAddress {
            (base + ShapedWord.scalarsOffset).initializeMemory(as: UInt32.self, from: source, count: scalars.count)
        }
        let glyphs = (base + glyphsOffset).bindMemory(to: WordGlyph.self, capacity: units.count)
        for i in 0..<units.count {
            (glyphs + i).initialize(to: WordGlyph(
                id: units.glyphIDs[i], cluster: Int32(truncatingIfNeeded: units.clusters[i]),
                advance: units.advance(i), xOffset: units.xOffsets[i], yOffset: units.yOffsets[i]))
        }
    }

    private static func glyphsOffset(scalarCount: Int) -> Int {
        let end = scalarsOffset + scalarCount * MemoryLayout<UInt32>.stride
        let alignment = MemoryLayout<WordGlyph>.alignment
        return (end + alignment - 1) / alignment * alignment
    }

    private var header: Header { base.load(as: Header.self) }

    /// Whether this word's scalars are `other`'s.
    func hasScalars(_ other: UnsafeBufferPointer<UInt32>) -> Bool {
        guard header.scalarCount == other.count else { return false }
        let scalars = (base + ShapedWord.scalarsOffset).assumingMemoryBound(to: UInt32.self)
        for i in 0..<other.count where scalars[i] != other[i] { return false }
        return true
    }

    /// Runs `body` with the word's glyphs and whether it was shaped right to left.
    func withGlyphs<Result>(_ body: (UnsafeBufferPointer<WordGlyph>, Bool) -> Result) -> Result {
        let header = self.header
        let start = (base + ShapedWord.glyphsOffset(scalarCount: header.scalarCount))
            .assumingMemoryBound(to: WordGlyph.self)
        return body(UnsafeBufferPointer(start: start, count: header.glyphCount), header.isRightToLeft)
    }

    func free() {
        base.deallocate()
    }
}

/// Shaped words of one face with one feature set, so layout shapes each distinct word once, as browsers do.
///
/// Looked up by a hash of the word's scalars, without allocating, in open-addressed tables split into shards
/// with a lock each, so concurrent layouts rarely wait; a hit copies the word's glyphs out while holding the
/// lock. Bounded: a shard holding its share of `capacity` words starts again empty (a working set of a few
/// thousand words refills at once).
final class WordCache: Sendable {
    private static let shardCount = 16

    /// One shard: open addressing with linear probing, at most half full; it starts small and doubles, so a
    /// small working set stays in a few cache lines.
    private struct Table {
        /// A word and its hash side by side, so that a probe reads one cache line.
        struct Slot {
            var hash: UInt64 = 0
            var word: ShapedWord?
        }

        static let initialSlots = 64

        var slots = [Slot](repeating: Slot(), count: Table.initialSlots)
        var count = 0
        /// The bytes of its words' blocks.
        var bytes = 0
        /// Lookups that found the word, and that had to shape it (kept when the table empties).
        var hits = 0
        var misses = 0

        /// The slot holding the word `scalars` with `hash`, or the empty slot where it would go.
        func index(of scalars: UnsafeBufferPointer<UInt32>, hash: UInt64) -> Int {
            let mask = slots.count - 1
            var index = Int(truncatingIfNeeded: hash >> 4) & mask
            while let word = slots[index].word, slots[index].hash != hash || !word.hasScalars(scalars) {
                index = (index + 1) & mask
            }
            return index
        }

        /// Adds a word that is not in the table, doubling the table first if that would make it over half full.
        mutating func insert(_ slot: Slot) {
            if (count + 1) * 2 > slots.count {
                let old = slots
                slots = [Slot](repeating: Slot(), count: old.count * 2)
                count = 0
                for slot in old where slot.word != nil { insert(slot) }
            }
            let mask = slots.count - 1
            var index = Int(truncatingIfNeeded: slot.hash >> 4) & mask
            while slots[index].word != nil { index = (index + 1) & mask }
            slots[index] = slot
            count += 1
        }

        /// Frees every word and empties the table (the lookup counts stay).
        mutating func removeAll() {
            for case let word? in slots.lazy.map(\.word) { word.free() }
            WordCache.processBytes.subtract(bytes, ordering: .relaxed)
            let (hits, misses) = (self.hits, self.misses)
            self = Table()
            self.hits = hits
            self.misses = misses
        }
    }

    // nonisolated(unsafe): a Table's words are raw memory (not Sendable) that only its shard's lock reaches;
    // lookups copy glyphs out under the lock.
    nonisolated(unsafe) private let shards = (0..<WordCache.shardCount).map { _ in Locked(Table()) }
    private let capacityPerShard: Int

    init(capacity: Int = 32_768) {
        capacityPerShard = max(capacity / WordCache.shardCount, 16)
        WordCache.live.withLock { $0[ObjectIdentifier(self)] = LiveWordCache(Unmanaged.passUnretained(self)) }
    }

    deinit {
        let final = statistics
        WordCache.live.withLock { live in
            live[ObjectIdentifier(self)] = nil
            WordCache.retired.withLock { $0.add(final) }
        }
        for shard in shards { shard.withLock { $0.removeAll() } }
    }

    /// This cache's lookups.
    var statistics: WordCacheStatistics {
        shards.reduce(into: WordCacheStatistics()) { total, shard in
            shard.withLock { total.hits += $0.hits; total.misses += $0.misses }
        }
    }

    /// A cache in ``live``, unretained. Not a weak reference: that would give every cache a side table and make
    /// each retain and release of it (one a word looked up) take the runtime's slow path.
    private struct LiveWordCache: @unchecked Sendable {  // only used under `live`'s lock
        let cache: Unmanaged<WordCache>
        init(_ cache: Unmanaged<WordCache>) { self.cache = cache }
    }

    /// The bytes of every word cache's words in the process, against ``processByteBudget``.
    static let processBytes = Atomic<Int>(0)
    /// The most bytes the process's word caches hold together (64 MiB): a shard that adds a word while they hold
    /// more starts again empty first, so caches keyed by request data (languages, features) stay bounded however
    /// many there are.
    static let processByteBudget = 64 << 20

    /// Every word cache alive, to sum their statistics; and the sums of those gone.
    private static let live = Locked<[ObjectIdentifier: LiveWordCache]>([:])
    private static let retired = Locked(WordCacheStatistics())

    /// The lookups of every word cache in the process, alive or gone.
    static var processStatistics: WordCacheStatistics {
        // Read under `live`'s lock, without retaining: a cache being freed waits in its deinit for this lock
        // before it removes itself and frees its words, so each one listed is whole while it is read here.
        live.withLock { live in
            var total = retired.withLock { $0 }
            for entry in live.values { total.add(entry.cache._withUnsafeGuaranteedRef { $0.statistics }) }
            return total
        }
    }

    /// Runs `body` with the glyphs of the word `scalars` and whether it was shaped right to left, shaping it with
    /// `shape` on a miss. `body` runs while the word's shard is locked (the glyphs are read in place, not copied):
    /// it must be short and must not use the cache.
    func withGlyphs<Result>(of scalars: UnsafeBufferPointer<UInt32>, orShape shape: () -> ShapedUnits,
                            _ body: (UnsafeBufferPointer<WordGlyph>, Bool) -> Result) -> Result {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a over the scalars
        for scalar in scalars { hash = (hash ^ UInt64(scalar)) &* 0x0000_0100_0000_01B3 }
        let shard = shards[Int(hash % UInt64(WordCache.shardCount))]
        let hit: Result? = shard.withLock { table in
            guard let word = table.slots[table.index(of: scalars, hash: hash)].word else { return nil }
            table.hits += 1
            return word.withGlyphs(body)
        }
        if let hit { return hit }
        let shaped = ShapedWord(scalars: scalars, units: shape())
        return shard.withLock { table in
            table.misses += 1
            if table.count >= capacityPerShard
                || WordCache.processBytes.load(ordering: .relaxed) > WordCache.processByteBudget {
                table.removeAll()
            }
            if let existing = table.slots[table.index(of: scalars, hash: hash)].word {  // another task added it
                shaped.free()
                return existing.withGlyphs(body)
            }
            table.insert(Table.Slot(hash: hash, word: shaped))
            let size = shaped.byteCount
            table.bytes += size
            WordCache.processBytes.add(size, ordering: .relaxed)
            return shaped.withGlyphs(body)
        }
    }
}

/// How the shaped-word caches have been used: every lookup of a word in a face, over the whole process.
public struct WordCacheStatistics: Sendable, Hashable {
    /// Words found shaped already.
    public var hits = 0
    /// Words that had to be shaped.
    public var misses = 0

    /// No lookups.
    public init() {}

    /// The lookups of every word cache in the process so far (caches of faces since freed included).
    public static var current: WordCacheStatistics { WordCache.processStatistics }

    /// The bytes the process's word caches hold, kept under 64 MiB together.
    public static var bytes: Int { WordCache.processBytes.load(ordering: .relaxed) }

    mutating func add(_ other: WordCacheStatistics) {
        hits += other.hits
        misses += other.misses
    }
}

extension WordCache {
    /// What a word cache is for: words shaped in one face (by its ``FontFace/id``) with these features and
    /// segment properties.
    struct Key: Hashable, Sendable {
        var face: Int
        var features: ShapingFeatures
        var segment: SegmentProperties
    }

    /// The word caches of `registry`'s faces, on its ``FontRegistry/stageCaches``. Bounded: features and languages
    /// come from requests (the words themselves are bounded by ``processByteBudget``).
    static func caches(of registry: FontRegistry) -> BoundedCache<Key, WordCache> {
        registry.stageCaches.cache { BoundedCache<Key, WordCache>("word_caches", limit: 1024) }
    }

    /// The cache of words shaped in `face` with `features` and `segment`, among `caches` (``caches(of:)``).
    static func of(_ face: FontFace, features: ShapingFeatures, segment: SegmentProperties,
                   in caches: BoundedCache<Key, WordCache>) -> WordCache {
        caches.value(for: Key(face: face.id, features: features, segment: segment)) { WordCache() }
    }
}
