import Foundation
import MatterType
import MatterTypeWire
@testable import MatterTypeServer
import Testing

/// `POST /v1/cards` through real HTTP on loopback: the image is the library's for the same card, placeholders come
/// from the query, and bad cards are JSON errors.
@Suite("Card route")
struct CardRouteTests {
    static let card = ##"""
        {"width": 320, "height": 160, "background": {"linear": {"angle": 90, "stops": ["#0B1F3A", "#1D4E89"]}},
         "layers": [{"type": "rect", "x": 10, "y": 10, "width": 300, "height": 140, "fill": "#FFFFFF22", "cornerRadius": 12},
                    {"type": "text", "x": 24, "y": 24, "width": 272, "height": 112, "verticalAlign": "middle",
                     "text": "{{title}}", "size": 28, "color": "#FFFFFF", "fit": true}]}
        """##

    @Test func cardIsTheLibrarysImage() async throws {
        try await withTemporaryDirectory { directory in
            try await withServer(testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")) { server in
                let response = try await server.post("/v1/cards?title=Hello%20cards", json: Self.card)
                #expect(response.status == 200 && response.header("Content-Type") == "image/png")
                let image = try #require(PNGDecoder.decode(response.body))
                let expected = try CardRenderer(registry: FontRegistry(includesSystemFonts: false))
                    .image(of: try Card.decode(from: Data(Self.card.utf8), values: ["title": "Hello cards"]))
                #expect(image == expected)
                // The same card again: 304 on its tag; WebP when asked.
                let etag = try #require(response.header("ETag"))
                let again = try await server.post("/v1/cards?title=Hello%20cards", json: Self.card,
                                                  headers: [("If-None-Match", etag)])
                #expect(again.status == 304)
                let webp = try await server.post("/v1/cards?title=Hello%20cards&format=webp", json: Self.card)
                #expect(webp.status == 200 && webp.header("Content-Type") == "image/webp")
            }
        }
    }

    @Test func badCardsAreJSONErrors() async throws {
        try await withTemporaryDirectory { directory in
            try await withServer(testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")) { server in
                let missing = try await server.post("/v1/cards", json: Self.card)
                #expect(missing.status == 422 && missing.text.contains("{{title}}"))
                let huge = try await server.post("/v1/cards", json: #"{"width": 100000, "height": 100000, "layers": []}"#)
                #expect(huge.status == 413)
                let file = try await server.post("/v1/cards", json: """
                    {"width": 100, "height": 100, "layers": [{"type": "image", "x": 0, "y": 0, "width": 10, "height": 10,
                     "src": "/etc/passwd"}]}
                    """)
                #expect(file.status == 422 && file.text.contains("data: URIs"))
                let unknown = try await server.post("/v1/cards", json: #"{"width": 100, "height": 100, "layers": [{"type": "video"}]}"#)
                #expect(unknown.status == 422 && unknown.text.contains("video"))
                let broken = try await server.post("/v1/cards", json: #"{"width": 100,"#)
                #expect(broken.status == 400)
            }
        }
    }
}
