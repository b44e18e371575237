/// Upright or italic.
public enum FontStyle: String, NamedChoice, CaseIterable, Sendable, Hashable, Codable {
    /// Upright.
    case regular
    /// Italic (or oblique).
    case italic

    /// Whether this is the italic style.
    public var isItalic: Bool { self == .italic }
}
