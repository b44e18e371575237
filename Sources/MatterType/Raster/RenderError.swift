/// Why an image could not be encoded or written.
public enum RenderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text could not be laid out: an invalid typography or limits, or no font.
    case layout(LayoutError)
    /// The image would be larger than ``TextRenderer/maximumPixelCount`` pixels.
    case imageTooLarge(width: Int, height: Int)
    /// The PNG could not be encoded; `reason` says why.
    case pngEncodingFailed(reason: String)
    /// libwebp refused the image; `reason` is its message.
    case webpEncodingFailed(reason: String)
    /// The image is wider or taller than WebP allows (``ImageFormat/webpMaximumSide``); known before drawing.
    case tooLargeForWebP(width: Int, height: Int)
    /// libjpeg refused the image; `reason` says why.
    case jpegEncodingFailed(reason: String)
    /// The image is wider or taller than JPEG allows (``ImageFormat/jpegMaximumSide``); known before drawing.
    case tooLargeForJPEG(width: Int, height: Int)
    /// The PDF could not be written (a font HarfBuzz cannot subset, out of memory); `reason` names the font.
    case pdfEncodingFailed(reason: String)
    /// The image could not be written to `path`; `reason` says why in words.
    case unwritableFile(path: String, reason: String)
    /// `path`'s extension names no format MatterType writes.
    case unsupportedFormat(path: String)
    /// The drawing's ``RenderDeadline`` passed while it was drawing `stage` (a layer, text, a shadow, a stroke).
    case deadlineExceeded(stage: String)

    public var description: String {
        switch self {
        case .layout(let error):
            error.description
        case .imageTooLarge(let width, let height):
            "a \(width) × \(height) image is too large (at most \(TextRenderer.maximumPixelCount) pixels); "
                + "\(RenderError.fittingFactor(width: width, height: height)) times the size or scale would fit"
        case .pngEncodingFailed(let reason):
            "the PNG could not be encoded (\(reason))"
        case .webpEncodingFailed(let reason):
            "libwebp could not encode the image (\(reason))"
        case .jpegEncodingFailed(let reason):
            "the JPEG could not be encoded (\(reason))"
        case .tooLargeForJPEG(let width, let height):
            "a \(width) × \(height) image is too large for JPEG (at most \(ImageFormat.jpegMaximumSide) pixels wide and "
                + "tall); use PNG, or a smaller size, scale or width"
        case .tooLargeForWebP(let width, let height):
            "a \(width) × \(height) image is too large for WebP (at most \(ImageFormat.webpMaximumSide) pixels wide and "
                + "tall); use PNG, or a smaller size, scale or width"
        case .pdfEncodingFailed(let reason):
            "the PDF could not be written (\(reason))"
        case .unwritableFile(let path, let reason):
            "\(path): cannot write the image (\(reason))"
        case .unsupportedFormat(let path):
            "\(path): MatterType writes .png, .webp, .jpg, .svg and .pdf files; name the file so"
        case .deadlineExceeded(let stage):
            "the drawing ran past its deadline (while drawing \(stage)); draw less, or allow more time"
        }
    }

    /// The largest factor, rounded down to hundredths, by which a `width` × `height` image could be scaled and have at
    /// most ``TextRenderer/maximumPixelCount`` pixels (both sides rounded up, as images are), as text ("0.54").
    static func fittingFactor(width: Int, height: Int) -> String {
        let exact = (Double(TextRenderer.maximumPixelCount) / (Double(width) * Double(height))).squareRoot()
        var hundredths = Int((exact * 100).rounded(.down))
        while hundredths > 1, (Double(width) * Double(hundredths) / 100).rounded(.up)
                * (Double(height) * Double(hundredths) / 100).rounded(.up) > Double(TextRenderer.maximumPixelCount) {
            hundredths -= 1
        }
        return "\(hundredths / 100)." + (hundredths % 100 < 10 ? "0" : "") + "\(hundredths % 100)"
    }
}
