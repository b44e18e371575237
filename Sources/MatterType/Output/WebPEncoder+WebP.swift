import CImageCodecs
public import Foundation

/// WebP encoding through libwebp: lossless by default (decoded, the pixels equal the RGBA PNG's exactly, the color
/// of fully transparent pixels included), lossy at a quality.
public enum WebPEncoder {
    /// The WebP of `image` (alpha divided out, as WebP stores it): lossless without `quality`, else lossy at
    /// `quality` (1–100). It needs one unpremultiplied copy of the image (libwebp takes whole images).
    /// - Throws: ``RenderError/webpEncodingFailed(reason:)`` when libwebp refuses the image (more than 16,383
    ///   pixels wide or tall, out of memory).
    public static func encode(_ image: RGBAImage, compression: ImageCompression = .balanced,
                              quality: Int? = nil) throws(RenderError) -> Data {
        let effort: Float = switch compression {
        case .fast: 0
        case .balanced: 50
        case .small: 100
        }
        var out = mattertype_buffer()
        defer { mattertype_buffer_free(&out) }
        let ok = image.unpremultipliedPixels.withUnsafeBufferPointer { pixels in
            mattertype_webp_write(pixels.baseAddress, UInt32(image.width), UInt32(image.height), effort,
                                  Int32(quality.map { min(max($0, 1), 100) } ?? -1), &out)
        }
        guard ok != 0, let data = out.data else {
            let message = withUnsafeBytes(of: out.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw .webpEncodingFailed(reason: message.isEmpty ? "unknown error" : message)
        }
        return Data(bytes: data, count: out.size)
    }
}
