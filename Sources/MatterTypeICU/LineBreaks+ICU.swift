import CICU

/// UAX #14 line break opportunities, from the system's ICU (through `CICU`, whose C
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
}

/// Bidi embedding levels (UAX #9) from the system's ICU.
package enum BidiLevels {
    /// The level of each UTF-16 unit of one paragraph and the paragraph's level (0 left to right, 1 right to
    /// left), with the paragraph direction `forced` (`nil`: from the first strong character, left to right when
    /// there is none). `nil` when ICU fails.
    package static func resolve(_ text: UnsafeBufferPointer<UInt16>,
                                forced: Bool?) -> (levels: [UInt8], paragraphLevel: UInt8)? {
        guard let base = text.baseAddress, !text.isEmpty, text.count < Int(Int32.max) else { return nil }
        var paragraphLevel: Int32 = -1
        let levels = [UInt8](unsafeUninitializedCapacity: text.count) { buffer, initialized in
            let direction: Int32 = forced.map { $0 ? 1 : 0 } ?? -1
            paragraphLevel = mattertype_bidi_levels(base, Int32(text.count), direction, buffer.baseAddress)
            if paragraphLevel >= 0 {
                initialized = text.count
            } else {
                initialized = 0
            }
        }
        guard paragraphLevel >= 0 else { return nil }
        return (levels, UInt8(paragraphLevel))
    }
}

/// Locale-aware case mapping from the system's ICU.
package enum CaseMapping {
    /// What a text is mapped to.
    package enum Mode: Int32 {
        case lowercase = 0, uppercase = 1, capitalize = 2
    }

    /// `text` (UTF-8) mapped in `mode` as `language` (BCP 47, `nil` for the root locale) does; `nil` when ICU
    /// fails.
    package static func map(_ text: [UInt8], mode: Mode, language: String?) -> [UInt8]? {
        guard text.count < Int(Int32.max) / 4 else { return nil }
        var capacity = text.count + text.count / 2 + 16
        for _ in 0..<2 {
            var needed: Int32 = -1
            let output = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
                needed = (language ?? "").withCString { language in
                    text.withUnsafeBufferPointer { input in
                        input.withMemoryRebound(to: CChar.self) { input in
                            buffer.withMemoryRebound(to: CChar.self) { out in
                                mattertype_case_map(mode.rawValue, language, input.baseAddress, Int32(input.count),
                                                    out.baseAddress, Int32(out.count))
                            }
                        }
                    }
                }
                initialized = needed >= 0 && Int(needed) <= capacity ? Int(needed) : 0
            }
            if needed < 0 { return nil }
            if Int(needed) <= capacity { return output }
            capacity = Int(needed)
        }
        return nil
    }
}
