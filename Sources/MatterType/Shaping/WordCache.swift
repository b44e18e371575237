
/// One glyph of a shaped word, in font units; `cluster` is relative to the word's first scalar.
struct WordGlyph {
    var id: UInt32
    var cluster: Int32
    var xAdvance: Int32
    var xOffset: Int32
    var yOffset: Int32
}

/// A word shaped once: its scalars and HarfBuzz's glyphs for them.
///
/// Shared by every layout on every thread, so its data lives in memory the object owns and is read through
/// pointers: reading an array stored in a shared object retains and releases its buffer, and those atomic
/// reference counts on the same cache lines made two threads slow each other down.
// @unchecked Sendable: the storage is written once in `init` and only read afterwards, until `deinit`.
final class ShapedWord: @unchecked Sendable {
    /// The word's scalars.
    let scalars: UnsafeBufferPointer<UInt32>
    /// Its glyphs, in HarfBuzz's output order.
    let glyphs: UnsafeBufferPointer<WordGlyph>
    /// Whether HarfBuzz shaped it right to left (glyphs then come in visual order, clusters descending).
    let isRightToLeft: Bool

    init(scalars source: UnsafeBufferPointer<UInt32>, units: ShapedUnits) {
        let scalars = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: source.count)
        _ = scalars.initialize(from: source)
        let glyphs = UnsafeMutableBufferPointer<WordGlyph>.allocate(capacity: units.count)
        for i in 0..<units.count {
            glyphs[i] = WordGlyph(id: units.glyphIDs[i], cluster: Int32(truncatingIfNeeded: units.clusters[i]),
                                  xAdvance: units.xAdvances[i], xOffset: units.xOffsets[i],
                                  yOffset: units.yOffsets[i])
        }
        self.scalars = UnsafeBufferPointer(scalars)
        self.glyphs = UnsafeBufferPointer(glyphs)
        isRightToLeft = units.isRightToLeft
    }

    deinit {
        scalars.deallocate()
        glyphs.deallocate()
    }

    /// Whether this word's scalars are `other`'s.
    func hasScalars(_ other: UnsafeBufferPointer<UInt32>) -> Bool {
        guard scalars.count == other.count else { return false }
        for i in 0..<other.count where scalars[i] != other[i] { return false }
        return true
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
        let word = ShapedWord(scalars: scalars, units: shape())
        shard.withLock { words in
            if words.count >= capacityPerShard { words.removeAll(keepingCapacity: true) }
            words[hash, default: []].append(word)
        }
        return word
    }
}
