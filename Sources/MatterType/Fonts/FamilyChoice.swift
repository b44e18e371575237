/// Which family of a CSS `font-family` list a typography draws with, and why: as CSS chooses, the first family
/// of the list that has a face here (registered, bundled or installed; a generic name through Fontconfig), with
/// the families after it filling, character by character, what it lacks.
///
/// `["Roboto Mono", "DejaVu Sans Mono"]` with Roboto Mono missing draws with DejaVu Sans Mono; Primer's
/// `ui-monospace, SFMono-Regular, SF Mono, Menlo, Consolas, Liberation Mono, monospace` draws with Liberation
/// Mono where it is installed. When no family of the list has a face, the first is used and resolves to the
/// system sans-serif as before (``FontResolution/fallbackReason`` says so).
public struct FamilyChoice: Sendable, Hashable, CustomStringConvertible {
    /// The list as asked, first to last.
    public let families: [String]
    /// The index in ``families`` of the family drawn with; 0 when none has a face.
    public let index: Int
    /// The family Fontconfig answered when the chosen name is a generic one (`monospace` → "DejaVu Sans Mono").
    public let generic: String?
    /// Whether a family of the list has a face here.
    public let found: Bool

    /// The name of the family drawn with, as the list writes it.
    public var family: String { families[index] }

    /// The families before the one drawn with, skipped for having no face here.
    public var skipped: [String] { Array(families[..<index]) }

    /// One sentence: the family used, its place in the list, and what was skipped ("Liberation Mono, family 6 of
    /// 7: SFMono-Regular, SF Mono, Menlo, Consolas have no font here; ui-monospace is Safari's and stands in only
    /// when no later family has a font").
    public var description: String {
        let name = generic.map { "\(family) (\($0))" } ?? family
        guard found else {
            return "no family of \(families.joined(separator: ", ")) has a font here; \(family) is replaced"
        }
        let place = families.count > 1 ? ", family \(index + 1) of \(families.count)" : ""
        let safari = skipped.filter { uiGenericFamilies.contains(familyKey($0)) }
        let missing = skipped.filter { !uiGenericFamilies.contains(familyKey($0)) }
        var reasons: [String] = []
        if !missing.isEmpty {
            reasons.append("\(missing.joined(separator: ", ")) " + (missing.count == 1 ? "has" : "have") + " no font here")
        }
        if !safari.isEmpty {
            reasons.append("\(safari.joined(separator: ", ")) " + (safari.count == 1 ? "is Safari's and stands" : "are Safari's and stand")
                           + " in only when no later family has a font")
        }
        return "\(name)\(place)" + (reasons.isEmpty ? "" : ": " + reasons.joined(separator: "; "))
    }

    /// Whether the choice says more than "the first family was found": a list with skipped names, a generic one.
    public var isNotable: Bool { index > 0 || generic != nil || !found }
}

/// CSS generic family names (by ``familyKey(_:)``) and the Fontconfig generic each asks for: `system-ui` as
/// `sans-serif` (as Chromium on Linux), the `ui-*` names of Safari as their plain counterparts (`ui-rounded` as
/// `sans-serif`) — but see ``uiGenericFamilies``.
let cssGenericFamilies: [String: String] = [
    "serif": "serif", "sansserif": "sans-serif", "monospace": "monospace", "cursive": "cursive",
    "fantasy": "fantasy", "systemui": "sans-serif", "system": "sans-serif", "uiserif": "serif",
    "uisansserif": "sans-serif", "uimonospace": "monospace", "uirounded": "sans-serif", "emoji": "emoji",
    "math": "math",
]

/// The `ui-*` names: only Safari knows them, and Chromium on Linux skips them as families it does not have. They
/// are used, as their Fontconfig generic, only when no later family of the list has a font: Primer's
/// `ui-monospace, …, Liberation Mono, monospace` draws with Liberation Mono as Chromium does, and a list of only
/// `ui-monospace` still gets a monospace font.
let uiGenericFamilies: Set<String> = ["uiserif", "uisansserif", "uimonospace", "uirounded"]

extension FontRegistry {
    /// The family of `families` (a CSS `font-family` list) a typography draws with: the first that has a face
    /// here — registered, bundled (Noto Sans) or installed; a generic name (`monospace`, `ui-serif`, `emoji`…)
    /// when Fontconfig answers it with an installed family (`sans-serif` and `system-ui` always, with the bundled
    /// Noto Sans at worst). Names no font has, such as `-apple-system` or `Segoe UI` on Linux, are skipped, as
    /// Chromium skips them.
    /// A `ui-*` name (`ui-monospace`) counts only when no later family has a font (see ``uiGenericFamilies``).
    public func familyChoice(in families: [String]) -> FamilyChoice {
        var deferred: FamilyChoice?
        for (index, name) in families.enumerated() {
            let key = familyKey(name)
            if let generic = cssGenericFamilies[key] {
                let answer = generic == "sans-serif"
                    ? matcher.systemSansSerifFamily(weight: .regular, style: .regular) ?? "Noto Sans"
                    : matcher.systemFamily(generic: generic)
                guard let answer else { continue }
                let choice = FamilyChoice(families: families, index: index, generic: answer, found: true)
                if uiGenericFamilies.contains(key) {
                    if deferred == nil { deferred = choice }
                    continue
                }
                return choice
            }
            if key == familyKey(NotoSansFontFamily().familyName) || !familyCandidates(name).isEmpty {
                return FamilyChoice(families: families, index: index, generic: nil, found: true)
            }
        }
        return deferred ?? FamilyChoice(families: families.isEmpty ? [""] : families, index: 0, generic: nil,
                                        found: false)
    }
}
