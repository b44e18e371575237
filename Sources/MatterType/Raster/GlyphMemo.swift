/// A small memo of recently drawn glyphs in front of a ``GlyphCache``, used by one draw at a time.
///
/// Looking a glyph up in the shared cache takes a shard's lock, hashes its key and writes to memory other
/// threads read; a draw that found the glyph in its memo does none of that. The cache keeps idle memos for the
/// next draws, so a server drawing one short line at a time still finds its glyphs here. Direct-mapped: a glyph
/// replaces whatever shared its slot.
///
/// Bitmaps a memo holds stay alive even if the shared cache evicts them, so a memo is bounded by its own byte
/// budget: past it, the memo starts again empty.
// Not Sendable: a memo belongs to one draw until it is handed back to the cache.
final class GlyphMemo {
    /// Slots (a power of two): room for the glyphs of a few faces (styled text draws regular, bold and italic
    /// ones) without many of them sharing a slot.
    static let capacity = 1 << capacityBits
    static let capacityBits = 12
    /// The most bitmap bytes the memo keeps alive.
    let byteBudget: Int

    /// A glyph bitmap's geometry and pixels, copied out so that drawing touches no reference count.
    struct Glyph {
        var left = 0
        var top = 0
        var width = 0
        var height = 0
        var pitch = 0
        /// Premultiplied RGBA rather than coverage.
        var isColor = false
        /// `nil` for a glyph with no ink.
        var pixels: UnsafePointer<UInt8>?

        init() {}

        init(_ bitmap: GlyphBitmap) {
            left = bitmap.left
            top = bitmap.top
            width = bitmap.width
            height = bitmap.height
            pitch = bitmap.pitch
            isColor = bitmap.isColor
            pixels = bitmap.pixels.isEmpty ? nil : bitmap.pixels.baseAddress
        }
    }

    private struct Slot {
        var key: GlyphCache.Key?
        var glyph = Glyph()
        /// Keeps `glyph.pixels` alive.
        var owner: GlyphBitmap?
    }

    /// The cache's generation when the memo was made: a memo from before `removeAll` is not reused.
    let generation: Int
    /// In raw memory, not an array: reads then need no uniqueness or exclusivity checks.
    private let slots: UnsafeMutablePointer<Slot>
    private var bytes = 0

    init(generation: Int, byteBudget: Int) {
        self.generation = generation
        self.byteBudget = byteBudget
        slots = .allocate(capacity: GlyphMemo.capacity)
        slots.initialize(repeating: Slot(), count: GlyphMemo.capacity)
    }

    deinit {
        slots.deinitialize(count: GlyphMemo.capacity)
        slots.deallocate()
    }

    /// Runs `draw` with the glyph for `key`, from the memo or else from `cache` (which renders it on a miss).
    @inline(__always)
    func withGlyph(for key: GlyphCache.Key, in cache: GlyphCache, render: () -> GlyphBitmap,
                   draw body: (Glyph) -> Void) {
        let slot = slots + Int(truncatingIfNeeded: (key.mix &* 0x9E37_79B9_7F4A_7C15) >> (64 - GlyphMemo.capacityBits))
        if slot.pointee.key == key { return body(slot.pointee.glyph) }
        let bitmap = cache.bitmap(for: key, render: render)
        remember(bitmap, for: key, in: slot)
        withExtendedLifetime(bitmap) { body(Glyph(bitmap)) }
    }

    /// Keeps `bitmap` in `slot`, unless it is too big for the memo (over an eighth of its budget).
    private func remember(_ bitmap: GlyphBitmap, for key: GlyphCache.Key, in slot: UnsafeMutablePointer<Slot>) {
        let cost = bitmap.pixels.count
        guard cost <= byteBudget / 8 else { return }
        if let old = slot.pointee.owner { bytes -= old.pixels.count }
        if bytes + cost > byteBudget {
            for i in 0..<GlyphMemo.capacity { slots[i] = Slot() }
            bytes = 0
        }
        slot.pointee = Slot(key: key, glyph: Glyph(bitmap), owner: bitmap)
        bytes += cost
    }
}
