/// The user's preferred text size, as in iOS Dynamic Type. The default is ``large``.
public enum ContentSizeCategory: String, NamedChoice, CaseIterable, Sendable, Hashable, Codable {
    /// xSmall.
    case xSmall
    /// small.
    case small
    /// medium.
    case medium
    /// large.
    case large
    /// xLarge.
    case xLarge
    /// xxLarge.
    case xxLarge
    /// xxxLarge.
    case xxxLarge
    /// accessibility1.
    case accessibility1
    /// accessibility2.
    case accessibility2
    /// accessibility3.
    case accessibility3
    /// accessibility4.
    case accessibility4
    /// accessibility5.
    case accessibility5

    /// The category's position from xSmall (0) to accessibility5 (11).
    var index: Int { ContentSizeCategory.allCases.firstIndex(of: self) ?? 3 }

    /// Whether this is one of the five accessibility sizes.
    public var isAccessibilityCategory: Bool { index >= ContentSizeCategory.accessibility1.index }
}
