import CICU
import Synchronization

/// UAX #14 line break opportunities and base direction, from the system's ICU (through `CICU`, whose C
/// interface keeps ICU's types out of Swift; see `mattertype_icu.h`).
///
/// ICU break iterators are costly to open and not thread-safe, so a small pool keeps opened iterators for
/// reuse; each is used by one caller at a time.
package enum LineBreaks {
    /// The UTF-16 offsets at which a line may start, ascending, excluding 0 and including `text.count`
    /// (ICU's line break iterator, locale-independent rules). Empty text gives `[]`.
    package static func opportunities(in text: UnsafeBufferPointer<UInt16>) -> [Int] {
        guard let base = text.baseAddress, !text.isEmpty, text.count < Int(Int32.max) else { return [] }
        guard let iterator = pool.take() else { return [text.count] }
        defer { pool.give(iterator) }
        let capacity = text.count + 1
        let offsets = [Int32](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            let count = mattertype_line_breaks(iterator.handle, base, Int32(text.count), buffer.baseAddress,
                                               Int32(capacity))
            initialized = Int(max(0, min(count, Int32(capacity))))
        }
        var result = offsets.map(Int.init)
        if result.last != text.count { result.append(text.count) }
        return result
    }

    /// Whether the first strong character (UAX #9) is right-to-left; `nil` when there is none.
    package static func isRightToLeft(_ text: UnsafeBufferPointer<UInt16>) -> Bool? {
        guard let base = text.baseAddress, !text.isEmpty, text.count < Int(Int32.max) else { return nil }
        switch mattertype_base_direction(base, Int32(text.count)) {
        case 1: return true
        case 0: return false
        default: return nil
        }
    }

    private static let pool = IteratorPool()
}

/// One opened ICU line break iterator.
// @unchecked Sendable: an iterator is handed to one caller at a time by `IteratorPool`.
private final class LineIterator: @unchecked Sendable {
    let handle: UnsafeMutableRawPointer

    init?() {
        guard let handle = mattertype_line_iterator_open() else { return nil }
        self.handle = handle
    }

    deinit { mattertype_line_iterator_close(handle) }
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
