import Foundation
import Hummingbird
import Logging
import NIOHTTP1
import MatterType
import MatterTypeWire
import MatterTypeCards
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

    /// The descriptor of the metric named `name` (in full: the name is the one written).
    private static func metric(_ name: String, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(metricName: name, unitName: "", helpText: help)
    }

    // The descriptors are not Sendable, so each is made where it is used.
    private static var requests: MetricNameDescriptor {
        metric("mattertype_http_requests_total", "HTTP requests by route, method and status.")
    }
    private static var latency: MetricNameDescriptor {
        metric("mattertype_http_request_duration_seconds", "HTTP request latency by route.")
    }
    private static var cacheEntries: MetricNameDescriptor {
        metric("mattertype_cache_entries", "Entries in a cache keyed by request data.")
    }
    private static var cacheLimit: MetricNameDescriptor {
        metric("mattertype_cache_limit", "The most entries that cache holds.")
    }
    private static var wordBytes: MetricNameDescriptor {
        metric("mattertype_word_cache_bytes", "Bytes of shaped words held (budget 64 MiB).")
    }
    private static var glyphBytes: MetricNameDescriptor {
        metric("mattertype_glyph_cache_bytes", "Bytes of glyph bitmaps held.")
    }
    private static var templateImageBytes: MetricNameDescriptor {
        metric("mattertype_template_image_cache_bytes", "Bytes of decoded template images held (budget 128 MiB).")
    }
    private static var templateImageLookups: MetricNameDescriptor {
        metric("mattertype_template_image_cache_lookups", "Template image lookups so far.")
    }
    private static var templateImageHitRate: MetricNameDescriptor {
        metric("mattertype_template_image_cache_hit_ratio", "Share of template image lookups found decoded.")
    }

    /// Metrics with every series at zero.
    public init() {
        let registry = registry
        func gauge(_ name: String, _ help: String) -> Gauge {
            registry.makeGauge(descriptor: ServerMetrics.metric(name, help))
        }
        fonts = gauge("mattertype_fonts_registered", "Fonts registered through the API.")
        glyphHitRate = gauge("mattertype_glyph_cache_hit_ratio", "Share of glyph bitmap lookups found in the cache.")
        wordHitRate = gauge("mattertype_word_cache_hit_ratio", "Share of shaped-word lookups found in the cache.")
        glyphLookups = gauge("mattertype_glyph_cache_lookups", "Glyph bitmap lookups so far.")
        wordLookups = gauge("mattertype_word_cache_lookups", "Shaped-word lookups so far.")
        rendersActive = gauge("mattertype_renders_active", "Renders running now.")
    }

    /// Counts a finished request.
    func record(route: String, method: String, status: Int, duration: Duration) {
        registry.makeCounter(descriptor: Self.requests,
                             labels: [("route", route), ("method", method), ("status", String(status))]).increment()
        registry.makeDurationHistogram(descriptor: Self.latency, labels: [("route", route), ("method", method)],
                                       buckets: Self.buckets).record(duration)
    }

    /// The metrics in Prometheus text format, with the gauges read now (`registry`'s caches and the decoded
    /// template `images` among them).
    func exposition(fontCount: Int, activeRenders: Int, registry fontRegistry: FontRegistry,
                    images: CardImageCache) -> String {
        registry.makeGauge(descriptor: Self.cacheEntries, labels: [("cache", "template_images")]).set(Double(images.count))
        registry.makeGauge(descriptor: Self.templateImageBytes).set(Double(images.bytes))
        let lookups = images.statistics
        registry.makeGauge(descriptor: Self.templateImageLookups).set(Double(lookups.hits + lookups.misses))
        registry.makeGauge(descriptor: Self.templateImageHitRate)
            .set(lookups.hits + lookups.misses == 0 ? 0 : Double(lookups.hits) / Double(lookups.hits + lookups.misses))
        for cache in fontRegistry.cacheSizes + TextRenderer.shared.cacheSizes {
            registry.makeGauge(descriptor: Self.cacheEntries, labels: [("cache", cache.name)])
                .set(Double(cache.entries))
            registry.makeGauge(descriptor: Self.cacheLimit, labels: [("cache", cache.name)]).set(Double(cache.limit))
        }
        registry.makeGauge(descriptor: Self.wordBytes).set(Double(WordCacheStatistics.bytes))
        let glyphs = TextRenderer.shared.glyphCache.statistics
        registry.makeGauge(descriptor: Self.glyphBytes).set(Double(glyphs.bytes))
        fonts.set(Double(fontCount))
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
/// Hummingbird's own 404/405/413 turned into one); every answer says `X-Content-Type-Options: nosniff`.
struct MetricsAndErrorsMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServerMetrics
    /// The routes as `METHOD /path/{parameter}`, to answer a known path's other methods with 405 and `Allow`.
    let routes: [String]
    let logger: Logger

    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        var response: Response
        var status: Int?
        do {
            // HTTP/1.1 requires Host (RFC 9112 §3.2); a request without one is refused.
            guard request.head.authority != nil else {
                throw APIError(.badRequest, .missingHost, "the request has no Host header")
            }
            response = try await next(request, context)
        } catch {
            var answer = Self.apiError(for: error)
            if answer.status == .notFound, error is HTTPError {
                let allowed = allowedMethods(for: request.uri.path)
                if !allowed.isEmpty {
                    let names = (allowed.contains(.get) ? allowed + [.head] : allowed).map(\.rawValue)
                    answer = APIError(.methodNotAllowed, .methodNotAllowed,
                                      "\(request.uri.path) answers \(names.joined(separator: ", "))",
                                      headers: [.allow: names.joined(separator: ", ")])
                }
            }
            if Self.isClientGone(error) {
                status = 499  // the client closed the connection mid-request: not a server error
            } else if answer.status == .badRequest, !(error is APIError) {
                logger.notice("malformed request", metadata: ["path": "\(request.uri.path)", "error": "\(error)"])
            } else if answer.status == .internalServerError {
                logger.error("request failed", metadata: ["path": "\(request.uri.path)", "error": "\(error)"])
            }
            response = try answer.response(from: request, context: context)
        }
        // No answer is to be read as another type than it says (a JSON error as a page, say).
        response.headers[.xContentTypeOptions] = "nosniff"
        // Methods outside HTTP's own are one label value, so clients cannot make up series.
        let method = knownMethods.contains(request.method) ? request.method.rawValue : "OTHER"
        metrics.record(route: context.endpointPath ?? "unmatched", method: method,
                       status: status ?? response.status.code, duration: ContinuousClock.now - start)
        return response
    }

    /// The methods the routes answer at `path` (its segments matched against each route's, `{…}` matching any).
    func allowedMethods(for path: String) -> [HTTPRequest.Method] {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        return routes.compactMap { route in
            let parts = route.split(separator: " ", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            let pattern = parts[1].split(separator: "/", omittingEmptySubsequences: false)
            guard pattern.count == segments.count,
                  zip(pattern, segments).allSatisfy({ $0.hasPrefix("{") || $0 == $1 }) else { return nil }
            return HTTPRequest.Method(String(parts[0]))
        }
    }

    /// Whether `error` means the client went away while its request was read (not the server's failure): the
    /// connection closed mid-body (the HTTP parser's unexpected end of stream) or a write to a closed channel.
    static func isClientGone(_ error: any Error) -> Bool {
        if let error = error as? HTTPParserError, error == .invalidEOFState { return true }
        let name = String(reflecting: type(of: error))
        return name.contains("ChannelError") || name.contains("IOError") || "\(error)".contains("ioOnClosedChannel")
    }

    /// The JSON error an error is answered with.
    static func apiError(for error: any Error) -> APIError {
        switch error {
        case let error as APIError: return error
        case is HTTPParserError:
            return APIError(.badRequest, .malformedHttp, "the request is not valid HTTP/1.1 (\(error))")
        case let error as HTTPError:
            let code: APIErrorCode = switch error.status {
            case .notFound: .notFound
            case .methodNotAllowed: .methodNotAllowed
            case .contentTooLarge: .bodyTooLarge
            case .badRequest: .badRequest
            default: .httpError
            }
            return APIError(error.status, code, error.body ?? error.status.reasonPhrase, headers: error.headers)
        default:
            return APIError(.internalServerError, .internalFailure, "the server failed; the error is in its log")
        }
    }
}
