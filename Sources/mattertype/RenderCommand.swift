import ArgumentParser
import Foundation
import MatterType

/// `mattertype render`: a PNG of a text in a typography.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a text to a PNG: (width + 2 × padding) × (height + 2 × padding) points, times --scale.")

    @OptionGroup var input: TextInputOptions
    @OptionGroup var typography: TypographyOptions
    @OptionGroup var layout: LayoutOptions

    @Option(help: "Text color, #RRGGBB or #RRGGBBAA.", transform: { try parseColor($0, "--color") })
    var color: Color = .black

    @Option(help: "Background, #RRGGBB, #RRGGBBAA or transparent.",
            transform: { try parseColor($0, "--background") })
    var background: Color = .clear

    @Option(parsing: .unconditional, help: "Display scale: 1, 2 or 3 for @1x, @2x, @3x.")
    var scale = 1.0

    @Option(parsing: .unconditional, help: "Points of space around the text.")
    var padding = 0.0

    @Option(help: "Hinting: none (glyphs exactly where laid out) or light.",
            transform: { try parseChoice($0, TextRenderer.Hinting.self, "--hinting") })
    var hinting: TextRenderer.Hinting = .none

    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write the PNG.", valueName: "file.png"))
    var output: String

    func validate() throws {
        guard padding.isFinite, (0...10_000).contains(padding) else {
            throw ValidationError("--padding \(padding) is not allowed; use 0 to 10000 points")
        }
    }

    func run() throws {
        let text = try input.read()
        let result = try TextLayout(text, typography: typography.resolve(displayScale: scale), limits: layout.limits)
        let renderer = hinting == .none ? TextRenderer.shared : TextRenderer(hinting: hinting)
        let png = try PNGEncoder.encode(renderer.image(of: result, color: color, background: background,
                                                       padding: padding))
        do {
            try png.write(to: URL(fileURLWithPath: output))
        } catch {
            throw RenderError.unwritableFile(path: output, reason: (error as NSError).localizedFailureReason
                                                ?? error.localizedDescription)
        }
        let size = TextRenderer.imageSize(for: result, padding: padding)
        print("\(output): \(size.width) × \(size.height) px, \(result.lines.count) lines")
    }
}

/// Parses `#RRGGBB`, `#RRGGBBAA` or `transparent`.
func parseColor(_ text: String, _ option: String) throws -> Color {
    if text.lowercased() == "transparent" { return .clear }
    guard let color = Color(hex: text) else {
        throw ValidationError("'\(text)' is not a color for \(option); use #RRGGBB, #RRGGBBAA or transparent")
    }
    return color
}
