import ArgumentParser
import Foundation
import MatterType

/// `mattertype resolve`: which face a family, weight and style draw with, and whether it is a fallback.
struct ResolveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Show which font a family, weight and style resolve to, and why.")

    @Option(help: ArgumentHelp("The family: \"Noto Sans\", \"NotoSans\", \"system\", a generic (monospace, serif, "
                               + "ui-monospace…), an installed or registered family, or a CSS list: the first with a "
                               + "font here is used."))
    var family: String

    @Option(help: ArgumentHelp("The weight: a name (thin … black), a synonym (demibold, heavy) or 1 … 1000."),
            transform: parseWeight)
    var weight: FontWeight

    @Option(help: "The font size in points, for a variable font's optical size axis (opsz).")
    var size: Double?

    @Option(help: "Variation axis coordinates, e.g. \"wdth=80,GRAD=50\".", transform: parseVariations)
    var variations: [String: Double] = [:]

    @Flag(help: "Resolve the italic style.")
    var italic = false

    @Option(name: .customLong("font-width"),
            help: "The width: ultraCondensed … normal … ultraExpanded, or a percentage 50% … 200% (default normal).",
            transform: parseWidth)
    var fontWidth: FontWidth = .normal

    @Flag(name: .customLong("bold-text"), help: "Resolve as with the Bold Text accessibility setting on.")
    var boldText = false

    @OptionGroup var fontSources: FontSourceOptions

    @Flag(help: "Print JSON: {requested, family, familyChoice, postScriptName, familyName, weight, italic, width, path, source, variations, synthetic, fallback, reason}.")
    var json = false

    func validate() throws {
        if family.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--family is empty; give a family name such as \"Noto Sans\"")
        }
    }

    func run() throws {
        let registry = try fontSources.makeRegistry()
        let choice = registry.familyChoice(in: SpanStyle.familyNames(inList: family))
        let resolution = try registry.resolve(familyName: choice.family, weight: weight,
                                              style: italic ? .italic : .regular, width: fontWidth,
                                              boldText: boldText,
                                              fontSize: size, variations: variations)
        let font = resolution.font
        if json {
            try printJSON(ResolutionJSON(resolution: resolution, choice: choice))
            return
        }
        if choice.isNotable { print("family: \(choice)") }
        print("\(resolution.requestedPostScriptName) → \(font.postScriptName) (\(font.familyName), "
            + "\(font.styleName), weight \(font.weight)\(font.isItalic ? ", italic" : "")"
            + "\(font.width == .normal ? "" : ", width \(font.width)"); "
            + "\(resolution.source.rawValue)) \(font.path)")
        if !resolution.variations.isEmpty {
            print("variations: " + resolution.variations.sorted { $0.key < $1.key }
                .map { "\($0.key)=\(points($0.value))" }.joined(separator: ","))
        }
        let synthetic = resolution.synthetic
        if synthetic.bold || synthetic.italic {
            print("synthetic: " + [synthetic.bold ? "bold" : nil, synthetic.italic ? "italic" : nil]
                .compactMap { $0 }.joined(separator: ", "))
        }
        if let reason = resolution.fallbackReason {
            print("fallback: \(reason)")
        }
    }
}

/// `resolve --json`'s object: `family` is the list's family used, `familyChoice` why (both the first family and
/// `null` for a list whose first family has a font); `reason` is written as `null` when there is none.
private struct ResolutionJSON: Encodable {
    let resolution: FontResolution
    let choice: FamilyChoice

    enum CodingKeys: String, CodingKey {
        case requested, family, familyChoice, postScriptName, familyName, weight, italic, width, path, source,
             variations, synthetic, fallback, reason
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let font = resolution.font
        try container.encode(resolution.requestedPostScriptName, forKey: .requested)
        try container.encode(choice.family, forKey: .family)
        try container.encode(choice.isNotable ? choice.description : nil, forKey: .familyChoice)
        try container.encode(font.postScriptName, forKey: .postScriptName)
        try container.encode(font.familyName, forKey: .familyName)
        try container.encode(font.weight, forKey: .weight)
        try container.encode(font.isItalic, forKey: .italic)
        try container.encode(font.width, forKey: .width)
        try container.encode(font.path, forKey: .path)
        try container.encode(resolution.source.rawValue, forKey: .source)
        try container.encode(resolution.isFallback, forKey: .fallback)
        try container.encode(resolution.variations, forKey: .variations)
        try container.encode(resolution.synthetic, forKey: .synthetic)
        try container.encode(resolution.fallbackReason?.description, forKey: .reason)
    }
}
