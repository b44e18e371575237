/// An ISO 15924 script as HarfBuzz tags it (`Latn`, `Arab`, `Hani`), for shaping a run.
struct ScriptTag: RawRepresentable, Sendable, Hashable {
    /// The four-letter tag packed big-endian, as HarfBuzz's hb_script_t.
    var rawValue: UInt32

    /// Whether the script is a real one, not common, inherited or unknown.
    var isSpecific: Bool { self != .common && self != .inherited && self != .unknown }
}

/// What HarfBuzz needs to know about a run besides its text: direction, script and language (HarfBuzz's
/// "segment properties").
struct SegmentProperties: Sendable, Hashable {
    /// Right to left (an odd bidi level) or left to right.
    var isRightToLeft: Bool
    /// The run's script.
    var script: ScriptTag
    /// A BCP 47 language tag, or `nil` for none.
    var language: String?
}
