import Foundation
import Testing
import MatterTypeFuzzing
@testable import MatterType

/// COLRv1 color glyphs (ColorPaintTable, ColorGlyphRasterizer) against Skia, the renderer Chrome draws them with:
/// the reference images in Fixtures/colrv1 are Skia's (Scripts/make-colrv1-references.py, skia-python 144.1), of
/// Fixtures/Paints-Regular.ttf (make-fixtures.py: every paint format, extend mode and composite mode) and of the
/// variable Fixtures/VarPaints-Regular.ttf (every PaintVar… format) at several instances; its "A" also has COLRv0
/// layers, which Skia, as Chrome, leaves for the COLRv1 paint (as we must).
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
        /// Design coordinates by axis tag (a variable font's instance).
        var variations: [String: Double]?
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
        _ = try? registry.register(fileAt: TestSupport.fixture("Paints-Regular.ttf"))
        _ = try? registry.register(fileAt: TestSupport.fixture("EmojiOne-COLRv1.ttf"))
        _ = try? registry.register(fileAt: TestSupport.fixture("VarPaints-Regular.ttf"))
        return registry
    }()

    /// Our drawing of a reference's text: each character laid out alone at its pixel size and display scale,
    /// its pen at i advances rounded to whole pixels, its baseline on the reference's.
    static func draw(_ reference: Reference) throws -> RGBAImage {
        let scale = reference.scale
        var typography = Typography(family: .named(reference.family), fontSize: reference.pixelSize / scale,
                                    lineHeight: reference.pixelSize / scale * 1.5)
        typography.fontPalette = reference.palette
        typography.variations = reference.variations ?? [:]
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

    @Test("Every paint format, extend and composite mode, variable paints at several instances, an emoji line",
          arguments: references.map(\.name))
    func matchesSkia(name: String) throws {
        let reference = try #require(Self.references.first { $0.name == name })
        let skia = try ImageDecoder.decode(Data(contentsOf: URL(fileURLWithPath:
            TestSupport.fixture("colrv1/\(name).png"))))
        let ours = try Self.draw(reference)
        try #require(skia.width == ours.width && skia.height == ours.height)
        for (character, mean, off) in Self.cells(ours, skia, reference) {
            switch (reference.font, character) {
            case ("Paints-Regular.ttf", "X"):
                // 300 paints deep: Skia draws it, we refuse it as hostile (past ColorPaintTable.depthLimit).
                continue
            case ("VarPaints-Regular.ttf", "L"):
                // PaintVarTransform's dx and dy deltas need 32 bits (LONG_WORDS), which Skia m144 reads truncated
                // to 16 bits: checked against fontTools' deltas in `variationDeltas` instead.
                continue
            case ("Paints-Regular.ttf", "I"):
                // A sweep whose angles coincide, padded: a hard color edge across the disc, where one pixel more
                // or less on either side of it weighs at 17 px (64 px is within the default bounds).
                #expect(mean <= 2.5 && off <= 0.03, "\(name) \(character): mean \(mean), \(off * 100) % off by > 32")
            case ("Paints-Regular.ttf", "y"), ("Paints-Regular.ttf", "z"):
                // Hue and saturation of a nearly gray source: Skia composites its layers in 8 bits, and the
                // hue of a color a level or two from gray swings with each level; we composite in floats.
                #expect(mean <= 6 && off <= 0.2, "\(name) \(character): mean \(mean), \(off * 100) % off by > 32")
            default:
                #expect(mean <= 1.5 && off <= 0.02, "\(name) \(character): mean \(mean), \(off * 100) % off by > 32")
            }
        }
    }

    /// The bytes of table `tag` of the font file `name` in Fixtures, by its table directory.
    static func table(_ tag: String, ofFixture name: String) throws -> [UInt8] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestSupport.fixture(name))))
        let tables = try #require(bytes.uint16(at: 4))
        let record = try #require((0..<tables).map { 12 + $0 * 16 }.first {
            bytes[$0..<$0 + 4].elementsEqual(tag.utf8)
        })
        let offset = try #require(bytes.uint32(at: record + 8)), length = try #require(bytes.uint32(at: record + 12))
        return [UInt8](bytes[offset..<offset + length])
    }

    @Test("Variable paints: every variation index's delta as fontTools computes it, and 32-bit deltas applied whole")
    func variationDeltas() throws {
        // Fixtures/colrv1/var-deltas.json: fontTools' VarStoreInstancer through the DeltaSetIndexMap of
        // VarPaints-Regular.ttf, at fontTools' normalized (avar-mapped) coordinates of each instance.
        struct Instance: Decodable { var variations: [String: Double]; var coordinates: [Double]; var deltas: [Double] }
        struct File: Decodable { var instances: [Instance] }
        let file = try JSONDecoder().decode(File.self, from: Data(contentsOf: URL(fileURLWithPath:
            TestSupport.fixture("colrv1/var-deltas.json"))))
        let colr = try Self.table("COLR", ofFixture: "VarPaints-Regular.ttf")
        // The COLR header's ItemVariationStore and DeltaSetIndexMap offsets.
        let store = try #require(colr.uint32(at: 30)), indexMap = try #require(colr.uint32(at: 26))
        for instance in file.instances {
            let variations = try #require(ColorVariations(colr, store: store, indexMap: indexMap,
                                                          coordinates: instance.coordinates))
            let ours = variations.deltas(base: 0, count: instance.deltas.count)
            for (index, (mine, theirs)) in zip(ours, instance.deltas).enumerated() {
                #expect(abs(mine - theirs) <= 1e-6 * max(1, abs(theirs)), "\(instance.variations) index \(index)")
            }
            #expect(variations.deltas(base: 0xFFFF_FFFF, count: 2) == [0, 0], "no variation")
        }
        // L (make-fixtures.py): dx + 300 units in the wght-and-SHFT region, dy − 60 in wght's lower one (+ 250
        // at its intermediate peak, 0 at its ends): at 64 px, 19.2 px right at (900, 100), 3.84 px down at 100.
        func inkCenter(_ variations: [String: Double]) throws -> Point {
            var typography = Typography(family: "Var Paints", fontSize: 64, lineHeight: 96)
            typography.variations = variations
            let image = try TextRenderer(glyphCache: GlyphCache()).image(of: TextLayout("L", typography: typography,
                                                                                        registry: Self.registry))
            var sum = (x: 0.0, y: 0.0, weight: 0.0)
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let alpha = Double(image.pixels[(y * image.width + x) * 4 + 3])
                    sum = (sum.x + Double(x) * alpha, sum.y + Double(y) * alpha, sum.weight + alpha)
                }
            }
            return Point(x: sum.x / sum.weight, y: sum.y / sum.weight)
        }
        let origin = try inkCenter([:]), far = try inkCenter(["wght": 900, "SHFT": 100])
        let low = try inkCenter(["wght": 100])
        #expect(abs(far.x - origin.x - 19.2) < 0.05 && abs(far.y - origin.y) < 0.05, "\(origin) → \(far)")
        #expect(abs(low.x - origin.x) < 0.05 && abs(low.y - origin.y - 3.84) < 0.05, "\(origin) → \(low)")
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
    static func expectVectorOutput(_ text: String, family: String, palette: Int = 0, color: Color = .black,
                                   variations: [String: Double] = [:]) throws -> (svg: String, pdf: String) {
        var typography = Typography(family: .named(family), fontSize: 32, lineHeight: 40)
        typography.fontPalette = palette
        typography.variations = variations
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
        // Variable paints at an instance: the vector writers draw the same varied graph as the PNG.
        _ = try Self.expectVectorOutput("ABCDEFGHJKLM", family: "Var Paints", variations: ["wght": 700, "SHFT": 50])
    }

    @Test("Fuzzed COLR tables: no crash, no read out of bounds")
    func fuzzedTables() throws {
        // Fixed-seed byte flips in the COLR tables of Paints and of Var Paints (its variation store and index map
        // read at an instance), each variant drawn glyph by glyph, in pixels and as the vector writers would draw it.
        var generator = SeededGenerator(state: 24)  // MatterTypeFuzzing's SplitMix64
        for (font, coordinates) in [("Paints-Regular.ttf", []), ("VarPaints-Regular.ttf", [0.8, -0.5])] {
            let colr = try Self.table("COLR", ofFixture: font)
            for _ in 0..<40 {
                var table = colr
                for _ in 0..<24 {
                    table[Int(generator.next() % UInt64(table.count))] = UInt8(truncatingIfNeeded: generator.next())
                }
                guard let parsed = ColorPaintTable(table, coordinates: coordinates) else { continue }
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
}
