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
    init(contentsOf path: String) throws(FontRegistrationError) {
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
        guard !data.isEmpty else { throw .unreadableFont(path: path, reason: "the file is empty") }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: data.count, alignment: 16)
        _ = data.copyBytes(to: buffer.bindMemory(to: UInt8.self))
        self.path = path
        self.bytes = UnsafeRawBufferPointer(buffer)
    }

    deinit {
        bytes.deallocate()
    }

    /// `path` made absolute against the working directory, with `.` and `..` removed.
    static func absolutePath(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
