import Foundation
package import MatterType

/// How span styles and render requests read their JSON: one place for the rules they share (unknown keys are
/// errors, lists as arrays or comma-separated strings, colors as hex).
extension Decoder {
    /// Throws for the first key of this JSON object that is not one of `Keys`, naming the keys `what` has.
    package func rejectUnknownKeys<Keys: CodingKey & CaseIterable>(_: Keys.Type, in what: String) throws {
        let any = try container(keyedBy: AnyCodingKey.self)
        if let unknown = any.allKeys.first(where: { Keys(stringValue: $0.stringValue) == nil }) {
            throw DecodingError.dataCorruptedError(
                forKey: unknown, in: any,
                debugDescription: "unknown key; \(what) has " + Keys.allCases.map(\.stringValue).joined(separator: ", "))
        }
    }
}

extension KeyedDecodingContainer {
    /// A color in any form ``Color/parse(_:allowsTransparent:)`` reads, `transparent` included.
    package func decodeColorIfPresent(forKey key: Key) throws -> Color? {
        try contains(key) ? Color.decode(from: self, forKey: key) : nil
    }
}

extension KeyedDecodingContainer {
    /// An image fit: `fill`, `contain` or `cover`.
    package func decodeFitIfPresent(forKey key: Key) throws -> ImageFit? {
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let fit = ImageFit(rawValue: text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription:
                "\"\(text)\" is not one of " + ImageFit.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return fit
    }
}

/// Any key of a JSON object, to find the ones a type does not have.
package struct AnyCodingKey: CodingKey {
    package var stringValue: String
    package var intValue: Int? { nil }
    package init(stringValue: String) { self.stringValue = stringValue }
    package init?(intValue: Int) { nil }
}
