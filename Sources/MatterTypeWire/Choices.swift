public import MatterType

/// A word or color given as text that names no accepted value: what the CLI's options and the JSON fields of
/// requests and spans report, each adding where the text came from (an option, a key).
public struct UnacceptedValue: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text as given.
    public let text: String
    /// What is wrong with it and what is accepted ("is not one of left, center, right").
    public let reason: String

    /// `"middle" is not one of left, center, right`.
    public var description: String { "\"\(text)\" \(reason)" }
}

extension CaseIterable where Self: RawRepresentable, Self.RawValue == String {
    /// The case whose raw value is `text` in any letter case (`"Center"` is ``TextAlignment/center``): the one
    /// reading of a choice that the CLI and JSON share.
    /// - Throws: ``UnacceptedValue`` listing every raw value.
    public static func parse(choice text: String) throws(UnacceptedValue) -> Self {
        let lowered = text.lowercased()
        if let value = allCases.first(where: { $0.rawValue.lowercased() == lowered }) { return value }
        throw UnacceptedValue(text: text, reason: "is not one of " + allCases.map(\.rawValue).joined(separator: ", "))
    }
}

extension Color {
    /// The color `text` spells in any form ``Color/init(parsing:)`` reads; `transparent` only where
    /// `allowsTransparent` (every color of a request, its spans' and its cards' allows it, as CSS does).
    /// - Throws: ``UnacceptedValue`` listing the accepted spellings.
    public static func parse(_ text: String, allowsTransparent: Bool = true) throws(UnacceptedValue) -> Color {
        guard let color = Color(parsing: text), allowsTransparent || text.lowercased() != "transparent" else {
            throw UnacceptedValue(text: text, reason: "is not a color; use " + Color.acceptedSpellings)
        }
        return color
    }
}
