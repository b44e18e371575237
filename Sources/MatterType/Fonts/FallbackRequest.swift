/// What a fallback face is looked up for, besides the characters: the weight and style of the typography, its
/// language, and whether a color (emoji) or text face is preferred.
struct FallbackRequest: Sendable, Hashable {
    var weight: FontWeight
    var style: FontStyle
    /// The typography's BCP 47 language, or `nil`.
    var language: String?
    /// `true` prefers color faces, `false` text faces, `nil` neither.
    var prefersColor: Bool?

    /// The language as Fontconfig spells it (RFC 3066 with lowercase parts): the script subtags of Chinese
    /// become the regions whose fonts Fontconfig knows (zh-Hans → zh-cn, zh-Hant → zh-tw); other tags keep
    /// their language and region.
    var fontconfigLanguage: String? {
        guard let language, !language.isEmpty else { return nil }
        let parts = language.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let primary = parts.first else { return nil }
        if primary == "zh" {
            if parts.contains("hant") || parts.contains("tw") { return "zh-tw" }
            if parts.contains("hk") || parts.contains("mo") { return parts.contains("hans") ? "zh-cn" : "zh-hk" }
            return "zh-cn"
        }
        if parts.count > 1, parts[1].count == 2 { return "\(primary)-\(parts[1])" }
        return primary
    }
}
