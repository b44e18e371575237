/// A choice among named cases — an alignment, a text case, a wrap mode — read from JSON: its raw value in any
/// letter case, or an alias the type lists (CSS's `start` for ``TextAlignment/natural``). Anything else is an
/// error that lists every accepted value, not Foundation's "Cannot initialize … from invalid String value".
public protocol NamedChoice: CaseIterable, RawRepresentable, Decodable where RawValue == String {
    /// Other names read as a case (lowercased).
    static var aliases: [String: Self] { get }
}

extension NamedChoice {
    public static var aliases: [String: Self] { [:] }

    /// The case `text` names (any letter case, or an alias), or `nil`.
    public static func named(_ text: String) -> Self? {
        let lowered = text.lowercased()
        return allCases.first { $0.rawValue.lowercased() == lowered } ?? aliases[lowered]
    }

    /// "is not one of left, center, …": what a text that names no case is told.
    public static var acceptedValues: String {
        "is not one of " + (allCases.map(\.rawValue) + aliases.keys.sorted()).joined(separator: ", ")
    }

    /// Decodes a string naming a case (see ``named(_:)``).
    /// - Throws: `DecodingError.dataCorrupted` quoting the text and listing every accepted value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = Self.named(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" \(Self.acceptedValues)")
        }
        self = value
    }
}
