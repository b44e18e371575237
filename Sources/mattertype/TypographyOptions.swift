import ArgumentParser
import Foundation
import MatterTypeFigma
import MatterType
import MatterTypeWire

/// The typography options shared by `shape`, `measure` and `render`: a typography token (`--tokens FILE --token
/// PATH`), or Noto Sans 16 on 1.5 × the size, with any field option given changing that field (see
/// ``FieldOptions``).
struct TypographyOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A design-token file (DTCG or Tokens Studio JSON) or a Tokens Studio export folder to take --token from; repeat it to merge several in order (later tokens win).",
                               valueName: "file.tokens.json"))
    var tokens: [String] = []

    @Option(help: ArgumentHelp("A Tokens Studio theme whose token sets are read (one per theme group; group/name where names repeat); repeatable. Without it every set is read.",
                               valueName: "name"))
    var theme: [String] = []

    @Flag(help: "Fail on a problem in any typography token of --tokens, not only in the one used.")
    var strict = false

    @Option(help: ArgumentHelp("The typography token to lay out with, e.g. typography.body; options given as well "
                               + "change its fields.", valueName: "path"))
    var token: String?

    @Option(name: .customLong("rem-size"), parsing: .unconditional, help: "Points per rem in the token file (16).")
    var remSize = 16.0

    @OptionGroup var fields: FieldOptions

    @OptionGroup var fontSources: FontSourceOptions

    func validate() throws {
        if tokens.isEmpty != (token == nil) {
            throw ValidationError("give --tokens FILE and --token PATH together")
        }
    }

    /// Sets the request's token and every field option given (typography, and the limits and output options of
    /// the commands that take them).
    func apply(to request: inout RenderRequest) throws {
        request.token = token
        try fields.apply(to: &request)
    }

    /// The `--tokens` file, read, or `nil` without one.
    func designTokens() throws -> DesignTokens? {
        guard !tokens.isEmpty else { return nil }
        return try DesignTokens(contentsOf: tokens.map { URL(fileURLWithPath: $0) }, themes: theme, remSize: remSize,
                                strict: strict, extensions: TypographyFields.tokenExtensions)
    }

    /// The typography layout these options describe (the token's typography, or Noto Sans 16/24, with every
    /// option given), resolved with the `--font-file` fonts registered.
    func resolve() throws -> TypographyLayout {
        var request = RenderRequest()
        try apply(to: &request)
        return try TypographyLayout(typography: request.resolvedTypography(tokens: designTokens()),
                                    environment: request.environment, registry: fontSources.makeRegistry())
    }
}

/// The text to lay out: a TEXT argument, `--text-file`, or styled spans from `--spans`.
struct TextInputOptions: ParsableArguments {
    @Argument(help: "The text (or use --text-file or --spans).")
    var text: String?

    @Option(name: .customLong("text-file"),
            help: ArgumentHelp("Read the text from a UTF-8 file (- for standard input).", valueName: "file"))
    var textFile: String?

    @Option(help: ArgumentHelp(
        "Read styled text from a JSON file: {\"spans\": [{\"text\": \"…\", "
            + SpanStyle.fields.map { "\"\($0.key)\"" }.joined(separator: ", ")
            + "}]}; every key but text is optional, the typography options are the defaults.", valueName: "file.json"))
    var spans: String?

    /// The largest text or spans file read, in bytes.
    static let maximumFileSize = 16 << 20

    func validate() throws {
        let given = [text != nil, textFile != nil, spans != nil].filter { $0 }.count
        if given > 1 { throw ValidationError("give one of TEXT, --text-file and --spans") }
        if given == 0 { throw ValidationError("give the text as an argument, with --text-file or with --spans") }
    }

    /// The text, read from the file if one was given; spans decoded from `--spans`.
    func read() throws -> StyledText {
        if let text { return StyledText(text) }
        if let path = textFile {
            guard let text = String(data: try TextInputOptions.contents(of: path, option: "--text-file"),
                                    encoding: .utf8) else {
                throw CLIError(description: "\(path): not UTF-8 text")
            }
            return StyledText(text)
        }
        guard let path = spans else { return StyledText() }
        let data = try TextInputOptions.contents(of: path, option: "--spans")
        do {
            return try JSONDecoder().decode(SpansFile.self, from: data).styledText
        } catch let error as DecodingError {
            throw CLIError(description: "\(path): \(error.jsonDescription)")
        }
    }

    /// Sets the request's text or spans to `text`: spans only when `--spans` gave them.
    func apply(to request: inout RenderRequest, text: StyledText) {
        if spans != nil {
            request.spans = text.spans
        } else {
            request.text = text.string
        }
    }

    /// `{"spans": [...]}`.
    private struct SpansFile: Decodable {
        let spans: [TextSpan]
        var styledText: StyledText { StyledText(spans) }
    }

    /// The JSON of a card or Figma document at `path` (`-`: standard input), at most
    /// ``FigmaDocument/maximumBytes``; a gzip file (`frame.json.gz`) is decompressed, to at most as much.
    static func document(at path: String, option: String) throws -> Data {
        let data = try contents(of: path, option: option, limit: FigmaDocument.maximumBytes,
                                tooLarge: "for a Figma file, fetch only the nodes to draw (GET /v1/files/KEY/nodes?ids=…"
                                    + "&geometry=paths)")
        guard Gzip.isCompressed(data) else { return data }
        do throws(GzipError) {
            return try Gzip.decompressed(data, limit: FigmaDocument.maximumBytes)
        } catch {
            throw CLIError(description: "\(path): \(error); give the \(option) as JSON or gzip of at most "
                           + "\(FigmaDocument.maximumBytes >> 20) MiB")
        }
    }

    /// The bytes of the file at `path` (`-`: standard input), at most `limit` (``maximumFileSize`` unless given);
    /// past it, an error ending with `advice` (else: check the path).
    static func contents(of path: String, option: String, limit: Int = maximumFileSize,
                         tooLarge advice: String? = nil) throws -> Data {
        let megabytes = "\(limit >> 20) MiB"
        if path == "-" {
            let data = try FileHandle.standardInput.read(upToCount: limit + 1) ?? Data()
            guard data.count <= limit else {
                throw CLIError(description: "standard input: more than \(megabytes); \(advice ?? "send less")")
            }
            return data
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CLIError(description: "\(path): no such file; check the \(option) path")
        }
        if isDirectory.boolValue { throw CLIError(description: "\(path): a folder, not a file; check the \(option) path") }
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            data = try handle.read(upToCount: limit + 1) ?? Data()
        } catch {
            throw CLIError(description: "\(path): cannot read the file (\(error.localizedDescription))")
        }
        guard data.count <= limit else {
            throw CLIError(description: "\(path): larger than \(megabytes) (or not a regular file); "
                           + (advice ?? "check the \(option) path"))
        }
        return data
    }
}

/// Parses one of an enum's raw values, listing them all in the error.
func parseChoice<T: NamedChoice>(_ text: String, _: T.Type, _ option: String) throws -> T {
    do {
        return try T.parse(choice: text)
    } catch {
        throw ValidationError("\(option): \(error)")
    }
}

/// "U+0378" for a character.
func unicodeName(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
}

/// A length for JSON: rounded to a millionth of a point, so binary noise does not show.
func points(_ value: Double) -> Double {
    TextMeasurement.rounded(value)
}

