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
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case text, family, weight, italic, fontWidth, size, letterSpacing, textCase, decoration, color, features,
             language, variations
    }

    /// Decodes the style keys of a span object (see the type's documentation); a key it does not know is an
    /// error, so that a misspelt key is not silently ignored.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self, in: "a span")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        familyNames = try c.decodeFamilyNamesIfPresent(forKey: .family)
        weight = try c.decodeIfPresent(FontWeight.self, forKey: .weight)
        isItalic = try c.decodeIfPresent(Bool.self, forKey: .italic)
        fontWidth = try c.decodeIfPresent(FontWidth.self, forKey: .fontWidth)
        size = try c.decodeIfPresent(Double.self, forKey: .size)
        letterSpacing = try c.decodeIfPresent(Double.self, forKey: .letterSpacing)
        textCase = try c.decodeIfPresent(TextCase.self, forKey: .textCase)
        decoration = try c.decodeIfPresent(TextDecoration.self, forKey: .decoration)
        color = try c.decodeColorIfPresent(forKey: .color)
        features = try c.decodeFeaturesIfPresent(forKey: .features)
        language = try c.decodeIfPresent(String.self, forKey: .language)
        variations = try c.decodeIfPresent([String: Double].self, forKey: .variations)
    }

    /// Encodes the fields that are set, under the keys it decodes.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(familyNames, forKey: .family)
        try c.encodeIfPresent(weight, forKey: .weight)
        try c.encodeIfPresent(isItalic, forKey: .italic)
        try c.encodeIfPresent(fontWidth, forKey: .fontWidth)
        try c.encodeIfPresent(size, forKey: .size)
        try c.encodeIfPresent(letterSpacing, forKey: .letterSpacing)
        try c.encodeIfPresent(textCase, forKey: .textCase)
        try c.encodeIfPresent(decoration, forKey: .decoration)
        try c.encodeIfPresent(color?.description, forKey: .color)
        try c.encodeIfPresent(features, forKey: .features)
        try c.encodeIfPresent(language, forKey: .language)
        try c.encodeIfPresent(variations, forKey: .variations)
    }
}
