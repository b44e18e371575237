import Foundation
import Testing
import MatterType

/// Caches belong to the objects that use them: a registry's words and fallback answers, a renderer's faces and
/// glyphs. Each reports its caches' sizes and empties them with `clearCaches()`, and what it lays out or draws
/// afterwards is the same.
@Suite("Cache ownership")
struct CacheOwnershipTests {
    static let text = "Typography on the server, 排版 and مرحبا"

    func entries(_ name: String, in sizes: [CacheSize]) -> Int {
        sizes.first { $0.name == name }?.entries ?? 0
    }

    @Test("a registry owns its word caches and fallback answers; clearCaches empties them and layout is the same")
    func registry() throws {
        let typography = Typography(family: "Noto Sans", fontSize: 16, lineHeight: 24)
        let registry = FontRegistry()
        let before = try TextLayout(Self.text, typography: typography, limits: LayoutLimits(width: 120),
                                    registry: registry)
        #expect(entries("word_caches", in: registry.cacheSizes) > 0)
        #expect(entries("fallback_answers", in: registry.cacheSizes) > 0)
        // Another registry's caches are its own: nothing laid out with it yet.
        #expect(entries("word_caches", in: FontRegistry().cacheSizes) == 0)
        registry.clearCaches()
        for name in ["word_caches", "fallback_answers", "fallback_orders", "face_instances"] {
            #expect(entries(name, in: registry.cacheSizes) == 0, "\(name)")
        }
        let after = try TextLayout(Self.text, typography: typography, limits: LayoutLimits(width: 120),
                                   registry: registry)
        #expect(after.lines.map(\.range) == before.lines.map(\.range) && after.width == before.width)
        #expect(entries("word_caches", in: registry.cacheSizes) > 0)
        // Every size stays within its limit.
        #expect(registry.cacheSizes.allSatisfy { $0.entries <= $0.limit })
    }

    @Test("a renderer owns its faces and glyphs; clearCaches empties them and the image is the same")
    func renderer() throws {
        let typography = Typography(family: "Noto Sans", fontSize: 16, lineHeight: 24)
        let renderer = TextRenderer()
        let registry = FontRegistry()
        let png = try renderer.renderPNG(Self.text, typography: typography, limits: LayoutLimits(width: 120),
                                         registry: registry)
        #expect(entries("raster_faces", in: renderer.cacheSizes) > 0)
        #expect(renderer.glyphCache.statistics.bytes > 0)
        #expect(entries("raster_faces", in: TextRenderer().cacheSizes) == 0)
        renderer.clearCaches()
        #expect(renderer.cacheSizes.allSatisfy { $0.entries == 0 })
        #expect(renderer.glyphCache.statistics.bytes == 0)
        let again = try renderer.renderPNG(Self.text, typography: typography, limits: LayoutLimits(width: 120),
                                           registry: registry)
        #expect(again == png)
    }
}
