public import MatterType

/// A font as `mattertype fonts --json` and the server's `/v1/fonts` list it.
public struct FontRecord: Sendable, Hashable, Codable {
    /// The PostScript name, unique among registered fonts.
    public var postScriptName: String
    /// The family name.
    public var familyName: String
    /// The style name ("SemiBold Italic").
    public var styleName: String
    /// The weight, 1…1000.
    public var weight: Int
    /// Whether the face is italic or oblique.
    public var italic: Bool
    /// The width (OS/2 `usWidthClass`): a keyword such as `"normal"` or `"condensed"`.
    public var width: FontWidth
    /// Where the face came from: a file path, or the name it was registered from memory under.
    public var path: String
    /// "bundled" or "registered".
    public var source: String
    /// A variable font's axes (absent for a static font).
    public var axes: [FontAxis]?
    /// A variable font's named instances (absent for a static font).
    public var instances: [FontNamedInstance]?
    /// The SHA-256 of the font file's bytes, where the lister knows it (the server's store does).
    public var sha256: String?

    /// The record of `font`, from `source`.
    public init(_ font: FontDescriptor, source: String, sha256: String? = nil) {
        postScriptName = font.postScriptName
        familyName = font.familyName
        styleName = font.styleName
        weight = font.weight
        italic = font.isItalic
        width = font.width
        path = font.path
        self.source = source
        axes = font.isVariable ? font.axes : nil
        instances = font.isVariable ? font.namedInstances : nil
        self.sha256 = sha256
    }
}
