import Foundation
import Hummingbird
import MatterTypeWire

/// Which template images need a signed URL and how one is checked (``URLSignature``): the server's keys
/// (`--url-signing-key`, `MATTERTYPE_URL_SIGNING_KEYS`), `--require-signed-urls`, and how long an image drawn for a
/// signed URL may be cached.
struct TemplateSigning: Sendable {
    /// The secrets by key id.
    let keys: [String: Data]
    /// Whether every template needs a signed URL.
    let requiredForAll: Bool
    /// `--signed-url-max-age`.
    let maxAge: Duration

    /// The signing `arguments` set.
    init(_ arguments: some ServerArguments) {
        keys = arguments.urlSigningKeys.mapValues { Data($0.utf8) }
        requiredForAll = arguments.requireSignedURLs
        maxAge = arguments.signedURLMaxAge
    }

    /// Whether a template stored with `signed` needs a signed URL.
    func isRequired(signed: Bool) -> Bool { signed || requiredForAll }

    /// Checks `request` (a template's image URL) when its template, stored with `signed`, needs a signature;
    /// returns the `Cache-Control` its image gets then (public, immutable, until its `exp` at the latest), `nil`
    /// when no signature is needed.
    /// - Throws: 403 naming what is wrong: unsigned, an unknown key, expired, or a signature that does not match.
    func check(_ request: Request, signed: Bool) throws -> String? {
        guard isRequired(signed: signed) else { return nil }
        let now = Int(Date().timeIntervalSince1970)
        let expires: Int?
        do throws(URLSignatureError) {
            expires = try URLSignature.verify(path: request.uri.path, query: URLSignature.pairs(request.uri.query),
                                              keys: keys, now: now)
        } catch {
            let code: APIErrorCode = switch error {
            case .unsigned: .urlNotSigned
            case .unknownKey: .urlKeyUnknown
            case .expired: .urlExpired
            case .invalidSignature, .malformedExpiry, .malformedURL: .urlSignatureInvalid
            }
            throw APIError(.forbidden, code, error.description)
        }
        let seconds = min(maxAge.components.seconds, Int64(expires.map { $0 - now } ?? .max))
        return "public, max-age=\(max(seconds, 0)), immutable"
    }
}
