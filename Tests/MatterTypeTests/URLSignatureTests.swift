import Foundation
import MatterType
import MatterTypeWire
import Testing

/// Signed template URLs (URLSignature, `mattertype sign`): HMAC-SHA-256 against RFC 4231's vectors and Python's
/// `hmac`, the canonical form as Docs/Server.md writes it, and each way a URL fails.
@Suite("Signed template URLs")
struct URLSignatureTests {
    @Test("HMAC-SHA-256 is RFC 4231's (test cases 1, 2 and 6: a short key, a text key, a key over a block)")
    func rfc4231() {
        func hmac(_ key: [UInt8], _ message: String) -> String { SHA256.hex(SHA256.hmac(key: key, message: Array(message.utf8))) }
        #expect(hmac([UInt8](repeating: 0x0b, count: 20), "Hi There")
                == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        #expect(hmac(Array("Jefe".utf8), "what do ya want for nothing?")
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        #expect(hmac([UInt8](repeating: 0xaa, count: 131), "Test Using Larger Than Block-Size Key - Hash Key First")
                == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    @Test("the canonical form: path, then parameters sorted by name and value in RFC 3986 encoding, sig left out")
    func canonical() {
        let query: [(name: String, value: String)] = [("title", "Héllo wörld+1"), ("sig", "x"), ("b", "2"), ("b", "1"),
                                                      ("a~b", "*")]
        #expect(URLSignature.canonical(path: "/v1/templates/og.png", query: query)
                == "/v1/templates/og.png?a~b=%2A&b=1&b=2&title=H%C3%A9llo%20w%C3%B6rld%2B1")
    }

    @Test("mattertype sign's URL is what Python's hmac signs, and the server's check takes it")
    func signedAsPythonSigns() throws {
        let signer = URLSignature(keyID: "2026-11", secret: Data("a secret".utf8))
        let url = try signer.signed("https://cards.example.com/v1/templates/og.png?title=Ship+it%21&kid=old&sig=old",
                                    expires: 1_900_000_000)
        #expect(url.hasPrefix("https://cards.example.com/v1/templates/og.png?exp=1900000000&kid=2026-11&title=Ship%20it%21&sig="))
        let signature = String(url.suffix(64))
        // Python's own HMAC of the same canonical string (the form Docs/Server.md gives to sign in any language).
        let python = try TestSupport.run("/usr/bin/python3", ["-c", """
            import hmac, hashlib
            print(hmac.new(b"a secret", b"/v1/templates/og.png?exp=1900000000&kid=2026-11&title=Ship%20it%21",
                           hashlib.sha256).hexdigest())
            """])
        #expect(python.output.trimmingCharacters(in: .whitespacesAndNewlines) == signature)
        let query = URLSignature.pairs(String(url.split(separator: "?")[1]))
        let keys = ["2026-11": Data("a secret".utf8)]
        #expect(try URLSignature.verify(path: "/v1/templates/og.png", query: query, keys: keys, now: 1_800_000_000)
                == 1_900_000_000)
        // The same parameters in another order sign the same.
        #expect(throws: Never.self) {
            try URLSignature.verify(path: "/v1/templates/og.png", query: query.reversed(), keys: keys, now: 0)
        }
    }

    @Test("tampered, added, repeated, expired, unknown key, rotated key and unsigned URLs each fail naming why")
    func failures() throws {
        let old = URLSignature(keyID: "old", secret: Data("old secret".utf8))
        let new = URLSignature(keyID: "new", secret: Data("new secret".utf8))
        let keys = ["old": Data("old secret".utf8), "new": Data("new secret".utf8)]
        func check(_ url: String, keys: [String: Data] = keys, now: Int = 1_000) throws(URLSignatureError) {
            let parts = url.split(separator: "?", maxSplits: 1)
            _ = try URLSignature.verify(path: String(parts[0]), query: URLSignature.pairs(parts.count > 1 ? String(parts[1]) : nil),
                                        keys: keys, now: now)
        }
        let signed = try old.signed("/v1/templates/og.png?title=Hello", expires: 2_000)
        #expect(throws: Never.self) { try check(signed) }
        #expect(throws: Never.self) { try check(try new.signed("/v1/templates/og.png?title=Hello")) }
        #expect(throws: URLSignatureError.invalidSignature) { try check(signed.replacingOccurrences(of: "Hello", with: "Hacked")) }
        #expect(throws: URLSignatureError.invalidSignature) { try check(signed + "&title=Hacked") }
        #expect(throws: URLSignatureError.invalidSignature) { try check(signed + "&sig=" + String(signed.suffix(64))) }
        #expect(throws: URLSignatureError.invalidSignature) {
            try check(signed.replacingOccurrences(of: "og.png", with: "other.png"))
        }
        #expect(throws: URLSignatureError.expired(2_000)) { try check(signed, now: 2_000) }
        #expect(throws: URLSignatureError.unsigned) { try check("/v1/templates/og.png?title=Hello") }
        // Rotation: once the old key is retired, its URLs name an unknown key; the new key's still draw.
        let retired = ["new": Data("new secret".utf8)]
        #expect(throws: URLSignatureError.unknownKey("old")) { try check(signed, keys: retired) }
        #expect(throws: Never.self) { try check(try new.signed("/v1/templates/og.png?title=Hello"), keys: retired) }
        #expect(URLSignatureError.invalidSignature.description.contains("changed, added or repeated"))
    }

    @Test("mattertype sign prints the signed URL; without the secret it says which variable to set")
    func command() throws {
        let missing = try CLIRun(["sign", "/v1/templates/og.png?title=Hi", "--key-id", "k1"],
                                 environment: ["MATTERTYPE_URL_SIGNING_SECRET": ""])
        #expect(missing.status == 1 && missing.stderr.contains("MATTERTYPE_URL_SIGNING_SECRET"))
        let signed = try CLIRun(["sign", "https://h.example/v1/templates/og.png?title=Hi", "--key-id", "k1",
                                 "--expires", "60"], environment: ["MATTERTYPE_URL_SIGNING_SECRET": "s"])
        let url = signed.stdout.trimmingCharacters(in: .newlines)
        let parts = url.split(separator: "?", maxSplits: 1)
        let query = URLSignature.pairs(String(parts[1]))
        let now = Int(Date().timeIntervalSince1970)
        #expect(signed.status == 0 && parts[0] == "https://h.example/v1/templates/og.png")
        #expect(throws: Never.self) {
            try URLSignature.verify(path: "/v1/templates/og.png", query: query, keys: ["k1": Data("s".utf8)], now: now)
        }
        let expiry = Int(query.first { $0.name == "exp" }?.value ?? "") ?? 0
        #expect((now + 55...now + 61).contains(expiry), "\(expiry) against \(now)")
    }
}
