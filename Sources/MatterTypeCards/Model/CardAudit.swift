import Foundation
public import MatterType

/// One thing an audit found on a text layer of a card (``CardRenderer/audit(of:options:until:)``): what kind, on
/// which layer, a sentence for a person, and the numbers behind it.
public struct CardAuditProblem: Sendable, Hashable, Codable {
    /// What was found.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// The text's lines reach outside its own box, a clipping frame, or the canvas.
        case overflow
        /// Lines were dropped (`maxLines`, as Figma's truncation converts): text is lost.
        case truncated
        /// Fitting stopped at its minimum size and the text still did not fit.
        case fitMinimum = "fit-minimum"
        /// A character no font could draw: it is drawn as a box.
        case missingGlyph = "missing-glyph"
        /// Characters drawn in another family than the layer's.
        case fallback
        /// The ink of two text layers overlaps.
        case collision
        /// The text's color against what is drawn behind its glyphs is below the WCAG 2.2 minimum.
        case contrast
        /// The layer's line count: information, never a failure.
        case lines

        /// Whether it fails an audit (``Severity/error``), warns, or only informs.
        public var severity: Severity {
            switch self {
            case .overflow, .missingGlyph, .collision: .error
            case .truncated, .fitMinimum, .fallback, .contrast: .warning
            case .lines: .information
            }
        }
    }

    /// How much a kind of problem matters.
    public enum Severity: String, Sendable, Hashable, Codable {
        /// The row is wrong: an audit fails.
        case error
        /// The row may be wrong: an audit fails only when asked to (`--fail-on warning`).
        case warning
        /// Not a problem.
        case information
    }

    /// A side of a box.
    public enum Edge: String, Sendable, Hashable, Codable, CaseIterable {
        /// The top side.
        case top
        /// The right side.
        case right
        /// The bottom side.
        case bottom
        /// The left side.
        case left
    }

    /// What a text overflows.
    public enum Container: String, Sendable, Hashable, Codable {
        /// Its own box (a fixed width or height).
        case box
        /// A frame that clips its content.
        case clip
        /// The card's canvas.
        case canvas
    }

    /// What was found.
    public var kind: Kind
    /// The layer: its JSON Pointer in the card document (`/layers/0/layers/2`).
    public var layer: String
    /// One sentence saying what is wrong and by how much.
    public var message: String
    /// Where: the layer's lines (a collision's overlap), in the canvas's points.
    public var box: Rect?
    /// `overflow`: the edge crossed.
    public var edge: Edge?
    /// `overflow`: by how many points (the canvas's).
    public var points: Double?
    /// `overflow`: what is crossed.
    public var container: Container?
    /// `truncated`: the text that is not drawn.
    public var lost: String?
    /// `missing-glyph` and `fallback`: the characters, as `U+0378`.
    public var characters: [String]?
    /// `fallback`: the family that drew them.
    public var family: String?
    /// `fallback`: the families the layer names.
    public var designed: [String]?
    /// `collision`: the other layer.
    public var other: String?
    /// `contrast`: the ratio found (the 10th percentile of the pixels behind the glyphs), and the least allowed.
    public var ratio: Double?, minimum: Double?
    /// `fit-minimum`: the size fitting stopped at, in points.
    public var fontSize: Double?
    /// `lines`: the line count.
    public var lines: Int?

    /// A problem of `kind` on `layer`; the numbers are set after.
    public init(kind: Kind, layer: String, message: String) {
        self.kind = kind
        self.layer = layer
        self.message = message
    }

    private enum CodingKeys: String, CodingKey {
        case kind, layer, message, box, edge, points = "by", container = "of", lost, characters, family, designed,
             other = "with", ratio, minimum, fontSize, lines
    }

    /// `scalar` as `U+0378`.
    static func name(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

/// What an audit checks and how strictly (``CardRenderer/audit(of:options:until:)``).
public struct CardAuditOptions: Sendable, Hashable {
    /// Families whose drawing of a layer's characters is planned: not a `fallback`.
    public var allowedFallbacks: Set<String>
    /// The least contrast ratio for text below the large size (WCAG 2.2 AA: 4.5).
    public var minimumContrast: Double
    /// The least contrast ratio for large text — at least 24 points, or 18.66 at weight 700 or more (WCAG: 3).
    public var minimumContrastLarge: Double
    /// Whether contrast is measured (it draws the card three more times).
    public var checksContrast: Bool

    /// The WCAG 2.2 AA minimums, every check on.
    public init(allowedFallbacks: Set<String> = [], minimumContrast: Double = 4.5,
                minimumContrastLarge: Double = 3, checksContrast: Bool = true) {
        self.allowedFallbacks = allowedFallbacks
        self.minimumContrast = minimumContrast
        self.minimumContrastLarge = minimumContrastLarge
        self.checksContrast = checksContrast
    }
}
