import MatterTypeICU
/// A run of a paragraph's grapheme clusters shaped together: one face, one bidi level, one script, one shaping
/// style (a run never crosses a change of font, size, features or letter spacing).
struct FontRun: Sendable, Hashable {
    /// The run's grapheme clusters (indices into ``ParagraphText/graphemes``).
    var graphemes: Range<Int>
    /// What the run is shaped with.
    var attributes: Attributes

    /// What a run is shaped with.
    struct Attributes: Sendable, Hashable {
        /// The face (an index into ``FontFallback/faces``).
        var face: Int
        /// The bidi embedding level: odd is right to left.
        var level: UInt8
        /// The script HarfBuzz shapes it as.
        var script: ScriptTag
        /// The style it is shaped in: an index into ``LayoutStyles/styles``, the first of its shaping group.
        var style: Int = 0
        /// Set upright in a vertical line, shaped top to bottom; false in horizontal text and for characters a
        /// vertical line sets sideways (shaped as in a row, then turned).
        var isUpright = false
        /// Set across a vertical line in one em (``TextCombineUpright/all``): shaped as in a row, drawn upright.
        var isCombined = false
    }
}

/// The itemization stage of layout: splits a paragraph into ``FontRun``s, choosing the face of each grapheme
/// cluster through ``FontFallback``.
enum Itemizer {
    /// The runs of `text`, in logical order. Clusters that draw nothing (controls, a lone joiner) take the face
    /// of the cluster before them, so they never split a run.
    ///
    /// - Parameters:
    ///   - styles: each grapheme's style (``LayoutStyles/graphemeStyles(of:)``), or empty for one style.
    ///   - groups: each style's shaping group (``LayoutStyles/shapingGroups``).
    ///   - orientation: in a vertical line, how its characters stand (each run then upright or sideways
    ///     throughout); `nil` for horizontal text.
    ///   - combining: by shaping group, whether its text is set across a vertical line in one em (a run of its
    ///     own, neither upright nor sideways); empty when none is.
    static func runs(of text: ParagraphText, fallback: inout FontFallback, styles: [Int32] = [],
                     groups: [Int] = [0], orientation: TextOrientation? = nil,
                     combining: [Bool] = []) -> [FontRun] {
        let graphemes = text.graphemes
        guard !graphemes.isEmpty else { return [] }
        let combines = !combining.isEmpty
        // ASCII, all left to right, in primary faces that have every printable ASCII glyph: one run per style
        // (ASCII is all sideways in a vertical line, but for `upright`).
        if text.scripts.isEmpty, !text.hasBidi, fallback.primaryFacesCoverASCII {
            func attributes(_ g: Int) -> FontRun.Attributes {
                let style = styles.isEmpty ? 0 : groups[Int(styles[g])]
                let isCombined = combines && combining[style]
                return .init(face: fallback.primaryFaces[style], level: text.paragraphLevel, script: .latin,
                             style: style, isUpright: orientation == .upright && !isCombined, isCombined: isCombined)
            }
            var runs: [FontRun] = []
            var start = 0
            var current = attributes(0)
            if !styles.isEmpty {
                for g in 1..<graphemes.count {
                    let next = attributes(g)
                    if next != current {
                        runs.append(FontRun(graphemes: start..<g, attributes: current))
                        start = g
                        current = next
                    }
                }
            }
            runs.append(FontRun(graphemes: start..<graphemes.count, attributes: current))
            return runs
        }
        var runs: [FontRun] = []
        // The run being built, kept in locals and appended when something changes.
        var runStart = 0
        var current: FontRun.Attributes?
        var previousFace = fallback.primaryFaces[0]
        let isASCII = text.scripts.isEmpty
        // The style's primary face, looked up again only when the style changes.
        var style = 0
        var primaryIndex = fallback.primaryFaces[0]
        var primary = fallback.faces[primaryIndex]
        text.scalars.withUnsafeBufferPointer { scalars in
            for g in graphemes.indices {
                if !styles.isEmpty, groups[Int(styles[g])] != style {
                    style = groups[Int(styles[g])]
                    primaryIndex = fallback.primaryFaces[style]
                    primary = fallback.faces[primaryIndex]
                }
                let range = text.scalarRange(ofGrapheme: g)
                let first = scalars[range.lowerBound]
                let face: Int
                if graphemes[g].kind == .box {
                    face = previousFace  // an inline box draws nothing: it needs no face
                } else if range.count == 1, first < 0x80 {
                    // ASCII: controls take their neighbour's face; the rest the primary face if it has them.
                    if first < 0x20 || first == 0x7F {
                        face = previousFace
                    } else if primary.asciiCoverage[Int(first)] {
                        face = primaryIndex
                    } else {
                        face = fallback.face(for: UnsafeBufferPointer(rebasing: scalars[range]), style: style)
                            ?? previousFace
                    }
                } else {
                    face = fallback.face(for: UnsafeBufferPointer(rebasing: scalars[range]), style: style)
                        ?? previousFace
                }
                previousFace = face
                let isCombined = combines && combining[style]
                let isUpright = switch orientation {
                case _ where isCombined, nil, .sideways?: false
                case .upright?: true
                case .mixed?: VerticalOrientation(first).isUprightWhenMixed
                }
                let attributes = FontRun.Attributes(face: face, level: graphemes[g].level,
                                                    script: isASCII ? .latin : text.scripts[range.lowerBound],
                                                    style: style, isUpright: isUpright, isCombined: isCombined)
                if attributes != current {
                    if let current { runs.append(FontRun(graphemes: runStart..<g, attributes: current)) }
                    current = attributes
                    runStart = g
                }
            }
        }
        if let current { runs.append(FontRun(graphemes: runStart..<graphemes.count, attributes: current)) }
        return runs
    }
}
