/// How a line height was given. Figma keeps the unit, and rounds by it (``LayoutModel/figma``): a line height
/// relative to the font size is rounded to a whole pixel per line, one in pixels only in the box's total height.
public enum LineHeightUnit: String, NamedChoice, CaseIterable, Sendable, Hashable, Codable {
    /// Points (Figma's pixels at @1x): `24`, `"24px"`.
    case points
    /// Relative to the font size: Figma's percent (`"150%"`), CSS's `em`.
    case percent
}
