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

    /// The memory decoding an image takes at its peak, in bytes a pixel: the decoder's RGBA output, its copy into
    /// Swift and the premultiplied image (4 each), and libjpeg's coefficients of a progressive file (about 4).
    public static let decodingBytesPerPixel = 16

    /// The most scans a JPEG of `pixels` pixels may have: each scan of a progressive file is a pass over all of its
    /// coefficients, so the work is scans × pixels; at most 500 million (25 megapixels: 20 scans), and never fewer
    /// than 12 (cjpeg -progressive writes 10 for a color image) nor more than 100.
    public static func maximumJPEGScans(pixels: Int) -> Int { min(100, max(12, 500_000_000 / max(pixels, 1))) }

    /// The width and height the header of the image in `data` declares, read without decoding anything (PNG's
    /// IHDR, JPEG's start of frame, WebP's VP8, VP8L or VP8X header); `nil` when there is no such header.
    public static func pixelSize(of data: Data) -> PixelSize? {
        guard let format = format(of: data) else { return nil }
        let bytes = [UInt8](data.prefix(format == .jpeg ? 1 << 20 : 64))
        func little(_ at: Int, _ count: Int) -> Int? {
            guard at >= 0, at + count <= bytes.count else { return nil }
            return (0..<count).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) }
        }
        var size: PixelSize?
        switch format {
        case .png:
            if let width = bytes.uint32(at: 16), let height = bytes.uint32(at: 20) {
                size = PixelSize(width: width, height: height)
            }
        case .jpeg:
            // Markers from SOI on, each with its length, up to a start of frame (SOF0…SOF15 but DHT, JPG, DAC).
            var offset = 2
            while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
                let marker = bytes[offset + 1]
                if marker == 0xFF { offset += 1; continue }
                guard let length = bytes.uint16(at: offset + 2) else { break }
                if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                    if let height = bytes.uint16(at: offset + 5), let width = bytes.uint16(at: offset + 7) {
                        size = PixelSize(width: width, height: height)
                    }
                    break
                }
                offset += 2 + length
            }
        case .webp:
            guard bytes.count >= 16 else { return nil }
            switch String(decoding: bytes[12..<16], as: UTF8.self) {
            case "VP8X":
                if let w = little(24, 3), let h = little(27, 3) { size = PixelSize(width: w + 1, height: h + 1) }
            case "VP8L":
                if let bits = little(21, 4), bytes.count > 20, bytes[20] == 0x2F {
                    size = PixelSize(width: bits & 0x3FFF + 1, height: (bits >> 14) & 0x3FFF + 1)
                }
            case "VP8 ":
                if let w = little(26, 2), let h = little(28, 2) { size = PixelSize(width: w & 0x3FFF, height: h & 0x3FFF) }
            default: break
            }
        }
        guard let size, size.width > 0, size.height > 0 else { return nil }
        return size
    }

    /// The image in `data`, premultiplied.
    /// - Throws: ``ImageDecodingError`` when the bytes are not one of the formats, cannot be decoded, or the image
    ///   has more than `maximumPixels` pixels (checked from its header, before decoding).
    public static func decode(_ data: Data, maximumPixels: Int = TextRenderer.maximumPixelCount)
        throws(ImageDecodingError) -> RGBAImage {
        guard let format = format(of: data) else { throw .unknownFormat }
        // The size from the header, before a decoder allocates anything for it.
        let size = pixelSize(of: data)
        if let size, !size.fits(pixelCount: maximumPixels) {
            throw .tooLarge(width: size.width, height: size.height, limit: maximumPixels)
        }
        switch format {
        case .png:
            guard let image = PNGDecoder.decode(data, maximumPixels: maximumPixels) else {
                throw .unreadable(format: format, reason: "libpng cannot read it (damaged or cut short)")
            }
            return image
        case .jpeg:
            let scans = maximumJPEGScans(pixels: (size?.width ?? 1) * (size?.height ?? 1))
            let (pixels, width, height) = try JPEGDecoder.decode(data, maximumPixels: maximumPixels, maximumScans: scans)
            var image = RGBAImage(width: width, height: height, unpremultiplied: pixels)
            image.sourceJPEG = SourceJPEG(data)
            return image
        case .webp:
            let (pixels, width, height) = try WebPDecoder.decode(data, maximumPixels: maximumPixels)
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
