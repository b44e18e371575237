import ArgumentParser
import Foundation
import MatterType
import MatterTypeWire

/// `mattertype resolve`: which face a family, weight and style draw with, and whether it is a fallback.
struct ResolveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Show which font a family, weight and style resolve to, and why.",
        discussion: FieldArguments.help(for: "resolve"))

    @OptionGroup var fields: FieldOptions

    @OptionGroup var fontSources: FontSourceOptions

    @Flag(help: "Print JSON: {requested, family, familyChoice, postScriptName, familyName, weight, italic, width, path, source, variations, synthetic, fallback, reason}.")
    var json = false

    func run() throws {
        var request = RenderRequest()
        try fields.apply(to: &request)
        let fields = request.typography
        guard let family = fields.family else { throw ValidationError("give the family, --family \"Noto Sans\"") }
        guard let weight = fields.weight else { throw ValidationError("give the weight, --weight regular") }
        let registry = try fontSources.makeRegistry()
        let choice = registry.familyChoice(in: family)
        let resolution = try registry.resolve(familyName: choice.family, weight: weight,
                                              style: fields.italic == true ? .italic : .regular,
                                              width: fields.fontWidth ?? .normal, boldText: fields.boldText == true,
                                              fontSize: fields.size?.points(fontSize: Length.rootFontSize),
                                              variations: fields.variations ?? [:])
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
