/// Noto Sans, the family MatterType bundles in all nine weights, upright and italic.
///
/// Its PostScript names follow the defaults exactly (`NotoSans-SemiBoldItalic`, `NotoSans-Italic`), so this
/// family always resolves, even on a machine with no fonts installed.
public struct NotoSansFontFamily: FontFamily, Hashable {
    /// `NotoSans`.
    public let familyName = "NotoSans"

    /// The bundled Noto Sans family.
    public init() {}
}
