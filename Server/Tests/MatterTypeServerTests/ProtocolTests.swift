import Foundation
import MatterType
@testable import MatterTypeServer
import NIOHTTP1
import Testing

/// HTTP as RFC 9110/9112 has it, tried with raw bytes on loopback where a client library would not send them.
@Suite("HTTP protocol edges")
struct ProtocolTests {
    /// How long a raw read waits for the server: long, because a loaded machine (a build beside the suite) has
    /// been seen to take over 5 s; an answer ends the wait at once.
    static let readTimeout = timeval(tv_sec: 60, tv_usec: 0)

    /// Sends `bytes` to the server and returns its status line (or "" when it closes without one).
    static func raw(_ bytes: String, port: Int) async throws -> String {
        let descriptor = try open(port, sending: bytes)
        defer { close(descriptor) }
        return await onOwnThread {
            var timeout = readTimeout
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var buffer = [UInt8](repeating: 0, count: 512)
            let count = recv(descriptor, &buffer, buffer.count, 0)
            let text = String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)
            return String(text.split(separator: "\r\n").first ?? "")
        }
    }

    /// `work`'s result, worked out on a thread of its own: a blocking read waits there, not on one of Swift's
    /// cooperative threads (two on this host), which the other tests running at once need.
    static func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: work()) }.start()
        }
    }

    @Test func methodsHostChunksAndBearer() async throws {
        try await withTemporaryDirectory { directory in
            try await withServer(testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")) { server in
                // A known path with another method: 405 and the methods it has.
                let wrong = try await server.send(.DELETE, "/v1/measure")
                #expect(wrong.status == 405 && wrong.header("Allow") == "POST")
                #expect(try await server.send(.POST, "/healthz").header("Allow") == "GET, HEAD")
                #expect(try await server.send(.GET, "/nowhere").status == 404)
                // HEAD where GET exists.
                let head = try await server.send(.HEAD, "/v1/fonts")
                #expect(head.status == 200 && head.body.isEmpty)
                // No Host, malformed chunked bodies: 400, not 500.
                let port = server.port
                #expect(try await ProtocolTests.raw("GET /healthz HTTP/1.1\r\n\r\n", port: port).hasPrefix("HTTP/1.1 400"))
                for body in ["zz\r\nhello\r\n0\r\n\r\n", "12345678901234567\r\nhello\r\n0\r\n\r\n"] {
                    let line = try await ProtocolTests.raw("POST /v1/measure HTTP/1.1\r\nHost: x\r\n"
                                                     + "Transfer-Encoding: chunked\r\n\r\n" + body, port: port)
                    #expect(line.hasPrefix("HTTP/1.1 400"), "\(line)")
                }
                let unknownCoding = try await ProtocolTests.raw("POST /v1/measure HTTP/1.1\r\nHost: x\r\n"
                                                          + "Transfer-Encoding: xchunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
                                                          port: port)
                #expect(unknownCoding.hasPrefix("HTTP/1.1 400") || unknownCoding.isEmpty, "\(unknownCoding)")
                // The Bearer scheme in any case.
                let lower = try await server.send(.PUT, "/v1/fonts", headers: [("Authorization", "bearer \(adminToken)")],
                                                  body: try FontFiles.fixture("Acme-Regular.ttf"))
                #expect(lower.status == 201)
                // A client that goes away in the middle of its body is not a server error.
                let gone = try ProtocolTests.open(port, sending: "POST /v1/measure HTTP/1.1\r\nHost: x\r\n"
                                                  + "Content-Length: 1000\r\n\r\n{\"text\": ")
                close(gone)
                // The server sees the close when its event loop next reads the socket: within milliseconds, or
                // seconds on a loaded machine (the other suites run alongside), so the count is waited for.
                let gave499 = #"mattertype_http_requests_total{route="/v1/measure",method="POST",status="499"} 1"#
                var metrics = ""
                for _ in 0..<100 {
                    metrics = try await server.send(.GET, "/metrics").text
                    if metrics.contains(gave499) { break }
                    try await Task.sleep(for: .milliseconds(100))
                }
                #expect(!metrics.contains("status=\"500\""))
                #expect(metrics.contains(gave499))
            }
        }
    }

    /// A connected socket to `port` that has sent `bytes`.
    static func open(_ port: Int, sending bytes: String) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(descriptor >= 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        try #require(connected == 0)
        _ = Array(bytes.utf8).withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
        return descriptor
    }

    /// Whether the server has closed `descriptor` (a read returns end of file within `seconds`).
    static func isClosed(_ descriptor: Int32, within seconds: Int) async -> Bool {
        await onOwnThread {
            var timeout = timeval(tv_sec: seconds, tv_usec: 0)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var byte: UInt8 = 0
            return recv(descriptor, &byte, 1, 0) == 0
        }
    }

    @Test func slowHeadersAndTooManyConnectionsAreClosed() async throws {
        try await withTemporaryDirectory { directory in
            var configuration = testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")
            configuration.idleTimeout = .seconds(1)
            configuration.maxConnections = 4
            try await withServer(configuration) { server in
                // Slowloris: headers never finished; closed after the idle timeout.
                let slow = try ProtocolTests.open(server.port, sending: "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ")
                defer { close(slow) }
                #expect(await ProtocolTests.isClosed(slow, within: 5))
                // Past the connection limit a new connection is closed at once.
                let held = try (0..<6).map { _ in try ProtocolTests.open(server.port, sending: "") }
                defer { held.forEach { close($0) } }
                var closed = 0
                for descriptor in held where await ProtocolTests.isClosed(descriptor, within: 1) { closed += 1 }
                #expect(closed >= 2)
            }
        }
    }

    @Test func aBodyStillArrivingAfterTheBodyTimeoutGets408() async throws {
        try await withTemporaryDirectory { directory in
            var configuration = testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")
            configuration.bodyTimeout = .milliseconds(300)
            configuration.idleTimeout = .seconds(2)
            try await withServer(configuration) { server in
                // A byte every 50 ms: never idle for the idle timeout, but past the body timeout within 6 bytes.
                let body = #"{"text": "a slow client"}"#
                let descriptor = try ProtocolTests.open(server.port, sending: "POST /v1/measure HTTP/1.1\r\nHost: x\r\n"
                                                        + "Content-Type: application/json\r\n"
                                                        + "Content-Length: \(body.utf8.count)\r\n\r\n")
                defer { close(descriptor) }
                for byte in body.utf8.prefix(12) {
                    try await Task.sleep(for: .milliseconds(50))
                    // Stop once the answer is in: bytes sent after the server closed would be answered by a
                    // reset, which could drop the answer before it is read.
                    var peek: UInt8 = 0
                    if recv(descriptor, &peek, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) > 0 { break }
                    var value = byte
                    _ = send(descriptor, &value, 1, Int32(MSG_NOSIGNAL))
                }
                let response = await ProtocolTests.onOwnThread {
                    var timeout = ProtocolTests.readTimeout
                    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
                    var buffer = [UInt8](repeating: 0, count: 1024)
                    let count = recv(descriptor, &buffer, buffer.count, 0)
                    return String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)
                }
                #expect(response.hasPrefix("HTTP/1.1 408"), "\(response)")
                #expect(response.contains(#""code":"body_timeout""#), "\(response)")
            }
        }
    }

    @Test func namesWithCommasAreDeletedByPathAndQuery() async throws {
        // Duo.ttc's faces, registered; deleted by a query whose names are percent-encoded where needed.
        try await withTemporaryDirectory { directory in
            try await withServer(testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")) { server in
                #expect(try await server.upload(try FontFiles.fixture("Duo.ttc")).status == 201)
                let both = try await server.send(.DELETE, "/v1/fonts?names=Duo%2DRegular,Duo-BoldItalic", admin: true)
                #expect(both.status == 204)
                #expect(try await server.registeredNames().isEmpty)
                let comma = try await server.send(.DELETE, "/v1/fonts?names=A%2CB", admin: true)
                #expect(comma.status == 404 && comma.errorMessage.contains("A,B"))
                let path = try await server.send(.DELETE, "/v1/fonts/A%2CB", admin: true)
                #expect(path.status == 404 && path.errorMessage.contains("A,B"))
            }
        }
    }
}
