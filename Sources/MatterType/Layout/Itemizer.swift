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
        var previousFace = 0
        text.scalars.withUnsafeBufferPointer { scalars in
            for g in graphemes.indices {
                let range = text.scalarRange(ofGrapheme: g)
                let face: Int
                if range.count == 1, scalars[range.lowerBound] < 0x80 {
                    // ASCII: controls take their neighbour's face; the rest the primary face if it has them.
                    let value = scalars[range.lowerBound]
                    if value < 0x20 || value == 0x7F {
                        face = previousFace
                    } else if fallback.faces[0].hasGlyph(for: value) {
                        face = 0
                    } else {
                        face = fallback.face(for: UnsafeBufferPointer(rebasing: scalars[range])) ?? previousFace
                    }
                } else {
                    face = fallback.face(for: UnsafeBufferPointer(rebasing: scalars[range])) ?? previousFace
                }
                previousFace = face
                let script = text.scripts.isEmpty ? .latin : text.scripts[range.lowerBound]
                let attributes = FontRun.Attributes(face: face, level: graphemes[g].level, script: script)
                if let last = runs.last, last.attributes == attributes {
                    runs[runs.count - 1].graphemes = last.graphemes.lowerBound..<g + 1
                } else {
                    runs.append(FontRun(graphemes: g..<g + 1, attributes: attributes))
                }
            }
        }
        return runs
    }
}
