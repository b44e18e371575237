import Foundation
import Logging
import MatterType
import MatterTypeWire
@testable import MatterTypeServer
import NIOHTTP1
import Testing

/// Font registration, listing and deletion through real HTTP, with the embedded SQLite store.
@Suite("Font routes and the SQLite store")
struct FontRouteTests {
    @Test func registerListGetDeleteAndRender() async throws {
        try await withTemporaryDirectory { directory in
            let store = "sqlite:\(directory.path)/fonts.sqlite"
            let dejaVu = try FontFiles.dejaVuSans()
            // The digest an independent tool computes for the same bytes.
            let expectedDigest = try await runProgram("/usr/bin/sha256sum", ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"])
                .split(separator: " ")[0]
            try await withServer(testConfiguration(store: store)) { server in
                #expect(try await server.registeredNames().isEmpty)
                let created = try await server.upload(dejaVu)
                #expect(created.status == 201)
                let fonts = try #require(try created.json()["fonts"] as? [[String: Any]])
                #expect(fonts.count == 1)
                #expect(fonts[0]["postScriptName"] as? String == "DejaVuSans")
                #expect(fonts[0]["familyName"] as? String == "DejaVu Sans")
                #expect(fonts[0]["weight"] as? Int == 400 && fonts[0]["italic"] as? Bool == false)
                #expect(fonts[0]["source"] as? String == "registered")
                #expect(fonts[0]["sha256"] as? String == String(expectedDigest))

                #expect(try await server.registeredNames() == ["DejaVuSans"])
                let one = try await server.send(.GET, "/v1/fonts/DejaVuSans")
                #expect(one.status == 200)
                #expect(try one.json()["sha256"] as? String == String(expectedDigest))
                let withBundled = try await server.send(.GET, "/v1/fonts?bundled=true").json()
                #expect((withBundled["fonts"] as? [Any])?.count == 19)

                // Renders use the registered family at once.
                let measured = try await server.post("/v1/measure", json: #"{"text": "Hello", "family": "DejaVu Sans"}"#)
                #expect(try JSONDecoder().decode(TextMeasurement.self, from: measured.body).postScriptName == "DejaVuSans")

                let again = try await server.upload(dejaVu)
                #expect(again.status == 409 && again.errorCode == "font_exists")
                #expect(again.errorMessage.contains("DejaVuSans") && again.errorMessage.contains("replace=true"))
                #expect(try await server.upload(dejaVu, replace: true).status == 201)

                // A collection registers every face.
                let duo = try await server.upload(try FontFiles.fixture("Duo.ttc"))
                #expect(duo.status == 201)
                #expect(try await server.registeredNames() == ["DejaVuSans", "Duo-BoldItalic", "Duo-Regular"])

                // A multipart form is refused with a message saying what to send, and stores nothing.
                let boundary = "----mattertype"
                var form = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.ttf\"\r\n\r\n".utf8)
                form.append(try FontFiles.fixture("Acme-Regular.ttf"))
                form.append(Data("\r\n--\(boundary)--\r\n".utf8))
                for headers in [[("Content-Type", "multipart/form-data; boundary=\(boundary)")], []] {
                    let multipart = try await server.send(.PUT, "/v1/fonts", headers: headers, body: form, admin: true)
                    #expect(multipart.status == 415 && multipart.errorCode == "multipart_not_accepted")
                    #expect(multipart.errorMessage.contains("raw bytes"))
                }
                #expect(try await server.registeredNames() == ["DejaVuSans", "Duo-BoldItalic", "Duo-Regular"])

                // Names in paths are percent-decoded: an encoded hyphen finds Duo-Regular, and a name with a space
                // (as some uploaded fonts' PostScript names have) is looked up, and reported, as decoded.
                #expect(try await server.send(.GET, "/v1/fonts/Duo%2DRegular").status == 200)
                let spaced = try await server.send(.GET, "/v1/fonts/Inter%20Display")
                #expect(spaced.status == 404 && spaced.errorMessage.contains("Inter Display"))

                #expect(try await server.send(.DELETE, "/v1/fonts/DejaVuSans", admin: true).status == 204)
                let gone = try await server.send(.GET, "/v1/fonts/DejaVuSans")
                #expect(gone.status == 404 && gone.errorCode == "font_not_found")
                #expect(try await server.send(.DELETE, "/v1/fonts/DejaVuSans", admin: true).status == 404)
                let fallback = try await server.post("/v1/measure", json: #"{"text": "Hello", "family": "DejaVu Sans"}"#)
                #expect(try JSONDecoder().decode(TextMeasurement.self, from: fallback.body).postScriptName == "NotoSans-Regular")

                // Several at once: all or none.
                let partly = try await server.send(.DELETE, "/v1/fonts?names=Duo-Regular,Nope", admin: true)
                #expect(partly.status == 404 && partly.errorMessage.contains("Nope"))
                #expect(try await server.registeredNames() == ["Duo-BoldItalic", "Duo-Regular"])
                #expect(try await server.send(.DELETE, "/v1/fonts", admin: true).status == 422)
                #expect(try await server.send(.DELETE, "/v1/fonts?names=Duo-Regular,Duo-BoldItalic", admin: true).status == 204)
                #expect(try await server.registeredNames().isEmpty)
            }
            // Nothing is left in the store, bytes included.
            let sqlite = try SQLiteStore(path: "\(directory.path)/fonts.sqlite")
            #expect(try await sqlite.index().isEmpty)
            #expect(try await sqlite.fetch(names: nil).isEmpty)
            await sqlite.close()
        }
    }

    @Test("GET /v1/families: registered, bundled and installed (fc-list's), each with its sources")
    func families() async throws {
        try await withTemporaryDirectory { directory in
            var configuration = testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")
            configuration.systemFonts = true
            // fc-list, an independent reading of what Fontconfig has installed.
            let listed = try await runProgram("/usr/bin/fc-list", [":", "family"])
            let installedNames = Set(listed.split(separator: "\n").flatMap { $0.split(separator: ",") }.map(String.init))
            try await withServer(configuration) { server in
                #expect(try await server.upload(try FontFiles.dejaVuSans()).status == 201)
                let answer = try await server.send(.GET, "/v1/families")
                let families = try #require(try answer.json()["families"] as? [[String: Any]])
                let sources = Dictionary(families.compactMap { family in
                    (family["name"] as? String).map { ($0, family["sources"] as? [String] ?? []) }
                }, uniquingKeysWith: { first, _ in first })
                #expect(sources["Noto Sans"]?.contains("bundled") == true)
                #expect(sources["DejaVu Sans"] == ["registered", "installed"], "\(sources["DejaVu Sans"] ?? [])")
                let installed = Set(sources.filter { $0.value.contains("installed") }.keys)
                #expect(installed.count > 1 && installed.isSubset(of: installedNames))
                let names = families.compactMap { $0["name"] as? String }
                #expect(names == names.sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) })
            }
            // Without system fonts: only the registered and bundled.
            try await withServer(testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")) { server in
                let families = try #require(try await server.send(.GET, "/v1/families").json()["families"]
                                                as? [[String: Any]])
                #expect(families.allSatisfy { ($0["sources"] as? [String])?.contains("installed") == false })
                #expect(families.compactMap { $0["name"] as? String } == ["DejaVu Sans", "Noto Sans"])
            }
        }
    }

    @Test func fontsSurviveARestart() async throws {
        try await withTemporaryDirectory { directory in
            let configuration = testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")
            try await withServer(configuration) { (server) async throws in
                #expect(try await server.upload(try FontFiles.fixture("Acme-Regular.ttf")).status == 201)
                #expect(try await server.upload(try FontFiles.fixture("Webby-Regular.woff2")).status == 201)
            }
            try await withServer(configuration) { (server) async throws in
                #expect(try await server.registeredNames() == ["Acme-Regular", "Webby-Regular"])
                let measured = try await server.post("/v1/measure", json: #"{"text": "Hi", "family": "Webby"}"#)
                #expect(try JSONDecoder().decode(TextMeasurement.self, from: measured.body).postScriptName == "Webby-Regular")
                #expect(try await server.send(.DELETE, "/v1/fonts/Acme-Regular", admin: true).status == 204)
            }
            try await withServer(configuration) { (server) async throws in
                #expect(try await server.registeredNames() == ["Webby-Regular"])
            }
            // The bytes are kept under their SHA-256, never under a name from the font or the request.
            let stored = try await SQLiteStore(path: "\(directory.path)/fonts.sqlite").fetch(names: nil)
            #expect(stored.map(\.sha256) == [SHA256.hex(of: try FontFiles.fixture("Webby-Regular.woff2"))])
        }
    }

    @Test func badUploadsStoreNothing() async throws {
        try await withTemporaryDirectory { directory in
            var configuration = testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")
            configuration.maxFontBytes = 1 << 20
            let dejaVu = try FontFiles.dejaVuSans()
            var flipped = dejaVu
            for index in stride(from: 0, to: 512, by: 3) { flipped[index] ^= 0xA5 }  // the table directory
            let woff2 = try FontFiles.fixture("Webby-Regular.woff2")
            let png = try Data(contentsOf: FontFiles.fixtures.appendingPathComponent("../Golden/spans-colors-16-24.pam").standardized)
            // A WOFF 1.0 header and table record declaring a 1 GiB glyf table behind 64 bytes of data.
            func be32(_ v: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
            let bomb = Data(Array("wOFF".utf8) + be32(0x10000) + be32(128) + [0, 1, 0, 0] + be32(1 << 30) + be32(0)
                            + [UInt8](repeating: 0, count: 20) + Array("glyf".utf8) + be32(64) + be32(64)
                            + be32(1 << 30) + be32(0) + [UInt8](repeating: 0x78, count: 64))
            let cases: [(String, Data, Int, String)] = [
                ("a WOFF declaring 1 GiB", bomb, 422, "not_a_font"),
                ("truncated TTF", dejaVu.prefix(300_000), 422, "not_a_font"),
                ("a header only", dejaVu.prefix(2_000), 422, "not_a_font"),
                ("byte-flipped table directory", flipped, 422, "not_a_font"),
                ("truncated WOFF2", woff2.prefix(woff2.count / 2), 422, "not_a_font"),
                ("an image", png, 422, "not_a_font"),
                ("text", Data("hello, I am not a font".utf8), 422, "not_a_font"),
                ("empty", Data(), 422, "not_a_font"),
                ("over --max-font-bytes", Data(count: (1 << 20) + 1), 413, "body_too_large"),
            ]
            try await withServer(configuration) { server in
                for (name, data, status, code) in cases {
                    let response = try await server.upload(data)
                    #expect(response.status == status, "\(name): \(response.text)")
                    #expect(response.errorCode == code, "\(name)")
                }
                #expect(try await server.registeredNames().isEmpty)
            }
            let sqlite = try SQLiteStore(path: "\(directory.path)/fonts.sqlite")
            #expect(try await sqlite.index().isEmpty)
            #expect(try await sqlite.fetch(names: nil).isEmpty)
        }
    }

    @Test func registrationNeedsTheAdminToken() async throws {
        try await withTemporaryDirectory { directory in
            let dejaVu = try FontFiles.dejaVuSans()
            var configuration = testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")
            try await withServer(configuration) { server in
                let missing = try await server.upload(dejaVu, admin: false)
                #expect(missing.status == 401 && missing.header("WWW-Authenticate") == "Bearer")
                let wrong = try await server.send(.PUT, "/v1/fonts", headers: [("Authorization", "Bearer \(adminToken)x")],
                                                  body: dejaVu)
                #expect(wrong.status == 401 && !wrong.text.contains(adminToken))
                let basic = try await server.send(.PUT, "/v1/fonts", headers: [("Authorization", "Basic \(adminToken)")],
                                                  body: dejaVu)
                #expect(basic.status == 401)
                #expect(try await server.send(.DELETE, "/v1/fonts/DejaVuSans").status == 401)
                #expect(try await server.registeredNames().isEmpty)
            }
            // Without MATTERTYPE_ADMIN_TOKEN registration is off, whatever is sent.
            configuration.adminToken = nil
            try await withServer(configuration) { server in
                let off = try await server.upload(dejaVu)
                #expect(off.status == 403 && off.errorMessage.contains("MATTERTYPE_ADMIN_TOKEN"))
                #expect(try await server.send(.DELETE, "/v1/fonts?names=A", admin: true).status == 403)
                #expect(try await server.send(.GET, "/v1/fonts").status == 200)
            }
        }
    }

    @Test func environmentConfiguration() throws {
        let configuration = try ServerConfiguration.fromEnvironment(["MATTERTYPE_ADMIN_TOKEN": "a",
                                                                     "MATTERTYPE_RENDER_TOKEN": ""])
        #expect(configuration.adminToken == "a" && configuration.renderToken == nil)
        #expect(configuration.host == "127.0.0.1" && configuration.port == 8080)
        #expect(configuration.store == "sqlite:./mattertype-fonts.sqlite")
    }

    @Test func unsupportedStoreURL() async {
        await #expect(throws: StoreError.unsupportedURL("redis://x")) {
            _ = try await openStore(url: "redis://x", logger: .init(label: "test"))
        }
    }
}
