import CMalloc

/// How a process that renders many images treats the memory it frees.
///
/// A card's buffers are megabytes (a 1200 × 630 canvas is 3 MB, a decoded photograph as much again), and glibc's
/// allocator gives such blocks back to the kernel when they are freed, so the next card's are new pages the kernel
/// zeroes and maps one fault at a time: on Examples/photo-card.json (a JPEG decoded for every card) 2,000 page
/// faults a card, about 15 % of its time (`/usr/bin/time` over `mattertype bench --task card --cold-images`:
/// 167,191 minor faults for 80 cards, 7,070 with this). The `mattertype` and `mattertype-server` executables call
/// ``keepFreedMemory(upTo:)`` at start; a program linking the library can too, or set the same with
/// `GLIBC_TUNABLES=glibc.malloc.mmap_threshold=…:glibc.malloc.trim_threshold=…`.
public enum FreedMemory {
    /// Keeps blocks up to `bytes` (32 MiB by default: an image of about 2,900 × 2,900 pixels; at most 512 MiB) in
    /// the allocator's heaps instead of mapping each anew, and up to twice that freed at the top of each heap
    /// before any is given back: a process's resident memory then stays nearer its peak. Process-wide, so for an
    /// executable to call once at start.
    /// - Returns: false when the allocator is not glibc's or refused.
    @discardableResult
    public static func keepFreedMemory(upTo bytes: Int = 32 << 20) -> Bool {
        #if canImport(Glibc)
        guard (0...(512 << 20)).contains(bytes) else { return false }
        return mallopt(M_MMAP_THRESHOLD, Int32(bytes)) == 1 && mallopt(M_TRIM_THRESHOLD, Int32(2 * bytes)) == 1
        #else
        return false
        #endif
    }

    /// Gives the freed memory of every heap back to the kernel, past `padding` bytes kept at each heap's top:
    /// for after a spike of small blocks (a large JSON document's tree), which the heaps otherwise keep. It walks
    /// every heap under its lock, so call it after such work, not after every request.
    /// The C function is glibc's `malloc_trim`.
    /// - Returns: whether any memory was given back (false, too, when the allocator is not glibc's).
    @discardableResult
    public static func releaseFreedMemory(keeping padding: Int = 64 << 20) -> Bool {
        #if canImport(Glibc)
        return malloc_trim(max(padding, 0)) == 1
        #else
        return false
        #endif
    }
}
