/// The number of entries a cache holds and the most it may hold.
public struct CacheSize: Sendable, Hashable {
    /// The cache's name, as `/metrics` labels it (`fallback_answers`).
    public let name: String
    /// Entries held now.
    public let entries: Int
    /// The most it holds.
    public let limit: Int
}

extension FontRegistry {
    /// The sizes of the caches whose keys come from what is laid out (characters, languages, features,
    /// coordinates), each with its bound, for monitoring (`/metrics`): every one of them stays within its limit
    /// however varied the text. The registry's own caches and the stages' caches that every registry shares.
    public var cacheSizes: [CacheSize] {
        [CacheSize(name: "fallback_answers", entries: fallbackFaces.count, limit: fallbackFaces.limit),
         CacheSize(name: "fallback_orders", entries: matcher.fallbackOrderCount, limit: FontMatcher.maximumFallbackSorts),
         CacheSize(name: "face_instances", entries: instances.count, limit: instances.limit),
         CacheSize(name: "shape_plan_languages", entries: ShapePlanLanguages.shared.count,
                   limit: ShapePlanLanguages.limit),
         CacheSize(name: "word_caches", entries: WordCache.all.count, limit: WordCache.all.limit),
         CacheSize(name: "raster_faces", entries: RasterFace.all.count, limit: RasterFace.all.limit),
         CacheSize(name: "hyphenation_languages", entries: HyphenationDictionary.languageCache.count,
                   limit: HyphenationDictionary.languageCache.limit)]
    }
}
