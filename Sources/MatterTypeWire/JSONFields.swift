import Foundation
import MatterType

/// How span styles and render requests read their JSON: one place for the rules they share (unknown keys are
/// errors, lists as arrays or comma-separated strings, colors as hex).
extension Decoder {
    /// Throws for the first key of this JSON object that is not one of `Keys`, naming the keys `what` has.
    func rejectUnknownKeys<Keys: CodingKey & CaseIterable>(_: Keys.Type, in what: String) throws {
        let any = try container(keyedBy: AnyCodingKey.self)
        if let unknown = any.allKeys.first(where: { Keys(stringValue: $0.stringValue) == nil }) {
            throw DecodingError.dataCorruptedError(
                forKey: unknown, in: any,
                debugDescription: "unknown key; \(what) has " + Keys.allCases.map(\.stringValue).joined(separator: ", "))
        }
    }
}

extension KeyedDecodingContainer {
    /// A family list: an array of names or a CSS `font-family` string; an empty one is an error.
    func decodeFamilyNamesIfPresent(forKey key: Key) throws -> [String]? {
        let names: [String]?
        // A string first: the usual form, and a failed attempt (a thrown error) costs more than the decode.
        if let list = try? decodeIfPresent(String.self, forKey: key) {
            names = SpanStyle.familyNames(inList: list)
        } else {
            names = try decodeIfPresent([String].self, forKey: key)
        }
        if names?.isEmpty == true {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "the family is empty")
        }
        if let count = names?.count, count > Typography.maximumFamilyCount {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self,
                debugDescription: "\(count) families; name at most \(Typography.maximumFamilyCount)")
        }
        if let long = names?.first(where: { $0.count > Typography.maximumFamilyNameLength }) {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "a family name has \(long.count) characters; "
                    + "family names have at most \(Typography.maximumFamilyNameLength)")
        }
        return names
    }

    /// OpenType features: an array of settings or a comma-separated string ("tnum,-liga").
    func decodeFeaturesIfPresent(forKey key: Key) throws -> [String]? {
        if let array = try? decodeIfPresent([String].self, forKey: key) { return array }
        return try decodeIfPresent(String.self, forKey: key).map(SpanStyle.features(inList:))
    }

    /// A color in any form ``Color/parse(_:allowsTransparent:)`` reads, `transparent` included.
    func decodeColorIfPresent(forKey key: Key) throws -> Color? {
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
        do {
            return try Color.parse(text)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: error.description)
        }
    }
}

extension KeyedDecodingContainer {
    /// An image fit: `fill`, `contain` or `cover`.
    func decodeFitIfPresent(forKey key: Key) throws -> ImageFit? {
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let fit = ImageFit(rawValue: text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription:
                "\"\(text)\" is not one of " + ImageFit.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return fit
    }
}

/// Any key of a JSON object, to find the ones a type does not have.
struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
