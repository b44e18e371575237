import Foundation
import Testing

/// A throwaway PostgreSQL cluster: `initdb` in a temporary directory, `postgres` on a private loopback port with
/// trust authentication, removed by ``stop()``. Debian's `postgresql` package provides the programs (`make test`
/// installs it). As root, the server runs as the `postgres` user, since PostgreSQL refuses to run as root.
final class PostgresCluster: Sendable {
    let directory: URL
    let port: Int
    private let binaries: URL
    private let runAsPostgres: Bool

    /// The URL of the cluster's `postgres` database, as the user `mattertype`.
    var url: String { "postgres://mattertype@127.0.0.1:\(port)/postgres" }

    /// Makes a cluster and starts it unless `starting` is false (then ``start()`` does).
    init(starting: Bool = true) async throws {
        let root = URL(fileURLWithPath: "/usr/lib/postgresql")
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        guard let version = versions.compactMap(Int.init).max() else {
            throw ProgramError(description: "no PostgreSQL under /usr/lib/postgresql; install Debian's postgresql (make test does)")
        }
        binaries = root.appendingPathComponent("\(version)/bin")
        runAsPostgres = getuid() == 0
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("mattertype-pg-\(UUID().uuidString)")
        port = try PostgresCluster.freePort()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        if runAsPostgres { try await runProgram("/bin/chown", ["postgres:postgres", directory.path]) }
        let data = directory.appendingPathComponent("data").path
        let (initdb, arguments) = command("initdb", ["-D", data, "-U", "mattertype", "-A", "trust", "--no-sync",
                                                     "-E", "UTF8"])
        try await runProgram(initdb, arguments)
        if starting { try await start() }
    }

    /// Starts the cluster's server.
    func start() async throws {
        let data = directory.appendingPathComponent("data").path
        let (pgCtl, arguments) = command("pg_ctl", ["-D", data, "-l", directory.appendingPathComponent("log").path,
                                                    "-w", "-t", "60", "-o", "-p \(port) -k \(directory.path) "
                                                    + "-c listen_addresses=127.0.0.1 -c fsync=off", "start"],
                                         detached: true)
        try await runProgram(pgCtl, arguments)
    }

    /// Stops the server and removes the cluster (in a test's `defer`: an immediate stop, a moment's wait).
    func stop() {
        let (pgCtl, arguments) = command("pg_ctl", ["-D", directory.appendingPathComponent("data").path, "-m",
                                                    "immediate", "-w", "stop"])
        _ = try? runProgramBlocking(pgCtl, arguments)
        try? FileManager.default.removeItem(at: directory)
    }

    /// The command line of a PostgreSQL program (as `postgres` when root), as `runProgram` takes it: the path, then
    /// the arguments. `detached`: for one that leaves a daemon behind —
    /// Foundation's `Process` lets a child inherit this process's other open descriptors, among them the write
    /// ends of other children's output pipes, and a daemon holding those would keep their readers waiting for
    /// ever; so it is started through Python's `subprocess`, which closes every other descriptor.
    private func command(_ program: String, _ arguments: [String], detached: Bool = false) -> (String, [String]) {
        var command = [binaries.appendingPathComponent(program).path] + arguments
        if runAsPostgres { command = ["/usr/sbin/runuser", "-u", "postgres", "--"] + command }
        if detached {
            let python = "import subprocess, sys; sys.exit(subprocess.run(sys.argv[1:], stdin=subprocess.DEVNULL, "
                + "stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, close_fds=True).returncode)"
            command = ["/usr/bin/env", "python3", "-c", python] + command
        }
        return (command[0], Array(command.dropFirst()))
    }

    /// A port nothing listens on now (the kernel's choice for a socket bound to port 0).
    private static func freePort() throws -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw ProgramError(description: "socket() failed") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) }
        }
        guard bound == 0 else { throw ProgramError(description: "bind() failed") }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        guard named == 0 else { throw ProgramError(description: "getsockname() failed") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
