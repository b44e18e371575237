import Foundation
import MatterType
import NIOHTTP1
import Testing

@testable import MatterTypeServer

/// `POST /v1/templates/{name}/audit` (CardController+Audit.swift): the stored template checked with each row, as
/// `mattertype audit --json` answers; and JPEG answers.
@Suite("Template audit route")
struct AuditRouteTests {
    /// A title in a fixed 240 × 48 box (two 24-point lines) on white; its color a value too.
    static let card = ##"""
        {"width": 300, "height": 100, "background": "#FFFFFF", "layers": [
          {"type": "text", "x": 20, "y": 20, "width": 240, "height": 48, "text": "{{title}}", "color": "{{color}}"}]}
        """##

    @Test("rows as JSON Lines or a JSON array: each row's problems, the summary; refusals name what is wrong")
    func audit() async throws {
        try await withTemporaryDirectory { directory in
            try await withServer(testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")) { server in
                let saved = try await server.send(.PUT, "/v1/templates/title", body: Data(Self.card.utf8), admin: true)
                #expect(saved.status == 201, "\(saved.text)")
                let lines = """
                    {"title": "Short", "color": "#111111"}
                    {"title": "A title far too long to fit in two lines of this narrow box which it runs out of at the bottom", "color": "#111111"}
                    {"title": "Odd \\u0378", "color": "#111111"}
                    {"title": 42, "color": "#DDDDDD"}
                    """
                let answer = try await server.send(.POST, "/v1/templates/title/audit",
                                                   headers: [("Content-Type", "application/jsonl")],
                                                   body: Data(lines.utf8))
                #expect(answer.status == 200, "\(answer.text)")
                let json = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
                let rows = try #require(json["rows"] as? [[String: Any]])
                let kinds = rows.map { row in
                    (row["problems"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
                        .filter { $0 != "lines" }
                }
                #expect(kinds == [[], ["overflow"], ["missing-glyph"], ["contrast"]], "\(answer.text)")
                #expect((rows[3]["values"] as? [String: String])?["title"] == "42")
                #expect((json["summary"] as? [String: Int])?["overflow"] == 1)
                // The same rows as a JSON array.
                let array = try await server.send(.POST, "/v1/templates/title/audit",
                                                  body: Data(##"[{"title": "Short", "color": "#111111"}]"##.utf8))
                #expect(array.status == 200 && array.text.contains(#""row":1"#), "\(array.text)")
                // Refusals: a missing value is that row's error; bad JSON, another type, too many rows, no template.
                let missing = try await server.send(.POST, "/v1/templates/title/audit",
                                                    body: Data(#"[{"title": "No color"}]"#.utf8))
                #expect(missing.status == 200 && missing.text.contains(#""error":"#), "\(missing.text)")
                let bad = try await server.send(.POST, "/v1/templates/title/audit",
                                                headers: [("Content-Type", "application/jsonl")],
                                                body: Data("{\"title\": \"a\"}\n[1]\n".utf8))
                #expect(bad.status == 422 && bad.text.contains("line 2"), "\(bad.text)")
                let plain = try await server.send(.POST, "/v1/templates/title/audit",
                                                  headers: [("Content-Type", "text/plain")], body: Data("{}".utf8))
                #expect(plain.status == 415)
                let many = String(repeating: "{\"title\": \"a\"}\n", count: CardController.maximumAuditRows + 1)
                let tooMany = try await server.send(.POST, "/v1/templates/title/audit",
                                                    headers: [("Content-Type", "application/jsonl")],
                                                    body: Data(many.utf8))
                #expect(tooMany.status == 413, "\(tooMany.text)")
                #expect(try await server.send(.POST, "/v1/templates/nope/audit", body: Data("[]".utf8)).status == 404)
            }
        }
    }

    @Test("JPEG: a template's .jpg or .jpeg URL, a card's ?format=jpeg, a render by Accept with its quality")
    func jpeg() async throws {
        try await withTemporaryDirectory { directory in
            try await withServer(testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")) { server in
                let saved = try await server.send(.PUT, "/v1/templates/title", body: Data(Self.card.utf8), admin: true)
                #expect(saved.status == 201, "\(saved.text)")
                for suffix in ["jpg", "jpeg"] {
                    let image = try await server.send(.GET, "/v1/templates/title.\(suffix)?title=Hi&color=%23111111")
                    let start = [UInt8](image.body.prefix(3))
                    #expect(image.status == 200 && image.header("Content-Type") == "image/jpeg"
                            && start == [0xFF, 0xD8, 0xFF], "\(suffix): \(image.status)")
                }
                let card = try await server.send(.POST, "/v1/cards?format=jpeg&title=Hi&color=%23111111",
                                                 body: Data(Self.card.utf8))
                #expect(card.status == 200 && card.header("Content-Type") == "image/jpeg", "\(card.text)")
                let render = try await server.send(.POST, "/v1/render", headers: [("Accept", "image/jpeg")],
                                                   body: Data(#"{"text": "Hi", "quality": 60}"#.utf8))
                #expect(render.status == 200 && render.header("Content-Type") == "image/jpeg", "\(render.text)")
                let refused = try await server.send(.POST, "/v1/render", headers: [("Accept", "image/jpeg")],
                                                    body: Data(#"{"text": "Hi", "quality": 0}"#.utf8))
                #expect(refused.status == 422 && refused.text.contains("quality"), "\(refused.text)")
            }
        }
    }
}
