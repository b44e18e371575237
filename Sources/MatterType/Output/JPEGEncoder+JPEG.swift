import CJPEG
public import Foundation

/// JPEG encoding through libjpeg-turbo: baseline, optimized Huffman tables, the image over white (JPEG has no
/// alpha), 4:2:0 chroma below quality 90 and 4:4:4 from it.
public enum JPEGEncoder {
    /// The quality used when none is given: libjpeg's scale, where 85 is a common web default.
    public static let defaultQuality = 85

    /// The JPEG of `image` at `quality` (1–100), its transparent parts white.
    /// - Throws: ``RenderError/tooLargeForJPEG(width:height:)`` past 65,500 pixels wide or tall;
    ///   ``RenderError/jpegEncodingFailed(reason:)`` when libjpeg refuses the image (out of memory).
    public static func encode(_ image: RGBAImage, quality: Int = defaultQuality) throws(RenderError) -> Data {
        try ImageFormat.jpeg.check(PixelSize(width: image.width, height: image.height))
        // Premultiplied pixels over white: each channel plus what alpha leaves of white.
        var rgb = [UInt8](repeating: 0, count: image.width * image.height * 3)
        image.pixels.withUnsafeBufferPointer { pixels in
            for index in 0..<(image.width * image.height) {
                let clear = 255 - Int(pixels[index * 4 + 3])
                rgb[index * 3] = UInt8(min(255, Int(pixels[index * 4]) + clear))
                rgb[index * 3 + 1] = UInt8(min(255, Int(pixels[index * 4 + 1]) + clear))
                rgb[index * 3 + 2] = UInt8(min(255, Int(pixels[index * 4 + 2]) + clear))
            }
        }
        var out: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        var message = [CChar](repeating: 0, count: 240)
        let ok = rgb.withUnsafeBufferPointer { pixels in
            mattertype_jpeg_encode_rgb(pixels.baseAddress, UInt32(image.width), UInt32(image.height),
                                       Int32(min(max(quality, 1), 100)), &out, &size, &message, message.count)
        }
        guard ok != 0, let out else {
            throw .jpegEncodingFailed(reason: String(decoding: message.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self))
        }
        defer { mattertype_jpeg_free(out) }
        return Data(bytes: out, count: Int(size))
    }
}
