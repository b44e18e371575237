public import Foundation
public import Logging
import MatterType
import MatterTypeCards

/// What a MatterType server is built from: where it listens, its store, its tokens and the limits every request is
/// held to. `mattertype-server`'s command conforms (each setting is one of its flags, parsed once by
/// ArgumentParser); ``ServerConfiguration`` is the value to build one from code.
///
/// ``MatterTypeServer/application(_:)`` reads each setting when it builds the application; the tokens are read
/// once there.
public protocol ServerArguments: Sendable {
    /// The address to listen on.
    var host: String { get }
    /// The port (0 picks a free one).
    var port: Int { get }
    /// The font store: `sqlite:PATH` or `postgres://user:password@host:port/database`.
    var store: String { get }
    /// Design-token files or Tokens Studio export folders, merged in order, whose typographies requests can name
    /// with `"token"`; none: requests cannot name tokens.
    var tokens: [String] { get }
    /// The Tokens Studio themes whose token sets are read (`group/name` or `name`); none: every set.
    var themes: [String] { get }
    /// Points per rem in the token files.
    var remSize: Double { get }
    /// Whether resolution may use the machine's installed fonts (as fallbacks and families).
    var systemFonts: Bool { get }
    /// The level the server logs at.
    var logLevel: Logger.Level { get }
    /// The bearer token the font registration endpoints require; `nil` disables them (403).
    var adminToken: String? { get }
    /// The bearer token render and measure require; `nil` leaves them open.
    var renderToken: String? { get }

    /// The largest font upload, in bytes. Past it: 413.
    var maxFontBytes: Int { get }
    /// The largest font a WOFF or WOFF2 upload may unpack to, in bytes; a file declaring more is refused (422)
    /// before anything is inflated (a 1 MB WOFF can declare a 1 GiB table).
    var maxFontUnpackedBytes: Int { get }
    /// The largest measure or render body, in bytes. Past it: 413.
    var maxBodyBytes: Int { get }
    /// The largest JSON body sent with `Content-Encoding: gzip` may decompress to, in bytes. Past it: 413.
    var maxInflatedBodyBytes: Int { get }
    /// The most Unicode scalars in a text (its spans together). Past it: 413.
    var maxTextLength: Int { get }
    /// The most pixels in an image. Past it: 413.
    var maxImagePixels: Int { get }
    /// The deepest nesting of JSON arrays and objects in a body. Past it: 422.
    var maxJSONDepth: Int { get }
    /// The most work laying out, drawing and encoding a card or Figma frame may take, in millions of operations
    /// (``CardRenderer/maximumWork``, about a millisecond each). Past it: 422, before anything is drawn.
    var maxWork: Int { get }
    /// The most renders and measures at once.
    var maxConcurrentRenders: Int { get }
    /// How long a request waits for a render slot before 503 with `Retry-After`.
    var renderWait: Duration { get }
    /// How long a measure or render may take from its arrival, checked between stages (after waiting for a slot,
    /// after layout, before encoding): past it, 503 with `Retry-After`, so a slow request cannot hold a slot long.
    var requestDeadline: Duration { get }
    /// How long a connection may stay idle — no request, or a request's headers never finished (slowloris) —
    /// before it is closed.
    var idleTimeout: Duration { get }
    /// How long a request's body may take to arrive: a part arriving later is answered 408 (a body that stops
    /// arriving is closed by ``idleTimeout``).
    var bodyTimeout: Duration { get }
    /// The most connections open at once; one past it is closed as soon as it is accepted.
    var maxConnections: Int { get }
    /// The memory renders may use at once, in bytes: each render reserves what its image needs (11 bytes a pixel
    /// for PNG, 20 for WebP) before drawing; one that does not fit gets 503 with `Retry-After`.
    var maxRenderMemory: Int { get }
    /// The most pixels an image may have with `"compression": "small"` (the slowest level). Past it: 422.
    var maxSmallCompressionPixels: Int { get }
    /// The largest card template (its images inside as `data:` URIs), in bytes. Past it: 413.
    var maxTemplateBytes: Int { get }
    /// How long a template image may be cached (`Cache-Control: public, max-age=…`); its ETag tells when it
    /// changed.
    var templateMaxAge: Duration { get }
    /// The keys template URLs may be signed with, by id (``URLSignature``): several at once, so that a key can be
    /// rotated (sign with the new one, retire the old one when its URLs are gone). None: no template can be signed.
    var urlSigningKeys: [String: String] { get }
    /// Whether every template's image needs a signed URL, not only those stored with `?signed=true`.
    var requireSignedURLs: Bool { get }
    /// How long an image drawn for a signed URL may be cached (`Cache-Control: public, max-age=…, immutable`; at
    /// most until the URL's `exp`).
    var signedURLMaxAge: Duration { get }
}

/// Server arguments as a value, with `mattertype-server`'s defaults: set the fields to change them.
///
/// ```swift
/// var configuration = try ServerConfiguration.fromEnvironment()
/// configuration.port = 9000
/// let app = try await MatterTypeServer.application(configuration)
/// ```
public struct ServerConfiguration: ServerArguments {
    public var host = "127.0.0.1"
    public var port = 8080
    public var store = "sqlite:./mattertype-fonts.sqlite"
    public var tokens: [String] = []
    public var themes: [String] = []
    public var remSize = 16.0
    public var systemFonts = true
    public var logLevel = Logger.Level.info
    public var adminToken: String?
    public var renderToken: String?
    /// 32 MiB.
    public var maxFontBytes = 32 << 20
    /// 64 MiB.
    public var maxFontUnpackedBytes = 64 << 20
    /// 1 MiB.
    public var maxBodyBytes = 1 << 20
    /// 32 MiB: a large real Figma document (a tenth of that gzipped).
    public var maxInflatedBodyBytes = 32 << 20
    /// 100,000.
    public var maxTextLength = 100_000
    /// 50 megapixels.
    public var maxImagePixels = 50_000_000
    /// 64: Figma documents nest 17 to 40 levels (a frame's children are two: an array and an object).
    public var maxJSONDepth = 64
    /// 1,500 million: ``CardRenderer/defaultMaximumWork``, a second and a half or so.
    public var maxWork = CardRenderer.defaultMaximumWork / 1_000_000
    /// The number of cores.
    public var maxConcurrentRenders = ProcessInfo.processInfo.activeProcessorCount
    /// 10 s.
    public var renderWait: Duration = .seconds(10)
    /// 10 s.
    public var requestDeadline: Duration = .seconds(10)
    /// 10 s.
    public var idleTimeout: Duration = .seconds(10)
    /// 30 s.
    public var bodyTimeout: Duration = .seconds(30)
    /// 512.
    public var maxConnections = 512
    /// 1 GiB.
    public var maxRenderMemory = 1 << 30
    /// 4 megapixels: libdeflate's slowest level takes ~0.1 s a megapixel on a 2-core machine, ten times
    /// `balanced`.
    public var maxSmallCompressionPixels = 4_000_000
    /// See ``ServerArguments/maxTemplateBytes``: 8 MiB.
    public var maxTemplateBytes = 8 << 20
    /// See ``ServerArguments/templateMaxAge``: 5 minutes.
    public var templateMaxAge: Duration = .seconds(300)
    /// See ``ServerArguments/urlSigningKeys``: none.
    public var urlSigningKeys: [String: String] = [:]
    /// See ``ServerArguments/requireSignedURLs``: only templates stored signed.
    public var requireSignedURLs = false
    /// See ``ServerArguments/signedURLMaxAge``: 30 days.
    public var signedURLMaxAge: Duration = .seconds(30 * 86_400)

    /// The defaults; no tokens.
    public init() {}

    /// The defaults, with the tokens and signing keys from the environment (``environmentToken(_:in:)``,
    /// ``signingKeysVariable``).
    /// - Throws: ``SigningKeyError`` when the signing keys are not `ID=SECRET` pairs.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(SigningKeyError) -> ServerConfiguration {
        var configuration = ServerConfiguration()
        configuration.adminToken = environmentToken(adminTokenVariable, in: environment)
        configuration.renderToken = environmentToken(renderTokenVariable, in: environment)
        configuration.urlSigningKeys = try signingKeys(environmentSpecifications: environment[signingKeysVariable])
        return configuration
    }

    /// The environment variable holding signing keys: `ID=SECRET,ID2=SECRET2` (a secret may not hold a comma).
    public static let signingKeysVariable = "MATTERTYPE_URL_SIGNING_KEYS"

    /// The keys of `MATTERTYPE_URL_SIGNING_KEYS`'s value (none when unset or empty).
    /// - Throws: ``SigningKeyError`` for a pair that is not `ID=SECRET`.
    public static func signingKeys(environmentSpecifications value: String?) throws(SigningKeyError) -> [String: String] {
        try signingKeys((value ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty })
    }

    /// The keys of `specifications`, each `ID=SECRET` (`--url-signing-key`): an id of 1 to 64 letters, digits, `.`,
    /// `-` and `_`, a secret of at least 16 characters, each id once.
    /// - Throws: ``SigningKeyError`` naming the pair that is not.
    public static func signingKeys(_ specifications: [String]) throws(SigningKeyError) -> [String: String] {
        var keys: [String: String] = [:]
        for specification in specifications {
            let parts = specification.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let id = parts.first.map(String.init) ?? ""
            let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_")
            guard parts.count == 2, (1...64).contains(id.count), id.allSatisfy(allowed.contains) else {
                throw SigningKeyError("\"\(id.prefix(64))=…\" is not ID=SECRET with an id of 1 to 64 letters, digits, "
                                      + "., - and _")
            }
            guard parts[1].count >= 16 else {
                throw SigningKeyError("the secret of key \(id) has \(parts[1].count) characters; give at least 16 "
                                      + "(32 random bytes in hex: openssl rand -hex 32)")
            }
            guard keys[id] == nil else { throw SigningKeyError("key \(id) is given twice") }
            keys[id] = String(parts[1])
        }
        return keys
    }

    /// The environment variable holding the admin token.
    public static let adminTokenVariable = "MATTERTYPE_ADMIN_TOKEN"
    /// The environment variable holding the render token.
    public static let renderTokenVariable = "MATTERTYPE_RENDER_TOKEN"

    /// The value of `variable` in `environment`; an empty value counts as unset.
    public static func environmentToken(_ variable: String,
                                        in environment: [String: String] = ProcessInfo.processInfo.environment)
        -> String? {
        environment[variable].flatMap { $0.isEmpty ? nil : $0 }
    }
}

/// Why signing keys cannot be read (`--url-signing-key`, `MATTERTYPE_URL_SIGNING_KEYS`): names the pair.
public struct SigningKeyError: Error, Sendable, CustomStringConvertible {
    /// One line naming the pair and what to give.
    public let description: String

    init(_ description: String) { self.description = description }
}
