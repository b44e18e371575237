import Foundation

/// The bytes of one font file, read once and owned for as long as any face or shaper points into them.
///
/// FreeType faces and HarfBuzz blobs made from a `FontFile` keep it alive, so its memory never goes away
/// under them.
// @unchecked Sendable: `bytes` is written once in `init` and only read afterwards; it is freed in `deinit`,
// when nothing can reference it any more.
final class FontFile: @unchecked Sendable {
    /// The absolute path the bytes came from.
    let path: String
    /// The whole file.
    let bytes: UnsafeRawBufferPointer

    /// Reads the file at `path` (already absolute) into memory.
    convenience init(contentsOf path: String,
                     maximumDecompressedSize: Int = FontFile.maximumDecompressedSize) throws(FontRegistrationError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .fileNotFound(path: path)
        }
        guard !isDirectory.boolValue else { throw .unreadableFile(path: path, reason: "it is a directory") }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadableFile(path: path, reason: error.localizedDescription)
        }
        try self.init(data: data, path: path, maximumDecompressedSize: maximumDecompressedSize)
    }

    /// A font file over a copy of `data`, known as `path` (a file's absolute path, or the name a font registered
    /// from memory goes by). A WOFF or WOFF2 file is decompressed into the OpenType font it wraps, so that
    /// FreeType and HarfBuzz read the same tables; one declaring more than `maximumDecompressedSize` bytes is refused.
    init(data: Data, path: String,
         maximumDecompressedSize: Int = FontFile.maximumDecompressedSize) throws(FontRegistrationError) {
        guard !data.isEmpty else { throw .unreadableFont(path: path, reason: "the file is empty") }
        let signature = data.prefix(4)
        let sfnt: Data
        if signature.elementsEqual("wOFF".utf8) || signature.elementsEqual("wOF2".utf8) {
            sfnt = try FontFile.decompressWebFont(data, path: path, limit: maximumDecompressedSize)
        } else {
            sfnt = data
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: sfnt.count, alignment: 16)
        _ = sfnt.copyBytes(to: buffer.bindMemory(to: UInt8.self))
        self.path = path
        self.bytes = UnsafeRawBufferPointer(buffer)
    }

    deinit {
        bytes.deallocate()
    }

    /// The tag of the first table of face `faceIndex` that the sfnt table directory places (partly) outside the
    /// file, or `nil` when every table lies inside it.
    ///
    /// FreeType silently drops such tables (a font cut short loses its GSUB and still opens), so MatterType reads
    /// the directory itself: a big-endian `numTables` at offset 4 of the face's header, then 16-byte records of
    /// tag, checksum, offset and length; a collection (`ttcf`) lists each face's header offset from byte 12.
    func truncatedTable(faceIndex: Int) -> String? {
        func tag(_ at: Int) -> String {
            String(decoding: (0..<4).map { at + $0 < bytes.count ? bytes[at + $0] : 0x3F }, as: UTF8.self)
        }
        var header = 0
        if tag(0) == "ttcf" {
            guard let offset = bytes.uint32(at: 12 + 4 * faceIndex) else { return "ttcf" }
            header = offset
        }
        guard let word = bytes.uint32(at: header + 4) else { return "sfnt" }
        let tableCount = word >> 16
        for record in 0..<tableCount {
            let at = header + 12 + 16 * record
            guard let offset = bytes.uint32(at: at + 8), let length = bytes.uint32(at: at + 12) else { return "sfnt" }
            if offset + length > bytes.count { return tag(at) }
        }
        return nil
    }

    /// The largest OpenType font a WOFF or WOFF2 file may unpack to: 64 MiB (the largest Noto CJK collection is
    /// about 20 MB). A file declaring more is refused before anything is inflated.
    static let maximumDecompressedSize = 64 << 20

    /// Refuses a WOFF or WOFF2 file whose header or table directory declares more than `limit` bytes once
    /// decompressed (a decompression bomb: a 1 MB file can declare a 1 GiB table), or sizes that do not add up.
    /// WOFF: `totalSfntSize` and each table's `origLength` (and `compLength` inside the file, at most
    /// `origLength`); WOFF2: `totalSfntSize` and the tables' original or transformed lengths.
    static func checkDeclaredSizes(_ data: Data, path: String, limit: Int) throws(FontRegistrationError) {
        let bytes = [UInt8](data.prefix(1 << 20))
        let isWOFF2 = bytes.starts(with: Array("wOF2".utf8))
        let format = isWOFF2 ? "WOFF2" : "WOFF"
        func refuse(_ reason: String) -> FontRegistrationError { .unreadableFont(path: path, reason: reason) }
        guard let tableCount = bytes.uint16(at: 12), let totalSize = bytes.uint32(at: 16) else {
            throw refuse("its \(format) header is cut short")
        }
        let tooLarge = "it declares %@ bytes once decompressed, over the limit of \(limit) (\(limit >> 20) MiB)"
        guard totalSize <= limit else {
            throw refuse(tooLarge.replacingOccurrences(of: "%@", with: "\(totalSize)"))
        }
        var sum = 0
        if !isWOFF2 {
            for table in 0..<tableCount {
                let at = 44 + 20 * table
                guard let offset = bytes.uint32(at: at + 4), let compressed = bytes.uint32(at: at + 8),
                      let original = bytes.uint32(at: at + 12) else {
                    throw refuse("its WOFF table directory is cut short")
                }
                guard compressed <= original, offset + compressed <= data.count else {
                    throw refuse("its WOFF table directory does not add up (table \(table))")
                }
                sum += original
            }
        } else {
            // 48-byte header, then per table: a flags byte (a 4-byte tag follows when its low 6 bits are 63), the
            // original length and, for a transformed table, the transformed length, as UIntBase128.
            var at = 48
            func base128() -> Int? {
                var value = 0
                for i in 0..<5 {
                    guard at < bytes.count else { return nil }
                    let byte = Int(bytes[at])
                    at += 1
                    if i == 0 && byte == 0x80 { return nil }
                    value = value << 7 | (byte & 0x7F)
                    if value > Int(UInt32.max) { return nil }
                    if byte & 0x80 == 0 { return value }
                }
                return nil
            }
            for table in 0..<tableCount {
                guard at < bytes.count else { throw refuse("its WOFF2 table directory is cut short") }
                let flags = Int(bytes[at])
                at += 1
                let known = flags & 0x3F
                if known == 0x3F { at += 4 }
                guard let original = base128() else { throw refuse("its WOFF2 table directory is malformed") }
                // glyf (10) and loca (11) are transformed with version 0; any other table with a version above 0.
                let version = flags >> 6
                let transformed = (known == 10 || known == 11) ? version == 0 : version != 0
                var length = original
                if transformed {
                    guard let transformLength = base128() else {
                        throw refuse("its WOFF2 table directory is malformed (table \(table))")
                    }
                    length = max(original, transformLength)
                }
                sum += length
            }
        }
        guard sum <= limit else { throw refuse(tooLarge.replacingOccurrences(of: "%@", with: "\(sum)")) }
    }

    /// `path` made absolute against the working directory, with `.` and `..` removed.
    static func absolutePath(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
