import MatterType
import MatterTypeCards
import HTTPTypes
import Hummingbird
import Tracing

/// Spans for what a render does. Each stage is a span (`withSpan`) under the request's — Hummingbird's
/// `TracingMiddleware` starts that one, continuing an incoming `traceparent` — found through the task's service
/// context; with no tracer bootstrapped (`InstrumentationSystem`'s no-op default) every span is a no-op. The
/// attributes that explain a stage's cost are named here, one vocabulary for both render controllers.
enum RenderTracing {
    /// The stages, as span names.
    static let readBody = "read body", decode = "decode", waitForSlot = "wait for render slot",
               resolveFonts = "resolve fonts", layOut = "lay out", draw = "draw", encode = "encode", store = "store"

    /// Bytes of a request body, decompressed.
    static let bodyBytes = "mattertype.body.bytes"
    /// Characters (Unicode scalars) of text to lay out.
    static let textLength = "mattertype.text.length"
    /// Layers of a card, frames' children included.
    static let nodeCount = "mattertype.card.nodes"
    /// The template drawn or stored.
    static let template = "mattertype.template"
    /// Pixels of the image drawn.
    static let pixels = "mattertype.image.pixels"
    /// The image's format (png, webp, jpeg, svg, pdf).
    static let format = "mattertype.image.format"
    /// Bytes of the image encoded.
    static let imageBytes = "mattertype.image.bytes"
    /// Whether a cache answered: a template's Figma frame converted before, or the client's copy still current (304).
    static let cacheHit = "mattertype.cache.hit"

    /// Runs `work`, one synchronous call that draws then encodes and calls `drawn` between the two (the engine's
    /// `onDrawn`), in a "draw" span and then an "encode" span: children of `context`, the request's, captured before
    /// the work left its task (the thread pool sees no task-local context). SVG and PDF never call `drawn`: their
    /// one "draw" span writes the vectors. "draw" gets the pixels and format, "encode" the bytes `bytes` counts.
    static func drawAndEncode<T, E: Error>(in context: ServiceContext, pixels: Int, format: ImageFormat,
                                           bytes: (T) -> Int,
                                           _ work: (_ drawn: () -> Void) throws(E) -> T) throws(E) -> T {
        var span = startSpan(draw, context: context)
        span.attributes[Self.pixels] = pixels
        span.attributes[Self.format] = format.rawValue
        do {
            let result = try work {
                span.end()
                span = startSpan(encode, context: context)
                span.attributes[Self.format] = format.rawValue
            }
            span.attributes[imageBytes] = bytes(result)
            span.end()
            return result
        } catch {
            span.recordError(error)
            span.setStatus(SpanStatus(code: .error))
            span.end()
            throw error
        }
    }

    /// Sets what laying `card` out costs on `span`, when it records (counting them walks every layer): its layers
    /// and its text's length.
    static func describe(_ card: Card, on span: any Span) {
        guard span.isRecording else { return }
        span.attributes[nodeCount] = card.layerCount
        span.attributes[textLength] = card.scalarCount
    }

    /// Runs `work`, synchronous, in a span `name`, a child of `context` (the request's, captured before the work
    /// left its task); an error it throws is recorded on the span.
    static func span<T, E: Error>(_ name: String, in context: ServiceContext,
                                  _ work: (any Span) throws(E) -> T) throws(E) -> T {
        let span = startSpan(name, context: context)
        defer { span.end() }
        do {
            return try work(span)
        } catch {
            span.recordError(error)
            span.setStatus(SpanStatus(code: .error))
            throw error
        }
    }
}

/// Hummingbird's `TracingMiddleware` for every request but the probes (`/healthz`, `/readyz`, `/metrics`, which an
/// orchestrator or scraper calls every few seconds and whose spans would bury the renders). A signed URL's `sig` is
/// left out of the query recorded: whoever reads traces would otherwise hold working URLs.
struct RequestTracingMiddleware: RouterMiddleware {
    private let tracing = TracingMiddleware<BasicRequestContext>(redactingQueryParameters: ["sig"])
    private static let probes: Set<String> = ["/healthz", "/readyz", "/metrics"]

    func handle(_ request: Request, context: BasicRequestContext,
                next: (Request, BasicRequestContext) async throws -> Response) async throws -> Response {
        if Self.probes.contains(request.uri.path) { return try await next(request, context) }
        return try await tracing.handle(request, context: context, next: next)
    }
}
