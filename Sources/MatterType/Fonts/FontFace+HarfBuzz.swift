import CHarfBuzz
import Synchronization

/// Gives every `FontFace` a distinct id, so cache keys never confuse a face with one freed before it.
private let nextFaceID = Atomic<Int>(0)

/// A face ready to shape: a HarfBuzz font over the file's bytes, and the face's metrics.
///
/// The HarfBuzz face and font are made immutable after creation, so one `FontFace` is shared by every task;
/// its scale is the face's units per em, so shaping results are in font units and exact.
// @unchecked Sendable: `font` is an immutable hb_font_t (HarfBuzz allows sharing those between threads);
// the bytes it reads are kept alive by the blob's reference to `file`.
final class FontFace: @unchecked Sendable {
    /// What the face is.
    let descriptor: FontDescriptor
    /// The bytes the face reads.
    let file: FontFile
    /// Ascender, descender, decoration lines, units per em.
    let metrics: FontMetrics
    /// The immutable hb_font_t.
    let font: OpaquePointer
    /// Whether the face has color glyphs (CBDT/CBLC or sbix bitmaps, or COLR layers or paint graphs).
    let hasColorGlyphs: Bool
    /// Whether the face's color glyphs take palette colors (a COLR table, version 0 or 1): drawn differently for
    /// each palette and text color.
    let hasPaletteColors: Bool
    /// Whether the cmap maps each ASCII code (0–127) to a glyph: layout's fast path for ASCII text.
    let asciiCoverage: [Bool]
    /// Whether every printable ASCII character (space to tilde) has a glyph: then ASCII text needs no fallback.
    let coversPrintableASCII: Bool
    /// A number no other face in this process has.
    let id = nextFaceID.add(1, ordering: .relaxed).newValue
    /// The variation coordinates the face is drawn at, by axis tag (empty: the font's defaults).
    let variations: [String: Double]
    /// What the rasterizer synthesizes.
    let synthetic: SyntheticStyle
    /// A face over `file`'s face `descriptor.faceIndex`, at the font's default coordinates.
    convenience init(file: FontFile, descriptor: FontDescriptor) throws(FontRegistrationError) {
        guard let base = file.bytes.baseAddress, file.bytes.count <= Int(UInt32.max) else {
            throw .unreadableFont(path: file.path, reason: "the file is too large for HarfBuzz")
        }
        // The blob keeps `file` alive until HarfBuzz destroys it.
        let owner = Unmanaged.passRetained(file).toOpaque()
        let blob = hb_blob_create(base.assumingMemoryBound(to: CChar.self), UInt32(file.bytes.count),
                                  HB_MEMORY_MODE_READONLY, owner) { owner in
            if let owner { Unmanaged<FontFile>.fromOpaque(owner).release() }
        }
        defer { hb_blob_destroy(blob) }
        guard let face = hb_face_create(blob, UInt32(descriptor.faceIndex)) else {
            throw .unreadableFont(path: file.path, reason: "HarfBuzz cannot open face \(descriptor.faceIndex)")
        }
        defer { hb_face_destroy(face) }
        hb_face_make_immutable(face)
        try self.init(file: file, descriptor: descriptor, face: face, variations: [:], synthetic: .none)
    }

    /// A face over the HarfBuzz face `face` at `variations`, synthesizing `synthetic`.
    private init(file: FontFile, descriptor: FontDescriptor, face: OpaquePointer, variations: [String: Double],
                 synthetic: SyntheticStyle) throws(FontRegistrationError) {
        let upem = Int(hb_face_get_upem(face))
        guard upem >= 16, upem <= 16384, let font = hb_font_create(face), hb_font_get_empty() != font else {
            throw .unreadableFont(path: file.path, reason: "head.unitsPerEm is \(upem), outside 16…16384")
        }
        hb_font_set_scale(font, Int32(upem), Int32(upem))
        if !variations.isEmpty {
            let settings = variations.sorted { $0.key < $1.key }.map { tag, value in
                hb_variation_t(tag: OpenTypeTag(tag).rawValue, value: Float(value))
            }
            hb_font_set_variations(font, settings, UInt32(settings.count))
        }
        hb_font_make_immutable(font)
        self.font = font
        self.variations = variations
        self.synthetic = synthetic
        asciiCoverage = (0..<128).map { code in
            var glyph: hb_codepoint_t = 0
            return hb_font_get_nominal_glyph(font, UInt32(code), &glyph) != 0
        }
        coversPrintableASCII = asciiCoverage[0x20...0x7E].allSatisfy { $0 }
        // CBDT/CBLC and sbix answer has_png; COLRv0 answers has_layers; HarfBuzz 6 has no COLRv1 query, so
        // any COLR table counts.
        let colr = hb_face_reference_table(face, OpenTypeTag("COLR").rawValue)
        hasPaletteColors = hb_blob_get_length(colr) > 0
        hb_blob_destroy(colr)
        hasColorGlyphs = hb_ot_color_has_png(face) != 0 || hb_ot_color_has_layers(face) != 0 || hasPaletteColors
        self.file = file
        self.descriptor = descriptor
        let hhea = TableReader(face: face, tag: "hhea")
        let post = TableReader(face: face, tag: "post")
        let os2 = TableReader(face: face, tag: "OS/2")
        let ascender = hhea.int16(at: 4) ?? Int(Double(upem) * 0.8)
        let descender = hhea.int16(at: 6) ?? -Int(Double(upem) * 0.2)
        metrics = FontMetrics(
            unitsPerEm: upem, ascender: ascender, descender: descender, lineGap: hhea.int16(at: 8) ?? 0,
            underlinePosition: post.int16(at: 8) ?? -upem / 10,
            underlineThickness: max(post.int16(at: 10) ?? upem / 20, 1),
            strikeoutPosition: os2.int16(at: 28) ?? (ascender / 3),
            strikeoutSize: max(os2.int16(at: 26) ?? upem / 20, 1),
            capHeight: FontFace.height(of: HB_OT_METRICS_TAG_CAP_HEIGHT, orTopOf: 0x48, in: font)
                ?? Int(Double(upem) * 0.7),
            xHeight: FontFace.height(of: HB_OT_METRICS_TAG_X_HEIGHT, orTopOf: 0x78, in: font)
                ?? Int(Double(upem) * 0.5),
            typoAscender: os2.int16(at: 68) ?? ascender, typoDescender: os2.int16(at: 70) ?? descender)
    }

    /// A height from OS/2 (`tag`: cap or x height, with the instance's MVAR deltas), else the top of the glyph for
    /// `scalar` ("H" or "x"), in font units; `nil` when neither gives a height above 0.
    private static func height(of tag: hb_ot_metrics_tag_t, orTopOf scalar: UInt32, in font: OpaquePointer) -> Int? {
        var position: hb_position_t = 0
        if hb_ot_metrics_get_position(font, tag, &position) != 0, position > 0 { return Int(position) }
        var glyph: hb_codepoint_t = 0
        var extents = hb_glyph_extents_t()
        guard hb_font_get_nominal_glyph(font, scalar, &glyph) != 0, hb_font_get_glyph_extents(font, glyph, &extents) != 0,
              extents.y_bearing > 0 else { return nil }
        return Int(extents.y_bearing)
    }

    deinit {
        hb_font_destroy(font)
    }

    /// This face at `variations` with `synthetic` (this face itself when both are the defaults): a new face over
    /// the same HarfBuzz face. ``FontRegistry`` keeps the instances it makes (its `instances` cache), so that caches
    /// keyed by face identity (words, glyph bitmaps) find them again.
    func makeInstance(variations: [String: Double], synthetic: SyntheticStyle) throws(FontRegistrationError)
        -> FontFace {
        guard !variations.isEmpty || synthetic != .none else { return self }
        guard let face = hb_font_get_face(font) else {
            throw .unreadableFont(path: file.path, reason: "HarfBuzz lost face \(descriptor.faceIndex)")
        }
        return try FontFace(file: file, descriptor: descriptor, face: face, variations: variations,
                            synthetic: synthetic)
    }

    /// Whether the face has a glyph for `scalar` in its cmap.
    func hasGlyph(for scalar: UInt32) -> Bool {
        if scalar < 0x80 { return asciiCoverage[Int(scalar)] }
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar, &glyph) != 0
    }

    /// The glyph the cmap maps `scalar` to, or `nil`.
    func glyph(for scalar: UInt32) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar, &glyph) != 0 ? glyph : nil
    }

    /// The box `glyph`'s outline (or color bitmap) covers, in font units, y up: left, bottom, right, top; `nil`
    /// for a glyph that draws nothing (a space). The corresponding HarfBuzz call is hb_font_get_glyph_extents.
    func inkExtents(of glyph: UInt32) -> (left: Double, bottom: Double, right: Double, top: Double)? {
        var extents = hb_glyph_extents_t()
        guard hb_font_get_glyph_extents(font, glyph, &extents) != 0, extents.width != 0, extents.height != 0 else {
            return nil
        }
        let left = Double(extents.x_bearing), top = Double(extents.y_bearing)
        let right = left + Double(extents.width), bottom = top + Double(extents.height)  // height is negative
        return (min(left, right), min(bottom, top), max(left, right), max(bottom, top))
    }

    /// The face's horizontal advance of `glyph`, in font units.
    func advance(of glyph: UInt32) -> Int32 {
        hb_font_get_glyph_h_advance(font, glyph)
    }
}

/// Big-endian fields of one OpenType table, read through HarfBuzz.
private struct TableReader {
    private var bytes: [UInt8] = []

    init(face: OpaquePointer, tag: String) {
        let blob = hb_face_reference_table(face, OpenTypeTag(tag).rawValue)
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return }
        bytes = Array(UnsafeRawBufferPointer(start: data, count: Int(length)))
    }

    /// The signed 16-bit field at `offset`, or `nil` when the table is missing or too short.
    func int16(at offset: Int) -> Int? { bytes.int16(at: offset) }
}
