import AsyncHTTPClient
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import MatterType
@testable import MatterTypeServer
import NIOCore
import NIOHTTP1
import Testing

/// The admin token the tests' servers use.
let adminToken = "test-admin-token-0123456789"

/// A response as the tests read it.
struct HTTPResult: Sendable {
    let status: Int
    let headers: HTTPHeaders
    let body: Data

    var text: String { String(decoding: body, as: UTF8.self) }

    /// The first value of a header.
    func header(_ name: String) -> String? { headers.first(name: name) }

    /// The body as a JSON object.
    func json() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
    }

    /// The `error.code` of a JSON error body.
    var errorCode: String? { errorField("code") }

    /// The `error.message` of a JSON error body ("" for another body).
    var errorMessage: String { errorField("message") ?? "" }

    private func errorField(_ name: String) -> String? {
        ((try? JSONSerialization.jsonObject(with: body) as? [String: Any])?["error"] as? [String: Any])?[name]
            as? String
    }
}

/// A running server on loopback, reached over real HTTP.
struct LiveServer: Sendable {
    let port: Int
    /// The HTTP client (the shared one keeps at most 8 connections to a host).
    var client = HTTPClient.shared

    /// The same server through `client`.
    func using(_ client: HTTPClient) -> LiveServer {
        var copy = self
        copy.client = client
        return copy
    }

    /// Sends a request and reads the whole response. A body to a JSON route (any but `/v1/fonts`) goes as
    /// `application/json` unless `headers` give another `Content-Type`, as the server requires.
    func send(_ method: HTTPMethod, _ path: String, headers: [(String, String)] = [], body: Data? = nil,
              admin: Bool = false) async throws -> HTTPResult {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if body != nil, !path.hasPrefix("/v1/fonts"), !request.headers.contains(name: "Content-Type") {
            request.headers.add(name: "Content-Type", value: "application/json")
        }
        if admin { request.headers.add(name: "Authorization", value: "Bearer \(adminToken)") }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let response = try await client.execute(request, timeout: .seconds(60))
        let bytes = try await response.body.collect(upTo: 256 << 20)
        return HTTPResult(status: Int(response.status.code), headers: response.headers,
                          body: Data(bytes.readableBytesView))
    }

    /// POSTs a JSON object.
    func post(_ path: String, json: String, headers: [(String, String)] = []) async throws -> HTTPResult {
        try await send(.POST, path, headers: headers, body: Data(json.utf8))
    }

    /// Uploads a font file's bytes.
    func upload(_ data: Data, replace: Bool = false, admin: Bool = true) async throws -> HTTPResult {
        try await send(.PUT, "/v1/fonts" + (replace ? "?replace=true" : ""), body: data, admin: admin)
    }

    /// The PostScript names `GET /v1/fonts` lists.
    func registeredNames() async throws -> [String] {
        let list = try await send(.GET, "/v1/fonts").json()
        return (list["fonts"] as? [[String: Any]] ?? []).compactMap { $0["postScriptName"] as? String }
    }

    /// Waits until `condition` holds, checking every 50 ms, for at most `seconds`; returns whether it did.
    func eventually(within seconds: Double, _ condition: () async throws -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
        while ContinuousClock.now < deadline {
            if try await condition() { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return try await condition()
    }
}

/// A configuration on a free port with a SQLite store in `directory`, the admin token set, system fonts off
/// (so results do not depend on the machine).
func testConfiguration(store: String) -> ServerConfiguration {
    var configuration = ServerConfiguration()
    configuration.port = 0
    configuration.store = store
    configuration.adminToken = adminToken
    configuration.systemFonts = false
    configuration.logLevel = .warning
    return configuration
}

/// Runs `body` against the server `configuration` describes, started on loopback and stopped after.
func withServer<T: Sendable>(_ configuration: ServerConfiguration,
                             _ body: @Sendable (LiveServer) async throws -> T) async throws -> T {
    let app = try await MatterTypeServer.application(configuration)
    return try await app.test(.live) { client in
        let server = LiveServer(port: try #require(client.port))
        // Wait for the store to be loaded.
        _ = try await server.eventually(within: 10) { try await server.send(.GET, "/readyz").status == 200 }
        return try await body(server)
    }
}

/// A new empty directory, removed by `body`'s end.
func withTemporaryDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("mattertype-server-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try await body(url)
}

/// Font files: the root package's test fixtures (made by its Fixtures/make-fixtures.py) and Debian's.
enum FontFiles {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Tests/MatterTypeTests/Fixtures").standardized

    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: fixtures.appendingPathComponent(name))
    }

    /// Debian's fonts-dejavu-core (`make test` installs it).
    static func dejaVuSans() throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))
    }
}

/// Runs a program on a thread of its own and returns its standard output (throws on a non-zero exit, with its
/// standard error): no cooperative thread waits for it (two on this host, which the tests running alongside need).
@discardableResult
func runProgram(_ path: String, _ arguments: [String], input: Data? = nil) async throws -> String {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try runProgramBlocking(path, arguments, input: input) }) }.start()
    }
}

/// Runs a program and returns its standard output, blocking the calling thread until it exits: for a short
/// program in a synchronous clean-up (``runProgram(_:_:input:)`` everywhere else).
@discardableResult
func runProgramBlocking(_ path: String, _ arguments: [String], input: Data? = nil) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let out = Pipe()
    let err = Pipe()
    let stdin = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = stdin
    try process.run()
    if let input { stdin.fileHandleForWriting.write(input) }
    try stdin.fileHandleForWriting.close()
    let output = out.fileHandleForReading.readDataToEndOfFile()
    let errors = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw ProgramError(description: "\(path) \(arguments.joined(separator: " ")) exited "
                           + "\(process.terminationStatus): \(String(decoding: errors, as: UTF8.self))")
    }
    return String(decoding: output, as: UTF8.self)
}

struct ProgramError: Error, CustomStringConvertible {
    let description: String
}
