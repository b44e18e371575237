import ArgumentParser
import Foundation
import Hummingbird
import Logging
import MatterTypeServer

/// `mattertype-server`: the MatterType render service.
@main
struct ServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mattertype-server",
        abstract: "Serve MatterType over HTTP: measure and render text, register fonts into a persistent store.",
        discussion: """
            MATTERTYPE_ADMIN_TOKEN (environment) enables PUT/DELETE /v1/fonts, which otherwise answer 403; \
            MATTERTYPE_RENDER_TOKEN, when set, is required by /v1/measure and /v1/render. Both are sent as \
            Authorization: Bearer <token>.
            """)

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0: any free port).")
    var port = 8080

    @Option(help: ArgumentHelp("The font store: sqlite:PATH, or postgres://user:password@host:port/database for "
                               + "replicas that share their fonts.", valueName: "url"))
    var store = "sqlite:./mattertype-fonts.sqlite"

    @Option(help: ArgumentHelp("A design-token file or Tokens Studio export folder whose typographies requests may "
                               + "name with \"token\"; repeat it to merge several in order (later tokens win).",
                               valueName: "file.tokens.json"))
    var tokens: [String] = []

    @Option(help: ArgumentHelp("A Tokens Studio theme whose token sets are read (group/name where names repeat); "
                               + "repeatable. Without it every set is read.", valueName: "name"))
    var theme: [String] = []

    @Option(name: .customLong("rem-size"), help: "Points per rem in the token file.")
    var remSize = 16.0

    @Flag(name: .customLong("no-system-fonts"), help: "Use only registered and bundled fonts, never installed ones.")
    var noSystemFonts = false

    @Option(name: .customLong("max-font-bytes"), help: "The largest font upload, in bytes.")
    var maxFontBytes = ServerLimits().maxFontBytes

    @Option(name: .customLong("max-font-unpacked-bytes"),
            help: "The largest font a WOFF or WOFF2 upload may unpack to, in bytes.")
    var maxFontUnpackedBytes = ServerLimits().maxFontUnpackedBytes

    @Option(name: .customLong("max-body-bytes"), help: "The largest measure or render request body, in bytes.")
    var maxBodyBytes = ServerLimits().maxBodyBytes

    @Option(name: .customLong("max-text-length"), help: "The most characters (Unicode scalars) in a text.")
    var maxTextLength = ServerLimits().maxTextScalars

    @Option(name: .customLong("max-image-pixels"), help: "The most pixels in a rendered image.")
    var maxImagePixels = ServerLimits().maxImagePixels

    @Option(name: .customLong("max-json-depth"), help: "The deepest nesting of arrays and objects in a request.")
    var maxJSONDepth = ServerLimits().maxJSONDepth

    @Option(name: .customLong("max-concurrent-renders"), help: "Renders at once (default: the number of cores).")
    var maxConcurrentRenders = ServerLimits().maxConcurrentRenders

    @Option(name: .customLong("render-wait"), help: "Seconds a request waits for a render slot before 503.")
    var renderWait = 10.0

    @Option(name: .customLong("idle-timeout"),
            help: "Seconds a connection may stay idle, or take to send its headers, before it is closed.")
    var idleTimeout = 10.0

    @Option(name: .customLong("body-timeout"), help: "Seconds a request's body may take to arrive before 408.")
    var bodyTimeout = 30.0

    @Option(name: .customLong("max-connections"), help: "The most connections open at once.")
    var maxConnections = ServerLimits().maxConnections

    @Option(name: .customLong("request-deadline"),
            help: "Seconds a measure or render may take in all, checked between stages, before 503.")
    var requestDeadline = 10.0

    @Option(name: .customLong("max-render-memory"),
            help: "Bytes of image memory renders may use at once (11 bytes a pixel for PNG, 20 for WebP); past it, 503.")
    var maxRenderMemory = ServerLimits().maxRenderMemory

    @Option(name: .customLong("max-small-compression-pixels"),
            help: "The most pixels an image may have with \"compression\": \"small\" (the slowest level).")
    var maxSmallCompressionPixels = ServerLimits().maxSmallCompressionPixels

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"

    func validate() throws {
        for (name, value) in [("--max-font-bytes", maxFontBytes), ("--max-font-unpacked-bytes", maxFontUnpackedBytes),
                              ("--max-body-bytes", maxBodyBytes),
                              ("--max-text-length", maxTextLength), ("--max-image-pixels", maxImagePixels),
                              ("--max-json-depth", maxJSONDepth), ("--max-concurrent-renders", maxConcurrentRenders),
                              ("--max-render-memory", maxRenderMemory), ("--max-connections", maxConnections),
                              ("--max-small-compression-pixels", maxSmallCompressionPixels)]
        where value < 1 {
            throw ValidationError("\(name) must be at least 1")
        }
        guard renderWait.isFinite, renderWait > 0 else { throw ValidationError("--render-wait must be above 0") }
        for (name, value) in [("--request-deadline", requestDeadline), ("--idle-timeout", idleTimeout),
                              ("--body-timeout", bodyTimeout)] where !(value.isFinite && value > 0) {
            throw ValidationError("\(name) must be above 0")
        }
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0 to 65535") }
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("unknown --log-level \(logLevel)") }
    }

    func run() async throws {
        var logger = Logger(label: "mattertype-server")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        var configuration = ServerConfiguration.fromEnvironment()
        configuration.host = host
        configuration.port = port
        configuration.storeURL = store
        configuration.tokensFiles = tokens
        configuration.themes = theme
        configuration.remSize = remSize
        configuration.includesSystemFonts = !noSystemFonts
        configuration.limits.maxFontBytes = maxFontBytes
        configuration.limits.maxFontUnpackedBytes = maxFontUnpackedBytes
        configuration.limits.maxBodyBytes = maxBodyBytes
        configuration.limits.maxTextScalars = maxTextLength
        configuration.limits.maxImagePixels = maxImagePixels
        configuration.limits.maxJSONDepth = maxJSONDepth
        configuration.limits.maxConcurrentRenders = maxConcurrentRenders
        configuration.limits.renderQueueTimeout = .milliseconds(Int64(renderWait * 1000))
        configuration.limits.requestDeadline = .milliseconds(Int64(requestDeadline * 1000))
        configuration.limits.idleTimeout = .milliseconds(Int64(idleTimeout * 1000))
        configuration.limits.bodyTimeout = .milliseconds(Int64(bodyTimeout * 1000))
        configuration.limits.maxConnections = maxConnections
        configuration.limits.maxRenderMemory = maxRenderMemory
        configuration.limits.maxSmallCompressionPixels = maxSmallCompressionPixels
        if configuration.adminToken == nil {
            logger.notice("MATTERTYPE_ADMIN_TOKEN is not set: font registration answers 403")
        }
        let app: any ApplicationProtocol
        do {
            app = try await MatterTypeServer.application(configuration: configuration, logger: logger)
        } catch {
            FileHandle.standardError.write(Data("mattertype-server: \(error)\n".utf8))
            throw ExitCode.failure
        }
        try await app.runService()
    }
}

