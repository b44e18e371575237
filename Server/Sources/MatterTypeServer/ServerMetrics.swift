import Foundation
public import Hummingbird
import MatterType
import Prometheus

/// The server's Prometheus metrics: requests by route, method and status; request latency; cache hit rates and
/// registered fonts (read when scraped).
public final class ServerMetrics: Sendable {
    private let registry = PrometheusCollectorRegistry()
    private let fonts: Gauge
    private let glyphHitRate: Gauge
    private let wordHitRate: Gauge
    private let glyphLookups: Gauge
    private let wordLookups: Gauge
    private let rendersActive: Gauge

    /// The latency buckets, in seconds.
    private static let buckets: [Duration] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
        .map { Duration.nanoseconds(Int64($0 * 1e9)) }

    /// Metrics with every series at zero.
    public init() {
        fonts = registry.makeGauge(name: "mattertype_fonts_registered", help: "Fonts registered through the API.")
        glyphHitRate = registry.makeGauge(name: "mattertype_glyph_cache_hit_ratio",
                                          help: "Share of glyph bitmap lookups found in the cache.")
        wordHitRate = registry.makeGauge(name: "mattertype_word_cache_hit_ratio",
                                         help: "Share of shaped-word lookups found in the cache.")
        glyphLookups = registry.makeGauge(name: "mattertype_glyph_cache_lookups",
                                          help: "Glyph bitmap lookups so far.")
        wordLookups = registry.makeGauge(name: "mattertype_word_cache_lookups", help: "Shaped-word lookups so far.")
        rendersActive = registry.makeGauge(name: "mattertype_renders_active", help: "Renders running now.")
    }

    /// Counts a finished request.
    func record(route: String, method: String, status: Int, duration: Duration) {
        registry.makeCounter(name: "mattertype_http_requests_total",
                             labels: [("route", route), ("method", method), ("status", String(status))],
                             help: "HTTP requests by route, method and status.").increment()
        registry.makeDurationHistogram(name: "mattertype_http_request_duration_seconds",
                                       labels: [("route", route), ("method", method)],
                                       buckets: ServerMetrics.buckets,
                                       help: "HTTP request latency by route.").record(duration)
    }

    /// The metrics in Prometheus text format, with the gauges read now.
    func exposition(fontCount: Int, activeRenders: Int) -> String {
        fonts.set(Double(fontCount))
        let glyphs = TextRenderer.shared.glyphCache.statistics
        let glyphHits = glyphs.hits + glyphs.memoHits
        let glyphTotal = glyphHits + glyphs.misses
        glyphLookups.set(Double(glyphTotal))
        glyphHitRate.set(glyphTotal == 0 ? 0 : Double(glyphHits) / Double(glyphTotal))
        let words = WordCacheStatistics.current
        let wordTotal = words.hits + words.misses
        wordLookups.set(Double(wordTotal))
        wordHitRate.set(wordTotal == 0 ? 0 : Double(words.hits) / Double(wordTotal))
        rendersActive.set(Double(activeRenders))
        return registry.emitToString()
    }
}

/// HTTP's own methods: the only values of the method label.
private let knownMethods: Set<HTTPRequest.Method> = [.get, .head, .post, .put, .delete, .patch, .options, .connect,
                                                     .trace]

/// Records every request in ``ServerMetrics`` and answers every error as JSON (a thrown ``APIError``, or
/// Hummingbird's own 404/405/413 turned into one).
struct MetricsAndErrorsMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServerMetrics

    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response: Response
        do {
            response = try await next(request, context)
        } catch {
            response = try Self.apiError(for: error).response(from: request, context: context)
        }
        // Methods outside HTTP's own are one label value, so clients cannot make up series.
        let method = knownMethods.contains(request.method) ? request.method.rawValue : "OTHER"
        metrics.record(route: context.endpointPath ?? "unmatched", method: method,
                       status: response.status.code, duration: ContinuousClock.now - start)
        return response
    }

    /// The JSON error an error is answered with.
    static func apiError(for error: any Error) -> APIError {
        switch error {
        case let error as APIError: return error
        case let error as HTTPError:
            let code = switch error.status {
            case .notFound: "not_found"
            case .methodNotAllowed: "method_not_allowed"
            case .contentTooLarge: "body_too_large"
            case .badRequest: "bad_request"
            default: "http_error"
            }
            return APIError(error.status, code, error.body ?? error.status.reasonPhrase, headers: error.headers)
        default:
            return APIError(.internalServerError, "internal", "the server failed; the error is in its log")
        }
    }
}
