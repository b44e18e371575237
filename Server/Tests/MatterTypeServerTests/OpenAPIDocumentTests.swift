import Foundation
import Hummingbird
import Logging
import MatterType
import MatterTypeCards
import MatterTypeWire
@testable import MatterTypeServer
import NIOHTTP1
import Testing
import Yams

/// Keeps `openapi.yaml` true: its operations are the server's routes, its request schema is the library's
/// request type, its response schemas are what the server sends, and every status the server answers is listed.
@Suite("The OpenAPI document")
struct OpenAPIDocumentTests {
    let document: [String: Any]

    init() throws {
        let data = try #require(OpenAPIDocument.data)
        document = try #require(try Yams.load(yaml: String(decoding: data, as: UTF8.self)) as? [String: Any])
    }

    var paths: [String: [String: Any]] { document["paths"] as? [String: [String: Any]] ?? [:] }

    func schema(_ name: String) throws -> [String: Any] {
        let components = try #require(document["components"] as? [String: Any])
        let schemas = try #require(components["schemas"] as? [String: Any])
        return try #require(schemas[name] as? [String: Any])
    }

    func properties(of name: String) throws -> Set<String> {
        Set(try #require(try schema(name)["properties"] as? [String: Any]).keys)
    }

    /// The statuses the document lists for an operation.
    func statuses(_ method: String, _ path: String) -> Set<Int> {
        let operation = paths[path]?[method.lowercased()] as? [String: Any]
        return Set((operation?["responses"] as? [AnyHashable: Any] ?? [:]).keys.compactMap { Int("\($0)") })
    }

    @Test func operationsAreTheRoutes() async throws {
        try await withTemporaryDirectory { directory in
            let store = try SQLiteStore(path: "\(directory.path)/fonts.sqlite")
            let controllers = Controllers(arguments: ServerConfiguration(),
                                          library: FontLibrary(store: store, logger: Logger(label: "t")),
                                          templates: TemplateLibrary(store: store, logger: Logger(label: "t")),
                                          tokens: nil, tokensDigest: "", metrics: ServerMetrics(),
                                          logger: Logger(label: "t"))
            let routes = controllers.tables.flatMap(\.list)
            let documented = paths.flatMap { path, item in
                item.keys.filter { ["get", "put", "post", "delete", "patch"].contains($0) }.map { "\($0.uppercased()) \(path)" }
            }
            #expect(Set(routes) == Set(documented))
            #expect(routes.count == 23)
        }
    }

    @Test func errorCodesAreTheEnum() throws {
        let error = try #require(try schema("Error")["properties"] as? [String: Any])
        let detail = try #require((error["error"] as? [String: Any])?["properties"] as? [String: Any])
        let codes = try #require((detail["code"] as? [String: Any])?["enum"] as? [String])
        #expect(Set(codes) == Set(APIErrorCode.allCases.map(\.rawValue)))
    }

    @Test func schemasAreTheTypes() throws {
        #expect(try properties(of: "RenderRequest") == Set(RenderRequest.keys))
        let span = try JSONSerialization.jsonObject(with: JSONEncoder().encode(TextSpan("a", style: SpanStyle(
            familyNames: ["A"], weight: .bold, isItalic: true, size: 1, letterSpacing: 1, textCase: .uppercase,
            decoration: .underline, color: .black, features: ["tnum"], language: "en", variations: ["wdth": 1],
            fontWidth: .condensed, wordSpacing: 1).textCombineUpright(.all).ruby("a"))))
        #expect(try properties(of: "Span") == Set(try #require(span as? [String: Any]).keys))

        let boxSpan = try JSONSerialization.jsonObject(with: JSONEncoder().encode(
            TextSpan(box: InlineBox(width: 1, height: 1, alignment: .middle)))) as? [String: Any]
        #expect(try properties(of: "BoxSpan") == Set(try #require(boxSpan).keys))
        let box = try #require(try schema("BoxSpan")["properties"] as? [String: Any])
        let boxKeys = try #require((box["box"] as? [String: Any])?["properties"] as? [String: Any]).keys
        #expect(Set(boxKeys) == Set(try #require(boxSpan?["box"] as? [String: Any]).keys))

        var request = RenderRequest()
        request.spans = [TextSpan("Hello"), TextSpan(box: InlineBox(width: 10, height: 10))]
        let layout = try request.layout(registry: FontRegistry(includesSystemFonts: false))
        let measurement = try #require(try JSONSerialization.jsonObject(
            with: JSONEncoder().encode(TextMeasurement(layout))) as? [String: Any])
        #expect(try properties(of: "Measurement") == Set(measurement.keys))
        let line = try #require((measurement["lines"] as? [[String: Any]])?.first)
        #expect(try properties(of: "Line") == Set(line.keys))
        let run = try #require((line["runs"] as? [[String: Any]])?.first)
        #expect(try properties(of: "Run") == Set(run.keys))
        let measured = try #require(try schema("Measurement")["properties"] as? [String: Any])
        let boxItem = try #require((measured["boxes"] as? [String: Any])?["items"] as? [String: Any])
        let placed = try #require((measurement["boxes"] as? [[String: Any]])?.first)
        #expect(Set(try #require(boxItem["properties"] as? [String: Any]).keys) == Set(placed.keys))

        let inter = try #require(FontRegistry(includesSystemFonts: false)
            .register(fileAt: "/usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf").first)
        let font = try #require(try JSONSerialization.jsonObject(
            with: JSONEncoder().encode(FontRecord(inter, source: "registered", sha256: "x"))) as? [String: Any])
        #expect(try properties(of: "Font") == Set(font.keys))
        #expect(try properties(of: "FontAxis") == Set(try #require((font["axes"] as? [[String: Any]])?.first).keys))
        #expect(try properties(of: "FontNamedInstance")
                == Set(try #require((font["instances"] as? [[String: Any]])?.first).keys))
    }

    @Test("each card layer kind's schema has its declared keys, and every reference in the document resolves")
    func cardLayersAreTheDeclarations() throws {
        #expect(try properties(of: "CardRectLayer") == Set(["type"] + CardRectLayer.fields.keys()))
        #expect(try properties(of: "CardImageLayer") == Set(["type"] + CardImageLayer.fields.keys()))
        #expect(try properties(of: "CardFrameLayer") == Set(["type"] + CardFrameLayer.fields.keys()))
        #expect(try properties(of: "CardTextLayer") == Set(["type"] + CardTextLayer.fields.keys() + RenderRequest.keys)
            .subtracting(CardTextLayer.cardWideKeys))
        #expect(try schema("CardRectLayer")["required"] as? [String] == ["type", "width", "height"])
        #expect(try schema("CardImageLayer")["required"] as? [String] == ["type", "width", "height", "src"])
        // Every $ref names a schema the document has.
        let yaml = String(decoding: try #require(OpenAPIDocument.data), as: UTF8.self)
        let components = try #require(document["components"] as? [String: Any])
        let schemas = try #require(components["schemas"] as? [String: Any])
        let references = yaml.matches(of: /#\/components\/schemas\/([A-Za-z]+)/).map { String($0.output.1) }
        #expect(!references.isEmpty)
        for name in Set(references) { #expect(schemas[name] != nil, "\(name) is referenced but not defined") }
    }

    /// Each status these requests get is one the document lists for the operation.
    @Test func everyStatusAnsweredIsDocumented() async throws {
        var documented: [String: Set<Int>] = [:]
        for (path, item) in paths {
            for method in item.keys { documented["\(method.uppercased()) \(path)"] = statuses(method, path) }
        }
        try await withTemporaryDirectory { [documented] directory in
            var configuration = testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")
            configuration.renderToken = "r"
            configuration.maxTextLength = 10
            let render = [("Authorization", "Bearer r"), ("Content-Type", "application/json")]
            try await withServer(configuration) { server in
                let acme = try FontFiles.fixture("Acme-Regular.ttf")
                let calls: [(String, String, [(String, String)], Data?, Bool, Int)] = [
                    ("GET", "/healthz", [], nil, false, 200),
                    ("GET", "/readyz", [], nil, false, 200),
                    ("GET", "/metrics", [], nil, false, 200),
                    ("GET", "/openapi.yaml", [], nil, false, 200),
                    ("GET", "/playground", [], nil, false, 200),
                    ("GET", "/playground/{file}", [], nil, false, 200),
                    ("GET", "/playground/{file}", [], nil, false, 404),
                    ("PUT", "/v1/fonts", [], acme, false, 401),
                    ("PUT", "/v1/fonts", [], acme, true, 201),
                    ("PUT", "/v1/fonts", [], acme, true, 409),
                    ("PUT", "/v1/fonts", [], Data("x".utf8), true, 422),
                    ("PUT", "/v1/fonts", [("Content-Type", "multipart/form-data; boundary=x")], acme, true, 415),
                    ("GET", "/v1/fonts", [], nil, false, 200),
                    ("GET", "/v1/families", [], nil, false, 200),
                    ("GET", "/v1/fonts/{postScriptName}", [], nil, false, 200),
                    ("GET", "/v1/fonts/{postScriptName}", [], nil, false, 404),
                    ("DELETE", "/v1/fonts/{postScriptName}", [], nil, false, 401),
                    ("DELETE", "/v1/fonts/{postScriptName}", [], nil, true, 204),
                    ("DELETE", "/v1/fonts/{postScriptName}", [], nil, true, 404),
                    ("DELETE", "/v1/fonts", [], nil, true, 422),
                    ("DELETE", "/v1/fonts", [], nil, true, 404),
                    ("POST", "/v1/measure", render, Data(#"{"text": "Hi"}"#.utf8), false, 200),
                    ("POST", "/v1/measure", [], Data(#"{"text": "Hi"}"#.utf8), false, 401),
                    ("POST", "/v1/measure", render, Data(#"{"text": "Hello world!"}"#.utf8), false, 413),
                    ("POST", "/v1/render", render, Data(#"{"text": "Hi"}"#.utf8), false, 200),
                    ("POST", "/v1/render", render, Data(#"{"text": 1}"#.utf8), false, 422),
                    ("POST", "/v1/render", render, Data(#"{"text": "#.utf8), false, 400),
                    ("POST", "/v1/measure", render, Data("text=Hi".utf8), false, 400),
                ]
                var seen = Set<String>()
                for (method, path, headers, body, admin, expected) in calls {
                    // The first GET of a font finds Acme-Regular; the first DELETE by name deletes it.
                    let name = path.hasSuffix("{postScriptName}")
                        && (expected == 200 || expected == 204 || expected == 401) ? "Acme-Regular" : "Nope"
                    var uri = path.replacingOccurrences(of: "{postScriptName}", with: name)
                        .replacingOccurrences(of: "{file}", with: expected == 200 ? "playground.js" : "nothing.txt")
                    if method == "DELETE", path == "/v1/fonts", expected == 404 { uri += "?names=Nope" }
                    let response = try await server.send(HTTPMethod(rawValue: method), uri, headers: headers,
                                                         body: body, admin: admin)
                    #expect(response.status == expected, "\(method) \(uri): \(response.text)")
                    #expect(documented["\(method) \(path)"]?.contains(response.status) == true,
                            "\(method) \(path) \(response.status)")
                    if response.status >= 400 { #expect(response.errorCode != nil) }
                    seen.insert("\(method) \(path)")
                }
                #expect(seen.count == 14)
            }
        }
    }
}
