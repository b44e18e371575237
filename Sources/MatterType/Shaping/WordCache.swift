
/// A word shaped once: its scalars and HarfBuzz's glyphs for them.
final class ShapedWord: Sendable {
    let scalars: [UInt32]
    let units: ShapedUnits

    init(scalars: [UInt32], units: ShapedUnits) {
        self.scalars = scalars
        self.units = units
    }

    /// Whether this word's scalars are `other`'s.
    func hasScalars(_ other: UnsafeBufferPointer<UInt32>) -> Bool {
        guard scalars.count == other.count else { return false }
        return scalars.withUnsafeBufferPointer { mine in
            for i in 0..<mine.count where mine[i] != other[i] { return false }
            return true
        }
    }
}

/// Shaped words of one face with one feature set, so layout shapes each distinct word once, as browsers do.
///
/// Looked up by a hash of the word's scalars, without allocating; split into shards with a lock each, so
/// concurrent layouts rarely wait. Bounded: a shard holding its share of `capacity` words starts again empty
/// (a working set of a few thousand words refills at once).
final class WordCache: Sendable {
    private static let shardCount = 16
    private let shards = (0..<WordCache.shardCount).map { _ in Locked<[UInt64: [ShapedWord]]>([:]) }
    private let capacityPerShard: Int

    init(capacity: Int = 32_768) {
        capacityPerShard = max(capacity / WordCache.shardCount, 16)
    }

    /// The shaped word for `scalars`, shaping it with `shape` on a miss.
    func word(_ scalars: UnsafeBufferPointer<UInt32>, orShape shape: () -> ShapedUnits) -> ShapedWord {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a over the scalars
        for scalar in scalars { hash = (hash ^ UInt64(scalar)) &* 0x0000_0100_0000_01B3 }
        let shard = shards[Int(hash % UInt64(WordCache.shardCount))]
        let hit = shard.withLock { words in
            words[hash]?.first { $0.hasScalars(scalars) }
        }
        if let hit { return hit }
        let word = ShapedWord(scalars: Array(scalars), units: shape())
        shard.withLock { words in
            if words.count >= capacityPerShard { words.removeAll(keepingCapacity: true) }
            words[hash, default: []].append(word)
        }
        return word
    }
}
