import Foundation
import Hummingbird
import MatterType
import MatterTypeWire
import MatterTypeCards
import NIOCore

/// The server itself: `/healthz`, `/readyz`, `/metrics` and `/openapi.yaml`.
struct StatusController: Sendable {
    let library: FontLibrary
    let metrics: ServerMetrics
    let limiter: RenderLimiter
    /// The decoded template images, whose cache `/metrics` reports.
    let templateImages: CardImageCache

    /// The routes.
    var routes: RouteTable {
        var table = RouteTable()
        table.on(.get, "/healthz") { _, _ in .json(["status": "ok"]) }
        table.on(.get, "/readyz") { _, _ in try ready() }
        table.on(.get, "/metrics") { _, _ in await exposition() }
        table.on(.get, "/openapi.yaml") { _, _ in try document() }
        return table
    }

    /// 200 once the font store is loaded; 503 with `Retry-After` before.
    private func ready() throws -> Response {
        guard library.isReady else {
            throw APIError(.serviceUnavailable, .notReady, "the font store is still loading; try again shortly",
                           headers: [.retryAfter: "1"])
        }
        return .json(["status": "ready"])
    }

    /// The metrics in Prometheus text format.
    private func exposition() async -> Response {
        let text = metrics.exposition(fontCount: library.count, activeRenders: await limiter.active,
                                      registry: library.registry, images: templateImages)
        return Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                        body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// The OpenAPI document.
    private func document() throws -> Response {
        guard let document = OpenAPIDocument.data else {
            throw APIError(.internalServerError, .documentMissing,
                           "openapi.yaml is missing from the install; copy the MatterTypeServer resource bundle "
                           + "next to the executable")
        }
        return Response(status: .ok, headers: [.contentType: "application/yaml"],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: document)))
    }
}
