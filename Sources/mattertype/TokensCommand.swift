import ArgumentParser
import Foundation
import MatterType
import MatterTypeWire

/// `mattertype tokens`: the typography tokens of design-token files.
struct TokensCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tokens",
        abstract: "List the typography tokens of design-token files (DTCG 2025.10 or Tokens Studio JSON, files or an export folder).")

    @Argument(help: ArgumentHelp("The token files or Tokens Studio export folders, merged in order (later tokens win).",
                                 valueName: "file.tokens.json"))
    var files: [String]

    @Option(help: ArgumentHelp("A Tokens Studio theme whose token sets are read (group/name where names repeat); repeatable.",
                               valueName: "name"))
    var theme: [String] = []

    @Option(name: .customLong("rem-size"), parsing: .unconditional, help: "Points per rem (16).")
    var remSize = 16.0

    @Flag(help: "Fail on a problem in any typography token, listing them all, instead of leaving those tokens out with a warning each.")
    var strict = false

    @Flag(help: "Print JSON: {\"typographies\": [{path, families, weight, italic, fontSize, lineHeight, letterSpacing, textCase, decoration, paragraphSpacing, paragraphIndent}]} (points; an AUTO line height is the font's, resolved with the installed fonts).")
    var json = false

    func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one token file or folder") }
    }

    func run() throws {
        let tokens = try DesignTokens(contentsOf: files.map { URL(fileURLWithPath: $0) }, themes: theme,
                                      remSize: remSize, strict: strict, extensions: TypographyFields.tokenExtensions)
        try tokens.requireTypographies(in: files.joined(separator: ", "))
        warnLeftOut(tokens)
        let entries = tokens.typographyPaths.compactMap { path in
            tokens.typographies[path].map { TokenJSON(path: path, $0) }
        }
        if json {
            try printJSON(["typographies": entries])
            return
        }
        for entry in entries {
            print("\(entry.path): \(entry.families.joined(separator: ", ")) \(entry.weight)"
                + "\(entry.italic ? " italic" : "") \(entry.fontSize)/\(entry.lineHeight)"
                + (entry.letterSpacing != 0 ? ", letter spacing \(entry.letterSpacing)" : "")
                + (entry.textCase != "none" ? ", \(entry.textCase)" : "")
                + (entry.decoration != "none" ? ", \(entry.decoration)" : ""))
        }
    }
}

/// Prints one `warning:` line on standard error for each typography token left out, in document order.
func warnLeftOut(_ tokens: DesignTokens) {
    for entry in tokens.leftOut {
        FileHandle.standardError.write(Data("warning: \(entry)\n".utf8))
    }
}

/// One typography token as `tokens --json` prints it (sizes in points, references, math and units resolved).
private struct TokenJSON: Encodable {
    let path: String
    let families: [String]
    let weight: Int
    let italic: Bool
    let fontSize: Double
    let lineHeight: Double
    /// How the file wrote it: `px` (points), `%` (relative to the size: a percentage, multiple or em) or `auto`.
    let lineHeightUnit: String
    let letterSpacing: Double
    let textCase: String
    let decoration: String
    let paragraphSpacing: Double
    let paragraphIndent: Double

    init(path: String, _ typography: Typography) {
        self.path = path
        families = [typography.familyName] + typography.fallbackFamilyNames
        weight = typography.fontWeight.rawValue
        italic = typography.fontStyle == .italic
        fontSize = points(typography.fontSize)
        // The font's own line height needs the font: resolved as layout resolves it.
        let resolved = typography.usesFontLineHeight ? (try? TypographyLayout(typography: typography)) : nil
        lineHeight = points(resolved?.lineHeight ?? typography.lineHeight)
        lineHeightUnit = typography.usesFontLineHeight ? "auto" : typography.lineHeightUnit == .percent ? "%" : "px"
        letterSpacing = points(typography.letterSpacing)
        textCase = typography.textCase.rawValue
        decoration = typography.textDecoration.rawValue
        paragraphSpacing = points(typography.paragraphSpacing)
        paragraphIndent = points(typography.paragraphIndent)
    }
}
