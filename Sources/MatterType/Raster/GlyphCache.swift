
/// Rendered glyph bitmaps shared by every render, bounded by a byte budget.
///
/// Keyed by face, pixel size, glyph, quarter-pixel x offset and hinting, and for a face with palette colors
/// (COLR) by the palette and text color it was drawn in. Split into shards, each with its own
/// lock, so concurrent renders rarely wait for each other; when a shard passes its share of the budget, its
/// least recently used glyphs are evicted.
///
/// In front of the shards, each draw in progress has a memo of recently drawn glyphs that it reads without
/// locking; the cache keeps up to 8 idle memos for the next draws. A memo keeps at most a sixteenth of the budget
/// (and at most 1 MiB) of bitmaps alive, which may include bitmaps the shards have since evicted: with 8 idle
/// memos, at most half the budget again.
public final class GlyphCache: Sendable {
    /// How the cache has been used.
    public struct Statistics: Sendable, Hashable {
        /// Lookups in the shared shards that found a bitmap.
        public var hits = 0
        /// Glyphs a draw found in its own memo of recent glyphs, without looking in the shards: the glyphs of the
        /// finished draws less their shard lookups (so exact once no draw is in progress).
        public var memoHits = 0
        /// Lookups that had to render.
        public var misses = 0
        /// Bitmaps dropped to stay under the budget.
        public var evictions = 0
        /// Bitmaps held now.
        public var count = 0
        /// Bytes held now (bitmap bytes plus a fixed overhead per entry).
        public var bytes = 0
    }

    /// The default budget: 32 MiB, about 100,000 glyphs of 16 px text.
    public static let defaultByteBudget = 32 << 20

    /// The most bytes the cache holds.
    public let byteBudget: Int

    /// A bitmap's identity: face, size, glyph, quarter-pixel shift, hinting, whether it is turned sideways and,
    /// for palette colors, the ink. Four
    /// words, since every glyph drawn builds, mixes and compares one.
    struct Key: Hashable, Sendable {
        /// The face's ``FontFace/id`` (complemented for a face whose glyphs take palette colors).
        let face: Int
        /// The pixel size in 1/64 px.
        let pixelSize64: Int
        /// The narrowing (``PositionedGlyph/narrowing``) from bit 42 up, the glyph id in bits 10–41, turned
        /// sideways in bit 9, the quarter-pixel shift in bits 1–8, hinting in bit 0.
        private let glyphBits: UInt64
        /// For a face with palette colors (COLR): the palette in the high 32 bits, the text color (RGBA) in the
        /// low; 0 otherwise.
        let ink: UInt64

        init(face: Int, pixelSize64: Int, glyph: UInt32, subpixel: UInt8, hinted: Bool, ink: UInt64 = 0,
             sideways: Bool = false, narrowing: UInt16 = 0) {
            self.face = face
            self.pixelSize64 = pixelSize64
            glyphBits = UInt64(narrowing) << 42 | UInt64(glyph) << 10 | (sideways ? 1 << 9 : 0) | UInt64(subpixel) << 1
                | (hinted ? 1 : 0)
            self.ink = ink
        }

        /// A cheap mix of the fields (equality still compares them all); also picks the shard.
        var mix: UInt64 {
            var x = UInt64(truncatingIfNeeded: face) &* 0x9E37_79B9_7F4A_7C15
            x ^= UInt64(truncatingIfNeeded: pixelSize64) &* 0xC2B2_AE3D_27D4_EB4F
            x ^= glyphBits
            x ^= ink &* 0x1656_67B1_9E37_79F9
            return x ^ (x >> 29)
        }

        func hash(into hasher: inout Hasher) { hasher.combine(mix) }
    }

    /// A cached bitmap and when it was last used (changed only under its shard's lock).
    // @unchecked Sendable: `lastUse` is read and written only while holding the shard's lock.
    private final class Entry: @unchecked Sendable {
        let bitmap: GlyphBitmap
        var lastUse: UInt64

        init(bitmap: GlyphBitmap, lastUse: UInt64) {
            self.bitmap = bitmap
            self.lastUse = lastUse
        }
    }

    private struct Shard {
        var entries: [Key: Entry] = [:]
        var clock: UInt64 = 0
        var statistics = Statistics()
    }

    private static let shardCount = 16
    /// Bytes counted for an entry besides its pixels.
    static let entryOverhead = 64
    private let shards: [Locked<Shard>]
    /// Idle memos, and the generation ``removeAll()`` moves on so that memos from before it are dropped.
    // A memo is used by one draw at a time: it moves between threads only through this lock.
    // nonisolated(unsafe): a GlyphMemo (not Sendable) moves between draws only through this lock, and a draw
    // uses the one it took alone until it hands it back.
    nonisolated(unsafe) private let memos = Locked<(generation: Int, idle: [GlyphMemo], lookups: Int)>((0, [], 0))
    /// The most idle memos kept.
    private static let idleMemoLimit = 8

    /// A cache holding at most `byteBudget` bytes (at least 64 KiB).
    public init(byteBudget: Int = GlyphCache.defaultByteBudget) {
        self.byteBudget = max(byteBudget, 64 << 10)
        shards = (0..<GlyphCache.shardCount).map { _ in Locked(Shard()) }
    }

    /// Totals over all shards, and the memo hits of the draws finished so far.
    public var statistics: Statistics {
        let lookups = memos.withLock { $0.lookups }
        var total = shards.reduce(into: Statistics()) { total, shard in
            let s = shard.withLock { $0.statistics }
            total.hits += s.hits
            total.misses += s.misses
            total.evictions += s.evictions
            total.count += s.count
            total.bytes += s.bytes
        }
        // Every glyph a draw does not find in its memo is looked up in the shards once, so the memo's hits are
        // the rest: counted so, drawing a glyph costs no counter.
        total.memoHits = max(0, lookups - total.hits - total.misses)
        return total
    }

    /// Empties the cache and the draws' memos (statistics other than count and bytes are kept).
    public func removeAll() {
        memos.withLock {
            $0.generation += 1
            $0.idle.removeAll()
        }
        for shard in shards {
            shard.withLock {
                $0.entries.removeAll()
                $0.statistics.count = 0
                $0.statistics.bytes = 0
            }
        }
    }

    /// Runs `body` with a memo of recently drawn glyphs that no other draw uses meanwhile; `glyphs` is how many
    /// glyphs it will look up (for ``Statistics/memoHits``).
    func withMemo<T>(glyphs: Int, _ body: (GlyphMemo) -> T) -> T {
        let (idle, generation) = memos.withLock { ($0.idle.popLast(), $0.generation) }
        let memo = idle ?? GlyphMemo(generation: generation, byteBudget: min(1 << 20, byteBudget / 16))
        defer {
            memos.withLock {
                $0.lookups += glyphs
                if memo.generation == $0.generation, $0.idle.count < GlyphCache.idleMemoLimit { $0.idle.append(memo) }
            }
        }
        return body(memo)
    }

    /// The bitmap for `key`, rendering it with `render` on a miss.
    func bitmap(for key: Key, render: () -> GlyphBitmap) -> GlyphBitmap {
        let locked = shards[Int(key.mix % UInt64(GlyphCache.shardCount))]
        let hit: GlyphBitmap? = locked.withLock { shard in
            shard.clock += 1
            guard let entry = shard.entries[key] else {
                shard.statistics.misses += 1
                return nil
            }
            shard.statistics.hits += 1
            entry.lastUse = shard.clock
            return entry.bitmap
        }
        if let hit { return hit }
        let bitmap = render()
        let shardBudget = byteBudget / GlyphCache.shardCount
        let cost = bitmap.pixels.count + GlyphCache.entryOverhead
        guard cost <= shardBudget else { return bitmap }  // too big to keep; still drawn
        locked.withLock { shard in
            if let old = shard.entries[key] {
                shard.statistics.bytes -= old.bitmap.pixels.count + GlyphCache.entryOverhead
                shard.statistics.count -= 1
            }
            shard.entries[key] = Entry(bitmap: bitmap, lastUse: shard.clock)
            shard.statistics.bytes += cost
            shard.statistics.count += 1
            if shard.statistics.bytes > shardBudget { evict(&shard, downTo: shardBudget * 3 / 4) }
        }
        return bitmap
    }

    /// Drops the least recently used entries until the shard holds at most `target` bytes.
    private func evict(_ shard: inout Shard, downTo target: Int) {
        let oldestFirst = shard.entries.sorted { $0.value.lastUse < $1.value.lastUse }
        for (key, entry) in oldestFirst where shard.statistics.bytes > target {
            shard.entries[key] = nil
            shard.statistics.bytes -= entry.bitmap.pixels.count + GlyphCache.entryOverhead
            shard.statistics.count -= 1
            shard.statistics.evictions += 1
        }
    }
}

/// One rendered glyph: coverage rows (or, for a color glyph, premultiplied RGBA rows) and where they sit
/// relative to the pen position on the baseline.
///
/// A class, so a cache hit hands out a reference; its pixels live in memory it owns and are read through a
/// pointer, so drawing a glyph shared by many threads touches no shared reference count but the bitmap's own.
/// Rows are padded with zero coverage to a multiple of 16 bytes, so a renderer can composite whole 16-pixel
/// chunks without a scalar tail (zero coverage leaves a pixel as it was).
// @unchecked Sendable: `pixels` is written once in `init` and only read afterwards, until `deinit`.
final class GlyphBitmap: @unchecked Sendable {
    /// Pixels from the pen position to the bitmap's left edge.
    let left: Int
    /// Pixels from the baseline up to the bitmap's top edge.
    let top: Int
    let width: Int
    let height: Int
    /// Whether the pixels are premultiplied RGBA (a color glyph: emoji), drawn in their own colors, rather
    /// than 8-bit coverage.
    let isColor: Bool
    /// Bytes from one row to the next: the row's bytes rounded up to a multiple of 16.
    let pitch: Int
    /// Row-major pixels, `pitch × height` bytes; the padding past each row is zero.
    let pixels: UnsafeBufferPointer<UInt8>

    /// A glyph with no ink.
    static let empty = GlyphBitmap(left: 0, top: 0, width: 0, height: 0) { _, _ in }

    /// A bitmap whose zeroed rows `fill` writes, given the first byte and the pitch.
    init(left: Int, top: Int, width: Int, height: Int, isColor: Bool = false,
         fill: (_ pixels: UnsafeMutablePointer<UInt8>, _ pitch: Int) -> Void) {
        self.left = left
        self.top = top
        self.width = width
        self.height = height
        self.isColor = isColor
        pitch = (width * (isColor ? 4 : 1) + 15) & ~15
        let pixels = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: pitch * height)
        pixels.initialize(repeating: 0)
        if let base = pixels.baseAddress { fill(base, pitch) }
        self.pixels = UnsafeBufferPointer(pixels)
    }

    deinit {
        pixels.deallocate()
    }
}

extension GlyphBitmap {
    /// The bitmap turned 90° clockwise about the pen position: the glyph of a vertical line set sideways, its
    /// baseline running down. ``left`` is then the pixels from the baseline's column to the left edge and ``top``
    /// from the pen's row up to the top edge (negative: below it), so that it composites as any bitmap with the
    /// pen at (baseline column, pen row). Turning whole pixels changes none.
    func turnedClockwise() -> GlyphBitmap {
        let bytes = isColor ? 4 : 1
        return GlyphBitmap(left: top - height, top: -left, width: height, height: width, isColor: isColor) { out, pitch in
            for row in 0..<width {
                for column in 0..<height {
                    let source = (height - 1 - column) * self.pitch + row * bytes
                    for byte in 0..<bytes { out[row * pitch + column * bytes + byte] = pixels[source + byte] }
                }
            }
        }
    }

    /// A color bitmap's pixels as an image (premultiplied RGBA, as it holds them); a coverage bitmap's as black
    /// at that coverage.
    var image: RGBAImage {
        var image = RGBAImage(width: width, height: height)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let out = (y * width + x) * 4
                if isColor {
                    for c in 0..<4 { pixels[out + c] = self.pixels[y * pitch + x * 4 + c] }
                } else {
                    pixels[out + 3] = self.pixels[y * pitch + x]
                }
            }
        }
        image.pixels = pixels
        return image
    }
}
