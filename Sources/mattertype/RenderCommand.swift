import ArgumentParser
import Foundation
import MatterType
import MatterTypeWire

/// `mattertype render`: a PNG or WebP image of a text in a typography.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a text to PNG, WebP, SVG or PDF: (width + 2 × padding) × (height + 2 × padding) points, "
            + "times --scale; PDF with --page-size on pages.")

    @OptionGroup var input: TextInputOptions
    @OptionGroup var typography: TypographyOptions
    @OptionGroup var layout: LayoutOptions

    @Option(help: "Text color: #rgb, #rgba, #rrggbb, #rrggbbaa or a CSS color name (black).",
            transform: { try parseColor($0, "--color") })
    var color: Color = .black

    @Option(help: "Background: #rgb, #rgba, #rrggbb, #rrggbbaa, a CSS color name or transparent (the default).",
            transform: { try parseColor($0, "--background") })
    var background: Color = .clear

    @Option(parsing: .unconditional, help: "Display scale: 1, 2 or 3 for @1x, @2x, @3x.")
    var scale = 1.0

    @Option(parsing: .unconditional, help: "Points of space around the text.")
    var padding = 0.0

    @Flag(help: "Cut the image to exactly the layout and padding; by default it grows to hold ink that reaches past them (the text's origin moves and is printed).")
    var clip = false

    @Option(help: "Hinting: none (glyphs exactly where laid out) or light.",
            transform: { try parseChoice($0, TextRenderer.Hinting.self, "--hinting") })
    var hinting: TextRenderer.Hinting = .none

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Where to write the image: a .png, .webp, .svg or .pdf file (written atomically), or - for standard output.",
        valueName: "file.png"))
    var output: String

    @Option(help: "png, webp, svg or pdf (default: from the -o extension; png for -o -).",
            transform: { try parseChoice($0, ImageFormat.self, "--format") })
    var format: ImageFormat?

    @Option(name: .customLong("page-size"), help: ArgumentHelp(
        "PDF: a4, letter or WxH in points; the text flows over as many pages as it needs, whole lines on each (its width defaults to the page's less the margins).",
        valueName: "size"))
    var pageSize: String?

    @Option(parsing: .unconditional, help: "PDF with --page-size: the margin on every side, in points (36).")
    var margin: Double?

    @Flag(name: .customLong("svg-text"),
          help: "SVG: also write each line as invisible <text>, for selection, search and screen readers.")
    var svgText = false

    @Option(name: .customLong("png-encoding"),
            help: "auto (the smallest exact PNG: indexed, gray, gray + alpha, RGB or RGBA) or rgba.",
            transform: { try parseChoice($0, PNGEncoding.self, "--png-encoding") })
    var pngEncoding: PNGEncoding = .auto

    @Option(help: "fast, balanced or small: time against bytes.",
            transform: { try parseChoice($0, ImageCompression.self, "--compression") })
    var compression: ImageCompression = .balanced

    func validate() throws {
        let format = try imageFormat()
        if pageSize != nil || margin != nil, format != .pdf {
            throw ValidationError("--page-size and --margin are for PDF; write a .pdf file or add --format pdf")
        }
        if let pageSize, PageSize(parsing: pageSize) == nil {
            throw ValidationError("--page-size \(pageSize): use a4, letter or WxH in points (400x600)")
        }
        if svgText, format != .svg { throw ValidationError("--svg-text is for SVG; write a .svg file or add --format svg") }
    }

    /// The format: `--format`, else the output's extension, else PNG for standard output.
    func imageFormat() throws -> ImageFormat {
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
        typography.apply(to: &request)
        layout.apply(to: &request)
        request.scale = scale
        request.color = color
        request.background = background
        request.padding = padding
        request.clip = clip ? true : nil
        request.hinting = hinting
        request.format = try imageFormat()
        request.pageSize = pageSize.flatMap(PageSize.init(parsing:))
        request.margin = margin
        request.svgText = svgText ? true : nil
        request.pngEncoding = pngEncoding
        request.compression = compression
        return request
    }

    func run() throws {
        let request = try request()
        let result = try request.layout(registry: typography.fontSources.makeRegistry(),
                                        tokens: typography.designTokens())
        warnAboutLayout(result)
        let bytes = try request.image(of: result)
        let frame = request.imageFrame(of: result)
        var status = request.pageSize != nil ? "\(output): \(result.lines.count) lines on pages, \(bytes.count) bytes"
            : "\(output): \(frame.size.width) × \(frame.size.height) px, \(result.lines.count) lines, \(bytes.count) bytes"
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

/// Parses a color option: any form ``Color/init(parsing:)`` reads.
func parseColor(_ text: String, _ option: String) throws -> Color {
    do {
        return try Color.parse(text)
    } catch {
        throw ValidationError("\(option): \(error)")
    }
}
