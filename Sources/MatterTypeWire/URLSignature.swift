public import Foundation
public import MatterType

/// Signed template URLs: a template's image URL carrying `kid` (the key's id), maybe `exp` (Unix seconds) and `sig`,
/// the lowercase hex HMAC-SHA-256 of its canonical form (``canonical(path:query:)``) with the key's secret. A site
/// signs the URLs it puts in its `og:image` tags; the server draws a signed template only for such a URL, so that no
/// one else can put their words on it. `mattertype sign` and the server both use this type.
///
/// ```swift
/// let signer = URLSignature(keyID: "2026-11", secret: Data("…".utf8))
/// let url = try signer.signed("https://cards.example.com/v1/templates/og.png?title=Hello", expires: 1_800_000_000)
/// // https://cards.example.com/v1/templates/og.png?exp=1800000000&kid=2026-11&title=Hello&sig=5f…
/// ```
public struct URLSignature: Sendable {
    /// The key's id, sent as `kid`.
    public let keyID: String
    /// The secret the signature is made with.
    private let secret: [UInt8]

    /// A signer with the key `keyID` whose secret is `secret`.
    public init(keyID: String, secret: Data) {
        self.keyID = keyID
        self.secret = Array(secret)
    }

    /// The string signed: `path`, `?`, then every query parameter but `sig`, sorted by name then value (their UTF-8
    /// bytes), each as
    /// `name=value` in RFC 3986 percent-encoding (unreserved characters as they are, every other UTF-8 byte as
    /// `%XX` in upper case, a space as `%20`), joined by `&`. `query` holds the decoded names and values.
    public static func canonical(path: String, query: [(name: String, value: String)]) -> String {
        // By UTF-8 bytes (code point order, as Python and most languages sort byte strings), name then value.
        func precedes(_ a: String, _ b: String) -> Bool { a.utf8.lexicographicallyPrecedes(b.utf8) }
        let pairs = query.filter { $0.name != "sig" }
            .sorted { $0.name != $1.name ? precedes($0.name, $1.name) : precedes($0.value, $1.value) }
            .map { encoded($0.name) + "=" + encoded($0.value) }
        return path + "?" + pairs.joined(separator: "&")
    }

    /// `text` in RFC 3986 percent-encoding: `A-Z a-z 0-9 - . _ ~` as they are, every other byte of its UTF-8 as
    /// `%XX` (upper-case hex).
    public static func encoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (byte < 16 ? "0" : "") + hex
            }
        }
        return result
    }

    /// The signature of `canonical` with this key: 64 lowercase hex digits.
    public func signature(of canonical: String) -> String {
        SHA256.hex(SHA256.hmac(key: secret, message: Array(canonical.utf8)))
    }

    /// `url` signed: its query (decoded as a browser's form encoding reads it, `+` a space) without any `kid`, `exp`
    /// or `sig`, with `kid` and, when given, `exp` (Unix seconds), written in canonical order and encoding, then
    /// `sig`. A URL with a scheme and host keeps them; a path alone stays a path.
    /// - Throws: ``URLSignatureError/malformedURL(_:)`` when `url` is not a URL with a path.
    public func signed(_ url: String, expires: Int? = nil) throws(URLSignatureError) -> String {
        guard let components = URLComponents(string: url), !components.percentEncodedPath.isEmpty else {
            throw .malformedURL(url)
        }
        var query = Self.pairs(components.percentEncodedQuery).filter { !["kid", "exp", "sig"].contains($0.name) }
        query.append(("kid", keyID))
        if let expires { query.append(("exp", String(expires))) }
        let signed = Self.canonical(path: components.percentEncodedPath, query: query)
        var head = components
        head.percentEncodedQuery = nil
        head.fragment = nil
        let base = head.string ?? components.percentEncodedPath
        return base + signed.dropFirst(components.percentEncodedPath.count) + "&sig=" + signature(of: signed)
    }

    /// The name and value pairs of a URL's percent-encoded query, read as browsers write forms (`+` a space, then
    /// percent-escapes decoded; a malformed escape kept as written), in order.
    public static func pairs(_ query: String?) -> [(name: String, value: String)] {
        (query ?? "").split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (formDecoded(parts[0]), parts.count > 1 ? formDecoded(parts[1]) : "")
        }
    }

    /// A query's name or value as a browser's form encoding means it: `+` a space, then percent-escapes decoded (a
    /// malformed escape kept as written, as `URLSearchParams` keeps it).
    public static func formDecoded(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }

    /// Checks a request for `path` with `query` (decoded pairs) against `keys` (id → secret) at `now` (Unix
    /// seconds): `kid` names a key, `exp` (when present) is not past, and `sig` is that key's signature of the
    /// canonical form, compared in constant time. Returns the expiry, when the URL has one.
    /// - Throws: ``URLSignatureError`` saying which check failed.
    public static func verify(path: String, query: [(name: String, value: String)], keys: [String: Data],
                              now: Int) throws(URLSignatureError) -> Int? {
        func value(_ name: String) -> String? { query.first { $0.name == name }?.value }
        guard let keyID = value("kid"), let signature = value("sig") else { throw .unsigned }
        guard let secret = keys[keyID] else { throw .unknownKey(keyID) }
        var expires: Int?
        if let text = value("exp") {
            guard let seconds = Int(text) else { throw .malformedExpiry(text) }
            guard seconds > now else { throw .expired(seconds) }
            expires = seconds
        }
        let expected = URLSignature(keyID: keyID, secret: secret).signature(of: canonical(path: path, query: query))
        guard query.filter({ $0.name == "sig" || $0.name == "kid" || $0.name == "exp" })
                .count == (expires == nil ? 2 : 3),
              SHA256.constantTimeEqual(Array(expected.utf8), Array(signature.lowercased().utf8))
        else { throw .invalidSignature }
        return expires
    }
}

/// Why a URL is not signed as its template asks (the server answers 403 with it).
public enum URLSignatureError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The URL has no `kid` or no `sig`.
    case unsigned
    /// `kid` names no key the server has (a retired key, or a typo).
    case unknownKey(String)
    /// `exp` is past.
    case expired(Int)
    /// `exp` is not a whole number of seconds.
    case malformedExpiry(String)
    /// `sig` is not the signature of this URL (a value changed, added or removed after signing, or the wrong
    /// secret).
    case invalidSignature
    /// What was given to sign is not a URL with a path.
    case malformedURL(String)

    /// One line naming what is wrong and what to do.
    public var description: String {
        switch self {
        case .unsigned: "this template draws only for signed URLs; add kid and sig (mattertype sign URL --key-id ID)"
        case .unknownKey(let id): "the URL is signed with key \"\(id.prefix(64))\", which this server does not have"
        case .expired(let seconds): "the URL expired at \(seconds) (Unix seconds); sign it again"
        case .malformedExpiry(let text): "exp \"\(text.prefix(32))\" is not Unix seconds"
        case .invalidSignature:
            "the signature does not match the URL: a parameter was changed, added or repeated after signing, or "
                + "it was signed with another secret"
        case .malformedURL(let url): "\"\(url.prefix(200))\" is not a URL with a path"
        }
    }
}
