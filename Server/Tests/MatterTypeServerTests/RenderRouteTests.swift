import Foundation
import MatterType
import MatterTypeWire
import MatterTypeCards
@testable import MatterTypeServer
import NIOHTTP1
import Testing

/// Health, metrics, measure and render through real HTTP on loopback.
@Suite("Render service routes")
struct RenderRouteTests {
    @Test func healthReadinessAndMetrics() async throws {
        try await withTemporaryDirectory { directory in
            try await withServer(testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")) { server in
                let health = try await server.send(.GET, "/healthz")
                #expect(health.status == 200)
                #expect(try health.json()["status"] as? String == "ok")
                #expect(try await server.send(.GET, "/readyz").status == 200)
                _ = try await server.post("/v1/render", json: #"{"text": "Hello world", "scale": 2}"#)
                _ = try await server.post("/v1/render", json: #"{"text": "Hello world", "scale": 2}"#)
                _ = try await server.send(.GET, "/nowhere")
                let metrics = try await server.send(.GET, "/metrics")
                #expect(metrics.status == 200)
                #expect(metrics.header("Content-Type")?.hasPrefix("text/plain") == true)
                let text = metrics.text
                #expect(text.contains(#"mattertype_http_requests_total{route="/v1/render",method="POST",status="200"} 2"#))
                #expect(text.contains(#"mattertype_http_requests_total{route="/healthz",method="GET",status="200"} 1"#))
                #expect(text.contains(#"status="404""#))
                #expect(text.contains("mattertype_http_request_duration_seconds_bucket{"))
                #expect(text.contains("mattertype_fonts_registered 0"))
                // The second render drew every glyph from the cache and shaped no word again.
                let glyphRatio = try #require(Self.value(of: "mattertype_glyph_cache_hit_ratio", in: text))
                let wordRatio = try #require(Self.value(of: "mattertype_word_cache_hit_ratio", in: text))
                #expect(glyphRatio > 0 && glyphRatio <= 1)
                #expect(wordRatio > 0 && wordRatio <= 1)
                // Every cache keyed by request data is reported with its bound.
                for cache in ["fallback_answers", "fallback_orders", "shape_plan_languages"] {
                    #expect(text.contains(#"mattertype_cache_entries{cache="\#(cache)"}"#), "\(cache)")
                    #expect(text.contains(#"mattertype_cache_limit{cache="\#(cache)"}"#), "\(cache)")
                }
                #expect(text.contains(#"mattertype_cache_entries{cache="word_caches"}"#))
                #expect(text.contains("mattertype_glyph_cache_bytes "))
                #expect((Self.value(of: "mattertype_word_cache_bytes", in: text) ?? 0) > 0)
            }
        }
    }

    static func value(of metric: String, in text: String) -> Double? {
        text.split(separator: "\n").first { $0.hasPrefix(metric + " ") }
            .flatMap { Double($0.split(separator: " ")[1]) }
    }

    /// `POST /v1/measure` answers exactly what `mattertype measure --json` prints for the same options.
    @Test func measureIsTheCLIsJSON() async throws {
        let cli = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../.build/debug/mattertype").standardized.path
        try await withTemporaryDirectory { directory in
            try await withServer(testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")) { server in
                let response = try await server.post("/v1/measure", json: """
                    {"text": "The quick brown fox jumps over the lazy dog", "size": 18, "lineHeight": 26,
                     "width": 160, "weight": "semibold", "letterSpacing": 0.5, "alignment": "center"}
                    """)
                #expect(response.status == 200)
                #expect(response.header("Content-Type") == "application/json")
                let printed = try await runProgram(cli, ["measure", "--json", "--no-system-fonts", "--size", "18",
                                                   "--line-height", "26", "--width", "160", "--weight", "semibold",
                                                   "--letter-spacing", "0.5", "--alignment", "center",
                                                   "The quick brown fox jumps over the lazy dog"])
                #expect(response.text == printed)
                let measurement = try JSONDecoder().decode(TextMeasurement.self, from: response.body)
                #expect(measurement.lines.count == 3)
                #expect(measurement.height == 78)
                #expect(measurement.postScriptName == "NotoSans-SemiBold")
                // Typesetting fields, the CLI's --text-wrap and --text-box under the same names.
                let trimmed = try await server.post("/v1/measure", json: """
                    {"text": "The quick brown fox jumps over the lazy dog", "size": 18, "lineHeight": 26,
                     "width": 160, "textWrap": "balance", "textBox": "trim-both cap alphabetic"}
                    """)
                #expect(trimmed.status == 200)
                let trimmedCLI = try await runProgram(cli, ["measure", "--json", "--no-system-fonts", "--size", "18",
                                                      "--line-height", "26", "--width", "160", "--text-wrap", "balance",
                                                      "--text-box", "trim-both cap alphabetic",
                                                      "The quick brown fox jumps over the lazy dog"])
                #expect(trimmed.text == trimmedCLI)
                let trimmedMeasurement = try JSONDecoder().decode(TextMeasurement.self, from: trimmed.body)
                // (lines − 1) × 26 + the cap height, 714 / 1000 × 18 (OS/2 of Noto Sans, fontTools).
                let expected = Double(trimmedMeasurement.lines.count - 1) * 26 + 12.852
                #expect(abs(trimmedMeasurement.height - expected) < 1e-6)
                let bad = try await server.post("/v1/measure", json: #"{"text": "Hi", "textBox": "trim-start cap"}"#)
                #expect(bad.status == 422 && bad.text.contains("textBox") && bad.text.contains("trim-both cap alphabetic"))
                // hyphens as --hyphens (hyph_en_US.dic: ty-pog-ra-phy), and the warning when no dictionary is installed.
                let hyphenated = try await server.post("/v1/measure", json: """
                    {"text": "typography", "width": 60, "hyphens": "auto", "language": "en-US"}
                    """)
                let hyphenatedCLI = try await runProgram(cli, ["measure", "--json", "--no-system-fonts", "--width", "60",
                                                         "--hyphens", "auto", "--language", "en-US", "typography"])
                #expect(hyphenated.text == hyphenatedCLI)
                let lines = try JSONDecoder().decode(TextMeasurement.self, from: hyphenated.body).lines.map(\.text)
                #expect(lines == ["typog‐", "raphy"])
                let unknown = try await server.post("/v1/measure", json: """
                    {"text": "typography", "width": 60, "hyphens": "auto", "language": "pt-BR"}
                    """)
                let warnings = try JSONDecoder().decode(TextMeasurement.self, from: unknown.body).hyphenationWarnings
                #expect(unknown.status == 200 && warnings.count == 1 && warnings[0].contains("pt-BR"))
                let badHyphens = try await server.post("/v1/measure", json: #"{"text": "Hi", "hyphens": "always"}"#)
                #expect(badHyphens.status == 422 && badHyphens.text.contains("hyphens"))
                // An inline box span: where it stands (after "Verified ", 3,856 units of Noto Sans at 16 pt).
                let boxed = try await server.post("/v1/measure", json: """
                    {"spans": [{"text": "Verified "}, {"box": {"width": 16, "height": 16, "align": "middle"}}]}
                    """)
                let placed = try #require(try JSONDecoder().decode(TextMeasurement.self, from: boxed.body).boxes?.first)
                #expect(placed.line == 0 && abs(placed.x - 61.696) < 1e-6 && placed.width == 16)
                let badBox = try await server.post("/v1/measure", json: """
                    {"spans": [{"box": {"width": -4, "height": 16}}]}
                    """)
                #expect(badBox.status == 422 && badBox.text.contains("box width"))
            }
        }
    }

    @Test func renderAnswersAnImageWithAnETag() async throws {
        try await withTemporaryDirectory { directory in
            try await withServer(testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")) { server in
                let body = #"{"text": "Card title\nA second line of body text", "width": 600, "scale": 2, "size": 20, "lineHeight": 28, "padding": 8}"#
                let png = try await server.post("/v1/render", json: body)
                #expect(png.status == 200)
                #expect(png.header("Content-Type") == "image/png")
                #expect(png.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
                // (600 + 2 × 8) × 2 = 1232 by (2 × 28 + 2 × 8) × 2 = 144 pixels, from the PNG's IHDR.
                #expect(Self.pngSize(png.body) == [1232, 144])
                #expect(png.header("MatterType-Text-Origin") == "8.0,8.0")  // the padding: the ink fits
                // A tight line height: the descenders reach below the 40 pt line box, so the image grows and the
                // header says where the text went; with clip it is exactly the layout.
                let tight = try await server.post("/v1/render", json: #"{"text": "Éjpgy", "size": 64, "lineHeight": 40}"#)
                let origin = try #require(tight.header("MatterType-Text-Origin")?.split(separator: ",")
                    .compactMap { Double($0) })
                #expect(origin.count == 2 && origin[1] > 0)
                #expect((Self.pngSize(tight.body).last ?? 0) > 40)
                let clipped = try await server.post("/v1/render",
                                                    json: #"{"text": "Éjpgy", "size": 64, "lineHeight": 40, "clip": true}"#)
                #expect(Self.pngSize(clipped.body).last == 40 && clipped.header("MatterType-Text-Origin") == "0.0,0.0")
                // The same bytes as the library makes for the same request.
                let request = try RenderRequest.decode(from: Data(body.utf8))
                let expected = try request.image(of: request.layout(registry: FontRegistry(includesSystemFonts: false)))
                #expect(png.body == expected)

                let etag = try #require(png.header("ETag"))
                #expect(etag.hasPrefix("\"") && etag.count == 34)
                let notModified = try await server.post("/v1/render", json: body, headers: [("If-None-Match", etag)])
                #expect(notModified.status == 304 && notModified.body.isEmpty)
                #expect(try await server.post("/v1/render", json: body, headers: [("If-None-Match", "W/\(etag)")]).status == 304)
                // Key order and spacing do not change the tag; any field does.
                let reordered = #"{"width":600,"text":"Card title\nA second line of body text","lineHeight":28,"scale":2,"size":20,"padding":8}"#
                #expect(try await server.post("/v1/render", json: reordered).header("ETag") == etag)
                let other = try await server.post("/v1/render", json: body.replacingOccurrences(of: "\"size\": 20", with: "\"size\": 21"),
                                                  headers: [("If-None-Match", etag)])
                #expect(other.status == 200 && other.header("ETag") != etag)

                let webp = try await server.post("/v1/render", json: #"{"text": "Hi", "format": "webp"}"#)
                #expect(webp.status == 200 && webp.header("Content-Type") == "image/webp")
                #expect(webp.body.prefix(4) == Data("RIFF".utf8) && webp.body.dropFirst(8).prefix(4) == Data("WEBP".utf8))

                // Vector formats: by "format", or by Accept when the body names none (the tag then differs).
                let svg = try await server.post("/v1/render", json: #"{"text": "Hi", "format": "svg"}"#)
                #expect(svg.status == 200 && svg.header("Content-Type") == "image/svg+xml")
                #expect(String(decoding: svg.body, as: UTF8.self).hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
                let pdf = try await server.post("/v1/render", json: #"{"text": "Hi"}"#, headers: [("Accept", "application/pdf")])
                #expect(pdf.status == 200 && pdf.header("Content-Type") == "application/pdf")
                #expect(pdf.body.prefix(8) == Data("%PDF-1.7".utf8) && pdf.header("Vary") == "Accept")
                let plain = try await server.post("/v1/render", json: #"{"text": "Hi"}"#)
                #expect(plain.header("Content-Type") == "image/png" && plain.header("ETag") != pdf.header("ETag"))
                let pages = try await server.post("/v1/render", json: #"{"text": "Hi", "format": "pdf", "pageSize": "a4", "margin": 400}"#)
                #expect(pages.status == 422)
            }
        }
    }

    static func pngSize(_ data: Data) -> [Int] {
        let bytes = [UInt8](data)
        guard bytes.count > 24 else { return [] }
        func int(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return [int(16), int(20)]
    }

    @Test func deadlineAndMemoryBudgetAnswer503And413() async throws {
        try await withTemporaryDirectory { directory in
            var configuration = testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")
            configuration.requestDeadline = .nanoseconds(1)
            try await withServer(configuration) { server in
                let late = try await server.post("/v1/render", json: #"{"text": "Hello"}"#)
                #expect(late.status == 503 && late.errorCode == "deadline_exceeded")
                #expect(late.header("Retry-After") == "1")
                let measure = try await server.post("/v1/measure", json: #"{"text": "Hello"}"#)
                #expect(measure.status == 503 && measure.errorCode == "deadline_exceeded")
            }
            var small = testConfiguration(store: "sqlite:\(directory.path)/fonts2.sqlite")
            small.maxRenderMemory = 1 << 20  // 1 MiB: about 95,000 PNG pixels at 11 bytes each
            try await withServer(small) { server in
                #expect(try await server.post("/v1/render", json: #"{"text": "Hi"}"#).status == 200)
                let big = try await server.post("/v1/render", json: #"{"text": "Hi", "width": 1000, "lineHeight": 200}"#)
                #expect(big.status == 413 && big.errorCode == "image_too_large" && big.errorMessage.contains("MiB"))
            }
        }
    }

    @Test func tokensFromATokensStudioFolderAndTheme() async throws {
        // The root package's fixture: a Tokens Studio multi-file export; Density/Compact's body is 14 on 20 px.
        let folder = FontFiles.fixtures.appendingPathComponent("tokens/studio-multi")
        try await withTemporaryDirectory { directory in
            var configuration = testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")
            configuration.tokens = [folder.path]
            configuration.themes = ["Density/Compact"]
            try await withServer(configuration) { server in
                let measured = try await server.post("/v1/measure", json: #"{"text": "Hello", "token": "typography.body"}"#)
                let measurement = try JSONDecoder().decode(TextMeasurement.self, from: measured.body)
                #expect(measurement.fontSize == 14 && measurement.lineHeight == 20)
            }
        }
    }

    @Test func tokensAndSpans() async throws {
        let tokens = FontFiles.fixtures.appendingPathComponent("../../../Examples/brand.tokens.json").standardized
        let body = try DesignTokens(contentsOf: tokens).typography("typography.body")
        try await withTemporaryDirectory { directory in
            var configuration = testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")
            configuration.tokens = [tokens.path]
            try await withServer(configuration) { server in
                let measured = try await server.post("/v1/measure", json: #"{"text": "Hello", "token": "typography.body"}"#)
                #expect(measured.status == 200)
                let measurement = try JSONDecoder().decode(TextMeasurement.self, from: measured.body)
                #expect(measurement.fontSize == body.fontSize && measurement.lineHeight == body.lineHeight)
                let unknown = try await server.post("/v1/measure", json: #"{"text": "Hello", "token": "typography.nope"}"#)
                #expect(unknown.status == 422 && unknown.errorCode == "unknown_token")
                #expect(unknown.text.contains("typography.nope"))
                let spans = try await server.post("/v1/measure", json: """
                    {"spans": [{"text": "Regular "}, {"text": "bold", "weight": "bold"}], "size": 20}
                    """)
                #expect(spans.status == 200)
                let runs = try JSONDecoder().decode(TextMeasurement.self, from: spans.body).lines[0].runs
                #expect(runs.map(\.postScriptName) == ["NotoSans-Regular", "NotoSans-Bold"])
            }
        }
        // Without a token file, naming a token is an error that says so.
        try await withTemporaryDirectory { directory in
            try await withServer(testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")) { server in
                let response = try await server.post("/v1/measure", json: #"{"text": "Hello", "token": "typography.body"}"#)
                #expect(response.status == 422 && response.text.contains("no token file"))
            }
        }
    }

    @Test func badRequestsAreJSONErrorsNamingTheProblem() async throws {
        try await withTemporaryDirectory { directory in
            var configuration = testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")
            configuration.maxTextLength = 1000
            configuration.maxBodyBytes = 64 << 10
            configuration.maxImagePixels = 1_000_000
            configuration.maxSmallCompressionPixels = 100_000
            try await withServer(configuration) { server in
                let cases: [(String, Int, String, String)] = [
                    (#"{"text": "a", "colour": "red"}"#, 422, "invalid_request", "\"colour\": unknown key"),
                    (#"{"text": "a", "size": -3}"#, 422, "invalid_typography", "fontSize"),
                    (#"{"text": "a", "padding": -1}"#, 422, "invalid_request", "\"padding\""),
                    (#"{"text": "a", "width": 0}"#, 422, "invalid_typography", "width"),
                    (#"{"size": 12}"#, 422, "invalid_request", "\"text\""),
                    // A body that is not JSON is a bad request (400); JSON that is not a request, 422.
                    (#"{"text": "a""#, 400, "malformed_json", "not valid JSON"),
                    ("text=a", 400, "malformed_json", "not valid JSON"),
                    (##"{"text": "a", "color": "navy", "background": "#fff8"}"##, 200, "", ""),
                    ("[" + String(repeating: "[", count: 70) + "]", 422, "json_too_deep", "deeper than 64 levels (at least 65); the server's --max-json-depth"),
                    (#"{"text": "\#(String(repeating: "x", count: 1001))"}"#, 413, "text_too_long", "1001 characters"),
                    (#"{"text": "x", "size": 900, "lineHeight": 900, "scale": 2}"#, 413, "image_too_large", "pixels"),
                    // Inputs that multiply work are bounded: 17 families, a 300-character family name.
                    (#"{"text": "a", "family": [\#((0..<17).map { "\"F\($0)\"" }.joined(separator: ","))]}"#, 422,
                     "invalid_request", "at most 16"),
                    (#"{"text": "a", "family": "\#(String(repeating: "n", count: 300))"}"#, 422, "invalid_request",
                     "at most 256"),
                    (#"{"text": "a", "size": 200, "lineHeight": 900, "width": 900, "compression": "small"}"#, 422,
                     "compression_too_slow", "up to 100000 pixels"),
                ]
                for (body, status, code, message) in cases {
                    let response = try await server.post("/v1/render", json: body)
                    #expect(response.status == status, "\(body.prefix(60))")
                    if status == 200 { continue }
                    #expect(response.errorCode == code, "\(body.prefix(60)): \(response.text)")
                    #expect(response.errorMessage.contains(message), "\(response.text)")
                    #expect(response.header("Content-Type") == "application/json")
                }
                let huge = try await server.post("/v1/measure", json: "{\"text\": \"" + String(repeating: "x", count: 70_000) + "\"}")
                #expect(huge.status == 413 && huge.errorCode == "body_too_large")
                let notFound = try await server.send(.GET, "/v2/anything")
                #expect(notFound.status == 404 && notFound.errorCode == "not_found")
            }
        }
    }

    @Test func renderTokenProtectsMeasureAndRender() async throws {
        try await withTemporaryDirectory { directory in
            var configuration = testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")
            configuration.renderToken = "render-secret"
            try await withServer(configuration) { server in
                for path in ["/v1/measure", "/v1/render"] {
                    let missing = try await server.post(path, json: #"{"text": "a"}"#)
                    #expect(missing.status == 401 && missing.errorCode == "unauthorized")
                    #expect(missing.header("WWW-Authenticate") == "Bearer")
                    let wrong = try await server.post(path, json: #"{"text": "a"}"#,
                                                      headers: [("Authorization", "Bearer render-secreT")])
                    #expect(wrong.status == 401)
                    #expect(!wrong.text.contains("render-secret"))
                    let right = try await server.post(path, json: #"{"text": "a"}"#,
                                                      headers: [("Authorization", "Bearer render-secret")])
                    #expect(right.status == 200)
                }
                // Health stays open.
                #expect(try await server.send(.GET, "/healthz").status == 200)
                // Cards and reading templates need it too; the admin token is accepted wherever it is.
                #expect(try await server.send(.GET, "/v1/templates").status == 401)
                #expect(try await server.send(.GET, "/v1/templates", admin: true).status == 200)
                #expect(try await server.post("/v1/cards", json: #"{"width": 4, "height": 4, "layers": []}"#).status == 401)
                let card = try await server.send(.POST, "/v1/cards", headers: [("Content-Type", "application/json")],
                                                 body: Data(#"{"width": 4, "height": 4, "layers": []}"#.utf8), admin: true)
                #expect(card.status == 200)
            }
        }
    }

    @Test func overLongURLsAndBrokenHTTPGetTheJSONError() async throws {
        try await withTemporaryDirectory { directory in
            try await withServer(testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")) { server in
                let long = try await server.send(.GET, "/v1/templates/x.png?title=" + String(repeating: "a", count: 100_000))
                #expect(long.status == 431 && long.errorCode == "malformed_http")
                #expect(long.header("Content-Type") == "application/json")
                // The server still answers.
                #expect(try await server.send(.GET, "/healthz").status == 200)
            }
        }
    }

    /// With one render slot and a tiny wait, a burst of long renders gets some 503s with Retry-After, and
    /// every other request succeeds.
    @Test func busyServerAnswers503WithRetryAfter() async throws {
        try await withTemporaryDirectory { directory in
            var configuration = testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")
            configuration.maxConcurrentRenders = 1
            configuration.renderWait = .milliseconds(5)
            try await withServer(configuration) { server in
                let words = (0..<4000).map { "word\($0 % 97)" }.joined(separator: " ")
                let body = #"{"text": "\#(words)", "width": 300}"#
                let statuses = try await withThrowingTaskGroup(of: HTTPResult.self) { group in
                    for _ in 0..<6 { group.addTask { try await server.post("/v1/measure", json: body) } }
                    return try await group.reduce(into: [HTTPResult]()) { $0.append($1) }
                }
                #expect(statuses.allSatisfy { $0.status == 200 || $0.status == 503 })
                let busy = statuses.filter { $0.status == 503 }
                #expect(!busy.isEmpty)
                #expect(statuses.contains { $0.status == 200 })
                for response in busy {
                    #expect(response.errorCode == "busy")
                    #expect(response.header("Retry-After") == "1")
                }
            }
        }
    }

    @Test func constantTimeComparison() {
        #expect(Authorization.constantTimeEquals(Array("secret".utf8), Array("secret".utf8)))
        #expect(!Authorization.constantTimeEquals(Array("secret".utf8), Array("secreT".utf8)))
        #expect(!Authorization.constantTimeEquals(Array("secret".utf8), Array("secret2".utf8)))
        #expect(!Authorization.constantTimeEquals([], Array("x".utf8)))
        // 256 bytes apart in length must not wrap to equal.
        #expect(!Authorization.constantTimeEquals([], [UInt8](repeating: 0, count: 256)))
    }

    @Test func jsonNesting() {
        #expect(JSONNesting.exceeds(2, in: Data(#"{"a": [1]}"#.utf8)) == nil)
        #expect(JSONNesting.exceeds(2, in: Data(#"{"a": [[1]]}"#.utf8)) == 3)
        #expect(JSONNesting.exceeds(1, in: Data(#"{"a": "[[[{{{\"]]"}"#.utf8)) == nil)
    }

    @Test func canonicalJSONIgnoresKeyOrderAndSpacingOnly() {
        func canonical(_ text: String) -> String { String(decoding: CanonicalJSON.bytes(of: Array(text.utf8)), as: UTF8.self) }
        let body = #"{"text": "a \"}{\" b", "size": 20, "spans": [{"weight": "bold", "text": "x"}, {"text": "y"}], "clip": true}"#
        let expected = #"{"clip":true,"size":20,"spans":[{"text":"x","weight":"bold"},{"text":"y"}],"text":"a \"}{\" b"}"#
        #expect(canonical(body) == expected)
        #expect(canonical(" {\n\"clip\" : true ,\"spans\":[{\"text\":\"x\",\"weight\":\"bold\"},{\"text\":\"y\"}],"
                          + #""size":20,"text":"a \"}{\" b"}"#) == expected)
        // Array order, values and repeated keys (the last wins when decoded) keep their meaning.
        #expect(canonical(#"{"spans": [{"text": "y"}, {"text": "x"}]}"#) == #"{"spans":[{"text":"y"},{"text":"x"}]}"#)
        #expect(canonical(#"{"size": 20, "size": 21}"#) != canonical(#"{"size": 21, "size": 20}"#))
        #expect(canonical(#"{"size": 20}"#) != canonical(#"{"size": 20.5}"#))
    }
}
