import CHarfBuzz

extension PunctuationSpacing {
    /// What a face's punctuation spacing is kept by: the face's ``FontFace/id``, the language ("" for none) and
    /// the direction.
    private struct Key: Hashable, Sendable {
        var face: Int
        var language: String
        var isVertical: Bool
    }

    /// The feature that sets punctuation at half width: `halt` in a row, `vhal` in a column.
    static func halfWidthFeature(isVertical: Bool) -> String { isVertical ? "vhal" : "halt" }

    /// The feature that trims adjacent punctuation itself: `chws` in a row, `vchw` in a column.
    static func contextualFeature(isVertical: Bool) -> String { isVertical ? "vchw" : "chws" }

    /// How `face` (of `registry`) can trim its fullwidth punctuation in `language`, in a row or (`isVertical`) a
    /// column, or `nil` when it has no `halt` (`vhal`) feature (then it is never trimmed, as in Chromium).
    /// Computed once per face, language and direction and kept on the registry's ``FontRegistry/stageCaches``,
    /// bounded: languages come from requests.
    static func of(_ face: FontFace, language: String?, isVertical: Bool = false,
                   registry: FontRegistry) -> PunctuationSpacing? {
        let all = registry.stageCaches.cache {
            BoundedCache<Key, PunctuationSpacing?>("punctuation_spacings", limit: 1024)
        }
        return all.value(for: Key(face: face.id, language: language ?? "", isVertical: isVertical)) {
            measure(face, language: language, isVertical: isVertical)
        }
    }

    /// Measures `fontFace`'s punctuation glyphs shaped in `language`, along a row or a column: a glyph's ink
    /// from its start to its end along the line (in a column, from its top down).
    private static func measure(_ fontFace: FontFace, language: String?, isVertical: Bool) -> PunctuationSpacing? {
        let font = fontFace.font
        guard let face = hb_font_get_face(font) else { return nil }
        // Every feature record of GPOS: Noto Sans CJK has more than 64 (a record per language system), `vhal`
        // past the first 64.
        let table = OpenTypeTag("GPOS").rawValue
        let total = hb_ot_layout_table_get_feature_tags(face, table, 0, nil, nil)
        var count = total
        var tags = [hb_tag_t](repeating: 0, count: Int(total))
        hb_ot_layout_table_get_feature_tags(face, table, 0, &count, &tags)
        let features = Set(tags.prefix(Int(count)))
        func hasFeature(_ tag: String) -> Bool { features.contains(OpenTypeTag(tag).rawValue) }
        guard hasFeature(halfWidthFeature(isVertical: isVertical)) else { return nil }
        // Shaped as Han text in the language, so that `locl` picks the language's glyphs.
        let probes = PunctuationSpacing.probes
        let segment = SegmentProperties(isRightToLeft: false, script: ScriptTag(of: 0x4E00), language: language,
                                        isVertical: isVertical)
        let units = probes.withUnsafeBufferPointer { Shaper.shape($0, face: fontFace, features: .none, segment: segment) }
        guard units.count == probes.count, units.clusters == Array(0..<probes.count) else { return nil }
        let classes = (0..<units.count).map { i -> (PunctuationClass, Int32) in
            var extents = hb_glyph_extents_t()
            guard units.glyphIDs[i] != 0, hb_font_get_glyph_extents(font, units.glyphIDs[i], &extents) != 0 else {
                return (.other, units.advance(i))
            }
            // Along the line from the glyph's pen position: in a column, down from the top (y points up).
            let start = isVertical ? -Double(units.yOffsets[i] + extents.y_bearing)
                : Double(units.xOffsets[i] + extents.x_bearing)
            let length = isVertical ? -Double(extents.height) : Double(extents.width)
            return (PunctuationSpacing.inkClass(left: start, right: start + length, advance: Double(units.advance(i))),
                    units.advance(i))
        }
        /// One class for a group of glyphs with the same advance and class, else `other`.
        func groupClass(_ range: Range<Int>) -> PunctuationClass {
            let first = classes[range.lowerBound]
            return classes[range].allSatisfy { $0 == first } ? first.0 : .other
        }
        return PunctuationSpacing(hasContextualSpacing: hasFeature(contextualFeature(isVertical: isVertical)),
                                  dot: groupClass(0..<4),
                                  colon: classes[4].0, semicolon: classes[5].0,
                                  quotesAreFullwidth: groupClass(6..<8) == .open && groupClass(8..<10) == .close)
    }
}
