import ArgumentParser
import Foundation
import MatterType
import MatterTypeWire

/// `mattertype render`: a PNG or WebP image of a text in a typography.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a text to PNG, WebP, SVG or PDF: (width + 2 × padding) × (height + 2 × padding) points, "
            + "times --scale; PDF with --page-size on pages.",
        discussion: FieldArguments.help(for: "render"))

    @OptionGroup var input: TextInputOptions
    @OptionGroup var typography: TypographyOptions
    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Where to write the image: a .png, .webp, .jpg, .svg or .pdf file (written atomically), or - for standard output.",
        valueName: "file.png"))
    var output: String

    /// The format: `--format`, else the output's extension, else PNG for standard output.
    func imageFormat(_ format: ImageFormat?) throws -> ImageFormat {
        let named = output == "-" ? nil : ImageFormat(path: output)
        if let format {
            if let named, named != format {
                throw ValidationError("-o \(output) is a .\(named.rawValue) name but --format is \(format.rawValue)")
            }
            return format
        }
        if output == "-" { return .png }
        guard let named else { throw RenderError.unsupportedFormat(path: output) }
        return named
    }

    /// The request these options describe (the same one `POST /v1/render` takes as JSON).
    func request() throws -> RenderRequest {
        var request = RenderRequest()
        input.apply(to: &request, text: try input.read())
        try typography.apply(to: &request)
        try checkFit(request.limits)
        let format = try imageFormat(request.output.format)
        request.output.format = format
        if request.output.pageSize != nil || request.output.margin != nil, format != .pdf {
            throw ValidationError("--page-size and --margin are for PDF; write a .pdf file or add --format pdf")
        }
        if request.output.svgText == true, format != .svg {
            throw ValidationError("--svg-text is for SVG; write a .svg file or add --format svg")
        }
        return request
    }

    func run() throws {
        let request = try request()
        let result = try request.layout(registry: typography.fontSources.makeRegistry(),
                                        tokens: typography.designTokens())
        warnAboutLayout(result)
        let bytes = try request.image(of: result)
        let frame = request.imageFrame(of: result)
        var status = request.output.pageSize != nil ? "\(output): \(result.lines.count) lines on pages, \(bytes.count) bytes"
            : "\(output): \(frame.size.width) × \(frame.size.height) px, \(result.lines.count) lines, \(bytes.count) bytes"
        let padding = request.output.padding ?? 0
        if frame.origin != Point(x: padding, y: padding) {
            status += ", text origin at (\(points(frame.origin.x)), \(points(frame.origin.y))) pt to hold its ink"
        }
        try writeImage(bytes, to: output, status: status)
    }
}

/// Prints one `warning:` line on standard error when a family asked for was not found or text asked to be
/// hyphenated was not (the exit code stays 0).
func warnAboutLayout(_ layout: TextLayout) {
    warn(layout.warnings)
}

/// Prints `reasons` as one `warning:` line on standard error, each once; nothing when there are none.
func warn(_ reasons: [String]) {
    var unique: [String] = []
    for reason in reasons where !unique.contains(reason) { unique.append(reason) }
    guard !unique.isEmpty else { return }
    FileHandle.standardError.write(Data(("warning: " + unique.joined(separator: "; ") + "\n").utf8))
}
