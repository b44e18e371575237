import Foundation
import NIOHTTP1
import Testing

/// Traces, end to end: the `mattertype-server` binary started with OpenTelemetry's environment variables sends its
/// spans over OTLP/HTTP to a real receiver, Scripts/otlp-receiver.py, which decodes the protobuf itself (Python,
/// from the wire format and opentelemetry-proto's field numbers: independent of the Swift encoder). The binary,
/// not an application in this process, because a tracer is bootstrapped once per process.
@Suite(.serialized) struct TracingTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../..").standardized
    static let serverBinary = root.appendingPathComponent("Server/.build/debug/mattertype-server").path
    static let receiverScript = root.appendingPathComponent("Scripts/otlp-receiver.py").path

    /// A render and a template, each continuing the `traceparent` it was sent with: the request's span is the
    /// caller's child, every stage the request's, all in the caller's trace, with the attributes that explain them.
    @Test func stagesArriveAsChildrenOfTheRequestInTheCallersTrace() async throws {
        try await withTracedServer(scheduleDelay: "100") { server, spans in
            let renderTrace = Self.randomHex(16), caller = Self.randomHex(8)
            let text = "Traced text, laid out and drawn: every stage a span."
            let renderBody = """
                {"text": "\(text)", "family": "Noto Sans", "size": 18, "lineHeight": 26, "width": 300, "scale": 2}
                """
            let render = try await server.post("/v1/render", json: renderBody,
                                               headers: [("traceparent", "00-\(renderTrace)-\(caller)-01")])
            #expect(render.status == 200)

            let templateTrace = Self.randomHex(16)
            let stored = try await server.send(.PUT, "/v1/templates/traced", headers: [
                ("traceparent", "00-\(templateTrace)-\(caller)-01")], body: Data("""
                {"width": 400, "height": 200, "background": "#ffffff",
                 "layers": [{"type": "text", "text": "Hi {{name}}", "x": 10, "y": 10, "width": 300}]}
                """.utf8), admin: true)
            #expect(stored.status == 201, "\(stored.text)")
            let imageTrace = Self.randomHex(16)
            let image = try await server.send(.GET, "/v1/templates/traced.webp?name=Ann",
                                              headers: [("traceparent", "00-\(imageTrace)-\(caller)-01")])
            #expect(image.status == 200)

            // The render: the server span under the caller's, its stages under it, in order.
            let rendered = try await spans.trace(renderTrace, spanCount: 8)
            let request = try #require(rendered.first { $0.name == "/v1/render" })
            #expect(request.parentSpanID == caller)
            #expect(request.kind == 2)  // SPAN_KIND_SERVER
            #expect(request.attributes["http.response.status_code"] as? Int == 200)
            let stages = rendered.filter { $0.parentSpanID == request.spanID }.sorted { $0.start < $1.start }
            #expect(stages.map(\.name) == ["read body", "decode", "wait for render slot", "resolve fonts", "lay out",
                                           "draw", "encode"])
            for stage in stages {
                #expect(stage.start >= request.start && stage.end <= request.end, "\(stage.name) outside the request")
            }
            let byName = Dictionary(stages.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            #expect(byName["decode"]?.attributes["mattertype.text.length"] as? Int == text.unicodeScalars.count)
            #expect(byName["read body"]?.attributes["mattertype.body.bytes"] as? Int == renderBody.utf8.count)
            let (width, height) = try Self.pngSize(render.body)
            #expect(byName["draw"]?.attributes["mattertype.image.pixels"] as? Int == width * height)
            #expect(byName["draw"]?.attributes["mattertype.image.format"] as? String == "png")
            #expect(byName["encode"]?.attributes["mattertype.image.bytes"] as? Int == render.body.count)

            // Storing a template: its check drawn once, then "store".
            let put = try await spans.trace(templateTrace, spanCount: 7)
            let putRequest = try #require(put.first { $0.kind == 2 })
            #expect(putRequest.parentSpanID == caller)
            let store = try #require(put.first { $0.name == "store" })
            #expect(store.parentSpanID == putRequest.spanID)
            #expect(store.attributes["mattertype.template"] as? String == "traced")

            // Its image: decoded from the template, laid out, drawn, encoded as WebP.
            let drawn = try await spans.trace(imageTrace, spanCount: 6)
            let getRequest = try #require(drawn.first { $0.kind == 2 })
            #expect(getRequest.parentSpanID == caller)
            #expect(getRequest.attributes["url.query"] as? String == "name=Ann")
            let imageStages = drawn.filter { $0.parentSpanID == getRequest.spanID }.sorted { $0.start < $1.start }
            #expect(imageStages.map(\.name) == ["wait for render slot", "decode", "lay out", "draw", "encode"])
            let decode = try #require(imageStages.first { $0.name == "decode" })
            #expect(decode.attributes["mattertype.template"] as? String == "traced")
            #expect(decode.attributes["mattertype.card.nodes"] as? Int == 1)
            #expect(decode.attributes["mattertype.text.length"] as? Int == "Hi Ann".count)
            #expect(imageStages.last?.attributes["mattertype.image.format"] as? String == "webp")
            #expect(imageStages.last?.attributes["mattertype.image.bytes"] as? Int == image.body.count)
            // The probes (the readiness checks above) are not traced.
            #expect(try spans.all().allSatisfy { !["/readyz", "/healthz", "/metrics"].contains($0.name) })
        }
    }

    /// Spans still waiting for their batch (`OTEL_BSP_SCHEDULE_DELAY` of ten minutes) are sent when the server
    /// shuts down on SIGTERM.
    @Test func spansWaitingForTheirBatchAreSentAtShutdown() async throws {
        try await withTracedServer(scheduleDelay: "600000") { server, spans in
            let trace = Self.randomHex(16)
            let measured = try await server.post("/v1/measure", json: #"{"text": "Flushed at shutdown", "size": 12}"#,
                                                 headers: [("traceparent", "00-\(trace)-\(Self.randomHex(8))-01")])
            #expect(measured.status == 200)
            try await Task.sleep(for: .milliseconds(300))
            #expect(try spans.all().isEmpty, "sent before the batch was due")
            try await spans.stopServer()
            let sent = try await spans.trace(trace, spanCount: 6)
            #expect(sent.contains { $0.name == "/v1/measure" })
            #expect(sent.contains { $0.name == "lay out" })
        }
    }

    /// A value swift-otel cannot use (this build exports over HTTP only) stops the server at start with one line.
    @Test func anUnusableExporterSettingIsRefusedAtStart() async throws {
        try await withTemporaryDirectory { directory in
            let server = try RunningProgram(Self.serverBinary,
                                            ["--port", "0", "--store", "sqlite:\(directory.path)/fonts.sqlite",
                                             "--no-system-fonts"],
                                            environment: ["OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:9",
                                                          "OTEL_EXPORTER_OTLP_PROTOCOL": "grpc"],
                                            output: directory.appendingPathComponent("server.log"))
            let status = try await server.exitStatus(within: 30)
            #expect(status != 0)
            let log = try String(contentsOf: directory.appendingPathComponent("server.log"), encoding: .utf8)
            #expect(log.hasPrefix("mattertype-server: OTEL_EXPORTER_OTLP_PROTOCOL=grpc: "), "\(log)")
        }
    }

    // MARK: - Support

    /// Runs `body` against a `mattertype-server` binary exporting to a fresh receiver every `scheduleDelay` ms.
    private func withTracedServer(scheduleDelay: String,
                                  _ body: @Sendable (LiveServer, ReceivedSpans) async throws -> Void) async throws {
        try await withTemporaryDirectory { directory in
            let portFile = directory.appendingPathComponent("receiver.port")
            let spansFile = directory.appendingPathComponent("spans.jsonl")
            let receiver = try RunningProgram("/usr/bin/python3",
                                              [Self.receiverScript, "--port", "0", "--port-file", portFile.path,
                                               "--out", spansFile.path],
                                              output: directory.appendingPathComponent("receiver.log"))
            defer { receiver.stop() }
            let receiverPort = try await Self.waitForText(in: portFile, within: 20) { Int($0) }
            let log = directory.appendingPathComponent("server.log")
            let server = try RunningProgram(Self.serverBinary,
                                            ["--port", "0", "--store", "sqlite:\(directory.path)/fonts.sqlite",
                                             "--no-system-fonts", "--log-level", "info"],
                                            environment: ["OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:\(receiverPort)",
                                                          "OTEL_BSP_SCHEDULE_DELAY": scheduleDelay,
                                                          "MATTERTYPE_ADMIN_TOKEN": adminToken],
                                            output: log)
            defer { server.stop() }
            let port = try await Self.waitForText(in: log, within: 60) { text in
                text.range(of: "listening on 127.0.0.1:").flatMap { found in
                    Int(text[found.upperBound...].prefix { $0.isNumber })
                }
            }
            let live = LiveServer(port: port)
            _ = try await live.eventually(within: 20) { try await live.send(.GET, "/readyz").status == 200 }
            try await body(live, ReceivedSpans(file: spansFile, server: server))
        }
    }

    /// `count` random bytes in lowercase hex (a trace id: 16, a span id: 8).
    static func randomHex(_ count: Int) -> String {
        (0..<count).map { _ in String(format: "%02x", UInt8.random(in: 1...255)) }.joined()
    }

    /// A PNG's width and height, from its IHDR chunk.
    static func pngSize(_ data: Data) throws -> (Int, Int) {
        let bytes = [UInt8](data)
        try #require(bytes.count > 24 && bytes[12..<16].elementsEqual("IHDR".utf8))
        func integer(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (integer(16), integer(20))
    }

    /// What `parse` finds in `file` once it does, checking every 50 ms for at most `seconds`.
    static func waitForText<T>(in file: URL, within seconds: Int, _ parse: (String) -> T?) async throws -> T {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if let text = try? String(contentsOf: file, encoding: .utf8), let found = parse(text) { return found }
            try await Task.sleep(for: .milliseconds(50))
        }
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? "(nothing)"
        throw ProgramError(description: "nothing expected in \(file.lastPathComponent) after \(seconds) s: \(text)")
    }
}

/// A span as Scripts/otlp-receiver.py writes it.
struct ReceivedSpan: @unchecked Sendable {
    let traceID, spanID, parentSpanID, name: String
    let kind: Int
    let start, end: UInt64
    /// Values as JSON reads them: String, Int, Double, Bool.
    let attributes: [String: Any]

    init?(_ object: [String: Any]) {
        guard let traceID = object["traceId"] as? String, let spanID = object["spanId"] as? String,
              let name = object["name"] as? String else { return nil }
        self.traceID = traceID
        self.spanID = spanID
        self.name = name
        parentSpanID = object["parentSpanId"] as? String ?? ""
        kind = object["kind"] as? Int ?? 0
        start = (object["start"] as? NSNumber)?.uint64Value ?? 0
        end = (object["end"] as? NSNumber)?.uint64Value ?? 0
        attributes = object["attributes"] as? [String: Any] ?? [:]
    }
}

/// The spans a receiver has written, and the server that sends them.
struct ReceivedSpans: Sendable {
    let file: URL
    let server: RunningProgram

    /// Every span received so far.
    func all() throws -> [ReceivedSpan] {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return [] }
        return try text.split(separator: "\n").compactMap { line in
            ReceivedSpan(try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]))
        }
    }

    /// The spans of trace `traceID`, once at least `spanCount` of them arrived (within 20 s).
    func trace(_ traceID: String, spanCount: Int) async throws -> [ReceivedSpan] {
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            let spans = try all().filter { $0.traceID == traceID }
            if spans.count >= spanCount { return spans }
            try await Task.sleep(for: .milliseconds(50))
        }
        let names = try all().filter { $0.traceID == traceID }.map(\.name)
        throw ProgramError(description: "trace \(traceID): \(names.count) spans arrived, \(names), not \(spanCount)")
    }

    /// Sends the server SIGTERM and waits for it to exit (0).
    func stopServer() async throws {
        server.signal(SIGTERM)
        let status = try await server.exitStatus(within: 30)
        #expect(status == 0)
    }
}

/// A program running in the background, its standard output and error written to a file. Process is used only
/// through its thread-safe members (isRunning, terminationStatus, signals), so this is Sendable.
final class RunningProgram: @unchecked Sendable {
    private let process = Process()

    init(_ path: String, _ arguments: [String], environment: [String: String] = [:], output: URL) throws {
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("OTEL_") }
            .merging(environment) { _, given in given }
        FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        try handle.close()  // the program has its own copy
    }

    /// Sends `signal`, if it still runs.
    func signal(_ signal: Int32) {
        if process.isRunning { kill(process.processIdentifier, signal) }
    }

    /// Stops it (SIGKILL) if it still runs.
    func stop() {
        signal(SIGKILL)
    }

    /// Its exit status, once it exits (checked every 50 ms: no thread waits), within `seconds`.
    func exitStatus(within seconds: Int) async throws -> Int32 {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while process.isRunning {
            guard ContinuousClock.now < deadline else {
                throw ProgramError(description: "\(process.executableURL?.path ?? "") still runs after \(seconds) s")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        return process.terminationStatus
    }
}
