/// Big-endian numbers in font bytes (OpenType and WOFF store every number big-endian), bounds-checked: a read
/// that is not wholly inside the bytes gives `nil`, so a table from a file is never read out of bounds. Offsets
/// count from the first byte (`startIndex`).
extension RandomAccessCollection where Element == UInt8, Index == Int {
    /// The unsigned number of `byteCount` bytes (1…7) at `offset`; `nil` when it is not wholly inside.
    func unsigned(at offset: Int, byteCount: Int) -> Int? {
        guard offset >= 0, byteCount > 0, byteCount < 8, offset <= count - byteCount else { return nil }
        var value = 0
        for index in startIndex + offset..<startIndex + offset + byteCount { value = value << 8 | Int(self[index]) }
        return value
    }

    /// The two's-complement number of `byteCount` bytes (1…7) at `offset`; `nil` when it is not wholly inside.
    func signed(at offset: Int, byteCount: Int) -> Int? {
        guard let raw = unsigned(at: offset, byteCount: byteCount) else { return nil }
        let bits = byteCount * 8
        return raw >= 1 << (bits - 1) ? raw - 1 << bits : raw
    }

    /// The uint16 at `offset`.
    func uint16(at offset: Int) -> Int? { unsigned(at: offset, byteCount: 2) }
    /// The int16 at `offset`.
    func int16(at offset: Int) -> Int? { signed(at: offset, byteCount: 2) }
    /// The uint24 (an Offset24) at `offset`.
    func uint24(at offset: Int) -> Int? { unsigned(at: offset, byteCount: 3) }
    /// The uint32 at `offset`.
    func uint32(at offset: Int) -> Int? { unsigned(at: offset, byteCount: 4) }
}
