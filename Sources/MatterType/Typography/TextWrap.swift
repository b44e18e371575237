/// How a paragraph's lines are chosen (CSS `text-wrap-style`).
public enum TextWrap: String, NamedChoice, CaseIterable, Sendable, Hashable, Codable {
    /// Greedy: each line holds as much as fits (CSS `wrap`/`auto`).
    case wrap
    /// Lines of even length, for headlines: paragraphs of at most 6 lines are rebroken so that every line's slack
    /// is as even as the line count allows (CSS `balance`, as Chromium does it).
    case balance
    /// Greedy, except that the last 4 lines of a paragraph are rebroken when the last is one short word (CSS
    /// `pretty`, as Chromium does it).
    case pretty
}
