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

extension NamedChoice {
    /// The case `text` names — its raw value in any letter case (`"Center"` is ``TextAlignment/center``) or an
    /// alias (`"start"`): the one reading of a choice that the CLI and JSON share.
    /// - Throws: ``UnacceptedValue`` listing every accepted value.
    public static func parse(choice text: String) throws(UnacceptedValue) -> Self {
        guard let value = named(text) else { throw UnacceptedValue(text: text, reason: acceptedValues) }
        return value
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
