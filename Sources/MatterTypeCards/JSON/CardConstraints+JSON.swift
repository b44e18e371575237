public import MatterTypeWire

extension CardConstraints: SelfCodedCardValue {
    private enum Keys: String, CodingKey, CaseIterable {
        case horizontal, vertical
    }

    /// The horizontal pins by their JSON names (Figma's words: left, right, leftRight, center, scale).
    private static let horizontalNames: [(String, Pin)] = [("left", .start), ("right", .end), ("leftRight", .both),
                                                            ("center", .center), ("scale", .scale)]
    /// The vertical pins by their JSON names (top, bottom, topBottom, center, scale).
    private static let verticalNames: [(String, Pin)] = [("top", .start), ("bottom", .end), ("topBottom", .both),
                                                          ("center", .center), ("scale", .scale)]

    /// Decodes `{"horizontal": "left" | "right" | "leftRight" | "center" | "scale", "vertical": "top" | "bottom" |
    /// "topBottom" | "center" | "scale"}`, each key optional.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(Keys.self, in: "constraints")
        let c = try decoder.container(keyedBy: Keys.self)
        func pin(_ key: Keys, _ names: [(String, Pin)]) throws -> Pin {
            guard let name = try c.decodeIfPresent(String.self, forKey: key) else { return .start }
            guard let pin = names.first(where: { $0.0 == name })?.1 else {
                throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription:
                    "\"\(name)\" is not a constraint; use " + names.map(\.0).joined(separator: ", "))
            }
            return pin
        }
        self.init(horizontal: try pin(.horizontal, Self.horizontalNames),
                  vertical: try pin(.vertical, Self.verticalNames))
    }

    /// Encodes the keys it decodes.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(Self.horizontalNames.first { $0.1 == horizontal }?.0 ?? "left", forKey: .horizontal)
        try c.encode(Self.verticalNames.first { $0.1 == vertical }?.0 ?? "top", forKey: .vertical)
    }

    /// The OpenAPI schema, as JSON.
    public static var schema: String {
        ##"{"type": "object", "additionalProperties": false, "properties": {"horizontal": {"type": "string", "enum": ["left", "right", "leftRight", "center", "scale"], "default": "left"}, "vertical": {"type": "string", "enum": ["top", "bottom", "topBottom", "center", "scale"], "default": "top"}}}"##
    }

    /// Every pin on each axis; names of the other axis and unknown keys refused.
    public static var examples: FieldExamples {
        FieldExamples(accepted: [
            ##"{"horizontal": "right"}"##, ##"{"vertical": "bottom"}"##,
            ##"{"horizontal": "leftRight", "vertical": "topBottom"}"##,
            ##"{"horizontal": "center", "vertical": "center"}"##, ##"{"horizontal": "scale", "vertical": "scale"}"##,
            ##"{"horizontal": "left", "vertical": "top"}"##, "{}",
        ], refused: [
            ##"{"horizontal": "top"}"##, ##"{"vertical": "leftRight"}"##, ##"{"horizontal": "stretch"}"##,
            ##"{"horizontal": 1}"##, ##"{"depth": "front"}"##,
        ])
    }
}
