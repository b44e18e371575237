import ArgumentParser
import Foundation
import MatterType
import MatterTypeWire

/// `mattertype demo`: a sample card showing several typographies, rendered with the bundled Noto Sans.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Render a sample card (headline, body, caption, link, Dynamic Type) with the bundled Noto Sans.")

    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write the PNG.", valueName: "file.png"))
    var output = "demo.png"

    @Option(help: "Display scale: 1, 2 or 3.")
    var scale = 2.0

    func run() throws {
        let registry = FontRegistry(includesSystemFonts: false)  // the bundled family only: same card everywhere
        let environment = TypographyEnvironment(displayScale: scale)
        let width = 440.0
        let padding = 28.0
        let headline = Typography(family: "Noto Sans", fontWeight: .bold, fontSize: 28, lineHeight: 34)
        var body = Typography(family: "Noto Sans", fontSize: 16, lineHeight: 24)
        body.paragraphSpacing = 12
        let caption = Typography(family: "Noto Sans", fontWeight: .semibold, fontSize: 12, lineHeight: 16,
                                 letterSpacing: 1.2, textCase: .uppercase)
        let large = Typography(family: "Noto Sans", fontSize: 16, lineHeight: 24)
        let link = SpanStyle().weight(.medium).decoration(.underline).color(Color(red: 0x15, green: 0x65, blue: 0xC0))
        let spans = StyledText("Spans mix ").appending("bold", SpanStyle().weight(.bold)).appending(", ")
            .appending("italic", SpanStyle().italic()).appending(", ")
            .appending("SemiBold 18", SpanStyle().weight(.semibold).size(18)).appending(" and ")
            .appending("a link", link).appending(".")
        let blocks: [(StyledText, Typography, TypographyEnvironment, Color, Double)] = [
            (StyledText("Design system typography"), caption, environment, Color(red: 0x5E, green: 0x35, blue: 0xB1), 6),
            (StyledText("Every line box, exactly its height"), headline, environment, Color(red: 0x21, green: 0x21, blue: 0x21), 14),
            (StyledText("MatterType lays text out the way Figma and browsers do: each line is exactly its line "
                + "height, with the baseline where half-leading puts it.\nKerning, ligatures like office and "
                + "affine, and fallback fonts come from HarfBuzz and Fontconfig."),
             body, environment, Color(red: 0x42, green: 0x42, blue: 0x42), 14),
            (spans, body, environment, Color(red: 0x42, green: 0x42, blue: 0x42), 14),
            (StyledText("Larger text too"), large,
             TypographyEnvironment(contentSizeCategory: .accessibility3, displayScale: scale),
             Color(red: 0x2E, green: 0x7D, blue: 0x32), 0),
        ]
        var layouts: [(TextLayout, Color, Double)] = []
        for (text, typography, environment, color, gap) in blocks {
            layouts.append((try TextLayout(text, typography: typography, environment: environment,
                                           limits: LayoutLimits(width: width), registry: registry), color, gap))
        }
        let height = layouts.reduce(0) { $0 + $1.0.height + $1.2 }
        var image = RGBAImage(width: Int(((width + 2 * padding) * scale).rounded(.up)),
                              height: Int(((height + 2 * padding) * scale).rounded(.up)), background: .white)
        var y = padding
        for (layout, color, gap) in layouts {
            TextRenderer.shared.draw(layout, into: &image, at: Point(x: padding, y: y), color: color)
            y += layout.height + gap
        }
        do {
            try PNGEncoder.encode(image).write(to: URL(fileURLWithPath: output))
        } catch let error as RenderError {
            throw error
        } catch {
            throw RenderError.unwritableFile(path: output, reason: error.localizedDescription)
        }
        print("Wrote \(URL(fileURLWithPath: output).path) (\(image.width) × \(image.height) px)")
    }
}
