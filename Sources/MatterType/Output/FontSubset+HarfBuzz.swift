import CHarfBuzz
import Foundation

/// A face cut down to the glyphs a PDF shows, by HarfBuzz's subsetter (libharfbuzz-subset): hinting dropped, a
/// variable font instanced at the face's coordinates (every axis pinned), glyphs renumbered from 0 (.notdef kept).
struct FontSubset {
    /// The subset font file: TrueType outlines (`glyf`) or CFF in an OpenType wrapper.
    let data: Data
    /// Whether the outlines are CFF (embedded as FontFile3/OpenType) rather than TrueType (FontFile2).
    let isCFF: Bool
    /// Each shown glyph's index in the subset.
    let newGlyphs: [UInt32: UInt32]
    /// Each shown glyph's advance, in thousandths of an em (a PDF font's widths), at the face's coordinates.
    let widths: [UInt32: Double]

    /// The subset of `face` holding `glyphs`.
    /// - Throws: ``RenderError/pdfEncodingFailed(reason:)`` naming the font when HarfBuzz cannot subset it.
    init(of face: FontFace, glyphs: Set<UInt32>) throws(RenderError) {
        let name = face.descriptor.postScriptName
        guard let hbFace = hb_font_get_face(face.font), let input = hb_subset_input_create_or_fail() else {
            throw .pdfEncodingFailed(reason: "\(name): HarfBuzz could not start a subset (out of memory)")
        }
        defer { hb_subset_input_destroy(input) }
        let set = hb_subset_input_glyph_set(input)
        for glyph in glyphs { hb_set_add(set, glyph) }
        hb_subset_input_set_flags(input, HB_SUBSET_FLAGS_NO_HINTING.rawValue)
        for axis in face.descriptor.axes {
            let value = face.variations[axis.tag] ?? axis.defaultValue
            hb_subset_input_pin_axis_location(input, hbFace, OpenTypeTag(axis.tag).rawValue, Float(value))
        }
        guard let plan = hb_subset_plan_create_or_fail(hbFace, input) else {
            throw .pdfEncodingFailed(reason: "\(name): HarfBuzz cannot subset this font")
        }
        defer { hb_subset_plan_destroy(plan) }
        var mapping: [UInt32: UInt32] = [:]
        let map = hb_subset_plan_old_to_new_glyph_mapping(plan)
        for glyph in glyphs {
            let new = hb_map_get(map, glyph)
            if new != UInt32.max { mapping[glyph] = new }  // else HB_MAP_VALUE_INVALID
        }
        guard let subset = hb_subset_plan_execute_or_fail(plan) else {
            throw .pdfEncodingFailed(reason: "\(name): HarfBuzz could not subset this font")
        }
        defer { hb_face_destroy(subset) }
        let blob = hb_face_reference_blob(subset)
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let bytes = hb_blob_get_data(blob, &length), length > 0 else {
            throw .pdfEncodingFailed(reason: "\(name): HarfBuzz made an empty subset")
        }
        data = Data(bytes: bytes, count: Int(length))
        isCFF = hb_face_reference_table(subset, OpenTypeTag("CFF ").rawValue).map { table in
            defer { hb_blob_destroy(table) }
            return hb_blob_get_length(table) > 0
        } ?? false
        newGlyphs = mapping
        let perThousand = 1000 / Double(face.metrics.unitsPerEm)
        widths = Dictionary(uniqueKeysWithValues: glyphs.map { glyph in
            (glyph, Double(hb_font_get_glyph_h_advance(face.font, glyph)) * perThousand)
        })
    }
}
