/// Where words may be hyphenated at a line end (CSS `hyphens`).
public enum Hyphens: String, NamedChoice, CaseIterable, Sendable, Hashable, Codable {
    /// Never: not even at soft hyphens (U+00AD), which then do not allow a break.
    case none
    /// Only at soft hyphens in the text (the default).
    case manual
    /// At soft hyphens, and inside words where the hyphenation dictionary of the text's
    /// ``Typography/language`` allows it (the LibreOffice pattern dictionaries Debian ships in
    /// `/usr/share/hyphen`: `hyphen-en-us`, `hyphen-de`, `hyphen-fr`, …). Words shorter than 5 letters are never
    /// hyphenated, at least 2 letters (or the dictionary's `LEFTHYPHENMIN`/`RIGHTHYPHENMIN`) stay on each side,
    /// and capitalized English words are left whole (as Chromium). A word with a soft hyphen keeps only its
    /// soft hyphens. Without a language or an installed dictionary for it, nothing is hyphenated and the layout
    /// says why (``TextLayout/hyphenationWarnings``).
    case auto
}
