import Foundation
import Testing
import MatterType

@Suite("Concurrency")
struct ConcurrencyTests {
    @Test("replacing a font is atomic for renders: 50 replacements during 200 renders, none fails")
    func replacementIsAtomic() async throws {
        let registry = FontRegistry(includesSystemFonts: false)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: TestSupport.fixture("Acme-Regular.ttf")))
        try registry.register(data: bytes, name: "acme-0")
        let typography = Typography(family: "Acme", fontSize: 16, lineHeight: 24)
        let failures = try await withThrowingTaskGroup(of: Int.self) { group in
            group.addTask {
                // The same face from a new "file" each time, as the server stores uploads by their hash.
                for round in 1...50 { try registry.register(data: bytes, name: "acme-\(round)", replacingExisting: true) }
                return 0
            }
            for _ in 0..<2 {
                group.addTask {
                    var failures = 0
                    for _ in 0..<100 {
                        do {
                            let layout = try TextLayout("Hello", typography: typography, registry: registry)
                            if layout.typography.font.font.postScriptName != "Acme-Regular" { failures += 1 }
                        } catch {
                            failures += 1
                        }
                    }
                    return failures
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(failures == 0)
    }

    @Test("8 tasks registering, unregistering and resolving on one registry")
    func registerResolveConcurrently() async throws {
        let registry = FontRegistry(includesSystemFonts: false)
        let owned = [("Acme-Regular.ttf", "Acme-Regular"), ("Acme-Medium.ttf", "Acme-Medium"),
                     ("Acme-DemiBold.ttf", "Acme-DemiBold"), ("Duo.ttc", "Duo-BoldItalic")]
        let failures = try await withThrowingTaskGroup(of: Int.self) { group in
            // Four tasks each own one file: while it is registered, its face resolves; after, it is gone.
            for (file, name) in owned {
                group.addTask {
                    var failures = 0
                    for _ in 0..<40 {
                        try registry.register(fileAt: TestSupport.fixture(file))
                        let face = try #require(registry.font(named: name))
                        let family = DefaultFontFamily(familyName: String(name.prefix { $0 != "-" }),
                                                       weightNames: [.semibold: "DemiBold"])
                        let resolved = try registry.resolve(family: family, weight: face.fontWeight,
                                                            style: face.fontStyle)
                        if resolved.font.postScriptName != name || resolved.source != .registered { failures += 1 }
                        try registry.unregister(fileAt: TestSupport.fixture(file))
                        if registry.font(named: name) != nil { failures += 1 }
                    }
                    return failures
                }
            }
            // Four tasks resolve the bundled family, whose answers must never change.
            for task in 0..<4 {
                group.addTask {
                    var failures = 0
                    for round in 0..<200 {
                        let weight = FontWeight.named[(task + round) % 9]
                        let resolved = try registry.resolve(familyName: "Noto Sans", weight: weight, style: .italic)
                        if resolved.font.postScriptName != NotoSansFontFamily().fontName(for: weight, style: .italic)
                            || resolved.isFallback { failures += 1 }
                    }
                    return failures
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(failures == 0)
        #expect(registry.registeredFonts.isEmpty)
    }

    @Test("styled layouts of a variable font on 6 tasks while 2 register fonts from memory: every answer the same")
    func styledConcurrently() async throws {
        let registry = FontRegistry(includesSystemFonts: false)
        try registry.register(fileAt: VariableFonts.interRoman)
        let body = Typography(family: "Inter", fontSize: 16, lineHeight: 24)
        let text = StyledText("Order ").appending("#1234", SpanStyle().weight(FontWeight(rawValue: 650)!))
            .appending(" arrives ", SpanStyle().family("Noto Sans").italic())
            .appending("soon", SpanStyle().weight(FontWeight(rawValue: 820)!).decoration(.underline))
        let expected = try TextLayout(text, typography: body, limits: LayoutLimits(width: 120), registry: registry)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: TestSupport.fixture("Acme-Regular.ttf")))
        let failures = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<6 {
                group.addTask {
                    var failures = 0
                    for _ in 0..<60 {
                        let layout = try TextLayout(text, typography: body, limits: LayoutLimits(width: 120),
                                                    registry: registry)
                        if layout.lines.map(\.text) != expected.lines.map(\.text)
                            || layout.lines.flatMap(\.glyphs) != expected.lines.flatMap(\.glyphs) { failures += 1 }
                    }
                    return failures
                }
            }
            for task in 0..<2 {
                group.addTask {
                    for round in 0..<30 {
                        // Each replacement frees the face it replaces, and with it that face's word caches.
                        try registry.register(data: bytes, name: "upload-\(task)-\(round)", replacingExisting: true)
                        _ = try TextLayout("Acme \(round)", typography: body.familyName("Acme"), registry: registry)
                    }
                    return 0
                }
            }
            // The process-wide cache statistics (what a server's /metrics reads) while caches come and go.
            group.addTask {
                var failures = 0
                var last = 0
                for _ in 0..<200 {
                    let statistics = WordCacheStatistics.current
                    if statistics.hits + statistics.misses < last { failures += 1 }  // counts never go back
                    last = statistics.hits + statistics.misses
                    _ = TextRenderer.shared.glyphCache.statistics
                }
                return failures
            }
            return try await group.reduce(0, +)
        }
        #expect(failures == 0)
    }
}
