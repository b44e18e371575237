import Foundation
import MatterType
import NIOHTTP1
import Testing

@testable import MatterTypeServer

/// `?scale=`, `?width=`, `?height=` and `?quality=` on a template's image URL and on `POST /v1/cards`
/// (ImageSizing.swift), as `mattertype card --scale/--width/--height/--quality` takes them.
@Suite("Image sizing in the query")
struct ImageSizingRouteTests {
    /// A 300 × 100-point card on white with a title; a second text takes a `{{width}}` placeholder (a template
    /// that uses the name for its own value keeps it).
    static let card = ##"""
        {"width": 300, "height": 100, "background": "#FFFFFF", "layers": [
          {"type": "text", "x": 20, "y": 20, "width": 240, "height": 30, "text": "{{title}}"}]}
        """##
    static let withWidthPlaceholder = ##"""
        {"width": 300, "height": 100, "background": "#FFFFFF", "layers": [
          {"type": "text", "x": 20, "y": 20, "width": 240, "height": 30, "text": "{{title}} {{width}}"}]}
        """##

    @Test("width and height fit the image inside them; quality changes JPEG's bytes; refusals name the parameter")
    func sizing() async throws {
        try await withTemporaryDirectory { directory in
            try await withServer(testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")) { server in
                #expect(try await server.send(.PUT, "/v1/templates/title", body: Data(Self.card.utf8),
                                              admin: true).status == 201)
                // 300 × 100 points: 1200 wide is scale 4 (1200 × 400), 150 high is 1.5 (450 × 150); both give the
                // smaller scale; 1000 × 1000 is 3.333… whose 300-point side rounds up to 1000 exactly.
                let sizes: [(String, [Int])] = [("width=1200", [1200, 400]), ("height=150", [450, 150]),
                                                ("width=1200&height=150", [450, 150]),
                                                ("width=1000&height=1000", [1000, 334])]
                var tags: Set<String> = []
                for (query, size) in sizes {
                    let image = try await server.send(.GET, "/v1/templates/title.png?title=Hi&\(query)")
                    #expect(image.status == 200 && RenderRouteTests.pngSize(image.body) == size,
                            "\(query): \(image.status) \(RenderRouteTests.pngSize(image.body))")
                    tags.insert(image.header("ETag") ?? "")
                }
                #expect(tags.count == sizes.count, "each size its own ETag")
                let posted = try await server.send(.POST, "/v1/cards?title=Hi&width=600", body: Data(Self.card.utf8))
                #expect(posted.status == 200 && RenderRouteTests.pngSize(posted.body) == [600, 200], "\(posted.text)")

                // Quality: JPEG at 10 is smaller than at 95, and its own ETag.
                let low = try await server.send(.GET, "/v1/templates/title.jpg?title=Hello&quality=10")
                let high = try await server.send(.GET, "/v1/templates/title.jpg?title=Hello&quality=95")
                #expect(low.status == 200 && high.status == 200 && low.body.count < high.body.count,
                        "\(low.body.count) against \(high.body.count)")
                #expect(low.header("ETag") != high.header("ETag"))
                let lossy = try await server.send(.POST, "/v1/cards?format=webp&title=Hello&quality=50",
                                                  body: Data(Self.card.utf8))
                let lossless = try await server.send(.POST, "/v1/cards?format=webp&title=Hello",
                                                     body: Data(Self.card.utf8))
                #expect(lossy.status == 200 && lossless.status == 200 && lossy.body != lossless.body)

                for (query, words) in [("scale=2&width=600", "not both"), ("width=0", #""width": 0 is not"#),
                                       ("height=abc", #""height": "abc" is not a whole number"#),
                                       ("quality=101", #""quality": 101 is not"#)] {
                    let refused = try await server.send(.GET, "/v1/templates/title.png?title=Hi&\(query)")
                    #expect(refused.status == 422 && refused.errorMessage.contains(words), "\(query): \(refused.text)")
                    let posted = try await server.send(.POST, "/v1/cards?title=Hi&\(query)", body: Data(Self.card.utf8))
                    #expect(posted.status == 422 && posted.errorMessage.contains(words), "\(query): \(posted.text)")
                }

                // A placeholder named width is the template's value, not a size.
                #expect(try await server.send(.PUT, "/v1/templates/wide", body: Data(Self.withWidthPlaceholder.utf8),
                                              admin: true).status == 201)
                let own = try await server.send(.GET, "/v1/templates/wide.png?title=Hi&width=wide")
                #expect(own.status == 200 && RenderRouteTests.pngSize(own.body) == [300, 100], "\(own.text)")
                let ownPosted = try await server.send(.POST, "/v1/cards?title=Hi&width=12",
                                                      body: Data(Self.withWidthPlaceholder.utf8))
                #expect(ownPosted.status == 200 && RenderRouteTests.pngSize(ownPosted.body) == [300, 100])
            }
        }
    }
}
