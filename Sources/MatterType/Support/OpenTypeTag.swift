/// An OpenType tag — a table, feature, script or axis name — as the one 32-bit number HarfBuzz (`HB_TAG`) and
/// FreeType (`FT_MAKE_TAG`) use: four ASCII characters, the first in the high byte. The one place tags are built
/// and read back.
struct OpenTypeTag: Hashable, Sendable {
    /// The tag as a number, first character in the high byte.
    var rawValue: UInt32

    /// The tag of `text`'s first four bytes, padded with spaces when shorter ("cvt" is "cvt ").
    init(_ text: String) {
        var value: UInt32 = 0
        var count = 0
        for byte in text.utf8.prefix(4) {
            value = value << 8 | UInt32(byte)
            count += 1
        }
        for _ in count..<4 { value = value << 8 | 0x20 }
        rawValue = value
    }

    /// The tag with the number `rawValue` (the low 32 bits of a wider C integer).
    init<T: BinaryInteger>(rawValue: T) {
        self.rawValue = UInt32(truncatingIfNeeded: rawValue)
    }

    /// The tag's four characters.
    var text: String {
        String(decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: rawValue >> $0) }, as: UTF8.self)
    }
}
