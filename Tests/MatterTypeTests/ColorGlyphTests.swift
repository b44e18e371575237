import Foundation
import Testing
@testable import MatterType

/// COLRv1 color glyphs (ColorPaintTable, ColorGlyphRasterizer) against Skia, the renderer Chrome draws them with:
/// the reference images in Fixtures/colrv1 are Skia's (Scripts/make-colrv1-references.py, skia-python 144.1), of
/// Fixtures/Paints-Regular.ttf (make-fixtures.py: every paint format, extend mode and composite mode).
@Suite("COLRv1 color glyphs")
struct ColorGlyphTests {
    struct Reference: Decodable {
        var name: String
        var font: String
        var family: String
        var text: String
        var pixelSize: Double
        var scale: Double
        /// Pixels from one glyph to the next.
        var advance: Double
        var baseline: Double
        var palette: Int
        var color: [UInt8]
        var width: Int
        var height: Int
    }

    static let references: [Reference] = {
        struct Index: Decodable { var references: [Reference] }
        let url = URL(fileURLWithPath: TestSupport.fixture("colrv1/references.json"))
        return (try? JSONDecoder().decode(Index.self, from: Data(contentsOf: url)).references) ?? []
    }()

    static let registry: FontRegistry = {
        let registry = FontRegistry(includesSystemFonts: false)
        try? registry.register(fileAt: TestSupport.fixture("Paints-Regular.ttf"))
        try? registry.register(fileAt: TestSupport.fixture("EmojiOne-COLRv1.ttf"))
        return registry
    }()

    /// Our drawing of a reference's text: each character laid out alone at its pixel size and display scale,
    /// its pen at i advances rounded to whole pixels, its baseline on the reference's.
    static func draw(_ reference: Reference) throws -> RGBAImage {
        let scale = reference.scale
        var typography = Typography(family: .named(reference.family), fontSize: reference.pixelSize / scale,
                                    lineHeight: reference.pixelSize / scale * 1.5)
        typography.fontPalette = reference.palette
        var image = RGBAImage(width: reference.width, height: reference.height)
        let color = Color(red: reference.color[0], green: reference.color[1], blue: reference.color[2],
                          alpha: reference.color[3])
        let renderer = TextRenderer(glyphCache: GlyphCache())
        for (index, character) in reference.text.enumerated() {
            let layout = try TextLayout(String(character), typography: typography,
                                        environment: TypographyEnvironment(displayScale: scale), registry: registry)
            let glyph = try #require(layout.lines.first?.glyphs.first)
            let x = (Double(index) * reference.advance).rounded() / scale
            renderer.draw(layout, into: &image, at: Point(x: x - glyph.x, y: reference.baseline / scale - glyph.y),
                          color: color)
        }
        return image
    }

    /// Per glyph cell (one advance wide): the mean difference (levels, premultiplied over white) and the share of
    /// pixels off by more than 32 in some channel.
    static func cells(_ ours: RGBAImage, _ skia: RGBAImage, _ reference: Reference)
        -> [(Character, mean: Double, off: Double)] {
        return reference.text.enumerated().map { index, character in
            var total = 0, off = 0, count = 0
            let cell = Int((Double(index) * reference.advance).rounded())
                ..< Int((Double(index + 1) * reference.advance).rounded())
            for y in 0..<skia.height {
                for x in cell.clamped(to: 0..<skia.width) {
                    let p = (y * skia.width + x) * 4
                    var worst = 0
                    for c in 0..<3 {
                        let a = Int(ours.pixels[p + c]) + 255 - Int(ours.pixels[p + 3])
                        let b = Int(skia.pixels[p + c]) + 255 - Int(skia.pixels[p + 3])
                        total += abs(a - b)
                        worst = max(worst, abs(a - b))
                    }
                    if worst > 32 { off += 1 }
                    count += 1
                }
            }
            return (character, Double(total) / Double(max(1, count * 3)), Double(off) / Double(max(1, count)))
        }
    }

    @Test("Every paint format, extend and composite mode, and an emoji line at @1x and @2x, as Skia draws them",
          arguments: references.map(\.name))
    func matchesSkia(name: String) throws {
        let reference = try #require(Self.references.first { $0.name == name })
        let skia = try ImageDecoder.decode(Data(contentsOf: URL(fileURLWithPath:
            TestSupport.fixture("colrv1/\(name).png"))))
        let ours = try Self.draw(reference)
        try #require(skia.width == ours.width && skia.height == ours.height)
        for (character, mean, off) in Self.cells(ours, skia, reference) {
            switch character {
            case "X":
                // 300 paints deep: Skia draws it, we refuse it as hostile (past ColorPaintTable.depthLimit).
                continue
            case "y", "z":
                // Hue and saturation of a nearly gray source: Skia composites its layers in 8 bits, and the
                // hue of a color a level or two from gray swings with each level; we composite in floats.
                #expect(mean <= 6 && off <= 0.2, "\(name) \(character): mean \(mean), \(off * 100) % off by > 32")
            default:
                #expect(mean <= 1.5 && off <= 0.02, "\(name) \(character): mean \(mean), \(off * 100) % off by > 32")
            }
        }
    }

    @Test("A cycle and a graph past the depth limit draw nothing, and nothing crashes")
    func hostileGraphsDrawNothing() throws {
        // S → T → S is a PaintColrGlyph cycle; X nests 300 paints deep (make-fixtures.py).
        let typography = Typography(family: "Paints", fontSize: 40, lineHeight: 60)
        for text in ["S", "T", "X"] {
            let layout = try TextLayout(text, typography: typography, registry: Self.registry)
            let image = try TextRenderer(glyphCache: GlyphCache()).image(of: layout)
            #expect(image.pixels.allSatisfy { $0 == 0 }, "\(text)")
        }
        let drawn = try TextRenderer(glyphCache: GlyphCache()).image(of: TextLayout("U", typography: typography,
                                                                                    registry: Self.registry))
        #expect(drawn.pixels.contains { $0 != 0 }, "U, 100 paints deep, is drawn")
    }

    /// `text` in `family` at 32 pt as SVG and PDF, each rasterized (by rsvg, by poppler's cairo backend) and
    /// checked against our PNG of the same drawing; returns the SVG and the PDF themselves.
    static func expectVectorOutput(_ text: String, family: String, palette: Int = 0,
                                   color: Color = .black) throws -> (svg: String, pdf: String) {
        var typography = Typography(family: .named(family), fontSize: 32, lineHeight: 40)
        typography.fontPalette = palette
        let layout = try TextLayout(text, typography: typography, registry: registry)
        let png = try TextRenderer.shared.image(of: layout, color: color)
        let drawing = Drawing(layout, color: color)
        let sample = VectorOutputTests.Sample(name: "COLRv1 \(text)", text: "", family: "")
        let svg = try ImageFormat.svg.encode(drawing)
        try VectorOutputTests.expectClose(try VectorOutputTests.rasterized(svg, with: "rsvg-convert", arguments: ["-o"],
                                                                         name: "x.svg"), png, sample)
        let pdf = try ImageFormat.pdf.encode(drawing)
        // pdftocairo: poppler's Splash (pdftoppm) samples soft-masked images a pixel off at their edges.
        try VectorOutputTests.expectClose(try VectorOutputTests.rasterized(pdf, with: "pdftocairo",
                                                                         arguments: ["-r", "72", "-png", "-singlefile"],
                                                                         name: "x.pdf", outputSuffix: ".png"), png,
                                          sample)
        return (String(decoding: svg, as: UTF8.self), String(decoding: pdf, as: UTF8.self))
    }

    static func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    @Test("SVG and PDF draw solid, linear and radial COLRv1 paints as vectors, the rest as images at output scale")
    func vectorOutput() throws {
        // Paints (make-fixtures.py): A solid layers, B linear pad, C linear repeat, E radial pad, F radial repeat,
        // H sweep, L and M transformed gradients, N scales, P reflect, R reused glyphs, V and W translucent stops,
        // d source-over, z luminosity; in palette 1 with a green text color (A's top layer is the text color).
        let (svg, pdf) = try Self.expectVectorOutput("ABCEFHLMNPRVWdz", family: "Paints", palette: 1,
                                                     color: Color(red: 30, green: 140, blue: 60))
        // SVG draws all but the sweep (H) and the luminosity composite (z); spreadMethod and stop-opacity
        // carry repeat, reflect and translucent stops.
        #expect(Self.count("<image", in: svg) == 2)
        #expect(svg.contains("<linearGradient") && svg.contains("<radialGradient") && svg.contains("fr=\"")
                    && svg.contains("spreadMethod=\"repeat\"") && svg.contains("stop-opacity=")
                    && svg.contains("#1e8c3c"))
        // PDF shadings only pad and have no alpha: C, F, P (repeat, reflect), V, W, d (translucent stops), H, z
        // are images, each an RGB image and its soft mask.
        #expect(Self.count("/Subtype /Image", in: pdf) == 2 * 8)
        #expect(pdf.contains("/ShadingType 2") && pdf.contains("/ShadingType 3"))
        // The emoji font (solid fills, transforms, layers) is all vectors in both, each glyph defined once.
        let emoji = try Self.expectVectorOutput("😀😂😍🚀🎉👍❤🌈🌟🍕 😀😂😍🚀🎉👍❤🌈🌟🍕", family: "Emoji One COLRv1")
        #expect(!emoji.svg.contains("<image") && !emoji.pdf.contains("/Subtype /Image"))
        #expect(Self.count("<g id=", in: emoji.svg) == 10 && Self.count("/Subtype /Form", in: emoji.pdf) == 10)
    }

    @Test("Fuzzed COLR tables: no crash, no read out of bounds")
    func fuzzedTables() throws {
        // Fixed-seed byte flips in the Paints font's COLR table, each variant drawn glyph by glyph, in pixels and
        // as the vector writers would draw it.
        let font = try Data(contentsOf: URL(fileURLWithPath: TestSupport.fixture("Paints-Regular.ttf")))
        let bytes = [UInt8](font)
        // The COLR table's offset and length from the table directory.
        let tables = Int(bytes[4]) << 8 | Int(bytes[5])
        var colr = 0..<0
        for t in 0..<tables {
            let record = 12 + t * 16
            if bytes[record..<record + 4].elementsEqual("COLR".utf8) {
                func u32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
                colr = u32(record + 8)..<(u32(record + 8) + u32(record + 12))
            }
        }
        try #require(!colr.isEmpty)
        var generator = SeededGenerator(state: 24)  // HostileFontTests' SplitMix64
        for _ in 0..<40 {
            var table = [UInt8](bytes[colr])
            for _ in 0..<24 {
                table[Int(generator.next() % UInt64(table.count))] = UInt8(truncatingIfNeeded: generator.next())
            }
            guard let parsed = ColorPaintTable(table) else { continue }
            for glyph in UInt32(0)..<240 {
                guard let colorGlyph = parsed.glyph(glyph, unitsPerEm: 1000, outline: { _ in
                    GlyphOutline(segments: [.move(to: Point(x: 100, y: 0)), .line(to: Point(x: 900, y: 0)),
                                            .line(to: Point(x: 500, y: 800)), .close], unitsPerEm: 1000)
                }) else { continue }
                _ = ColorGlyphRasterizer.render(colorGlyph, pixelSize: 24, subpixel: 1, slant: 0,
                                                palette: [.black, .white], foreground: .black)
                for format in [VectorColorGlyph.Format.svg, .pdf] {
                    _ = VectorColorGlyph(colorGlyph, palette: [.black, .white], foreground: .black, slant: 0.2,
                                         format: format)
                }
            }
        }
    }
}
