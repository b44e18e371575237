import Foundation
import MatterTypeServer
import NIOHTTP1
import Testing

/// The attack pass over the doors the card and Figma wave added, through real HTTP on loopback: every
/// reproduction gets a JSON error or an image, and the server stays up.
@Suite("Attack pass over cards and Figma bodies")
struct AttackPassRouteTests {
    /// A Figma file response with one frame holding `children` (JSON objects).
    static func figma(_ children: [String]) -> String {
        #"{"document": {"id": "0:0", "name": "d", "type": "DOCUMENT", "children": [{"id": "0:1", "name": "p", "#
            + #""type": "CANVAS", "children": [{"id": "1:1", "name": "f", "type": "FRAME", "#
            + #""absoluteBoundingBox": {"x": 0, "y": 0, "width": 200, "height": 100}, "children": ["#
            + children.joined(separator: ",") + "]}]}]}}"
    }

    @Test func theFrameThatKilledTheServerIsRefusedAndTheServerStaysUp() async throws {
        // B1: the 231-byte body, then the same padding through a Figma body and a template upload.
        let body = ##"{"width": 100, "height": 100, "layers": [{"type": "frame", "x": 0, "y": 0, "width": 100, "height": 100, "layout": {"direction": "vertical", "padding": [2000000000, 0, 0, 0]}, "layers": [{"type": "rect", "width": 10, "height": 10, "fill": "#FF0000"}]}]}"##
        let figma = Self.figma([#"{"id": "2:1", "name": "r", "type": "RECTANGLE", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 10, "height": 10}}"#])
            .replacingOccurrences(of: #""name": "f", "type": "FRAME","#,
                                  with: #""name": "f", "type": "FRAME", "layoutMode": "VERTICAL", "paddingTop": 2e9,"#)
        try await withTemporaryDirectory { directory in
            try await withServer(testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")) { server in
                for path in ["/v1/cards", "/v1/cards/layout"] {
                    let answer = try await server.post(path, json: body)
                    #expect(answer.status == 422 && answer.errorMessage.contains("\"padding\": 2000000000.0 is not allowed"),
                            "\(path): \(answer.text)")
                    let framed = try await server.post(path + "?node=1:1", json: figma)
                    #expect(framed.status == 422 && framed.errorMessage.contains("padding"), "\(path): \(framed.text)")
                }
                let upload = try await server.send(.PUT, "/v1/templates/padded", body: Data(body.utf8), admin: true)
                #expect(upload.status == 422)
                #expect(try await server.send(.GET, "/v1/templates/padded").status == 404)
                #expect(try await server.send(.GET, "/healthz").status == 200)
            }
        }
    }

    @Test func textInEveryLayerCountsAgainstTheTextLimit() async throws {
        // B3: only top-level text layers were counted; text in a frame, and every Figma text, got through.
        let long = String(repeating: "word ", count: 50)  // 250 characters, over the limit of 200 below
        let nested = #"{"width": 200, "height": 100, "layers": [{"type": "frame", "x": 0, "y": 0, "width": 200, "height": 100, "layers": [{"type": "text", "x": 0, "y": 0, "width": 200, "text": "\#(long)"}]}]}"#
        let figma = Self.figma([#"{"id": "2:1", "name": "t", "type": "TEXT", "characters": "\#(long)", "style": {"fontFamily": "Noto Sans", "fontSize": 12}, "absoluteBoundingBox": {"x": 0, "y": 0, "width": 200, "height": 20}}"#])
        try await withTemporaryDirectory { directory in
            var configuration = testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")
            configuration.maxTextLength = 200
            try await withServer(configuration) { server in
                for path in ["/v1/cards", "/v1/cards/layout"] {
                    let answer = try await server.post(path, json: nested)
                    #expect(answer.status == 413 && answer.errorCode == "text_too_long", "\(path): \(answer.text)")
                    let framed = try await server.post(path + "?node=1:1", json: figma)
                    #expect(framed.status == 413 && framed.errorCode == "text_too_long", "\(path): \(framed.text)")
                }
                // Within the limit, the same card is drawn.
                let short = nested.replacingOccurrences(of: long, with: "word")
                #expect(try await server.post("/v1/cards", json: short).status == 200)
            }
        }
    }

    @Test func aFigmaDocumentIsCountedWhileItIsRead() async throws {
        // B2: 80,000 empty nodes in a megabyte were all built (seconds, hundreds of megabytes) before the work
        // limit refused them; now the document stops at FigmaDocument.maximumNodes while it is decoded.
        let nodes = (0..<60_000).map { #"{"id":"\#($0)","type":"RECTANGLE"}"# }
        let body = Self.figma(nodes)
        try await withTemporaryDirectory { directory in
            var configuration = testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")
            configuration.maxBodyBytes = 4 << 20
            // 10 million operations: a thousand layers (20 million to lay out) are over it.
            configuration.maxWork = 10
            try await withServer(configuration) { server in
                let answer = try await server.post("/v1/cards?node=1:1", json: body)
                #expect(answer.status == 422 && answer.errorMessage.contains("more than 50000 nodes"), "\(answer.text.prefix(300))")
                // A thousand is read, and refused by the work estimate of laying it out, naming the setting.
                let fewer = try await server.post("/v1/cards?node=1:1", json: Self.figma(Array(nodes.prefix(1_000))))
                #expect(fewer.status == 422 && fewer.errorMessage.contains("layers and")
                        && fewer.errorMessage.contains("--max-work"), "\(fewer.text.prefix(300))")
                #expect(try await server.send(.GET, "/healthz").status == 200)
            }
        }
    }

    @Test func browsersMustAskFirstAndThePlaygroundCannotBeFramed() async throws {
        // B10: a page on another origin could POST text/plain (no preflight) and drive the server; the playground
        // had no Content-Security-Policy, nosniff or frame-ancestors.
        try await withTemporaryDirectory { directory in
            try await withServer(testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")) { server in
                let body = Data(#"{"text": "Hello"}"#.utf8)
                for type in ["text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"] {
                    let answer = try await server.send(.POST, "/v1/render", headers: [("Content-Type", type)], body: body)
                    #expect(answer.status == 415 && answer.errorCode == "unsupported_media_type", "\(type): \(answer.text)")
                    #expect(answer.errorMessage.contains("send it as Content-Type: application/json"))
                }
                // A body without a type (a browser's fetch of a Blob) is refused as well.
                let untyped = try await server.send(.POST, "/v1/cards", headers: [("Content-Type", "")], body: body)
                #expect(untyped.status == 415, "\(untyped.text)")
                for type in ["application/json; charset=utf-8", "APPLICATION/JSON", "application/vnd.card+json"] {
                    let answer = try await server.send(.POST, "/v1/measure", headers: [("Content-Type", type)], body: body)
                    #expect(answer.status == 200, "\(type): \(answer.text)")
                }
                let page = try await server.send(.GET, "/playground")
                #expect(page.status == 200)
                let policy = page.header("Content-Security-Policy") ?? ""
                #expect(policy.contains("frame-ancestors 'none'") && policy.contains("script-src 'self'"), "\(policy)")
                #expect(page.header("X-Frame-Options") == "DENY")
                for path in ["/playground", "/healthz", "/v1/nothing"] {
                    #expect(try await server.send(.GET, path).header("X-Content-Type-Options") == "nosniff", "\(path)")
                }
            }
        }
    }
}

