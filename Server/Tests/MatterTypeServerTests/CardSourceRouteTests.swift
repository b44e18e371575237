import Foundation
import MatterType
import MatterTypeServer
import NIOHTTP1
import Testing

/// The server's half of CardSourceTests (the root package's): `POST /v1/cards` and `PUT /v1/templates` accept or
/// refuse the documents of Fixtures/figma/card-or-figma.json as `mattertype figma`, `card` and `batch` do.
@Suite("Card or Figma over HTTP: one rule")
struct CardSourceRouteTests {
    @Test func cardsAndTemplatesFollowTheCLIsRule() async throws {
        let url = FontFiles.fixtures.appendingPathComponent("figma/card-or-figma.json")
        let file = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let cases = try #require(file["cases"] as? [[String: Any]]).map { item in
            (name: item["name"] as? String ?? "?", accepted: item["accepted"] as? Bool ?? false,
             refusal: item["refusal"] as? String ?? "?", node: item["node"] as? String,
             body: try JSONSerialization.data(withJSONObject: item["document"] ?? [:]))
        }
        #expect(cases.count == 9)
        try await withTemporaryDirectory { directory in
            try await withServer(testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")) { server in
                for (index, item) in cases.enumerated() {
                    let name = item.name, accepted = item.accepted, body = item.body
                    let node = item.node.map { "node=\($0)" }
                    let card = try await server.send(.POST, "/v1/cards?" + ([node, "title=Hi"].compactMap { $0 })
                        .joined(separator: "&"), body: body)
                    let template = try await server.send(.PUT, "/v1/templates/case\(index)" + (node.map { "?" + $0 } ?? ""),
                                                         body: body, admin: true)
                    for (route, answer) in [("POST /v1/cards", card), ("PUT /v1/templates", template)] {
                        if accepted {
                            #expect(answer.status == 200 || answer.status == 201, "\(route) \(name): \(answer.text)")
                        } else {
                            #expect(answer.status == 422 && answer.errorMessage.contains(item.refusal),
                                    "\(route) \(name): \(answer.text)")
                        }
                    }
                }
            }
        }
    }

    @Test("choices beside a Figma document limit its placeholders as a card's do: other values are 422")
    func aFigmaTemplatesChoices() async throws {
        let body = Data(#"""
            {"name": "T", "choices": {"title": {"launch": "We launched", "sale": "50 % off"}},
             "document": {"id": "0:0", "type": "DOCUMENT", "children": [{"id": "0:1", "type": "CANVAS", "children": [
              {"id": "12:1", "name": "F", "type": "FRAME", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 300, "height": 60},
               "fills": [{"type": "SOLID", "color": {"r": 1, "g": 1, "b": 1, "a": 1}}],
               "children": [{"id": "12:2", "name": "Title", "type": "TEXT", "characters": "{{title}}",
                 "absoluteBoundingBox": {"x": 10, "y": 10, "width": 280, "height": 30},
                 "style": {"fontFamily": "Noto Sans", "fontSize": 20, "lineHeightPx": 30, "lineHeightUnit": "PIXELS",
                           "textAutoResize": "HEIGHT"}}]}]}]}}
            """#.utf8)
        try await withTemporaryDirectory { directory in
            try await withServer(testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")) { server in
                let saved = try await server.send(.PUT, "/v1/templates/promo", body: body, admin: true)
                #expect(saved.status == 201, "\(saved.text)")
                let chosen = try await server.send(.GET, "/v1/templates/promo.png?title=sale")
                #expect(chosen.status == 200, "\(chosen.text)")
                let other = try await server.send(.GET, "/v1/templates/promo.png?title=Anything+I+like")
                #expect(other.status == 422 && other.errorMessage.contains("launch or sale"), "\(other.text)")
                // The stored document (the card it became) keeps them, as a card template's does.
                let document = try await server.send(.GET, "/v1/templates/promo", admin: true)
                #expect(document.text.contains(#""choices""#) && document.text.contains("We launched"))
                // POST /v1/cards with the same document holds to them too.
                let posted = try await server.send(.POST, "/v1/cards?title=Anything", body: body)
                #expect(posted.status == 422 && posted.errorMessage.contains("not one of its choices"), "\(posted.text)")
                // A wrongly shaped "choices" is refused, naming it.
                let bad = String(decoding: body, as: UTF8.self)
                    .replacingOccurrences(of: #""launch": "We launched""#, with: #""launch": 3"#)
                let refused = try await server.send(.PUT, "/v1/templates/bad", body: Data(bad.utf8), admin: true)
                #expect(refused.status == 422 && refused.errorMessage.contains("choices"), "\(refused.text)")
            }
        }
    }

    @Test func aFigmaFramesErrorNamesItsNode() async throws {
        // A text node whose line height no card takes: the answer names the node a designer can find.
        let body = Data(#"{"name": "T", "document": {"id": "0:0", "type": "DOCUMENT", "children": [{"id": "0:1", "type": "CANVAS", "children": [{"id": "11:1", "name": "F", "type": "FRAME", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 300, "height": 100}, "children": [{"id": "11:2", "name": "Pill", "type": "TEXT", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 100, "height": 24}, "characters": "Label", "style": {"fontFamily": "Noto Sans", "fontSize": 16, "lineHeightPx": 20000, "lineHeightUnit": "PIXELS", "textAutoResize": "WIDTH_AND_HEIGHT"}}]}]}]}}"#.utf8)
        try await withTemporaryDirectory { directory in
            try await withServer(testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")) { server in
                let card = try await server.send(.POST, "/v1/cards", body: body)
                let layout = try await server.send(.POST, "/v1/cards/layout", body: body)
                let template = try await server.send(.PUT, "/v1/templates/pill", body: body, admin: true)
                for (route, answer) in [("POST /v1/cards", card), ("POST /v1/cards/layout", layout),
                                        ("PUT /v1/templates", template)] {
                    #expect(answer.status == 422 && answer.errorMessage.hasPrefix(#"node 11:2 "Pill": "#),
                            "\(route): \(answer.text)")
                }
            }
        }
    }

    @Test func aFigmaFramesWarningsAndScaleReachTheCaller() async throws {
        // A frame with a vector saved without geometry=paths: stored, with a warning naming the node; drawn, with
        // the warning in MatterType-Warning. Its image URL takes ?scale=.
        let body = Data(#"{"name": "T", "document": {"id": "0:0", "type": "DOCUMENT", "children": [{"id": "0:1", "type": "CANVAS", "children": [{"id": "21:1", "name": "Card", "type": "FRAME", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 120, "height": 60}, "fills": [{"type": "SOLID", "color": {"r": 1, "g": 1, "b": 1, "a": 1}}], "children": [{"id": "21:2", "name": "Star", "type": "VECTOR", "absoluteBoundingBox": {"x": 4, "y": 4, "width": 10, "height": 10}, "fills": [{"type": "SOLID", "color": {"r": 1, "g": 0, "b": 0, "a": 1}}]}]}]}]}}"#.utf8)
        try await withTemporaryDirectory { directory in
            try await withServer(testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")) { server in
                let stored = try await server.send(.PUT, "/v1/templates/star", body: body, admin: true)
                #expect(stored.status == 201, "\(stored.text)")
                let warnings = try #require(try stored.json()["warnings"] as? [String])
                #expect(warnings == [#"node 21:2 "Star": a VECTOR without path data is not drawn; fetch the file with geometry=paths"#],
                        "\(warnings)")
                let drawn = try await server.send(.POST, "/v1/cards", body: body)
                #expect(drawn.status == 200 && drawn.header("MatterType-Warning")?.contains(#"node 21:2 "Star""#) == true,
                        "\(drawn.headers)")
                // The layout names each layer's node and lists the warnings, as the playground shows them.
                let layout = try await server.send(.POST, "/v1/cards/layout", body: body)
                let answer = try layout.json()
                let boxes = try #require(answer["boxes"] as? [[String: Any]])
                #expect(boxes.compactMap { $0["node"] as? String } == [#"node 21:1 "Card""#, #"node 21:2 "Star""#])
                #expect((answer["warnings"] as? [String])?.first?.hasPrefix(#"node 21:2 "Star": "#) == true)
                let plain = try await server.send(.GET, "/v1/templates/star.png")
                let double = try await server.send(.GET, "/v1/templates/star.png?scale=2")
                #expect(plain.status == 200 && double.status == 200)
                #expect(RenderRouteTests.pngSize(plain.body) == [120, 60] && RenderRouteTests.pngSize(double.body) == [240, 120])
                #expect(plain.header("ETag") != double.header("ETag"))
                let tooLarge = try await server.send(.GET, "/v1/templates/star.png?scale=9")
                #expect(tooLarge.status == 422 && tooLarge.errorMessage.contains(#""scale": 9.0 is not allowed"#), "\(tooLarge.text)")
                // The list of templates carries no warnings.
                let list = try await server.send(.GET, "/v1/templates")
                #expect(list.status == 200 && !list.text.contains("warnings"))
            }
        }
    }

    @Test func aLargeFigmaDocumentTravelsGzipped() async throws {
        // A real 3 MB frame (Fixtures/figma/documents, MIT): over --max-body-bytes as JSON, 80 KB gzipped.
        let url = FontFiles.fixtures.appendingPathComponent("figma/documents/paleophonix--meditation--choose_topic.json.gz")
        let gzipped = try Data(contentsOf: url)
        let json = try Gzip.decompressed(gzipped, limit: 64 << 20)
        #expect(json.count > 1 << 20 && gzipped.count < 1 << 20)
        try await withTemporaryDirectory { directory in
            var configuration = testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")
            try await withServer(configuration) { server in
                let plain = try await server.send(.POST, "/v1/cards/layout", body: json)
                #expect(plain.status == 413 && plain.text.contains("--max-body-bytes"), "\(plain.text.prefix(300))")
                let compressed = try await server.send(.POST, "/v1/cards/layout",
                                                       headers: [("Content-Encoding", "gzip")], body: gzipped)
                #expect(compressed.status == 200, "\(compressed.text.prefix(300))")
                #expect(((try? compressed.json())?["boxes"] as? [Any])?.count ?? 0 > 100)
                let damaged = try await server.send(.POST, "/v1/cards/layout", headers: [("Content-Encoding", "gzip")],
                                                    body: gzipped.prefix(gzipped.count / 2))
                #expect(damaged.status == 400 && damaged.text.contains("gzip"), "\(damaged.text)")
                let other = try await server.send(.POST, "/v1/cards/layout", headers: [("Content-Encoding", "br")],
                                                  body: gzipped)
                #expect(other.status == 415, "\(other.text)")
            }
            configuration.maxInflatedBodyBytes = 100_000
            try await withServer(configuration) { server in
                let bomb = try await server.send(.POST, "/v1/cards/layout", headers: [("Content-Encoding", "gzip")],
                                                 body: gzipped)
                #expect(bomb.status == 413 && bomb.text.contains("--max-inflated-body-bytes"), "\(bomb.text)")
            }
        }
    }
}
