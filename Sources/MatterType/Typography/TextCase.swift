
import Foundation
import MatterTypeICU

/// How text is cased before it is shaped.
public enum TextCase: String, NamedChoice, CaseIterable, Sendable, Hashable, Codable {
    /// As written.
    case none
    /// All lowercase (Unicode full mapping).
    case lowercase
    /// All uppercase (Unicode full mapping: "straße" → "STRASSE").
    case uppercase
    /// The first letter of each word in title case, the rest as written (as CSS `text-transform: capitalize`).
    case capitalize

    /// `text` in this case, as the language `language` (BCP 47; `nil`: no particular language) cases it, with
    /// ICU's full, context-sensitive mappings: "straße" → "STRASSE"; Turkish and Azeri dotted and dotless i
    /// ("istanbul" → "İSTANBUL" in `tr`); Lithuanian dot above; Greek final sigma in lowercase and no accents in
    /// uppercase (`el`); Dutch "ij" → "IJ" at a word's start in capitalize (`nl`). Capitalize title-cases the
    /// first letter of each word (ICU's word boundaries) and leaves the rest as written, as CSS does.
    public func apply(to text: String, language: String? = nil) -> String {
        let mode: CaseMapping.Mode
        switch self {
        case .none: return text
        case .lowercase: mode = .lowercase
        case .uppercase: mode = .uppercase
        case .capitalize: mode = .capitalize
        }
        guard !text.isEmpty, let mapped = CaseMapping.map(Array(text.utf8), mode: mode, language: language) else {
            return text
        }
        return String(decoding: mapped, as: UTF8.self)
    }
}

/// A line drawn with the text.
public enum TextDecoration: String, NamedChoice, CaseIterable, Sendable, Hashable, Codable {
    /// No line.
    case none
    /// A line at the font's underline position (`post.underlinePosition`, `post.underlineThickness`).
    case underline
    /// A line at the font's strikeout position (`OS/2.yStrikeoutPosition`, `OS/2.yStrikeoutSize`).
    case strikethrough
}
