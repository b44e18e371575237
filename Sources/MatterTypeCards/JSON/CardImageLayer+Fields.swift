public import Foundation
public import MatterType
public import MatterTypeWire

extension CardImageLayer {
    /// An image layer's keys, the box's first.
    public static let fields: [CardField<CardImageLayer>] =
        CardBox.fields(hugs: false, size: nil).map { $0.lifted(to: \.box) } + [
            CardField("src", \.source, String.self, default: nil,
                      help: "A data:image/…;base64 URI, or a file path relative to the card (the CLI and library only).",
                      examples: FieldExamples(accepted: [#""\#(CardImageExamples.dataURI)""#],
                                              refused: [#""data:image/png;base64,AAAA""#, #""data:,""#]),
                      frequency: 1),
            CardField("fit", \.fit, Choice<ImageFit>.self, default: .fill, writesDefault: true,
                      help: "How it fills the box, as CSS object-fit: fill (the default), contain or cover."),
            CardField("cornerRadius", \.cornerRadius, Double.self, default: 0, writesDefault: true,
                      help: "The corners' radius in points.",
                      examples: FieldExamples(accepted: ["0", "8", "1000000"], refused: ["1e9"])),
            CardField("circle", \.isCircle, Bool.self, default: false, writesDefault: true,
                      help: "Whether it is clipped to a circle (an avatar).", frequency: 0.2),
            CardField("opacity", \.opacity, Double.self, default: 1, writesDefault: true, help: "0 (invisible) to 1.",
                      examples: CardField<CardImageLayer>.opacities, frequency: 0.2),
        ]

    /// An image to read keys into: its source, width and height are required.
    static let blank = CardImageLayer(box: CardBox(width: .fixed(0), height: .fixed(0)), source: "")
}
