import Foundation
import HTTPTypes
import Hummingbird
import MatterType
import NIOCore

/// A controller's routes: Hummingbird's `RouteCollection`, and each route as `METHOD /path/{parameter}` — the form
/// the OpenAPI document uses and the 405 answers are made from.
struct RouteTable {
    /// The routes, to add to a router.
    let collection = RouteCollection(context: BasicRequestContext.self)
    /// Each route as `METHOD /path/{parameter}`.
    private(set) var list: [String] = []

    /// Adds `handler` for `method` at `path` (parameters as `:name`).
    mutating func on(_ method: HTTPRequest.Method, _ path: String,
                     _ handler: @escaping @Sendable (Request, BasicRequestContext) async throws -> Response) {
        collection.on(RouterPath(path), method: method, use: handler)
        list.append("\(method.rawValue) " + path.replacing(/:(\w+)/) { "{\($0.1)}" })
    }
}

/// Who may call what: the admin token for font and template changes, the render token (when set) for measure,
/// render and cards (template images are open: the template bounds what they draw).
struct Authorization: Sendable {
    /// The admin token; `nil`: font registration is off.
    let adminToken: String?
    /// The render token; `nil`: measure, render, cards and reading templates are open.
    let renderToken: String?

    /// 401 without the admin token, 403 when changes are off (`what` names them: font registration, template
    /// upload).
    func requireAdmin(_ request: Request, for what: String = "font registration") throws {
        guard let token = adminToken else {
            throw APIError(.forbidden, .registrationDisabled,
                           "\(what) is off; start the server with \(ServerConfiguration.adminTokenVariable) set")
        }
        try require(request, token: token, name: "the admin token")
    }

    /// 401 without the render token (or the admin token, which may do everything), when a render token is set.
    func requireRender(_ request: Request) throws {
        guard let token = renderToken else { return }
        if let adminToken, (try? require(request, token: adminToken, name: "the admin token")) != nil { return }
        try require(request, token: token, name: "the render token")
    }

    /// 401 unless the request carries `Authorization: Bearer <token>` (the scheme in any case, as RFC 9110 has
    /// it; the token compared in constant time and never logged).
    private func require(_ request: Request, token: String, name: String) throws {
        let header = request.headers[.authorization] ?? ""
        let scheme = header.prefix { $0 != " " }
        let given = scheme.lowercased() == "bearer"
            ? String(header.dropFirst(scheme.count).drop { $0 == " " }) : ""
        guard !given.isEmpty, Self.constantTimeEquals(Array(given.utf8), Array(token.utf8)) else {
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
}

extension Request {
    /// The body, at most `limit` bytes (413 past it: from the Content-Length before reading, when given), arriving
    /// within `timeout` (408 after it, so a slow client cannot hold a connection and a task for ever). `what` and
    /// `flag` name the body and the server flag that sets `limit`, for the messages.
    ///
    /// No timer runs beside the reading: a body that keeps arriving, slowly, is answered 408 when a part comes in
    /// past the deadline, and one that stops arriving is closed by `--idle-timeout` (its connection's reads go
    /// idle). A timer task for each request (a task group racing the body with a sleep) cost every render two
    /// child tasks and a wake of libdispatch's timer thread.
    mutating func collectBody(limit: Int, timeout: Duration, what: String, flag: String) async throws -> ByteBuffer {
        let tooLarge = APIError(.contentTooLarge, .bodyTooLarge,
                                "the \(what) is over \(limit) bytes (the server's \(flag))")
        let declared = headers[.contentLength].flatMap(Int.init)
        if let declared, declared > limit { throw tooLarge }
        let deadline = ContinuousClock.now + timeout
        var collected = ByteBuffer()
        collected.reserveCapacity(declared ?? 0)
        for try await part in body {
            guard ContinuousClock.now <= deadline else {
                throw APIError(.requestTimeout, .bodyTimeout,
                               "the \(what) took longer than \(timeout) to arrive; send it at once")
            }
            guard part.readableBytes <= limit - collected.readableBytes else { throw tooLarge }
            collected.writeImmutableBuffer(part)
        }
        self.body = RequestBody(buffer: collected)
        return collected
    }

    /// Whether the query flag `name` (`?replace=true`) is on: `true`, `1` or `yes`.
    func queryFlag(_ name: String) -> Bool {
        QueryString(uri.query)[name].map { ["true", "1", "yes"].contains($0.lowercased()) } ?? false
    }
}

extension Response {
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

extension ImageFormat {
    /// The format an `Accept` header asks for by media type: SVG, PDF, WebP or JPEG when it names one (in that
    /// order of preference, q-values aside); `nil` when it names none of them (PNG, the default, then answers).
    init?(accept: String?) {
        guard let accept = accept?.lowercased() else { return nil }
        guard let format = [ImageFormat.svg, .pdf, .webp, .jpeg].first(where: { accept.contains($0.mediaType) })
        else { return nil }
        self = format
    }
}
