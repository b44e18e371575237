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

/// Parses `--weight`: a name, a synonym or a number.
func parseWeight(_ text: String) throws -> FontWeight {
    guard let weight = FontWeight(parsing: text) else {
        throw ValidationError("unknown weight '\(text)'; use \(FontWeight.acceptedSpellings)")
    }
    return weight
}

/// Parses `--font-width`: a CSS width keyword or a percentage.
func parseWidth(_ text: String) throws -> FontWidth {
    guard let width = FontWidth(parsing: text) else {
        throw ValidationError("unknown width '\(text)'; use \(FontWidth.acceptedSpellings)")
    }
    return width
}

/// Parses a length option as JSON writes it: `12`, `12px`, `-0.02em`, `150%`.
func parseLength(_ text: String) throws -> Length {
    guard let length = Length(parsing: text) else {
        throw ValidationError("'\(text)' is not a length; use points (12, 12px) or of the font size (-0.02em, 150%)")
    }
    return length
}

/// Parses `--variations`: comma-separated `tag=value` pairs ("wdth=80,GRAD=50").
func parseVariations(_ text: String) throws -> [String: Double] {
    var variations: [String: Double] = [:]
    for pair in text.split(separator: ",") {
        let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, (1...4).contains(parts[0].utf8.count), parts[0].allSatisfy(\.isASCII),
              let value = Double(parts[1]), value.isFinite else {
            throw ValidationError("bad variation '\(pair)'; write tag=value pairs such as \"wdth=80,GRAD=50\"")
        }
        variations[parts[0]] = value
    }
    return variations
}
