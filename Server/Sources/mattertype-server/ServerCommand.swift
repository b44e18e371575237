public import ArgumentParser
import Foundation
import Hummingbird
public import Logging
import MatterType
import MatterTypeServer
import ServiceLifecycle
import UnixSignals

/// `mattertype-server`: the MatterType render service. Its flags are the server's arguments, parsed once.
@main
struct ServerCommand: AsyncParsableCommand, ServerArguments {
    static let configuration = CommandConfiguration(
        commandName: "mattertype-server",
        abstract: "Serve MatterType over HTTP: measure and render text, register fonts into a persistent store.",
        discussion: """
            MATTERTYPE_ADMIN_TOKEN (environment) enables PUT/DELETE /v1/fonts and template uploads, which \
            otherwise answer 403; MATTERTYPE_RENDER_TOKEN, when set, is required by /v1/measure, /v1/render, \
            /v1/cards and reading templates (not by a template's image, GET /v1/templates/NAME.png); the admin \
            token is accepted wherever the render token is. Both are sent as Authorization: Bearer <token>. \
            MATTERTYPE_URL_SIGNING_KEYS=ID=SECRET,ID2=SECRET2 (or --url-signing-key) gives the keys template URLs \
            are signed with (mattertype sign). Durations are in seconds.
            """)

    /// The defaults every flag starts from.
    private static let defaults = ServerConfiguration()

    @Option(help: "The address to listen on.")
    var host = defaults.host

    @Option(help: "The port to listen on (0: any free port).")
    var port = defaults.port

    @Option(help: ArgumentHelp("The font store: sqlite:PATH, or postgres://user:password@host:port/database for "
                               + "replicas that share their fonts.", valueName: "url"))
    var store = defaults.store

    @Option(help: ArgumentHelp("A design-token file or Tokens Studio export folder whose typographies requests may "
                               + "name with \"token\"; repeat it to merge several in order (later tokens win).",
                               valueName: "file.tokens.json"))
    var tokens = defaults.tokens

    @Option(name: .customLong("theme"),
            help: ArgumentHelp("A Tokens Studio theme whose token sets are read (group/name where names repeat); "
                               + "repeatable. Without it every set is read.", valueName: "name"))
    var themes = defaults.themes

    @Option(help: "Points per rem in the token file.")
    var remSize = defaults.remSize

    @Flag(inversion: .prefixedNo,
          help: ArgumentHelp("Whether installed fonts may be used (--no-system-fonts: only registered and bundled ones)."))
    var systemFonts = defaults.systemFonts

    @Option(help: "The largest font upload, in bytes.")
    var maxFontBytes = defaults.maxFontBytes

    @Option(help: "The largest font a WOFF or WOFF2 upload may unpack to, in bytes.")
    var maxFontUnpackedBytes = defaults.maxFontUnpackedBytes

    @Option(help: "The largest measure or render request body, in bytes.")
    var maxBodyBytes = defaults.maxBodyBytes

    @Option(help: "The most characters (Unicode scalars) in a text.")
    var maxTextLength = defaults.maxTextLength

    @Option(help: "The most pixels in a rendered image.")
    var maxImagePixels = defaults.maxImagePixels

    @Option(help: ArgumentHelp("The most bytes a JSON body sent with Content-Encoding: gzip may decompress to."))
    var maxInflatedBodyBytes = defaults.maxInflatedBodyBytes

    @Option(name: .customLong("max-json-depth"), help: "The deepest nesting of arrays and objects in a request.")
    var maxJSONDepth = defaults.maxJSONDepth

    @Option(help: ArgumentHelp("The most work laying out, drawing and encoding a card may take, in millions of "
                               + "operations (about a millisecond each)."))
    var maxWork = defaults.maxWork

    @Option(help: "Renders at once; the default is the number of cores.")
    var maxConcurrentRenders = defaults.maxConcurrentRenders

    @Option(help: "Seconds a request waits for a render slot before 503.")
    var renderWait = defaults.renderWait

    @Option(help: "Seconds a measure or render may take in all, checked between stages, before 503.")
    var requestDeadline = defaults.requestDeadline

    @Option(help: "Seconds a connection may stay idle, or take to send its headers, before it is closed.")
    var idleTimeout = defaults.idleTimeout

    @Option(help: ArgumentHelp("Seconds a request's body may take to arrive: a part arriving later is answered 408 "
                               + "(a body that stops arriving is closed after --idle-timeout)."))
    var bodyTimeout = defaults.bodyTimeout

    @Option(help: "The most connections open at once.")
    var maxConnections = defaults.maxConnections

    @Option(help: "Bytes of image memory renders may use at once (11 bytes a pixel for PNG, 20 for WebP); past it, 503.")
    var maxRenderMemory = defaults.maxRenderMemory

    @Option(help: "The most pixels an image may have with \"compression\": \"small\" (the slowest level).")
    var maxSmallCompressionPixels = defaults.maxSmallCompressionPixels

    @Option(help: "The largest card template (images inside as data: URIs), in bytes.")
    var maxTemplateBytes = defaults.maxTemplateBytes

    @Option(help: "Seconds a template image may be cached (Cache-Control: public, max-age).")
    var templateMaxAge = defaults.templateMaxAge

    @Option(name: .customLong("url-signing-key"),
            help: ArgumentHelp("A key template URLs may be signed with, ID=SECRET (repeatable: keep the old key beside "
                               + "a new one while its URLs live); MATTERTYPE_URL_SIGNING_KEYS keeps secrets out of "
                               + "the process list.", valueName: "id=secret"))
    var urlSigningKeySpecifications: [String] = []

    @Flag(name: .customLong("require-signed-urls"),
          help: "Draw every template's image only for a signed URL, not only templates stored with ?signed=true.")
    var requireSignedURLs = defaults.requireSignedURLs

    @Option(name: .customLong("signed-url-max-age"),
            help: "Seconds an image drawn for a signed URL may be cached (public, immutable; at most until its exp).")
    var signedURLMaxAge = defaults.signedURLMaxAge

    @Option(help: "The level to log at.")
    var logLevel = defaults.logLevel

    /// From MATTERTYPE_ADMIN_TOKEN.
    var adminToken: String? { ServerConfiguration.environmentToken(ServerConfiguration.adminTokenVariable) }

    /// From MATTERTYPE_RENDER_TOKEN.
    var renderToken: String? { ServerConfiguration.environmentToken(ServerConfiguration.renderTokenVariable) }

    /// MATTERTYPE_URL_SIGNING_KEYS's keys, then --url-signing-key's (checked by ``validate()``).
    var urlSigningKeys: [String: String] {
        let fromEnvironment = (try? ServerConfiguration.signingKeys(environmentSpecifications:
            ProcessInfo.processInfo.environment[ServerConfiguration.signingKeysVariable])) ?? [:]
        let given = (try? ServerConfiguration.signingKeys(urlSigningKeySpecifications)) ?? [:]
        return fromEnvironment.merging(given) { _, flag in flag }
    }

    func validate() throws {
        for (name, value) in [("--max-font-bytes", maxFontBytes), ("--max-font-unpacked-bytes", maxFontUnpackedBytes),
                              ("--max-body-bytes", maxBodyBytes),
                              ("--max-text-length", maxTextLength), ("--max-image-pixels", maxImagePixels),
                              ("--max-json-depth", maxJSONDepth), ("--max-concurrent-renders", maxConcurrentRenders),
                              ("--max-render-memory", maxRenderMemory), ("--max-connections", maxConnections),
                              ("--max-small-compression-pixels", maxSmallCompressionPixels),
                              ("--max-template-bytes", maxTemplateBytes), ("--max-work", maxWork),
                              ("--max-inflated-body-bytes", maxInflatedBodyBytes)]
        where value < 1 {
            throw ValidationError("\(name) must be at least 1")
        }
        for (name, value) in [("--render-wait", renderWait), ("--request-deadline", requestDeadline),
                              ("--idle-timeout", idleTimeout), ("--body-timeout", bodyTimeout)]
        where value <= .zero {
            throw ValidationError("\(name) must be above 0")
        }
        guard templateMaxAge >= .zero, signedURLMaxAge >= .zero else {
            throw ValidationError("--template-max-age and --signed-url-max-age must be 0 or more")
        }
        do throws(SigningKeyError) {
            _ = try ServerConfiguration.signingKeys(environmentSpecifications:
                ProcessInfo.processInfo.environment[ServerConfiguration.signingKeysVariable])
            _ = try ServerConfiguration.signingKeys(urlSigningKeySpecifications)
        } catch {
            throw ValidationError("--url-signing-key or \(ServerConfiguration.signingKeysVariable): \(error)")
        }
        if requireSignedURLs, urlSigningKeys.isEmpty {
            throw ValidationError("--require-signed-urls needs a key: --url-signing-key ID=SECRET or "
                                  + ServerConfiguration.signingKeysVariable)
        }
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0 to 65535") }
    }

    func run() async throws {
        FreedMemory.keepFreedMemory()  // a card's megabytes of buffers reused, not mapped anew for each
        let app: any ApplicationProtocol
        let traceExport: (any Service)?
        do {
            // Before the application: its routes trace only when a tracer is bootstrapped.
            traceExport = try TraceExport.bootstrap(environment: ProcessInfo.processInfo.environment)
            app = try await MatterTypeServer.application(self)
        } catch {
            FileHandle.standardError.write(Data("mattertype-server: \(error)\n".utf8))
            throw ExitCode.failure
        }
        guard let traceExport else { return try await app.runService() }
        // The exporter first: a group shuts down in reverse order, so the server stops before the last spans go.
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(
            services: [.init(service: traceExport), .init(service: app)],
            gracefulShutdownSignals: [.sigterm, .sigint], logger: app.logger))
        try await group.run()
    }
}

/// Durations are given in seconds (`--render-wait 2.5`).
extension Duration: @retroactive ExpressibleByArgument {
    public init?(argument: String) {
        guard let seconds = Double(argument), seconds.isFinite, seconds.magnitude < 1e9 else { return nil }
        self = .milliseconds(Int64((seconds * 1000).rounded()))
    }

    public var defaultValueDescription: String {
        let seconds = Double(components.seconds) + Double(components.attoseconds) / 1e18
        return seconds.formatted()
    }
}

/// `--log-level` takes the level's name.
extension Logger.Level: @retroactive ExpressibleByArgument {}
