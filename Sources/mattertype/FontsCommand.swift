import ArgumentParser
import Foundation
import MatterType
import MatterTypeWire

/// `mattertype fonts`: the bundled family plus any `--font-file` fonts.
struct FontsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fonts",
        abstract: "List the bundled Noto Sans faces and the fonts in the files given.")

    @OptionGroup var fontSources: FontSourceOptions

    @Flag(help: "Print JSON: {\"fonts\": [{postScriptName, familyName, styleName, weight, italic, path, source, axes?, instances?}]}.")
    var json = false

    func run() throws {
        let registry = try fontSources.makeRegistry()
        let fonts = FontRegistry.bundledFonts.map { FontRecord($0, source: "bundled") }
            + registry.registeredFonts.map { FontRecord($0, source: "registered") }
        if json {
            try printJSON(["fonts": fonts])
            return
        }
        let width = fonts.map(\.postScriptName.count).max() ?? 0
        for font in fonts {
            let name = font.postScriptName.padding(toLength: width, withPad: " ", startingAt: 0)
            print("\(name)  \(font.familyName), \(font.styleName), weight \(font.weight)"
                + "\(font.italic ? ", italic" : "")  [\(font.source)] \(font.path)")
            for axis in font.axes ?? [] {
                print("    axis \(axis.tag) (\(axis.name)) \(points(axis.minimum))…\(points(axis.maximum)), "
                    + "default \(points(axis.defaultValue))")
            }
            for instance in font.instances ?? [] {
                let coordinates = instance.coordinates.sorted { $0.key < $1.key }
                    .map { "\($0.key)=\(points($0.value))" }.joined(separator: ",")
                print("    instance \(instance.name): \(coordinates)")
            }
        }
    }
}
