public import Foundation

/// Reads the images cards draw — PNG (libpng), JPEG (libjpeg-turbo) and WebP (libwebp), told apart by their first
/// bytes — into premultiplied RGBA.
public enum ImageDecoder {
    /// The formats read.
    public enum Format: String, Sendable, CaseIterable {
        case png, jpeg, webp
    }

    /// The format `data` starts like, or `nil`.
    public static func format(of data: Data) -> Format? {
        let bytes = [UInt8](data.prefix(12))
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.count == 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return .webp
        }
        return nil
    }

    /// The image in `data`, premultiplied.
    /// - Throws: ``ImageDecodingError`` when the bytes are not one of the formats, cannot be decoded, or the image
    ///   has more than `maximumPixels` pixels (checked from its header, before decoding).
    public static func decode(_ data: Data, maximumPixels: Int = TextRenderer.maximumPixelCount)
        throws(ImageDecodingError) -> RGBAImage {
        guard let format = format(of: data) else { throw .unknownFormat }
        switch format {
        case .png:
            guard let image = PNGDecoder.decode(data) else {
                throw .unreadable(format: format, reason: "libpng cannot read it (corrupt, or more than "
                                  + "\(TextRenderer.maximumPixelCount) pixels)")
            }
            guard image.width * image.height <= maximumPixels else {
                throw .tooLarge(width: image.width, height: image.height, limit: maximumPixels)
            }
            return image
        case .jpeg:
            let (pixels, width, height) = try JPEGDecoder.decode(data, maximumPixels: maximumPixels)
            return RGBAImage(width: width, height: height, unpremultiplied: pixels)
        case .webp:
            let (pixels, width, height) = try WebPEncoder.decode(data, maximumPixels: maximumPixels)
            return RGBAImage(width: width, height: height, unpremultiplied: pixels)
        }
    }
}

/// Why an image could not be read.
public enum ImageDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes are not PNG, JPEG or WebP.
    case unknownFormat
    /// The image is larger than allowed.
    case tooLarge(width: Int, height: Int, limit: Int)
    /// The decoder refused it.
    case unreadable(format: ImageDecoder.Format, reason: String)

    /// One line saying what is wrong.
    public var description: String {
        switch self {
        case .unknownFormat:
            "not a PNG, JPEG or WebP image (its first bytes are none of theirs)"
        case .tooLarge(let width, let height, let limit):
            "the image is \(width) × \(height) pixels; images have at most \(limit) pixels"
        case .unreadable(let format, let reason):
            "the \(format.rawValue.uppercased()) image cannot be read: \(reason)"
        }
    }
}

extension RGBAImage {
    /// An image of unpremultiplied RGBA pixels (as decoders give them), premultiplied.
    init(width: Int, height: Int, unpremultiplied pixels: [UInt8]) {
        self.init(width: width, height: height)
        var premultiplied = pixels
        for i in stride(from: 0, to: premultiplied.count, by: 4) where premultiplied[i + 3] < 255 {
            let a = UInt32(premultiplied[i + 3])
            for c in 0..<3 { premultiplied[i + c] = premultiply(premultiplied[i + c], a) }
        }
        self.pixels = premultiplied
    }
}
