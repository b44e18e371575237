import Foundation
import MatterType
import Testing

/// Where `render -o` writes: regular files atomically (through symbolic links), devices and FIFOs directly, other
/// special files never; standard output that cannot be written is one line and exit 1, not a crash.
@Suite("Output paths")
struct OutputPathTests {
    static func fileType(_ path: String) -> mode_t {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mode & S_IFMT : 0
    }

    @Test("-o /dev/full: the device stays a device, and its error is one line and exit 1")
    func fullDevice() throws {
        try #require(OutputPathTests.fileType("/dev/full") == S_IFCHR)
        let run = try CLIRun("render", "Hi", "--format", "png", "-o", "/dev/full")
        #expect(run.status == 1)
        #expect(run.stderr.contains("/dev/full") && run.stderr.contains("No space left on device"))
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(OutputPathTests.fileType("/dev/full") == S_IFCHR)
    }

    @Test("a FIFO is written into, not replaced")
    func fifo() throws {
        let directory = try TestSupport.scratchDirectory()
        let fifo = directory.appendingPathComponent("out.png").path
        try #require(mkfifo(fifo, 0o600) == 0)
        // A reader on the other end, as a shell's `cat out.png > …` would be.
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/cat")
        reader.arguments = [fifo]
        let pipe = Pipe()
        reader.standardOutput = pipe
        try reader.run()
        let run = try CLIRun("render", "Hi", "-o", fifo)
        let bytes = pipe.fileHandleForReading.readDataToEndOfFile()
        reader.waitUntilExit()
        #expect(run.status == 0)
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(OutputPathTests.fileType(fifo) == S_IFIFO)
    }

    @Test("through a symbolic link the regular file it points to is replaced; the link stays")
    func symbolicLink() throws {
        let directory = try TestSupport.scratchDirectory()
        let target = directory.appendingPathComponent("real.png").path
        let link = directory.appendingPathComponent("link.png").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        try ImageFile.write(Data("new".utf8), to: link)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "new")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == target)
        // No temporary file is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["link.png", "real.png"])
    }

    @Test("a directory is refused with its reason")
    func directory() throws {
        let directory = try TestSupport.scratchDirectory()
        #expect(throws: RenderError.unwritableFile(path: directory.path, reason: "it is a directory")) {
            try ImageFile.write(Data("x".utf8), to: directory.path)
        }
    }

    @Test("-o - and --json into a full standard output: exit 1 with one line, no crash")
    func fullStandardOutput() throws {
        for arguments in [["render", "Hi", "-o", "-"], ["measure", "Hi", "--json"]] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Bundle.main.bundlePath).appendingPathComponent("mattertype")
            process.arguments = arguments
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationReason == .exit && process.terminationStatus == 1, "\(arguments)")
            #expect(message.contains("standard output: No space left on device"))
        }
    }
}
