import CHarfBuzz

extension PunctuationSpacing {
    /// What a face's punctuation spacing is kept by: the face's ``FontFace/id`` and the language ("" for none).
    private struct Key: Hashable, Sendable {
        var face: Int
        var language: String
    }

    /// How `face` (of `registry`) can trim its fullwidth punctuation in `language`, or `nil` when it has no `halt`
    /// feature (then it is never trimmed, as in Chromium). Computed once per face and language and kept on the
    /// registry's ``FontRegistry/stageCaches``, bounded: languages come from requests.
    static func of(_ face: FontFace, language: String?, registry: FontRegistry) -> PunctuationSpacing? {
        let all = registry.stageCaches.cache {
            BoundedCache<Key, PunctuationSpacing?>("punctuation_spacings", limit: 1024)
        }
        return all.value(for: Key(face: face.id, language: language ?? "")) { measure(face, language: language) }
    }

    /// Measures `fontFace`'s punctuation glyphs shaped in `language`.
    private static func measure(_ fontFace: FontFace, language: String?) -> PunctuationSpacing? {
        let font = fontFace.font
        guard let face = hb_font_get_face(font) else { return nil }
        func hasFeature(_ tag: String) -> Bool {
            var count: UInt32 = 64
            var tags = [hb_tag_t](repeating: 0, count: 64)
            hb_ot_layout_table_get_feature_tags(face, OpenTypeTag("GPOS").rawValue, 0, &count, &tags)
            return tags.prefix(Int(count)).contains(OpenTypeTag(tag).rawValue)
        }
        guard hasFeature("halt") else { return nil }
        // Shaped as Han text in the language, so that `locl` picks the language's glyphs.
        let probes = PunctuationSpacing.probes
        let segment = SegmentProperties(isRightToLeft: false, script: ScriptTag(of: 0x4E00), language: language)
        let units = probes.withUnsafeBufferPointer { Shaper.shape($0, face: fontFace, features: .none, segment: segment) }
        guard units.count == probes.count, units.clusters == Array(0..<probes.count) else { return nil }
        let classes = (0..<units.count).map { i -> (PunctuationClass, Int32) in
            var extents = hb_glyph_extents_t()
            guard units.glyphIDs[i] != 0, hb_font_get_glyph_extents(font, units.glyphIDs[i], &extents) != 0 else {
                return (.other, units.xAdvances[i])
            }
            let left = Double(units.xOffsets[i] + extents.x_bearing)
            return (PunctuationSpacing.inkClass(left: left, right: left + Double(extents.width),
                                                advance: Double(units.xAdvances[i])), units.xAdvances[i])
        }
        /// One class for a group of glyphs with the same advance and class, else `other`.
        func groupClass(_ range: Range<Int>) -> PunctuationClass {
            let first = classes[range.lowerBound]
            return classes[range].allSatisfy { $0 == first } ? first.0 : .other
        }
        return PunctuationSpacing(hasContextualSpacing: hasFeature("chws"), dot: groupClass(0..<4),
                                  colon: classes[4].0, semicolon: classes[5].0,
                                  quotesAreFullwidth: groupClass(6..<8) == .open && groupClass(8..<10) == .close)
    }
}
