public import Foundation

/// A design token's value that is not a typography: what a Figma variable can hold (``DesignTokens/values(contentsOf:themes:remSize:)``).
public enum DesignTokenValue: Sendable, Hashable {
    /// A color (`color` tokens: `#rrggbb`, `#rrggbbaa`, CSS names, or DTCG's `{"colorSpace": "srgb",
    /// "components": [r, g, b], "alpha"}`).
    case color(Color)
    /// A number: a `number`, `opacity` or weight token as it is (a weight name such as `SemiBold` as its number),
    /// or a dimension (`dimension`, `spacing`, `sizing`, `borderRadius`, `fontSizes`, …) in points (`rem` × the
    /// root size).
    case number(Double)
    /// Text (`fontFamily`, `string`, `text` tokens; a DTCG family list's first family).
    case text(String)
    /// A boolean.
    case flag(Bool)
}

extension DesignTokens {
    /// Every token of the files at `urls` that is not a typography, by path (`color.surface`), references and
    /// math resolved, as ``DesignTokenValue``s; with `themes`, only the sets those Tokens Studio themes enable (as
    /// ``init(contentsOf:themes:remSize:strict:extensions:)`` reads them). A token whose value cannot be read as
    /// its type says is left out: these are values to look up, not typographies to check.
    /// - Throws: ``DesignTokenError`` for files that cannot be read, or themes they do not define.
    public static func values(contentsOf urls: [URL], themes: [String] = [],
                              remSize: Double = 16) throws(DesignTokenError) -> [String: DesignTokenValue] {
        var documents: [TokenDocument] = []
        for url in urls { documents += try TokenDocument.read(url) }
        var reader = TokenReader(remSize: remSize, extensions: nil)
        for set in try TokenDocument.select(documents, themes: themes) { reader.collect(set) }
        var values: [String: DesignTokenValue] = [:]
        for path in reader.order {
            guard let token = reader.tokens[path], !token.isTypography, !token.sourceOnly,
                  let (raw, type) = try? reader.resolved(path),
                  let value = reader.value(raw, type: type, format: token.format, at: path) else { continue }
            values[path] = value
        }
        return values
    }

    /// The themes the token files at `urls` define, as `group/name` (or `name` outside a group), in their order.
    /// - Throws: ``DesignTokenError`` for files that cannot be read.
    public static func themes(contentsOf urls: [URL]) throws(DesignTokenError) -> [String] {
        var documents: [TokenDocument] = []
        for url in urls { documents += try TokenDocument.read(url) }
        return documents.flatMap(\.themes).map { theme in theme.group.map { "\($0)/\(theme.name)" } ?? theme.name }
    }
}

extension TokenReader {
    /// The token types read as text.
    private static let textTypes: Set<String> = ["fontFamily", "fontFamilies", "string", "text", "content"]
    /// The token types read as numbers without a unit.
    private static let plainNumberTypes: Set<String> = ["number", "opacity", "fontWeight", "fontWeights"]

    /// `raw` (resolved) as a value of `type`; `nil` when it is not one. Without a type, a number, a boolean, a
    /// color string or another string.
    func value(_ raw: OrderedJSON, type: String?, format: DesignTokens.Format, at: String) -> DesignTokenValue? {
        switch type {
        case "color"?:
            return Self.color(raw).map(DesignTokenValue.color)
        case "boolean"?:
            if case .bool(let flag) = raw { return .flag(flag) }
            return raw.string.flatMap { ["true": true, "false": false][$0.lowercased()] }.map(DesignTokenValue.flag)
        case let type? where Self.textTypes.contains(type):
            if case .array(let list) = raw, let first = list.first?.string { return .text(first) }
            return raw.string.map(DesignTokenValue.text)
        case let type? where type.lowercased().contains("weight"):
            return (try? fontWeight(raw, format: format, at: at)).map { .number(Double($0.0.rawValue)) }
        case let type? where Self.plainNumberTypes.contains(type):
            if let number = raw.number { return .number(number) }
            return raw.string.flatMap { Double(String($0.trimmingSpaces())) }.map(DesignTokenValue.number)
        case nil:
            if let number = raw.number { return .number(number) }
            if case .bool(let flag) = raw { return .flag(flag) }
            if let color = Self.color(raw) { return .color(color) }
            return raw.string.map(DesignTokenValue.text)
        default:
            // Dimensions under their many names (dimension, spacing, sizing, borderRadius, fontSizes, …).
            return (try? dimension(raw, at: at, emSize: remSize, allowsNegative: true)).map(DesignTokenValue.number)
        }
    }

    /// A color string (`#…`, a CSS name) or DTCG's color object in sRGB.
    private static func color(_ raw: OrderedJSON) -> Color? {
        if let text = raw.string { return Color(parsing: String(text.trimmingSpaces())) }
        guard raw["colorSpace"]?.string ?? "srgb" == "srgb", case .array(let parts)? = raw["components"],
              parts.count == 3 else { return nil }
        let channels = parts.compactMap(\.number)
        let alpha = raw["alpha"]?.number ?? 1
        guard channels.count == 3, (channels + [alpha]).allSatisfy({ (0...1).contains($0) }) else { return nil }
        func byte(_ value: Double) -> UInt8 { UInt8((value * 255).rounded()) }
        return Color(red: byte(channels[0]), green: byte(channels[1]), blue: byte(channels[2]), alpha: byte(alpha))
    }
}
