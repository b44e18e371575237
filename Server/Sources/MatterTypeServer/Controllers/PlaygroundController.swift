import Foundation
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
        return Response(status: .ok, headers: [.contentType: type, .cacheControl: "no-cache"],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
