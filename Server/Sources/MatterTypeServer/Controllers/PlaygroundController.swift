import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The playground: `GET /playground`, a page for designing a card or a typography against this server (its files
/// are the package's `Playground` resources, served as they are: no build step, nothing from elsewhere).
struct PlaygroundController: Sendable {
    /// The files the page is made of, by name, with their media types.
    static let files: [String: String] = [
        "index.html": "text/html; charset=utf-8",
        "playground.js": "text/javascript; charset=utf-8",
        "playground.css": "text/css; charset=utf-8",
    ]

    /// The routes.
    var routes: RouteTable {
        var table = RouteTable()
        table.on(.get, "/playground") { _, _ in try Self.file("index.html") }
        table.on(.get, "/playground/:file") { _, context in
            try Self.file(try context.parameters.require("file"))
        }
        return table
    }

    /// One of the page's files; 404 for any other name.
    private static func file(_ name: String) throws -> Response {
        guard let type = files[name] else {
            throw APIError(.notFound, .notFound, "the playground has no file \(name)")
        }
        let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
        guard let url = Bundle.module.url(forResource: parts[0], withExtension: parts[1], subdirectory: "Playground"),
              let bytes = try? Data(contentsOf: url) else {
            throw APIError(.internalServerError, .documentMissing,
                           "the playground's \(name) is missing from the install; copy the MatterTypeServer resource "
                           + "bundle next to the executable")
        }
        return Response(status: .ok, headers: [.contentType: type, .cacheControl: "no-cache",
                                               .contentSecurityPolicy: contentSecurityPolicy, .xFrameOptions: "DENY"],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// What the page may load and who may frame it: its own files and this server's API only, images it made
    /// (`blob:`, which it may also read back), no inline script, no frame around it (clickjacking), no form
    /// posting elsewhere.
    static let contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; "
        + "img-src 'self' blob: data:; connect-src 'self' blob:; object-src 'none'; base-uri 'none'; "
        + "form-action 'none'; "
        + "frame-ancestors 'none'"
}

extension HTTPField.Name {
    /// `Content-Security-Policy` (W3C CSP Level 3).
    static let contentSecurityPolicy = HTTPField.Name("Content-Security-Policy")!  // a valid token, checked by tests
    /// `X-Frame-Options` (RFC 7034): CSP's frame-ancestors for browsers that predate it.
    static let xFrameOptions = HTTPField.Name("X-Frame-Options")!  // a valid token, checked by tests
    /// `X-Content-Type-Options` (Fetch standard): `nosniff`.
    static let xContentTypeOptions = HTTPField.Name("X-Content-Type-Options")!  // a valid token, checked by tests
}
