/// Everything layout needs to shape a typography's text: its faces, features, language and size, and the
/// registry that fallback faces come from. One per ``TypographyLayout``; shared by every layout made with it.
struct ShapingContext: Sendable {
    /// The typography's resolved face.
    let face: FontFace
    /// Faces of the typography's further families (CSS `font-family` order) that resolved to their own family.
    let familyFaces: [FontFace]
    /// The features every run is shaped with.
    let features: ShapingFeatures
    /// The features CJK runs are shaped with: ``features`` and `chws`, the font's contextual half-width spacing
    /// between adjacent punctuation (what Chromium's default `text-spacing-trim: normal` uses it for).
    let cjkFeatures: ShapingFeatures
    /// The features CJK runs set upright in a column are shaped with: ``features`` and `vchw`, `chws`'s vertical
    /// counterpart (``features`` alone in horizontal text, which never uses them).
    let cjkVerticalFeatures: ShapingFeatures
    /// The typography's BCP 47 language, for HarfBuzz and fallback, or `nil`.
    let language: String?
    /// The weight and style fallback faces are looked up at.
    let weight: FontWeight
    let style: FontStyle
    /// The font size in points, after Dynamic Type: every face is scaled to it with its own units per em.
    let fontSize: Double
    /// Where fallback faces come from.
    let registry: FontRegistry
    /// How characters stand in a vertical line; `nil` in horizontal text.
    let verticalOrientation: TextOrientation?
    /// Whether the text is set across its vertical line in one em (``TextCombineUpright/all`` in a column).
    let combinesUpright: Bool

    init(face: FontFace, familyFaces: [FontFace], features: ShapingFeatures, language: String?,
         weight: FontWeight, style: FontStyle, fontSize: Double, registry: FontRegistry,
         verticalOrientation: TextOrientation? = nil, combinesUpright: Bool = false) {
        self.face = face
        self.familyFaces = familyFaces
        self.features = features
        cjkFeatures = features.adding("chws")
        cjkVerticalFeatures = verticalOrientation == nil ? features : features.adding("vchw")
        self.language = language
        self.weight = weight
        self.style = style
        self.fontSize = fontSize
        self.registry = registry
        self.verticalOrientation = verticalOrientation
        self.combinesUpright = combinesUpright
    }

    /// This context shaping with other features.
    func with(features: ShapingFeatures) -> ShapingContext {
        ShapingContext(face: face, familyFaces: familyFaces, features: features, language: language, weight: weight,
                       style: style, fontSize: fontSize, registry: registry, verticalOrientation: verticalOrientation,
                       combinesUpright: combinesUpright)
    }

    /// Points per font unit of `face` at ``fontSize``.
    func pointsPerUnit(_ face: FontFace) -> Double { fontSize / Double(face.metrics.unitsPerEm) }
}
