import Foundation
@testable import MatterType
import Testing

/// The Support folder's tools: OpenType tags, the bounded caches every stage keeps, trimming.
@Suite("Support: OpenType tags, bounded caches, trimming")
struct SupportTests {
    @Test("trimming spaces drops what Foundation's CharacterSet.whitespaces drops, and nothing else")
    func trimmingSpaces() {
        // Foundation's trimming is the reference: tab and every Unicode space separator (Zs), never line breaks.
        let samples = ["", " ", "\t a b \t", "\u{A0}Noto Sans\u{3000}", "\u{2003}x\u{202F}", "\nx\n", " \u{301}a",
                       "a\u{200B}", "semibold ", "  ", "\u{1680}\u{205F}y"]
        for sample in samples {
            #expect(String(sample.trimmingSpaces()) == sample.trimmingCharacters(in: .whitespaces), "\(sample.debugDescription)")
        }
        #expect(SpanStyle.familyNames(inList: " 'Noto Sans' , \"Inter\",,serif ") == ["Noto Sans", "Inter", "serif"])
    }

    @Test("tags are four big-endian ASCII bytes, padded with spaces, as HB_TAG builds them")
    func tags() {
        // Values from the OpenType spec's tag definition: 'GPOS' = 0x47504F53, 'wght' = 0x77676874.
        #expect(OpenTypeTag("GPOS").rawValue == 0x4750_4F53)
        #expect(OpenTypeTag("wght").rawValue == 0x7767_6874)
        #expect(OpenTypeTag("cvt").rawValue == 0x6376_7420 && OpenTypeTag("cvt").text == "cvt ")
        #expect(OpenTypeTag(rawValue: UInt64(0x1_7767_6874)).text == "wght")  // the low 32 bits of a C long
        #expect(OpenTypeTag("Latn").rawValue == ScriptTag.latin.rawValue)  // HarfBuzz's HB_SCRIPT_LATIN
    }

    @Test("a bounded cache makes each value once, keeps at most its limit, and starts again empty when full")
    func boundedCache() {
        let cache = BoundedCache<Int, String>("test", limit: 3)
        var made = 0
        for key in [1, 2, 1, 3, 2] {
            _ = cache.value(for: key) { made += 1; return "\(key)" }
        }
        #expect(made == 3 && cache.count == 3)
        #expect(cache.value(for: 4) { "four" } == "four" && cache.count == 1)  // full: emptied, then kept
        #expect(cache.value(for: 1) { "again" } == "again")
        cache.removeAll()
        #expect(cache.count == 0)
    }

    @Test("an image size fits a pixel budget only when its product does, also where the product overflows")
    func pixelBudget() {
        #expect(PixelSize(width: 100, height: 100).fits(pixelCount: 10_000))
        #expect(!PixelSize(width: 101, height: 100).fits(pixelCount: 10_000))
        #expect(!PixelSize(width: 1 << 33, height: 1 << 33).fits(pixelCount: 10_000))  // 2^66 wraps to 0
        #expect(!PixelSize(width: 20_000, height: 0).fits(pixelCount: 10_000))  // a side past the budget
    }
}
