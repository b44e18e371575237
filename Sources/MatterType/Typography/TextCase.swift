import Foundation

/// How text is cased before it is shaped.
public enum TextCase: String, CaseIterable, Sendable, Hashable, Codable {
    /// As written.
    case none
    /// All lowercase (Unicode full mapping).
    case lowercase
    /// All uppercase (Unicode full mapping: "straße" → "STRASSE").
    case uppercase
    /// The first letter of each word in title case, the rest as written (as CSS `text-transform: capitalize`).
    case capitalize

    /// `text` in this case.
    public func apply(to text: String) -> String {
        switch self {
        case .none: return text
        case .lowercase: return text.lowercased()
        case .uppercase: return text.uppercased()
        case .capitalize:
            var result = ""
            result.reserveCapacity(text.utf8.count)
            var previous: Character?
            for character in text {
                let startsWord = character.isLetter && !(previous.map(TextCase.continuesWord) ?? false)
                // Foundation's `capitalized` gives the title-case mapping ("ß" → "Ss", "ǆ" → "ǅ").
                result += startsWord ? String(character).capitalized : String(character)
                previous = character
            }
            return result
        }
    }

    /// Whether a character continues a word, so the letter after it does not start one ("don't", "x2y").
    private static func continuesWord(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "'" || character == "\u{2019}"
            || character.unicodeScalars.allSatisfy { $0.properties.generalCategory == .nonspacingMark }
    }
}

/// A line drawn with the text.
public enum TextDecoration: String, CaseIterable, Sendable, Hashable, Codable {
    /// No line.
    case none
    /// A line at the font's underline position (`post.underlinePosition`, `post.underlineThickness`).
    case underline
    /// A line at the font's strikeout position (`OS/2.yStrikeoutPosition`, `OS/2.yStrikeoutSize`).
    case strikethrough
}
