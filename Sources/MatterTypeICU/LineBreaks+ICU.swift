import CICU

/// UAX #14 line break opportunities and base direction, from the system's ICU (through `CICU`, whose C
/// interface keeps ICU's types out of Swift and pools ICU's iterators; see `mattertype_icu.h`).
package enum LineBreaks {
    /// The UTF-16 offsets at which a line may start, ascending, excluding 0 and including `text.count`.
    /// Empty text gives `[]`; if ICU fails, the only opportunity is the end.
    package static func opportunities(in text: UnsafeBufferPointer<UInt16>) -> [Int] {
        guard let base = text.baseAddress, !text.isEmpty, text.count < Int(Int32.max) else { return [] }
        let capacity = text.count + 1
        let offsets = [Int32](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            let count = mattertype_line_breaks(base, Int32(text.count), buffer.baseAddress, Int32(capacity))
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
}
