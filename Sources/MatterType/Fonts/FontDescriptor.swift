/// One face of a font file, described by what the file itself says.
public struct FontDescriptor: Sendable, Hashable, Codable {
    /// The PostScript name (name table ID 6), e.g. `NotoSans-SemiBold`.
    public let postScriptName: String
    /// The typographic family (name ID 16), else the family (name ID 1), e.g. `Noto Sans`.
    public let familyName: String
    /// The typographic subfamily (name ID 17), else the subfamily (name ID 2), e.g. `SemiBold`.
    public let styleName: String
    /// The OS/2 `usWeightClass`, e.g. 600.
    public let weight: Int
    /// Whether OS/2 `fsSelection` bit 0 (italic) is set.
    public let isItalic: Bool
    /// The absolute path of the file.
    public let path: String
    /// The face's index in the file (0 unless the file is a collection).
    public let faceIndex: Int

    /// A descriptor with every field given.
    public init(postScriptName: String, familyName: String, styleName: String, weight: Int, isItalic: Bool,
                path: String, faceIndex: Int) {
        self.postScriptName = postScriptName
        self.familyName = familyName
        self.styleName = styleName
        self.weight = weight
        self.isItalic = isItalic
        self.path = path
        self.faceIndex = faceIndex
    }

    /// The named weight nearest to ``weight``.
    public var fontWeight: FontWeight { FontWeight(nearestTo: weight) }

    /// ``FontStyle/italic`` or ``FontStyle/regular``.
    public var fontStyle: FontStyle { isItalic ? .italic : .regular }
}
