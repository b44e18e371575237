import CFontconfig
import CFreeType
import Foundation

/// The process's Fontconfig configuration: the system's fonts and rules, loaded once.
///
/// Every Fontconfig call in MatterType runs inside `withConfig`, one at a time. MatterType keeps this
/// configuration for the life of the process: it never calls `FcFini` and never uses Fontconfig's global
/// current configuration.
final class FontconfigContext: Sendable {
    /// The one context shared by the process.
    static let shared = FontconfigContext()

    /// The FcConfig (the system's, or an empty one when the system configuration cannot be loaded), used only
    /// while holding this lock: it serializes every Fontconfig call MatterType makes.
    // nonisolated(unsafe): the FcConfig (a C pointer) is used only inside `withConfig`, under this lock.
    nonisolated(unsafe) private let config: Locked<OpaquePointer?>

    private init() {
        config = Locked(FcInitLoadConfigAndFonts() ?? FcConfigCreate())
    }

    /// Runs `body` with the configuration while no other thread uses Fontconfig.
    func withConfig<T: Sendable>(_ body: (OpaquePointer?) -> T) -> T {
        config.withLock { body($0) }
    }
}

/// A face Fontconfig matched, as its pattern describes it.
struct MatchedFace: Sendable, Hashable {
    /// The descriptor built from the pattern's PostScript name, families, style, weight, slant, file and index.
    var descriptor: FontDescriptor
    /// Every family name the face answers to (Noto Sans Thin answers to "Noto Sans" and "Noto Sans Thin").
    var familyNames: [String]
}

/// Fontconfig matching for one registry: its registered faces first, then (optionally) the system's.
// @unchecked Sendable: `patterns`, `registeredSet` and `fallbackSorts` are read and written only inside
// `FontconfigContext.shared.withConfig`, which serializes every access.
final class FontMatcher: @unchecked Sendable {
    /// Whether matches may return system fonts.
    let includesSystemFonts: Bool
    /// The Fontconfig pattern of each registered face, by PostScript name.
    private var patterns: [String: OpaquePointer] = [:]
    /// A font set holding `patterns`, rebuilt after each change; `nil` when nothing is registered.
    private var registeredSet: UnsafeMutablePointer<FcFontSet>?
    /// Fallback orders already sorted, each with the union of its fonts' charsets (a character outside it is in
    /// no font: answered at once instead of by walking every font), dropped when the registered fonts change.
    /// Keyed by request data (language, weight, style), so at most ``maximumFallbackSorts`` are kept, the oldest
    /// dropped first.
    private var fallbackSorts: [FallbackRequest: SortedFallbacks] = [:]
    /// The keys of ``fallbackSorts``, oldest first.
    private var fallbackSortOrder: [FallbackRequest] = []
    /// The most fallback orders kept (each is a sorted list of every installed font).
    static let maximumFallbackSorts = 32

    /// A sorted font set and the union of its charsets, owned by the matcher.
    private struct SortedFallbacks {
        let fonts: UnsafeMutablePointer<FcFontSet>
        let coverage: OpaquePointer?

        /// Frees both. Call only inside `withConfig`.
        func destroy() {
            FcFontSetDestroy(fonts)
            if let coverage { FcCharSetDestroy(coverage) }
        }
    }
    /// Every installed face (named instances of variable fonts left out), by ``familyKey(_:)`` of each family
    /// name it answers to; listed on first use.
    private var systemFamilies: [String: [FontDescriptor]]?
    /// The system sans-serif family for each weight (× 2 for italic), looked up once: Fontconfig matches over
    /// every installed font, far too slow to repeat for each family a request names that is not installed.
    /// At most 2,000 entries (weights 1…1000 × 2 styles).
    private var sansSerifFamilies: [Int: String?] = [:]
    /// The installed family each Fontconfig generic name (`serif`, `monospace`, `emoji`, …) answers, looked up once.
    private var genericFamilies: [String: String?] = [:]

    init(includesSystemFonts: Bool) {
        self.includesSystemFonts = includesSystemFonts
    }

    deinit {
        // Nothing registered: no need to load Fontconfig just to free nothing.
        guard registeredSet != nil || !patterns.isEmpty || !fallbackSorts.isEmpty else { return }
        FontconfigContext.shared.withConfig { _ in
            for sorted in fallbackSorts.values { sorted.destroy() }
            if let registeredSet { FcFontSetDestroy(registeredSet) }
            for pattern in patterns.values { FcPatternDestroy(pattern) }
        }
    }

    /// Makes `added` matchable and forgets `removed` (by PostScript name).
    func update(adding added: [FontFace], removing removed: [String]) {
        FontconfigContext.shared.withConfig { _ in
            for name in removed {
                if let old = patterns.removeValue(forKey: name) { FcPatternDestroy(old) }
            }
            for face in added {
                let descriptor = face.descriptor
                if let old = patterns.removeValue(forKey: descriptor.postScriptName) { FcPatternDestroy(old) }
                if let pattern = FontMatcher.pattern(of: face) { patterns[descriptor.postScriptName] = pattern }
            }
            forgetFallbackOrders()
            if let registeredSet { FcFontSetDestroy(registeredSet) }
            registeredSet = nil
            guard !patterns.isEmpty, let set = FcFontSetCreate() else { return }
            for name in patterns.keys.sorted() {
                guard let pattern = patterns[name] else { continue }
                FcPatternReference(pattern)
                if FcFontSetAdd(set, pattern) == 0 { FcPatternDestroy(pattern) }
            }
            registeredSet = set
        }
    }

    /// Fontconfig's pattern of a face, queried from the bytes in memory (a font registered from memory or a
    /// decompressed WOFF has no file Fontconfig could read), named by the descriptor's path.
    /// Call only inside `withConfig`.
    private static func pattern(of face: FontFace) -> OpaquePointer? {
        let descriptor = face.descriptor
        return try? FreeTypeLibrary.shared.withLibrary { (library) throws(FreeTypeError) -> Query in
            let ftFace = try face.file.openFace(library: library, index: descriptor.faceIndex)
            defer { FT_Done_Face(ftFace) }
            return Query(pattern: FcFreeTypeQueryFace(ftFace, descriptor.path, UInt32(descriptor.faceIndex), nil))
        }.pattern
    }

    /// A pattern handed out of the FreeType lock to the Fontconfig lock's holder.
    // @unchecked Sendable: the pattern is new and owned by the one caller.
    private struct Query: @unchecked Sendable {
        let pattern: OpaquePointer?
    }

    /// The best face for a family, weight and slant among the registered and (if included) system fonts.
    /// Fontconfig always answers with something; the caller checks whether it is what was asked for.
    func bestMatch(family: String, weight: FontWeight, style: FontStyle,
                   includeRegistered: Bool = true) -> MatchedFace? {
        FontconfigContext.shared.withConfig { config in
            var sets: [UnsafeMutablePointer<FcFontSet>?] = []
            if includeRegistered, let registeredSet { sets.append(registeredSet) }
            if includesSystemFonts, let system = FcConfigGetFonts(config, FcSetSystem) { sets.append(system) }
            guard !sets.isEmpty, let pattern = FcPatternCreate() else { return nil }
            defer { FcPatternDestroy(pattern) }
            FcPatternAddString(pattern, FC_FAMILY, family)
            FcPatternAddDouble(pattern, FC_WEIGHT, FcWeightFromOpenTypeDouble(Double(weight.rawValue)))
            FcPatternAddInteger(pattern, FC_SLANT, style == .italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
            FcPatternAddInteger(pattern, FC_WIDTH, FC_WIDTH_NORMAL)
            FcConfigSubstitute(config, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultNoMatch
            guard let match = FcFontSetMatch(config, &sets, Int32(sets.count), pattern, &result) else { return nil }
            defer { FcPatternDestroy(match) }
            return matchedFace(match)
        }
    }

    /// Frees the fallback orders kept. Call only inside `withConfig`.
    private func forgetFallbackOrders() {
        for sorted in fallbackSorts.values { sorted.destroy() }
        fallbackSorts.removeAll()
        fallbackSortOrder.removeAll()
    }

    /// Frees the fallback orders kept (they are sorted again when next asked for).
    func removeFallbackOrders() {
        FontconfigContext.shared.withConfig { _ in forgetFallbackOrders() }
    }

    /// How many fallback orders are kept now.
    var fallbackOrderCount: Int { FontconfigContext.shared.withConfig { _ in fallbackSorts.count } }

    /// The family Fontconfig answers for `sans-serif` at `weight` and `style` among the system's fonts (not the
    /// registered ones), or `nil` when there is none or system fonts are not used. Kept once looked up.
    func systemSansSerifFamily(weight: FontWeight, style: FontStyle) -> String? {
        guard includesSystemFonts else { return nil }
        let key = weight.rawValue * 2 + (style == .italic ? 1 : 0)
        if let known = FontconfigContext.shared.withConfig({ _ in sansSerifFamilies[key] }) { return known }
        let family = bestMatch(family: "sans-serif", weight: weight, style: style, includeRegistered: false)?
            .familyNames.first
        FontconfigContext.shared.withConfig { _ in sansSerifFamilies[key] = .some(family) }
        return family
    }

    /// The installed family Fontconfig answers for the generic family `generic` (`serif`, `monospace`, `cursive`,
    /// `fantasy`, `emoji`, `math`, …), as browsers on Linux ask it; `nil` when system fonts are not used or no
    /// installed font answers. Kept once looked up.
    func systemFamily(generic: String) -> String? {
        guard includesSystemFonts else { return nil }
        if let known = FontconfigContext.shared.withConfig({ _ in genericFamilies[generic] }) { return known }
        let family = bestMatch(family: generic, weight: .regular, style: .regular, includeRegistered: false)?
            .familyNames.first
        FontconfigContext.shared.withConfig { _ in genericFamilies[generic] = .some(family) }
        return family
    }

    /// The first face in Fontconfig's fallback order for `request` whose charset holds every one of `scalars`.
    ///
    /// Fontconfig ranks charset coverage above family, language and style, so the first covering face of a sort
    /// without a charset is the first face of a sort for those characters (what Chromium asks for each
    /// character): the sort runs once per request and is kept until the registered fonts change.
    func fallback(covering scalars: [UInt32], request: FallbackRequest) -> MatchedFace? {
        FontconfigContext.shared.withConfig { config in
            guard let sorted = sortedFallbacks(request, config: config) else { return nil }
            // A character no font has (an unassigned or private-use code point) is answered without a walk.
            if let coverage = sorted.coverage, !scalars.allSatisfy({ FcCharSetHasChar(coverage, $0) != 0 }) {
                return nil
            }
            let fonts = UnsafeBufferPointer(start: sorted.fonts.pointee.fonts, count: Int(sorted.fonts.pointee.nfont))
            for case let font? in fonts {
                var charset: OpaquePointer?
                guard FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset,
                      scalars.allSatisfy({ FcCharSetHasChar(charset, $0) != 0 }) else { continue }
                return matchedFace(font)
            }
            return nil
        }
    }

    /// The registered and system fonts sorted for `request` (FcFontSetSort, untrimmed) with their charsets'
    /// union, made on first use. Call only inside `withConfig`.
    private func sortedFallbacks(_ request: FallbackRequest, config: OpaquePointer?) -> SortedFallbacks? {
        if let sorted = fallbackSorts[request] { return sorted }
        var sets: [UnsafeMutablePointer<FcFontSet>?] = []
        if let registeredSet { sets.append(registeredSet) }
        if includesSystemFonts, let system = FcConfigGetFonts(config, FcSetSystem) { sets.append(system) }
        guard !sets.isEmpty, let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, FC_FAMILY, "sans-serif")
        FcPatternAddDouble(pattern, FC_WEIGHT, FcWeightFromOpenTypeDouble(Double(request.weight.rawValue)))
        FcPatternAddInteger(pattern, FC_SLANT, request.style == .italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
        if let language = request.fontconfigLanguage { FcPatternAddString(pattern, FC_LANG, language) }
        if let color = request.prefersColor { FcPatternAddBool(pattern, FC_COLOR, color ? 1 : 0) }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let fonts = FcFontSetSort(config, &sets, Int32(sets.count), pattern, 0, nil, &result) else {
            return nil
        }
        let coverage = FcCharSetCreate()
        if let coverage {
            for case let font? in UnsafeBufferPointer(start: fonts.pointee.fonts, count: Int(fonts.pointee.nfont)) {
                var charset: OpaquePointer?
                if FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset {
                    FcCharSetMerge(coverage, charset, nil)
                }
            }
        }
        let sorted = SortedFallbacks(fonts: fonts, coverage: coverage)
        if fallbackSortOrder.count >= FontMatcher.maximumFallbackSorts {
            let oldest = fallbackSortOrder.removeFirst()
            fallbackSorts.removeValue(forKey: oldest)?.destroy()
        }
        fallbackSorts[request] = sorted
        fallbackSortOrder.append(request)
        return sorted
    }

    /// The installed faces of the family with this ``familyKey(_:)``, in Fontconfig's order; none when system
    /// fonts are not used. A variable font is one face, its weight its `wght` range's default; its axes are read
    /// from the file when it is chosen.
    func systemFaces(ofFamily key: String) -> [FontDescriptor] {
        guard includesSystemFonts else { return [] }
        return FontconfigContext.shared.withConfig { config in
            if let families = systemFamilies { return families[key] ?? [] }
            var families: [String: [FontDescriptor]] = [:]
            if let system = FcConfigGetFonts(config, FcSetSystem) {
                // A variable font is listed twice at its face index: as its default instance (a static-looking
                // pattern) and as the variable face; only the variable one is kept, so an installed variable font
                // is matched and drawn as the same file registered would be.
                let fonts = UnsafeBufferPointer(start: system.pointee.fonts, count: Int(system.pointee.nfont))
                var faces: [(match: MatchedFace, isVariable: Bool)] = []
                var position: [String: Int] = [:]
                for case let font? in fonts {
                    var index: Int32 = 0
                    FcPatternGetInteger(font, FC_INDEX, 0, &index)
                    var variable: FcBool = 0
                    FcPatternGetBool(font, FC_VARIABLE, 0, &variable)
                    guard index >> 16 == 0, let match = matchedFace(font) else { continue }
                    let key = "\(index)#\(match.descriptor.path)"
                    if let known = position[key] {
                        if variable != 0, !faces[known].isVariable { faces[known] = (match, true) }
                        continue
                    }
                    position[key] = faces.count
                    faces.append((match, variable != 0))
                }
                for (match, _) in faces {
                    for name in Set(match.familyNames.map(familyKey)) {
                        families[name, default: []].append(match.descriptor)
                    }
                }
            }
            systemFamilies = families
            return families[key] ?? []
        }
    }

    /// The family names of the installed faces (each face's own, as ``FontDescriptor/familyName`` has it), sorted;
    /// none when system fonts are not used.
    func systemFamilyNames() -> [String] {
        guard includesSystemFonts else { return [] }
        _ = systemFaces(ofFamily: "")  // lists the installed faces once
        return FontconfigContext.shared.withConfig { _ in
            Set((systemFamilies ?? [:]).values.joined().map(\.familyName)).sorted()
        }
    }

    /// The upright and italic faces of the system's sans-serif family, or `nil` when there are none.
    func systemSansSerifFaces() -> [MatchedFace]? {
        guard let family = systemSansSerifFamily(weight: .regular, style: .regular) else { return nil }
        let faces: [MatchedFace] = FontconfigContext.shared.withConfig { config in
            guard let system = FcConfigGetFonts(config, FcSetSystem), let pattern = FcPatternCreate() else {
                return []
            }
            var sets: [UnsafeMutablePointer<FcFontSet>?] = [system]
            defer { FcPatternDestroy(pattern) }
            FcPatternAddString(pattern, FC_FAMILY, family)
            FcPatternAddInteger(pattern, FC_WIDTH, FC_WIDTH_NORMAL)
            guard let objects = FcObjectSetCreate() else { return [] }
            defer { FcObjectSetDestroy(objects) }
            for object in [FC_FAMILY, FC_STYLE, FC_POSTSCRIPT_NAME, FC_WEIGHT, FC_SLANT, FC_FILE, FC_INDEX] {
                FcObjectSetAdd(objects, object)
            }
            guard let list = FcFontSetList(config, &sets, 1, pattern, objects) else { return [] }
            defer { FcFontSetDestroy(list) }
            let fonts = UnsafeBufferPointer(start: list.pointee.fonts, count: Int(list.pointee.nfont))
            return fonts.compactMap { $0.flatMap(matchedFace) }
        }
        let sorted = faces.sorted { ($0.descriptor.weight, $0.descriptor.postScriptName)
            < ($1.descriptor.weight, $1.descriptor.postScriptName) }
        return sorted.isEmpty ? nil : sorted
    }

    /// A `MatchedFace` from a pattern that names a file, or `nil` for a pattern without one.
    private func matchedFace(_ pattern: OpaquePointer) -> MatchedFace? {
        func string(_ object: String, _ index: Int32 = 0) -> String? {
            var value: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(pattern, object, index, &value) == FcResultMatch, let value else { return nil }
            return String(cString: value)
        }
        guard let path = string(FC_FILE) else { return nil }
        var families: [String] = []
        while let family = string(FC_FAMILY, Int32(families.count)) { families.append(family) }
        var weight: Double = Double(FC_WEIGHT_REGULAR)
        var axes: [FontAxis] = []
        var variable: FcBool = 0
        var range: OpaquePointer?
        if FcPatternGetBool(pattern, FC_VARIABLE, 0, &variable) == FcResultMatch, variable != 0,
           FcPatternGetRange(pattern, FC_WEIGHT, 0, &range) == FcResultMatch, let range {
            // The weight range of a variable font, as a `wght` axis for matching; the real axes are read from
            // the file when the face is loaded.
            var begin = 0.0, end = 0.0
            FcRangeGetDouble(range, &begin, &end)
            let low = FcWeightToOpenTypeDouble(begin), high = FcWeightToOpenTypeDouble(end)
            weight = begin
            if low < high {
                axes = [FontAxis(tag: "wght", name: "Weight", minimum: low, defaultValue: low, maximum: high)]
            }
        } else {
            FcPatternGetDouble(pattern, FC_WEIGHT, 0, &weight)
        }
        // Fontconfig's width is in percent, as CSS's; a variable font with a `wdth` axis has a range.
        var width = 100.0
        var widthRange: OpaquePointer?
        if variable != 0, FcPatternGetRange(pattern, FC_WIDTH, 0, &widthRange) == FcResultMatch, let widthRange {
            var begin = 0.0, end = 0.0
            FcRangeGetDouble(widthRange, &begin, &end)
            width = begin
            if begin < end {
                axes.append(FontAxis(tag: "wdth", name: "Width", minimum: begin, defaultValue: begin, maximum: end))
            }
        } else {
            var integer: Int32 = 100
            if FcPatternGetInteger(pattern, FC_WIDTH, 0, &integer) == FcResultMatch {
                width = Double(integer)
            } else {
                FcPatternGetDouble(pattern, FC_WIDTH, 0, &width)
            }
        }
        var slant: Int32 = FC_SLANT_ROMAN
        FcPatternGetInteger(pattern, FC_SLANT, 0, &slant)
        var index: Int32 = 0
        FcPatternGetInteger(pattern, FC_INDEX, 0, &index)
        let familyName = families.first ?? ""
        let descriptor = FontDescriptor(
            postScriptName: string(FC_POSTSCRIPT_NAME) ?? familyName.filter { $0 != " " },
            familyName: familyName,
            styleName: string(FC_STYLE) ?? "Regular",
            weight: Int(FcWeightToOpenTypeDouble(weight).rounded()),
            isItalic: slant != FC_SLANT_ROMAN,
            width: FontWidth(rawValue: width) ?? .normal,
            path: path,
            faceIndex: Int(index & 0xFFFF),
            axes: axes)
        return MatchedFace(descriptor: descriptor, familyNames: families)
    }
}
