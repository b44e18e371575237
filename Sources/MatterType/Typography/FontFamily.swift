/// A family of fonts and how its PostScript names are spelled, as in YMatterType.
///
/// The defaults give `familyName + "-" + weightName + styleSuffix`, e.g. `NotoSans-SemiBoldItalic`, with regular
/// italic spelled `NotoSans-Italic`. Override `weightName(for:)` for a family whose 600 is "DemiBold",
/// `supportedWeights` for a family with only some weights, or `styleSuffix(for:)` for another italic suffix.
public protocol FontFamily: Sendable {
    /// The family's name as its PostScript names begin, without spaces, e.g. `NotoSans`.
    var familyName: String { get }

    /// The weights this family has, lightest first. Bold Text chooses among these.
    var supportedWeights: [FontWeight] { get }

    /// The PostScript name of the face for a weight and style, e.g. `NotoSans-SemiBold`.
    func fontName(for weight: FontWeight, style: FontStyle) -> String

    /// The weight's part of a PostScript name, e.g. `SemiBold`.
    func weightName(for weight: FontWeight) -> String

    /// The style's part of a PostScript name: empty for regular, `Italic` for italic.
    func styleSuffix(for style: FontStyle) -> String

    /// The weight to use for `weight` when the Bold Text accessibility setting is on.
    func accessibilityBoldWeight(for weight: FontWeight) -> FontWeight
}

extension FontFamily {
    /// All nine weights.
    public var supportedWeights: [FontWeight] { FontWeight.named }

    /// `familyName-WeightStyle`; regular italic is `familyName-Italic`.
    public func fontName(for weight: FontWeight, style: FontStyle) -> String {
        let suffix = styleSuffix(for: style)
        let weightPart = (weight == .regular && !suffix.isEmpty) ? "" : weightName(for: weight)
        return "\(familyName)-\(weightPart)\(suffix)"
    }

    /// The OpenType weight names: Thin, ExtraLight, Light, Regular, Medium, SemiBold, Bold, ExtraBold, Black.
    public func weightName(for weight: FontWeight) -> String { weight.postScriptName }

    /// Empty for regular, `Italic` for italic.
    public func styleSuffix(for style: FontStyle) -> String { style == .italic ? "Italic" : "" }

    /// The next heavier supported weight; else the heaviest supported one if that is heavier than `weight`;
    /// else `weight` itself (Bold Text never makes text lighter).
    public func accessibilityBoldWeight(for weight: FontWeight) -> FontWeight {
        let weights = supportedWeights.sorted()
        if let next = weights.first(where: { $0 > weight }) { return next }
        return weight
    }
}

/// Compares family names the way Fontconfig does: ignoring case, spaces, hyphens and underscores, so that
/// `NotoSans`, `Noto Sans` and `noto-sans` are one family.
func familyKey(_ name: String) -> String {
    name.lowercased().filter { !" -_".contains($0) }
}
