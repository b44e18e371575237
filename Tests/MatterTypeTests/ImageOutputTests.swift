import CPNG
import Foundation
import Testing
@testable import MatterType

/// Decodes a PNG to unpremultiplied 8-bit RGBA with libpng's simplified read API (an independent path from the
/// encoder's), and reads its IHDR color type and bit depth.
enum PNGDecoding {
    static func rgba(_ data: Data) -> (pixels: [UInt8], width: Int, height: Int)? {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        let begun = data.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard begun != 0 else { return nil }
        image.format = mattertype_png_format_rgba()
        var pixels = [UInt8](repeating: 0, count: Int(image.width) * Int(image.height) * 4)
        let finished = pixels.withUnsafeMutableBytes {
            png_image_finish_read(&image, nil, $0.baseAddress, 0, nil)
        }
        png_image_free(&image)
        return finished != 0 ? (pixels, Int(image.width), Int(image.height)) : nil
    }

    /// IHDR's color type (byte 25) and bit depth (byte 24).
    static func header(_ data: Data) -> (colorType: UInt8, bitDepth: UInt8) {
        (data[data.startIndex + 25], data[data.startIndex + 24])
    }
}

@Suite("Image output: exact PNG and WebP encodings, atomic files")
struct ImageOutputTests {
    static let body = Typography(family: "Noto Sans", fontSize: 16, lineHeight: 24)
    static let registry = FontRegistry(includesSystemFonts: false)

    /// Images that take each PNG representation: (name, image, expected color type, bit depth).
    static func images() throws -> [(String, RGBAImage, UInt8, UInt8)] {
        let layout = try TextLayout("Hello, exact PNG! Quick brown fox.", typography: body,
                                    limits: LayoutLimits(width: 160), registry: registry)
        let renderer = TextRenderer()
        let two = try TextLayout(StyledText("Red ", style: SpanStyle().color(Color(red: 200, green: 0, blue: 0)))
                                    .appending("blue", SpanStyle().color(Color(red: 0, green: 0, blue: 200))),
                                 typography: body, registry: registry)
        // Many colors: a gradient background under text.
        var gradient = RGBAImage(width: 300, height: 40, background: .white)
        for y in 0..<40 {
            for x in 0..<300 {
                let i = (y * 300 + x) * 4
                gradient.pixels[i] = UInt8(x % 256)
                gradient.pixels[i + 1] = UInt8((x * 7 + y) % 256)
                gradient.pixels[i + 2] = UInt8(y * 6)
            }
        }
        renderer.draw(layout, into: &gradient)
        var translucentMany = gradient
        for i in stride(from: 3, to: translucentMany.pixels.count, by: 8) { translucentMany.pixels[i] = 128 }
        for i in stride(from: 0, to: translucentMany.pixels.count, by: 8) {
            for c in 0..<3 { translucentMany.pixels[i + c] = translucentMany.pixels[i + c] / 2 }
        }
        var grayMany = RGBAImage(width: 300, height: 20, background: .clear)
        for i in 0..<(300 * 20) {
            let v = UInt8(i % 251)
            let a = UInt8(255 - i % 200)
            let premultiplied = UInt8((Int(v) * Int(a) + 127) / 255)
            grayMany.pixels[4 * i] = premultiplied
            grayMany.pixels[4 * i + 1] = premultiplied
            grayMany.pixels[4 * i + 2] = premultiplied
            grayMany.pixels[4 * i + 3] = a
        }
        // A photograph's noise: few pixels repeat a neighbour, so its rows are Paeth-filtered.
        var noise = RGBAImage(width: 97, height: 31, background: .white)
        var state: UInt32 = 12_345
        for i in 0..<(97 * 31) {
            for c in 0..<3 {
                state = state &* 1_103_515_245 &+ 12_345
                noise.pixels[4 * i + c] = UInt8(truncatingIfNeeded: (i % 97) + Int(state >> 27))
            }
        }
        return [
            // Gray ink on white: every pixel opaque gray.
            ("gray on white", try renderer.image(of: layout, color: .black, background: .white), 0, 8),
            // One color on transparent: at most 256 values, indexed with tRNS.
            ("blue on transparent", try renderer.image(of: layout, color: Color(red: 20, green: 40, blue: 200)), 3, 8),
            ("two colors on white", try renderer.image(of: two, background: .white), 3, 8),
            ("gradient", gradient, 2, 8),
            ("photograph", noise, 2, 8),
            ("translucent gradient", translucentMany, 6, 8),
            ("translucent grays", grayMany, 4, 8),
        ]
    }

    @Test("every encoding and compression decodes to exactly the RGBA pixels; auto picks the smallest kind")
    func exact() throws {
        for (name, image, colorType, bitDepth) in try ImageOutputTests.images() {
            let expected = image.unpremultipliedPixels
            let rgba = try PNGEncoder.encode(image, encoding: .rgba)
            #expect(PNGDecoding.header(rgba).colorType == 6, "\(name)")
            #expect(PNGDecoding.rgba(rgba)?.pixels == expected, "\(name): rgba")
            for compression in ImageCompression.allCases {
                let auto = try PNGEncoder.encode(image, compression: compression)
                let header = PNGDecoding.header(auto)
                #expect(header.colorType == colorType && header.bitDepth == bitDepth, "\(name): \(header)")
                let decoded = try #require(PNGDecoding.rgba(auto))
                #expect(decoded.width == image.width && decoded.height == image.height)
                #expect(decoded.pixels == expected, "\(name): auto, \(compression)")
                let rgbaAlike = try PNGEncoder.encode(image, encoding: .rgba, compression: compression)
                // Fewer bytes a pixel makes the smaller file, up to deflate's whims on tiny images: two colors on
                // white at level 12 are 1,200 bytes indexed and 1,164 as RGBA.
                #expect(auto.count <= rgbaAlike.count + rgbaAlike.count / 20,
                        "\(name), \(compression): auto \(auto.count), RGBA \(rgbaAlike.count)")
                let webp = try WebPEncoder.encode(image, compression: compression)
                #expect((try? WebPDecoder.decode(webp))?.pixels == expected, "\(name): webp, \(compression)")
            }
        }
    }

    @Test("small palettes pack 1, 2 or 4 bits a pixel, rows of any width")
    func smallPalettes() throws {
        for (colors, bits) in [(2, UInt8(1)), (4, 2), (16, 4)] {
            for width in [1, 7, 9, 33] {
                var image = RGBAImage(width: width, height: 3, background: .white)
                for x in 0..<width {
                    for y in 0..<3 {
                        let shade = UInt8(255 - (x + y) % colors * 10)
                        let i = (y * width + x) * 4
                        image.pixels[i] = shade
                        image.pixels[i + 1] = 0
                    }
                }
                let png = try PNGEncoder.encode(image)
                #expect(PNGDecoding.header(png).bitDepth == (min(colors, width + 2) <= 2 ? 1 : bits)
                        || PNGDecoding.header(png).bitDepth <= bits, "\(colors) colors, width \(width)")
                #expect(PNGDecoding.rgba(png)?.pixels == image.unpremultipliedPixels, "\(colors) colors, width \(width)")
            }
        }
    }

    @Test("a coverage bitmap encodes as gray and decodes to its coverage")
    func coverage() throws {
        let layout = try TextLayout("Coverage", typography: ImageOutputTests.body, registry: ImageOutputTests.registry)
        var bitmap = GrayBitmap(width: 80, height: 24)
        TextRenderer().draw(layout, into: &bitmap)
        let png = try PNGEncoder.encode(bitmap)
        #expect(PNGDecoding.header(png).colorType == 0)
        let decoded = try #require(PNGDecoding.rgba(png))
        #expect((0..<(80 * 24)).allSatisfy { decoded.pixels[4 * $0] == bitmap.pixels[$0] })
    }

    @Test("files are written atomically: replaced whole, readable, and nothing left behind on an error")
    func atomicFiles() throws {
        let directory = try TestSupport.scratchDirectory()
        let path = directory.appendingPathComponent("card.png").path
        try ImageFile.write(Data("first".utf8), to: path)
        try ImageFile.write(Data("second".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second")
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o644)
        #expect(throws: RenderError.unwritableFile(path: directory.path, reason: "it is a directory")) {
            try ImageFile.write(Data("x".utf8), to: directory.path)
        }
        #expect(throws: RenderError.unwritableFile(path: "/etc/hostname/x.png", reason: "Not a directory")) {
            try ImageFile.write(Data("x".utf8), to: "/etc/hostname/x.png")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["card.png"])
    }

    @Test("WebP's size limit is an error that says so")
    func webpLimit() {
        #expect(throws: RenderError.webpEncodingFailed(reason: "WebP images are at most 16383 pixels wide and tall")) {
            try WebPEncoder.encode(RGBAImage(width: 16384, height: 1))
        }
    }

    @Test("render --png-encoding rgba forces RGBA; auto picks gray for black on white")
    func cliEncodings() throws {
        let auto = try CLIRun("render", "Hi", "--no-system-fonts", "--background", "#FFFFFF", "-o", "-")
        #expect(PNGDecoding.header(auto.stdoutData).colorType == 0)
        let rgba = try CLIRun("render", "Hi", "--no-system-fonts", "--background", "#FFFFFF", "--png-encoding", "rgba",
                              "--compression", "fast", "-o", "-")
        #expect(PNGDecoding.header(rgba.stdoutData).colorType == 6)
        #expect(PNGDecoding.rgba(auto.stdoutData)?.pixels == PNGDecoding.rgba(rgba.stdoutData)?.pixels)
    }

    @Test("the format follows the extension; other extensions are refused by name")
    func formats() {
        #expect(ImageFormat(path: "out/Card.PNG") == .png && ImageFormat(path: "a.b/x.webp") == .webp)
        #expect(ImageFormat(path: "x.jpg") == .jpeg && ImageFormat(path: "x.JPEG") == .jpeg)
        #expect(ImageFormat(path: "x.gif") == nil && ImageFormat(path: "png") == nil && ImageFormat(path: "dir.png/x") == nil)
    }

    @Test("JPEG: decoded by libjpeg at the image's size, its colors near the PNG's, transparency over white")
    func jpeg() throws {
        // Half opaque navy, half transparent: JPEG has no alpha, the transparent half comes back white.
        var image = RGBAImage(width: 64, height: 32)
        for y in 0..<32 {
            for x in 0..<32 { image.pixels.replaceSubrange((y * 64 + x) * 4..<(y * 64 + x) * 4 + 4, with: [0x10, 0x20, 0x60, 255]) }
        }
        let data = try ImageFormat.jpeg.encode(image, quality: 90)
        #expect(data.prefix(3) == Data([0xFF, 0xD8, 0xFF]))
        let decoded = try ImageDecoder.decode(data)
        #expect(decoded.width == 64 && decoded.height == 32)
        func near(_ a: RGBAImage.Pixel, _ b: RGBAImage.Pixel) -> Bool {
            abs(Int(a.red) - Int(b.red)) <= 6 && abs(Int(a.green) - Int(b.green)) <= 6 && abs(Int(a.blue) - Int(b.blue)) <= 6
        }
        #expect(near(decoded[8, 16], RGBAImage.Pixel(red: 0x10, green: 0x20, blue: 0x60, alpha: 255)), "\(decoded[8, 16])")
        #expect(near(decoded[56, 16], RGBAImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255)), "\(decoded[56, 16])")
        // Lower quality, fewer bytes; JPEG's size limit says so.
        #expect(try ImageFormat.jpeg.encode(image, quality: 20).count < data.count)
        #expect(throws: RenderError.tooLargeForJPEG(width: 65_501, height: 1)) {
            try ImageFormat.jpeg.check(PixelSize(width: 65_501, height: 1))
        }
    }

    @Test("WebP with a quality is lossy: smaller than lossless on a photo-like gradient, and decodes at its size")
    func lossyWebP() throws {
        var image = RGBAImage(width: 128, height: 128)
        for y in 0..<128 {
            for x in 0..<128 {
                image.pixels.replaceSubrange((y * 128 + x) * 4..<(y * 128 + x) * 4 + 4,
                                             with: [UInt8(x * 2), UInt8(y * 2), UInt8((x * y) % 256), 255])
            }
        }
        let lossless = try WebPEncoder.encode(image), lossy = try WebPEncoder.encode(image, quality: 75)
        #expect(lossy.count < lossless.count, "\(lossy.count) vs \(lossless.count)")
        let decoded = try ImageDecoder.decode(lossy)
        #expect(decoded.width == 128 && decoded.height == 128 && decoded != image)
        #expect(try ImageDecoder.decode(lossless) == image)
    }
}
