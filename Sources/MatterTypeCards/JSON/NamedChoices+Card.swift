public import Foundation
public import MatterType
public import MatterTypeWire

extension CardVerticalAlignment: NamedChoice {
    /// CSS's `center` (`align-items`) for ``middle``.
    public static let aliases: [String: CardVerticalAlignment] = ["center": .middle]
}

extension CardStroke.Position: NamedChoice {}

extension CardFlow.Direction: NamedChoice {}

extension CardMaskType: NamedChoice {}

extension CardFlow.Alignment: NamedChoice {
    /// CSS's `flex-start` and `flex-end`, Figma's `MIN` and `MAX`.
    public static let aliases: [String: CardFlow.Alignment] = ["flex-start": .start, "flex-end": .end, "min": .start,
                                                              "max": .end]
}
