/// Which face a family, weight and style resolved to: the face, the variation coordinates it is drawn at, what
/// is synthesized, and whether (and why) it is another family's.
public struct FontResolution: Sendable, Hashable {
    /// Where a resolved font comes from.
    public enum Source: String, Sendable, Hashable, Codable {
        /// A font registered with the ``FontRegistry``.
        case registered
        /// One of the bundled Noto Sans faces.
        case bundled
        /// A font installed on the system, found through Fontconfig.
        case system
    }

    /// The PostScript name the family gives for the weight and style, e.g. `NotoSans-SemiBold` (after any Bold
    /// Text change; for a weight between the named ones, the nearest named weight's).
    public let requestedPostScriptName: String
    /// The weight asked for, after any Bold Text change.
    public let requestedWeight: FontWeight
    /// The style asked for.
    public let requestedStyle: FontStyle
    /// The width asked for.
    public let requestedWidth: FontWidth
    /// The face that will be used.
    public let font: FontDescriptor
    /// Where that face comes from.
    public let source: Source
    /// The coordinate set on each of the face's variation axes, by tag (`["wght": 650, "opsz": 16]`); empty for
    /// a static face.
    public let variations: [String: Double]
    /// What is synthesized because the face lacks it: emboldening, a slant.
    public let synthetic: SyntheticStyle
    /// Why another family's face is used; `nil` when the face is of the family asked for.
    public let fallbackReason: FallbackReason?

    /// Whether the face is of another family than the one asked for.
    public var isFallback: Bool { fallbackReason != nil }
}

/// What a renderer synthesizes for a face that lacks a weight or slant (as browsers do): bold by emboldening the
/// outlines, italic by slanting them 14°; advances and metrics stay the face's own.
public struct SyntheticStyle: Sendable, Hashable, Codable {
    /// Outlines are emboldened: 600 or heavier was asked for and the face is lighter than 600 (not when the
    /// variations set its `wght` axis: that value is the instance asked for).
    public var bold: Bool
    /// Outlines are slanted: italic was asked for and the face has neither italic glyphs nor a slant axis.
    public var italic: Bool

    /// Nothing synthesized.
    public static let none = SyntheticStyle(bold: false, italic: false)

    /// The given flags.
    public init(bold: Bool, italic: Bool) {
        self.bold = bold
        self.italic = italic
    }
}

/// Why a resolution uses another family than the one asked for; its description is a sentence for people.
public enum FallbackReason: Sendable, Hashable, CustomStringConvertible {
    /// No face of `family` is registered, bundled or installed; the system's sans-serif `replacement` is used.
    case systemSansSerif(family: String, replacement: String)
    /// No face of `family` is registered, bundled or installed, and there is no system sans-serif (or system fonts
    /// are not used); the bundled Noto Sans face `replacement` is used.
    case bundledNotoSans(family: String, replacement: String, systemFontsExcluded: Bool)

    public var description: String {
        switch self {
        case .systemSansSerif(let family, let replacement):
            "no \(family) font is registered, bundled or installed; using the system sans-serif \(replacement)"
        case .bundledNotoSans(let family, let replacement, let excluded):
            "no \(family) font is registered, bundled or installed, and "
                + (excluded ? "system fonts are not used" : "there is no system sans-serif")
                + "; using the bundled \(replacement)"
        }
    }
}

/// Why no font at all could be resolved.
public enum FontResolutionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing matched and the bundled Noto Sans files are missing from the build's resource bundle.
    case noFontAvailable(requestedPostScriptName: String)

    public var description: String {
        switch self {
        case .noFontAvailable(let name):
            "no font for \(name): it is not registered or installed, and the bundled Noto Sans resource bundle "
                + "is missing; ship MatterType_MatterTypeFonts.resources next to the executable or register a font"
        }
    }
}

extension FontRegistry {
    /// Resolves a family name ("Noto Sans", "NotoSans", "system", a registered family) through
    /// ``DefaultFontFamilyFactory``; see ``resolve(family:weight:style:width:boldText:fontSize:variations:)``.
    public func resolve(familyName: String, weight: FontWeight, style: FontStyle = .regular,
                        width: FontWidth = .normal, boldText: Bool = false, fontSize: Double? = nil,
                        variations: [String: Double] = [:]) throws(FontResolutionError) -> FontResolution {
        let family = DefaultFontFamilyFactory(registry: self).fontFamily(named: familyName)
        return try resolve(family: family, weight: weight, style: style, width: width, boldText: boldText,
                           fontSize: fontSize, variations: variations, askedName: familyName)
    }

    /// Chooses the face to draw a family at a weight, style and width with, and its variation coordinates.
    ///
    /// With Bold Text on, the weight first becomes the family's ``FontFamily/accessibilityBoldWeight(for:)``.
    /// For a named weight at normal width, a registered or bundled face with the family's exact PostScript name
    /// wins. Otherwise every face of the family — registered, bundled (for Noto Sans) and, when system fonts are
    /// used, installed — is matched as CSS Fonts 4 does (§5.2): width first (for normal or narrower, the nearest
    /// narrower width, then wider; for wider, the nearest wider, then narrower), then style (italic, then oblique,
    /// then upright for italic; the reverse for upright), then weight in CSS order. A face whose `wdth` or `wght`
    /// range holds the value draws it exactly. On an exact tie a registered face wins over a bundled one, and a
    /// bundled one over an installed one. Another family is used only when the family has no face at all: the
    /// system sans-serif matched the same way (so at normal width unless another is asked), else the bundled
    /// Noto Sans.
    ///
    /// A variable face gets `wght` set to the weight, `wdth` to the width, `ital` 1 or `slnt` −14 for italic, and
    /// `opsz` set to `fontSize` (CSS `font-optical-sizing: auto`), each kept inside the axis's range;
    /// `variations` then sets any axis explicitly. Bold is synthesized when 600 or more is asked and the face is
    /// lighter than 600, italic when it is asked and the face can neither be italic nor slant. The same file
    /// resolves to the same descriptor and coordinates whether it was registered or found installed.
    public func resolve(family: any FontFamily, weight: FontWeight, style: FontStyle = .regular,
                        width: FontWidth = .normal, boldText: Bool = false, fontSize: Double? = nil,
                        variations: [String: Double] = [:]) throws(FontResolutionError) -> FontResolution {
        try resolve(family: family, weight: weight, style: style, width: width, boldText: boldText,
                    fontSize: fontSize, variations: variations, askedName: nil)
    }

    /// ``resolve(family:weight:style:width:boldText:fontSize:variations:)``, a substitution naming the family as it
    /// was asked for (`askedName`, "Helvetica Neue") rather than as the family spells its PostScript prefix.
    func resolve(family: any FontFamily, weight: FontWeight, style: FontStyle, width: FontWidth, boldText: Bool,
                 fontSize: Double?, variations: [String: Double],
                 askedName: String?) throws(FontResolutionError) -> FontResolution {
        let shownName = askedName ?? family.familyName
        let weight = boldText ? family.accessibilityBoldWeight(for: weight) : weight
        let requested = family.fontName(for: weight, style: style)
        func resolution(_ candidate: FaceCandidate, _ reason: FallbackReason?) -> FontResolution {
            var font = candidate.descriptor
            if candidate.source == .system, let loaded = try? face(for: font, source: .system) {
                font = loaded.descriptor  // the file's own description, as a registered file has
            }
            let coordinates = FontMatching.coordinates(of: font, weight: weight, style: style, width: width,
                                                       fontSize: fontSize, explicit: variations)
            let drawnWeight = coordinates["wght"] ?? Double(font.weight)
            // An explicit wght is the instance asked for: drawn as it is, not emboldened to the weight.
            let setsWeight = font.axis("wght") != nil && variations.keys.contains { font.axis($0)?.tag == "wght" }
            let canSlant = font.isItalic || coordinates["ital"].map { $0 > 0 } ?? false
                || coordinates["slnt"].map { $0 != 0 } ?? false
            return FontResolution(requestedPostScriptName: requested, requestedWeight: weight, requestedStyle: style,
                                  requestedWidth: width, font: font, source: candidate.source,
                                  variations: coordinates,
                                  synthetic: SyntheticStyle(bold: weight.rawValue >= 600 && drawnWeight < 600
                                                                && !setsWeight,
                                                            italic: style == .italic && !canSlant),
                                  fallbackReason: reason)
        }

        if weight.isNamed, width == .normal {
            if let registered = registeredFace(named: requested) {
                return resolution(FaceCandidate(descriptor: registered.descriptor, source: .registered), nil)
            }
            if let bundled = BundledFonts.faces[requested] {
                return resolution(FaceCandidate(descriptor: bundled.descriptor, source: .bundled), nil)
            }
        }
        if let match = FontMatching.select(familyCandidates(family.familyName), weight: weight, style: style,
                                           width: width) {
            return resolution(match, nil)
        }
        if let sansSerif = matcher.systemSansSerifFamily(weight: weight, style: style),
           let match = FontMatching.select(matcher.systemFaces(ofFamily: familyKey(sansSerif))
                                               .map { FaceCandidate(descriptor: $0, source: .system) },
                                           weight: weight, style: style, width: width) {
            return resolution(match, .systemSansSerif(family: shownName,
                                                      replacement: match.descriptor.postScriptName))
        }
        let bundled = BundledFonts.descriptors.map { FaceCandidate(descriptor: $0, source: .bundled) }
        if let match = FontMatching.select(bundled, weight: weight, style: style, width: width) {
            return resolution(match, .bundledNotoSans(family: shownName,
                                                      replacement: match.descriptor.postScriptName,
                                                      systemFontsExcluded: !includesSystemFonts))
        }
        throw .noFontAvailable(requestedPostScriptName: requested)
    }

    /// Every face of the family `name` CSS matching chooses among: the registered ones, then (for Noto Sans) the
    /// bundled ones, then the installed ones, in that order so that an exact tie keeps the earlier source. An
    /// installed file that is also registered counts once, as registered.
    func familyCandidates(_ name: String) -> [FaceCandidate] {
        let key = familyKey(name)
        let registered = registeredFonts.filter {
            familyKey($0.familyName) == key || familyKey(postScriptPrefix(of: $0.postScriptName)) == key
        }
        var candidates = registered.map { FaceCandidate(descriptor: $0, source: .registered) }
        if key == familyKey(NotoSansFontFamily().familyName) {
            candidates += BundledFonts.descriptors.map { FaceCandidate(descriptor: $0, source: .bundled) }
        }
        let registeredFiles = Set(registered.map { "\($0.faceIndex)#\($0.path)" })
        candidates += matcher.systemFaces(ofFamily: key)
            .filter { !registeredFiles.contains("\($0.faceIndex)#\($0.path)") }
            .map { FaceCandidate(descriptor: $0, source: .system) }
        return candidates
    }
}

/// The part of a PostScript name before its first hyphen: `NotoSans` for `NotoSans-Bold`.
func postScriptPrefix(of postScriptName: String) -> String {
    String(postScriptName.split(separator: "-", maxSplits: 1).first ?? Substring(postScriptName))
}

/// A face CSS font matching may choose, and where it comes from.
struct FaceCandidate: Sendable, Hashable {
    var descriptor: FontDescriptor
    var source: FontResolution.Source
}

/// The CSS Fonts 4 font-matching algorithm (§5.2, steps for `font-style` and `font-weight`) over one family's
/// faces, and the variation coordinates a chosen face is drawn at.
enum FontMatching {
    /// The default oblique angle of CSS (`font-style: oblique` is 14deg); `slnt` counts clockwise as negative.
    static let obliqueAngle = 14.0

    /// The face CSS chooses for `weight`, `style` and `width`, or `nil` when there are no faces. Width is
    /// matched first, then style, then weight; ties keep the earlier face.
    static func select(_ candidates: [FaceCandidate], weight: FontWeight, style: FontStyle,
                       width: FontWidth = .normal) -> FaceCandidate? {
        // Style: italic → oblique → upright for italic; upright → oblique → italic for upright. A variable face
        // with an `ital` axis can be italic, one with a `slnt` axis oblique.
        func styleRank(_ font: FontDescriptor) -> Int {
            let isOblique = font.styleName.lowercased().contains("oblique")
            let canOblique = isOblique || (font.axis("slnt")?.minimum ?? 0) < 0
            if style == .italic {
                if font.isItalic || (font.axis("ital")?.maximum ?? 0) > 0 { return 0 }
                return canOblique ? 1 : 2
            }
            if !font.isItalic && !isOblique { return 0 }
            return canOblique ? 1 : 2
        }
        func isBefore(_ a: FontDescriptor, _ b: FontDescriptor) -> Bool? {
            let wa = widthKey(a.widthRange, width), wb = widthKey(b.widthRange, width)
            if wa != wb { return wa < wb }
            let sa = styleRank(a), sb = styleRank(b)
            if sa != sb { return sa < sb }
            let ka = weightKey(a.weightRange, weight), kb = weightKey(b.weightRange, weight)
            if ka != kb { return ka < kb }
            return nil
        }
        return candidates.enumerated().min { a, b in
            isBefore(a.element.descriptor, b.element.descriptor) ?? (a.offset < b.offset)
        }?.element
    }

    /// The order CSS tries widths in, as a sortable key for a face drawing `range` (percent): a range holding the
    /// width first; for normal or narrower, narrower faces nearest first, then wider ones nearest first; for
    /// wider than normal, wider faces nearest first, then narrower ones.
    static func widthKey(_ range: ClosedRange<Double>, _ width: FontWidth) -> (Int, Double) {
        let w = width.rawValue
        if range.contains(w) { return (0, 0) }
        let narrower = range.upperBound < w
        if w <= 100 {
            return narrower ? (1, w - range.upperBound) : (2, range.lowerBound - w)
        }
        return narrower ? (2, w - range.upperBound) : (1, range.lowerBound - w)
    }

    /// The order CSS tries weights in, as a sortable key for a face drawing `range`: a range holding the weight
    /// first; for 400–500, heavier faces up to 500, then lighter ones nearest first, then heavier than 500; below
    /// 400, lighter nearest first, then heavier; above 500, heavier nearest first, then lighter.
    static func weightKey(_ range: ClosedRange<Double>, _ weight: FontWeight) -> (Int, Double) {
        let w = Double(weight.rawValue)
        if range.contains(w) { return (0, 0) }
        let below = range.upperBound < w
        switch weight.rawValue {
        case 400...500:
            if !below, range.lowerBound <= 500 { return (1, range.lowerBound - w) }
            return below ? (2, w - range.upperBound) : (3, range.lowerBound - w)
        case ..<400:
            return below ? (1, w - range.upperBound) : (2, range.lowerBound - w)
        default:
            return below ? (2, w - range.upperBound) : (1, range.lowerBound - w)
        }
    }

    /// The coordinates `font` is drawn at: `wght` from the weight, `wdth` from the width, `ital`/`slnt` from the
    /// style, `opsz` from the font size, then `explicit` values (by tag, for axes the face has), each clamped to
    /// its axis.
    static func coordinates(of font: FontDescriptor, weight: FontWeight, style: FontStyle,
                            width: FontWidth = .normal, fontSize: Double?,
                            explicit: [String: Double]) -> [String: Double] {
        guard font.isVariable else { return [:] }
        var values: [String: Double] = [:]
        if let axis = font.axis("wght") { values["wght"] = axis.clamp(Double(weight.rawValue)) }
        if let axis = font.axis("wdth") { values["wdth"] = axis.clamp(width.rawValue) }
        if style == .italic, !font.isItalic {
            if let axis = font.axis("ital"), axis.maximum > 0 {
                values["ital"] = axis.clamp(1)
            } else if let axis = font.axis("slnt") {
                values["slnt"] = axis.clamp(-obliqueAngle)
            }
        }
        if let size = fontSize, let axis = font.axis("opsz") { values["opsz"] = axis.clamp(size) }
        for (tag, value) in explicit {
            if let axis = font.axis(tag), value.isFinite { values[axis.tag] = axis.clamp(value) }
        }
        return values
    }
}
