import Foundation
import HTTPTypes
import Hummingbird
import MatterType
import MatterTypeWire
import NIOCore

/// Text: `/v1/measure` (its layout as JSON) and `/v1/render` (its image), under the render limit, the deadline and
/// the memory budget — which ``CardController``'s cards share.
struct TextController: Sendable {
    let library: FontLibrary
    let tokens: DesignTokens?
    /// The tokens' part of the entity tag: a digest of what they resolve to.
    let tokensDigest: String
    let authorization: Authorization
    let limiter: RenderLimiter
    let limits: any ServerArguments
    /// Image memory reserved by renders drawing now, in bytes, against ``ServerArguments/maxRenderMemory``.
    let renderMemory = Locked(0)

    /// The response header giving where the text's top-left corner is in a rendered image: `x,y` in points.
    static let textOriginField = HTTPField.Name("MatterType-Text-Origin")!  // a valid token, checked by its tests
    /// What a render or card warns about (a family not found, hyphenation not done), as the CLI's `warning:` line.
    static let warningField = HTTPField.Name("MatterType-Warning")!  // a valid token, checked by its tests

    /// `warnings` as one header value, each once, joined by "; ": characters outside printable ASCII (a family
    /// name in another script) are written `\u{…}`, as a header value must be visible ASCII. `nil` when none.
    static func warningValue(_ warnings: [String]) -> String? {
        var unique: [String] = []
        for warning in warnings where !unique.contains(warning) { unique.append(warning) }
        guard !unique.isEmpty else { return nil }
        return unique.joined(separator: "; ").unicodeScalars.map { scalar in
            (0x20...0x7E).contains(scalar.value) ? String(scalar) : "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        }.joined()
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
        let measurement = try await withSlot(deadline: deadline) { slot in
            try await slot.run(short: Self.layoutIsShort(renderRequest)) { TextMeasurement(try layout(renderRequest)) }
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
        let etag = entityTag(for: body, extra: negotiated?.rawValue ?? "")
        if let match = request.headers[.ifNoneMatch],
           Self.entityTags(match).contains(where: { $0 == etag || $0 == "*" }) {
            return Response(status: .notModified, headers: [.eTag: etag])
        }
        let (bytes, origin, warnings) = try await withSlot(deadline: deadline) { slot in
            let laidOut = try await slot.run(short: Self.layoutIsShort(renderRequest)) { try layout(renderRequest) }
            let frame = renderRequest.imageFrame(of: laidOut)
            try checkSize(frame.size, of: renderRequest)
            try Self.check(deadline, stage: "layout")
            let format = renderRequest.output.format ?? .png
            let pixels = frame.size.width * frame.size.height
            let estimate = pixels.multipliedReportingOverflow(by: RenderMemory.bytesPerPixel(format))
            let reserved = estimate.overflow ? Int.max : estimate.partialValue
            try reserveMemory(reserved)
            defer { renderMemory.withLock { $0 -= reserved } }
            let short = format == .png && renderRequest.output.compression != .small && pixels <= Self.shortImagePixels
            let bytes = try await slot.run(short: short) {
                try renderRequest.image(of: laidOut, until: RenderDeadline(deadline))
            }
            return (bytes, frame.origin, laidOut.warnings)
        }
        let type = (renderRequest.output.format ?? .png).mediaType
        // Where the text's top-left corner is in the image, in points: the padding, plus what the image grew by to
        // hold ink left of or above the layout.
        var headers: HTTPFields = [.contentType: type, .eTag: etag, .cacheControl: "no-cache", .vary: "Accept"]
        headers[Self.textOriginField] = "\(TextMeasurement.rounded(origin.x)),\(TextMeasurement.rounded(origin.y))"
        headers[Self.warningField] = Self.warningValue(warnings)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// The body of a JSON request, within `limit` bytes (`flag` sets it: for the message) and the JSON nesting
    /// limit. The caller authorizes first.
    func jsonBody(of request: Request, what: String, limit: Int? = nil,
                  flag: String = "--max-body-bytes") async throws -> Data {
        var request = request
        let body = try await request.collectBody(limit: limit ?? limits.maxBodyBytes, timeout: limits.bodyTimeout,
                                                 what: what, flag: flag)
        let data = Data(body.readableBytesView)
        if let depth = JSONNesting.exceeds(limits.maxJSONDepth, in: data) {
            throw APIError(.unprocessableContent, .jsonTooDeep,
                           "the JSON nests deeper than \(limits.maxJSONDepth) levels (at least \(depth))")
        }
        return data
    }

    /// The body as a render request (and the body): authorized, within the body, nesting and text limits.
    private func decode(_ request: Request) async throws -> (RenderRequest, Data) {
        try authorization.requireRender(request)
        let data = try await jsonBody(of: request, what: "request body")
        let renderRequest: RenderRequest
        do {
            renderRequest = try RenderRequest.decode(from: data)
        } catch {
            throw Self.apiError(error)
        }
        let scalars = renderRequest.scalarCount
        if scalars > limits.maxTextLength {
            throw APIError(.contentTooLarge, .textTooLong,
                           "the text has \(scalars) characters, over \(limits.maxTextLength); split it")
        }
        return (renderRequest, data)
    }

    private func layout(_ request: RenderRequest) throws -> TextLayout {
        do {
            return try request.layout(registry: library.registry, tokens: tokens)
        } catch {
            throw Self.apiError(error)
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

    /// Answers 503 with `Retry-After` when `deadline` has passed (`stage` says after what).
    static func check(_ deadline: ContinuousClock.Instant, stage: String) throws {
        guard ContinuousClock.now > deadline else { return }
        throw deadlineError("after \(stage)")
    }

    /// 503 with `Retry-After` for a request past its deadline `when` ("after layout", "while drawing text").
    static func deadlineError(_ when: String) -> APIError {
        APIError(.serviceUnavailable, .deadlineExceeded,
                 "the request took longer than the server allows (past its deadline \(when)); "
                 + "retry later or send a smaller request", headers: [.retryAfter: "1"])
    }

    /// Reserves `bytes` of image memory against ``ServerArguments/maxRenderMemory``, or answers 503 with
    /// `Retry-After` when renders already use too much (a single image over the whole budget is 413).
    func reserveMemory(_ bytes: Int) throws {
        let budget = limits.maxRenderMemory
        guard bytes <= budget else {
            throw APIError(.contentTooLarge, .imageTooLarge,
                           "the image needs about \(bytes >> 20) MiB, over the server's \(budget >> 20) MiB for renders; "
                           + "use a smaller scale, width or text")
        }
        let reserved = renderMemory.withLock { used in
            guard used + bytes <= budget else { return false }
            used += bytes
            return true
        }
        guard reserved else {
            throw APIError(.serviceUnavailable, .memoryBusy,
                           "renders in progress use the server's memory for images; retry shortly",
                           headers: [.retryAfter: "1"])
        }
    }

    /// The most characters a layout runs without leaving the request's task: 2,000 distinct supplementary-plane
    /// characters (the costliest kind: each a fallback lookup) take 4.3 ms in all, 2,000 of mixed Arabic,
    /// Devanagari and Thai 3.0 ms (`mattertype bench --task request`, release, this 2-core machine).
    static let shortLayoutScalars = 2_000
    /// The most pixels a PNG is drawn and encoded in without leaving the request's task: 1 megapixel takes 7.2 ms
    /// (lossless WebP takes 45 ms and `"compression": "small"` ~100 ms, so both always go to the thread pool).
    static let shortImagePixels = 1_000_000

    /// Whether `request`'s layout is short enough to run in the request's task.
    static func layoutIsShort(_ request: RenderRequest) -> Bool {
        request.scalarCount <= shortLayoutScalars
    }

    /// Runs `work` in a render slot: 503 with `Retry-After` when no slot frees up in time or `deadline` passes
    /// while it waits.
    func withSlot<T: Sendable>(deadline: ContinuousClock.Instant,
                                       _ work: (RenderLimiter.Slot) async throws -> T) async throws -> T {
        do {
            return try await limiter.withSlot { slot in
                try Self.check(deadline, stage: "waiting for a render slot")
                return try await work(slot)
            }
        } catch RenderLimiterError.busy {
            let seconds = max(1, Int(limits.renderWait.components.seconds))
            throw APIError(.serviceUnavailable, .busy,
                           "every render slot stayed busy for \(seconds) s; retry later",
                           headers: [.retryAfter: String(seconds)])
        } catch let error as RenderRequestError {
            throw Self.apiError(error)
        }
    }

    static func apiError(_ error: RenderRequestError) -> APIError {
        switch error {
        case .malformedJSON: APIError(.badRequest, .malformedJson, error.description)
        case .invalidJSON, .invalid: APIError(.unprocessableContent, .invalidRequest, error.description)
        case .unknownToken: APIError(.unprocessableContent, .unknownToken, error.description)
        case .layout: APIError(.unprocessableContent, .invalidTypography, error.description)
        case .render(.imageTooLarge), .render(.tooLargeForWebP):
            APIError(.contentTooLarge, .imageTooLarge, error.description)
        case .render(.deadlineExceeded(let stage)): deadlineError("while drawing \(stage)")
        case .render: APIError(.internalServerError, .renderFailed, error.description)
        }
    }

    /// The render's entity tag: the JSON request body in canonical form (so key order and spacing do not matter),
    /// `extra` (what else the image depends on: a card's values and format), the fonts registered, the token files
    /// and the library version — everything the image depends on.
    func entityTag(for body: Data, extra: String = "") -> String {
        var identity = CanonicalJSON.bytes(of: Array(body))
        identity.append(contentsOf: Array("\n\(extra)\n\(library.digest)\n\(tokensDigest)\n\(MatterTypeVersion.current)".utf8))
        return "\"" + SHA256.hex(of: Data(identity)).prefix(32) + "\""
    }

    /// The tags of an `If-None-Match` header (weak ones compared as strong, as RFC 9110 says for it).
    static func entityTags(_ header: String) -> [String] {
        header.split(separator: ",").map { tag in
            let trimmed = tag.trimmingCharacters(in: .whitespaces)
            return trimmed.hasPrefix("W/") ? String(trimmed.dropFirst(2)) : trimmed
        }
    }
}

/// How deep a JSON text nests, without parsing it.
enum JSONNesting {
    /// The depth reached once it passes `limit`, or `nil` if it never does. Brackets inside strings do not count.
    static func exceeds(_ limit: Int, in data: Data) -> Int? {
        var depth = 0
        var inString = false
        var escaped = false
        for byte in data {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true }
                else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > limit { return depth }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return nil
    }
}
