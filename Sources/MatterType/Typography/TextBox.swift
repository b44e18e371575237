/// Leading trim (CSS `text-box`): the block's top cut to the first line's over edge and its bottom to the last
/// line's under edge, so that what a designer sees in Figma ("vertical trim: cap height to baseline") is the box.
///
/// Written as CSS writes it: `normal`, or a trim (`trim-start`, `trim-end`, `trim-both`) and edges (over: `text`,
/// `cap`, `ex`; under: `text`, `alphabetic`), in either order. A trim alone trims to `text` (the font's ascent and
/// descent); edges alone trim both ends; a single edge must suit both ends, so it can only be `text` (`cap` and
/// `ex` need an under edge: Chromium drops `text-box: trim-start cap` as invalid, as CSS Inline 3 says):
///
/// ```swift
/// let figmaTrim = try TextBox(parsing: "trim-both cap alphabetic")  // cap height to baseline
/// ```
///
/// Between lines nothing changes: every line box keeps the line height.
public struct TextBox: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Which ends are trimmed.
    public enum Trim: String, Sendable, Hashable, CaseIterable {
        /// Neither.
        case none
        /// The top, to the first line's over edge.
        case start = "trim-start"
        /// The bottom, to the last line's under edge.
        case end = "trim-end"
        /// Both.
        case both = "trim-both"
    }

    /// What the top is cut to.
    public enum OverEdge: String, Sendable, Hashable, CaseIterable {
        /// The font's ascent above the baseline (`hhea.ascender`): the half-leading goes.
        case text
        /// The cap height (`OS/2.sCapHeight`, else the top of "H").
        case cap
        /// The x-height (`OS/2.sxHeight`, else the top of "x").
        case ex
    }

    /// What the bottom is cut to.
    public enum UnderEdge: String, Sendable, Hashable, CaseIterable {
        /// The font's descent below the baseline (`hhea.descender`).
        case text
        /// The baseline.
        case alphabetic
    }

    /// Which ends are trimmed.
    public var trim: Trim
    /// What the top is cut to.
    public var over: OverEdge
    /// What the bottom is cut to.
    public var under: UnderEdge

    /// No trim (CSS `normal`).
    public static let normal = TextBox(trim: .none, over: .text, under: .text)

    /// A trim to these edges.
    public init(trim: Trim, over: OverEdge = .text, under: UnderEdge = .text) {
        self.trim = trim
        self.over = over
        self.under = under
    }

    /// Whether the top is trimmed.
    public var trimsStart: Bool { trim == .start || trim == .both }
    /// Whether the bottom is trimmed.
    public var trimsEnd: Bool { trim == .end || trim == .both }

    /// The value as CSS writes it (`normal`, or `trim-both cap alphabetic`).
    public var description: String {
        trim == .none ? "normal" : "\(trim.rawValue) \(over.rawValue) \(under.rawValue)"
    }

    /// Parses CSS `text-box` syntax (see the type's documentation), case-insensitively.
    /// - Throws: ``TextBoxSyntaxError`` naming the word that is not part of the syntax.
    public init(parsing text: String) throws(TextBoxSyntaxError) {
        let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard words != ["normal"] else {
            self = .normal
            return
        }
        var trim: Trim?
        var edges: [String] = []
        for (index, word) in words.enumerated() {
            if let value = Trim(rawValue: word), value != .none {
                // The trim comes before or after the edges, not between them.
                guard trim == nil, edges.isEmpty || index == words.count - 1 else {
                    throw TextBoxSyntaxError(text: text, word: word)
                }
                trim = value
            } else {
                edges.append(word)
            }
        }
        guard !words.isEmpty, edges.count <= 2 else { throw TextBoxSyntaxError(text: text, word: edges.last ?? "") }
        var over = OverEdge.text
        var under = UnderEdge.text
        if let first = edges.first {
            guard let edge = OverEdge(rawValue: first), edges.count == 2 || edge == .text else {
                throw TextBoxSyntaxError(text: text, word: first)
            }
            over = edge
        }
        if edges.count == 2 {
            guard let edge = UnderEdge(rawValue: edges[1]) else { throw TextBoxSyntaxError(text: text, word: edges[1]) }
            under = edge
        }
        self.init(trim: trim ?? .both, over: over, under: under)
    }

    /// Decodes the CSS string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Encodes the CSS string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// A `text-box` value that is not CSS `text-box` syntax.
public struct TextBoxSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The whole value.
    public let text: String
    /// The word that does not fit.
    public let word: String

    /// What is wrong and what is accepted.
    public var description: String {
        "text-box \"\(text)\": \(word.isEmpty ? "is empty" : "\"\(word)\" is not allowed there"); write normal, or "
            + "trim-start, trim-end or trim-both and/or edges: an over edge (text, cap, ex) then an under edge "
            + "(text, alphabetic), or text alone, e.g. \"trim-both cap alphabetic\""
    }
}
