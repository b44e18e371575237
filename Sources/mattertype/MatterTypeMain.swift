import ArgumentParser
import Foundation
import MatterType

/// The `mattertype` executable: parses the command line and turns every failure into one line on stderr and
/// exit code 1 (help and version requests still print in full and exit 0).
@main
enum MatterTypeMain {
    static func main() {
        FreedMemory.keepFreedMemory()  // batches and benchmarks draw card after card
        do {
            var command = try MatterTypeCommand.parseAsRoot(
                FieldArguments.rewritten(Array(CommandLine.arguments.dropFirst())))
            try command.run()
        } catch {
            if MatterTypeCommand.exitCode(for: error) == .success {
                MatterTypeCommand.exit(withError: error)
            }
            if let code = error as? ExitCode { exit(code.rawValue) }  // the command has said why on stdout
            let message = MatterTypeCommand.message(for: error)
                .split(separator: "\n").first.map(String.init) ?? "failed"
            FileHandle.standardError.write(Data("mattertype: \(message)\n".utf8))
            exit(1)
        }
    }
}

/// The root command; its subcommands do the work.
struct MatterTypeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mattertype",
        abstract: "Render text exactly as a design system's typography defines it.",
        subcommands: [FontsCommand.self, ResolveCommand.self, TokensCommand.self, ShapeCommand.self, MeasureCommand.self, SnapshotCommand.self, CheckCommand.self,
                      RenderCommand.self, CardCommand.self, FigmaCommand.self,
                      BatchCommand.self, AuditCommand.self, SignCommand.self, DemoCommand.self, BenchCommand.self,
                      FuzzCommand.self])
}
