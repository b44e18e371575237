import Foundation
import Testing
import MatterType

/// Run under the thread sanitizer by `Scripts/tsan.sh` (`swift test --sanitize=thread --filter StressTests`).
/// TSan cannot see inside libfreetype, libharfbuzz or libfontconfig: their locking is MatterType's by design
/// (one lock per FreeType face, one for the FT_Library, one for Fontconfig), and this test hammers it.
@Suite("Concurrency stress")
struct StressTests {
    @Test("8 tasks render while 2 register and unregister fonts; renders equal serial ones")
    func renderWhileRegistering() async throws {
        let registry = FontRegistry(includesSystemFonts: false)
        let renderer = TextRenderer(glyphCache: GlyphCache(byteBudget: 512 << 10))  // small: evictions happen too
        let typographies = [
            Typography(family: "Noto Sans", fontSize: 16, lineHeight: 24),
            Typography(family: "Noto Sans", fontWeight: .bold, fontSize: 22, lineHeight: 28, fontStyle: .italic),
            Typography(family: "Noto Sans", fontWeight: .light, fontSize: 13, lineHeight: 18, letterSpacing: 0.6,
                       textCase: .uppercase, textDecoration: .underline),
        ]
        let texts = (0..<12).map { "Stress \($0): The quick brown fox jumps over the lazy dog — office, AVATAR, ÅÉ." }
        func png(_ index: Int) throws -> Data {
            try renderer.renderPNG(texts[index], typography: typographies[index % typographies.count],
                                   environment: TypographyEnvironment(displayScale: Double(1 + index % 3)),
                                   limits: LayoutLimits(width: 260, maxLines: 3, lineBreakMode: .byTruncatingTail),
                                   registry: registry)
        }
        let serial = try texts.indices.map(png)
        let mismatches = try await withThrowingTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var mismatches = 0
                    for round in 0..<30 {
                        let index = (task * 7 + round) % texts.count
                        if try png(index) != serial[index] { mismatches += 1 }
                    }
                    return mismatches
                }
            }
            for file in ["Acme-Regular.ttf", "Duo.ttc"] {
                group.addTask {
                    for _ in 0..<40 {
                        try registry.register(fileAt: TestSupport.fixture(file))
                        _ = try registry.resolve(familyName: file.hasPrefix("Acme") ? "Acme" : "Duo", weight: .regular)
                        try registry.unregister(fileAt: TestSupport.fixture(file))
                    }
                    return 0
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(mismatches == 0)
        #expect(registry.registeredFonts.isEmpty)
        #expect(renderer.glyphCache.statistics.bytes <= renderer.glyphCache.byteBudget)
    }
}
