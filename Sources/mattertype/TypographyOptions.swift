import ArgumentParser
import Foundation
import MatterType
import MatterTypeWire

/// The typography options shared by `shape`, `measure` and `render`: a typography token (`--tokens FILE --token
/// PATH`), or Noto Sans 16 on 1.5 × the size, with any option given changing that field.
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

    @Option(help: "The family: \"Noto Sans\", \"NotoSans\", \"system\" or a registered family; a comma-separated list (as CSS font-family) names further families for characters the first lacks.")
    var family: String?

    @Option(help: "The weight: a name (thin … black), a synonym (demibold, heavy) or a number 1 … 1000.",
            transform: parseWeight)
    var weight: FontWeight?

    @Flag(help: "Use the italic style.")
    var italic = false

    @Option(name: .customLong("font-width"),
            help: "The width (CSS font-width): ultraCondensed … normal … ultraExpanded, or a percentage 50% … 200% (default normal).",
            transform: parseWidth)
    var fontWidth: FontWidth?

    @Option(parsing: .unconditional, help: "Font size in points (16), or in em of 16 points (\"2em\").",
            transform: parseLength)
    var size: Length?

    @Option(name: .customLong("line-height"), parsing: .unconditional,
            help: "Line height in points, or of the font size (\"1.5em\", \"150%\") (default: 1.5 × size).",
            transform: parseLength)
    var lineHeight: Length?

    @Option(name: .customLong("letter-spacing"), parsing: .unconditional,
            help: "Space added after every grapheme cluster, in points or of the font size (\"-0.02em\", \"-2%\").",
            transform: parseLength)
    var letterSpacing: Length?

    @Option(name: .customLong("paragraph-indent"), parsing: .unconditional,
            help: "How far the first line of each paragraph is indented, in points or em.",
            transform: parseLength)
    var paragraphIndent: Length?

    @Option(name: .customLong("paragraph-spacing"), parsing: .unconditional,
            help: "Space between paragraphs, in points or em.",
            transform: parseLength)
    var paragraphSpacing: Length?

    @Option(name: .customLong("text-case"), help: "none, lowercase, uppercase or capitalize.",
            transform: { try parseChoice($0, TextCase.self, "--text-case") })
    var textCase: TextCase?

    @Option(help: "none, underline or strikethrough.",
            transform: { try parseChoice($0, TextDecoration.self, "--decoration") })
    var decoration: TextDecoration?

    @Option(name: .customLong("text-style"), help: "The Dynamic Type style that scales the size (default body).",
            transform: { try parseChoice($0, TextStyle.self, "--text-style") })
    var textStyle: TextStyle?

    @Option(name: .customLong("content-size"), help: "The content size category, xSmall … accessibility5.",
            transform: { try parseChoice($0, ContentSizeCategory.self, "--content-size") })
    var contentSize: ContentSizeCategory = .large

    @Flag(name: .customLong("bold-text"), help: "Lay out as with the Bold Text accessibility setting on.")
    var boldText = false

    @Option(name: .customLong("max-scale"), parsing: .unconditional,
            help: "The most Dynamic Type may scale the typography by.")
    var maxScale: Double?

    @Flag(help: "Never scale with Dynamic Type.")
    var fixed = false

    @Option(help: "OpenType features, comma-separated, as HarfBuzz writes them (tnum,liga=0,-kern).")
    var features: String?

    @Option(help: "The text's language, a BCP 47 tag (ja, zh-Hans, ar): language-specific glyphs and fallback fonts.")
    var language: String?

    @Option(help: "The paragraphs' base direction: auto (from the first strong character), ltr or rtl.",
            transform: { try parseChoice($0, TextDirection.self, "--direction") })
    var direction: TextDirection?

    @Option(help: "How paragraphs choose their lines: wrap (greedy), balance (even lines, paragraphs of up to 6) or pretty (no lone last word), as CSS text-wrap-style.",
            transform: { try parseChoice($0, TextWrap.self, "--text-wrap") })
    var textWrap: TextWrap?

    @Option(help: ArgumentHelp("Leading trim, as CSS text-box: normal, or trim-start/trim-end/trim-both and edges (over: text, cap, ex; under: text, alphabetic). Figma's cap height to baseline is \"trim-both cap alphabetic\".", valueName: "trim edges"),
            transform: { text in
                do throws(TextBoxSyntaxError) { return try TextBox(parsing: text) } catch { throw ValidationError(error.description) }
            })
    var textBox: TextBox?

    @Option(help: "Where words may be hyphenated, as CSS hyphens: manual (at soft hyphens only, the default), auto (also where the --language's hyphenation dictionary in /usr/share/hyphen allows) or none.",
            transform: { try parseChoice($0, Hyphens.self, "--hyphens") })
    var hyphens: Hyphens?

    @Option(help: "The CPAL palette color fonts (COLR) are drawn in, 0 (the font's default) to 65535; a font without it uses its first.")
    var palette: Int?

    @Option(help: "Variation axis coordinates, e.g. \"wdth=80,GRAD=50\" (wght, ital/slnt and opsz follow --weight, --italic and --size unless given).",
            transform: parseVariations)
    var variations: [String: Double]?

    @OptionGroup var fontSources: FontSourceOptions

    func validate() throws {
        if tokens.isEmpty != (token == nil) {
            throw ValidationError("give --tokens FILE and --token PATH together")
        }
    }

    /// Sets the request's typography fields to the options given (the token, family, weight… content size).
    func apply(to request: inout RenderRequest) {
        request.token = token
        request.family = family.map(SpanStyle.familyNames(inList:)).flatMap { $0.isEmpty ? nil : $0 }
        request.weight = weight
        request.italic = italic ? true : nil
        request.fontWidth = fontWidth
        request.size = size
        request.lineHeight = lineHeight
        request.letterSpacing = letterSpacing
        request.paragraphIndent = paragraphIndent
        request.paragraphSpacing = paragraphSpacing
        request.textCase = textCase
        request.decoration = decoration
        request.textStyle = textStyle
        request.contentSize = contentSize
        request.boldText = boldText ? true : nil
        request.maxScale = maxScale
        request.fixed = fixed ? true : nil
        request.features = features.map(SpanStyle.features(inList:))
        request.language = language
        request.direction = direction
        request.textWrap = textWrap
        request.textBox = textBox
        request.hyphens = hyphens
        request.palette = palette
        request.variations = variations
    }

    /// The `--tokens` file, read, or `nil` without one.
    func designTokens() throws -> DesignTokens? {
        guard !tokens.isEmpty else { return nil }
        return try DesignTokens(contentsOf: tokens.map { URL(fileURLWithPath: $0) }, themes: theme, remSize: remSize,
                                strict: strict)
    }

    /// The typography these options describe: the token's (or Noto Sans 16/24), then every option given.
    func typography() throws -> Typography {
        var request = RenderRequest()
        apply(to: &request)
        return try request.typography(tokens: designTokens())
    }

    /// The environment these options describe, at `displayScale`.
    func environment(displayScale: Double = 1) -> TypographyEnvironment {
        var request = RenderRequest()
        apply(to: &request)
        request.scale = displayScale
        return request.environment
    }

    /// The typography resolved in the environment, with the `--font-file` fonts registered.
    func resolve(displayScale: Double = 1) throws -> TypographyLayout {
        try TypographyLayout(typography: typography(), environment: environment(displayScale: displayScale),
                             registry: fontSources.makeRegistry())
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
        "Read styled text from a JSON file: {\"spans\": [{\"text\": \"…\", \"family\", \"weight\", \"italic\", \"size\", "
            + "\"letterSpacing\", \"textCase\", \"decoration\", \"color\", \"features\", \"language\", \"variations\"}]}; "
            + "every key but text is optional, the typography options are the defaults.", valueName: "file.json"))
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

    /// The bytes of the file at `path`, at most ``maximumFileSize``.
    static func contents(of path: String, option: String) throws -> Data {
        if path == "-" {
            let data = try FileHandle.standardInput.read(upToCount: maximumFileSize + 1) ?? Data()
            guard data.count <= maximumFileSize else {
                throw CLIError(description: "standard input: more than 16 MiB; send less")
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
            data = try handle.read(upToCount: maximumFileSize + 1) ?? Data()
        } catch {
            throw CLIError(description: "\(path): cannot read the file (\(error.localizedDescription))")
        }
        guard data.count <= maximumFileSize else {
            throw CLIError(description: "\(path): larger than 16 MiB (or not a regular file); check the \(option) path")
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

