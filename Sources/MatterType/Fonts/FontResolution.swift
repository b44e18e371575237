/// Which font a family, weight and style resolved to, whether it is a fallback, and why.
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

    /// The PostScript name the family asked for, e.g. `NotoSans-SemiBold` (after any Bold Text change).
    public let requestedPostScriptName: String
    /// The weight asked for, after any Bold Text change.
    public let requestedWeight: FontWeight
    /// The style asked for.
    public let requestedStyle: FontStyle
    /// The face that will be used.
    public let font: FontDescriptor
    /// Where that face comes from.
    public let source: Source
    /// A sentence saying what was missing and what is used instead; `nil` when the requested font was found.
    public let fallbackReason: String?

    /// Whether the face used is not the one requested.
    public var isFallback: Bool { fallbackReason != nil }
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
    /// ``DefaultFontFamilyFactory``; see ``resolve(family:weight:style:boldText:)``.
    public func resolve(familyName: String, weight: FontWeight, style: FontStyle = .regular,
                        boldText: Bool = false) throws(FontResolutionError) -> FontResolution {
        let family = DefaultFontFamilyFactory(registry: self).fontFamily(named: familyName)
        return try resolve(family: family, weight: weight, style: style, boldText: boldText)
    }

    /// Chooses the face to draw a family at a weight and style with.
    ///
    /// With Bold Text on, the weight first becomes the family's ``FontFamily/accessibilityBoldWeight(for:)``.
    /// Then, in order: a registered font with the family's exact PostScript name; a bundled Noto Sans face with
    /// that name; a registered or system font of that family, weight and slant (Fontconfig, names checked
    /// exactly); the system sans-serif at that weight and slant; the bundled Noto Sans at that weight and slant.
    public func resolve(family: any FontFamily, weight: FontWeight, style: FontStyle = .regular,
                        boldText: Bool = false) throws(FontResolutionError) -> FontResolution {
        let weight = boldText ? family.accessibilityBoldWeight(for: weight) : weight
        let requested = family.fontName(for: weight, style: style)
        func resolution(_ font: FontDescriptor, _ source: FontResolution.Source,
                        _ reason: String?) -> FontResolution {
            FontResolution(requestedPostScriptName: requested, requestedWeight: weight, requestedStyle: style,
                           font: font, source: source, fallbackReason: reason)
        }
        let wanted = "\(weight) (\(weight.rawValue)) \(style == .italic ? "italic" : "upright")"

        if let registered = registeredFace(named: requested) {
            return resolution(registered.descriptor, .registered, nil)
        }
        if let bundled = BundledFonts.faces[requested] {
            return resolution(bundled.descriptor, .bundled, nil)
        }
        if let match = matcher.bestMatch(family: family.familyName, weight: weight, style: style),
           match.familyNames.contains(where: { familyKey($0) == familyKey(family.familyName) }),
           match.descriptor.weight == weight.rawValue, match.descriptor.isItalic == style.isItalic {
            let name = match.descriptor.postScriptName
            let reason = name == requested ? nil
                : "no font is named \(requested); using \(name), the \(match.descriptor.familyName) \(wanted) face"
            if let registered = registeredFace(named: name), registered.descriptor.path == match.descriptor.path {
                return resolution(registered.descriptor, .registered, reason)
            }
            return resolution(match.descriptor, .system, reason)
        }
        if familyKey(family.familyName) == familyKey(NotoSansFontFamily().familyName),
           let bundled = BundledFonts.face(weight: weight, style: style) {
            let name = bundled.descriptor.postScriptName
            return resolution(bundled.descriptor, .bundled,
                              "no font is named \(requested); using \(name), the bundled Noto Sans \(wanted) face")
        }
        let missing = "no \(family.familyName) font at \(wanted) is registered, bundled or installed"
        if let system = matcher.bestMatch(family: "sans-serif", weight: weight, style: style,
                                          includeRegistered: false) {
            let name = system.descriptor.postScriptName
            return resolution(system.descriptor, .system, "\(missing); using the system sans-serif \(name)")
        }
        if let bundled = BundledFonts.face(weight: weight, style: style) {
            let name = bundled.descriptor.postScriptName
            let noSystem = includesSystemFonts ? "there is no system sans-serif" : "system fonts are not used"
            return resolution(bundled.descriptor, .bundled,
                              "\(missing), and \(noSystem); using the bundled \(name)")
        }
        throw .noFontAvailable(requestedPostScriptName: requested)
    }

}
