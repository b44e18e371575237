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
    /// The OS/2 `usWidthClass` as a CSS width (5 → normal, 3 → condensed).
    public let width: FontWidth
    /// The absolute path of the file; for a font registered from memory, the name it was registered under.
    public let path: String
    /// The face's index in the file (0 unless the file is a collection).
    public let faceIndex: Int
    /// The variation axes of a variable font (`fvar`), in the font's order; empty for a static font.
    public let axes: [FontAxis]
    /// The named instances of a variable font (`fvar`), e.g. "SemiBold" at `wght` 600; empty for a static font.
    public let namedInstances: [FontNamedInstance]

    /// A descriptor with every field given.
    public init(postScriptName: String, familyName: String, styleName: String, weight: Int, isItalic: Bool,
                width: FontWidth = .normal, path: String, faceIndex: Int, axes: [FontAxis] = [],
                namedInstances: [FontNamedInstance] = []) {
        self.postScriptName = postScriptName
        self.familyName = familyName
        self.styleName = styleName
        self.weight = weight
        self.isItalic = isItalic
        self.width = width
        self.path = path
        self.faceIndex = faceIndex
        self.axes = axes
        self.namedInstances = namedInstances
    }

    /// Whether the face has variation axes.
    public var isVariable: Bool { !axes.isEmpty }

    /// The axis with this tag (`wght`, `wdth`, `opsz`, `slnt`, `ital`, …), or `nil`. A tag shorter than four
    /// characters is padded with spaces, as OpenType pads it: "HV" is the axis `HV  `.
    public func axis(_ tag: String) -> FontAxis? {
        let wanted = OpenTypeTag(tag)
        return axes.first { OpenTypeTag($0.tag) == wanted }
    }

    /// The weights the face draws: its `wght` axis range, else just its weight class.
    public var weightRange: ClosedRange<Double> {
        axis("wght").map { $0.minimum...$0.maximum } ?? Double(weight)...Double(weight)
    }

    /// The widths the face draws, in percent: its `wdth` axis range, else just its width class's width.
    public var widthRange: ClosedRange<Double> {
        axis("wdth").map { $0.minimum...$0.maximum } ?? width.rawValue...width.rawValue
    }

    /// The named weight nearest to ``weight``.
    public var fontWeight: FontWeight { FontWeight(nearestTo: weight) }

    /// ``FontStyle/italic`` or ``FontStyle/regular``.
    public var fontStyle: FontStyle { isItalic ? .italic : .regular }
}

/// One variation axis of a variable font (an `fvar` axis record).
public struct FontAxis: Sendable, Hashable, Codable {
    /// The four-letter tag: `wght`, `wdth`, `opsz`, `slnt`, `ital` or a font's own (`GRAD`).
    public let tag: String
    /// The axis's name from the `name` table, e.g. "Weight".
    public let name: String
    /// The smallest value.
    public let minimum: Double
    /// The value the font has when nothing is set.
    public let defaultValue: Double
    /// The largest value.
    public let maximum: Double

    /// An axis with every field given.
    public init(tag: String, name: String, minimum: Double, defaultValue: Double, maximum: Double) {
        self.tag = tag
        self.name = name
        self.minimum = minimum
        self.defaultValue = defaultValue
        self.maximum = maximum
    }

    /// `value` moved into the axis's range.
    public func clamp(_ value: Double) -> Double { min(max(value, minimum), maximum) }
}

/// A named instance of a variable font (an `fvar` instance record): a style name and its axis coordinates.
public struct FontNamedInstance: Sendable, Hashable, Codable {
    /// The subfamily name, e.g. "SemiBold Italic".
    public let name: String
    /// The instance's PostScript name, when the font gives one.
    public let postScriptName: String?
    /// The coordinate on each axis, by tag.
    public let coordinates: [String: Double]

    /// An instance with every field given.
    public init(name: String, postScriptName: String?, coordinates: [String: Double]) {
        self.name = name
        self.postScriptName = postScriptName
        self.coordinates = coordinates
    }
}
