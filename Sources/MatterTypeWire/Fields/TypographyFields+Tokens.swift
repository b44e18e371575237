import Foundation
public import MatterType

extension TypographyFields {
    /// Reads a typography token's `$extensions.mattertype` with the request's typography fields: the same keys,
    /// values and checks as a render request (`{"wordSpacing": "0.1em", "textWrap": "balance"}`), an `em` being the
    /// token's font size. Pass it when loading tokens:
    ///
    /// ```swift
    /// let tokens = try DesignTokens(contentsOf: url, extensions: TypographyFields.tokenExtensions)
    /// ```
    public static let tokenExtensions: any TypographyTokenExtensions = TokenExtensionFields()
}

/// ``TypographyFields/tokenExtensions``: one key at a time, decoded and applied as a request's.
private struct TokenExtensionFields: TypographyTokenExtensions {
    func apply(_ key: String, json: Data, to typography: inout Typography) throws(DesignTokenError) {
        guard let field = TypographyFields.fields.first(where: { $0.key == key }), field.apply != nil else {
            throw DesignTokenError(path: key, message: "is not a typography field; use "
                + TypographyFields.fields.filter { $0.apply != nil }.map(\.key).joined(separator: ", "))
        }
        let object = Data("{\"\(key)\": ".utf8) + json + Data("}".utf8)
        let fields: TypographyFields
        do {
            fields = try JSONDecoder().decode(TypographyFields.self, from: object)
        } catch let error as DecodingError {
            let message = error.jsonDescription
            let prefix = "\"\(key)\": "
            throw DesignTokenError(path: key, message: message.hasPrefix(prefix)
                                   ? String(message.dropFirst(prefix.count)) : message)
        } catch {
            throw DesignTokenError(path: key, message: "\(error)")
        }
        do {
            typography = try fields.applied(to: typography, fontSize: typography.fontSize)
        } catch {
            if case .invalid(_, let reason) = error {
                throw DesignTokenError(path: key, message: reason)
            }
            throw DesignTokenError(path: key, message: "\(error)")
        }
    }
}
