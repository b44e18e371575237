import Foundation
import MatterType

/// Paths and scratch files shared by the tests.
enum TestSupport {
    /// `Tests/MatterTypeTests/Fixtures`, made by `Fixtures/make-fixtures.py`.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// The absolute path of a fixture file.
    static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    /// The absolute path of a bundled Noto Sans file.
    static func bundled(_ name: String) throws -> String {
        guard let font = FontRegistry.bundledFonts.first(where: { $0.path.hasSuffix("/" + name) }) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: name])
        }
        return font.path
    }

    /// A new empty directory under the temporary directory.
    static func scratchDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("mattertype-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs `executable` with `arguments` to its end: its status, how it ended, and what it wrote to standard output
    /// and standard error together.
    static func run(_ executable: String, _ arguments: [String]) throws
        -> (status: Int32, reason: Process.TerminationReason, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, process.terminationReason, text)
    }

    /// Writes `data` to a new file named `name` in a scratch directory and returns its path.
    static func scratchFile(_ name: String, contents data: Data) throws -> String {
        let url = try scratchDirectory().appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }
}
