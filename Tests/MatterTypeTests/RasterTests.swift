import Foundation
import Testing
@testable import MatterType

/// Golden coverage images: `Golden/NAME.pgm`, 8-bit binary PGM (P5).
///
/// Tolerance: a render matches when at most 0.5% of its pixels differ from the golden by more than 24 levels
/// (of 255) and its size is the same: loose enough for another FreeType's anti-aliasing, tight enough to catch a
/// glyph moved by a pixel. To regenerate on purpose, after checking the new output by eye:
/// `MATTERTYPE_UPDATE_GOLDENS=1 swift test --filter Golden`.
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static var updating: Bool { ProcessInfo.processInfo.environment["MATTERTYPE_UPDATE_GOLDENS"] == "1" }

    static func pam(_ image: RGBAImage) -> Data {
        Data("P7\nWIDTH \(image.width)\nHEIGHT \(image.height)\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n".utf8)
            + Data(image.pixels)
    }

    /// Compares `image` with `Golden/NAME.pam` (premultiplied RGBA): at most 0.5% of channel values more than 24
    /// levels off. With MATTERTYPE_UPDATE_GOLDENS=1 it writes the file instead.
    static func compareRGBA(_ image: RGBAImage, name: String) throws {
        let data = pam(image)
        let url = directory.appendingPathComponent("\(name).pam")
        if updating {
            try data.write(to: url)
            return
        }
        let golden = try Data(contentsOf: url)
        #expect(golden.count == data.count, "\(name).pam has another size")
        guard golden.count == data.count else { return }
        let differing = zip(golden, data).filter { abs(Int($0) - Int($1)) > 24 }.count
        #expect(Double(differing) <= Double(data.count) * 0.005, "\(differing) values differ from \(name).pam")
    }

    static func pgm(_ bitmap: GrayBitmap) -> Data {
        Data("P5\n\(bitmap.width) \(bitmap.height)\n255\n".utf8) + Data(bitmap.pixels)
    }

    /// Width, height and pixels of a P5 PGM with maxval 255.
    static func read(_ data: Data) -> (width: Int, height: Int, pixels: [UInt8])? {
        var fields: [String] = []
        var index = data.startIndex
        while fields.count < 4, index < data.endIndex {
            while index < data.endIndex, data[index] == 0x20 || data[index] == 0x0A { index += 1 }
            var token = ""
            while index < data.endIndex, data[index] != 0x20, data[index] != 0x0A {
                token.append(Character(UnicodeScalar(data[index])))
                index += 1
            }
            fields.append(token)
        }
        guard fields.count == 4, fields[0] == "P5", let w = Int(fields[1]), let h = Int(fields[2]),
              fields[3] == "255" else { return nil }
        let pixels = [UInt8](data[(index + 1)...])
        return pixels.count == w * h ? (w, h, pixels) : nil
    }
}

@Suite("Rasterizer")
struct RasterTests {
    let registry = FontRegistry(includesSystemFonts: false)
    let body = Typography(family: "Noto Sans", fontSize: 16, lineHeight: 24)

    func layout(_ text: String, _ typography: Typography? = nil, scale: Double = 1, width: Double? = nil,
                alignment: TextAlignment = .natural) throws -> TextLayout {
        try TextLayout(text, typography: typography ?? body, environment: TypographyEnvironment(displayScale: scale),
                       limits: LayoutLimits(width: width, alignment: alignment), registry: registry)
    }

    func coverage(_ layout: TextLayout, renderer: TextRenderer = TextRenderer(), padding: Double = 0) -> GrayBitmap {
        let size = TextRenderer.imageSize(for: layout, padding: padding)
        var bitmap = GrayBitmap(width: size.width, height: size.height)
        renderer.draw(layout, into: &bitmap, at: Point(x: padding, y: padding))
        return bitmap
    }

    static let goldenCases: [(name: String, text: String, weight: FontWeight, size: Double, lineHeight: Double,
                              scale: Double, width: Double?)] = [
        ("regular-16-24", "Hamburgefonstiv 0123 AV office", .regular, 16, 24, 1, nil),
        ("bold-italic-28-34", "Wave To, Typography!", .bold, 28, 34, 1, nil),
        ("paragraph-16-24-2x", "The quick brown fox jumps over the lazy dog.", .regular, 16, 24, 2, 200),
        ("light-12-12-negative-leading", "Tight lines: ÅÉÎ gjpqy", .light, 16, 12, 1, 150),
    ]

    @Test("golden images", arguments: goldenCases.indices)
    func golden(index: Int) throws {
        let c = RasterTests.goldenCases[index]
        var typography = body.fontWeight(c.weight).fontSize(c.size).lineHeight(c.lineHeight)
        if c.name.contains("italic") { typography = typography.italic }
        let bitmap = coverage(try layout(c.text, typography, scale: c.scale, width: c.width), padding: 4)
        let url = Golden.directory.appendingPathComponent("\(c.name).pgm")
        if Golden.updating {
            try Golden.pgm(bitmap).write(to: url)
            return
        }
        let golden = try #require(Golden.read(try Data(contentsOf: url)), "unreadable golden \(url.path)")
        #expect(golden.width == bitmap.width && golden.height == bitmap.height)
        guard golden.pixels.count == bitmap.pixels.count else { return }
        let differing = zip(golden.pixels, bitmap.pixels).filter { abs(Int($0) - Int($1)) > 24 }.count
        #expect(Double(differing) <= Double(bitmap.pixels.count) * 0.005,
                "\(differing) of \(bitmap.pixels.count) pixels differ from \(c.name).pgm")
        #expect(bitmap.pixels.contains { $0 > 200 })  // something was drawn
    }

    @Test("every inked pixel of a paragraph lies inside its line's box", arguments: [1.0, 2.0, 3.0])
    func inkInsideLineBoxes(scale: Double) throws {
        let text = "The quick brown fox jumps over the lazy dog. Typography, office, AVATAR, 0123456789."
        let result = try layout(text, scale: scale, width: 220)
        let bitmap = coverage(result)
        var inked = 0
        var outside: [(Int, Int)] = []
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where bitmap[x, y] > 0 {
                inked += 1
                let row = (Double(y) + 0.5) / scale
                let column = Double(x) / scale
                let line = result.lines.first { row >= $0.top && row < $0.top + $0.height }
                if let line, column >= line.x - 1, column <= line.x + line.width + 1 { continue }
                outside.append((x, y))
            }
        }
        #expect(inked > 1000)
        #expect(outside.isEmpty, "ink outside every line box at \(outside.prefix(5))")
    }

    @Test("the image is the measured size times the scale; @2x is twice @1x", arguments: [1.0, 2.0, 3.0])
    func imageSize(scale: Double) throws {
        let result = try layout("Exact line boxes\nand paragraphs", scale: scale, width: 180)
        let size = TextRenderer.imageSize(for: result, padding: 10)
        #expect(size.width == Int(((180 + 20) * scale).rounded(.up)))
        #expect(size.height == Int(((result.height + 20) * scale).rounded(.up)))
        #expect(result.height == 48)
        let png = try PNGEncoder.encode(TextRenderer().image(of: result, padding: 10))
        // PNG signature, then IHDR: width and height as big-endian 32-bit numbers at bytes 16 and 20.
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let bytes = [UInt8](png)
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == size.width && height == size.height)
    }

    @Test("@2x matches the @1x layout: ink per line lands at twice the coordinates")
    func doubleScale() throws {
        let text = "Scale me twice, please."
        let one = coverage(try layout(text, scale: 1))
        let two = coverage(try layout(text, scale: 2))
        #expect(two.width == one.width * 2 || two.width == one.width * 2 - 1)
        func inkBox(_ b: GrayBitmap) -> (Int, Int, Int, Int) {
            var minX = Int.max, minY = Int.max, maxX = 0, maxY = 0
            for y in 0..<b.height { for x in 0..<b.width where b[x, y] > 128 {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            } }
            return (minX, minY, maxX, maxY)
        }
        let a = inkBox(one), b = inkBox(two)
        #expect(abs(b.0 - 2 * a.0) <= 2 && abs(b.1 - 2 * a.1) <= 2 && abs(b.2 - 2 * a.2) <= 3
                && abs(b.3 - 2 * a.3) <= 3)
    }

    @Test("text color with alpha composites over the background exactly")
    func colors() throws {
        // A thick underline gives fully covered pixels: 16 pt at @4x, post.underlineThickness 50/1000 → 3.2 px.
        let result = try layout("\u{00A0}\u{00A0}\u{00A0}\u{00A0}", body.decoration(.underline), scale: 4)
        let line = result.lines[0]
        let decoration = try #require(line.decorations.first)
        let y = Int(((decoration.y) * 4).rounded()) + 1
        let x = Int((line.x + line.width / 2) * 4)
        let red50 = try #require(Color(parsing: "#FF000080"))
        let blue = try #require(Color(parsing: "#0000FF"))
        let over = try TextRenderer().image(of: result, color: red50, background: blue)
        // source-over, premultiplied: red 255 × 128/255 = 128; blue 255 × (255 − 128)/255 = 127; alpha 255.
        #expect(over[x, y] == RGBAImage.Pixel(red: 128, green: 0, blue: 127, alpha: 255))
        let alone = try TextRenderer().image(of: result, color: red50)
        #expect(alone[x, y] == RGBAImage.Pixel(red: 128, green: 0, blue: 0, alpha: 128))
        #expect(over[0, 0] == RGBAImage.Pixel(red: 0, green: 0, blue: 255, alpha: 255))
        #expect(alone[0, 0] == RGBAImage.Pixel(red: 0, green: 0, blue: 0, alpha: 0))
    }

    @Test("underline and strikethrough are drawn at the font-table rows", arguments: [1.0, 2.0])
    func decorationRows(scale: Double) throws {
        for decoration in [TextDecoration.underline, .strikethrough] {
            // Spaces only: no glyph ink, so every inked pixel is the decoration.
            let result = try layout("\u{00A0}\u{00A0}\u{00A0}\u{00A0}", body.decoration(decoration), scale: scale)
            let line = result.lines[0]
            // Noto Sans: post.underlinePosition −100, OS/2.yStrikeoutPosition 322, both 50 thick (1000 per em).
            let expectedTop = decoration == .underline ? line.baseline + 1.6 : line.baseline - 5.152
            let bitmap = coverage(result)
            let inkedRows = (0..<bitmap.height).filter { y in (0..<bitmap.width).contains { bitmap[$0, y] > 0 } }
            #expect(inkedRows.first == Int((expectedTop * scale).rounded()))
            #expect(inkedRows.count == max(1, Int((0.8 * scale).rounded())))
        }
    }

    @Test("cache counters move as expected and memory stays under the budget")
    func cache() throws {
        let cache = GlyphCache(byteBudget: 64 << 10)
        let renderer = TextRenderer(glyphCache: cache)
        let result = try layout("abcabc")
        _ = coverage(result, renderer: renderer)
        let first = cache.statistics
        // Each distinct glyph (the second "abc" may sit at other quarter-pixel offsets than the first) is looked up
        // in the shared cache once, missing; repeats come from the draw's memo. Every miss is kept (they are small).
        #expect(first.hits == 0 && first.misses >= 3 && first.misses <= 6)
        #expect(first.count == first.misses && first.bytes > 0 && first.evictions == 0)
        // The next draw gets the idle memo back: nothing reaches the shared cache, all six glyphs are memo hits.
        _ = coverage(result, renderer: renderer)
        var expected = first
        expected.memoHits += 6
        #expect(cache.statistics == expected)
        // Emptying the cache drops the memos too: every glyph misses again.
        cache.removeAll()
        _ = coverage(result, renderer: renderer)
        #expect(cache.statistics.misses == 2 * first.misses && cache.statistics.count == first.count)
        for size in stride(from: 20.0, through: 120, by: 4) {
            _ = coverage(try layout("The quick brown fox", body.fontSize(size).lineHeight(size * 1.5)),
                         renderer: renderer)
            #expect(cache.statistics.bytes <= cache.byteBudget)
        }
        #expect(cache.statistics.evictions > 0)
    }

    @Test("concurrent renders give byte-identical PNGs to serial ones")
    func concurrentRenders() async throws {
        let texts = (0..<16).map { "Render \($0): the quick brown fox jumps over the lazy dog, office AVATAR." }
        let renderer = TextRenderer(glyphCache: GlyphCache(byteBudget: 256 << 10))
        let registry = self.registry
        let body = self.body
        func png(_ text: String) throws -> Data {
            try renderer.renderPNG(text, typography: body, environment: TypographyEnvironment(displayScale: 2),
                                   limits: LayoutLimits(width: 240), registry: registry)
        }
        let serial = try texts.map(png)
        let parallel = try await withThrowingTaskGroup(of: (Int, Data).self) { group in
            for _ in 0..<4 {
                for (index, text) in texts.enumerated() {
                    group.addTask { (index, try png(text)) }
                }
            }
            return try await group.reduce(into: [(Int, Data)]()) { $0.append($1) }
        }
        #expect(parallel.count == 64)
        for (index, data) in parallel { #expect(data == serial[index]) }
    }

    @Test("drawing partly or wholly outside the canvas clips and never crashes",
          arguments: [(-500.0, -500.0), (-30, 5), (5, -20), (150, 10), (10, 40), (5000, 5000), (-1e12, 3)])
    func outsideCanvas(x: Double, y: Double) throws {
        let result = try layout("Clip me, underlined", body.decoration(.underline))
        var bitmap = GrayBitmap(width: 120, height: 30)
        TextRenderer().draw(result, into: &bitmap, at: Point(x: x, y: y))
        var image = RGBAImage(width: 120, height: 30)
        TextRenderer().draw(result, into: &image, at: Point(x: x, y: y), color: .black)
        let inside = x > -200 && x < 120 && y > -24 && y < 30
        if !inside { #expect(bitmap.pixels.allSatisfy { $0 == 0 }) }
    }

    @Test("bad colors are rejected; too large an image is an error")
    func errors() throws {
        #expect(Color(parsing: "#12345") == nil && Color(parsing: "reddish") == nil && Color(parsing: "#GG0000") == nil)
        #expect(Color(parsing: "#12345678") == Color(red: 0x12, green: 0x34, blue: 0x56, alpha: 0x78))
        // CSS Color 4: #rgb and #rgba double each digit; named colors from its table (red #FF0000, navy #000080,
        // rebeccapurple #663399); transparent is rgba(0, 0, 0, 0).
        #expect(Color(parsing: "#f80") == Color(red: 0xFF, green: 0x88, blue: 0x00))
        #expect(Color(parsing: "#F808") == Color(red: 0xFF, green: 0x88, blue: 0x00, alpha: 0x88))
        #expect(Color(parsing: "red") == Color(red: 255, green: 0, blue: 0))
        #expect(Color(parsing: "Navy") == Color(red: 0, green: 0, blue: 0x80))
        #expect(Color(parsing: "rebeccapurple") == Color(red: 0x66, green: 0x33, blue: 0x99))
        #expect(Color(parsing: "transparent") == .clear)
        #expect(Color.named.count == 148)
        let huge = try layout("x", body.fontSize(9000).lineHeight(10_000), scale: 8, width: 900_000)
        #expect(throws: RenderError.self) { try TextRenderer().image(of: huge) }
    }
}
