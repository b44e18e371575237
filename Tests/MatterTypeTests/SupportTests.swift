@testable import MatterType
import Testing

/// The Support folder's tools: OpenType tags and the bounded caches every stage keeps.
@Suite("Support: OpenType tags and bounded caches")
struct SupportTests {
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
        let cache = BoundedCache<Int, String>(limit: 3)
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
