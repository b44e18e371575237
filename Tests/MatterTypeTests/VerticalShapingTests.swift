import Testing
@testable import MatterType
import MatterTypeICU

/// The ground vertical text stands on: which characters stand upright in a vertical line, and HarfBuzz's
/// top-to-bottom shaping of the ones that do.
@Suite("Vertical text: orientation and top-to-bottom shaping")
struct VerticalShapingTests {
    /// Values from Unicode's VerticalOrientation.txt (UAX #50): Latin letters and digits R, Han and kana U, the
    /// ideographic comma and full stop and small kana Tu, corner brackets, the long vowel mark and fullwidth
    /// parentheses Tr. `text-orientation: mixed` sets all but R upright.
    @Test("UAX #50 orientations, and which mixed sets upright")
    func orientations() {
        let expected: [(UInt32, VerticalOrientation)] = [
            (0x41, .rotated), (0x31, .rotated), (0x3042, .upright), (0x6F22, .upright), (0x3001, .transformedUpright),
            (0x3002, .transformedUpright), (0x3063, .transformedUpright), (0x300C, .transformedRotated),
            (0x300D, .transformedRotated), (0x30FC, .transformedRotated), (0xFF08, .transformedRotated),
        ]
        for (scalar, orientation) in expected {
            #expect(VerticalOrientation(scalar) == orientation, "U+\(String(scalar, radix: 16, uppercase: true))")
            #expect(VerticalOrientation(scalar).isUprightWhenMixed == (orientation != .rotated))
        }
    }

    /// `hb-shape --direction=ttb --font-file=/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc "東京「は」。"`
    /// (face 0, Noto Sans CJK JP; HarfBuzz 6.0, Debian 12):
    /// `[gid20856=0@-500,-880+0,-1000|gid9721=1@-500,-880+0,-1000|gid59006=2@-500,-880+0,-1000|
    /// gid65203=3@-500,-880+0,-1000|gid59007=4@-500,-880+0,-1000|gid58981=5@-500,-880+0,-1000]` — the brackets and
    /// full stop become their vertical forms (`vert`), every advance is the em down the column (`vmtx`), and each
    /// glyph's offsets lead from its vertical origin to its horizontal one. "Ab" shaped so (upright):
    /// `[gid34=0@-304,-880+0,-1000|gid67=1@-309,-880+0,-1000]`.
    @Test("Top-to-bottom shaping is hb-shape's, advances down the column")
    func topToBottom() throws {
        let registry = try SystemFonts.registry(SystemFonts.notoSansCJK)
        let typography = try TypographyLayout(typography: Typography(family: "Noto Sans CJK JP", fontWeight: .regular,
                                                                     fontSize: 16, lineHeight: 24),
                                              registry: registry)
        let face = typography.shaping.face
        func shaped(_ text: String) -> ShapedUnits {
            let scalars = text.unicodeScalars.map(\.value)
            return scalars.withUnsafeBufferPointer { buffer in
                Shaper.shape(buffer, face: face, features: .none,
                             segment: SegmentProperties(isRightToLeft: false, script: ScriptTag(of: scalars[0]),
                                                        language: nil, isVertical: true))
            }
        }
        let japanese = shaped("東京「は」。")
        #expect(japanese.isVertical)
        #expect(japanese.glyphIDs == [20856, 9721, 59006, 65203, 59007, 58981])
        #expect((0..<japanese.count).map(japanese.advance) == Array(repeating: 1000, count: 6))
        #expect(japanese.xOffsets == Array(repeating: -500, count: 6))
        #expect(japanese.yOffsets == Array(repeating: -880, count: 6))
        let latin = shaped("Ab")
        #expect(latin.glyphIDs == [34, 67])
        #expect((0..<latin.count).map(latin.advance) == [1000, 1000])
        #expect(latin.xOffsets == [-304, -309])
    }
}
