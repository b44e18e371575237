import MatterType
import MatterTypeWire
import Foundation
import Synchronization

/// Decoded card images kept by their source, so that a card drawn again (a template filled with new values) decodes
/// its logo and background once: `data:` URIs by their text, files by path, size and modification time (a file
/// changed on disk is read again).
///
/// Bounded by the decoded pixels' bytes: when an image would take the total past ``maximumBytes``, the cache is
/// emptied first (as the engine's other caches); an image larger than the whole budget is not kept.
public final class CardImageCache: Sendable {
    /// The most bytes of decoded pixels kept.
    public let maximumBytes: Int
    private let state = Mutex<(images: [String: RGBAImage], bytes: Int)>(([:], 0))
    private let lookups = Mutex<(hits: Int, misses: Int)>((0, 0))

    /// An empty cache keeping up to `maximumBytes` of decoded pixels (64 MiB by default: a 1200 × 630 background
    /// is 3 MB).
    public init(maximumBytes: Int = 64 << 20) {
        self.maximumBytes = maximumBytes
    }

    /// The image kept for `key`, or the one `decode` makes (outside the lock: two threads may decode the same
    /// image at once, and the first kept wins).
    func image<E: Error>(for key: String, decode: () throws(E) -> RGBAImage) throws(E) -> RGBAImage {
        if let kept = state.withLock({ $0.images[key] }) {
            lookups.withLock { $0.hits += 1 }
            return kept
        }
        lookups.withLock { $0.misses += 1 }
        let image = try decode()
        let size = image.pixels.count
        guard size <= maximumBytes else { return image }
        return state.withLock { state in
            if let kept = state.images[key] { return kept }
            if state.bytes + size > maximumBytes { state = ([:], 0) }
            state.images[key] = image
            state.bytes += size
            return image
        }
    }

    /// Whether an image is kept for `key`.
    func contains(_ key: String) -> Bool { state.withLock { $0.images[key] != nil } }

    /// How many images are kept now.
    public var count: Int { state.withLock { $0.images.count } }

    /// The bytes of decoded pixels kept now.
    public var bytes: Int { state.withLock { $0.bytes } }

    /// Lookups so far that found their image kept (`hits`) and that decoded it (`misses`).
    public var statistics: (hits: Int, misses: Int) { lookups.withLock { $0 } }
}
