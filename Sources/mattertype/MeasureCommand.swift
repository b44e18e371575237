import ArgumentParser
import Foundation
import MatterType

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

    var limits: LayoutLimits {
        LayoutLimits(width: width, maxLines: maxLines, lineBreakMode: lineBreakMode, alignment: alignment)
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

    @Flag(help: "Print JSON: {width, height, fontSize, lineHeight, postScriptName, truncated, missingCharacters, lines: [{text, top, baseline, x, width, runs: [{start, end, text, x, width, direction, postScriptName, fallback}]}]}.")
    var json = false

    func run() throws {
        let text = try input.read()
        let result = try TextLayout(text, typography: typography.resolve(), limits: layout.limits)
        if json {
            try printJSON(MeasureJSON(result))
            return
        }
        print("\(points(result.width)) × \(points(result.height)) pt, \(result.lines.count) lines, "
            + "\(result.typography.font.font.postScriptName) \(points(result.typography.fontSize))/"
            + "\(points(result.typography.lineHeight))\(result.isTruncated ? ", truncated" : "")")
        for line in result.lines {
            print("  top \(points(line.top)) baseline \(points(line.baseline)) x \(points(line.x)) "
                + "width \(points(line.width)): \(line.text.debugDescription)")
            if line.runs.contains(where: { $0.isFallback || $0.direction == .rightToLeft }) {
                for run in line.runs {
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

private struct MeasureJSON: Encodable {
    let width: Double
    let height: Double
    let fontSize: Double
    let lineHeight: Double
    let postScriptName: String
    let truncated: Bool
    let missingCharacters: [String]
    let lines: [LineJSON]

    init(_ layout: TextLayout) {
        width = points(layout.width)
        height = points(layout.height)
        fontSize = points(layout.typography.fontSize)
        lineHeight = points(layout.typography.lineHeight)
        postScriptName = layout.typography.font.font.postScriptName
        truncated = layout.isTruncated
        missingCharacters = layout.missingCharacters.map { String($0) }
        lines = layout.lines.map(LineJSON.init)
    }
}

private struct LineJSON: Encodable {
    let text: String
    let top: Double
    let baseline: Double
    let x: Double
    let width: Double
    let runs: [RunJSON]

    init(_ line: TextLine) {
        text = line.text
        top = points(line.top)
        baseline = points(line.baseline)
        x = points(line.x)
        width = points(line.width)
        runs = line.runs.map(RunJSON.init)
    }
}

private struct RunJSON: Encodable {
    let start: Int
    let end: Int
    let text: String
    let x: Double
    let width: Double
    let direction: String
    let postScriptName: String
    let fallback: Bool

    init(_ run: TextRun) {
        start = run.scalarRange.lowerBound
        end = run.scalarRange.upperBound
        text = run.text
        x = points(run.x)
        width = points(run.width)
        direction = run.direction.rawValue
        postScriptName = run.font.postScriptName
        fallback = run.isFallback
    }
}
