public import MatterType
import MatterTypeWire

extension CardSize {
    /// A fixed size's points; `nil` for hug and fill.
    public var points: Double? {
        if case .fixed(let value) = self { value } else { nil }
    }
}
