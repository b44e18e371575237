import CPNG
public import Foundation

/// Why an image could not be encoded or written.
public enum RenderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text could not be laid out: an invalid typography or limits, or no font.
    case layout(LayoutError)
    /// The image would be larger than ``TextRenderer/maximumPixelCount`` pixels.
    case imageTooLarge(width: Int, height: Int)
    /// libpng refused the image; `reason` is its message.
    case pngEncodingFailed(reason: String)
    /// The PNG could not be written to `path`.
    case unwritableFile(path: String, reason: String)

    public var description: String {
        switch self {
        case .layout(let error):
            error.description
        case .imageTooLarge(let width, let height):
            "a \(width) × \(height) image is too large (at most \(TextRenderer.maximumPixelCount) pixels); "
                + "use a smaller size, scale or width"
        case .pngEncodingFailed(let reason):
            "libpng could not encode the image (\(reason))"
        case .unwritableFile(let path, let reason):
            "\(path): cannot write the PNG (\(reason))"
        }
    }
}

/// PNG encoding through libpng's simplified write API.
public enum PNGEncoder {
    /// An 8-bit RGBA PNG of `image` (alpha divided out, as PNG stores it).
    public static func encode(_ image: RGBAImage) throws(RenderError) -> Data {
        try encode(pixels: image.unpremultipliedPixels, width: image.width, height: image.height,
                   format: mattertype_png_format_rgba(), channels: 4)
    }

    /// An 8-bit gray PNG of a coverage bitmap (255 is full ink, drawn white on black).
    public static func encode(_ bitmap: GrayBitmap) throws(RenderError) -> Data {
        try encode(pixels: bitmap.pixels, width: bitmap.width, height: bitmap.height,
                   format: mattertype_png_format_gray(),
                   channels: 1)
    }

    private static func encode(pixels: [UInt8], width: Int, height: Int, format: UInt32,
                               channels: Int) throws(RenderError) -> Data {
        guard width > 0, height > 0, width <= Int(Int32.max) / channels, height <= Int(UInt32.max) else {
            throw .pngEncodingFailed(reason: "the image is \(width) × \(height) pixels; both must be at least 1")
        }
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = format
        let stride = Int32(width * channels)
        // First call: how many bytes the PNG needs.
        var size = 0
        let sized = pixels.withUnsafeBytes {
            png_image_write_to_memory(&image, nil, &size, 0, $0.baseAddress, stride, nil)
        }
        guard sized != 0, size > 0 else { throw failure(&image) }
        var data = Data(count: size)
        let written = data.withUnsafeMutableBytes { out in
            pixels.withUnsafeBytes {
                png_image_write_to_memory(&image, out.baseAddress, &size, 0, $0.baseAddress, stride, nil)
            }
        }
        guard written != 0 else { throw failure(&image) }
        png_image_free(&image)
        return data.prefix(size)
    }

    /// The error libpng left in `image`, which is then freed.
    private static func failure(_ image: inout png_image) -> RenderError {
        let message = withUnsafeBytes(of: image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        png_image_free(&image)
        return .pngEncodingFailed(reason: message.isEmpty ? "unknown error" : message)
    }
}
