import CHarfBuzz

/// One OpenType feature setting, as HarfBuzz parses `tnum`, `liga=0`, `-kern` or `aalt[3:5]=2`.
struct FeatureSetting: Sendable, Hashable {
    var tag: UInt32
    var value: UInt32
    var start: UInt32
    var end: UInt32
}

/// The features a typography shapes with: the caller's, then (with letter spacing) optional ligatures off.
struct ShapingFeatures: Sendable, Hashable {
    /// The settings, in order; later ones win.
    let settings: [FeatureSetting]
    /// Whether HarfBuzz inserts a dotted circle (U+25CC) before a mark with no base, as it does by default
    /// (HB_BUFFER_FLAG_DO_NOT_INSERT_DOTTED_CIRCLE when false). Part of the word caches' key.
    var insertsDottedCircle = true

    /// Parses `features` (HarfBuzz's syntax); with `disablesLigatures`, appends `liga=0 clig=0 dlig=0 hlig=0`
    /// as CSS does for letter spacing.
    /// - Throws: ``LayoutError/invalidFeature(_:)`` for a string HarfBuzz cannot parse.
    init(_ features: [String], disablesLigatures: Bool) throws(LayoutError) {
        var settings: [FeatureSetting] = []
        for feature in features {
            guard let setting = FeatureSetting(parsing: feature) else { throw .invalidFeature(feature) }
            settings.append(setting)
        }
        if disablesLigatures {
            for tag in ["liga", "clig", "dlig", "hlig"] {
                if let setting = FeatureSetting(parsing: "\(tag)=0") { settings.append(setting) }
            }
        }
        self.settings = settings
    }

    /// No features but HarfBuzz's defaults.
    static let none = ShapingFeatures(settings: [])

    private init(settings: [FeatureSetting]) {
        self.settings = settings
    }

    /// These features with `feature` (HarfBuzz's syntax) turned on first, so the caller's settings still win.
    func adding(_ feature: String) -> ShapingFeatures {
        guard let setting = FeatureSetting(parsing: feature) else { return self }
        var copy = ShapingFeatures(settings: [setting] + settings)
        copy.insertsDottedCircle = insertsDottedCircle
        return copy
    }

    /// These features with `feature` (HarfBuzz's syntax, e.g. `halt[3:4]`) applied last, so it wins.
    func appending(_ features: [String]) -> ShapingFeatures {
        var copy = ShapingFeatures(settings: settings + features.compactMap(FeatureSetting.init(parsing:)))
        copy.insertsDottedCircle = insertsDottedCircle
        return copy
    }
}

extension FeatureSetting {
    /// HarfBuzz's reading of a feature string, or `nil` when it cannot parse it.
    init?(parsing text: String) {
        var feature = hb_feature_t()
        let parsed = text.withCString { hb_feature_from_string($0, Int32(text.utf8.count), &feature) }
        guard parsed != 0, !text.isEmpty else { return nil }
        self.init(tag: feature.tag, value: feature.value, start: feature.start, end: feature.end)
    }
}
