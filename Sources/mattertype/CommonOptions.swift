import ArgumentParser
import Foundation
import MatterType
import MatterTypeWire

/// Font files to register before the command runs, and whether the system's fonts may be used.
struct FontSourceOptions: ParsableArguments {
    @Option(name: .customLong("font-file"),
            help: ArgumentHelp("A font file to register first (repeatable).", valueName: "path"))
    var fontFiles: [String] = []

    @Flag(help: "Let a --font-file face replace an earlier one with the same PostScript name instead of failing.")
    var replace = false

    @Flag(name: .customLong("no-system-fonts"),
          help: "Never fall back to installed system fonts; use only registered and bundled ones.")
    var noSystemFonts = false

    /// A new registry holding the `--font-file` fonts.
    func makeRegistry() throws -> FontRegistry {
        let registry = FontRegistry(includesSystemFonts: !noSystemFonts)
        for path in fontFiles {
            try registry.register(fileAt: path, replacingExisting: replace)
        }
        return registry
    }
}

/// A message for the user, printed as `mattertype: <message>`.
struct CLIError: Error, CustomStringConvertible {
    let description: String
}

/// Prints `value` as one line of JSON on stdout.
func printJSON(_ value: some Encodable) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = try encoder.encode(value)
    try writeToStandardOutput(data + Data("\n".utf8))
}

/// Writes `data` to standard output, or throws a one-line error when it cannot be written (a full disk behind a
/// redirection, a closed pipe) instead of crashing as FileHandle's write does.
func writeToStandardOutput(_ data: Data) throws {
    fflush(nil)  // what print() buffered goes first (nil: every output stream)
    if let failure = ImageFile.writeAll(data, to: STDOUT_FILENO) {
        throw CLIError(description: "standard output: \(String(cString: strerror(failure)))")
    }
}

/// Writes an image's bytes to `output` (`-`: standard output) and its one-line `status`: to standard output after a
/// file, to standard error after image bytes on standard output.
func writeImage(_ bytes: Data, to output: String, status: String) throws {
    if output == "-" {
        try writeToStandardOutput(bytes)
        FileHandle.standardError.write(Data((status + "\n").utf8))
    } else {
        try ImageFile.write(bytes, to: output)
        print(status)
    }
}
