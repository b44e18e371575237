/// What HarfBuzz needs to know about a run besides its text: direction, script and language (HarfBuzz's
/// "segment properties").
struct SegmentProperties: Sendable, Hashable {
    /// Right to left (an odd bidi level) or left to right.
    var isRightToLeft: Bool
    /// The run's script.
    var script: ScriptTag
    /// A BCP 47 language tag, or `nil` for none.
    var language: String?
    /// Set upright in a vertical line: shaped top to bottom (HarfBuzz's TTB: vertical advances from `vmtx`,
    /// vertical alternates through `vert`/`vrt2`), overriding ``isRightToLeft``.
    var isVertical = false
}
