import Foundation
import MatterType

/// How span styles and render requests read their JSON: one place for the rules they share (unknown keys are
/// errors, lists as arrays or comma-separated strings, colors as hex).
extension Decoder {
    /// Throws for the first key of this JSON object that is not in `known`, naming the keys `what` has.
    func rejectUnknownKeys(_ known: [String], in what: String) throws {
        let any = try container(keyedBy: AnyCodingKey.self)
        let allowed = Set(known)
        if let unknown = any.allKeys.first(where: { !allowed.contains($0.stringValue) }) {
            throw DecodingError.dataCorruptedError(
                forKey: unknown, in: any,
                debugDescription: "unknown key; \(what) has " + known.joined(separator: ", "))
        }
    }
}

extension KeyedDecodingContainer {
    /// A family list: an array of names or a CSS `font-family` string; an empty one is an error.
    func decodeFamilyNamesIfPresent(forKey key: Key) throws -> [String]? {
        let names: [String]?
        if let array = try? decodeIfPresent([String].self, forKey: key) {
            names = array
        } else {
            names = try decodeIfPresent(String.self, forKey: key).map(SpanStyle.familyNames(inList:))
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

    /// A color as `#RRGGBB` or `#RRGGBBAA`, and `transparent` where `allowsTransparent`.
    func decodeColorIfPresent(forKey key: Key, allowsTransparent: Bool = false) throws -> Color? {
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
        do {
            return try Color.parse(text, allowsTransparent: allowsTransparent)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: error.description)
        }
    }
}

/// Any key of a JSON object, to find the ones a type does not have.
struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
