import AsyncHTTPClient
import Foundation
import MatterType
import MatterTypeWire
import MatterTypeCards
@testable import MatterTypeServer
import NIOCore
import NIOHTTP1
import Testing

/// 32 clients at once, mixing renders and measures with registrations, replacements and deletions.
@Suite("Concurrent clients")
struct ConcurrencyTests {
    @Test func thirtyTwoClientsMixingRendersAndRegistrations() async throws {
        let acme = try ["Acme-Regular.ttf", "Acme-Medium.ttf", "Acme-DemiBold.ttf"].map(FontFiles.fixture)
        let duo = try FontFiles.fixture("Duo.ttc")
        try await withTemporaryDirectory { directory in
            let store = "sqlite:\(directory.path)/fonts.sqlite"
            // A connection for each client (the shared client would queue them on 8).
            let client = HTTPClient(configuration: .init(connectionPool: .init(
                idleTimeout: .seconds(30), concurrentHTTP1ConnectionsPerHostSoftLimit: 32)))
            defer { _ = client.shutdown() }
            try await withServer(testConfiguration(store: store)) { liveServer in
                let server = liveServer.using(client)
                let results = try await withThrowingTaskGroup(of: [(String, Int)].self) { group in
                    for client in 0..<32 {
                        group.addTask {
                            var seen: [(String, Int)] = []
                            for round in 0..<6 {
                                let (name, response) = try await Self.step(client: client, round: round, server: server,
                                                                           acme: acme, duo: duo)
                                seen.append((name, response.status))
                                if name == "list" {
                                    // A collection's faces come and go together.
                                    let names = Set(try await server.registeredNames())
                                    #expect(names.contains("Duo-Regular") == names.contains("Duo-BoldItalic"))
                                }
                            }
                            return seen
                        }
                    }
                    return try await group.reduce(into: [(String, Int)]()) { $0 += $1 }
                }
                #expect(results.count == 32 * 6)
                let allowed: [String: Set<Int>] = [
                    "render": [200], "measure": [200], "list": [200],
                    "upload": [201, 409], "replace": [201], "uploadDuo": [201, 409],
                    "delete": [204, 404], "deleteDuo": [204, 404],
                ]
                for (name, status) in results {
                    #expect(status < 500, "\(name) answered \(status)")
                    #expect(allowed[name]?.contains(status) == true, "\(name) answered \(status)")
                }
                // The registry and the store agree at the end.
                let listed = try await server.send(.GET, "/v1/fonts").json()["fonts"] as? [[String: Any]] ?? []
                let served = Dictionary(uniqueKeysWithValues: listed.compactMap { font in
                    (font["postScriptName"] as? String).map { ($0, font["sha256"] as? String ?? "") }
                })
                let stored = try await SQLiteStore(path: "\(directory.path)/fonts.sqlite").index()
                #expect(served == stored)
                // And every registered face is used for its family.
                for name in served.keys where name.hasPrefix("Acme") {
                    let weight = ["Acme-Regular": 400, "Acme-Medium": 500, "Acme-DemiBold": 600][name] ?? 400
                    let response = try await server.post("/v1/measure", json: #"{"text": "Hi", "family": "Acme", "weight": \#(weight)}"#)
                    #expect(try JSONDecoder().decode(TextMeasurement.self, from: response.body).postScriptName == name)
                }
            }
        }
    }

    /// One client's step: most clients render or measure; every fourth registers, replaces or deletes.
    static func step(client: Int, round: Int, server: LiveServer, acme: [Data],
                     duo: Data) async throws -> (String, HTTPResult) {
        let font = acme[(client + round) % acme.count]
        switch (client % 4, round % 3) {
        case (0, 0): return ("upload", try await server.upload(font))
        case (0, 1): return ("replace", try await server.upload(font, replace: true))
        case (0, 2):
            let name = ["Acme-Regular", "Acme-Medium", "Acme-DemiBold"][(client + round) % 3]
            return ("delete", try await server.send(.DELETE, "/v1/fonts/\(name)", admin: true))
        case (1, 0) where client % 8 == 1: return ("uploadDuo", try await server.upload(duo))
        case (1, 1) where client % 8 == 1:
            return ("deleteDuo", try await server.send(.DELETE, "/v1/fonts?names=Duo-Regular,Duo-BoldItalic", admin: true))
        case (1, _): return ("list", try await server.send(.GET, "/v1/fonts"))
        case (2, _):
            return ("measure", try await server.post("/v1/measure", json: #"{"text": "Concurrent \#(client) \#(round)", "family": ["Acme", "Duo"], "width": 80}"#))
        default:
            return ("render", try await server.post("/v1/render", json: #"{"text": "Card \#(client) title\nround \#(round)", "family": "Acme", "scale": 2, "width": 200}"#))
        }
    }
}

/// The gate behind render slots and font changes: turns in arrival order, each waiter turned away at its own
/// deadline by the one timer, the others keeping their place.
@Suite("FIFO gate")
struct FIFOGateTests {
    /// Records, in order, which waiters got in and which were turned away.
    private actor Outcomes {
        var list: [String] = []
        func add(_ outcome: String) { list.append(outcome) }
    }

    /// Starts `name` waiting with `timeout`, and waits until the gate has it queued (the waiters' order is the
    /// order of the calls): until `queued` waiters are waiting or done — on a loaded machine a short timeout can
    /// pass before the next waiter is queued — for at most 5 s.
    private static func queue(_ name: String, timeout: Duration?, on gate: FIFOGate, into outcomes: Outcomes,
                              in group: inout DiscardingTaskGroup, queued: Int) async {
        group.addTask {
            let admitted = await gate.enter(timeout: timeout)
            await outcomes.add(admitted ? "\(name) in" : "\(name) out")
            if admitted { await gate.leave() }
        }
        let end = ContinuousClock.now + .seconds(5)
        while await gate.waiting + outcomes.list.count < queued, ContinuousClock.now < end {
            try? await Task.sleep(for: .milliseconds(1))
        }
    }

    /// Waits until `outcomes` has `count` entries, for at most 5 s (a gate that never turns a waiter away fails
    /// the test's expectations rather than hanging it).
    private static func wait(until count: Int, in outcomes: Outcomes) async {
        let end = ContinuousClock.now + .seconds(5)
        while await outcomes.list.count < count, ContinuousClock.now < end { try? await Task.sleep(for: .milliseconds(5)) }
    }

    @Test func turnsInArrivalOrderAndEachTimeoutItsOwn() async throws {
        let gate = FIFOGate(limit: 1)
        #expect(await gate.enter(timeout: .seconds(1)))
        let outcomes = Outcomes()
        let start = ContinuousClock.now
        await withDiscardingTaskGroup { group in
            // a waits without a deadline, b 50 ms, c 10 s, d 150 ms: b and d are turned away at their own
            // deadlines (b's timer replaced by none: d's comes later), a and c keep their places.
            await Self.queue("a", timeout: nil, on: gate, into: outcomes, in: &group, queued: 1)
            await Self.queue("b", timeout: .milliseconds(50), on: gate, into: outcomes, in: &group, queued: 2)
            await Self.queue("c", timeout: .seconds(10), on: gate, into: outcomes, in: &group, queued: 3)
            await Self.queue("d", timeout: .milliseconds(150), on: gate, into: outcomes, in: &group, queued: 4)
            await Self.wait(until: 2, in: outcomes)
            #expect(await outcomes.list == ["b out", "d out"])
            #expect(ContinuousClock.now - start >= .milliseconds(150))
            #expect(await gate.waiting == 2)
            await gate.leave()
        }
        #expect(await outcomes.list == ["b out", "d out", "a in", "c in"])
        #expect(await gate.active == 0)
    }

    @Test func anEarlierDeadlineReplacesTheTimer() async throws {
        let gate = FIFOGate(limit: 1)
        #expect(await gate.enter())
        let outcomes = Outcomes()
        let start = ContinuousClock.now
        await withDiscardingTaskGroup { group in
            // The timer first sleeps for a's 10 s; b's 50 ms must wake it sooner.
            await Self.queue("a", timeout: .seconds(10), on: gate, into: outcomes, in: &group, queued: 1)
            await Self.queue("b", timeout: .milliseconds(50), on: gate, into: outcomes, in: &group, queued: 2)
            await Self.wait(until: 1, in: outcomes)
            #expect(ContinuousClock.now - start < .seconds(5))
            #expect(await outcomes.list == ["b out"])
            await gate.leave()
        }
        #expect(await outcomes.list == ["b out", "a in"])
    }
}
