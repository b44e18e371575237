/// A typography resolved in an environment: the face, the scaled size and line height, and where the baseline
/// sits in each line box.
///
/// ```swift
/// let body = Typography(family: "Noto Sans", fontSize: 16, lineHeight: 24)
/// let resolved = try TypographyLayout(typography: body, environment: .init(contentSizeCategory: .accessibility5))
/// resolved.fontSize   // 49.88… (16 × 53 / 17)
/// resolved.lineHeight // 74.82… (24 × 53 / 17)
/// ```
///
/// Immutable, so a class: every layout keeps its typography, and a reference is one retain where a copy of
/// the resolved values (a dozen strings, arrays and faces) was dozens.
///
/// What resolving changes (``fontSize`` and ``lineHeight`` after Dynamic Type, the face, the metrics) is its own;
/// every other property of the ``typography`` reads through it unchanged (`resolved.letterSpacing`,
/// `resolved.language`), without a copy.
@dynamicMemberLookup
public final class TypographyLayout: Sendable {
    /// The largest font size and line height accepted, in points.
    public static let maximumLength = 10_000.0

    /// The typography as given.
    public let typography: Typography
    /// The environment it was resolved in.
    public let environment: TypographyEnvironment
    /// Which face is used, and whether it is a fallback.
    public let font: FontResolution
    /// Which family of the typography's list (its family and fallback families, as CSS `font-family`) the face
    /// is of: the first that has a face here. `nil` for a custom ``FontFamily``.
    public let familyChoice: FamilyChoice?
    /// The Dynamic Type factor applied to size and line height (1 when fixed or at the default category).
    public let scaleFactor: Double
    /// The font size in points after Dynamic Type.
    public let fontSize: Double
    /// The line height in points after Dynamic Type (the font's own ascender + |descender| + line gap when the
    /// typography ``Typography/usesFontLineHeight``): every line box is exactly this tall.
    public let lineHeight: Double
    /// `hhea.ascender` at ``fontSize``, in points.
    public let ascent: Double
    /// `|hhea.descender|` at ``fontSize``, in points.
    public let descent: Double
    /// `hhea.lineGap` at ``fontSize``, in points (reported, not used: line boxes are ``lineHeight`` tall).
    public let lineGap: Double
    /// The baseline's distance from the top of a line box: `(lineHeight − (ascent + descent)) / 2 + ascent`
    /// (half-leading, as CSS and Figma; may exceed the ascent or be less than it when the leading is negative).
    public let baselineOffset: Double
    /// The cap height at ``fontSize``, in points (`OS/2.sCapHeight`, else the top of "H").
    public let capHeight: Double
    /// The x-height at ``fontSize``, in points (`OS/2.sxHeight`, else the top of "x").
    public let xHeight: Double
    /// The underline stroke, from `post.underlinePosition` and `post.underlineThickness`.
    public let underline: DecorationStroke
    /// The strikethrough stroke, from `OS/2.yStrikeoutPosition` and `OS/2.yStrikeoutSize`.
    public let strikethrough: DecorationStroke

    /// The faces, features, language and size text is shaped with.
    let shaping: ShapingContext
    /// What is added after clusters (letter spacing…).
    let spacing: ClusterSpacing
    /// The style table of a plain text in this typography, made once so that laying text out allocates none.
    let styleTable: StyleTable
    /// How far the leading trim moves the block's top down (the first line's baseline offset above its over
    /// edge) and its bottom up (the part of a line box below its under edge), in points; 0 where not trimmed.
    /// Negative when the line height is shorter than the edges (the box then grows, as in CSS).
    var trims: (start: Double, end: Double) {
        let textBox = typography.textBox
        let over = switch textBox.over {
        case .text: ascent
        case .cap: capHeight
        case .ex: xHeight
        }
        let under = textBox.under == .text ? descent : 0
        return (textBox.trimsStart ? baselineOffset - over : 0,
                textBox.trimsEnd ? lineHeight - baselineOffset - under : 0)
    }

    /// The span styles resolved on top of this typography.
    let spanStyles = SpanStyleCache()

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
        try LayoutError.check("paragraphIndent", typography.paragraphIndent, in: -limit...limit,
                              allowed: "an indent between -10000 and 10000 points")
        try LayoutError.check("paragraphSpacing", typography.paragraphSpacing, in: -limit...limit,
                              allowed: "a spacing between -10000 and 10000 points")
        try LayoutError.check("displayScale", environment.displayScale, in: 0.25...8,
                              allowed: "1, 2 or 3 (any value from 0.25 to 8)")
        for cap in [typography.maximumScaleFactor, maximumScaleFactor].compactMap({ $0 }) {
            try LayoutError.check("maximumScaleFactor", cap, in: 0.01...100, allowed: "a factor from 0.01 to 100")
        }
        let families = [typography.familyName] + typography.fallbackFamilyNames
        guard families.count <= Typography.maximumFamilyCount else {
            throw .tooManyFamilies(count: families.count, limit: Typography.maximumFamilyCount)
        }
        if let long = families.first(where: { $0.count > Typography.maximumFamilyNameLength }) {
            throw .familyNameTooLong(length: long.count, limit: Typography.maximumFamilyNameLength)
        }

        var factor = typography.isFixed ? 1 : typography.textStyle.scaleFactor(for: environment.contentSizeCategory)
        if !typography.isFixed {
            for cap in [typography.maximumScaleFactor, maximumScaleFactor].compactMap({ $0 }) {
                factor = min(factor, cap)
            }
        }
        let fontSize = min(typography.fontSize * factor, limit)
        // As CSS: the first family of the list that has a face draws; the ones after it fill what it lacks.
        var drawn = typography
        let choice: FamilyChoice?
        if case .named = typography.fontFamily {
            let found = registry.familyChoice(in: families)
            if found.index > 0 {
                drawn.fontFamily = .named(found.family)
                drawn.fallbackFamilyNames = Array(families[(found.index + 1)...])
            }
            choice = found
        } else {
            choice = nil
        }
        let (resolution, face) = try TypographyLayout.face(for: drawn, environment: environment,
                                                           fontSize: fontSize, registry: registry)
        let spacing = try ClusterSpacing(typography)
        let features = try ShapingFeatures(typography.features, disablesLigatures: spacing.spacesLetters)
        // Further families count only where they resolve to a face of their own family.
        var familyFaces: [FontFace] = []
        for listed in drawn.fallbackFamilyNames {
            // A generic name (`monospace`) stands for the family Fontconfig answers for it.
            let single = registry.familyChoice(in: [listed])
            let name = single.generic ?? listed
            guard single.found, !registry.familyCandidates(name).isEmpty,
                  let further = try? registry.resolve(familyName: name, weight: resolution.requestedWeight,
                                                      style: typography.fontStyle, width: typography.fontWidth,
                                                      fontSize: fontSize,
                                                      variations: typography.variations),
                  !further.isFallback, let furtherFace = try? registry.face(for: further),
                  furtherFace !== face, !familyFaces.contains(where: { $0 === furtherFace }) else { continue }
            familyFaces.append(furtherFace)
        }

        self.typography = typography
        self.environment = environment
        font = resolution
        familyChoice = choice
        scaleFactor = factor
        self.fontSize = fontSize
        shaping = ShapingContext(face: face, familyFaces: familyFaces, features: features,
                                 language: typography.language, weight: resolution.requestedWeight,
                                 style: typography.fontStyle, fontSize: fontSize, registry: registry,
                                 verticalOrientation: typography.writingMode.isVertical
                                     ? typography.textOrientation : nil,
                                 combinesUpright: typography.writingMode.isVertical
                                     && typography.textCombineUpright == .all)
        let metrics = face.metrics
        let unit = fontSize / Double(metrics.unitsPerEm)
        lineHeight = typography.usesFontLineHeight
            ? max(Double(metrics.ascender - metrics.descender + max(metrics.lineGap, 0)) * unit, 1e-3)
            : min(typography.lineHeight * factor, limit)
        ascent = Double(metrics.ascender) * unit
        descent = Double(abs(metrics.descender)) * unit
        lineGap = Double(metrics.lineGap) * unit
        capHeight = Double(metrics.capHeight) * unit
        xHeight = Double(metrics.xHeight) * unit
        baselineOffset = (lineHeight - (ascent + descent)) / 2 + ascent
        // Both table fields give the top of the stroke, positive above the baseline (OpenType spec).
        underline = DecorationStroke(top: -Double(metrics.underlinePosition) * unit,
                                     thickness: Double(metrics.underlineThickness) * unit)
        strikethrough = DecorationStroke(top: -Double(metrics.strikeoutPosition) * unit,
                                         thickness: Double(metrics.strikeoutSize) * unit)
        let stroke: DecorationStroke? = switch typography.textDecoration {
        case .none: nil
        case .underline: underline
        case .strikethrough: strikethrough
        }
        self.spacing = spacing
        styleTable = StyleTable([StyleTable.Entry(shaping: shaping, spacing: spacing, stroke: stroke,
                                                  color: nil)])
    }

    /// The resolution of `typography`'s family and its face. Resolving and loading are two steps: a font replaced
    /// in between (same PostScript name, a new file) makes the first answer stale, so it is resolved again — a
    /// replacement is atomic for readers, never "not registered".
    private static func face(for typography: Typography, environment: TypographyEnvironment, fontSize: Double,
                             registry: FontRegistry) throws(LayoutError) -> (FontResolution, FontFace) {
        let family: any FontFamily = switch typography.fontFamily {
        case .named(let name): DefaultFontFamilyFactory(registry: registry).fontFamily(named: name)
        case .custom(let family): family
        }
        var attempt = 0
        while true {
            attempt += 1
            let resolution: FontResolution
            do {
                resolution = try registry.resolve(family: family, weight: typography.fontWeight,
                                                  style: typography.fontStyle, width: typography.fontWidth,
                                                  boldText: environment.isBoldTextEnabled,
                                                  fontSize: fontSize, variations: typography.variations,
                                                  askedName: typography.familyName)
            } catch {
                throw .noFont(error)
            }
            do {
                return (resolution, try registry.face(for: resolution))
            } catch {
                guard case .notRegistered = error, attempt < 8 else { throw .unloadableFont(error) }
            }
        }
    }

    /// This typography as an entry of a ``StyleTable``.
    var styleEntry: StyleTable.Entry {
        StyleTable.Entry(shaping: shaping, spacing: spacing, stroke: styleTable.strokes[0], color: nil)
    }

    /// A property of the ``typography`` as given (`letterSpacing`, `textBox`, `language`…). Always inlined, so
    /// that a literal key path is a plain field read, not a key path applied at run time.
    @inline(__always)
    public subscript<Value>(dynamicMember keyPath: KeyPath<Typography, Value>) -> Value {
        typography[keyPath: keyPath]
    }
}

/// The span styles of styled texts laid out with one paragraph typography, resolved once: span styles repeat from
/// one layout to the next. Held by the paragraph's ``TypographyLayout``, not by the registry, which the resolved
/// typographies refer to (a cache there would keep the registry alive forever).
final class SpanStyleCache: Sendable {
    /// By the span's typography (environment and registry are the paragraph's, the same for every entry).
    private let entries = BoundedCache<Typography, TypographyLayout>("span_styles", limit: 256)

    /// `typography` resolved as by ``TypographyLayout/init(typography:environment:registry:maximumScaleFactor:)``,
    /// or the same resolution made before.
    func resolved(_ typography: Typography, environment: TypographyEnvironment, registry: FontRegistry,
                  maximumScaleFactor: Double?) throws(LayoutError) -> TypographyLayout {
        try entries.value(for: typography) { () throws(LayoutError) in
            try TypographyLayout(typography: typography, environment: environment, registry: registry,
                                 maximumScaleFactor: maximumScaleFactor)
        }
    }
}

/// A horizontal stroke relative to the baseline, in points.
public struct DecorationStroke: Sendable, Hashable {
    /// The stroke's top edge below the baseline (negative: above it).
    public let top: Double
    /// The stroke's thickness.
    public let thickness: Double
}
