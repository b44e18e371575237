/// A Dynamic Type text style: which of Apple's size curves scales a typography.
public enum TextStyle: String, NamedChoice, CaseIterable, Sendable, Hashable, Codable {
    /// Large title.
    case largeTitle
    /// Title 1.
    case title1
    /// Title 2.
    case title2
    /// Title 3.
    case title3
    /// Headline.
    case headline
    /// Body (the default).
    case body
    /// Callout.
    case callout
    /// Subheadline.
    case subheadline
    /// Footnote.
    case footnote
    /// Caption 1.
    case caption1
    /// Caption 2.
    case caption2

    /// Apple's point size for this style at `category`.
    public func pointSize(for category: ContentSizeCategory) -> Double {
        TextStyle.table[self]?.sizes[category.index] ?? 17
    }

    /// Apple's leading (line height, points) for this style at `category`.
    public func leading(for category: ContentSizeCategory) -> Double {
        TextStyle.table[self]?.leadings[category.index] ?? 22
    }

    /// How much `category` scales this style relative to the default category (large).
    public func scaleFactor(for category: ContentSizeCategory) -> Double {
        pointSize(for: category) / pointSize(for: .large)
    }

    /// Apple Human Interface Guidelines, Typography > Specifications, iOS Dynamic Type sizes: point size and
    /// leading per category, xSmall … accessibility5. Generated from `shared/data/dynamic-type.json`.
    private static let table: [TextStyle: (sizes: [Double], leadings: [Double])] = [
        .largeTitle: (sizes: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60],
                           leadings: [38, 39, 40, 41, 43, 46, 48, 52, 57, 61, 66, 70]),
        .title1: (sizes: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58],
                       leadings: [31, 32, 33, 34, 37, 39, 41, 46, 51, 57, 62, 68]),
        .title2: (sizes: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56],
                       leadings: [24, 25, 26, 28, 30, 32, 34, 41, 47, 52, 59, 66]),
        .title3: (sizes: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55],
                       leadings: [22, 23, 24, 25, 28, 30, 32, 38, 44, 51, 58, 65]),
        .headline: (sizes: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
                         leadings: [19, 20, 21, 22, 24, 26, 29, 34, 40, 48, 56, 62]),
        .body: (sizes: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
                     leadings: [19, 20, 21, 22, 24, 26, 29, 34, 40, 48, 56, 62]),
        .callout: (sizes: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51],
                        leadings: [18, 19, 20, 21, 23, 25, 28, 32, 39, 46, 52, 60]),
        .subheadline: (sizes: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49],
                            leadings: [16, 18, 19, 20, 22, 24, 28, 31, 37, 43, 50, 58]),
        .footnote: (sizes: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44],
                         leadings: [16, 16, 16, 18, 20, 22, 24, 29, 33, 40, 46, 52]),
        .caption1: (sizes: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43],
                         leadings: [13, 13, 13, 16, 19, 21, 23, 28, 32, 39, 44, 51]),
        .caption2: (sizes: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40],
                         leadings: [13, 13, 13, 13, 18, 20, 22, 25, 30, 35, 41, 48]),
    ]
}
