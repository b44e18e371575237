@testable import MatterType
import Testing

/// The Raster stage's glyph placement and cache keys (Raster/PixelPen.swift, GlyphCache.Key): x to the nearest
/// quarter pixel, baselines on whole rows, and a key per face, size, glyph, quarter and hinting.
@Suite("Glyph keys and pixel pens")
struct GlyphKeyTests {
    @Test("x rounds to the nearest quarter pixel, halves up; the baseline to the nearest row", arguments: [
        // (x, y) → (pixel, quarter, baseline), worked by hand: floor(4x + 0.5) quarters, floor(y + 0.5) rows.
        (0.0, 0.0, 0, 0, 0), (0.1, 0.4, 0, 0, 0), (0.125, 0.5, 0, 1, 1), (0.374, 2.49, 0, 1, 2),
        (0.375, 2.5, 0, 2, 3), (0.9, 17.2, 1, 0, 17), (1.74, -0.5, 1, 3, 0), (-0.2, -0.51, -1, 3, -1),
        (-0.125, -1.5, 0, 0, -1), (799.99, 23.99, 800, 0, 24),
    ])
    func pen(x: Double, y: Double, pixel: Int, quarter: UInt8, baseline: Int) {
        let pen = PixelPen(x: x, y: y)
        #expect(pen.pixelX == pixel && pen.subpixel == quarter && pen.baseline == baseline)
        #expect(abs(pen.x - x) <= 0.125)  // never more than half a quarter from where the glyph was placed
    }

    @Test("keys differ in every field, and equal keys mix equally")
    func keys() {
        let key = GlyphCache.Key(face: 7, pixelSize64: 1024, glyph: 36, subpixel: 2, hinted: false)
        let others = [
            GlyphCache.Key(face: 8, pixelSize64: 1024, glyph: 36, subpixel: 2, hinted: false),
            GlyphCache.Key(face: 7, pixelSize64: 1025, glyph: 36, subpixel: 2, hinted: false),
            GlyphCache.Key(face: 7, pixelSize64: 1024, glyph: 37, subpixel: 2, hinted: false),
            GlyphCache.Key(face: 7, pixelSize64: 1024, glyph: 36, subpixel: 3, hinted: false),
            GlyphCache.Key(face: 7, pixelSize64: 1024, glyph: 36, subpixel: 2, hinted: true),
            GlyphCache.Key(face: 7, pixelSize64: 1024, glyph: 36, subpixel: 2, hinted: false, ink: 0xFF00_00FF),
            GlyphCache.Key(face: 7, pixelSize64: 1024, glyph: 36 << 1, subpixel: 1, hinted: false),
        ]
        for other in others {
            #expect(other != key && other.mix != key.mix)
        }
        #expect(GlyphCache.Key(face: 7, pixelSize64: 1024, glyph: 36, subpixel: 2, hinted: false).mix == key.mix)
    }

    @Test("a hinted draw and an unhinted one of the same layout use their own bitmaps from one cache")
    func hintingPerDraw() throws {
        let layout = try notoLayout("Hamburgefonstiv")
        let renderer = TextRenderer()
        var plain = GrayBitmap(width: 200, height: 24)
        var hinted = GrayBitmap(width: 200, height: 24)
        renderer.draw(layout, into: &plain)
        renderer.draw(layout, into: &hinted, hinting: .light)
        var hintedByItsOwnRenderer = GrayBitmap(width: 200, height: 24)
        TextRenderer(hinting: .light).draw(layout, into: &hintedByItsOwnRenderer)
        #expect(plain.pixels != hinted.pixels)  // light hinting snaps stems: the coverage differs
        #expect(hinted.pixels == hintedByItsOwnRenderer.pixels)
    }
}
