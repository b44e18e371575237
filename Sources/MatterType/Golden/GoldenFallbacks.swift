import Foundation

/// A family typographies name that the fonts here do not have, and the family that drew them instead: what golden
/// metrics recorded on such a machine would pin (``DesignTokens/fallbacks(registry:)``).
public struct FamilyFallback: Sendable, Hashable, CustomStringConvertible {
    /// The family the typographies name first.
    public let designed: String
    /// The family that drew them.
    public let drawn: String
    /// The typography tokens' paths, sorted.
    public let tokens: [String]

    /// `Montserrat → Noto Sans (52 typographies)`.
    public var description: String {
        "\(designed) → \(drawn) (\(tokens.count) typograph\(tokens.count == 1 ? "y" : "ies"))"
    }
}

extension DesignTokens {
    /// The typographies no family of whose list `registry` has (their face is a family they do not name),
    /// grouped by designed and drawn family, the most typographies first.
    public func fallbacks(registry: FontRegistry = .shared) -> [FamilyFallback] {
        var groups: [String: (designed: String, drawn: String, tokens: [String])] = [:]
        for path in typographyPaths {
            guard let typography = typographies[path],
                  let resolved = try? TypographyLayout(typography: typography, registry: registry),
                  resolved.font.isFallback else { continue }
            // Another weight or style of a family it names is not a family missing.
            let drawn = resolved.font.font.familyName
            let named = ([typography.familyName] + typography.fallbackFamilyNames).map { $0.lowercased() }
            guard !named.contains(drawn.lowercased()) else { continue }
            groups[typography.familyName + "\u{0}" + drawn, default: (typography.familyName, drawn, [])].tokens
                .append(path)
        }
        return groups.values.map { FamilyFallback(designed: $0.designed, drawn: $0.drawn, tokens: $0.tokens.sorted()) }
            .sorted { ($0.tokens.count, $1.designed) > ($1.tokens.count, $0.designed) }
    }

    /// One line for `fallbacks`: `52 of 52 typographies fell back: Montserrat → Noto Sans (52 typographies)`; `nil`
    /// when there are none.
    public func fallbackSummary(_ fallbacks: [FamilyFallback]) -> String? {
        guard !fallbacks.isEmpty else { return nil }
        let count = fallbacks.reduce(0) { $0 + $1.tokens.count }
        return "\(count) of \(typographies.count) typographies fell back: "
            + fallbacks.map(\.description).joined(separator: ", ")
    }
}
