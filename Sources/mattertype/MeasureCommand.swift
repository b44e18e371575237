import ArgumentParser
import Foundation
import MatterType
import MatterTypeWire

/// Width, line and truncation options shared by `measure` and `render`.
struct LayoutOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "The maximum line width in points (default: none; each paragraph is one line).")
    var width: Double?

    @Option(name: .customLong("max-lines"), parsing: .unconditional,
            help: "The most lines shown; 0 shows all.")
    var maxLines = 0

    @Option(name: .customLong("line-break-mode"),
            help: "wordWrap, charWrap, clip, truncateHead, truncateMiddle or truncateTail.",
            transform: { try parseChoice($0, LineBreakMode.self, "--line-break-mode") })
    var lineBreakMode: LineBreakMode = .byWordWrapping

    @Option(help: "left, center, right, justified or natural.",
            transform: { try parseChoice($0, TextAlignment.self, "--alignment") })
    var alignment: TextAlignment = .natural

    @Option(name: .customLong("max-height"), parsing: .unconditional,
            help: "The most height in points, for --fit (default: none).")
    var maxHeight: Double?

    @Flag(help: "Shrink the font size (0.25 pt steps; line height and letter spacing with it) until the text fits --width without breaking a word, --max-height and --max-lines.")
    var fit = false

    @Option(name: .customLong("min-font-size"), parsing: .unconditional,
            help: "The smallest size --fit tries, in points (default 1).")
    var minFontSize: Double?

    func validate() throws {
        if minFontSize != nil, !fit { throw ValidationError("--min-font-size is for --fit; add --fit") }
        if maxHeight != nil, !fit { throw ValidationError("--max-height is for --fit; add --fit") }
    }

    /// Sets the request's layout fields to these options.
    func apply(to request: inout RenderRequest) {
        request.width = width
        request.maxLines = maxLines
        request.lineBreakMode = lineBreakMode
        request.alignment = alignment
        request.maxHeight = maxHeight
        request.fit = fit ? true : nil
        request.minFontSize = minFontSize
    }
}

/// `mattertype measure`: the lines and size of a text.
struct MeasureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Lay a text out and print its size and lines.")

    @OptionGroup var input: TextInputOptions
    @OptionGroup var typography: TypographyOptions
    @OptionGroup var layout: LayoutOptions

    @Flag(help: "Print JSON: {width, height, fontSize, lineHeight, postScriptName, family, familyChoices, fallback, fallbackReasons, ascender, descender, lineGap, inkBounds: {x, y, width, height}, truncated, missingCharacters, hyphenationWarnings, boxes?: [{index, line, x, y, width, height}], lines: [{text, top, baseline, x, width, runs: [{start, end, text, x, width, direction, postScriptName, fallback}]}]}.")
    var json = false

    /// The request these options describe (the same one `POST /v1/measure` takes as JSON).
    func request() throws -> RenderRequest {
        var request = RenderRequest()
        input.apply(to: &request, text: try input.read())
        typography.apply(to: &request)
        layout.apply(to: &request)
        return request
    }

    func run() throws {
        let result = try request().layout(registry: typography.fontSources.makeRegistry(),
                                          tokens: typography.designTokens())
        warnAboutLayout(result)
        if json {
            try printJSON(TextMeasurement(result))
            return
        }
        print("\(points(result.width)) × \(points(result.height)) pt, \(result.lines.count) lines, "
            + "\(result.typography.font.font.postScriptName) \(points(result.typography.fontSize))/"
            + "\(points(result.typography.lineHeight))\(result.isTruncated ? ", truncated" : "")")
        for choice in result.familyChoices { print("  family: \(choice)") }
        for line in result.lines {
            print("  top \(points(line.top)) baseline \(points(line.baseline)) x \(points(line.x)) "
                + "width \(points(line.width)): \(line.text.debugDescription)")
            let runs = line.runs  // made when read: once
            if runs.contains(where: { $0.isFallback || $0.direction == .rightToLeft }) {
                for run in runs {
                    print("    x \(points(run.x)) width \(points(run.width)) \(run.direction.rawValue) "
                        + "\(run.font.postScriptName)\(run.isFallback ? " (fallback)" : ""): \(run.text.debugDescription)")
                }
            }
        }
        if !result.missingCharacters.isEmpty {
            print("  missing: " + result.missingCharacters.map(unicodeName).joined(separator: " "))
        }
    }
}
