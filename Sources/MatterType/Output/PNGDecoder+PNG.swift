import CPNG
public import Foundation

/// Reads PNG files back (libpng's simplified read API), for comparing renders with golden images.
public enum PNGDecoder {
    /// The image in `data`, or `nil` when it is not a PNG libpng can read.
    public static func decode(_ data: Data) -> RGBAImage? {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        let begun = data.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard begun != 0 else { return nil }
        let width = Int(image.width), height = Int(image.height)
        guard width > 0, height > 0,
              PixelSize(width: width, height: height).fits(pixelCount: TextRenderer.maximumPixelCount) else {
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
