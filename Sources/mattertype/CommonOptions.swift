import ArgumentParser
import Foundation
import MatterType
import MatterTypeWire

/// Font files to register before the command runs, and whether the system's fonts may be used.
struct FontSourceOptions: ParsableArguments {
    @Option(name: .customLong("font-file"),
            help: ArgumentHelp("A font file to register first (repeatable).", valueName: "path"))
    var fontFiles: [String] = []

    @Option(name: .customLong("font-dir"),
            help: ArgumentHelp("A folder of fonts to register, subfolders included: a design's font folder "
                               + "(repeatable; a face registered already is left out).", valueName: "folder"))
    var fontFolders: [String] = []

    @Flag(help: "Let a --font-file face replace an earlier one with the same PostScript name instead of failing.")
    var replace = false

    @Flag(name: .customLong("no-system-fonts"),
          help: "Never fall back to installed system fonts; use only registered and bundled ones.")
    var noSystemFonts = false

    /// A new registry holding the `--font-file` fonts, then the `--font-dir` folders'.
    func makeRegistry() throws -> FontRegistry {
        let registry = FontRegistry(includesSystemFonts: !noSystemFonts)
        for path in fontFiles {
            try registry.register(fileAt: path, replacingExisting: replace)
        }
        for path in fontFolders {
            try registry.register(folderAt: path)
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

/// A template's placeholder values: `--values file.json` and `--set name=value` (which wins).
struct PlaceholderOptions: ParsableArguments {
    @Option(name: .customLong("values"),
            help: ArgumentHelp("A JSON object of placeholder values: {\"title\": \"…\"}.", valueName: "values.json"))
    var valuesFile: String?

    @Option(name: .customLong("set"), help: ArgumentHelp(
        "A field's value, name=value: a {{placeholder}}'s, or (figma) a component property's as --fields names "
            + "it; repeatable.", valueName: "name=value"))
    var settings: [String] = []

    func validate() throws {
        for setting in settings where !setting.contains("=") {
            throw ValidationError("--set \(setting): write it as name=value")
        }
    }

    /// The placeholder values: the values file's, then each --set.
    func values() throws -> [String: String] {
        var result: [String: String] = [:]
        if let valuesFile {
            let data = try TextInputOptions.contents(of: valuesFile, option: "--values")
            guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw ValidationError("--values \(valuesFile): not a JSON object of names and values")
            }
            for (name, value) in object {
                switch value {
                case let text as String: result[name] = text
                case let number as NSNumber: result[name] = number.stringValue
                default: throw ValidationError("--values \(valuesFile): \"\(name)\" is not a string or a number")
                }
            }
        }
        for setting in settings {
            let parts = setting.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            result[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        return result
    }
}
