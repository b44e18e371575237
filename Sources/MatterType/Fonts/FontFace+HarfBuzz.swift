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
    /// Shaped words, for layout, one cache per feature set and segment properties.
    private let wordCaches = Locked<[WordCacheKey: WordCache]>([:])
    /// ``punctuationSpacing(language:)`` by language ("" for none), computed on first use.
    fileprivate let punctuationSpacings = Locked<[String: PunctuationSpacing?]>([:])
    /// Whether the face has color glyphs (CBDT/CBLC or sbix bitmaps, or COLR layers).
    let hasColorGlyphs: Bool
    /// Whether the cmap maps each ASCII code (0–127) to a glyph: layout's fast path for ASCII text.
    let asciiCoverage: [Bool]
    /// Whether every printable ASCII character (space to tilde) has a glyph: then ASCII text needs no fallback.
    let coversPrintableASCII: Bool
    /// A number no other face in this process has.
    let id = nextFaceID.add(1, ordering: .relaxed).newValue
    /// The FreeType face that rasterizes this face's glyphs, made on first use.
    let rasterFace = Locked<RasterFace?>(nil)

    /// The variation coordinates the face is drawn at, by axis tag (empty: the font's defaults).
    let variations: [String: Double]
    /// What the rasterizer synthesizes.
    let synthetic: SyntheticStyle
    /// Instances of this face at other coordinates or with synthesis, made on first use (empty on instances).
    private let instances = Locked<[InstanceKey: FontFace]>([:])

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
                hb_variation_t(tag: FontFace.tag(tag), value: Float(value))
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
        // CBDT/CBLC and sbix answer has_png; COLR answers has_layers (HarfBuzz 6 has no COLRv1 query).
        hasColorGlyphs = hb_ot_color_has_png(face) != 0 || hb_ot_color_has_layers(face) != 0
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
            strikeoutSize: max(os2.int16(at: 26) ?? upem / 20, 1))
    }

    deinit {
        hb_font_destroy(font)
    }

    /// What makes an instance: its coordinates and synthesis.
    private struct InstanceKey: Hashable, Sendable {
        var variations: [String: Double]
        var synthetic: SyntheticStyle
    }

    /// This face at `variations` with `synthetic` (this face itself when both are the defaults). Instances are
    /// kept (up to ``maximumKeptPerKind``), so caches keyed by face (words, glyph bitmaps) key on them too.
    func instance(variations: [String: Double], synthetic: SyntheticStyle) throws(FontRegistrationError) -> FontFace {
        guard !variations.isEmpty || synthetic != .none else { return self }
        let key = InstanceKey(variations: variations, synthetic: synthetic)
        if let known = instances.withLock({ $0[key] }) { return known }
        guard let face = hb_font_get_face(font) else {
            throw .unreadableFont(path: file.path, reason: "HarfBuzz lost face \(descriptor.faceIndex)")
        }
        let made = try FontFace(file: file, descriptor: descriptor, face: face, variations: variations,
                                synthetic: synthetic)
        return instances.withLock { instances in
            if let known = instances[key] { return known }
            // Coordinates come from requests: keep a bounded number (layouts in flight keep theirs alive).
            if instances.count >= FontFace.maximumKeptPerKind { instances.removeAll() }
            instances[key] = made
            return made
        }
    }

    /// The most instances, word caches and punctuation spacings a face keeps of each kind: their keys
    /// (coordinates, languages, features) come from requests, so each kind starts again empty when full.
    static let maximumKeptPerKind = 32

    /// A four-letter tag as HarfBuzz's number; spaces pad a shorter one.
    static func tag(_ text: String) -> hb_tag_t {
        let t = Array((text + "    ").utf8.prefix(4))
        return mattertype_hb_tag(CChar(bitPattern: t[0]), CChar(bitPattern: t[1]), CChar(bitPattern: t[2]),
                                 CChar(bitPattern: t[3]))
    }

    /// What a word cache is for: words shaped with these features and segment properties.
    struct WordCacheKey: Hashable, Sendable {
        var features: ShapingFeatures
        var segment: SegmentProperties
    }

    /// The cache of words shaped with `features` and `segment`.
    func wordCache(for features: ShapingFeatures, segment: SegmentProperties) -> WordCache {
        let key = WordCacheKey(features: features, segment: segment)
        return wordCaches.withLock { caches in
            if let cache = caches[key] { return cache }
            // Languages and features come from requests: keep a bounded number of caches.
            if caches.count >= FontFace.maximumKeptPerKind { caches.removeAll() }
            let cache = WordCache()
            caches[key] = cache
            return cache
        }
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
        let t = Array(tag.utf8)
        guard t.count == 4 else { return }
        let blob = hb_face_reference_table(face, mattertype_hb_tag(CChar(t[0]), CChar(t[1]), CChar(t[2]), CChar(t[3])))
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return }
        bytes = Array(UnsafeRawBufferPointer(start: data, count: Int(length)))
    }

    /// The signed 16-bit field at `offset`, or `nil` when the table is missing or too short.
    func int16(at offset: Int) -> Int? {
        guard offset + 2 <= bytes.count else { return nil }
        return Int(Int16(bitPattern: UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])))
    }
}

extension FontFace {
    /// How this face's fullwidth punctuation can be trimmed in `language`, or `nil` when it has no `halt`
    /// feature (then it is never trimmed, as in Chromium). Computed once per language.
    func punctuationSpacing(language: String?) -> PunctuationSpacing? {
        let key = language ?? ""
        if let known = punctuationSpacings.withLock({ $0[key] }) { return known }
        let spacing = computePunctuationSpacing(language: language)
        punctuationSpacings.withLock { spacings in
            if spacings.count >= FontFace.maximumKeptPerKind { spacings.removeAll() }
            spacings[key] = .some(spacing)
        }
        return spacing
    }

    private func computePunctuationSpacing(language: String?) -> PunctuationSpacing? {
        guard let face = hb_font_get_face(font) else { return nil }
        func hasFeature(_ tag: String) -> Bool {
            let t = Array(tag.utf8)
            let wanted = mattertype_hb_tag(CChar(t[0]), CChar(t[1]), CChar(t[2]), CChar(t[3]))
            var count: UInt32 = 64
            var tags = [hb_tag_t](repeating: 0, count: 64)
            hb_ot_layout_table_get_feature_tags(face, mattertype_hb_tag(71, 80, 79, 83), 0, &count, &tags)  // GPOS
            return tags.prefix(Int(count)).contains(wanted)
        }
        guard hasFeature("halt") else { return nil }
        // Shaped as Han text in the language, so that `locl` picks the language's glyphs.
        let probes = PunctuationSpacing.probes
        let segment = SegmentProperties(isRightToLeft: false, script: ScriptTag(of: 0x4E00), language: language)
        let units = probes.withUnsafeBufferPointer { Shaper.shape($0, face: self, features: .none, segment: segment) }
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
