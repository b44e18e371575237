import CImageCodecs
import Foundation

/// zlib streams (PDF's FlateDecode) written by libdeflate, through the compressor each thread keeps.
enum FlateStream {
    /// `data` compressed at `compression`'s level.
    /// - Throws: ``RenderError/pdfEncodingFailed(reason:)`` when libdeflate cannot compress it (out of memory).
    static func compressed(_ data: Data, compression: ImageCompression) throws(RenderError) -> Data {
        var out = mattertype_buffer()
        defer { mattertype_buffer_free(&out) }
        let ok = data.withUnsafeBytes { bytes in
            mattertype_zlib_compress(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count,
                                     compression.deflateLevel, &out)
        }
        guard ok != 0, let base = out.data else {
            let message = withUnsafeBytes(of: out.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw .pdfEncodingFailed(reason: message)
        }
        return Data(bytes: base, count: out.size)
    }
}
