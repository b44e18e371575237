public import Foundation
public import Hummingbird
public import Logging
import MatterType
import HummingbirdCore
import NIOCore
import ServiceLifecycle

/// Builds the MatterType render service: its routes over a font store, as a Hummingbird application.
///
/// ```swift
/// let app = try await MatterTypeServer.application(configuration: .fromEnvironment(), logger: logger)
/// try await app.runService()
/// ```
public enum MatterTypeServer {
    /// The application for `configuration`: opens the store (loaded into the registry by a service that then
    /// follows the store's changes), reads the token file, and routes the API.
    /// - Throws: ``FontStoreError`` for a store that cannot be opened; `DesignTokenError` for a bad token file.
    public static func application(configuration: ServerConfiguration,
                                   logger: Logger) async throws -> some ApplicationProtocol {
        let store = try await openFontStore(url: configuration.storeURL, logger: logger)
        let library = FontLibrary(store: store, includesSystemFonts: configuration.includesSystemFonts,
                                  maximumDecompressedFontSize: configuration.limits.maxFontUnpackedBytes, logger: logger)
        var tokens: DesignTokens?
        var tokensDigest = ""
        if !configuration.tokensFiles.isEmpty {
            let read = try DesignTokens(contentsOf: configuration.tokensFiles.map { URL(fileURLWithPath: $0) },
                                        themes: configuration.themes, remSize: configuration.remSize)
            tokens = read
            // The ETag's part for the tokens: what they resolve to (files, folders, themes and rem size all end
            // up there), as sorted JSON.
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let typographies = try encoder.encode(read.typographies)
            tokensDigest = SHA256.hex(of: typographies)
        }
        let api = API(configuration: configuration, library: library, tokens: tokens, tokensDigest: tokensDigest,
                      metrics: ServerMetrics(), logger: logger)
        let router = Router(context: BasicRequestContext.self)
        // The route list first (a scratch router records it), for the middleware's 405 answers.
        let routes = api.addRoutes(to: Router(context: BasicRequestContext.self))
        router.add(middleware: MetricsAndErrorsMiddleware(metrics: api.metrics, routes: routes, logger: logger))
        api.addRoutes(to: router)
        // Idle connections (slowloris headers included) close after idleTimeout; past maxConnections, new ones
        // close at once.
        let open = ConnectionLimitHandler.Count()
        let limit = configuration.limits.maxConnections
        let idle = configuration.limits.idleTimeout.components
        let http = HTTP1Channel.Configuration(
            additionalChannelHandlers: [ConnectionLimitHandler(count: open, limit: limit)],
            idleTimeout: .nanoseconds(idle.seconds * 1_000_000_000 + idle.attoseconds / 1_000_000_000))
        var app = Application(router: router, server: .http1(configuration: http),
                              configuration: .init(address: .hostname(configuration.host, port: configuration.port),
                                                   serverName: "mattertype-server"),
                              logger: logger)
        app.addServices(FontLibraryService(library: library, store: store))
        return app
    }
}

/// Loads the store at start, follows its changes, and closes it at shutdown.
struct FontLibraryService: Service {
    let library: FontLibrary
    let store: any FontStore

    func run() async throws {
        try await cancelWhenGracefulShutdown {
            try await library.run()
        }
        try? await gracefulShutdown()
        await store.close()
    }
}
