/// What layout and drawing need of a layout's styles, one entry per style (the paragraph's first), built once:
/// a plain text uses the one its ``TypographyLayout`` made when it was resolved, so laying it out allocates none.
/// A class: every stage holds it, and a reference is one retain where a struct of these arrays would be nine.
final class StyleTable: Sendable {
    /// Each style's shaping context.
    let contexts: [ShapingContext]
    /// What each style adds after clusters.
    let spacings: [ClusterSpacing]
    /// Each style's underline or strikethrough stroke, if it has one.
    let strokes: [DecorationStroke?]
    /// Each style's font size (after Dynamic Type), in points.
    let fontSizes: [Double]
    /// Each style's color, `nil` for the renderer's.
    let colors: [Color?]
    /// For each style, the first style shaped exactly like it (same face, families, size, features, language and
    /// spacing): runs split only where this changes, so a change of color alone keeps words whole.
    let shapingGroups: [Int]
    /// The styles' primary faces, without repeats, and each style's index among them.
    let primaryFaces: [FontFace]
    let primaryFaceOfStyle: [Int]
    /// Whether every primary face has a glyph for each printable ASCII character (itemization's fast path).
    let primaryFacesCoverASCII: Bool
    /// Whether any style draws an underline or strikethrough.
    let hasStrokes: Bool

    /// One style's entry.
    struct Entry {
        var shaping: ShapingContext
        var spacing: ClusterSpacing
        var stroke: DecorationStroke?
        var color: Color?
    }

    /// The table of `styles`.
    init(_ styles: [Entry]) {
        contexts = styles.map(\.shaping)
        spacings = styles.map(\.spacing)
        strokes = styles.map(\.stroke)
        hasStrokes = strokes.contains { $0 != nil }
        fontSizes = styles.map(\.shaping.fontSize)
        colors = styles.map(\.color)
        var groups: [Int] = []
        var firstOfKey: [ShapingKey: Int] = [:]
        var faces: [FontFace] = []
        var faceOfStyle: [Int] = []
        for (index, style) in styles.enumerated() {
            let key = ShapingKey(style)
            if let first = firstOfKey[key] { groups.append(first) } else {
                firstOfKey[key] = index
                groups.append(index)
            }
            let face = style.shaping.face
            if let known = faces.firstIndex(where: { $0 === face }) { faceOfStyle.append(known) } else {
                faces.append(face)
                faceOfStyle.append(faces.count - 1)
            }
        }
        shapingGroups = groups
        primaryFacesCoverASCII = faces.allSatisfy(\.coversPrintableASCII)
        primaryFaces = faces
        primaryFaceOfStyle = faceOfStyle
    }

    /// What makes two styles shape alike.
    private struct ShapingKey: Hashable {
        var faces: [Int]
        var features: ShapingFeatures
        var language: String?
        var fontSize: Double
        var spacing: ClusterSpacing
        var weight: FontWeight
        var style: FontStyle
        var combinesUpright: Bool

        init(_ entry: Entry) {
            let shaping = entry.shaping
            faces = [shaping.face.id] + shaping.familyFaces.map(\.id)
            features = shaping.features
            language = shaping.language
            fontSize = shaping.fontSize
            spacing = entry.spacing
            weight = shaping.weight
            style = shaping.style
            combinesUpright = shaping.combinesUpright
        }
    }
}
