public import MatterTypeWire

extension CardGrid: Codable {
    private enum Keys: String, CodingKey, CaseIterable {
        case columns, rows, columnGap, rowGap
    }

    /// Decodes `{"columns": [120, "1fr", "auto"], "rows": ["auto", "2fr"], "columnGap": 8, "rowGap": 8}`: a
    /// track is a number of points, `"Nfr"` (a share) or `"auto"` (its cells' content); `columns` is required.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(Keys.self, in: "a grid")
        let c = try decoder.container(keyedBy: Keys.self)
        func tracks(_ key: Keys) throws -> [Track] {
            guard c.contains(key) else { return [] }
            let tracks = try c.decode([TrackJSON].self, forKey: key).map(\.track)
            guard tracks.count <= CardGrid.maximumCells else {
                throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription:
                    "\(tracks.count) tracks are more than \(CardGrid.maximumCells); use fewer")
            }
            return tracks
        }
        guard c.contains(.columns) else {
            throw DecodingError.keyNotFound(Keys.columns, DecodingError.Context(codingPath: c.codingPath,
                debugDescription: "a grid needs its columns, e.g. [\"1fr\", \"1fr\"]"))
        }
        self.init(columns: try tracks(.columns), rows: try tracks(.rows),
                  columnGap: try c.decodeIfPresent(Double.self, forKey: .columnGap) ?? 0,
                  rowGap: try c.decodeIfPresent(Double.self, forKey: .rowGap) ?? 0)
    }

    /// Encodes the keys it decodes.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        for (key, tracks) in [(Keys.columns, columns), (Keys.rows, rows)] {
            var list = c.nestedUnkeyedContainer(forKey: key)
            for track in tracks {
                switch track {
                case .fixed(let points): try list.encode(points)
                case .share(let weight): try list.encode("\(Self.number(weight))fr")
                case .content: try list.encode("auto")
                }
            }
        }
        try c.encode(columnGap, forKey: .columnGap)
        try c.encode(rowGap, forKey: .rowGap)
    }

    /// A weight as it reads back: `1` rather than `1.0`.
    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    /// The OpenAPI schema, as JSON.
    static var schema: String {
        let track = ##"{"oneOf": [{"type": "number", "minimum": 0}, {"type": "string", "pattern": "^([0-9.]+fr|auto)$"}]}"##
        return ##"{"type": "object", "additionalProperties": false, "required": ["columns"], "properties": {"columns": {"type": "array", "items": "## + track + ##"}, "rows": {"type": "array", "items": "## + track + ##"}, "columnGap": {"type": "number", "minimum": 0}, "rowGap": {"type": "number", "minimum": 0}}}"##
    }
}

/// One track in JSON: a number of points, `"Nfr"` or `"auto"`.
private struct TrackJSON: Decodable {
    var track: CardGrid.Track

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let points = try? c.decode(Double.self) {
            track = .fixed(points)
            return
        }
        let text = (try? c.decode(String.self)) ?? ""
        if text == "auto" {
            track = .content
        } else if text.hasSuffix("fr"), let weight = Double(text.dropLast(2)) {
            track = .share(weight)
        } else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "give a number of points, \"1fr\" (a "
                + "share of what is left) or \"auto\" (its cells' content)")
        }
    }
}

extension CardGridCell: SelfCodedCardValue {
    private enum Keys: String, CodingKey, CaseIterable {
        case row, column, rowSpan, columnSpan, horizontal, vertical
    }

    /// Decodes `{"row": 0, "column": 1, "rowSpan": 2, "columnSpan": 1, "horizontal": "center", "vertical":
    /// "end"}`, each key optional (a row and a column together).
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(Keys.self, in: "a grid cell")
        let c = try decoder.container(keyedBy: Keys.self)
        func alignment(_ key: Keys) throws -> CardFlow.Alignment {
            guard let name = try c.decodeIfPresent(String.self, forKey: key) else { return .start }
            guard let alignment = CardFlow.Alignment(rawValue: name), alignment != .baseline else {
                throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription:
                    "\"\(name)\" is not a place in a cell; use start, center or end")
            }
            return alignment
        }
        self.init(row: try c.decodeIfPresent(Int.self, forKey: .row),
                  column: try c.decodeIfPresent(Int.self, forKey: .column),
                  rowSpan: try c.decodeIfPresent(Int.self, forKey: .rowSpan) ?? 1,
                  columnSpan: try c.decodeIfPresent(Int.self, forKey: .columnSpan) ?? 1,
                  horizontal: try alignment(.horizontal), vertical: try alignment(.vertical))
        for (key, value, least) in [(Keys.row, row ?? 0, 0), (.column, column ?? 0, 0), (.rowSpan, rowSpan, 1),
                                    (.columnSpan, columnSpan, 1)]
        where !(least...Self.maximumIndex).contains(value) {
            throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription:
                "\(value) is not allowed; use \(least) to \(Self.maximumIndex)")
        }
        guard (row == nil) == (column == nil) else {
            throw DecodingError.dataCorruptedError(forKey: row == nil ? .row : .column, in: c, debugDescription:
                "give both a row and a column, or neither (the first free cell)")
        }
    }

    /// Encodes the keys it decodes.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encodeIfPresent(row, forKey: .row)
        try c.encodeIfPresent(column, forKey: .column)
        try c.encode(rowSpan, forKey: .rowSpan)
        try c.encode(columnSpan, forKey: .columnSpan)
        try c.encode(horizontal.rawValue, forKey: .horizontal)
        try c.encode(vertical.rawValue, forKey: .vertical)
    }

    /// The OpenAPI schema, as JSON.
    public static var schema: String {
        let place = ##"{"type": "string", "enum": ["start", "center", "end"], "default": "start"}"##
        return ##"{"type": "object", "additionalProperties": false, "properties": {"row": {"type": "integer", "minimum": 0, "maximum": 4096}, "column": {"type": "integer", "minimum": 0, "maximum": 4096}, "rowSpan": {"type": "integer", "minimum": 1, "maximum": 4096, "default": 1}, "columnSpan": {"type": "integer", "minimum": 1, "maximum": 4096, "default": 1}, "horizontal": "## + place + ##", "vertical": "## + place + ##"}}"##
    }

    /// Places, spans and every alignment; half a place, a baseline, a negative or huge index refused.
    public static var examples: FieldExamples {
        FieldExamples(accepted: [
            ##"{"row": 0, "column": 0}"##, ##"{"row": 1, "column": 2, "rowSpan": 2}"##, ##"{"columnSpan": 2}"##,
            ##"{"row": 0, "column": 1, "horizontal": "center", "vertical": "end"}"##, "{}",
            ##"{"horizontal": "end", "vertical": "center", "rowSpan": 3, "columnSpan": 3}"##,
        ], refused: [
            ##"{"row": 0}"##, ##"{"column": 1}"##, ##"{"row": -1, "column": 0}"##, ##"{"columnSpan": 0}"##,
            ##"{"row": 5000, "column": 0}"##, ##"{"horizontal": "baseline"}"##, ##"{"vertical": "middle"}"##,
            ##"{"area": "main"}"##, ##"{"row": 1.5, "column": 0}"##,
        ])
    }
}
