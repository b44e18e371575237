/// How a grapheme cluster asks to be presented (UTS #51): as a color emoji, as text, or as its characters'
/// default.
enum EmojiPresentation: Sendable, Hashable {
    case emoji
    case text
    case unspecified

    /// The presentation of a cluster: VS16 (U+FE0F) asks for emoji and VS15 (U+FE0E) for text; otherwise a
    /// cluster is emoji when its first character defaults to emoji presentation or it is an emoji sequence
    /// (a skin-tone modifier, a zero width joiner between emoji, a keycap, a tag sequence).
    init(of scalars: some Collection<UInt32>) {
        var sawJoiner = false
        var emojiCount = 0
        for value in scalars {
            switch value {
            case 0xFE0F: self = .emoji; return
            case 0xFE0E: self = .text; return
            case 0x200D: sawJoiner = true
            case 0x1F3FB...0x1F3FF, 0x20E3, 0xE0020...0xE007F: self = .emoji; return
            default:
                if let scalar = Unicode.Scalar(value), scalar.properties.isEmoji { emojiCount += 1 }
            }
        }
        if let first = scalars.first, let scalar = Unicode.Scalar(first), scalar.properties.isEmojiPresentation {
            self = .emoji
        } else if sawJoiner && emojiCount > 1 {
            self = .emoji
        } else {
            self = .unspecified
        }
    }
}

/// Chooses the face of each grapheme cluster of a layout (BEHAVIOUR §8): the primary face if it covers the
/// whole cluster, else the first of the typography's further families that does, else the first face in
/// Fontconfig's fallback order for the cluster's characters and language, else the bundled Noto Sans. A color
/// face is tried first for emoji presentation, a text face for text presentation. A cluster no face covers
/// keeps the primary face (its missing characters draw as .notdef) and is reported.
///
/// One per layout: it collects the faces glyphs refer to (``faces``: every style's primary face first, the
/// paragraph's at index 0, then fallbacks) and the characters no face has. Each style of the layout
/// (``LayoutStyles``) has its own primary face, further families, weight, style and language.
struct FontFallback {
    /// The faces chosen so far; glyphs refer to them by index.
    private(set) var faces: [FontFace]
    /// Characters that no face has, in the order first met.
    private(set) var missingCharacters: [UInt32] = []
    /// ``missingCharacters`` as a set, so that a text of many missing characters is not quadratic.
    private var missing: Set<UInt32> = []
    /// Each style's shaping context.
    private let contexts: [ShapingContext]
    /// Each style's primary face, as an index into ``faces``.
    let primaryFaces: [Int]
    /// Whether every style's primary face has a glyph for each printable ASCII character.
    let primaryFacesCoverASCII: Bool
    /// Clusters of one scalar already chosen for, by style (high 32 bits) and scalar.
    private var chosen: [UInt64: Int] = [:]

    /// Whether other faces are looked for; when false every cluster takes its style's primary face (characters
    /// it lacks are drawn as its .notdef and reported missing).
    let usesFallback: Bool

    /// Fallback for the styles of `table`; their primary faces come first in ``faces``.
    init(_ table: StyleTable, usesFallback: Bool = true) {
        self.usesFallback = usesFallback
        contexts = table.contexts
        faces = table.primaryFaces
        primaryFaces = table.primaryFaceOfStyle
        primaryFacesCoverASCII = table.primaryFacesCoverASCII
    }

    /// The index in ``faces`` of the face for a grapheme cluster in style `style`, or `nil` when every character
    /// of it is invisible (controls, joiners, selectors): then it takes its neighbour's face.
    mutating func face(for cluster: UnsafeBufferPointer<UInt32>, style: Int = 0) -> Int? {
        let key = UInt64(style) << 32 | UInt64(cluster.first ?? 0)
        if cluster.count == 1, let known = chosen[key] { return known }
        let visible = cluster.filter { !FontFallback.isInvisible($0) }
        guard !visible.isEmpty else { return nil }
        let presentation = EmojiPresentation(of: cluster)
        let index: Int
        let context = contexts[style]
        if usesFallback, let face = choose(visible, presentation: presentation, context: context) {
            index = add(face)
        } else {
            let primary = primaryFaces[style]
            for value in visible where !faces[primary].hasGlyph(for: value) && missing.insert(value).inserted {
                missingCharacters.append(value)
            }
            index = primary
        }
        if cluster.count == 1 { chosen[key] = index }
        return index
    }

    private func choose(_ scalars: [UInt32], presentation: EmojiPresentation, context: ShapingContext) -> FontFace? {
        let candidates = [context.face] + context.familyFaces
        func covers(_ face: FontFace) -> Bool { scalars.allSatisfy(face.hasGlyph(for:)) }
        func request(_ prefersColor: Bool?) -> FallbackRequest {
            FallbackRequest(weight: context.weight, style: context.style, language: context.language,
                            prefersColor: prefersColor)
        }
        let prefersColor: Bool? = switch presentation {
        case .emoji: true
        case .text: false
        case .unspecified: nil
        }
        if let prefersColor {
            if let face = candidates.first(where: { $0.hasColorGlyphs == prefersColor && covers($0) }) { return face }
            if let face = context.registry.fallbackFace(covering: scalars, request: request(prefersColor)),
               face.hasColorGlyphs == prefersColor {
                return face
            }
        }
        if let face = candidates.first(where: covers) { return face }
        if let face = context.registry.fallbackFace(covering: scalars, request: request(nil)) { return face }
        if let bundled = BundledFonts.face(weight: FontWeight(nearestTo: context.weight.rawValue),
                                           style: context.style), covers(bundled) {
            return bundled
        }
        return nil
    }

    private mutating func add(_ face: FontFace) -> Int {
        if let existing = faces.firstIndex(where: { $0 === face }) { return existing }
        faces.append(face)
        return faces.count - 1
    }

    /// Characters that draw nothing and need no glyph: controls, format characters (joiners, bidi marks, the
    /// soft hyphen, tags) and variation selectors.
    static func isInvisible(_ value: UInt32) -> Bool {
        if value < 0x20 || (value >= 0x7F && value < 0xA0) { return true }
        if value < 0xAD { return false }
        if (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value) { return true }
        guard let scalar = Unicode.Scalar(value) else { return true }
        return scalar.properties.generalCategory == .format
    }
}
