import CJPEG
import Foundation

/// Reads JPEG files with libjpeg-turbo (Sources/CJPEG/shim.h catches libjpeg's errors in C).
enum JPEGDecoder {
    /// The unpremultiplied RGBA pixels, width and height of a JPEG.
    /// - Throws: ``ImageDecodingError`` for a damaged, cut short or CMYK JPEG, one of more than `maximumPixels`
    ///   pixels, or one with more than `maximumScans` scans.
    static func decode(_ data: Data, maximumPixels: Int, maximumScans scans: Int) throws(ImageDecodingError)
        -> (pixels: [UInt8], width: Int, height: Int) {
        var width: UInt32 = 0, height: UInt32 = 0
        var message = [CChar](repeating: 0, count: 240)
        let pixels = data.withUnsafeBytes { bytes in
            mattertype_jpeg_decode_rgba(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count,
                                        UInt64(maximumPixels), Int32(scans), &width, &height, &message, message.count)
        }
        guard let pixels else {
            throw .unreadable(format: .jpeg, reason: String(decoding: message.prefix { $0 != 0 }.map(UInt8.init),
                                                            as: UTF8.self))
        }
        defer { mattertype_jpeg_free(pixels) }
        return (Array(UnsafeBufferPointer(start: pixels, count: Int(width) * Int(height) * 4)), Int(width), Int(height))
    }
}
