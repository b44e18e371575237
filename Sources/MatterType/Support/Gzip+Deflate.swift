import CImageCodecs
public import Foundation

/// gzip (RFC 1952), as `gzip` writes files and HTTP sends `Content-Encoding: gzip` bodies, read with libdeflate:
/// a large Figma document travels at a tenth of its size.
public enum Gzip {
    /// Whether `data` starts as gzip data does (the bytes 1F 8B).
    public static func isCompressed(_ data: Data) -> Bool {
        data.count >= 2 && data[data.startIndex] == 0x1F && data[data.startIndex + 1] == 0x8B
    }

    /// `data` decompressed: at most `limit` bytes (more is refused without being written).
    /// - Throws: ``GzipError/tooLarge(limit:)`` past `limit`, ``GzipError/unreadable(reason:)`` for data that is
    ///   no gzip, damaged or cut short.
    public static func decompressed(_ data: Data, limit: Int) throws(GzipError) -> Data {
        var out = mattertype_buffer()
        defer { mattertype_buffer_free(&out) }
        let result = data.withUnsafeBytes { bytes in
            mattertype_gzip_decompress(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count,
                                       max(limit, 0), &out)
        }
        switch result {
        case 1:
            guard let base = out.data else { return Data() }
            return Data(bytes: base, count: out.size)
        case -1:
            throw .tooLarge(limit: limit)
        default:
            let reason = withUnsafeBytes(of: out.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw .unreadable(reason: reason)
        }
    }
}

/// Why gzip data could not be decompressed.
public enum GzipError: Error, Sendable, Hashable, CustomStringConvertible {
    /// It decompresses to more than `limit` bytes.
    case tooLarge(limit: Int)
    /// It is no gzip data, or damaged, or cut short; `reason` says which.
    case unreadable(reason: String)

    public var description: String {
        switch self {
        case .tooLarge(let limit): "it decompresses to more than \(limit) bytes"
        case .unreadable(let reason): "it cannot be decompressed: \(reason)"
        }
    }
}
