import Foundation

/// A font weight on the OpenType / CSS scale: any whole number from 1 to 1000 (CSS Fonts 4 and the design
/// tokens format allow all of them), with the nine named weights as constants (100 thin … 900 black).
///
/// A variable font with a `wght` axis draws any weight inside its range exactly; a family of static faces
/// draws the nearest face by the CSS font-matching rules (see
/// ``FontRegistry/resolve(family:weight:style:boldText:fontSize:variations:)``).
///
/// YMatterType swapped thin and ultralight; MatterType follows OpenType: thin is 100, extraLight 200.
public struct FontWeight: RawRepresentable, Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The weight, 1…1000.
    public let rawValue: Int

    /// The weight `rawValue`, or `nil` outside 1…1000.
    public init?(rawValue: Int) {
        guard FontWeight.range.contains(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    private init(named value: Int) { rawValue = value }

    /// The weights a font may have: 1…1000.
    public static let range = 1...1000

    /// Thin, 100.
    public static let thin = FontWeight(named: 100)
    /// Extra light (ultralight), 200.
    public static let extraLight = FontWeight(named: 200)
    /// Light, 300.
    public static let light = FontWeight(named: 300)
    /// Regular (normal), 400.
    public static let regular = FontWeight(named: 400)
    /// Medium, 500.
    public static let medium = FontWeight(named: 500)
    /// Semibold (demibold), 600.
    public static let semibold = FontWeight(named: 600)
    /// Bold, 700.
    public static let bold = FontWeight(named: 700)
    /// Extra bold (ultrabold), 800.
    public static let extraBold = FontWeight(named: 800)
    /// Black (heavy), 900.
    public static let black = FontWeight(named: 900)

    /// Extra light under its other name.
    public static let ultralight = FontWeight.extraLight
    /// Extra bold under its other name.
    public static let heavy = FontWeight.extraBold

    /// The nine named weights, lightest first.
    public static let named: [FontWeight] = [.thin, .extraLight, .light, .regular, .medium, .semibold, .bold,
                                             .extraBold, .black]

    /// Whether this is one of the nine named weights (a multiple of 100 from 100 to 900).
    public var isNamed: Bool { rawValue % 100 == 0 && rawValue <= 900 }

    /// The weight named by `text`: a name or synonym ("SemiBold", "demibold", "heavy", "normal") or a whole
    /// number from 1 to 1000 ("600", "650"), case-insensitive. Returns `nil` for anything else.
    public init?(parsing text: String) {
        let trimmed = String(text.trimmingSpaces())
        if let number = Int(trimmed) {
            self.init(rawValue: number)
            return
        }
        guard let weight = FontWeight.synonyms[trimmed.lowercased().filter({ !" -_".contains($0) })] else {
            return nil
        }
        self = weight
    }

    /// The named weight closest to a weight class (ties go to the lighter weight).
    public init(nearestTo weightClass: Int) {
        let clamped = min(max(weightClass, 100), 900)
        self = FontWeight.named.min { abs($0.rawValue - clamped) < abs($1.rawValue - clamped) } ?? .regular
    }

    /// The weight's name in PostScript names: Thin, ExtraLight, Light, Regular, Medium, SemiBold, Bold,
    /// ExtraBold, Black; the nearest of those for a weight between them.
    public var postScriptName: String {
        let names = ["Thin", "ExtraLight", "Light", "Regular", "Medium", "SemiBold", "Bold", "ExtraBold", "Black"]
        return names[FontWeight(nearestTo: rawValue).rawValue / 100 - 1]
    }

    /// The weight's name as the CLI and error messages print it, e.g. `semibold`; the number for a weight
    /// between the named ones, e.g. `650`.
    public var description: String {
        guard isNamed else { return "\(rawValue)" }
        let names = ["thin", "extraLight", "light", "regular", "medium", "semibold", "bold", "extraBold", "black"]
        return names[rawValue / 100 - 1]
    }

    /// The next heavier named weight, or `nil` from black on.
    public var heavier: FontWeight? { FontWeight.named.first { $0 > self } }

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
        + "extraBold (heavy, ultrabold), black (extrablack), or a number from 1 to 1000"

    /// Encodes the number.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// Decodes a number from 1 to 1000 or a name ("semibold", "bold").
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            guard let weight = FontWeight(rawValue: number) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "weight \(number) is outside 1…1000")
            }
            self = weight
            return
        }
        let name = try container.decode(String.self)
        guard let weight = FontWeight(parsing: name) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "unknown weight \"\(name)\"; use \(FontWeight.acceptedSpellings)")
        }
        self = weight
    }
}
