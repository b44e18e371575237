import Foundation
import Logging
import MatterType
import MatterTypeWire
import MatterTypeCards
@testable import MatterTypeServer
import HummingbirdTesting
import NIOHTTP1
import Testing

/// Two replicas over one real PostgreSQL: what one registers or deletes, the other uses or drops within 2 s.
@Suite("Replicas through PostgreSQL", .serialized)
struct ReplicaTests {
    @Test func aReplicaStartedWhileTheDatabaseIsDownWaitsForIt() async throws {
        let cluster = try await PostgresCluster(starting: false)
        defer { cluster.stop() }
        var configuration = testConfiguration(store: cluster.url)
        configuration.requestDeadline = .seconds(30)
        configuration.logLevel = .critical
        let app = try await MatterTypeServer.application(configuration)
        try await app.test(.live) { client in
            let server = LiveServer(port: try #require(client.port))
            // Down: not ready, still answering (it used to exit after 10 s).
            try await Task.sleep(for: .seconds(12))
            #expect(try await server.send(.GET, "/readyz").status == 503)
            #expect(try await server.send(.GET, "/healthz").status == 200)
            // Up: ready within the backoff (at most 30 s between tries).
            try await cluster.start()
            #expect(try await server.eventually(within: 45) { try await server.send(.GET, "/readyz").status == 200 })
            #expect(try await server.upload(try FontFiles.fixture("Acme-Regular.ttf")).status == 201)
        }
    }

    @Test func twoReplicasAgree() async throws {
        let cluster = try await PostgresCluster()
        defer { cluster.stop() }
        let configuration = testConfiguration(store: cluster.url)
        try await withServer(configuration) { first in
            try await withServer(configuration) { second in
                #expect(try await first.registeredNames().isEmpty)
                #expect(try await second.registeredNames().isEmpty)
                let measure = #"{"text": "Hello", "family": "Acme"}"#
                func face(_ server: LiveServer) async throws -> String {
                    let response = try await server.post("/v1/measure", json: measure)
                    return try JSONDecoder().decode(TextMeasurement.self, from: response.body).postScriptName
                }
                #expect(try await face(second) == "NotoSans-Regular")

                // Registered through the first, used by the second.
                let start = ContinuousClock.now
                #expect(try await first.upload(try FontFiles.fixture("Acme-Regular.ttf")).status == 201)
                #expect(try await second.eventually(within: 2) { try await face(second) == "Acme-Regular" })
                let propagation = ContinuousClock.now - start
                #expect(propagation < .seconds(2))
                #expect(try await second.registeredNames() == ["Acme-Regular"])
                // The name is taken for both.
                let conflict = try await second.upload(try FontFiles.fixture("Acme-Regular.ttf"))
                #expect(conflict.status == 409)

                // Replaced through the second (another file with the same PostScript name would do the same).
                #expect(try await second.upload(try FontFiles.fixture("Acme-Regular.ttf"), replace: true).status == 201)

                // Deleted through the second, dropped by the first.
                #expect(try await second.send(.DELETE, "/v1/fonts/Acme-Regular", admin: true).status == 204)
                #expect(try await first.eventually(within: 2) { try await face(first) == "NotoSans-Regular" })
                #expect(try await first.registeredNames().isEmpty)

                // A collection through the first; both see both faces.
                #expect(try await first.upload(try FontFiles.fixture("Duo.ttc")).status == 201)
                #expect(try await second.eventually(within: 2) {
                    try await second.registeredNames() == ["Duo-BoldItalic", "Duo-Regular"]
                })
                // One face of the collection deleted: the other stays, on both.
                #expect(try await second.send(.DELETE, "/v1/fonts/Duo-BoldItalic", admin: true).status == 204)
                #expect(try await first.eventually(within: 2) { try await first.registeredNames() == ["Duo-Regular"] })
            }
        }
        // A replica started later loads what is stored: the collection's remaining face only.
        try await withServer(configuration) { (third) async throws in
            #expect(try await third.registeredNames() == ["Duo-Regular"])
            #expect(try await third.upload(Data("not a font".utf8)).status == 422)
        }
        let store = try PostgresStore(url: cluster.url, logger: .init(label: "test"))
        #expect(try await store.index() == ["Duo-Regular": SHA256.hex(of: try FontFiles.fixture("Duo.ttc"))])
        #expect(try await store.fetch(names: nil).count == 1)
        await store.close()
    }

    @Test func templatesAreSharedByReplicas() async throws {
        let cluster = try await PostgresCluster()
        defer { cluster.stop() }
        let configuration = testConfiguration(store: cluster.url)
        let template = try CardRouteTests.template()
        let url = "/v1/templates/social.png?title=Shared&author=Ada"
        try await withServer(configuration) { first in
            try await withServer(configuration) { second in
                // Stored through the first, drawn by the second.
                #expect(try await first.send(.PUT, "/v1/templates/social", body: Data(template.utf8), admin: true)
                    .status == 201)
                let drawn = try await second.send(.GET, url)
                #expect(drawn.status == 200)
                let expected = try CardRenderer(registry: FontRegistry(includesSystemFonts: false))
                    .image(of: try Card.decode(from: Data(template.utf8), values: ["title": "Shared", "author": "Ada"]))
                #expect(try #require(PNGDecoder.decode(drawn.body)) == expected)
                // Replaced through the second (another background): the first, which has the old one in memory,
                // draws the new one within 2 s.
                #expect(try await first.send(.GET, url).body == drawn.body)
                let recolored = template.replacingOccurrences(of: "#0B1F3A", with: "#5A189A")
                #expect(try await second.send(.PUT, "/v1/templates/social", body: Data(recolored.utf8), admin: true)
                    .status == 200)
                #expect(try await first.eventually(within: 2) { try await first.send(.GET, url).body != drawn.body })
                // Deleted through the first, gone from the second.
                #expect(try await first.send(.DELETE, "/v1/templates/social", admin: true).status == 204)
                #expect(try await second.eventually(within: 2) { try await second.send(.GET, url).status == 404 })
            }
        }
        let store = try PostgresStore(url: cluster.url, logger: .init(label: "test"))
        #expect(try await store.templateIndex().isEmpty)
        await store.close()
    }

    @Test func postgresStoreIsAllOrNothing() async throws {
        let cluster = try await PostgresCluster()
        defer { cluster.stop() }
        let store = try PostgresStore(url: cluster.url, logger: .init(label: "test"))
        let acme = try FontFiles.fixture("Acme-Regular.ttf")
        let file = StoredFontFile(sha256: SHA256.hex(of: acme), data: acme, postScriptNames: ["Acme-Regular"])
        try await store.save(file, replacing: false)
        await #expect(throws: StoreError.namesTaken(["Acme-Regular"])) { try await store.save(file, replacing: false) }
        await #expect(throws: StoreError.namesNotFound(["Nope"])) {
            try await store.delete(names: ["Acme-Regular", "Nope"])
        }
        #expect(try await store.index() == ["Acme-Regular": file.sha256])
        #expect(try await store.fetch(names: ["Acme-Regular"]).first?.data == acme)
        try await store.delete(names: ["Acme-Regular"])
        #expect(try await store.index().isEmpty)
        #expect(try await store.fetch(names: nil).isEmpty)
        await store.close()
        // A wrong password or database is an error naming the problem, not a crash.
        let wrong = try PostgresStore(url: "postgres://mattertype@127.0.0.1:\(cluster.port)/nodb",
                                          logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }),
                                          operationTimeout: .seconds(1))
        await #expect {
            try await wrong.index()
        } throws: { error in
            "\(error)".contains("did not answer within 1.0 seconds") && "\(error)".contains("database")
        }
        await wrong.close()
    }
}
