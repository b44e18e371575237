// This module must not import Foundation: Foundation's own ICU headers collide with the system ICU's.
import CICU
import Synchronization

/// UAX #14 line break opportunities and base direction, from the system's ICU.
///
/// ICU break iterators are costly to open and not thread-safe, so a small pool keeps opened iterators for
/// reuse; each is used by one caller at a time.
package enum LineBreaks {
    /// The UTF-16 offsets at which a line may start, ascending, excluding 0 and including `text.count`
    /// (ICU's line break iterator, locale-independent rules). Empty text gives `[]`.
    package static func opportunities(in text: UnsafeBufferPointer<UInt16>) -> [Int] {
        guard let base = text.baseAddress, !text.isEmpty, text.count <= Int(Int32.max) else { return [] }
        guard let iterator = pool.take() else { return [text.count] }
        defer { pool.give(iterator) }
        var status = U_ZERO_ERROR
        mattertype_ubrk_setText(iterator.handle, base, Int32(text.count), &status)
        guard status.rawValue <= U_ZERO_ERROR.rawValue else { return [text.count] }
        var offsets: [Int] = []
        var offset = mattertype_ubrk_first(iterator.handle)
        while true {
            offset = mattertype_ubrk_next(iterator.handle)
            if offset == UBRK_DONE { break }
            offsets.append(Int(offset))
        }
        if offsets.last != text.count { offsets.append(text.count) }
        return offsets
    }

    /// Whether the first strong character (UAX #9) is right-to-left; `nil` when there is none.
    package static func isRightToLeft(_ text: UnsafeBufferPointer<UInt16>) -> Bool? {
        guard let base = text.baseAddress, !text.isEmpty, text.count <= Int(Int32.max) else { return nil }
        switch mattertype_ubidi_getBaseDirection(base, Int32(text.count)) {
        case UBIDI_RTL: return true
        case UBIDI_LTR: return false
        default: return nil
        }
    }

    private static let pool = IteratorPool()
}

/// One opened ICU line break iterator.
// @unchecked Sendable: an iterator is handed to one caller at a time by `IteratorPool`.
private final class LineIterator: @unchecked Sendable {
    let handle: OpaquePointer

    init?() {
        var status = U_ZERO_ERROR
        guard let handle = mattertype_ubrk_open(UBRK_LINE, "", nil, 0, &status),
              status.rawValue <= U_ZERO_ERROR.rawValue else { return nil }
        self.handle = handle
    }

    deinit { mattertype_ubrk_close(handle) }
}

/// Opened iterators waiting for reuse; at most `capacity` are kept.
private final class IteratorPool: Sendable {
    private let idle = Mutex<[LineIterator]>([])
    private let capacity = 16

    func take() -> LineIterator? {
        idle.withLock { $0.popLast() } ?? LineIterator()
    }

    func give(_ iterator: LineIterator) {
        idle.withLock { if $0.count < capacity { $0.append(iterator) } }
    }
}
