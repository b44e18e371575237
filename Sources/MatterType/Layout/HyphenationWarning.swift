/// Why text laid out with ``Hyphens/auto`` was not hyphenated (``TextLayout/hyphenationWarnings``).
public enum HyphenationWarning: Sendable, Hashable, CustomStringConvertible {
    /// The text has no language (``Typography/language``), so no dictionary could be chosen (CSS hyphenates
    /// only text whose language is known).
    case noLanguage
    /// No hyphenation dictionary is installed for the language (a BCP 47 tag as given).
    case noDictionary(language: String)

    /// One line saying what was not hyphenated and what to do.
    public var description: String {
        switch self {
        case .noLanguage:
            return "hyphens auto needs the text's language (--language, \"language\"); the text is not hyphenated"
        case .noDictionary(let language):
            let names = HyphenationDictionary.fileNames(forLanguage: language)
            let looked = names.isEmpty ? "" : " (looked for " + names.joined(separator: ", ") + " in "
                + HyphenationDictionary.directories.joined(separator: " and ") + ")"
            return "no hyphenation dictionary for language \"\(language)\"\(looked); install one (Debian: a "
                + "hyphen-* package such as hyphen-en-us, hyphen-de, hyphen-fr); the text is not hyphenated"
        }
    }
}
