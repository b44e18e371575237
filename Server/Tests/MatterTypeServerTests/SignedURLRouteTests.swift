import Crypto
import Foundation
import MatterType
import MatterTypeServer
import MatterTypeWire
import NIOHTTP1
import Testing

/// Signed template URLs (TemplateSigning.swift, URLSignature): a template stored with `?signed=true` draws only for
/// URLs signed with one of the server's keys, whatever signed them — `URLSignature`, Python's `hmac` and Node's
/// `crypto` running Docs/Server.md's own code.
@Suite("Signed template URLs")
struct SignedURLRouteTests {
    static let keys = ["old": "an old secret of 32 characters!!", "new": "a new secret, also long enough.."]
    static let card = ##"""
        {"width": 300, "height": 100, "background": "#FFFFFF", "layers": [
          {"type": "text", "x": 20, "y": 20, "width": 260, "text": "{{title}}", "color": "#111111"}]}
        """##

    /// A server with `keys` (and `--require-signed-urls` when `requireAll`), `social` stored signed and `plain`
    /// not.
    func withSigningServer(keys: [String: String] = keys, requireAll: Bool = false, store directory: URL,
                           _ body: @Sendable (LiveServer) async throws -> Void) async throws {
        var configuration = testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")
        configuration.urlSigningKeys = keys
        configuration.requireSignedURLs = requireAll
        try await withServer(configuration) { server in try await body(server) }
    }

    func signed(_ path: String, key: String = "new", expires: Int? = nil) throws -> String {
        try URLSignature(keyID: key, secret: Data(Self.keys[key, default: "x"].utf8)).signed(path, expires: expires)
    }

    @Test("valid, reordered, tampered, expired, unknown key, rotated key and unsigned URLs")
    func signedTemplate() async throws {
        try await withTemporaryDirectory { directory in
            try await withSigningServer(store: directory) { server in
                let saved = try await server.send(.PUT, "/v1/templates/social?signed=true", body: Data(Self.card.utf8),
                                                  admin: true)
                let savedSigned = try saved.json()["signed"] as? Bool
                #expect(saved.status == 201 && savedSigned == true, "\(saved.text)")
                let plain = try await server.send(.PUT, "/v1/templates/plain", body: Data(Self.card.utf8), admin: true)
                #expect((try plain.json()["signed"] as? Bool) == false)

                let url = try signed("/v1/templates/social.png?title=Hello+world", expires: Int(Date().timeIntervalSince1970) + 600)
                let drawn = try await server.send(.GET, url)
                #expect(drawn.status == 200 && drawn.header("Content-Type") == "image/png", "\(drawn.text)")
                let cache = drawn.header("Cache-Control") ?? ""
                #expect(cache.hasPrefix("public, max-age=") && cache.hasSuffix(", immutable"), "\(cache)")
                let maxAge = Int(cache.dropFirst("public, max-age=".count).prefix { $0.isNumber }) ?? -1
                #expect((590...600).contains(maxAge), "at most until exp: \(cache)")
                // The same parameters in another order, a space written %20: the same URL to the signature.
                let (path, query) = (url.split(separator: "?")[0], url.split(separator: "?")[1])
                let reordered = "\(path)?" + query.split(separator: "&").reversed().joined(separator: "&")
                #expect(try await server.send(.GET, reordered).status == 200)
                // The old key is still valid beside the new one.
                #expect(try await server.send(.GET, try signed("/v1/templates/social.png?title=Hi", key: "old")).status == 200)

                let refusals: [(String, APIErrorCode)] = [
                    ("/v1/templates/social.png?title=Hello", .urlNotSigned),
                    (url.replacingOccurrences(of: "Hello", with: "Hacked"), .urlSignatureInvalid),
                    (url + "&title=Hacked", .urlSignatureInvalid),
                    (url.replacingOccurrences(of: "social.png", with: "social.webp"), .urlSignatureInvalid),
                    (try signed("/v1/templates/social.png?title=Hello", expires: 1_000), .urlExpired),
                    (try signed("/v1/templates/social.png?title=Hello", key: "other"), .urlKeyUnknown),
                ]
                for (refused, code) in refusals {
                    let answer = try await server.send(.GET, refused)
                    #expect(answer.status == 403 && answer.errorCode == code.rawValue, "\(refused): \(answer.text)")
                }
                // An unsigned template draws for anyone; signing it does no harm.
                #expect(try await server.send(.GET, "/v1/templates/plain.png?title=Hi").status == 200)
                // Re-stored signed: a new version, so that replicas and caches see the change.
                let resigned = try await server.send(.PUT, "/v1/templates/plain?signed=true", body: Data(Self.card.utf8),
                                                     admin: true)
                #expect((try resigned.json()["sha256"] as? String) != (try plain.json()["sha256"] as? String))
                #expect(try await server.send(.GET, "/v1/templates/plain.png?title=Hi").status == 403)
                let bad = try await server.send(.PUT, "/v1/templates/x?signed=yes", body: Data(Self.card.utf8), admin: true)
                #expect(bad.status == 422 && bad.errorMessage.contains("signed yes"))
            }
            // The old key retired: its URLs now name an unknown key; the new key's still draw.
            try await withSigningServer(keys: ["new": Self.keys["new"] ?? ""], store: directory) { server async throws in
                let old = try await server.send(.GET, try signed("/v1/templates/social.png?title=Hi", key: "old"))
                #expect(old.status == 403 && old.errorCode == APIErrorCode.urlKeyUnknown.rawValue)
                #expect(try await server.send(.GET, try signed("/v1/templates/social.png?title=Hi")).status == 200)
            }
            // --require-signed-urls: every template, stored signed or not.
            try await withSigningServer(requireAll: true, store: directory) { server async throws in
                #expect(try await server.send(.GET, "/v1/templates/social.png?title=Hi").status == 403)
                #expect(try await server.send(.GET, try signed("/v1/templates/social.png?title=Hi")).status == 200)
            }
            // No keys: a signed template cannot be stored.
            try await withServer(testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")) { server in
                let refused = try await server.send(.PUT, "/v1/templates/y?signed=true", body: Data(Self.card.utf8),
                                                    admin: true)
                #expect(refused.status == 422 && refused.errorMessage.contains("--url-signing-key"))
            }
        }
    }

    /// The fenced block after `<!-- marker -->` in Docs/Server.md.
    static func documentedCode(after marker: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Docs/Server.md").standardized
        let text = try String(contentsOf: url, encoding: .utf8)
        let start = try #require(text.range(of: "<!-- \(marker) -->"))
        let fence = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        let open = try #require(text.range(of: "\n", range: fence.upperBound..<text.endIndex))
        let close = try #require(text.range(of: "\n```", range: open.upperBound..<text.endIndex))
        return String(text[open.upperBound..<close.lowerBound])
    }

    @Test("Docs/Server.md's Python and JavaScript sign URLs the server draws (non-ASCII values, spaces, symbols)")
    func documentedSigners() async throws {
        let params = #"{"title": "Ship it, today! (v2) — 50% off", "author": "Zoë & Ada", "mode": "Theme=Dark"}"#
        let secret = try #require(Self.keys["new"])
        try await withTemporaryDirectory { directory in
            let python = try Self.documentedCode(after: "sign.py") + """

                import json, sys
                print(sign("/v1/templates/social.png", json.loads(sys.argv[1]), "new", sys.argv[2], 600))
                """
            let javascript = try Self.documentedCode(after: "sign.mjs")
            let module = directory.appendingPathComponent("sign.mjs")
            try Data(javascript.utf8).write(to: module)
            let caller = directory.appendingPathComponent("call.mjs")
            try Data("""
                import { sign } from "./sign.mjs";
                console.log(sign("/v1/templates/social.png", JSON.parse(process.argv[2]), "new", process.argv[3], 600));
                """.utf8).write(to: caller)
            let byPython = try await runProgram("/usr/bin/python3", ["-c", python, params, secret])
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let byNode = try await runProgram("/usr/bin/node", [caller.path, params, secret])
                .trimmingCharacters(in: .whitespacesAndNewlines)
            try await withSigningServer(store: directory) { server in
                #expect(try await server.send(.PUT, "/v1/templates/social?signed=true", body: Data(Self.card.utf8),
                                              admin: true).status == 201)
                for (who, url) in [("Python", byPython), ("Node", byNode)] {
                    let answer = try await server.send(.GET, url)
                    #expect(answer.status == 200, "\(who): \(url) → \(answer.text)")
                }
            }
        }
    }

    @Test("the engine's HMAC-SHA-256 is swift-crypto's, for keys and messages of every length around a block")
    func hmacIsSwiftCryptos() {
        var generator = SystemRandomNumberGenerator()
        for keyLength in [0, 1, 16, 63, 64, 65, 200] {
            for messageLength in [0, 1, 55, 56, 64, 119, 1000] {
                let key = (0..<keyLength).map { _ in UInt8.random(in: 0...255, using: &generator) }
                let message = (0..<messageLength).map { _ in UInt8.random(in: 0...255, using: &generator) }
                let theirs = HMAC<Crypto.SHA256>.authenticationCode(for: message, using: SymmetricKey(data: key))
                #expect(MatterType.SHA256.hmac(key: key, message: message) == Array(theirs),
                        "key \(keyLength) bytes, message \(messageLength)")
            }
        }
    }
}
