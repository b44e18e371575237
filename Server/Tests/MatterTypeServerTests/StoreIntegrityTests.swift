import Foundation
import GRDB
import NIOHTTP1
@testable import MatterTypeServer
import Testing

/// What the store holds is checked when read: a template or font changed in the database (a flipped byte, an edit
/// in place) no longer has the SHA-256 stored beside it and is not served; the other templates are still listed.
@Suite("Store integrity")
struct StoreIntegrityTests {
    static let template = ##"{"width": 20, "height": 20, "background": "#fff", "layers": []}"##

    @Test func damagedTemplatesAndFontsAreNotServed() async throws {
        try await withTemporaryDirectory { directory in
            let path = "\(directory.path)/fonts.sqlite"
            try await withServer(testConfiguration(store: "sqlite:\(path)")) { server in
                for name in ["good", "edited"] {
                    let saved = try await server.send(.PUT, "/v1/templates/\(name)", body: Data(Self.template.utf8), admin: true)
                    #expect(saved.status == 201)
                }
                #expect(try await server.upload(try FontFiles.dejaVuSans()).status == 201)
            }
            // Another program edits a template and flips a byte of the font's file in the database.
            let database = try DatabaseQueue(path: path)
            try await database.write { db in
                try db.execute(sql: "UPDATE card_template SET document = ? WHERE name = 'edited'",
                               arguments: [Data(Self.template.replacingOccurrences(of: "#fff", with: "#000").utf8)])
                try db.execute(sql: "UPDATE font_file SET bytes = substr(bytes, 1, 1000) || x'FF' || substr(bytes, 1002)")
            }
            try database.close()
            try await withServer(testConfiguration(store: "sqlite:\(path)")) { server in
                let list = try await server.send(.GET, "/v1/templates")
                #expect(list.status == 200)
                let names = (try list.json()["templates"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
                #expect(names == ["good"])
                let edited = try await server.send(.GET, "/v1/templates/edited.png")
                #expect(edited.status == 500 && edited.errorCode == "store_failed")
                #expect(edited.text.contains("damaged in the store"))
                #expect(try await server.send(.GET, "/v1/templates/good.png").status == 200)
                #expect(try await server.registeredNames().isEmpty)
            }
        }
    }
}
