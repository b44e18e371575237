import ArgumentParser
import Foundation
import MatterType
import MatterTypeCards
import MatterTypeFigma

/// A template that rows fill (`batch`, `audit`): a card document, or a Figma document's node with its images,
/// variables and modes.
struct TemplateOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("The template: a card document, or a Figma document with --node.",
                                 valueName: "template.json"))
    var template: String

    @Option(help: ArgumentHelp("The Figma node to draw (a Figma template); by default its only top-level node.",
                               valueName: "id"))
    var node: String?

    @OptionGroup var variableOptions: FigmaVariableOptions

    @Option(help: ArgumentHelp("A Figma template's image folder, each file named by its imageRef.",
                               valueName: "folder"))
    var images: String?

    /// Where a card's `src` paths are read from: --images, else the template's folder.
    var imageDirectory: URL {
        images.map { URL(fileURLWithPath: $0) } ?? URL(fileURLWithPath: template).deletingLastPathComponent()
    }

    /// The template read (``CardSource``'s rule: `--node`, or the document's only top-level node), a Figma frame
    /// laid out with the fonts of `registry` for its constraints; its warnings printed (each, when `verbose`).
    func source(registry: FontRegistry, verbose: Bool) throws -> CardSource {
        let data = try TextInputOptions.document(at: template, option: "template")
        let source = try CardSource.read(data, node: node, images: try images.map(FigmaCommand.imageReferences) ?? [:],
                                         renderer: CardRenderer(registry: registry),
                                         variables: try variableOptions.read(), modes: variableOptions.mode)
        if !source.isFigma, node != nil || images != nil || variableOptions.variables != nil {
            throw CLIError(description: "\(template): --node, --images and --variables are for a Figma document; "
                           + "this is a card")
        }
        warnEach(source.warnings, verbose: verbose)
        return source
    }
}
