/// A typography resolved in an environment: the face, the scaled size and line height, and where the baseline
/// sits in each line box.
///
/// ```swift
/// let body = Typography(familyName: "Noto Sans", fontWeight: .regular, fontSize: 16, lineHeight: 24)
/// let resolved = try TypographyLayout(typography: body, environment: .init(contentSizeCategory: .accessibility5))
/// resolved.fontSize   // 49.88… (16 × 53 / 17)
/// resolved.lineHeight // 74.82… (24 × 53 / 17)
/// ```
public struct TypographyLayout: Sendable {
    /// The largest font size and line height accepted, in points.
    public static let maximumLength = 10_000.0

    /// The typography as given.
    public let typography: Typography
    /// The environment it was resolved in.
    public let environment: TypographyEnvironment
    /// Which face is used, and whether it is a fallback.
    public let font: FontResolution
    /// The Dynamic Type factor applied to size and line height (1 when fixed or at the default category).
    public let scaleFactor: Double
    /// The font size in points after Dynamic Type.
    public let fontSize: Double
    /// The line height in points after Dynamic Type: every line box is exactly this tall.
    public let lineHeight: Double
    /// `hhea.ascender` at ``fontSize``, in points.
    public let ascent: Double
    /// `|hhea.descender|` at ``fontSize``, in points.
    public let descent: Double
    /// The baseline's distance from the top of a line box: `(lineHeight − (ascent + descent)) / 2 + ascent`
    /// (half-leading, as CSS and Figma; may exceed the ascent or be less than it when the leading is negative).
    public let baselineOffset: Double
    /// Points after every grapheme cluster (not scaled by Dynamic Type).
    public let letterSpacing: Double
    /// Points the first line of a paragraph is indented by (not scaled).
    public let paragraphIndent: Double
    /// Points between paragraphs (not scaled).
    public let paragraphSpacing: Double
    /// The case applied before shaping.
    public let textCase: TextCase
    /// The decoration drawn.
    public let textDecoration: TextDecoration
    /// The underline stroke, from `post.underlinePosition` and `post.underlineThickness`.
    public let underline: DecorationStroke
    /// The strikethrough stroke, from `OS/2.yStrikeoutPosition` and `OS/2.yStrikeoutSize`.
    public let strikethrough: DecorationStroke

    /// The faces, features, language and size text is shaped with.
    let shaping: ShapingContext

    /// Resolves `typography` in `environment` against `registry`.
    ///
    /// - Parameter maximumScaleFactor: a cap on Dynamic Type growth from the caller; the smaller of this and
    ///   the typography's own cap wins.
    /// - Throws: ``LayoutError`` for sizes that are not finite and positive (or above 10,000 pt), for a
    ///   feature HarfBuzz cannot parse, or when no font can be loaded.
    public init(typography: Typography, environment: TypographyEnvironment = .default,
                registry: FontRegistry = .shared, maximumScaleFactor: Double? = nil) throws(LayoutError) {
        let limit = TypographyLayout.maximumLength
        try LayoutError.check("fontSize", typography.fontSize, in: .leastNonzeroMagnitude...limit,
                              allowed: "a size above 0 and at most 10000 points")
        try LayoutError.check("lineHeight", typography.lineHeight, in: .leastNonzeroMagnitude...limit,
                              allowed: "a line height above 0 and at most 10000 points")
        try LayoutError.check("letterSpacing", typography.letterSpacing, in: -limit...limit,
                              allowed: "a spacing between -10000 and 10000 points")
        try LayoutError.check("paragraphIndent", typography.paragraphIndent, in: -limit...limit,
                              allowed: "an indent between -10000 and 10000 points")
        try LayoutError.check("paragraphSpacing", typography.paragraphSpacing, in: -limit...limit,
                              allowed: "a spacing between -10000 and 10000 points")
        try LayoutError.check("displayScale", environment.displayScale, in: 0.25...8,
                              allowed: "1, 2 or 3 (any value from 0.25 to 8)")
        for cap in [typography.maximumScaleFactor, maximumScaleFactor].compactMap({ $0 }) {
            try LayoutError.check("maximumScaleFactor", cap, in: 0.01...100, allowed: "a factor from 0.01 to 100")
        }

        var factor = typography.isFixed ? 1 : typography.textStyle.scaleFactor(for: environment.contentSizeCategory)
        if !typography.isFixed {
            for cap in [typography.maximumScaleFactor, maximumScaleFactor].compactMap({ $0 }) {
                factor = min(factor, cap)
            }
        }
        let resolution: FontResolution
        do {
            switch typography.fontFamily {
            case .named(let name):
                resolution = try registry.resolve(familyName: name, weight: typography.fontWeight,
                                                  style: typography.fontStyle,
                                                  boldText: environment.isBoldTextEnabled)
            case .custom(let family):
                resolution = try registry.resolve(family: family, weight: typography.fontWeight,
                                                  style: typography.fontStyle,
                                                  boldText: environment.isBoldTextEnabled)
            }
        } catch {
            throw .noFont(error)
        }
        let face: FontFace
        do {
            face = try registry.face(for: resolution)
        } catch {
            throw .unloadableFont(error)
        }
        let features = try ShapingFeatures(typography.features, disablesLigatures: typography.letterSpacing != 0)
        // Further families count only where they resolve to a face of their own family.
        var familyFaces: [FontFace] = []
        for name in typography.fallbackFamilyNames {
            guard let further = try? registry.resolve(familyName: name, weight: resolution.requestedWeight,
                                                      style: typography.fontStyle),
                  !further.isFallback, let furtherFace = try? registry.face(for: further),
                  furtherFace !== face, !familyFaces.contains(where: { $0 === furtherFace }) else { continue }
            familyFaces.append(furtherFace)
        }

        self.typography = typography
        self.environment = environment
        font = resolution
        scaleFactor = factor
        fontSize = min(typography.fontSize * factor, limit)
        shaping = ShapingContext(face: face, familyFaces: familyFaces, features: features,
                                 language: typography.language, weight: resolution.requestedWeight,
                                 style: typography.fontStyle, fontSize: fontSize, registry: registry)
        lineHeight = min(typography.lineHeight * factor, limit)
        let metrics = face.metrics
        let unit = fontSize / Double(metrics.unitsPerEm)
        ascent = Double(metrics.ascender) * unit
        descent = Double(abs(metrics.descender)) * unit
        baselineOffset = (lineHeight - (ascent + descent)) / 2 + ascent
        letterSpacing = typography.letterSpacing
        paragraphIndent = typography.paragraphIndent
        paragraphSpacing = typography.paragraphSpacing
        textCase = typography.textCase
        textDecoration = typography.textDecoration
        // Both table fields give the top of the stroke, positive above the baseline (OpenType spec).
        underline = DecorationStroke(top: -Double(metrics.underlinePosition) * unit,
                                     thickness: Double(metrics.underlineThickness) * unit)
        strikethrough = DecorationStroke(top: -Double(metrics.strikeoutPosition) * unit,
                                         thickness: Double(metrics.strikeoutSize) * unit)
    }

    /// The paragraphs' base direction.
    public var direction: TextDirection { typography.direction }
}

/// A horizontal stroke relative to the baseline, in points.
public struct DecorationStroke: Sendable, Hashable {
    /// The stroke's top edge below the baseline (negative: above it).
    public let top: Double
    /// The stroke's thickness.
    public let thickness: Double
}
