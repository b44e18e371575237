import ArgumentParser
import Foundation
import MatterType

/// Font files to register before the command runs, and whether the system's fonts may be used.
struct FontSourceOptions: ParsableArguments {
    @Option(name: .customLong("font-file"),
            help: ArgumentHelp("A font file to register first (repeatable).", valueName: "path"))
    var fontFiles: [String] = []

    @Flag(name: .customLong("no-system-fonts"),
          help: "Never fall back to installed system fonts; use only registered and bundled ones.")
    var noSystemFonts = false

    /// A new registry holding the `--font-file` fonts.
    func makeRegistry() throws -> FontRegistry {
        let registry = FontRegistry(includesSystemFonts: !noSystemFonts)
        for path in fontFiles {
            try registry.register(fileAt: path)
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
    FileHandle.standardOutput.write(data + Data("\n".utf8))
}

/// Parses `--weight`: a name, a synonym or a number.
func parseWeight(_ text: String) throws -> FontWeight {
    guard let weight = FontWeight(parsing: text) else {
        throw ValidationError("unknown weight '\(text)'; use \(FontWeight.acceptedSpellings)")
    }
    return weight
}

/// One font as `fonts --json` and `resolve --json` print it.
struct FontJSON: Encodable {
    let postScriptName: String
    let familyName: String
    let styleName: String
    let weight: Int
    let italic: Bool
    let path: String
    let source: String

    init(_ font: FontDescriptor, source: String) {
        postScriptName = font.postScriptName
        familyName = font.familyName
        styleName = font.styleName
        weight = font.weight
        italic = font.isItalic
        path = font.path
        self.source = source
    }
}
