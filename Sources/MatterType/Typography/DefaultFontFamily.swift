/// A font family named by its PostScript prefix, with optional custom weight names and supported weights.
///
/// ```swift
/// let acme = DefaultFontFamily(familyName: "Acme", weightNames: [.semibold: "DemiBold"])
/// acme.fontName(for: .semibold, style: .regular) // "Acme-DemiBold"
/// ```
public struct DefaultFontFamily: FontFamily, Hashable {
    /// The PostScript prefix, e.g. `NotoSans`.
    public let familyName: String
    /// The weights this family has, lightest first.
    public let supportedWeights: [FontWeight]
    /// Weight names that differ from the OpenType defaults.
    public let weightNames: [FontWeight: String]
    /// The suffix italic PostScript names end with.
    public let italicSuffix: String

    /// A family whose PostScript names begin with `familyName` (spaces are removed: "Noto Sans" → `NotoSans`).
    public init(
        familyName: String,
        supportedWeights: [FontWeight] = FontWeight.named,
        weightNames: [FontWeight: String] = [:],
        italicSuffix: String = "Italic"
    ) {
        self.familyName = familyName.filter { $0 != " " }
        self.supportedWeights = Array(Set(supportedWeights)).sorted()
        self.weightNames = weightNames
        self.italicSuffix = italicSuffix
    }

    /// The custom name if one was given, else the OpenType name.
    public func weightName(for weight: FontWeight) -> String {
        weightNames[weight] ?? weight.postScriptName
    }

    /// Empty for regular, `italicSuffix` for italic.
    public func styleSuffix(for style: FontStyle) -> String { style == .italic ? italicSuffix : "" }
}
