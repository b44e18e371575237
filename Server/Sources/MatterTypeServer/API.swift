public import Foundation
import HTTPTypes
import Hummingbird
import Logging
import MatterType
import MatterTypeWire
import NIOCore

/// The routes: health, metrics, the OpenAPI document, fonts, measure and render.
struct API: Sendable {
    let configuration: ServerConfiguration
    let library: FontLibrary
    let tokens: DesignTokens?
    let tokensDigest: String
    let metrics: ServerMetrics
    let logger: Logger
    let limiter: RenderLimiter
    /// Image memory reserved by renders drawing now, in bytes, against ``ServerLimits/maxRenderMemory``.
    let renderMemory = Locked(0)

    init(configuration: ServerConfiguration, library: FontLibrary, tokens: DesignTokens?, tokensDigest: String,
         metrics: ServerMetrics, logger: Logger) {
        self.configuration = configuration
        self.library = library
        self.tokens = tokens
        self.tokensDigest = tokensDigest
        self.metrics = metrics
        self.logger = logger
        limiter = RenderLimiter(limit: configuration.limits.maxConcurrentRenders,
                                timeout: configuration.limits.renderQueueTimeout)
    }

    var limits: ServerLimits { configuration.limits }

    /// The response header giving where the text's top-left corner is in a rendered image: `x,y` in points.
    static let textOriginField = HTTPField.Name("MatterType-Text-Origin")!  // a valid token, checked by its tests

    /// Adds every route to `router`; returns them as `METHOD /path`, parameters in OpenAPI's `{name}` form (the
    /// OpenAPI test compares them with the document).
    @discardableResult
    func addRoutes(to router: Router<BasicRequestContext>) -> [String] {
        var routes: [String] = []
        func on(_ method: HTTPRequest.Method, _ path: String,
                _ handler: @escaping @Sendable (Request, BasicRequestContext) async throws -> Response) {
            router.on(RouterPath(path), method: method, use: handler)
            if method == .get {
                // HEAD where GET exists: GET's status and headers, no body (RFC 9110 §9.3.2).
                router.on(RouterPath(path), method: .head) { request, context in
                    var response = try await handler(request, context)
                    response.body = ResponseBody()
                    return response
                }
            }
            routes.append("\(method.rawValue) " + path.replacing(/:(\w+)/) { "{\($0.1)}" })
        }
        on(.get, "/healthz") { _, _ in API.json(["status": "ok"]) }
        on(.get, "/readyz") { _, _ in
            guard library.isReady else {
                throw APIError(.serviceUnavailable, .notReady, "the font store is still loading; try again shortly",
                               headers: [.retryAfter: "1"])
            }
            return API.json(["status": "ready"])
        }
        on(.get, "/metrics") { _, _ in
            let text = metrics.exposition(fontCount: library.count, activeRenders: await limiter.active,
                                          registry: library.registry)
            return Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
        }
        on(.get, "/openapi.yaml") { _, _ in
            guard let document = OpenAPIDocument.data else {
                throw APIError(.internalServerError, .documentMissing,
                               "openapi.yaml is missing from the install; copy the MatterTypeServer resource bundle "
                               + "next to the executable")
            }
            return Response(status: .ok, headers: [.contentType: "application/yaml"],
                            body: ResponseBody(byteBuffer: ByteBuffer(bytes: document)))
        }
        on(.put, "/v1/fonts") { request, context in try await uploadFont(request, context) }
        on(.get, "/v1/fonts") { request, _ in
            var fonts = await library.fonts()
            if request.uri.queryParameters.get("bundled").map(API.isTrue) == true {
                fonts = FontRegistry.bundledFonts.map { FontRecord($0, source: "bundled") } + fonts
            }
            return API.json(["fonts": fonts])
        }
        on(.get, "/v1/fonts/:postScriptName") { _, context in
            let name = try API.fontName(context)
            guard let font = await library.font(named: name) else {
                throw APIError(.notFound, .fontNotFound, "no registered font is named \(name)")
            }
            return API.json(font)
        }
        on(.delete, "/v1/fonts/:postScriptName") { request, context in
            try authorizeAdmin(request)
            try await delete(names: [try API.fontName(context)])
            return Response(status: .noContent)
        }
        on(.delete, "/v1/fonts") { request, _ in
            try authorizeAdmin(request)
            // Split on the query's literal commas, then percent-decode each name: a name that has a comma in it
            // is sent as %2C.
            let raw = (request.uri.query ?? "").split(separator: "&")
                .first { $0.hasPrefix("names=") }.map { $0.dropFirst("names=".count) } ?? ""
            let names = raw.split(separator: ",")
                .map { ($0.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0))
                    .trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
            guard !names.isEmpty else {
                throw APIError(.unprocessableContent, .missingNames,
                               "name the fonts to delete: DELETE /v1/fonts?names=A,B or DELETE /v1/fonts/{name}")
            }
            try await delete(names: Array(Set(names)).sorted())
            return Response(status: .noContent)
        }
        on(.post, "/v1/measure") { request, context in
            let deadline = ContinuousClock.now + limits.requestDeadline
            let renderRequest = try await decodeRenderRequest(request, context)
            let measurement = try await run(deadline: deadline) { TextMeasurement(try layout(renderRequest)) }
            return API.json(measurement)
        }
        on(.post, "/v1/render") { request, context in
            let deadline = ContinuousClock.now + limits.requestDeadline
            let renderRequest = try await decodeRenderRequest(request, context)
            let etag = entityTag(for: renderRequest)
            if let match = request.headers[.ifNoneMatch], API.entityTags(match).contains(where: { $0 == etag || $0 == "*" }) {
                return Response(status: .notModified, headers: [.eTag: etag])
            }
            let maxPixels = limits.maxImagePixels
            let (bytes, origin) = try await run(deadline: deadline) {
                let laidOut = try layout(renderRequest)
                let frame = renderRequest.imageFrame(of: laidOut)
                let size = frame.size
                guard size.fits(pixelCount: maxPixels) else {
                    throw APIError(.contentTooLarge, .imageTooLarge,
                                   "the image would be \(size.width) × \(size.height) px, over \(maxPixels) pixels; "
                                   + "use a smaller scale, width, text or padding")
                }
                let pixels = size.width * size.height
                if renderRequest.compression == .small, pixels > limits.maxSmallCompressionPixels {
                    throw APIError(.unprocessableContent, .compressionTooSlow,
                                   "\"compression\": \"small\" is for images up to \(limits.maxSmallCompressionPixels) "
                                   + "pixels and this one has \(pixels); use balanced or fast")
                }
                try API.check(deadline, stage: "layout")
                let estimate = pixels.multipliedReportingOverflow(by: ServerLimits.bytesPerPixel(renderRequest.format ?? .png))
                let reserved = estimate.overflow ? Int.max : estimate.partialValue
                try reserveMemory(reserved)
                defer { renderMemory.withLock { $0 -= reserved } }
                return (try renderRequest.image(of: laidOut), frame.origin)
            }
            let type = (renderRequest.format ?? .png) == .png ? "image/png" : "image/webp"
            // Where the text's top-left corner is in the image, in points: the padding, plus what the image grew
            // by to hold ink left of or above the layout.
            var headers: HTTPFields = [.contentType: type, .eTag: etag, .cacheControl: "no-cache"]
            headers[API.textOriginField] = "\(TextMeasurement.rounded(origin.x)),\(TextMeasurement.rounded(origin.y))"
            return Response(status: .ok, headers: headers,
                            body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
        }
        return routes
    }

    // MARK: - Fonts

    /// The `{postScriptName}` path parameter, percent-decoded (`Inter%20Display` is "Inter Display").
    static func fontName(_ context: BasicRequestContext) throws -> String {
        let raw = try context.parameters.require("postScriptName")
        guard let name = raw.removingPercentEncoding else {
            throw APIError(.badRequest, .badName, "the font name in the path is not valid percent-encoding")
        }
        return name
    }

    private func uploadFont(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        try authorizeAdmin(request)
        if let type = request.headers[.contentType]?.lowercased(), type.hasPrefix("multipart/") {
            throw APIError(.unsupportedMediaType, .multipartNotAccepted,
                           "send the font file's raw bytes as the body (e.g. curl -T Font.ttf or --data-binary "
                           + "@Font.ttf with Content-Type: application/octet-stream), not a multipart form")
        }
        var request = request
        let body = try await collect(&request, limit: limits.maxFontBytes, what: "font file",
                                     flag: "--max-font-bytes")
        guard body.readableBytes > 0 else {
            throw APIError(.unprocessableContent, .notAFont, "the body is empty; send the font file's bytes")
        }
        // A multipart form sent without its Content-Type: "--boundary" then a form-data part header.
        if body.readableBytesView.starts(with: "--".utf8),
           String(decoding: body.readableBytesView.prefix(512), as: UTF8.self).lowercased()
               .contains("content-disposition: form-data") {
            throw APIError(.unsupportedMediaType, .multipartNotAccepted,
                           "the body is a multipart form; send the font file's raw bytes as the body instead "
                           + "(e.g. curl -T Font.ttf)")
        }
        let replacing = request.uri.queryParameters.get("replace").map(API.isTrue) ?? false
        do {
            let fonts = try await library.upload(Data(body.readableBytesView), replacing: replacing)
            logger.info("fonts registered", metadata: ["names": "\(fonts.map(\.postScriptName))"])
            return API.json(["fonts": fonts], status: .created)
        } catch {
            switch error {
            case .unusableFont(let reason):
                throw APIError(.unprocessableContent, .notAFont,
                               "not a usable font (TTF, OTF, TTC, WOFF or WOFF2): \(reason)")
            case .store(.namesTaken(let names)):
                throw APIError(.conflict, .fontExists, FontStoreError.namesTaken(names).description)
            case .store(.diskFull):
                throw APIError(.insufficientStorage, .diskFull, FontStoreError.diskFull.description)
            case .store(let error):
                throw APIError(.internalServerError, .storeFailed, error.description)
            }
        }
    }

    private func delete(names: [String]) async throws {
        do {
            try await library.delete(names: names)
            logger.info("fonts deleted", metadata: ["names": "\(names)"])
        } catch {
            switch error {
            case .store(.namesNotFound(let missing)):
                throw APIError(.notFound, .fontNotFound,
                               "no registered font is named \(missing.joined(separator: ", ")); nothing was deleted")
            case .store(.diskFull):
                throw APIError(.insufficientStorage, .diskFull, FontStoreError.diskFull.description)
            default:
                throw APIError(.internalServerError, .storeFailed, error.description)
            }
        }
    }

    // MARK: - Measure and render

    private func decodeRenderRequest(_ request: Request, _ context: BasicRequestContext) async throws -> RenderRequest {
        try authorizeRender(request)
        var request = request
        let body = try await collect(&request, limit: limits.maxBodyBytes, what: "request body",
                                     flag: "--max-body-bytes")
        let data = Data(body.readableBytesView)
        if let depth = JSONNesting.exceeds(limits.maxJSONDepth, in: data) {
            throw APIError(.unprocessableContent, .jsonTooDeep,
                           "the JSON nests deeper than \(limits.maxJSONDepth) levels (at least \(depth))")
        }
        let renderRequest: RenderRequest
        do {
            renderRequest = try RenderRequest.decode(from: data)
        } catch {
            throw API.apiError(error)
        }
        let scalars = renderRequest.scalarCount
        if scalars > limits.maxTextScalars {
            throw APIError(.contentTooLarge, .textTooLong,
                           "the text has \(scalars) characters, over \(limits.maxTextScalars); split it")
        }
        return renderRequest
    }

    private func layout(_ request: RenderRequest) throws -> TextLayout {
        do {
            return try request.layout(registry: library.registry, tokens: tokens)
        } catch {
            throw API.apiError(error)
        }
    }

    /// Answers 503 with `Retry-After` when `deadline` has passed (`stage` says after what).
    static func check(_ deadline: ContinuousClock.Instant, stage: String) throws {
        guard ContinuousClock.now > deadline else { return }
        throw APIError(.serviceUnavailable, .deadlineExceeded,
                       "the request took longer than the server allows (past its deadline after \(stage)); "
                       + "retry later or send a smaller request", headers: [.retryAfter: "1"])
    }

    /// Reserves `bytes` of image memory against ``ServerLimits/maxRenderMemory``, or answers 503 with
    /// `Retry-After` when renders already use too much (a single image over the whole budget is 413).
    private func reserveMemory(_ bytes: Int) throws {
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

    /// Runs `work` under the render limit: 503 with `Retry-After` when no slot frees up in time or `deadline`
    /// passes while it waits.
    private func run<T: Sendable>(deadline: ContinuousClock.Instant,
                                  _ work: @escaping @Sendable () throws -> T) async throws -> T {
        do {
            return try await limiter.run {
                try API.check(deadline, stage: "waiting for a render slot")
                return try work()
            }
        } catch RenderLimiterError.busy {
            let seconds = max(1, Int(limits.renderQueueTimeout.components.seconds))
            throw APIError(.serviceUnavailable, .busy,
                           "every render slot stayed busy for \(seconds) s; retry later",
                           headers: [.retryAfter: String(seconds)])
        } catch let error as RenderRequestError {
            throw API.apiError(error)
        }
    }

    static func apiError(_ error: RenderRequestError) -> APIError {
        switch error {
        case .malformedJSON: APIError(.badRequest, .malformedJson, error.description)
        case .invalidJSON, .invalid: APIError(.unprocessableContent, .invalidRequest, error.description)
        case .unknownToken: APIError(.unprocessableContent, .unknownToken, error.description)
        case .layout: APIError(.unprocessableContent, .invalidTypography, error.description)
        case .render(.imageTooLarge): APIError(.contentTooLarge, .imageTooLarge, error.description)
        case .render: APIError(.internalServerError, .renderFailed, error.description)
        }
    }

    /// The render's entity tag: the request (as re-encoded, so key order and spacing do not matter), the fonts
    /// registered, the token file and the library version — everything the image depends on.
    private func entityTag(for request: RenderRequest) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var identity = Data((try? encoder.encode(request)) ?? Data())
        identity.append(contentsOf: Array("\n\(library.digest)\n\(tokensDigest)\n\(MatterTypeVersion.current)".utf8))
        return "\"" + SHA256.hex(of: identity).prefix(32) + "\""
    }

    /// The tags of an `If-None-Match` header (weak ones compared as strong, as RFC 9110 says for it).
    static func entityTags(_ header: String) -> [String] {
        header.split(separator: ",").map { tag in
            let trimmed = tag.trimmingCharacters(in: .whitespaces)
            return trimmed.hasPrefix("W/") ? String(trimmed.dropFirst(2)) : trimmed
        }
    }

    // MARK: - Plumbing

    /// The body, at most `limit` bytes: 413 past it (from the Content-Length before reading, when given).
    private func collect(_ request: inout Request, limit: Int, what: String, flag: String) async throws -> ByteBuffer {
        let tooLarge = APIError(.contentTooLarge, .bodyTooLarge,
                                "the \(what) is over \(limit) bytes (the server's \(flag))")
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit { throw tooLarge }
        let body = request.body
        let timeout = limits.bodyTimeout
        do {
            // A client that sends its body slower than the server allows is cut off (408), so it cannot hold a
            // connection and a task for ever.
            let collected = try await withThrowingTaskGroup(of: ByteBuffer?.self) { group in
                group.addTask { try await body.collect(upTo: limit) }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    return nil
                }
                defer { group.cancelAll() }
                return try await group.next() ?? nil
            }
            guard let collected else {
                throw APIError(.requestTimeout, .bodyTimeout,
                               "the \(what) took longer than \(timeout) to arrive; send it at once")
            }
            request.body = RequestBody(buffer: collected)
            return collected
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw tooLarge
        }
    }

    private func authorizeAdmin(_ request: Request) throws {
        guard let token = configuration.adminToken else {
            throw APIError(.forbidden, .registrationDisabled,
                           "font registration is off; start the server with MATTERTYPE_ADMIN_TOKEN set")
        }
        try authorize(request, token: token, name: "the admin token")
    }

    private func authorizeRender(_ request: Request) throws {
        guard let token = configuration.renderToken else { return }
        try authorize(request, token: token, name: "the render token")
    }

    /// 401 unless the request carries `Authorization: Bearer <token>` (the scheme in any case, as RFC 9110 has
    /// it; the token compared in constant time and never logged).
    private func authorize(_ request: Request, token: String, name: String) throws {
        let header = request.headers[.authorization] ?? ""
        let scheme = header.prefix { $0 != " " }
        let given = scheme.lowercased() == "bearer"
            ? String(header.dropFirst(scheme.count).drop { $0 == " " }) : ""
        guard !given.isEmpty, API.constantTimeEquals(Array(given.utf8), Array(token.utf8)) else {
            throw APIError(.unauthorized, .unauthorized,
                           header.isEmpty ? "send Authorization: Bearer <token> with \(name)" : "wrong token; send \(name)",
                           headers: [.wwwAuthenticate: "Bearer"])
        }
    }

    /// Whether two byte strings are equal, in time that depends only on their lengths.
    static func constantTimeEquals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var difference = UInt8(truncatingIfNeeded: a.count ^ b.count) | UInt8(a.count == b.count ? 0 : 1)
        for index in 0..<max(a.count, b.count) {
            difference |= (index < a.count ? a[index] : 0) ^ (index < b.count ? b[index] : 0)
        }
        return difference == 0
    }

    /// Whether a query flag (`?replace=true`) is on.
    static func isTrue(_ value: String) -> Bool { ["true", "1", "yes"].contains(value.lowercased()) }

    /// `value` as JSON (keys sorted, slashes plain: as the CLI prints it) with a final newline.
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        data.append(0x0A)
        return Response(status: status, headers: [.contentType: "application/json"],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
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

/// The OpenAPI document served at `/openapi.yaml` (the package's resource `openapi.yaml`).
public enum OpenAPIDocument {
    /// The document's bytes, or `nil` when the resource bundle is not installed beside the executable.
    public static let data: [UInt8]? = Bundle.module.url(forResource: "openapi", withExtension: "yaml")
        .flatMap { try? Data(contentsOf: $0) }.map(Array.init)
}
