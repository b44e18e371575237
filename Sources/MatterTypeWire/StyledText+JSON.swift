public import MatterType

// The JSON of styled text, as the CLI's `--spans` file and the server's requests send it.

extension StyledText: Codable {
    private enum CodingKeys: String, CodingKey {
        case spans
    }

    /// Decodes `{"spans": [...]}`.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.container(keyedBy: CodingKeys.self).decode([TextSpan].self, forKey: .spans))
    }

    /// Encodes `{"spans": [...]}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(spans, forKey: .spans)
    }
}

extension TextSpan: Codable {
    private enum CodingKeys: String, CodingKey {
        case text, box
    }

    /// The keys of a box span, and of its box.
    private enum BoxSpanKeys: String, CodingKey, CaseIterable { case box }
    private enum BoxKeys: String, CodingKey, CaseIterable { case width, height, align }

    /// Decodes `{"text": "...", ...style keys}` (only `text` is required) or a box,
    /// `{"box": {"width": 20, "height": 20, "align": "middle"}}` (`align` defaults to `baseline`).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if c.contains(.box) {
            try decoder.rejectUnknownKeys(BoxSpanKeys.self, in: "a box span")
            let box = try c.superDecoder(forKey: .box)
            try box.rejectUnknownKeys(BoxKeys.self, in: "a box")
            self.init(box: try InlineBox(from: box))
        } else {
            self.init(try c.decode(String.self, forKey: .text), style: try SpanStyle(from: decoder))
        }
    }

    /// Encodes the text and the style's keys in one object, or the box.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if let box {
            try container.encode(box, forKey: .box)
            return
        }
        try container.encode(text, forKey: .text)
        try style.encode(to: encoder)
    }
}

extension SpanStyle: Codable {
    /// A span's style keys: the typography and output fields that are span fields too (``RequestField/span``),
    /// read with a span's own types (lengths in points), then the keys only spans have.
    public static let fields: [RequestField<SpanStyle>] =
        TypographyFields.fields.compactMap(\.span) + OutputFields.fields.compactMap(\.span) + spanOnlyFields

    /// What only a span can say: that its text is set across a vertical line in one em.
    public static let spanOnlyFields: [RequestField<SpanStyle>] = [
        .init("textCombineUpright", \.textCombineUpright, Choice<TextCombineUpright>.self,
              help: "In a vertical writing mode, all sets the span's text across the column in the space of one character (tate-chu-yoko: \"12\", \"!?\"), as CSS text-combine-upright: in the font's half-width forms when wider than an em, narrowed to an em when still wider; none (the default) sets it as the rest."),
        .init("ruby", \.ruby, String.self,
              help: "An annotation over the span's text (furigana, \"かんじ\" over \"漢字\"), as HTML <ruby>: half the span's size, above it in rows and to its right in columns, spread over it as Chromium's ruby-align: space-around (a longer annotation overhangs the characters beside it by up to half its size); the span's text is never broken, and a row the annotation does not fit above moves down (Docs/Vertical.md)."),
    ]

    /// `text` and the style keys.
    private static let keys: Set<String> = Set(["text"] + fields.map(\.key))

    /// Decodes the style keys of a span object (see the type's documentation); a key it does not know is an
    /// error, so that a misspelt key is not silently ignored.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        if let unknown = container.allKeys.first(where: { !SpanStyle.keys.contains($0.stringValue) }) {
            throw DecodingError.dataCorruptedError(
                forKey: unknown, in: container,
                debugDescription: "unknown key; a span has " + (["text"] + SpanStyle.fields.map(\.key)).joined(separator: ", "))
        }
        self.init()
        for field in SpanStyle.fields { try field.decode(container, AnyCodingKey(stringValue: field.key), &self) }
    }

    /// Encodes the fields that are set, under the keys it decodes.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        for field in SpanStyle.fields { try field.encode(self, &container, AnyCodingKey(stringValue: field.key)) }
    }
}
