import Testing
import MatterType

@Suite("Concurrency")
struct ConcurrencyTests {
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
}
