import Foundation
@testable import MatterType
import MatterTypeWire
import MatterTypeCards
import Testing

/// Reading card images (Images/ImageDecoder.swift): PNG, JPEG and WebP against independent decoders' pixels —
/// djpeg and dwebp wrote the .pnm/.pam references beside each image (Fixtures/images/make-images.sh says how) —
/// and image layers drawn into cards.
@Suite("Image decoding and image layers")
struct ImageDecoderTests {
    func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: TestSupport.fixture("images/" + name)))
    }

    /// A binary PNM/PAM file's pixels as RGBA (P6 gets alpha 255, P5 gray is spread to RGB).
    func netpbm(_ name: String) throws -> (width: Int, height: Int, rgba: [UInt8]) {
        let data = try fixture(name)
        let bytes = [UInt8](data)
        if bytes.starts(with: Array("P7".utf8)) {
            let marker = Array("ENDHDR\n".utf8)
            let end = try #require((0..<bytes.count - marker.count).first { Array(bytes[$0..<$0 + marker.count]) == marker })
            let header = String(decoding: bytes[..<end], as: UTF8.self)
            let fields = Dictionary(header.split(separator: "\n").compactMap { line -> (String, String)? in
                let parts = line.split(separator: " ")
                return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
            }, uniquingKeysWith: { a, _ in a })
            let width = try #require(Int(fields["WIDTH"] ?? "")), height = try #require(Int(fields["HEIGHT"] ?? ""))
            return (width, height, Array(bytes[(end + marker.count)...]))
        }
        // P5/P6: magic, width, height, maxval separated by whitespace, then one whitespace byte.
        var fields: [String] = []
        var index = 0
        while fields.count < 4 {
            while bytes[index] == 0x20 || bytes[index] == 0x0A { index += 1 }
            var field = ""
            while bytes[index] != 0x20, bytes[index] != 0x0A { field.append(Character(Unicode.Scalar(bytes[index]))); index += 1 }
            fields.append(field)
        }
        index += 1
        let width = try #require(Int(fields[1])), height = try #require(Int(fields[2]))
        let samples = fields[0] == "P6" ? 3 : 1
        var rgba: [UInt8] = []
        for p in 0..<width * height {
            let start = index + p * samples
            rgba += samples == 3 ? [bytes[start], bytes[start + 1], bytes[start + 2], 255]
                : [bytes[start], bytes[start], bytes[start], 255]
        }
        return (width, height, rgba)
    }

    /// The image's pixels with alpha divided back out (as the references hold them).
    func unpremultiplied(_ image: RGBAImage) -> [UInt8] {
        var out: [UInt8] = []
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image[x, y]
                let a = UInt32(p.alpha)
                func channel(_ c: UInt8) -> UInt8 { a == 0 ? 0 : UInt8(min(255, (UInt32(c) * 255 + a / 2) / a)) }
                out += [channel(p.red), channel(p.green), channel(p.blue), p.alpha]
            }
        }
        return out
    }

    @Test("JPEG (baseline, progressive, gray) decodes to djpeg's pixels", arguments: ["photo.jpg", "progressive.jpg", "gray.jpg"])
    func jpeg(_ name: String) throws {
        let image = try ImageDecoder.decode(try fixture(name))
        let reference = try netpbm(name + ".pnm")
        #expect(image.width == reference.width && image.height == reference.height)
        #expect(unpremultiplied(image) == reference.rgba)
    }

    @Test("WebP (lossless and lossy, with alpha) decodes to dwebp's pixels", arguments: ["lossless.webp", "lossy.webp"])
    func webp(_ name: String) throws {
        let image = try ImageDecoder.decode(try fixture(name))
        let reference = try netpbm(name + ".pam")
        #expect(image.width == 48 && image.height == 32 && reference.width == 48)
        // Premultiplying and dividing back loses up to 1 per channel where alpha is below 255.
        let ours = unpremultiplied(image)
        let worst = zip(ours, reference.rgba).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 1, "worst channel difference \(worst)")
        #expect(image[45, 10].alpha == reference.rgba[(10 * 48 + 45) * 4 + 3])
    }

    @Test("a PNG with alpha reads back as written (the fixture script's own PNG writer, zlib by Python)")
    func png() throws {
        let image = try ImageDecoder.decode(try fixture("alpha.png"))
        #expect(image.width == 48 && image.height == 32)
        #expect(image[24, 16] == RGBAImage.Pixel(red: 250, green: 240, blue: 20, alpha: 255))  // the disc
        #expect(image[45, 0].alpha == 96)  // the translucent edge
    }

    @Test("a JPEG cut short inside its image data is an error, not the gray libjpeg fills in (djpeg warns: premature end)")
    func cutShortJPEG() throws {
        let photo = try fixture("photo.jpg")
        let error = #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(photo.prefix(photo.count - 300)) }
        #expect(error?.description.contains("damaged or cut short: Premature end of JPEG file") == true)
    }

    @Test("a progressive JPEG with more scans than its size allows is refused at the limit (djpeg -maxscans 100 too)")
    func scanBomb() throws {
        // 160 scans in 16 KB (make-images.sh: progressive.jpg with a scan repeated): stopped at scan 101.
        let error = #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(try fixture("scans.jpg")) }
        #expect(error?.description.contains("more than 100 scans") == true)
        #expect(ImageDecoder.maximumJPEGScans(pixels: 25_000_000) == 20)
        #expect(ImageDecoder.maximumJPEGScans(pixels: 48 * 32) == 100)
    }

    @Test("a PNG declaring more pixels than allowed is refused from its header, before any decoding")
    func hugePNGHeader() throws {
        // 100,000 × 1,000 declared (100 MP), with a 1-byte IDAT: refused from IHDR, at any limit below it.
        let png = Self.png(width: 100_000, height: 1_000, chunks: [("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])])
        #expect(ImageDecoder.pixelSize(of: png) == PixelSize(width: 100_000, height: 1_000))
        #expect(throws: ImageDecodingError.tooLarge(width: 100_000, height: 1_000, limit: 25_000_000)) {
            try ImageDecoder.decode(png, maximumPixels: 25_000_000)
        }
    }

    @Test("headers cut short give no size, and the decoders refuse them: no read past the bytes")
    func shortHeaders() throws {
        for bytes in [Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBP".utf8), Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8".utf8),
                      [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0], [0xFF, 0xD8, 0xFF, 0xC0, 0]] {
            #expect(ImageDecoder.pixelSize(of: Data(bytes)) == nil)
            #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(Data(bytes)) }
        }
        // The smallest lossless WebP libwebp writes (a transparent 49 × 73 image, 28 bytes) has its size read.
        let tiny = try WebPEncoder.encode(RGBAImage(width: 49, height: 73))
        #expect(ImageDecoder.pixelSize(of: tiny) == PixelSize(width: 49, height: 73))
    }

    @Test("compressed text and ICC chunks are skipped, not inflated; the pixels read as without them")
    func ancillaryChunks() throws {
        let plain = try fixture("alpha.png")
        // 20 zTXt chunks that each inflate to 8 MB (as in the attack: 627 MB for 80), and an iCCP of the same.
        let bomb = Array(try #require(Self.deflate(Data(count: 8_000_000))))
        var chunks: [(String, [UInt8])] = Array(repeating: ("zTXt", Array("Comment".utf8) + [0, 0] + bomb), count: 20)
        chunks.append(("iCCP", Array("icc".utf8) + [0, 0] + bomb))
        var withText = Data(plain.prefix(33))  // signature and IHDR
        for (type, body) in chunks { withText.append(Self.chunk(type, body)) }
        withText.append(plain.dropFirst(33))
        #expect(try ImageDecoder.decode(withText) == ImageDecoder.decode(plain))
        // What libpng is handed has no zTXt or iCCP chunk left: it never inflates them.
        let handed = try #require(PNGDecoder.pixelChunks(of: withText, maximumPixels: 1_000_000)).data
        #expect(handed.count < plain.count + 64)
        #expect(handed.range(of: Data("zTXt".utf8)) == nil && handed.range(of: Data("iCCP".utf8)) == nil)
    }

    /// A PNG chunk: length, type, body, CRC.
    static func chunk(_ type: String, _ body: [UInt8]) -> Data {
        let typed = Array(type.utf8) + body
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in typed {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        func bigEndian(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        return Data(bigEndian(UInt32(body.count)) + typed + bigEndian(~crc))
    }

    /// A PNG of 8-bit RGBA with `chunks` after its IHDR, and IEND.
    static func png(width: Int, height: Int, chunks: [(String, [UInt8])]) -> Data {
        func bigEndian(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        data.append(chunk("IHDR", bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0]))
        for (type, body) in chunks { data.append(chunk(type, body)) }
        data.append(chunk("IEND", []))
        return data
    }

    /// `data` as a zlib stream, by zlib itself (Foundation on Linux has no compressor; the system zlib is linked).
    static func deflate(_ data: Data) -> Data? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", "import sys, zlib; sys.stdout.buffer.write(zlib.compress(sys.stdin.buffer.read(), 9))"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        guard (try? process.run()) != nil else { return nil }
        input.fileHandleForWriting.write(data)
        try? input.fileHandleForWriting.close()
        let compressed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? compressed : nil
    }

    @Test("not an image, cut short, or too large: one clear error")
    func badImages() throws {
        #expect(throws: ImageDecodingError.unknownFormat) { try ImageDecoder.decode(try fixture("garbage.jpg")) }
        let truncated = #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(try fixture("truncated.jpg")) }
        #expect(truncated?.description.contains("JPEG") == true)
        #expect(throws: ImageDecodingError.tooLarge(width: 48, height: 32, limit: 100)) {
            try ImageDecoder.decode(try fixture("alpha.png"), maximumPixels: 100)
        }
        #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(try fixture("photo.jpg"), maximumPixels: 100) }
    }

    func card(_ layer: String, directory: URL? = nil) throws(CardError) -> RGBAImage {
        let json = ##"{"width": 100, "height": 60, "background": "#ffffff", "layers": ["## + layer + "]}"
        let renderer = CardRenderer(registry: FontRegistry(includesSystemFonts: false), imageDirectory: directory)
        return try renderer.image(of: try Card.decode(from: Data(json.utf8)))
    }

    @Test("fill stretches, contain letterboxes, cover crops; a circle clips the corners")
    func fits() throws {
        let directory = URL(fileURLWithPath: TestSupport.fixture("images"))
        // The 48 × 32 PNG in a 60 × 60 box at (20, 0): contain draws it 60 × 40 from y = 10; cover 90 × 60 from x = 5.
        let contain = try card(#"{"type": "image", "x": 20, "y": 0, "width": 60, "height": 60, "src": "alpha.png", "fit": "contain"}"#,
                               directory: directory)
        #expect(contain[50, 5] == RGBAImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255))  // letterbox
        #expect(contain[50, 30].red > 240 && contain[50, 30].blue < 40)  // the yellow disc at the center
        let cover = try card(#"{"type": "image", "x": 20, "y": 0, "width": 60, "height": 60, "src": "alpha.png", "fit": "cover"}"#,
                             directory: directory)
        #expect(cover[50, 2] != RGBAImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255))  // no letterbox
        #expect(cover[10, 30] == RGBAImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255))  // outside the box
        let circle = try card(#"{"type": "image", "x": 20, "y": 0, "width": 60, "height": 60, "src": "photo.jpg", "fit": "cover", "circle": true}"#,
                              directory: directory)
        #expect(circle[21, 1] == RGBAImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255))  // a cut corner
        #expect(circle[50, 30] != RGBAImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255))
        // Same picture from a data: URI.
        let base64 = try fixture("alpha.png").base64EncodedString()
        let inline = try card(#"{"type": "image", "x": 20, "y": 0, "width": 60, "height": 60, "src": "data:image/png;base64,"#
                              + base64 + #"", "fit": "contain"}"#)
        #expect(inline == contain)
    }

    @Test("an image background is the image fitted to the canvas: the pixels of an image layer over the whole card")
    func imageBackground() throws {
        let directory = URL(fileURLWithPath: TestSupport.fixture("images"))
        let renderer = CardRenderer(registry: FontRegistry(includesSystemFonts: false), imageDirectory: directory)
        for fit in ImageFit.allCases {
            let background = try renderer.image(of: try Card.decode(from: Data(##"{"width": 90, "height": 40, "background": {"image": "photo.jpg", "fit": "\##(fit.rawValue)"}, "layers": []}"##.utf8)))
            let layer = try renderer.image(of: try Card.decode(from: Data(##"{"width": 90, "height": 40, "layers": [{"type": "image", "x": 0, "y": 0, "width": 90, "height": 40, "src": "photo.jpg", "fit": "\##(fit.rawValue)"}]}"##.utf8)))
            #expect(background == layer, "\(fit)")
        }
        // `cover` by default; a missing image names the background.
        let card = try Card.decode(from: Data(##"{"width": 90, "height": 40, "background": {"image": "photo.jpg"}, "layers": []}"##.utf8))
        #expect(card.background == .image(source: "photo.jpg", fit: .cover))
        do throws(CardError) {
            _ = try renderer.image(of: Card(width: 10, height: 10, background: .image(source: "nowhere.png", fit: .cover)))
            Issue.record("a missing background image was drawn")
        } catch {
            #expect(error.description.hasPrefix("the background: no image file at"))
        }
    }

    @Test("an inline box's image is drawn in the box the layout places, and moves with the text")
    func boxImages() throws {
        let logo = try fixture("alpha.png").base64EncodedString()
        let renderer = CardRenderer(registry: FontRegistry(includesSystemFonts: false))
        func text(_ before: String) -> String {
            ##"{"type": "text", "x": 10, "y": 10, "width": 300, "size": 20, "lineHeight": 30, "spans": [{"text": "\##(before)"}, {"box": {"width": 36, "height": 24, "align": "middle", "src": "data:image/png;base64,\##(logo)"}}, {"text": " after"}]}"##
        }
        let json = ##"{"width": 320, "height": 60, "background": "#ffffff", "layers": [\##(text("Rated"))]}"##
        let card = try Card.decode(from: Data(json.utf8))
        guard case .text(let layer) = card.layers[0] else { Issue.record("not a text layer"); return }
        #expect(layer.boxImages[0] == CardBoxImage(source: "data:image/png;base64," + logo, fit: .contain))
        let image = try renderer.image(of: card)
        // Where the layout puts the box, the same picture as an image layer of that rectangle drawn over the card
        // without it.
        let placed = try #require(try layer.request.layout(registry: renderer.registry).inlineBoxes.first)
        var withoutImage = layer
        withoutImage.boxImages = [:]
        let reference = try renderer.image(of: Card(width: 320, height: 60, background: .paint(.color(.white)), layers: [
            .text(withoutImage),
            .image(CardImageLayer(x: 10 + placed.x, y: 10 + placed.y, width: 36, height: 24,
                                  source: "data:image/png;base64," + logo, fit: .contain)),
        ]))
        #expect(image == reference)
        #expect(image != (try renderer.image(of: Card(width: 320, height: 60, background: .paint(.color(.white)),
                                                      layers: [.text(withoutImage)]))))
        // Decoded once: the renderer's cache holds the one image however many cards draw it.
        #expect(renderer.images.count == 1)
        // A longer word before it moves the image right.
        let moved = try renderer.image(of: try Card.decode(from: Data(##"{"width": 320, "height": 60, "background": "#ffffff", "layers": [\##(text("Rated by"))]}"##.utf8)))
        #expect(moved != image)
        // A fit without an image, and a box image that is not an image, are errors.
        #expect(throws: CardError.self) {
            try Card.decode(from: Data(##"{"width": 9, "height": 9, "layers": [{"type": "text", "x": 0, "y": 0, "spans": [{"box": {"width": 5, "height": 5, "fit": "cover"}}]}]}"##.utf8))
        }
        do throws(CardError) {
            _ = try renderer.image(of: try Card.decode(from: Data(##"{"width": 99, "height": 30, "layers": [{"type": "text", "x": 0, "y": 0, "spans": [{"text": "a"}, {"box": {"width": 5, "height": 5, "src": "data:image/png;base64,AAAA"}}]}]}"##.utf8)))
            Issue.record("a corrupt box image was drawn")
        } catch {
            #expect(error.description.hasPrefix("layer 0, box 0: "))
        }
    }

    @Test("image layers: a missing file, files where only data: URIs are read, a corrupt image: errors naming the layer")
    func badLayers() {
        let directory = URL(fileURLWithPath: TestSupport.fixture("images"))
        func failure(_ layer: String, _ directory: URL?) -> String? {
            do throws(CardError) {
                _ = try card(layer, directory: directory)
                return nil
            } catch {
                return error.description
            }
        }
        #expect(failure(#"{"type": "image", "x": 0, "y": 0, "width": 10, "height": 10, "src": "nowhere.png"}"#, directory)?
            .hasPrefix("layer 0: no image file at") == true)
        #expect(failure(#"{"type": "image", "x": 0, "y": 0, "width": 10, "height": 10, "src": "alpha.png"}"#, nil)?
            .contains("data: URIs") == true)
        #expect(failure(#"{"type": "image", "x": 0, "y": 0, "width": 10, "height": 10, "src": "truncated.jpg"}"#, directory)?
            .contains("the JPEG image cannot be read") == true)
        #expect(failure(#"{"type": "image", "x": 0, "y": 0, "width": 10, "height": 10, "src": "data:image/png,abc"}"#, nil)?
            .contains("base64") == true)
        #expect(failure(#"{"type": "image", "x": 0, "y": 0, "width": 10, "height": 10, "src": "a.png", "fit": "zoom"}"#, nil)?
            .contains("fill, contain, cover") == true)
    }
}

/// A JPEG stays a JPEG in SVG and PDF: the file itself, checked by poppler's `pdfimages` (which lists the image's
/// encoding and writes a DCT image out as the bytes it holds) and by rsvg drawing the SVG as the PNG draws it.
@Suite("JPEG images in SVG and PDF")
struct JPEGInVectorTests {
    let directory = URL(fileURLWithPath: TestSupport.fixture("images"))

    func drawing(_ file: String) throws -> Drawing {
        let json = ##"{"width": 96, "height": 64, "background": "#ffffff", "layers": [{"type": "image", "x": 0, "y": 0, "width": 96, "height": 64, "src": "\##(file)"}]}"##
        let renderer = CardRenderer(registry: FontRegistry(includesSystemFonts: false), imageDirectory: directory)
        return try renderer.drawing(of: try Card.decode(from: Data(json.utf8)))
    }

    @Test("the photo is embedded as its file: data:image/jpeg in SVG, DCTDecode in PDF", arguments: [
        ("photo.jpg", "rgb"), ("progressive.jpg", "rgb"), ("gray.jpg", "gray"),
    ])
    func embedded(file: String, colorSpace: String) throws {
        let jpeg = try Data(contentsOf: directory.appendingPathComponent(file))
        let drawing = try drawing(file)
        let svg = String(decoding: try ImageFormat.svg.encode(drawing), as: UTF8.self)
        #expect(svg.contains("data:image/jpeg;base64," + jpeg.base64EncodedString() + "\""))
        #expect(!svg.contains("data:image/png"))
        // rsvg draws the embedded file as our raster draws the decoded pixels (both libjpeg-turbo).
        let png = try drawing.rasterized()
        let drawn = try VectorOutputTests.rasterized(try ImageFormat.svg.encode(drawing), with: "rsvg-convert",
                                                     arguments: ["-o"], name: "x.svg")
        #expect(drawn.width == png.width && drawn.height == png.height)
        let largest = zip(drawn.pixels, png.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(largest <= 8, "largest channel difference \(largest)")
        // poppler: one image, encoded "jpeg", and written out it is the file byte for byte.
        let pdf = try VectorOutputTests.scratch(try ImageFormat.pdf.encode(drawing), "x.pdf")
        let list = try VectorOutputTests.run("pdfimages", ["-list", pdf]).split(separator: "\n")
        #expect(list.count == 3, "\(list)")  // the header, a rule, one image
        let fields = list.last?.split(separator: " ") ?? []
        #expect(fields.count > 8 && fields[5] == colorSpace && fields[8] == "jpeg", "\(fields)")
        let prefix = pdf + "-out"
        _ = try VectorOutputTests.run("pdfimages", ["-j", pdf, prefix])
        #expect(try Data(contentsOf: URL(fileURLWithPath: prefix + "-000.jpg")) == jpeg)
    }

    @Test("a JPEG a viewer would rotate (EXIF orientation 6) is embedded as its pixels, as drawn")
    func rotated() throws {
        // APP1 Exif, big-endian TIFF, IFD0 with one entry: Orientation (0x0112), SHORT, 1 value, 6.
        let tiff: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0]
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let app1: [UInt8] = [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        let photo = [UInt8](try Data(contentsOf: directory.appendingPathComponent("photo.jpg")))
        let rotated = Data(photo.prefix(2) + app1 + photo.dropFirst(2))
        #expect(SourceJPEG(rotated) == nil)
        #expect(SourceJPEG(Data(photo))?.isGray == false)
        let upright = Data(photo.prefix(2) + app1.prefix(app1.count - 7) + [1] + app1.suffix(6) + photo.dropFirst(2))
        #expect(SourceJPEG(upright) != nil)  // orientation 1
        let json = #"{"width": 48, "height": 32, "layers": [{"type": "image", "x": 0, "y": 0, "width": 48, "height": 32, "src": "data:image/jpeg;base64,\#(rotated.base64EncodedString())"}]}"#
        let drawing = try CardRenderer(registry: FontRegistry(includesSystemFonts: false))
            .drawing(of: try Card.decode(from: Data(json.utf8)))
        let svg = String(decoding: try ImageFormat.svg.encode(drawing), as: UTF8.self)
        #expect(svg.contains("data:image/png") && !svg.contains("data:image/jpeg"))
    }
}
