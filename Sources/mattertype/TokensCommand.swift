import ArgumentParser
import Foundation
import MatterType

/// `mattertype tokens`: the typography tokens of a design-token file.
struct TokensCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tokens",
        abstract: "List the typography tokens of a design-token file (DTCG 2025.10 or Tokens Studio JSON).")

    @Argument(help: ArgumentHelp("The token file.", valueName: "file.tokens.json"))
    var file: String

    @Option(name: .customLong("rem-size"), parsing: .unconditional, help: "Points per rem (16).")
    var remSize = 16.0

    @Flag(help: "Print JSON: {\"typographies\": [{token, families, weight, italic, size, lineHeight, letterSpacing, textCase, decoration, paragraphSpacing, paragraphIndent}]}.")
    var json = false

    func run() throws {
        let tokens = try DesignTokens(contentsOf: URL(fileURLWithPath: file), remSize: remSize)
        let entries = tokens.typographies.keys.sorted().compactMap { path in
            tokens.typographies[path].map { TokenJSON(token: path, $0) }
        }
        if json {
            try printJSON(["typographies": entries])
            return
        }
        for entry in entries {
            print("\(entry.token): \(entry.families.joined(separator: ", ")) \(entry.weight)"
                + "\(entry.italic ? " italic" : "") \(entry.size)/\(entry.lineHeight)"
                + (entry.letterSpacing != 0 ? ", letter spacing \(entry.letterSpacing)" : "")
                + (entry.textCase != "none" ? ", \(entry.textCase)" : "")
                + (entry.decoration != "none" ? ", \(entry.decoration)" : ""))
        }
    }
}

/// One typography token as `tokens --json` prints it (sizes in points, references and units resolved).
private struct TokenJSON: Encodable {
    let token: String
    let families: [String]
    let weight: Int
    let italic: Bool
    let size: Double
    let lineHeight: Double
    let letterSpacing: Double
    let textCase: String
    let decoration: String
    let paragraphSpacing: Double
    let paragraphIndent: Double

    init(token: String, _ typography: Typography) {
        self.token = token
        families = [typography.familyName] + typography.fallbackFamilyNames
        weight = typography.fontWeight.rawValue
        italic = typography.fontStyle == .italic
        size = points(typography.fontSize)
        lineHeight = points(typography.lineHeight)
        letterSpacing = points(typography.letterSpacing)
        textCase = typography.textCase.rawValue
        decoration = typography.textDecoration.rawValue
        paragraphSpacing = points(typography.paragraphSpacing)
        paragraphIndent = points(typography.paragraphIndent)
    }
}
