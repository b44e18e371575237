/// The reader's settings a typography is resolved in: Dynamic Type size, Bold Text, and display scale.
public struct TypographyEnvironment: Sendable, Hashable, Codable {
    /// The preferred text size; ``ContentSizeCategory/large`` leaves typographies unscaled.
    public var contentSizeCategory: ContentSizeCategory
    /// Whether the Bold Text accessibility setting is on.
    public var isBoldTextEnabled: Bool
    /// Device pixels per point: 1, 2 or 3 (@1x, @2x, @3x). Layout is in points; rasterizing multiplies by this.
    public var displayScale: Double

    /// An environment; the defaults are the ones nobody changed: large, no Bold Text, @1x.
    public init(contentSizeCategory: ContentSizeCategory = .large, isBoldTextEnabled: Bool = false,
                displayScale: Double = 1) {
        self.contentSizeCategory = contentSizeCategory
        self.isBoldTextEnabled = isBoldTextEnabled
        self.displayScale = displayScale
    }

    /// The default environment.
    public static let `default` = TypographyEnvironment()
}
