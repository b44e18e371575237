import Foundation
import MatterType
import MatterTypeWire
import MatterTypeCards
import MatterTypeFigma
@testable import MatterTypeServer
import NIOHTTP1
import Testing

/// `POST /v1/cards` and card templates through real HTTP on loopback: the image is the library's for the same card,
/// placeholders come from the query, templates persist across a restart, and bad cards and templates are JSON
/// errors that store nothing.
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
                // Other values, another image: the tag covers the values, not only the document.
                let other = try await server.post("/v1/cards?title=Other%20cards", json: Self.card,
                                                  headers: [("If-None-Match", etag)])
                #expect(other.status == 200 && other.header("ETag") != etag)
                let webp = try await server.post("/v1/cards?title=Hello%20cards&format=webp", json: Self.card)
                #expect(webp.status == 200 && webp.header("Content-Type") == "image/webp")
                let pdf = try await server.post("/v1/cards?title=Hello%20cards", json: Self.card,
                                                headers: [("Accept", "application/pdf")])
                #expect(pdf.status == 200 && pdf.header("Content-Type") == "application/pdf")
                #expect(try await server.post("/v1/cards?title=a&format=tiff", json: Self.card).status == 422)
            }
        }
    }

    /// A template with a logo (the fixture PNG as a data: URI) and two placeholders.
    static func template() throws -> String {
        let logo = try FontFiles.fixture("images/alpha.png").base64EncodedString()
        return Self.card.replacingOccurrences(of: ##""fit": true}]}"##, with: ##""fit": true},"##
            + ##" {"type": "image", "x": 250, "y": 100, "width": 48, "height": 32, "src": "data:image/png;base64,"##
            + logo + ##""}, {"type": "text", "x": 24, "y": 130, "width": 200, "text": "by {{author}}", "size": 12, "color": "#FFFFFF"}]}"##)
    }

    @Test func templatesAreStoredDrawnAndCached() async throws {
        try await withTemporaryDirectory { directory in
            let configuration = testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")
            let template = try Self.template()
            try await withServer(configuration) { server in
                // Admin only; checked, then stored: 201 new, 200 replaced.
                #expect(try await server.send(.PUT, "/v1/templates/social", body: Data(template.utf8)).status == 401)
                let created = try await server.send(.PUT, "/v1/templates/social", body: Data(template.utf8), admin: true)
                #expect(created.status == 201)
                let record = try created.json()
                #expect(record["placeholders"] as? [String] == ["author", "title"] && record["width"] as? Double == 320)
                #expect(try await server.send(.PUT, "/v1/templates/social", body: Data(template.utf8),
                                              admin: true).status == 200)
                let list = try await server.send(.GET, "/v1/templates").json()
                #expect((list["templates"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["social"])
                let document = try await server.send(.GET, "/v1/templates/social")
                #expect(document.status == 200 && document.body == Data(template.utf8))

                // The og:image URL: the library's image of the card with the values filled.
                let url = "/v1/templates/social.png?title=Hello%20templates&author=Ada&utm_source=feed"
                let response = try await server.send(.GET, url)
                #expect(response.status == 200 && response.header("Content-Type") == "image/png")
                #expect(response.header("Cache-Control") == "public, max-age=300")
                let expected = try CardRenderer(registry: FontRegistry(includesSystemFonts: false))
                    .image(of: try Card.decode(from: Data(template.utf8), values: ["title": "Hello templates", "author": "Ada"]))
                #expect(try #require(PNGDecoder.decode(response.body)) == expected)
                // 304 on its tag (a parameter that is no placeholder changes nothing); other values, another tag.
                let etag = try #require(response.header("ETag"))
                #expect(try await server.send(.GET, "/v1/templates/social.png?author=Ada&title=Hello%20templates",
                                              headers: [("If-None-Match", etag)]).status == 304)
                let other = try await server.send(.GET, "/v1/templates/social.png?title=Other&author=Ada")
                #expect(other.status == 200 && other.header("ETag") != etag)
                let webp = try await server.send(.GET, "/v1/templates/social.webp?title=a&author=b")
                #expect(webp.status == 200 && webp.header("Content-Type") == "image/webp")
                let svg = try await server.send(.GET, "/v1/templates/social.svg?title=a&author=b")
                #expect(svg.status == 200 && svg.header("Content-Type") == "image/svg+xml")
                // The logo was decoded once for all those images.
                #expect(try await server.send(.GET, "/v1/templates/social.png?title=Third&author=Ada").status == 200)

                // A missing value names it; an unknown template is 404.
                let missing = try await server.send(.GET, "/v1/templates/social.png?title=Hello")
                #expect(missing.status == 422 && missing.text.contains("{{author}}"))
                #expect(try await server.send(.GET, "/v1/templates/nothing.png?a=b").status == 404)
            }
            // Stored: a new server on the same file draws it.
            try await withServer(configuration) { (server) async throws in
                #expect(try await server.send(.GET, "/v1/templates/social.png?title=Again&author=Ada").status == 200)
                #expect(try await server.send(.DELETE, "/v1/templates/social", admin: true).status == 204)
                #expect(try await server.send(.GET, "/v1/templates/social.png?title=Again&author=Ada").status == 404)
                #expect(try await server.send(.DELETE, "/v1/templates/social", admin: true).status == 404)
            }
        }
    }

    @Test func badTemplatesAreRefusedAndNothingIsStored() async throws {
        try await withTemporaryDirectory { directory in
            var configuration = testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")
            configuration.maxTemplateBytes = 40_000
            configuration.maxWork = 10
            try await withServer(configuration) { server in
                func put(_ name: String, _ body: String) async throws -> HTTPResult {
                    try await server.send(.PUT, "/v1/templates/\(name)", body: Data(body.utf8), admin: true)
                }
                let corrupt = try await put("corrupt", #"{"width": 100, "height": 100, "layers": [{"type": "image", "x": 0, "y": 0, "width": 9, "height": 9, "src": "data:image/png;base64,iVBORw0KGgoAAAA"}]}"#)
                #expect(corrupt.status == 422 && corrupt.text.contains("layer 0"))
                let huge = try await put("huge", #"{"width": 100000, "height": 100000, "layers": []}"#)
                #expect(huge.status == 413)
                // 600 layers: 12 million operations to lay out, over the --max-work of 10 million this server has.
                let layers = try await put("layers", #"{"width": 10, "height": 10, "layers": ["#
                    + Array(repeating: #"{"type":"rect","width":1,"height":1}"#, count: 600)
                        .joined(separator: ",") + "]}")
                #expect(layers.status == 422 && layers.text.contains("laying out 600 layers")
                        && layers.text.contains("--max-work"), "\(layers.text)")
                let big = try await put("big", #"{"width": 10, "height": 10, "layers": [], "x": ""# + String(repeating: "a", count: 45_000) + #""}"#)
                #expect(big.status == 413 && big.text.contains("--max-template-bytes"))
                let unknown = try await put("unknown", #"{"width": 10, "height": 10, "layers": [{"type": "video"}]}"#)
                #expect(unknown.status == 422 && unknown.text.contains("video"))
                let badName = try await put("no.dots", #"{"width": 10, "height": 10, "layers": []}"#)
                #expect(badName.status == 422 && badName.text.contains("template name"))
                // Placeholders where a color or an image goes are checked with stand-ins, not refused.
                let colored = try await put("colored", ##"{"width": 10, "height": 10, "background": "{{brand}}", "layers": [{"type": "image", "x": 0, "y": 0, "width": 9, "height": 9, "src": "{{avatar}}"}]}"##)
                #expect(colored.status == 201)
                let list = try await server.send(.GET, "/v1/templates").json()
                #expect((list["templates"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["colored"])
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

/// What the attack pass and the request generator found through the public template URL and `/v1/cards`.
@Suite("Card route under attack")
struct CardRouteAttackTests {
    /// A template whose title fits its box, with an image and a rect partly off the canvas and an inline box image
    /// that a long author pushes below it.
    static func template() throws -> String {
        let logo = try FontFiles.fixture("images/alpha.png").base64EncodedString()
        return ##"""
            {"width": 320, "height": 160, "background": "#0B1F3A", "layers": [
             {"type": "image", "x": 300, "y": 150, "width": 48, "height": 32, "src": "data:image/png;base64,\##(logo)"},
             {"type": "rect", "x": -20, "y": 140, "width": 400, "height": 60, "fill": "#FFFFFF22"},
             {"type": "text", "x": 24, "y": 24, "width": 272, "height": 60, "text": "{{title}}", "size": 28,
              "color": "#FFFFFF", "fit": true, "maxLines": 1},
             {"type": "text", "x": 24, "y": 90, "width": 272, "size": 14, "color": "#FFFFFF", "spans": [
              {"text": "{{author}} "}, {"box": {"width": 14, "height": 14, "src": "data:image/png;base64,\##(logo)"}}]}]}
            """##
    }

    @Test func fittedFallbackTextAndOffCanvasLayersDrawFromThePublicURL() async throws {
        try await withTemporaryDirectory { directory in
            var configuration = testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")
            configuration.systemFonts = true  // 🚀 and 见 come from Noto Color Emoji and Noto Sans CJK: fallback faces
            try await withServer(configuration) { server in
                let saved = try await server.send(.PUT, "/v1/templates/launch", body: Data(try Self.template().utf8),
                                                  admin: true)
                #expect(saved.status == 201)
                let words = Array(repeating: "word", count: 200).joined(separator: "%20")
                for title in ["Launch%20%F0%9F%9A%80%20day%20for%20everyone%20here", "%E2%98%85%20%E8%A7%81%20fit"] {
                    let image = try await server.send(.GET, "/v1/templates/launch.png?title=\(title)&author=\(words)")
                    #expect(image.status == 200 && image.header("Content-Type") == "image/png")
                }
                // The server is still there.
                #expect(try await server.send(.GET, "/healthz").status == 200)
                // The decoded images' cache is reported.
                let metrics = String(decoding: try await server.send(.GET, "/metrics").body, as: UTF8.self)
                #expect(metrics.contains(#"mattertype_cache_entries{cache="template_images"}"#))
                #expect(metrics.contains("mattertype_template_image_cache_hit_ratio"))
            }
        }
    }

    @Test func cardsVaryOnAcceptAndCountTheirImagesMemoryBeforeDecoding() async throws {
        try await withTemporaryDirectory { directory in
            try await withServer(testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")) { server in
                let plain = ##"{"width": 20, "height": 20, "background": "#fff", "layers": []}"##
                let card = try await server.post("/v1/cards", json: plain)
                #expect(card.status == 200 && card.header("Vary") == "Accept")
                // Wider than WebP allows: 413 before drawing (it was a 500 from libwebp; Scripts/fuzz-requests.py).
                let wide = try await server.post("/v1/render", json: #"{"text": "x", "width": 20000, "format": "webp"}"#)
                #expect(wide.status == 413 && wide.errorCode == "image_too_large")
                // 30 small PNGs each declaring 25 megapixels: 12 GB to decode, over the 1 GiB budget, refused from
                // their headers (413) before one is decoded.
                func png(_ index: Int) -> String {
                    var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
                    data.append(Data("IHDR".utf8) + Data([0, 0, 0x13, 0x88, 0, 0, 0x13, 0x88, 8, 6, 0, 0, 0]))
                    data.append(Data([0, 0, 0, 0]))  // a CRC nobody reads before the size is refused
                    data.append(Data("\(index)".utf8))
                    return data.base64EncodedString()
                }
                let layers = (0..<30).map {
                    #"{"type": "image", "x": 0, "y": 0, "width": 10, "height": 10, "src": "data:image/png;base64,"#
                        + png($0) + #""}"#
                }
                let heavy = try await server.post("/v1/cards", json: #"{"width": 20, "height": 20, "layers": ["#
                                                  + layers.joined(separator: ",") + "]}")
                #expect(heavy.status == 413)
                #expect(try heavy.json()["error"] != nil)
            }
        }
    }

    @Test func theDeadlineStopsACardInsideItsDraw() async throws {
        // Ten 50 pt strokes on 200 pt text: about 10 s of distance transforms in a debug build (0.2 s without the
        // strokes), over a 3 s deadline that decoding and laying out the card stay well inside even while the
        // other suites load the machine (a 1 s deadline passed before the draw once in CI). The draw stops at its
        // next check: 503 with Retry-After, naming what it was drawing.
        try await withTemporaryDirectory { directory in
            var configuration = testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")
            configuration.requestDeadline = .seconds(3)
            try await withServer(configuration) { server in
                let layer = ##"{"type": "text", "x": 20, "y": 20, "width": 1900, "text": "Strokes and strokes", "size": 200, "stroke": {"width": 50, "color": "#000"}}"##
                let card = #"{"width": 2000, "height": 400, "layers": ["#
                    + Array(repeating: layer, count: 10).joined(separator: ",") + "]}"
                let late = try await server.post("/v1/cards", json: card)
                #expect(late.status == 503 && late.errorCode == "deadline_exceeded")
                #expect(late.header("Retry-After") == "1" && late.errorMessage.contains("while drawing"))
            }
        }
    }

    @Test func aTemplateKeepsItsImageValuesToItsChoices() async throws {
        // Two 2 × 2 PNGs (our encoder), red and blue; the template's avatar may be only one of them.
        func pixel(_ color: Color) throws -> String {
            "data:image/png;base64," + (try PNGEncoder.encode(RGBAImage(width: 2, height: 2, background: color)))
                .base64EncodedString()
        }
        let template = #"""
            {"width": 20, "height": 20, "choices": {"avatar": {"ada": "\#(try pixel(Color(red: 255, green: 0, blue: 0)))",
                                                            "bob": "\#(try pixel(Color(red: 0, green: 0, blue: 255)))"}},
             "layers": [{"type": "image", "x": 0, "y": 0, "width": 20, "height": 20, "src": "{{avatar}}"}]}
            """#
        try await withTemporaryDirectory { directory in
            try await withServer(testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")) { server in
                let created = try await server.send(.PUT, "/v1/templates/team", body: Data(template.utf8), admin: true)
                let record = try created.json()
                #expect(created.status == 201 && record["placeholders"] as? [String] == ["avatar"])
                let ada = try await server.send(.GET, "/v1/templates/team.png?avatar=ada")
                let bob = try await server.send(.GET, "/v1/templates/team.png?avatar=bob")
                #expect(ada.status == 200 && bob.status == 200 && ada.body != bob.body)
                // A visitor's own image is not one of the choices: 422 naming them, nothing drawn.
                let own = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII="
                let refused = try await server.send(.GET, "/v1/templates/team.png?avatar="
                                                    + (own.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
                #expect(refused.status == 422 && refused.errorCode == "invalid_request")
                #expect(refused.errorMessage.contains("not one of its choices; use ada or bob"))
            }
        }
    }

    @Test func aFramedTemplateReflowsWithItsValues() async throws {
        // A hugging column: the title, then a row with a red avatar. A longer title pushes the row down.
        let template = #"""
            {"width": 400, "height": 300, "background": "#FFFFFF", "layers": [{"type": "frame", "x": 20, "y": 20,
              "width": 360, "layout": {"direction": "vertical", "gap": 12},
              "layers": [{"type": "text", "width": "fill", "text": "{{title}}", "size": 24, "lineHeight": 30},
                         {"type": "frame", "layout": {"direction": "horizontal", "gap": 8, "crossAlign": "center"},
                          "layers": [{"type": "rect", "width": 20, "height": 20, "fill": "#FF0000"},
                                     {"type": "text", "text": "Ada", "size": 14}]}]}]}
            """#
        try await withTemporaryDirectory { directory in
            try await withServer(testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")) { server in
                #expect(try await server.send(.PUT, "/v1/templates/flow", body: Data(template.utf8), admin: true)
                    .status == 201)
                var avatarTops: [Double] = []
                for title in ["Short", "A much longer title that wraps onto more lines than one in this frame"] {
                    let response = try await server.send(.GET, "/v1/templates/flow.png?title="
                        + (title.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
                    #expect(response.status == 200)
                    // Where the library lays the avatar out for the same value, and that the server drew it there.
                    let card = try Card.decode(from: Data(template.utf8), values: ["title": title])
                    let layout = try CardRenderer(registry: FontRegistry(includesSystemFonts: false)).layout(of: card)
                    let avatar = try #require(layout.boxes.first { $0.path == "/layers/0/layers/1/layers/0" })
                    let image = try ImageDecoder.decode(response.body, maximumPixels: 1_000_000)
                    #expect(image[Int(avatar.x + 10), Int(avatar.y + 10)] == RGBAImage.Pixel(red: 255, green: 0, blue: 0,
                                                                                             alpha: 255))
                    #expect(image[Int(avatar.x + 10), Int(avatar.y - 4)].green == 255)  // above it: not the avatar
                    avatarTops.append(avatar.y)
                }
                #expect(avatarTops[1] >= avatarTops[0] + 30)
            }
        }
    }

    @Test func aFigmaFrameIsATemplateThatReflows() async throws {
        // A Figma file (the REST API's JSON) with two top-level frames; the card is a hugging column: a {{title}}
        // text of fixed width, then a red bar. A longer title pushes the bar down.
        let figma = #"""
            {"name": "Cards", "document": {"id": "0:0", "type": "DOCUMENT", "children": [{"id": "0:1", "type": "CANVAS",
             "children": [
              {"id": "1:1", "name": "Card", "type": "FRAME", "absoluteBoundingBox": {"x": 100, "y": 50, "width": 320, "height": 200},
               "fills": [{"type": "SOLID", "color": {"r": 1, "g": 1, "b": 1, "a": 1}}],
               "children": [{"id": "1:2", "name": "Column", "type": "FRAME", "layoutMode": "VERTICAL",
                 "primaryAxisSizingMode": "AUTO", "counterAxisSizingMode": "FIXED", "itemSpacing": 8,
                 "absoluteBoundingBox": {"x": 110, "y": 60, "width": 300, "height": 60},
                 "children": [{"id": "1:3", "name": "Title", "type": "TEXT", "characters": "{{title}}",
                               "absoluteBoundingBox": {"x": 110, "y": 60, "width": 300, "height": 24},
                               "style": {"fontFamily": "Noto Sans", "fontStyle": "Regular", "fontSize": 18,
                                         "lineHeightPx": 24, "lineHeightUnit": "PIXELS", "textAutoResize": "HEIGHT"},
                               "fills": [{"type": "SOLID", "color": {"r": 0, "g": 0, "b": 0, "a": 1}}]},
                              {"id": "1:4", "name": "Bar", "type": "RECTANGLE",
                               "absoluteBoundingBox": {"x": 110, "y": 92, "width": 300, "height": 12},
                               "fills": [{"type": "SOLID", "color": {"r": 1, "g": 0, "b": 0, "a": 1}}]}]}]},
              {"id": "2:1", "name": "Other", "type": "FRAME", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 10, "height": 10}}]}]}}
            """#
        try await withTemporaryDirectory { directory in
            try await withServer(testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")) { server in
                // Without ?node= the first visible frame of the first page ("Card", 1:1) is the template.
                let unnamed = try await server.send(.PUT, "/v1/templates/unnamed", body: Data(figma.utf8), admin: true)
                #expect(unnamed.status == 201 && unnamed.text.contains("\"title\""), "\(unnamed.text)")
                let unknown = try await server.send(.PUT, "/v1/templates/figma?node=9:9", body: Data(figma.utf8), admin: true)
                #expect(unknown.status == 422 && unknown.text.contains("9:9"))
                let saved = try await server.send(.PUT, "/v1/templates/figma?node=1:1", body: Data(figma.utf8), admin: true)
                #expect(saved.status == 201 && saved.text.contains("\"title\""))
                let document = try FigmaDocument(data: Data(figma.utf8))
                var barTops: [Double] = []
                for title in ["Short", "A much longer title that wraps onto a second and a third line in this card"] {
                    let response = try await server.send(.GET, "/v1/templates/figma.png?title="
                        + (title.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
                    #expect(response.status == 200)
                    // Where the library lays the bar out for the same value (Figma's coordinates; the card starts at
                    // the frame's corner, 100, 50), and that the server drew it there.
                    let boxes = try document.frame("1:1").nodeBoxes(values: ["title": title],
                                                                    renderer: CardRenderer(registry: FontRegistry(includesSystemFonts: false)))
                    let bar = try #require(boxes.first { $0.id == "1:4" })
                    let image = try ImageDecoder.decode(response.body, maximumPixels: 1_000_000)
                    #expect(image[Int(bar.x - 100 + 150), Int(bar.y - 50 + 6)] == RGBAImage.Pixel(red: 255, green: 0, blue: 0,
                                                                                                  alpha: 255))
                    barTops.append(bar.y)
                }
                #expect(barTops[1] >= barTops[0] + 48)
            }
        }
    }

    @Test("a Figma template's fields: GET …/fields lists them, the image URL's query sets its component properties")
    func figmaTemplateFields() async throws {
        // Examples/figma-modes.json: six Button instances; each has a Size variant and a Label text property.
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples")
        let figma = try Data(contentsOf: examples.appendingPathComponent("figma-modes.json"))
        let size = "Button Small/Size (22:0)".addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        try await withTemporaryDirectory { directory in
            try await withServer(testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")) { server in
                let saved = try await server.send(.PUT, "/v1/templates/buttons?node=2:0", body: figma, admin: true)
                #expect(saved.status == 201, "\(saved.text)")
                let fields = try await server.send(.GET, "/v1/templates/buttons/fields")
                #expect(fields.status == 200)
                let listed = try #require(try JSONSerialization.jsonObject(with: fields.body) as? [String: Any])
                let entries = try #require(listed["fields"] as? [[String: Any]])
                #expect(entries.count == 12)
                let variant = try #require(entries.first { $0["name"] as? String == "Button Small/Size (22:0)" })
                #expect(variant["type"] as? String == "variant" && variant["default"] as? String == "Small"
                        && variant["options"] as? [String] == ["Small", "Large"] && variant["node"] as? String == "22:0")
                // The plain image, and the first row's small button swapped to Large: converted again from the
                // stored Figma document, as the library does for the same value.
                let plain = try await server.send(.GET, "/v1/templates/buttons.png")
                let swapped = try await server.send(.GET, "/v1/templates/buttons.png?\(size)=Large")
                #expect(plain.status == 200 && swapped.status == 200 && plain.body != swapped.body)
                let document = try FigmaDocument(data: figma).setting(["Button Small/Size (22:0)": "Large"], of: "2:0")
                    .document
                let renderer = CardRenderer(registry: FontRegistry(includesSystemFonts: false))
                let boxes = try document.frame("2:0", renderer: renderer).nodeBoxes(renderer: renderer)
                let button = try #require(boxes.first { $0.id == "22:0" })
                let image = try ImageDecoder.decode(swapped.body, maximumPixels: 1_000_000)
                // The Large button's surface (white in Light) 3 points below its top, in the middle: above the
                // shorter Small one, the row's page color there in the plain image.
                let x = Int(button.x + button.width / 2), y = Int(button.y + 3)
                #expect(image[x, y] == RGBAImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255))
                let before = try ImageDecoder.decode(plain.body, maximumPixels: 1_000_000)
                #expect(before[x, y] == RGBAImage.Pixel(red: 0xF4, green: 0xF6, blue: 0xFA, alpha: 255))
                // Its own value changes nothing; a value it cannot take is 422 naming its options.
                let same = try await server.send(.GET, "/v1/templates/buttons.png?\(size)=Small")
                let samePixels = try ImageDecoder.decode(same.body, maximumPixels: 1_000_000)
                #expect(samePixels == before)
                let refused = try await server.send(.GET, "/v1/templates/buttons.png?\(size)=Huge")
                #expect(refused.status == 422 && refused.text.contains("use Small, Large"), "\(refused.text)")
                // A card template's fields are its placeholders; an unknown template is 404.
                let card = #"{"width": 100, "height": 40, "layers": [{"type": "text", "text": "{{title}}", "width": 100}]}"#
                _ = try await server.send(.PUT, "/v1/templates/plain", body: Data(card.utf8), admin: true)
                let placeholders = try await server.send(.GET, "/v1/templates/plain/fields")
                #expect(placeholders.text == #"{"fields":[{"default":null,"name":"title","type":"placeholder"}]}"#
                        || placeholders.text.contains(#""name":"title""#), "\(placeholders.text)")
                #expect(try await server.send(.GET, "/v1/templates/nope/fields").status == 404)
                // A hugging instance drawn with a longer label is as wide as it grows (14 + 10 + 8 + 172 + 14: the
                // label's advance from hb-shape, 171.374, rounded up as Figma's text model does), not cut at 124.
                let stored = try await server.send(.PUT, "/v1/templates/button?node=22:0", body: figma, admin: true)
                #expect(stored.status == 201, "\(stored.text)")
                let long = try await server.send(.GET, "/v1/templates/button.png?Label=A%20much%20longer%20label%20here")
                let longImage = try ImageDecoder.decode(long.body, maximumPixels: 1_000_000)
                let plainImage = try ImageDecoder.decode(try await server.send(.GET, "/v1/templates/button.png").body,
                                                         maximumPixels: 1_000_000)
                #expect(longImage.width == 218 && plainImage.width == 124, "\(longImage.width), \(plainImage.width)")
            }
        }
    }

    @Test("A Figma template's variables: stored beside it, listed with its fields, a mode chosen by its image URL")
    func figmaTemplateVariables() async throws {
        // Examples/figma-modes.json's button 22:0 binds its surface to color/surface, which
        // Examples/figma-variables.json makes white in Light (the default), #1E2532 in Dark and #FF6A3D in Brand.
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples")
        let figma = try Data(contentsOf: examples.appendingPathComponent("figma-modes.json"))
        let variables = try Data(contentsOf: examples.appendingPathComponent("figma-variables.json"))
        try await withTemporaryDirectory { directory in
            try await withServer(testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")) { server in
                let saved = try await server.send(.PUT, "/v1/templates/button?node=22:0", body: figma, admin: true)
                #expect(saved.status == 201, "\(saved.text)")
                let plain = try await server.send(.GET, "/v1/templates/button.png")
                // Variables that cannot be read, or for a card template, are refused and store nothing.
                let bad = try await server.send(.PUT, "/v1/templates/button/variables", body: Data("[1]".utf8),
                                                admin: true)
                #expect(bad.status == 422 && bad.text.contains("not Figma variables"), "\(bad.text)")
                #expect(try await server.send(.GET, "/v1/templates/button/fields").text.contains("modes") == false)
                let card = #"{"width": 100, "height": 40, "layers": [{"type": "text", "text": "Hi", "width": 100}]}"#
                _ = try await server.send(.PUT, "/v1/templates/plain", body: Data(card.utf8), admin: true)
                let onCard = try await server.send(.PUT, "/v1/templates/plain/variables", body: variables, admin: true)
                #expect(onCard.status == 422 && onCard.text.contains("card document"), "\(onCard.text)")
                #expect(try await server.send(.PUT, "/v1/templates/nope/variables", body: variables,
                                              admin: true).status == 404)
                #expect(try await server.send(.PUT, "/v1/templates/button/variables", body: variables).status == 401)
                // Stored: the answer and the fields list the modes; the version (every ETag) changes.
                let stored = try await server.send(.PUT, "/v1/templates/button/variables", body: variables, admin: true)
                #expect(stored.status == 200, "\(stored.text)")
                #expect(stored.text.contains(#""modes":[{"collection":"Theme","default":"Light","modes":["Light","Dark","Brand"]}]"#),
                        "\(stored.text)")
                let fields = try await server.send(.GET, "/v1/templates/button/fields")
                #expect(fields.text.contains(#""modes":[{"collection":"Theme","default":"Light""#), "\(fields.text)")
                let light = try await server.send(.GET, "/v1/templates/button.png")
                #expect(light.header("ETag") != plain.header("ETag"))
                let dark = try await server.send(.GET, "/v1/templates/button.png?mode=Theme%3DDark")
                let brand = try await server.send(.GET, "/v1/templates/button.png?mode=Theme=Brand")
                #expect(dark.status == 200 && brand.status == 200, "\(dark.text) \(brand.text)")
                func surface(_ png: Data) throws -> RGBAImage.Pixel {
                    let image = try ImageDecoder.decode(png, maximumPixels: 1_000_000)
                    return image[image.width / 2, 3]
                }
                #expect(try surface(light.body) == RGBAImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255))
                #expect(try surface(dark.body) == RGBAImage.Pixel(red: 0x1E, green: 0x25, blue: 0x32, alpha: 255))
                #expect(try surface(brand.body) == RGBAImage.Pixel(red: 0xFF, green: 0x6A, blue: 0x3D, alpha: 255))
                #expect(dark.header("ETag") != light.header("ETag"))
                // A mode it has not is 422 naming those it has.
                let unknown = try await server.send(.GET, "/v1/templates/button.png?mode=Theme=Sepia")
                #expect(unknown.status == 422 && unknown.text.contains("Light, Dark, Brand"), "\(unknown.text)")
                // Uploading the template again replaces it whole: no variables, a mode is a value nothing takes.
                _ = try await server.send(.PUT, "/v1/templates/button?node=22:0", body: figma, admin: true)
                let again = try await server.send(.GET, "/v1/templates/button.png?mode=Theme=Dark")
                #expect(try surface(again.body) == RGBAImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255))
            }
        }
    }

    @Test func layoutAndFigmaFramesOverCards() async throws {
        // POST /v1/cards/layout: the boxes `card --json` prints; POST /v1/cards?node=…: a Figma frame drawn as the
        // library draws it.
        let card = ##"{"width": 200, "height": 80, "layers": [{"type": "frame", "x": 10, "y": 10, "layout": {"direction": "vertical", "gap": 4}, "layers": [{"type": "text", "text": "{{title}}", "size": 16, "lineHeight": 20}, {"type": "rect", "width": 40, "height": 8, "fill": "#f00"}]}]}"##
        let figma = #"{"document": {"id": "0:0", "type": "DOCUMENT", "children": [{"id": "0:1", "type": "CANVAS", "children": [{"id": "1:1", "name": "F", "type": "FRAME", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 40, "height": 20}, "fills": [{"type": "SOLID", "color": {"r": 1, "g": 0, "b": 0, "a": 1}}]}]}]}}"#
        try await withTemporaryDirectory { directory in
            try await withServer(testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")) { server in
                let renderer = CardRenderer(registry: FontRegistry(includesSystemFonts: false))
                let answer = try await server.send(.POST, "/v1/cards/layout?title=Hello", body: Data(card.utf8))
                #expect(answer.status == 200)
                let boxes = try #require(try answer.json()["boxes"] as? [[String: Any]])
                let expected = try renderer.layout(of: try Card.decode(from: Data(card.utf8), values: ["title": "Hello"]))
                #expect(boxes.map { $0["path"] as? String } == expected.boxes.map(\.path))
                #expect(boxes.map { $0["y"] as? Double } == expected.boxes.map(\.y))
                #expect(boxes.map { $0["lines"] as? Int } == expected.boxes.map(\.lines))
                let missing = try await server.send(.POST, "/v1/cards/layout", body: Data(card.utf8))
                #expect(missing.status == 422 && missing.text.contains("title"))
                let drawn = try await server.send(.POST, "/v1/cards?node=1:1", body: Data(figma.utf8))
                #expect(drawn.status == 200)
                let library = try renderer.encoded(try FigmaDocument(data: Data(figma.utf8)).frame("1:1").card(values: [:]))
                #expect(drawn.body == library)
            }
        }
    }

    @Test func thePlaygroundIsServedAsItIs() async throws {
        try await withTemporaryDirectory { directory in
            try await withServer(testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")) { server in
                let page = try await server.send(.GET, "/playground")
                #expect(page.status == 200 && page.header("Content-Type")?.hasPrefix("text/html") == true)
                // The card editor is the page's first textarea; its script and style come from this server.
                let first = try #require(page.text.range(of: "<textarea"))
                #expect(page.text[first.lowerBound...].hasPrefix(#"<textarea id="document""#))
                #expect(page.text.contains(#"src="/playground/playground.js""#) && !page.text.contains("http"))
                let script = try await server.send(.GET, "/playground/playground.js")
                #expect(script.status == 200 && script.header("Content-Type")?.hasPrefix("text/javascript") == true)
                #expect(script.text.contains("/v1/cards") && script.text.contains("/v1/cards/layout"))
                #expect(try await server.send(.GET, "/playground/playground.css").status == 200)
                #expect(try await server.send(.GET, "/playground/..%2Fopenapi.yaml").status == 404)
            }
        }
    }

    @Test func queryValuesAreReadAsBrowsersWriteThem() async throws {
        // HTML forms, URLSearchParams and Python's urlencode write a space as "+", and "+" itself as %2B.
        #expect(QueryString("title=Shipping+tokens&x")["title"] == "Shipping tokens")
        #expect(QueryString("title=C%2B%2B+tips")["title"] == "C++ tips")
        #expect(QueryString("a=100%&b=%E2%9C%93&a=2")["a"] == "100%" && QueryString("b=%E2%9C%93")["b"] == "✓")
        #expect(QueryString("flag")["flag"] == "" && QueryString(nil).pairs.isEmpty)
        try await withTemporaryDirectory { directory in
            try await withServer(testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")) { server in
                let template = #"{"width": 300, "height": 60, "layers": [{"type": "text", "x": 0, "y": 0, "width": 300, "text": "{{title}}", "size": 20}]}"#
                #expect(try await server.send(.PUT, "/v1/templates/plus", body: Data(template.utf8), admin: true).status == 201)
                let renderer = CardRenderer(registry: FontRegistry(includesSystemFonts: false))
                for (query, title) in [("Shipping+tokens", "Shipping tokens"), ("C%2B%2B+tips", "C++ tips")] {
                    let image = try await server.send(.GET, "/v1/templates/plus.png?title=" + query)
                    let expected = try renderer.encoded(try Card.decode(from: Data(template.utf8), values: ["title": title]))
                    #expect(image.status == 200 && image.body == expected, "\(query)")
                    let posted = try await server.post("/v1/cards?title=" + query, json: template)
                    #expect(posted.body == expected, "POST \(query)")
                }
            }
        }
    }

    @Test func rendersAndCardsSayWhatTheyWarnAboutInAHeader() async throws {
        #expect(warningHeaderValue(["a", "a", "b"]) == "a; b" && warningHeaderValue([]) == nil)
        #expect(warningHeaderValue(["no Å font"]) == #"no \u{C5} font"#)
        // 999 spans × 16 missing families (attack.py) warned in a megabyte: at most 8 KiB now, the rest counted.
        let many = (0..<16_000).map { "no font of family \"S\($0)\" is registered" }
        let capped = try #require(warningHeaderValue(many))
        #expect(capped.utf8.count <= warningHeaderLimit + 40 && capped.hasSuffix(" more"))
        #expect(capped.hasPrefix(#"no font of family "S0" is registered; no font of family "S1""#))
        try await withTemporaryDirectory { directory in
            try await withServer(testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")) { server in
                let render = try await server.post("/v1/render", json: #"{"text": "x", "family": "Nope Sans"}"#)
                #expect(render.status == 200)
                #expect(render.header("MatterType-Warning")?.contains("no Nope Sans font is registered") == true)
                let plain = try await server.post("/v1/render", json: #"{"text": "x"}"#)
                #expect(plain.header("MatterType-Warning") == nil)
                let card = #"{"width": 100, "height": 40, "layers": [{"type": "text", "x": 0, "y": 0, "text": "x", "family": "Nope Sans"}, {"type": "text", "x": 0, "y": 20, "text": "x", "family": "Nope Sans"}]}"#
                let drawn = try await server.post("/v1/cards", json: card)
                let warning = try #require(drawn.header("MatterType-Warning"))
                #expect(warning.contains("no Nope Sans font") && warning.components(separatedBy: "Nope Sans").count == 2)
                #expect(try await server.send(.PUT, "/v1/templates/warn", body: Data(card.utf8), admin: true).status == 201)
                let image = try await server.send(.GET, "/v1/templates/warn.png")
                #expect(image.header("MatterType-Warning")?.contains("Nope Sans") == true)
            }
        }
    }
}
