/// The system's sans-serif family, as Fontconfig chooses it (e.g. DejaVu Sans on Debian).
///
/// Its PostScript names are the real ones of the installed faces (`DejaVuSans`, `DejaVuSans-Bold`), so a weight
/// the system has resolves exactly. Bold Text follows Apple's rule for the system font: one step heavier for
/// thin, extraLight and light; two steps for regular, medium and semibold; black for bold and heavier.
public struct SystemFontFamily: FontFamily, Hashable {
    /// The family's name without spaces, e.g. `DejaVuSans`.
    public let familyName: String
    /// The family's name as Fontconfig reports it, e.g. `DejaVu Sans`.
    public let displayName: String
    /// The installed upright and italic faces, by weight.
    let postScriptNames: [FaceKey: String]

    struct FaceKey: Hashable {
        var weight: FontWeight
        var style: FontStyle
    }

    /// The system sans-serif family as `registry` sees it, or `nil` when no system font is installed.
    public init?(registry: FontRegistry) {
        guard let faces = registry.systemSansSerifFaces(), let first = faces.first else { return nil }
        displayName = first.familyName
        familyName = first.familyName.filter { $0 != " " }
        var names: [FaceKey: String] = [:]
        for face in faces {
            let key = FaceKey(weight: FontWeight(nearestTo: face.weight), style: face.isItalic ? .italic : .regular)
            // Keep the face whose weight class is exactly the named weight when several round to it.
            if names[key] == nil || face.weight == key.weight.rawValue { names[key] = face.postScriptName }
        }
        postScriptNames = names
    }

    /// The weights the system family has in any style.
    public var supportedWeights: [FontWeight] {
        Array(Set(postScriptNames.keys.map(\.weight))).sorted()
    }

    /// The installed face's real PostScript name, or the default spelling when the system lacks that face.
    public func fontName(for weight: FontWeight, style: FontStyle) -> String {
        if let name = postScriptNames[FaceKey(weight: weight, style: style)] { return name }
        let suffix = styleSuffix(for: style)
        let weightPart = (weight == .regular && !suffix.isEmpty) ? "" : weight.postScriptName
        return "\(familyName)-\(weightPart)\(suffix)"
    }

    /// Apple's Bold Text rule for the system font.
    public func accessibilityBoldWeight(for weight: FontWeight) -> FontWeight {
        switch weight.rawValue {
        case ..<150: .extraLight
        case ..<250: .light
        case ..<350: .regular
        case ..<450: .semibold
        case ..<550: .bold
        case ..<650: .extraBold
        default: .black
        }
    }
}
