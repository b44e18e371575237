public import Foundation
public import MatterType
public import MatterTypeWire

extension CardFrameLayer {
    /// A frame layer's keys, the box's first: a frame with a direction hugs its children unless sized; one without
    /// has no content size, so its width and height are required.
    public static let fields: [CardField<CardFrameLayer>] =
        CardBox.fields(hugs: true, size: .hug).map { field in
            let lifted = field.lifted(to: \CardFrameLayer.box)
            return ["width", "height"].contains(field.key) ? lifted.required { !$0.layout.arranges } : lifted
        } + [
            CardField("layout", \.layout, CardFlow.self, default: CardFlow(), writesDefault: true,
                      help: "How it lays its children out, as Figma's Auto Layout: direction, gap, padding, align, "
                          + "crossAlign, wrap, crossGap, reverseZ; or a grid: {\"grid\": {\"columns\", \"rows\", \"columnGap\", "
                          + "\"rowGap\"}, padding} (Docs/Cards.md, Frames and Grids).", frequency: 0.8),
            CardField("fill", \.fill, PaintJSON.self, help: "What fills it: a color or a gradient; none when absent.",
                      frequency: 0.4),
            CardField("image", \.image, FrameImageJSON.self,
                      help: "An image over its fill, clipped to its corners (Figma's image fill): {\"src\", \"fit\" "
                          + "| \"crop\": [x, y, w, h] | \"tile\": scale}.", frequency: 0.1),
            CardField("border", \.border, BorderJSON.self,
                      help: "A border inside its edge; it takes no room from the children (Figma's strokes).",
                      frequency: 0.2),
            CardField("cornerRadius", \.cornerRadius, CornerRadiiJSON.self, default: 0, writesDefault: true,
                      help: "The corners' radius in points: one, or [topLeft, topRight, bottomRight, bottomLeft].",
                      examples: FieldExamples(accepted: CornerRadiiJSON.examples.accepted,
                                              refused: CornerRadiiJSON.examples.refused + ["-5"]), frequency: 0.3),
            CardField("clip", \.clipsContent, Bool.self, default: false, writesDefault: true,
                      help: "Whether its children are clipped to its box (Figma's clip content).", frequency: 0.3),
            CardField("opacity", \.opacity, Double.self, default: 1, writesDefault: true,
                      help: "0 (invisible) to 1: the frame and its children composited together, then faded.",
                      examples: CardField<CardFrameLayer>.opacities, frequency: 0.2),
            CardField("shadows", \.shadows, CardList<CardBoxShadow>.self, default: [],
                      help: "Drop shadows of its box, as CSS box-shadow lists them (x, y, blur, spread, color, inset).",
                      frequency: 0.2),
            CardField("blur", \.blur, Double.self, default: 0,
                      help: "A layer blur of the frame and its children: a radius of 0 to 250 points (CSS blur() of "
                          + "half this).", examples: CardField<CardFrameLayer>.blurs, frequency: 0.03),
            CardField("backgroundBlur", \.backgroundBlur, Double.self, default: 0,
                      help: "How much what is behind it is blurred inside its outline (Figma's background blur): "
                          + "0 to 250 points; PNG and WebP only.", examples: CardField<CardFrameLayer>.blurs,
                      frequency: 0.05),
            CardField("blendMode", \.blendMode, Choice<BlendMode>.self, default: .normal,
                      help: "How it mixes with what is below, as CSS mix-blend-mode (multiply, screen, …).",
                      frequency: 0.05),
            CardField("paths", \.paths, CardList<CardPathJSON>.self, default: [],
                      help: "Vector shapes over its fill, below its children: {\"d\": SVG path data, \"fillRule\", "
                          + "\"fill\"}, in its box's coordinates.", frequency: 0.2),
            CardField("mask", \.mask, MaskJSON.self,
                      help: "A shape its children are drawn inside only: {\"d\", \"fillRule\"}.", frequency: 0.04),
            CardField("isMask", \.isMask, Bool.self, default: false,
                      help: "Whether it is a mask (Figma's use as mask): not drawn, it clips the siblings after it.",
                      frequency: 0.05),
            CardField("maskType", \.maskType, Choice<CardMaskType>.self, default: .outline,
                      help: "How a mask masks: outline (inside its first path or box), alpha (as much as what it "
                          + "draws is opaque) or luminance (as much as it is light).", frequency: 0.03),
            CardField("designWidth", \.designWidth, Double.self,
                      help: "The width its children's x, y and sizes were set for: laid out at another, children "
                          + "placed at their x and y follow it as their constraints say.",
                      examples: FieldExamples(accepted: ["0", "320", "1000000"], refused: ["-1", "\"wide\""]),
                      frequency: 0.05),
            CardField("designHeight", \.designHeight, Double.self,
                      help: "The height its children's x, y and sizes were set for, as designWidth.",
                      examples: FieldExamples(accepted: ["0", "320", "1000000"], refused: ["-1", "\"tall\""]),
                      frequency: 0.05),
            CardField("layers", \.layers, CardList<CardLayer>.self, default: [], writesDefault: true,
                      help: "Its children: the flow's order, and drawing order (the last on top).", frequency: 1),
        ]

    /// A frame to read keys into.
    static let blank = CardFrameLayer(box: CardBox(width: .hug, height: .hug), layers: [])
}
