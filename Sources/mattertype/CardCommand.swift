import ArgumentParser
import Foundation
import MatterType
import MatterTypeWire
import MatterTypeCards
import MatterTypeFigma

/// `mattertype card`: a card document (canvas, background, text and rectangle layers) drawn into one image.
struct CardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "card",
        abstract: "Draw a card: a JSON document of a canvas, a background and layers (text, rect, image, frame), or a "
            + "Figma frame (--node), into one PNG, WebP, SVG or PDF image, or print its layers' boxes (--json); image "
            + "paths are relative to the card file.",
        discussion: """
            {"width": 1200, "height": 630, "background": "#0B1F3A", "layers": [{"type": "text", "x": 80, "y": 80, \
            "width": 1040, "height": 300, "text": "{{title}}", "size": 64, "color": "white", "fit": true}]}. \
            {{name}} in any string is filled from --values and --set (--set wins); a name without a value is an \
            error.
            """)

    @Argument(help: ArgumentHelp("The card document, or a Figma document (the REST API's JSON) with --node.",
                                 valueName: "card.json"))
    var card: String

    @Option(help: ArgumentHelp("The node of a Figma document to draw (default: its only top-level node).",
                               valueName: "id"))
    var node: String?

    @Option(help: ArgumentHelp("A Figma document's image folder, each file named by its imageRef.",
                               valueName: "folder"))
    var images: String?

    @OptionGroup var placeholders: PlaceholderOptions

    @Option(help: ArgumentHelp("A design-token file for text layers' \"token\"; repeatable, later ones win.",
                               valueName: "file.tokens.json"))
    var tokens: [String] = []

    @OptionGroup var fontSources: FontSourceOptions

    @OptionGroup var warningOptions: WarningOptions

    @OptionGroup var drawing: DrawingOptions

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Where to write the card: a .png, .webp, .jpg, .svg or .pdf file (written atomically), or - for standard output (PNG).",
        valueName: "file.png"))
    var output: String?

    @Flag(help: ArgumentHelp("Print every layer's box (frames' children included) as JSON instead of drawing: "
                             + "{\"boxes\": [{\"path\": \"/layers/0\", \"x\", \"y\", \"width\", \"height\", \"lines\"?, "
                             + "\"ink\"?}]} (a text's line count and glyph bounds), in the canvas's points; nothing is "
                             + "drawn, images are not read."))
    var json = false

    func validate() throws {
        if json, output != nil { throw ValidationError("--json prints the layers' boxes; leave out -o") }
        guard let output else {
            if json { return }
            throw ValidationError("give -o file.png (or .webp, .svg, .pdf, - for standard output), or --json")
        }
        if output != "-", ImageFormat(path: output) == nil { throw RenderError.unsupportedFormat(path: output) }
    }

    func run() throws {
        let data = try TextInputOptions.document(at: card, option: "card document")
        let registry = try fontSources.makeRegistry()
        let source = try CardSource.read(data, node: node, images: try images.map(FigmaCommand.imageReferences) ?? [:],
                                         renderer: CardRenderer(registry: registry))
        if !source.isFigma, node != nil || images != nil {
            throw CLIError(description: "\(card): --node and --images are for a Figma document; this is a card")
        }
        warnEach(source.warnings, verbose: warningOptions.verbose)
        let document: Card
        do {
            document = drawing.sized(try source.card(values: try placeholders.values()))
        } catch CardError.missingValue(let name) {
            throw CLIError(description: "no value for {{\(name)}}; give it with --set \(name)=… or in the values file")
        }
        let tokens = self.tokens.isEmpty ? nil
            : try DesignTokens(contentsOf: self.tokens.map { URL(fileURLWithPath: $0) },
                               extensions: TypographyFields.tokenExtensions)
        // A card's image paths are relative to it; a Figma frame's image fills are files of --images.
        let imageDirectory = source.isFigma ? images.map { URL(fileURLWithPath: $0) }
            : URL(fileURLWithPath: card).deletingLastPathComponent()
        let renderer = drawing.renderer(registry: registry, tokens: tokens, imageDirectory: imageDirectory)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
            let boxes = try naming(source.describe) { () throws(CardError) in try renderer.layout(of: document).boxes }
            let data = try encoder.encode(["boxes": boxes])
            print(String(decoding: data, as: UTF8.self))
            return
        }
        let output = self.output ?? "-"
        let format = output == "-" ? ImageFormat.png : (ImageFormat(path: output) ?? .png)
        let drawn = try naming(source.describe) { () throws(CardError) in try renderer.drawing(of: document) }
        let frames: [FigmaFrame] = if case .figma(let frame) = source { [frame] } else { [] }
        warnText(drawn.layouts, frames: frames, registry: renderer.registry)
        let bytes = try naming(source.describe) { () throws(CardError) in try renderer.encoded(drawn, format: format, quality: drawing.quality) }
        let size = drawn.pixelSize
        let status = "\(output): \(size.width) × \(size.height) px, \(document.layers.count) layers, \(bytes.count) bytes"
        try writeImage(bytes, to: output, status: status)
    }
}
