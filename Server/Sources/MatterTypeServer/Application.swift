import Foundation
public import Hummingbird
import Logging
import MatterType
import MatterTypeWire
import HummingbirdCore
import NIOCore
import ServiceLifecycle
import Tracing

/// Builds the MatterType render service: its routes over a font store, as a Hummingbird application.
///
/// ```swift
/// var configuration = try ServerConfiguration.fromEnvironment()
/// configuration.port = 9000
/// let app = try await MatterTypeServer.application(configuration)
/// try await app.runService()
/// ```
public enum MatterTypeServer {
    /// The application for `arguments`: opens the store (loaded into the registry by a service that then follows
    /// the store's changes), reads the token files, and routes the API.
    /// - Throws: ``StoreError`` for a store that cannot be opened; `DesignTokenError` for a bad token file.
    public static func application(_ arguments: some ServerArguments) async throws -> some ApplicationProtocol {
        var logger = Logger(label: "mattertype-server")
        logger.logLevel = arguments.logLevel
        if arguments.adminToken == nil {
            logger.notice("\(ServerConfiguration.adminTokenVariable) is not set: font registration answers 403")
        }
        // The first German text with "hyphens": "auto" would wait ~4 s for libhyphen to load its dictionary:
        // every installed dictionary is loaded once per process, in the background, as the server starts.
        Task.detached(priority: .background) { HyphenationDictionaries.preloadInstalled() }
        let store = try await openStore(url: arguments.store, logger: logger)
        let library = FontLibrary(store: store, includesSystemFonts: arguments.systemFonts,
                                  maximumDecompressedFontSize: arguments.maxFontUnpackedBytes, logger: logger)
        let templates = TemplateLibrary(store: store, logger: logger)
        let (tokens, tokensDigest) = try readTokens(arguments)
        for entry in tokens?.leftOut ?? [] { logger.warning("\(entry)") }
        let controllers = Controllers(arguments: arguments, library: library, templates: templates, tokens: tokens,
                                      tokensDigest: tokensDigest, metrics: ServerMetrics(), logger: logger)
        let tables = controllers.tables
        // HEAD wherever GET is: GET's status and headers, no body (RFC 9110 §9.3.2).
        let router = Router(context: BasicRequestContext.self, options: .autoGenerateHeadEndpoints)
        // A span for each request (continuing its traceparent) when a tracer is bootstrapped — mattertype-server
        // bootstraps one for OTEL_EXPORTER_OTLP_ENDPOINT; without, no middleware, and the stages' spans are no-ops.
        if !(InstrumentationSystem.tracer is NoOpTracer) { router.add(middleware: RequestTracingMiddleware()) }
        router.add(middleware: LogRequestsMiddleware(.debug))
        router.add(middleware: MetricsAndErrorsMiddleware(metrics: controllers.metrics,
                                                          routes: tables.flatMap(\.list), logger: logger))
        for table in tables {
            router.addRoutes(table.collection)
        }
        // Idle connections (slowloris headers included) close after idleTimeout; past maxConnections, new ones
        // close at once; a request that is not HTTP, or too long to parse, gets the JSON error.
        let open = ConnectionLimitHandler.Count()
        let idle = arguments.idleTimeout.components
        let http = HTTP1Channel.Configuration(
            additionalChannelHandlers: [ConnectionLimitHandler(count: open, limit: arguments.maxConnections),
                                        ParseErrorHandler()],
            idleTimeout: .nanoseconds(idle.seconds * 1_000_000_000 + idle.attoseconds / 1_000_000_000))
        var app = Application(router: router, server: .http1(configuration: http),
                              configuration: .init(address: .hostname(arguments.host, port: arguments.port),
                                                   serverName: "mattertype-server"),
                              logger: logger)
        app.addServices(StoreService(fonts: library, templates: templates, store: store))
        return app
    }

    /// The token files read, and the entity tag's part for them: a digest of what they resolve to (files,
    /// folders, themes and rem size all end up there), as sorted JSON. No files: no tokens, an empty digest.
    private static func readTokens(_ arguments: some ServerArguments) throws -> (DesignTokens?, String) {
        guard !arguments.tokens.isEmpty else { return (nil, "") }
        let tokens = try DesignTokens(contentsOf: arguments.tokens.map { URL(fileURLWithPath: $0) },
                                      themes: arguments.themes, remSize: arguments.remSize,
                                      extensions: TypographyFields.tokenExtensions)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (tokens, SHA256.hex(of: try encoder.encode(tokens.typographies)))
    }
}

/// The controllers, one per resource, over what they share: the server itself, fonts, text, cards, and the
/// playground page.
struct Controllers: Sendable {
    let metrics: ServerMetrics
    let status: StatusController
    let fonts: FontController
    let text: TextController
    let cards: CardController
    let playground = PlaygroundController()

    init(arguments: some ServerArguments, library: FontLibrary, templates: TemplateLibrary, tokens: DesignTokens?,
         tokensDigest: String, metrics: ServerMetrics, logger: Logger) {
        let authorization = Authorization(adminToken: arguments.adminToken, renderToken: arguments.renderToken)
        let limiter = RenderLimiter(limit: arguments.maxConcurrentRenders, timeout: arguments.renderWait)
        self.metrics = metrics
        status = StatusController(library: library, metrics: metrics, limiter: limiter, templateImages: templates.images)
        fonts = FontController(library: library, authorization: authorization, maxFontBytes: arguments.maxFontBytes,
                               bodyTimeout: arguments.bodyTimeout, logger: logger)
        // The services both render controllers are given: one admission (slots, memory), body reader and tags.
        let admission = RenderAdmission(limiter: limiter, limits: arguments)
        let bodies = JSONBodyReader(limits: arguments)
        let tags = EntityTags(library: library, tokensDigest: tokensDigest)
        text = TextController(library: library, tokens: tokens, authorization: authorization, admission: admission,
                              bodies: bodies, tags: tags, limits: TextController.Limits(arguments))
        cards = CardController(library: library, tokens: tokens, templates: templates, admission: admission,
                               bodies: bodies, tags: tags, authorization: authorization,
                               limits: CardController.Limits(arguments), signing: TemplateSigning(arguments),
                               logger: logger)
    }

    /// Every controller's routes.
    var tables: [RouteTable] { [status.routes, fonts.routes, text.routes, cards.routes, playground.routes] }
}

/// Loads the fonts at start, follows the store's changes to fonts and templates, and closes the store at shutdown.
struct StoreService: Service {
    let fonts: FontLibrary
    let templates: TemplateLibrary
    let store: any FontStore

    func run() async throws {
        try await cancelWhenGracefulShutdown {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await fonts.run() }
                group.addTask { try await templates.run(following: store) }
                try await group.waitForAll()
            }
        }
        try? await gracefulShutdown()
        await store.close()
    }
}
