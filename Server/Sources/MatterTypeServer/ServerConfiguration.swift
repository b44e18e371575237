public import MatterType
public import Foundation

/// How a `mattertype-server` runs: where it listens, its store, its tokens and its limits.
public struct ServerConfiguration: Sendable {
    /// The address to listen on (default 127.0.0.1).
    public var host = "127.0.0.1"
    /// The port (default 8080; 0 picks a free one).
    public var port = 8080
    /// The font store: `sqlite:PATH` (default `sqlite:./mattertype-fonts.sqlite`) or
    /// `postgres://user:password@host:port/database`.
    public var storeURL = "sqlite:./mattertype-fonts.sqlite"
    /// The bearer token the font registration endpoints require; `nil` disables them (403).
    public var adminToken: String?
    /// The bearer token render and measure require; `nil` leaves them open.
    public var renderToken: String?
    /// Design-token files or Tokens Studio export folders, merged in order, whose typographies requests can name
    /// with `"token"`; none: requests cannot name tokens.
    public var tokensFiles: [String] = []
    /// The Tokens Studio themes whose token sets are read (`group/name` or `name`); none: every set.
    public var themes: [String] = []
    /// Points per rem in the token file.
    public var remSize = 16.0
    /// Whether resolution may use the machine's installed fonts (as fallbacks and families).
    public var includesSystemFonts = true
    /// The request limits.
    public var limits = ServerLimits()

    /// The defaults; set the fields to change them.
    public init() {}

    /// The configuration with the tokens from the environment: `MATTERTYPE_ADMIN_TOKEN` and
    /// `MATTERTYPE_RENDER_TOKEN` (empty values count as unset).
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment)
        -> ServerConfiguration {
        var configuration = ServerConfiguration()
        configuration.adminToken = environment["MATTERTYPE_ADMIN_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        configuration.renderToken = environment["MATTERTYPE_RENDER_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        return configuration
    }
}

/// The limits every request is held to; each is a flag of `mattertype-server`.
public struct ServerLimits: Sendable, Hashable {
    /// The most Unicode scalars in a text (its spans together): 100,000. Past it: 413.
    public var maxTextScalars = 100_000
    /// The largest measure or render body: 1 MiB. Past it: 413.
    public var maxBodyBytes = 1 << 20
    /// The largest font upload: 32 MiB. Past it: 413.
    public var maxFontBytes = 32 << 20
    /// The largest font a WOFF or WOFF2 upload may unpack to: 64 MiB; a file declaring more is refused (422)
    /// before anything is inflated (a 1 MB WOFF can declare a 1 GiB table).
    public var maxFontUnpackedBytes = 64 << 20
    /// The most pixels in an image: 50 megapixels. Past it: 413.
    public var maxImagePixels = 50_000_000
    /// The deepest nesting of JSON arrays and objects in a body: 16. Past it: 422.
    public var maxJSONDepth = 16
    /// The most renders and measures at once (default: the number of cores).
    public var maxConcurrentRenders = ProcessInfo.processInfo.activeProcessorCount
    /// How long a request waits for a render slot before 503 with `Retry-After`.
    public var renderQueueTimeout: Duration = .seconds(10)
    /// How long a measure or render may take from its arrival, checked between stages (after waiting for a slot,
    /// after layout, before encoding): past it, 503 with `Retry-After`, so a slow request cannot hold a slot long.
    public var requestDeadline: Duration = .seconds(10)
    /// How long a connection may stay idle — no request, or a request's headers never finished (slowloris) —
    /// before it is closed.
    public var idleTimeout: Duration = .seconds(10)
    /// How long a request's body may take to arrive before 408.
    public var bodyTimeout: Duration = .seconds(30)
    /// The most connections open at once; one past it is closed as soon as it is accepted.
    public var maxConnections = 512
    /// The memory renders may use at once, in bytes (1 GiB): each render reserves what its image needs
    /// (``bytesPerPixel(_:)`` × pixels) before drawing; one that does not fit gets 503 with `Retry-After`.
    public var maxRenderMemory = 1 << 30
    /// The most pixels an image may have with `"compression": "small"` (libdeflate's slowest level takes ~0.1 s
    /// a megapixel on this 2-core machine, ten times `balanced`): 4 megapixels; past it, 422.
    public var maxSmallCompressionPixels = 4_000_000

    /// Peak bytes a render uses per image pixel in `format`: the RGBA canvas (4), the encoder's rows, buffers and
    /// output. Measured at 50 megapixels: PNG 540 MB with `/usr/bin/time` on `mattertype bench --task request`
    /// (about 10.2 bytes a pixel above the process's 30 MB); lossless WebP 1,075 MiB peak RSS in a server that
    /// held 108 MiB before (`Scripts/attack.py`; libwebp keeps its own ARGB copy and backward references).
    public static func bytesPerPixel(_ format: ImageFormat) -> Int {
        switch format {
        case .png: 11
        case .webp: 20
        }
    }

    /// The defaults above.
    public init() {}
}
