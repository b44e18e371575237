import CImageCodecs
import Foundation

/// Reads WebP files (lossy and lossless) with libwebp.
enum WebPDecoder {
    /// The unpremultiplied RGBA pixels, width and height of a WebP image.
    /// - Throws: ``ImageDecodingError`` when libwebp cannot decode it or it has more than `maximumPixels` pixels.
    static func decode(_ data: Data, maximumPixels: Int = TextRenderer.maximumPixelCount) throws(ImageDecodingError)
        -> (pixels: [UInt8], width: Int, height: Int) {
        var out = mattertype_buffer()
        defer { mattertype_buffer_free(&out) }
        var width: UInt32 = 0, height: UInt32 = 0
        let ok = data.withUnsafeBytes { bytes in
            mattertype_webp_decode_rgba(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count,
                                        UInt64(maximumPixels), &width, &height, &out)
        }
        guard ok != 0, let pixels = out.data else {
            throw .unreadable(format: .webp, reason: withUnsafeBytes(of: out.message) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            })
        }
        return (Array(UnsafeBufferPointer(start: pixels, count: out.size)), Int(width), Int(height))
    }
}
