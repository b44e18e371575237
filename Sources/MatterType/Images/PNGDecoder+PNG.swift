import CPNG
public import Foundation

/// Reads PNG files (libpng's simplified read API): card images, and renders compared with golden images.
///
/// Before libpng sees a file, its chunks are walked here: the size in the header is checked against the limit (so
/// a small file declaring 100 megapixels allocates nothing), and only the chunks that make its pixels are passed
/// on (IHDR, PLTE, tRNS, gAMA, cHRM, sRGB, IDAT, IEND), so that compressed text and ICC profiles, which libpng
/// would inflate whole whatever their size, are never inflated.
public enum PNGDecoder {
    /// The image in `data`, or `nil` when it is not a PNG libpng can read or has more than `maximumPixels` pixels.
    public static func decode(_ data: Data, maximumPixels: Int = TextRenderer.maximumPixelCount) -> RGBAImage? {
        guard let png = pixelChunks(of: data, maximumPixels: maximumPixels) else { return nil }
        return decodePixelChunks(png.data, width: png.width, height: png.height)
    }

    /// The width and height `data`'s header declares, and `data` with only the chunks that make its pixels; `nil`
    /// when it is not a PNG, its chunks run past its end, or it has more than `maximumPixels` pixels.
    static func pixelChunks(of data: Data, maximumPixels: Int) -> (data: Data, width: Int, height: Int)? {
        let bytes = [UInt8](data)
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.starts(with: signature), bytes.uint32(at: 12) == 0x4948_4452,  // IHDR first
              let width = bytes.uint32(at: 16), let height = bytes.uint32(at: 20), width > 0, height > 0,
              PixelSize(width: width, height: height).fits(pixelCount: min(maximumPixels, TextRenderer.maximumPixelCount))
        else { return nil }
        let kept: Set<Int> = [0x4948_4452, 0x504C_5445, 0x7452_4E53, 0x6741_4D41, 0x6348_524D, 0x7352_4742,
                              0x4944_4154, 0x4945_4E44]  // IHDR PLTE tRNS gAMA cHRM sRGB IDAT IEND
        var out = Data(signature)
        out.reserveCapacity(bytes.count)
        var offset = signature.count
        while offset < bytes.count {
            guard let length = bytes.uint32(at: offset), let type = bytes.uint32(at: offset + 4),
                  length <= bytes.count - offset - 12 else { return nil }
            let end = offset + 12 + length
            if kept.contains(type) { out.append(contentsOf: bytes[offset..<end]) }
            offset = end
            if type == 0x4945_4E44 { break }  // IEND
        }
        return (out, width, height)
    }

    /// Decodes a PNG whose chunks ``pixelChunks(of:maximumPixels:)`` checked.
    private static func decodePixelChunks(_ data: Data, width: Int, height: Int) -> RGBAImage? {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        let begun = data.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard begun != 0 else { return nil }
        guard Int(image.width) == width, Int(image.height) == height else {
            png_image_free(&image)
            return nil
        }
        image.format = mattertype_png_format_rgba()
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let finished = pixels.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }
        png_image_free(&image)
        guard finished != 0 else { return nil }
        return RGBAImage(width: width, height: height, unpremultiplied: pixels)
    }
}
