import ArgumentParser
import Foundation
import MatterType
import MatterTypeCards
import MatterTypeFigma
import MatterTypeWire

/// `mattertype figma`: a Figma document (the REST API's JSON) laid out and drawn as Figma draws it.
struct FigmaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "figma",
        abstract: "Draw a Figma frame from the JSON of Figma's REST API (GET /v1/files/:key or /nodes), or print "
            + "every node's laid-out box (--json).",
        discussion: """
            Frames, instances and components keep their Auto Layout; texts are laid out with Figma's text model \
            (--model figma). {{name}} in a text node is a placeholder filled from --values and --set, and the frames \
            that hug it reflow. What is not drawn as Figma draws it is named in a warning on standard error.
            """)

    @Argument(help: ArgumentHelp("The Figma REST response.", valueName: "file.json"))
    var document: String

    @Option(help: ArgumentHelp("The node to lay out and draw, any node of the document (default: with --json every "
                               + "top-level node of every page, with -o the first visible frame, component or "
                               + "instance of the first page, as --list marks it).", valueName: "id"))
    var node: String?

    @Option(help: ArgumentHelp("The folder of the document's images, each named by its imageRef (as GET "
                               + "/v1/images/:key lists them; .png, .jpg or .webp may follow).", valueName: "folder"))
    var images: String?

    @OptionGroup var placeholders: PlaceholderOptions

    @OptionGroup var fontSources: FontSourceOptions

    @OptionGroup var warningOptions: WarningOptions

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Where to draw the node: a .png, .webp, .jpg, .svg or .pdf file (written atomically), or - for standard output (PNG).",
        valueName: "file.png"))
    var output: String?

    @Flag(help: ArgumentHelp("Print every visible node's laid-out box instead of drawing: {\"nodes\": [{\"id\", \"x\", "
                             + "\"y\", \"width\", \"height\", \"lines\"?, \"ink\"?}]}, in Figma's canvas coordinates "
                             + "(a text's line count and ink: its glyphs' bounds, as absoluteRenderBounds)."))
    var json = false

    @OptionGroup var drawing: DrawingOptions

    @Flag(help: ArgumentHelp("Print every top-level node, one a line: its id, type, size, whether it is visible and "
                             + "its name; the one drawn without --node is marked (default)."))
    var list = false

    @OptionGroup var variableOptions: FigmaVariableOptions

    @Flag(help: ArgumentHelp("Print the node's fields instead of drawing: its component properties (its own, and "
                             + "its instances' after their names) and its {{placeholders}}: {\"fields\": [{\"name\", "
                             + "\"type\": text|boolean|instance|variant|placeholder, \"default\", \"options\"?, "
                             + "\"node\"}]}, and with --variables their modes: \"modes\": [{\"collection\", \"modes\", "
                             + "\"default\"}]. The node may be hidden."))
    var fields = false

    func validate() throws {
        if !variableOptions.tokenFiles.tokens.isEmpty, variableOptions.variables == nil {
            throw ValidationError("--tokens gives values to the variables --variables reads; give --variables")
        }
        if fields, list || json || output != nil {
            throw ValidationError("--fields prints the node's fields; leave out --list, -o and --json")
        }
        if fields { return }
        if list, json || output != nil { throw ValidationError("--list prints the top-level nodes; leave out -o and --json") }
        if list { return }
        if json, output != nil { throw ValidationError("--json prints the nodes' boxes; leave out -o") }
        guard let output else {
            if json { return }
            throw ValidationError("give -o file.png (or .webp, .svg, .pdf, - for standard output), or --json")
        }
        if output != "-", ImageFormat(path: output) == nil { throw RenderError.unsupportedFormat(path: output) }
    }

    func run() throws {
        let data = try TextInputOptions.document(at: document, option: "Figma document")
        let values = try placeholders.values()
        let references = try images.map(FigmaCommand.imageReferences) ?? [:]
        if list {
            let figma = try FigmaDocument(data: data)
            func line(_ summary: FigmaNodeSummary, _ mark: String) -> String {
                "\(summary.id)\t\(summary.type)\t\(Self.points(summary.width)) × \(Self.points(summary.height))\t"
                    + "\(summary.visible ? "visible" : "hidden")\t\"\(summary.name.escapingControls)\"" + mark
            }
            for summary in figma.topLevelNodes {
                print(line(summary, summary == figma.defaultNode ? "\t(default)" : ""))
            }
            if let chosen = figma.defaultNode, !figma.topLevelNodes.contains(chosen) {
                print(line(chosen, "\t(default, in a section)"))
            }
            return
        }
        if fields {
            let figma = try FigmaDocument(data: data)
            guard let id = node ?? figma.defaultNode?.id else {
                throw CLIError(description: "\(document): the document has no node to list fields of; name one with "
                               + "--node ID")
            }
            print(try Self.json(FieldList(fields: try figma.fields(of: id),
                                          modes: try variableOptions.read()?.collectionModes)))
            return
        }
        let renderer = drawing.renderer(registry: try fontSources.makeRegistry(),
                                        imageDirectory: images.map { URL(fileURLWithPath: $0) })
        if json {
            let figma = try document(data)
            guard !figma.topLevelNodes.isEmpty else {
                throw CLIError(description: "\(document): the document has no nodes to draw")
            }
            if let node {
                let frame = try figma.setting(values, of: node).document.frame(node, images: references,
                                                                               renderer: renderer)
                warnEach(frame.warnings, verbose: warningOptions.verbose)
                let boxes = try naming(frame.describe) { () throws(CardError) in
                    try frame.nodeBoxes(values: values, renderer: renderer)
                }
                warnText([], frames: [frame], registry: renderer.registry)
                print(try Self.json(LaidOutNodes(nodes: boxes, errors: nil)))
                return
            }
            // Every top-level node: one that cannot be laid out is listed under "errors", the others still are.
            var laidOut = LaidOutNodes(nodes: [], errors: [])
            var frames: [FigmaFrame] = []
            for summary in figma.topLevelNodes {
                do {
                    let frame = try figma.frame(summary.id, images: references, renderer: renderer)
                    frames.append(frame)
                    warnEach(frame.warnings, verbose: warningOptions.verbose)
                    laidOut.nodes += try naming(frame.describe) { () throws(CardError) in
                        try frame.nodeBoxes(values: values, renderer: renderer)
                    }
                } catch {
                    let message = MatterTypeCommand.message(for: error).split(separator: "\n").first.map(String.init)
                    laidOut.errors?.append(.init(id: summary.id, message: message ?? "failed"))
                }
            }
            if laidOut.errors?.isEmpty == true { laidOut.errors = nil }
            warnText([], frames: frames, registry: renderer.registry)
            print(try Self.json(laidOut))
            return
        }
        guard case .figma(let frame) = try CardSource.read(data, node: node, images: references, renderer: renderer,
                                                           fields: values,
                                                           variables: try variableOptions.read(),
                                                           modes: variableOptions.mode) else {
            throw CLIError(description: "\(document): a card document, not a Figma document; draw it with "
                           + "mattertype card")
        }
        warnEach(frame.warnings, verbose: warningOptions.verbose)
        let card = drawing.sized(try frame.card(values: values))
        let output = self.output ?? "-"
        let format = output == "-" ? ImageFormat.png : (ImageFormat(path: output) ?? .png)
        let drawn = try naming(frame.describe) { () throws(CardError) in try renderer.drawing(of: card) }
        warnText(drawn.layouts, frames: [frame], registry: renderer.registry)
        let bytes = try naming(frame.describe) { () throws(CardError) in try renderer.encoded(drawn, format: format, quality: drawing.quality) }
        let size = drawn.pixelSize
        try writeImage(bytes, to: output, status: "\(output): \(size.width) × \(size.height) px, node \(frame.nodeID), "
                       + "\(bytes.count) bytes")
    }
}

extension FigmaCommand {
    /// The Figma document in `data`, its variables resolved in the modes chosen when --variables is given.
    func document(_ data: Data) throws -> FigmaDocument {
        let figma = try FigmaDocument(data: data)
        guard let read = try variableOptions.read() else { return figma }
        // What cannot be resolved is among the warnings of the frames binding it.
        return figma.resolving(read, modes: try read.modes(variableOptions.mode)).document
    }
}

/// `--variables` and `--mode`: a Figma document's values bound to variables, drawn in the modes chosen.
struct FigmaVariableOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A Figma file's variables: the JSON of GET /v1/files/:key/variables/local, or a DTCG "
                               + "export whose tokens carry their Figma ids and modes; values bound to them are "
                               + "drawn in the modes --mode (or a row's mode column) chooses.",
                               valueName: "variables.json"))
    var variables: String?

    @Option(help: ArgumentHelp("A variable collection's mode, Collection=Mode (default: the mode a frame sets, else "
                               + "the collection's default); repeatable; needs --variables.",
                               valueName: "Collection=Mode"))
    var mode: [String] = []

    @OptionGroup var tokenFiles: TokenFileOptions

    func validate() throws {
        if !mode.isEmpty, variables == nil {
            throw ValidationError("--mode chooses a mode of the variables --variables reads; give --variables")
        }
    }

    /// The variables --variables names, their values taken from the --tokens whose paths match their names
    /// (``FigmaVariables/takingValues(from:byMode:)``: a Tokens Studio theme `Collection/Mode` gives that mode's);
    /// `nil` without --variables.
    func read() throws -> FigmaVariables? {
        guard let variables else { return nil }
        let read = try FigmaVariables(data: try TextInputOptions.contents(of: variables, option: "--variables"))
        guard !tokenFiles.tokens.isEmpty else { return read }
        let urls = tokenFiles.urls
        let defined = Set(try DesignTokens.themes(contentsOf: urls))
        var byMode: [String: [String: DesignTokenValue]] = [:]
        for choices in read.collectionModes {
            for mode in choices.modes {
                for label in [choices.collection + "/" + mode, mode] where defined.contains(label) {
                    byMode[label] = try DesignTokens.values(contentsOf: urls, themes: [label])
                }
            }
        }
        let (taken, matched) = read.takingValues(from: try DesignTokens.values(contentsOf: urls,
                                                                                themes: tokenFiles.theme),
                                                 byMode: byMode)
        if matched == 0 {
            let line = "warning: no token of --tokens is named as a variable of --variables (color/surface is the "
                + "token color.surface); the variables keep their values\n"
            FileHandle.standardError.write(Data(line.utf8))
        }
        return taken
    }
}

/// Design-token files (`--tokens`, `--theme`): a card's text layers' `token`, and values for a Figma document's
/// variables whose names match.
struct TokenFileOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A design-token file or Tokens Studio folder: what a card's text layers' \"token\" "
                               + "names, and values for the --variables whose names match its tokens' paths "
                               + "(color/surface ↔ color.surface); repeatable, later ones win.",
                               valueName: "file.tokens.json"))
    var tokens: [String] = []

    @Option(help: ArgumentHelp("A Tokens Studio theme whose sets --tokens reads (group/name or name); repeatable. "
                               + "A theme named Collection/Mode gives that mode's variable values.",
                               valueName: "theme"))
    var theme: [String] = []

    /// The files, as URLs.
    var urls: [URL] { tokens.map { URL(fileURLWithPath: $0) } }

    func validate() throws {
        if !theme.isEmpty, tokens.isEmpty { throw ValidationError("--theme chooses sets of --tokens; give --tokens") }
    }
}

/// What `figma --fields` prints: the node's fields, and the modes of the variables given.
private struct FieldList: Encodable {
    var fields: [FigmaField]
    var modes: [FigmaVariables.ModeChoices]?
}

/// What `figma --json` prints: every node's box, and (without `--node`) the top-level nodes that could not be
/// laid out.
private struct LaidOutNodes: Encodable {
    /// A top-level node that could not be laid out, and why.
    struct Failure: Encodable {
        let id: String
        let message: String
    }

    var nodes: [FigmaNodeBox]
    var errors: [Failure]?
}

extension FigmaCommand {
    /// A size in points as a person reads it: `375`, `1661.13`.
    fileprivate static func points(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(format: "%.2f", value)
    }

    /// `value` as compact JSON, keys sorted, slashes unescaped.
    fileprivate static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// The files of a document's image folder by the `imageRef` each is named after (`.png`, `.jpg`, `.webp` may
    /// follow it).
    static func imageReferences(in folder: String) throws -> [String: String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            throw CLIError(description: "\(folder): not a folder; give --images the folder of the document's images")
        }
        var references: [String: String] = [:]
        for name in names {
            let reference = name.split(separator: ".", maxSplits: 1).first.map(String.init) ?? name
            if references[reference] == nil || name == reference { references[reference] = name }
        }
        return references
    }
}

/// Prints each warning on a line of its own on standard error (a document can have many).
/// What laying out `layouts` warns about, on standard error; for a Figma frame (`frames`), the families that fell
/// back come last, as one summary of the families and the nodes they touched, instead of a sentence a text.
func warnText(_ layouts: [TextLayout], frames: [FigmaFrame], registry: FontRegistry) {
    guard !frames.isEmpty else { return warn(layouts.flatMap(\.warnings)) }
    warn(layouts.flatMap { $0.hyphenationWarnings.map(\.description) })
    var order: [String] = [], merged: [String: FigmaFontFallback] = [:]
    for fallback in frames.flatMap({ $0.fontFallbacks(in: registry) }) {
        if let earlier = merged[fallback.family] {
            merged[fallback.family] = FigmaFontFallback(family: fallback.family, replacement: earlier.replacement,
                                                        nodes: earlier.nodes + fallback.nodes)
        } else {
            order.append(fallback.family)
            merged[fallback.family] = fallback
        }
    }
    if let line = FigmaFontFallback.summary(order.compactMap { merged[$0] }) {
        FileHandle.standardError.write(Data("warning: \(line)\n".utf8))
    }
}

func warnEach(_ warnings: [FigmaWarning], verbose: Bool) {
    if verbose {
        var seen = Set<String>()
        for warning in warnings where seen.insert(warning.description).inserted {
            FileHandle.standardError.write(Data("warning: \(warning)\n".utf8))
        }
        return
    }
    for line in FigmaWarning.summary(warnings) {
        FileHandle.standardError.write(Data("warning: \(line)\n".utf8))
    }
}

/// `--verbose`: every warning of a Figma document, one a line, instead of one line a kind.
struct WarningOptions: ParsableArguments {
    @Flag(help: "List every warning of a Figma document, one a line (without it, one line a kind, at most 25).")
    var verbose = false
}

/// `work`'s result; a card error it throws is rethrown in `describe`'s words (a Figma frame's names its node:
/// ``FigmaFrame/describe(_:)``).
func naming<T>(_ describe: (CardError) -> String, _ work: () throws(CardError) -> T) throws -> T {
    do throws(CardError) {
        return try work()
    } catch {
        throw CLIError(description: describe(error))
    }
}
