/// A run of a paragraph's grapheme clusters shaped together: one face, one bidi level, one script.
///
/// The attributes are a value of their own so that styled spans can add to them (a run never crosses a change
/// of style either).
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
    }
}

/// The itemization stage of layout: splits a paragraph into ``FontRun``s, choosing the face of each grapheme
/// cluster through ``FontFallback``.
enum Itemizer {
    /// The runs of `text`, in logical order. Clusters that draw nothing (controls, a lone joiner) take the face
    /// of the cluster before them, so they never split a run.
    static func runs(of text: ParagraphText, fallback: inout FontFallback) -> [FontRun] {
        let graphemes = text.graphemes
        guard !graphemes.isEmpty else { return [] }
        // ASCII in a primary face that has every printable ASCII glyph, all left to right: one run.
        if text.scripts.isEmpty, !text.hasBidi, fallback.faces[0].coversPrintableASCII {
            return [FontRun(graphemes: 0..<graphemes.count,
                            attributes: .init(face: 0, level: text.paragraphLevel, script: .latin))]
        }
        var runs: [FontRun] = []
        // The run being built, kept in locals and appended when something changes.
        var runStart = 0
        var current: FontRun.Attributes?
        var previousFace = 0
        let primary = fallback.faces[0]
        let isASCII = text.scripts.isEmpty
        text.scalars.withUnsafeBufferPointer { scalars in
            for g in graphemes.indices {
                let range = text.scalarRange(ofGrapheme: g)
                let first = scalars[range.lowerBound]
                let face: Int
                if range.count == 1, first < 0x80 {
                    // ASCII: controls take their neighbour's face; the rest the primary face if it has them.
                    if first < 0x20 || first == 0x7F {
                        face = previousFace
                    } else if primary.asciiCoverage[Int(first)] {
                        face = 0
                    } else {
                        face = fallback.face(for: UnsafeBufferPointer(rebasing: scalars[range])) ?? previousFace
                    }
                } else {
                    face = fallback.face(for: UnsafeBufferPointer(rebasing: scalars[range])) ?? previousFace
                }
                previousFace = face
                let attributes = FontRun.Attributes(face: face, level: graphemes[g].level,
                                                    script: isASCII ? .latin : text.scripts[range.lowerBound])
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
