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
        var text: String
        var pixelSize: Double
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
        return registry
    }()

    /// Our drawing of a reference's text: one row, its baseline on the reference's, at its pixel size (as @1x
    /// points, or @2x for the 128 px one, so that the display scale is covered too).
    static func draw(_ reference: Reference) throws -> RGBAImage {
        let scale = reference.pixelSize >= 128 ? 2.0 : 1.0
        var typography = Typography(family: "Paints", fontSize: reference.pixelSize / scale,
                                    lineHeight: reference.pixelSize / scale * 1.5)
        typography.fontPalette = reference.palette
        let layout = try TextLayout(reference.text, typography: typography,
                                    environment: TypographyEnvironment(displayScale: scale), registry: registry)
        let baseline = try #require(layout.lines.first?.glyphs.first?.y)
        var image = RGBAImage(width: reference.width, height: reference.height)
        let color = Color(red: reference.color[0], green: reference.color[1], blue: reference.color[2],
                          alpha: reference.color[3])
        TextRenderer(glyphCache: GlyphCache()).draw(layout, into: &image,
                                                    at: Point(x: 0, y: reference.baseline / scale - baseline),
                                                    color: color)
        return image
    }

    /// Per glyph cell (one em wide): the mean difference (levels, premultiplied over white) and the share of
    /// pixels off by more than 32 in some channel.
    static func cells(_ ours: RGBAImage, _ skia: RGBAImage, _ reference: Reference)
        -> [(Character, mean: Double, off: Double)] {
        let cell = Int(reference.pixelSize)
        return reference.text.enumerated().map { index, character in
            var total = 0, off = 0, count = 0
            for y in 0..<skia.height {
                for x in index * cell..<min(skia.width, (index + 1) * cell) {
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

    @Test("Every paint format, extend and composite mode as Skia draws it", arguments: references.map(\.name))
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
}
