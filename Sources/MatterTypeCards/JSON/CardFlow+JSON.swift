public import MatterType
public import MatterTypeWire

extension CardFlow: SelfCodedCardValue {
    private enum Keys: String, CodingKey, CaseIterable {
        case direction, gap, padding, align, crossAlign, wrap, crossGap, reverseZ, grid
    }

    /// Decodes `{"direction": "vertical", "gap": 16 | "auto", "padding": 24 | [t, r, b, l], "align": "center",
    /// "crossAlign": "baseline", "wrap": true, "crossGap": 8 | "auto", "reverseZ": true}`, every key optional; or
    /// `{"grid": {…}, "padding": 16, "reverseZ": true}` (a grid: ``CardGrid``), without the flow's keys.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(Keys.self, in: "a layout")
        let c = try decoder.container(keyedBy: Keys.self)
        /// A gap: a number of points, or "auto" (the space left, shared between `what`).
        func gap(_ key: Keys, between what: String) throws -> Gap {
            guard c.contains(key) else { return .fixed(0) }
            if let number = try? c.decode(Double.self, forKey: key) { return .fixed(number) }
            guard (try? c.decode(String.self, forKey: key)) == "auto" else {
                throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription:
                    "give a number of points or \"auto\" (the space left, shared between the \(what))")
            }
            return .auto
        }
        var padding = CardInsets()
        if c.contains(.padding) {
            if let number = try? c.decode(Double.self, forKey: .padding) {
                padding = CardInsets(all: number)
            } else if let sides = try? c.decode([Double].self, forKey: .padding), sides.count == 4 {
                padding = CardInsets(top: sides[0], right: sides[1], bottom: sides[2], left: sides[3])
            } else {
                throw DecodingError.dataCorruptedError(forKey: .padding, in: c, debugDescription:
                    "give a number of points or [top, right, bottom, left]")
            }
        }
        let align = try c.decodeIfPresent(Alignment.self, forKey: .align) ?? .start
        if align == .baseline {
            throw DecodingError.dataCorruptedError(forKey: .align, in: c, debugDescription:
                "baseline aligns across a row; use start, center or end along it")
        }
        if let grid = try c.decodeIfPresent(CardGrid.self, forKey: .grid) {
            if let flowKey = [Keys.direction, .gap, .align, .crossAlign, .wrap, .crossGap].first(where: c.contains) {
                throw DecodingError.dataCorruptedError(forKey: flowKey, in: c, debugDescription:
                    "a grid places its children in cells: leave out \(flowKey.rawValue) (its gaps are the grid's "
                    + "columnGap and rowGap, its alignments each child's cell's)")
            }
            self.init(padding: padding, reversesZOrder: try c.decodeIfPresent(Bool.self, forKey: .reverseZ) ?? false,
                      grid: grid)
            return
        }
        self.init(direction: try c.decodeIfPresent(Direction.self, forKey: .direction),
                  gap: try gap(.gap, between: "children"), padding: padding,
                  align: align, crossAlign: try c.decodeIfPresent(Alignment.self, forKey: .crossAlign) ?? .start,
                  wraps: try c.decodeIfPresent(Bool.self, forKey: .wrap) ?? false,
                  crossGap: try gap(.crossGap, between: "wrapped lines"),
                  reversesZOrder: try c.decodeIfPresent(Bool.self, forKey: .reverseZ) ?? false)
    }

    /// Encodes the keys it decodes.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        if let grid {
            try c.encode(grid, forKey: .grid)
            try c.encode([padding.top, padding.right, padding.bottom, padding.left], forKey: .padding)
            try c.encode(reversesZOrder, forKey: .reverseZ)
            return
        }
        try c.encodeIfPresent(direction?.rawValue, forKey: .direction)
        for (key, gap) in [(Keys.gap, gap), (Keys.crossGap, crossGap)] {
            switch gap {
            case .fixed(let number): try c.encode(number, forKey: key)
            case .auto: try c.encode("auto", forKey: key)
            }
        }
        try c.encode([padding.top, padding.right, padding.bottom, padding.left], forKey: .padding)
        try c.encode(align.rawValue, forKey: .align)
        try c.encode(crossAlign.rawValue, forKey: .crossAlign)
        try c.encode(wraps, forKey: .wrap)
        try c.encode(reversesZOrder, forKey: .reverseZ)
    }

    /// The OpenAPI schema, as JSON.
    public static var schema: String {
        ##"{"type": "object", "additionalProperties": false, "properties": {"direction": {"type": "string", "enum": ["horizontal", "vertical"]}, "gap": {"oneOf": [{"type": "number"}, {"type": "string", "enum": ["auto"]}]}, "padding": {"oneOf": [{"type": "number", "minimum": 0}, {"type": "array", "minItems": 4, "maxItems": 4, "items": {"type": "number", "minimum": 0}}]}, "align": {"type": "string", "enum": ["start", "center", "end"]}, "crossAlign": {"type": "string", "enum": ["start", "center", "end", "baseline"]}, "wrap": {"type": "boolean"}, "crossGap": {"oneOf": [{"type": "number"}, {"type": "string", "enum": ["auto"]}]}, "reverseZ": {"type": "boolean"}, "grid": "## + CardGrid.schema + ##"}}"##
    }

    /// Rows and columns with every alignment, gaps (negative: Figma's overlap; auto), padding up to the limit on one
    /// side, wrapping; a direction, gap, padding or alignment that is none.
    public static var examples: FieldExamples {
        FieldExamples(accepted: [
            ##"{"direction": "horizontal"}"##, ##"{"direction": "vertical", "gap": 12, "padding": 16}"##,
            ##"{"direction": "horizontal", "gap": "auto", "align": "center", "crossAlign": "baseline"}"##,
            ##"{"direction": "vertical", "gap": 1000000, "padding": [4, 8, 12, 16], "align": "end", "crossAlign": "center"}"##,
            ##"{"direction": "horizontal", "wrap": true, "crossGap": 8, "gap": 0}"##,
            ##"{"direction": "horizontal", "wrap": true, "crossGap": "auto"}"##,
            ##"{"direction": "vertical", "padding": [1000000, 0, 0, 0], "reverseZ": true}"##,
            ##"{"direction": "horizontal", "padding": [0, 0, 0, 1000000], "wrap": true, "crossGap": 1000000}"##,
            ##"{"gap": 12, "padding": 0}"##, "{}", ##"{"direction": "horizontal", "gap": -8}"##,
            ##"{"grid": {"columns": [120, "1fr", "2fr", "auto"], "rows": ["auto", 40], "columnGap": 8, "rowGap": 12}, "padding": 16}"##,
            ##"{"grid": {"columns": ["1fr", "1fr"]}, "reverseZ": true}"##,
            ##"{"grid": {"columns": [], "rows": ["0.5fr", 1000000], "columnGap": 1000000}}"##,
        ], refused: [
            ##"{"grid": {"rows": ["1fr"]}}"##, ##"{"grid": {"columns": ["1 fr"]}}"##,
            ##"{"grid": {"columns": ["min-content"]}}"##, ##"{"grid": {"columns": ["1fr"], "gap": 8}}"##,
            ##"{"grid": {"columns": ["1fr"]}, "direction": "horizontal"}"##,
            ##"{"grid": {"columns": ["1fr"]}, "gap": 8}"##, ##"{"grid": {"columns": [true]}}"##,
            ##"{"direction": "row"}"##, ##"{"direction": "vertical", "gap": "big"}"##,
            ##"{"direction": "vertical", "padding": [1, 2]}"##, ##"{"direction": "horizontal", "padding": -8}"##,
            ##"{"direction": "horizontal", "padding": [2e9, 0, 0, 0]}"##, ##"{"direction": "vertical", "padding": [0, -1, 0, 0]}"##,
            ##"{"direction": "vertical", "align": "baseline"}"##, ##"{"direction": "vertical", "crossAlign": "middle"}"##,
            ##"{"direction": "horizontal", "gap": -2000000}"##,
        ])
    }
}
