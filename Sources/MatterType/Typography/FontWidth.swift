import Foundation

/// A font width (CSS `font-width`, formerly `font-stretch`) as a percentage of the normal width: 50 % (ultra
/// condensed) to 200 % (ultra expanded), with the nine CSS keywords as constants.
///
/// A static face's width is its OS/2 `usWidthClass` (1…9, read as the keyword of the same rank, 5 = normal =
/// 100 %); a variable face with a `wdth` axis draws any width inside its range exactly (the axis is in percent,
/// as Fontconfig's `width` is). Matching prefers the width asked for, normal when none is asked.
public struct FontWidth: RawRepresentable, Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The width in percent of normal, 50…200.
    public let rawValue: Double

    /// The width `rawValue` percent, or `nil` outside 50…200 or not finite.
    public init?(rawValue: Double) {
        guard rawValue.isFinite, FontWidth.range.contains(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    private init(keyword value: Double) { rawValue = value }

    /// The widths a font may have, in percent: 50…200 (CSS Fonts 4).
    public static let range = 50.0...200.0

    /// Ultra condensed, 50 %.
    public static let ultraCondensed = FontWidth(keyword: 50)
    /// Extra condensed, 62.5 %.
    public static let extraCondensed = FontWidth(keyword: 62.5)
    /// Condensed, 75 %.
    public static let condensed = FontWidth(keyword: 75)
    /// Semi condensed, 87.5 %.
    public static let semiCondensed = FontWidth(keyword: 87.5)
    /// Normal, 100 %.
    public static let normal = FontWidth(keyword: 100)
    /// Semi expanded, 112.5 %.
    public static let semiExpanded = FontWidth(keyword: 112.5)
    /// Expanded, 125 %.
    public static let expanded = FontWidth(keyword: 125)
    /// Extra expanded, 150 %.
    public static let extraExpanded = FontWidth(keyword: 150)
    /// Ultra expanded, 200 %.
    public static let ultraExpanded = FontWidth(keyword: 200)

    /// The nine keyword widths, narrowest first; index + 1 is the OS/2 `usWidthClass`.
    public static let keywords: [FontWidth] = [.ultraCondensed, .extraCondensed, .condensed, .semiCondensed,
                                               .normal, .semiExpanded, .expanded, .extraExpanded, .ultraExpanded]

    /// The width of an OS/2 `usWidthClass` (1…9); values outside that range are normal, as browsers read them.
    public init(widthClass: Int) {
        self = FontWidth.keywords.indices.contains(widthClass - 1) ? FontWidth.keywords[widthClass - 1] : .normal
    }

    /// The width named by `text`: a CSS keyword in any case, with or without separators ("condensed",
    /// "semi-expanded", "SemiCondensed"), or a percentage from 50 to 200 ("75%", "87.5"). `nil` for anything else.
    public init?(parsing text: String) {
        let trimmed = String(text.trimmingSpaces())
        let number = trimmed.hasSuffix("%") ? String(trimmed.dropLast()) : trimmed
        if let value = Double(number) {
            self.init(rawValue: value)
            return
        }
        let key = trimmed.lowercased().filter { !" -_".contains($0) }
        guard let index = FontWidth.names.firstIndex(where: { $0.lowercased() == key }) else { return nil }
        self = FontWidth.keywords[index]
    }

    /// The CSS keyword names, in the order of ``keywords``.
    private static let names = ["ultraCondensed", "extraCondensed", "condensed", "semiCondensed", "normal",
                                "semiExpanded", "expanded", "extraExpanded", "ultraExpanded"]

    /// The keyword (`condensed`) when the width is one, else the percentage (`80%`).
    public var description: String {
        if let index = FontWidth.keywords.firstIndex(of: self) { return FontWidth.names[index] }
        return rawValue.rounded() == rawValue ? "\(Int(rawValue))%" : "\(rawValue)%"
    }

    /// All accepted forms, for error messages.
    public static let acceptedSpellings = "ultraCondensed, extraCondensed, condensed, semiCondensed, normal, "
        + "semiExpanded, expanded, extraExpanded, ultraExpanded, or a percentage from 50% to 200%"

    public static func < (lhs: FontWidth, rhs: FontWidth) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Encodes the keyword or the percentage as a string (`"condensed"`, `"80%"`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Decodes a keyword, a percentage string (`"75%"`) or a number of percent (`75`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Double.self) {
            guard let width = FontWidth(rawValue: number) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "width \(number) is outside 50…200 percent")
            }
            self = width
            return
        }
        let name = try container.decode(String.self)
        guard let width = FontWidth(parsing: name) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "unknown width \"\(name)\"; use \(FontWidth.acceptedSpellings)")
        }
        self = width
    }
}
