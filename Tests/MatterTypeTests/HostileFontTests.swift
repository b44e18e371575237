import Foundation
import Testing
import MatterType
import MatterTypeFuzzing

/// A family that asks for exactly one PostScript name, whatever the weight: the corrupted font's.
private struct ExactName: FontFamily {
    let familyName: String
    func fontName(for weight: FontWeight, style: FontStyle) -> String { familyName }
}

/// Corrupted variants of a bundled font: truncated at a random offset, random bytes flipped, or a whole table
/// zeroed. `MATTERTYPE_FUZZ_COUNT` sets how many (60 by default; `Scripts/fuzz-fonts.sh` runs 1,000).
@Suite("Hostile fonts")
struct HostileFontTests {
    static let count = Int(ProcessInfo.processInfo.environment["MATTERTYPE_FUZZ_COUNT"] ?? "") ?? 60

    /// The (offset, length) of every table in an sfnt's directory.
    static func tables(_ font: [UInt8]) -> [(offset: Int, length: Int)] {
        func u32(_ at: Int) -> Int { (0..<4).reduce(0) { $0 << 8 | Int(font[at + $1]) } }
        let tableCount = Int(font[4]) << 8 | Int(font[5])
        return (0..<tableCount).map { (u32(12 + 16 * $0 + 8), u32(12 + 16 * $0 + 12)) }
    }

    static func variant(_ index: Int, of font: [UInt8], tables: [(offset: Int, length: Int)]) -> (String, [UInt8]) {
        var rng = SeededGenerator(state: 0x4D61_7474_6572 &+ UInt64(index))
        var bytes = font
        switch index % 3 {
        case 0:
            let length = Int.random(in: 0..<font.count, using: &rng)
            return ("truncated to \(length) bytes", Array(bytes.prefix(length)))
        case 1:
            let flips = Int.random(in: 1...64, using: &rng)
            for _ in 0..<flips { bytes[Int.random(in: 0..<bytes.count, using: &rng)] ^= UInt8.random(in: 1...255, using: &rng) }
            return ("\(flips) bytes flipped", bytes)
        default:
            let table = tables[Int.random(in: 0..<tables.count, using: &rng)]
            for i in table.offset..<min(table.offset + table.length, bytes.count) { bytes[i] = 0 }
            return ("table at \(table.offset) (\(table.length) bytes) zeroed", bytes)
        }
    }

    @Test("corrupted fonts register with a clear error or render without crashing")
    func corruptedFonts() throws {
        let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: TestSupport.bundled("NotoSans-Regular.ttf"))))
        let tables = HostileFontTests.tables(original)
        let directory = try TestSupport.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = "Hamburgefonstiv AVATAR office 0123456789 ÅÉÎ — “quotes” fi fl"
        var registered = 0
        var rejected = 0
        var slowest = 0.0
        for index in 0..<HostileFontTests.count {
            let (what, bytes) = HostileFontTests.variant(index, of: original, tables: tables)
            let path = directory.appendingPathComponent("variant-\(index).ttf").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let registry = FontRegistry(includesSystemFonts: false)
            let start = Date()
            do {
                let faces = try registry.register(fileAt: path)
                registered += 1
                for face in faces {
                    let typography = Typography(family: .custom(ExactName(familyName: face.postScriptName)),
                                                fontWeight: .regular, fontSize: 18, lineHeight: 24)
                    let layout = try TextLayout(text, typography: typography,
                                                environment: TypographyEnvironment(displayScale: 2),
                                                limits: LayoutLimits(width: 300), registry: registry)
                    _ = layout.typography.shape(text)
                    var bitmap = GrayBitmap(width: 600, height: Int(layout.height * 2) + 2)
                    TextRenderer(glyphCache: GlyphCache(byteBudget: 1 << 20)).draw(layout, into: &bitmap)
                }
            } catch let error as FontRegistrationError {
                rejected += 1
                #expect(error.description.hasPrefix(path), "variant \(index) (\(what)): \(error)")
            } catch {
                Issue.record("variant \(index) (\(what)): unexpected \(error)")
            }
            slowest = max(slowest, Date().timeIntervalSince(start))
            try? FileManager.default.removeItem(atPath: path)
        }
        #expect(registered + rejected == HostileFontTests.count)
        #expect(rejected > 0)  // the generator really corrupts
        #expect(slowest < 10, "a variant took \(slowest) s: a hang?")
        print("hostile fonts: \(HostileFontTests.count) variants, \(registered) registered and rendered, "
            + "\(rejected) rejected with an error, slowest \(String(format: "%.3f", slowest)) s")
    }
}
