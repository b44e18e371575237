import Foundation

/// A font weight on the OpenType / CSS scale (100 thin … 900 black).
///
/// YMatterType swapped thin and ultralight; MatterType follows OpenType: thin is 100, extraLight 200.
public enum FontWeight: Int, CaseIterable, Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// Thin, 100.
    case thin = 100
    /// Extra light (ultralight), 200.
    case extraLight = 200
    /// Light, 300.
    case light = 300
    /// Regular (normal), 400.
    case regular = 400
    /// Medium, 500.
    case medium = 500
    /// Semibold (demibold), 600.
    case semibold = 600
    /// Bold, 700.
    case bold = 700
    /// Extra bold (ultrabold), 800.
    case extraBold = 800
    /// Black (heavy), 900.
    case black = 900

    /// Extra light under its other name.
    public static let ultralight = FontWeight.extraLight
    /// Extra bold under its other name.
    public static let heavy = FontWeight.extraBold

    /// The weight named by `text`: a name or synonym ("SemiBold", "demibold", "heavy", "normal") or a number
    /// ("600"), case-insensitive. Returns `nil` for anything else.
    public init?(parsing text: String) {
        if let number = Int(text.trimmingCharacters(in: .whitespaces)) {
            guard let weight = FontWeight(rawValue: number) else { return nil }
            self = weight
            return
        }
        guard let weight = FontWeight.synonyms[text.lowercased().filter({ !" -_".contains($0) })] else {
            return nil
        }
        self = weight
    }

    /// The named weight closest to an OS/2 `usWeightClass` value (ties go to the lighter weight).
    public init(nearestTo weightClass: Int) {
        let clamped = min(max(weightClass, 100), 900)
        self = FontWeight.allCases.min { abs($0.rawValue - clamped) < abs($1.rawValue - clamped) } ?? .regular
    }

    /// The weight's name in PostScript names: Thin, ExtraLight, Light, Regular, Medium, SemiBold, Bold,
    /// ExtraBold, Black.
    public var postScriptName: String {
        switch self {
        case .thin: "Thin"
        case .extraLight: "ExtraLight"
        case .light: "Light"
        case .regular: "Regular"
        case .medium: "Medium"
        case .semibold: "SemiBold"
        case .bold: "Bold"
        case .extraBold: "ExtraBold"
        case .black: "Black"
        }
    }

    /// The weight's name as the CLI and error messages print it, e.g. `semibold`.
    public var description: String {
        switch self {
        case .thin: "thin"
        case .extraLight: "extraLight"
        case .light: "light"
        case .regular: "regular"
        case .medium: "medium"
        case .semibold: "semibold"
        case .bold: "bold"
        case .extraBold: "extraBold"
        case .black: "black"
        }
    }

    /// The next heavier weight on the scale, or `nil` for black.
    public var heavier: FontWeight? { FontWeight(rawValue: rawValue + 100) }

    /// Every accepted spelling, without spaces, hyphens or underscores, lowercased.
    private static let synonyms: [String: FontWeight] = [
        "thin": .thin, "hairline": .thin,
        "extralight": .extraLight, "ultralight": .extraLight,
        "light": .light,
        "regular": .regular, "normal": .regular, "book": .regular, "plain": .regular,
        "medium": .medium,
        "semibold": .semibold, "demibold": .semibold, "demi": .semibold,
        "bold": .bold,
        "extrabold": .extraBold, "ultrabold": .extraBold, "heavy": .extraBold,
        "black": .black, "extrablack": .black, "ultrablack": .black,
    ]

    public static func < (lhs: FontWeight, rhs: FontWeight) -> Bool { lhs.rawValue < rhs.rawValue }

    /// All accepted forms, for error messages.
    public static let acceptedSpellings =
        "thin, extraLight (ultralight), light, regular (normal), medium, semibold (demibold), bold, "
        + "extraBold (heavy, ultrabold), black (extrablack), or 100, 200, … 900"
}
