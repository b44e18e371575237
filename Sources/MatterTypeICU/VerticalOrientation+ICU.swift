import CICU

/// How a character is set in a vertical line: UAX #50's Vertical_Orientation, from the system's ICU.
package enum VerticalOrientation: Sendable, Hashable {
    /// R: set sideways, rotated 90° clockwise (Latin letters, digits, most symbols).
    case rotated
    /// Tr: a vertical alternate glyph (a bracket, a long vowel mark), else set sideways.
    case transformedRotated
    /// Tu: a vertical alternate glyph (a full stop, a small kana), else upright.
    case transformedUpright
    /// U: set upright (Han, kana, Hangul).
    case upright

    /// The orientation of `scalar`; a value ICU does not know (a newer version) is ``rotated``, UAX #50's default.
    package init(_ scalar: UInt32) {
        self = switch mattertype_vertical_orientation(scalar) {
        case 1: .transformedRotated
        case 2: .transformedUpright
        case 3: .upright
        default: .rotated
        }
    }

    /// Whether CSS's `text-orientation: mixed` sets it upright: every orientation but R, as Chromium does (a
    /// Tr character takes the font's vertical alternate through `vert`; CJK fonts have them).
    package var isUprightWhenMixed: Bool { self != .rotated }
}
