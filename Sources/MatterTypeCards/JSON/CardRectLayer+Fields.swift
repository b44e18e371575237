public import Foundation
public import MatterType
public import MatterTypeWire

extension CardRectLayer {
    /// A rect layer's keys, the box's first.
    public static let fields: [CardField<CardRectLayer>] =
        CardBox.fields(hugs: false, size: nil).map { $0.lifted(to: \.box) } + [
            CardField("fill", \.fill, PaintJSON.self, help: "What fills it: a color or a gradient; none when absent.",
                      frequency: 0.7),
            CardField("cornerRadius", \.cornerRadius, CornerRadiiJSON.self, default: 0, writesDefault: true,
                      help: "The corners' radius in points: one, or [topLeft, topRight, bottomRight, bottomLeft]."),
            CardField("border", \.border, BorderJSON.self,
                      help: "A border inside its edge: {\"width\": 2 or [t, r, b, l], \"color\": a paint}."),
            CardField("opacity", \.opacity, Double.self, default: 1, writesDefault: true, help: "0 (invisible) to 1.",
                      examples: CardField<CardRectLayer>.opacities),
        ]

    /// A rectangle to read keys into: its width and height are required.
    static let blank = CardRectLayer(box: CardBox(width: .fixed(0), height: .fixed(0)))
}

extension CardField {
    /// What an opacity takes (0 to 1; a finite number past them is clamped) and refuses.
    static var opacities: FieldExamples { FieldExamples(accepted: ["0", "0.5", "1", "2", "-1"], refused: ["1e9"]) }
    /// What a frame's blur radius takes (0 to ``CardFrameLayer/maximumBlur`` points) and refuses.
    static var blurs: FieldExamples { FieldExamples(accepted: ["0", "2", "24", "226"], refused: ["-1", "251", "1e9"]) }
}
