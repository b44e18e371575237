import CHarfBuzz

/// Glyphs from one HarfBuzz shaping call, in font units; clusters are Unicode scalar indices into the shaped
/// text (as `hb-shape` prints them).
struct ShapedUnits: Sendable {
    var glyphIDs: [UInt32] = []
    var clusters: [Int] = []
    var xAdvances: [Int32] = []
    var yAdvances: [Int32] = []
    var xOffsets: [Int32] = []
    var yOffsets: [Int32] = []
    /// Whether HarfBuzz shaped right to left (glyphs then come in visual order, clusters descending).
    var isRightToLeft = false
    /// Whether HarfBuzz shaped top to bottom: each glyph's advance is its negated y advance, and its offsets
    /// lead from its vertical origin (top centre) to its horizontal one.
    var isVertical = false

    /// Glyph `index`'s advance along the line: its x advance, or in a vertical line its y advance negated
    /// (HarfBuzz's y axis points up).
    func advance(_ index: Int) -> Int32 {
        isVertical ? -yAdvances[index] : xAdvances[index]
    }

    var count: Int { glyphIDs.count }
}

/// The languages whose HarfBuzz shape plans are cached on the faces (by `hb_shape`): the first 64 a process
/// shapes with (besides none). Plans for others are made per call, so requests naming ever new languages do not
/// grow every face's plan list for ever. One for the process (on ``CacheShelf/process``): it bounds what HarfBuzz
/// keeps on every face of every registry.
final class ShapePlanLanguages: ShelvedCache {
    static let shared = CacheShelf.process.cache { ShapePlanLanguages() }
    /// The most languages cached.
    static let limit = 64
    private let languages = Locked<Set<String>>([])

    /// How many languages have cached plans, of ``limit``.
    var size: CacheSize {
        CacheSize(name: "shape_plan_languages", entries: languages.withLock { $0.count }, limit: ShapePlanLanguages.limit)
    }

    /// Keeps the languages counted: the plans HarfBuzz made for them stay on the faces, so forgetting them
    /// would let requests grow the faces' plan lists past the bound.
    func removeAll() {}

    /// Whether shaping in `language` may use (and add to) the faces' cached plans.
    func isCached(_ language: String?) -> Bool {
        guard let language else { return true }
        return languages.withLock { set in
            if set.contains(language) { return true }
            guard set.count < ShapePlanLanguages.limit else { return false }
            set.insert(language)
            return true
        }
    }
}

/// An hb_buffer_t owned by one shaping call.
private struct HarfBuzzBuffer: ~Copyable {
    let handle: OpaquePointer

    init?() {
        guard let handle = hb_buffer_create(), hb_buffer_allocation_successful(handle) != 0 else { return nil }
        self.handle = handle
    }

    deinit { hb_buffer_destroy(handle) }
}

enum Shaper {
    /// Shapes `scalars` with `face` and `features`, kerning and HarfBuzz's default features on. With
    /// `segment`, the buffer's direction, script and language are set from it (as layout does for each run);
    /// without, HarfBuzz guesses them from the text, as `hb-shape` does.
    static func shape(_ scalars: UnsafeBufferPointer<UInt32>, face: FontFace, features: ShapingFeatures,
                      segment: SegmentProperties? = nil) -> ShapedUnits {
        guard !scalars.isEmpty, scalars.count < Int(Int32.max), let buffer = HarfBuzzBuffer() else {
            return ShapedUnits()
        }
        hb_buffer_add_utf32(buffer.handle, scalars.baseAddress, Int32(scalars.count), 0, Int32(scalars.count))
        if let segment {
            hb_buffer_set_direction(buffer.handle, segment.isVertical ? HB_DIRECTION_TTB
                                        : segment.isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
            hb_buffer_set_script(buffer.handle, hb_script_t(rawValue: segment.script.rawValue))
            if let language = segment.language {
                hb_buffer_set_language(buffer.handle, hb_language_from_string(language, -1))
            }
        }
        hb_buffer_guess_segment_properties(buffer.handle)  // fills in only what is still unset
        if !features.insertsDottedCircle {
            hb_buffer_set_flags(buffer.handle, hb_buffer_flags_t(rawValue: hb_buffer_get_flags(buffer.handle).rawValue
                                    | HB_BUFFER_FLAG_DO_NOT_INSERT_DOTTED_CIRCLE.rawValue))
        }
        let hbFeatures = features.settings.map {
            hb_feature_t(tag: $0.tag, value: $0.value, start: $0.start, end: $0.end)
        }
        if ShapePlanLanguages.shared.isCached(segment?.language) {
            hbFeatures.withUnsafeBufferPointer {
                hb_shape(face.font, buffer.handle, $0.baseAddress, UInt32($0.count))
            }
        } else {
            // hb_shape keeps a plan per language on the face for ever; a language past the cached ones (request
            // data: one a request would grow the process) gets a plan of its own, made and freed here.
            var properties = hb_segment_properties_t()
            hb_buffer_get_segment_properties(buffer.handle, &properties)
            var coordinateCount: UInt32 = 0
            let coordinates = hb_font_get_var_coords_normalized(face.font, &coordinateCount)
            hbFeatures.withUnsafeBufferPointer { features in
                guard let hbFace = hb_font_get_face(face.font),
                      let plan = hb_shape_plan_create2(hbFace, &properties, features.baseAddress,
                                                       UInt32(features.count), coordinates, coordinateCount, nil)
                else { return }
                defer { hb_shape_plan_destroy(plan) }
                hb_shape_plan_execute(plan, face.font, buffer.handle, features.baseAddress, UInt32(features.count))
            }
        }
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer.handle, &count),
              let positions = hb_buffer_get_glyph_positions(buffer.handle, nil) else { return ShapedUnits() }
        let n = Int(count)
        var result = ShapedUnits()
        result.isRightToLeft = hb_buffer_get_direction(buffer.handle) == HB_DIRECTION_RTL
        result.isVertical = hb_buffer_get_direction(buffer.handle) == HB_DIRECTION_TTB
        result.glyphIDs.reserveCapacity(n)
        result.clusters.reserveCapacity(n)
        result.xAdvances.reserveCapacity(n)
        result.yAdvances.reserveCapacity(n)
        result.xOffsets.reserveCapacity(n)
        result.yOffsets.reserveCapacity(n)
        for index in 0..<n {
            result.glyphIDs.append(infos[index].codepoint)
            result.clusters.append(Int(infos[index].cluster))
            result.xAdvances.append(positions[index].x_advance)
            result.yAdvances.append(positions[index].y_advance)
            result.xOffsets.append(positions[index].x_offset)
            result.yOffsets.append(positions[index].y_offset)
        }
        return result
    }
}
