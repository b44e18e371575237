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
    convenience init(contentsOf path: String) throws(FontRegistrationError) {
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
        try self.init(data: data, path: path)
    }

    /// A font file over a copy of `data`, known as `path` (a file's absolute path, or the name a font registered
    /// from memory goes by). A WOFF or WOFF2 file is decompressed into the OpenType font it wraps, so that
    /// FreeType and HarfBuzz read the same tables.
    init(data: Data, path: String) throws(FontRegistrationError) {
        guard !data.isEmpty else { throw .unreadableFont(path: path, reason: "the file is empty") }
        let signature = data.prefix(4)
        let sfnt: Data
        if signature.elementsEqual("wOFF".utf8) || signature.elementsEqual("wOF2".utf8) {
            sfnt = try FontFile.decompressWebFont(data, path: path)
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
        func uint32(_ at: Int) -> Int? {
            guard at >= 0, at + 4 <= bytes.count else { return nil }
            return (0..<4).reduce(0) { $0 << 8 | Int(bytes[at + $1]) }
        }
        func tag(_ at: Int) -> String {
            String(decoding: (0..<4).map { at + $0 < bytes.count ? bytes[at + $0] : 0x3F }, as: UTF8.self)
        }
        var header = 0
        if tag(0) == "ttcf" {
            guard let offset = uint32(12 + 4 * faceIndex) else { return "ttcf" }
            header = offset
        }
        guard let word = uint32(header + 4) else { return "sfnt" }
        let tableCount = word >> 16
        for record in 0..<tableCount {
            let at = header + 12 + 16 * record
            guard let offset = uint32(at + 8), let length = uint32(at + 12) else { return "sfnt" }
            if offset + length > bytes.count { return tag(at) }
        }
        return nil
    }

    /// `path` made absolute against the working directory, with `.` and `..` removed.
    static func absolutePath(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
