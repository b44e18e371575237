import CImageCodecs
import Foundation

/// Reads JPEG files with libjpeg-turbo (C in Sources/CImageCodecs/jpeg_reader.c catches libjpeg's errors).
enum JPEGDecoder {
    /// The unpremultiplied RGBA pixels, width and height of a JPEG.
    /// - Throws: ``ImageDecodingError`` for a corrupt or CMYK JPEG, or one of more than `maximumPixels` pixels.
    static func decode(_ data: Data, maximumPixels: Int) throws(ImageDecodingError)
        -> (pixels: [UInt8], width: Int, height: Int) {
        var out = mattertype_buffer()
        defer { mattertype_buffer_free(&out) }
        var width: UInt32 = 0, height: UInt32 = 0
        let ok = data.withUnsafeBytes { bytes in
            mattertype_jpeg_decode_rgba(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count,
                                        UInt64(maximumPixels), &width, &height, &out)
        }
        guard ok != 0, let pixels = out.data else {
            throw .unreadable(format: .jpeg, reason: withUnsafeBytes(of: out.message) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            })
        }
        return (Array(UnsafeBufferPointer(start: pixels, count: out.size)), Int(width), Int(height))
    }
}
