import ArgumentParser
import Foundation
import MatterType
import MatterTypeWire

/// Checks what the field options cannot check one by one: `minFontSize` and `maxHeight` are for `fit`.
func checkFit(_ limits: LimitFields) throws {
    if limits.minFontSize != nil, limits.fit != true { throw ValidationError("--min-font-size is for --fit; add --fit") }
    if limits.maxHeight != nil, limits.fit != true { throw ValidationError("--max-height is for --fit; add --fit") }
}

/// `mattertype measure`: the lines and size of a text.
struct MeasureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Lay a text out and print its size and lines.",
        discussion: FieldArguments.help(for: "measure"))

    @OptionGroup var input: TextInputOptions
    @OptionGroup var typography: TypographyOptions

    @Flag(help: "Print JSON: {width, height, fontSize, lineHeight, postScriptName, family, familyChoices, fallback, fallbackReasons, ascender, descender, lineGap, inkBounds: {x, y, width, height}, truncated, missingCharacters, hyphenationWarnings, boxes?: [{index, line, x, y, width, height}], lines: [{text, top, baseline, x, width, runs: [{start, end, text, x, width, direction, postScriptName, fallback}]}]}.")
    var json = false

    /// The request these options describe (the same one `POST /v1/measure` takes as JSON).
    func request() throws -> RenderRequest {
        var request = RenderRequest()
        input.apply(to: &request, text: try input.read())
        try typography.apply(to: &request)
        try checkFit(request.limits)
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
