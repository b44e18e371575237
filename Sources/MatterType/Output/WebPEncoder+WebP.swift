import CImageCodecs
public import Foundation

/// Lossless WebP encoding through libwebp: decoded, the pixels equal the RGBA PNG's exactly (the color of fully
/// transparent pixels included).
public enum WebPEncoder {
    /// The lossless WebP of `image` (alpha divided out, as WebP stores it). It needs one unpremultiplied copy of
    /// the image (libwebp takes whole images).
    /// - Throws: ``RenderError/webpEncodingFailed(reason:)`` when libwebp refuses the image (more than 16,383
    ///   pixels wide or tall, out of memory).
    public static func encode(_ image: RGBAImage,
                              compression: ImageCompression = .balanced) throws(RenderError) -> Data {
        let effort: Float = switch compression {
        case .fast: 0
        case .balanced: 50
        case .small: 100
        }
        var out = mattertype_buffer()
        defer { mattertype_buffer_free(&out) }
        let ok = image.unpremultipliedPixels.withUnsafeBufferPointer { pixels in
            mattertype_webp_write_lossless(pixels.baseAddress, UInt32(image.width), UInt32(image.height), effort, &out)
        }
        guard ok != 0, let data = out.data else {
            let message = withUnsafeBytes(of: out.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw .webpEncodingFailed(reason: message.isEmpty ? "unknown error" : message)
        }
        return Data(bytes: data, count: out.size)
    }
}
