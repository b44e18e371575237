import Foundation
import HTTPTypes
import Hummingbird
import MatterType
import MatterTypeWire
import NIOCore
import Tracing

/// Text: `/v1/measure` (its layout as JSON) and `/v1/render` (its image), admitted by the render admission (slots,
/// deadline, memory budget) that cards share.
struct TextController: Sendable {
    let library: FontLibrary
    let tokens: DesignTokens?
    let authorization: Authorization
    let admission: RenderAdmission
    let bodies: JSONBodyReader
    let tags: EntityTags
    let limits: Limits

    /// The server's limits a text route uses (`--request-deadline`, `--max-text-length`, `--max-image-pixels`,
    /// `--max-small-compression-pixels`).
    struct Limits: Sendable {
        let requestDeadline: Duration
        let maxTextLength: Int
        let maxImagePixels: Int
        let maxSmallCompressionPixels: Int

        /// The limits `arguments` set.
        init(_ arguments: some ServerArguments) {
            requestDeadline = arguments.requestDeadline
            maxTextLength = arguments.maxTextLength
            maxImagePixels = arguments.maxImagePixels
            maxSmallCompressionPixels = arguments.maxSmallCompressionPixels
        }
    }

    /// The routes.
    var routes: RouteTable {
        var table = RouteTable()
        table.on(.post, "/v1/measure") { request, _ in try await measure(request) }
        table.on(.post, "/v1/render") { request, _ in try await render(request) }
        return table
    }

    private func measure(_ request: Request) async throws -> Response {
        let deadline = ContinuousClock.now + limits.requestDeadline
        let (renderRequest, _) = try await decode(request)
        let measurement = try await admission.withSlot(deadline: deadline) { slot in
            TextMeasurement(try await layout(renderRequest, in: slot))
        }
        return .json(measurement)
    }

    private func render(_ request: Request) async throws -> Response {
        let deadline = ContinuousClock.now + limits.requestDeadline
        let (decoded, body) = try await decode(request)
        // "format" in the body wins; else the Accept header may ask for SVG, PDF or WebP (and the tag says which).
        let negotiated = decoded.output.format == nil ? ImageFormat(accept: request.headers[.accept]) : nil
        let renderRequest = negotiated.map { format in
            var request = decoded
            request.output.format = format
            return request
        } ?? decoded
        let etag = tags.tag(for: body, extra: negotiated?.rawValue ?? "")
        if EntityTags.matches(request, etag) { return Response(status: .notModified, headers: [.eTag: etag]) }
        let (bytes, origin, warnings) = try await admission.withSlot(deadline: deadline) { slot in
            let laidOut = try await layout(renderRequest, in: slot)
            let frame = renderRequest.imageFrame(of: laidOut)
            try checkSize(frame.size, of: renderRequest)
            try RenderAdmission.check(deadline, stage: "layout")
            let format = renderRequest.output.format ?? .png
            let pixels = frame.size.width * frame.size.height
            let estimate = pixels.multipliedReportingOverflow(by: RenderMemory.bytesPerPixel(format))
            let bytes = try await admission.withMemory(estimate.overflow ? Int.max : estimate.partialValue) {
                let short = format == .png && renderRequest.output.compression != .small
                    && pixels <= RenderAdmission.shortImagePixels
                let context = ServiceContext.current ?? .topLevel
                return try await slot.run(short: short) {
                    try RenderTracing.drawAndEncode(in: context, pixels: pixels, format: format,
                                                    bytes: \.count) { drawn in
                        try renderRequest.image(of: laidOut, until: RenderDeadline(deadline), onDrawn: drawn)
                    }
                }
            }
            return (bytes, frame.origin, laidOut.warnings)
        }
        let type = (renderRequest.output.format ?? .png).mediaType
        // Where the text's top-left corner is in the image, in points: the padding, plus what the image grew by to
        // hold ink left of or above the layout.
        var headers: HTTPFields = [.contentType: type, .eTag: etag, .cacheControl: "no-cache", .vary: "Accept"]
        headers[.textOrigin] = "\(TextMeasurement.rounded(origin.x)),\(TextMeasurement.rounded(origin.y))"
        headers[.warning] = warningHeaderValue(warnings)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// The body as a render request (and the body): authorized, within the body, nesting and text limits.
    /// Traced as "decode", with the text's length.
    private func decode(_ request: Request) async throws -> (RenderRequest, Data) {
        try authorization.requireRender(request)
        let data = try await bodies.body(of: request, what: "request body")
        let renderRequest = try withSpan(RenderTracing.decode) { span in
            do throws(RenderRequestError) {
                let decoded = try RenderRequest.decode(from: data)
                if span.isRecording { span.attributes[RenderTracing.textLength] = decoded.scalarCount }
                return decoded
            } catch {
                throw APIError(error)
            }
        }
        let scalars = renderRequest.scalarCount
        if scalars > limits.maxTextLength {
            throw APIError(.contentTooLarge, .textTooLong,
                           "the text has \(scalars) characters, over \(limits.maxTextLength); split it")
        }
        return (renderRequest, data)
    }

    /// The request laid out in `slot` (one run: where the request runs, or one hop to the thread pool), in two
    /// stages traced apart: "resolve fonts" (tokens applied, the typography's face found and loaded), then "lay out".
    private func layout(_ request: RenderRequest, in slot: RenderLimiter.Slot) async throws -> TextLayout {
        let (registry, tokens) = (library.registry, tokens)
        let context = ServiceContext.current ?? .topLevel
        return try await slot.run(short: RenderAdmission.layoutIsShort(request)) {
            do throws(RenderRequestError) {
                let resolved = try RenderTracing.span(RenderTracing.resolveFonts, in: context) {
                    _ throws(RenderRequestError) in try request.resolved(registry: registry, tokens: tokens)
                }
                return try RenderTracing.span(RenderTracing.layOut, in: context) { span throws(RenderRequestError) in
                    if span.isRecording { span.attributes[RenderTracing.textLength] = request.scalarCount }
                    return try request.layout(resolved)
                }
            } catch {
                throw APIError(error)
            }
        }
    }

    /// 413 for an image over the pixel limit; 422 for `"compression": "small"` on one over its own limit.
    private func checkSize(_ size: PixelSize, of request: RenderRequest) throws {
        let maxPixels = limits.maxImagePixels
        guard size.fits(pixelCount: maxPixels) else {
            throw APIError(.contentTooLarge, .imageTooLarge,
                           "the image would be \(size.width) × \(size.height) px, over \(maxPixels) pixels; "
                           + "use a smaller scale, width, text or padding")
        }
        let pixels = size.width * size.height
        if request.output.compression == .small, pixels > limits.maxSmallCompressionPixels {
            throw APIError(.unprocessableContent, .compressionTooSlow,
                           "\"compression\": \"small\" is for images up to \(limits.maxSmallCompressionPixels) "
                           + "pixels and this one has \(pixels); use balanced or fast")
        }
    }
}
