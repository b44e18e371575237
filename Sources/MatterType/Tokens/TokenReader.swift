import Foundation

/// One token as read: its type (own or inherited), value and extensions, and whether it only resolves references.
struct RawToken {
    var type: String?
    var value: OrderedJSON
    var extensions: OrderedJSON?
    var format: DesignTokens.Format
    var sourceOnly: Bool
    /// `$value` or `value`, as written.
    var valueKey: String

    /// Whether the token is a typography: DTCG's and Tokens Studio's `typography`, the Design Tokens plugin's
    /// `custom-fontStyle`.
    var isTypography: Bool { type.map(RawToken.isTypography) ?? false }

    static func isTypography(_ type: String) -> Bool {
        type == "typography" || type == "custom-fontStyle"
    }
}

/// Walks token sets, then resolves references and math and converts values; collects every problem.
struct TokenReader {
    let remSize: Double
    /// What reads `$extensions.mattertype`'s fields beyond the design tools' keys.
    let extensions: (any TypographyTokenExtensions)?
    var format: DesignTokens.Format?
    var tokens: [String: RawToken] = [:]
    /// Token paths in document order (a path replaced by a later set keeps its first place).
    var order: [String] = []
    /// Typographies (or groups holding some) left out while collecting, with their place among ``order``.
    var leftOut: [(position: Double, entry: DesignTokens.LeftOut)] = []

    init(remSize: Double, extensions: (any TypographyTokenExtensions)?) {
        self.remSize = remSize
        self.extensions = extensions
    }

    /// Collects the tokens of `set`; a later token replaces an earlier one at the same path.
    mutating func collect(_ set: TokenSet) {
        collect(set.root, path: [], inheritedType: nil, depth: 0, sourceOnly: set.sourceOnly)
    }

    /// Keys that are metadata, not tokens or groups: `$`-keys, and the Design Tokens plugin's `extensions` and
    /// `description` beside its tokens.
    static func isMetadata(_ key: String) -> Bool {
        key.hasPrefix("$") || key == "extensions" || key == "description"
    }

    private mutating func collect(_ members: [(key: String, value: OrderedJSON)], path: [String],
                                  inheritedType: String?, depth: Int, sourceOnly: Bool) {
        let group = OrderedJSON.object(members)
        let groupType = group["$type"]?.string ?? inheritedType
        for (key, child) in members where !TokenReader.isMetadata(key) {
            guard case .object(let childMembers) = child else { continue }
            let childPath = path + [key]
            let name = childPath.joined(separator: ".")
            var problem: String?
            if key.contains(".") || key.contains("{") || key.contains("}") {
                problem = "a token or group name may not contain '.', '{' or '}'"
            } else if depth + 1 >= DesignTokens.maximumDepth {
                problem = "groups nest deeper than \(DesignTokens.maximumDepth)"
            }
            if let problem {
                // Only a typography (or a group holding one) is worth a word: nothing else is read.
                if TokenReader.holdsTypography(child, inheritedType: groupType, depth: 0) {
                    leftOut.append((Double(order.count) - 0.5,
                                    DesignTokens.LeftOut(path: name, problems: [.init(path: name, message: problem)])))
                }
                continue
            }
            let token: RawToken?
            if let value = child["$value"] {
                let type = child["$type"]?.string ?? groupType
                token = RawToken(type: type, value: value, extensions: child["$extensions"],
                                 format: type == "custom-fontStyle" ? .figmaDesignTokens : .dtcg,
                                 sourceOnly: sourceOnly, valueKey: "$value")
            } else if let value = child["value"], child["type"] != nil || value.members == nil {
                let type = child["type"]?.string ?? groupType
                token = RawToken(type: type, value: value, extensions: nil,
                                 format: type == "custom-fontStyle" ? .figmaDesignTokens : .tokensStudio,
                                 sourceOnly: sourceOnly, valueKey: "value")
            } else {
                token = nil
                collect(childMembers, path: childPath, inheritedType: groupType, depth: depth + 1,
                        sourceOnly: sourceOnly)
            }
            if let token {
                if format == nil { format = token.format }
                if tokens.updateValue(token, forKey: name) == nil { order.append(name) }
            }
        }
    }

    /// Whether `value` is a typography token or a group holding one (looked for no deeper than the depth limit).
    static func holdsTypography(_ value: OrderedJSON, inheritedType: String?, depth: Int) -> Bool {
        guard let members = value.members, depth < DesignTokens.maximumDepth else { return false }
        let type = value["$type"]?.string ?? value["type"]?.string ?? inheritedType
        if value["$value"] != nil || value["value"] != nil { return type.map(RawToken.isTypography) ?? false }
        return members.contains { key, child in
            !isMetadata(key) && holdsTypography(child, inheritedType: type, depth: depth + 1)
        }
    }

    // MARK: - References and math

    /// The value at `path` with every reference resolved and math evaluated (chains followed; cycles and
    /// dangling ones are errors, reported at `place`, where the first reference was met).
    func resolved(_ path: String, place: String? = nil,
                  chain: [String] = []) throws(DesignTokenError) -> (value: OrderedJSON, type: String?) {
        let place = place ?? path
        guard let token = tokens[path] else {
            throw DesignTokenError(path: place, message: "refers to {\(path)}, which is not a token")
        }
        if chain.contains(path) {
            throw DesignTokenError(path: place, message: "references form a cycle: "
                                   + (chain + [path]).map { "{\($0)}" }.joined(separator: " → "))
        }
        guard chain.count < DesignTokens.maximumDepth else {
            throw DesignTokenError(path: place, message: "references chain more than 64 tokens deep")
        }
        if let target = TokenReader.reference(token.value) {
            let (value, type) = try resolved(target, place: place, chain: chain + [path])
            return (value, token.type ?? type)
        }
        return (try expanded(token.value, at: place, chain: chain + [path]), token.type)
    }

    /// The token path a value refers to when it is exactly `{a.b.c}`.
    static func reference(_ value: OrderedJSON) -> String? {
        guard let string = value.string.map({ String($0.trimmingSpaces()) }), string.hasPrefix("{"),
              string.hasSuffix("}"), string.count > 2 else { return nil }
        let inner = string.dropFirst().dropLast()
        guard !inner.contains("{"), !inner.contains("}") else { return nil }
        return String(inner)
    }

    /// A string value with the references inside it replaced by their values and its math evaluated
    /// (`"{space.base} * 2"` → 16px); other values as they are.
    func expanded(_ value: OrderedJSON, at place: String, chain: [String] = []) throws(DesignTokenError) -> OrderedJSON {
        guard var text = value.string else { return value }
        if let target = TokenReader.reference(value) { return try resolved(target, place: place, chain: chain).value }
        while let open = text.firstIndex(of: "{") {
            guard let close = text[open...].firstIndex(of: "}") else {
                throw DesignTokenError(path: place, message: "\"\(text)\" has a '{' without its '}'")
            }
            let target = String(text[text.index(after: open)..<close])
            let replacement: String
            switch try resolved(target, place: place, chain: chain).value {
            case .string(let string): replacement = string
            case .number(let number): replacement = TokenMath.Quantity(value: number, unit: nil).text
            case let dimension where dimension["value"]?.number != nil && dimension["unit"]?.string != nil:
                // A DTCG dimension, {"value": 18, "unit": "px"}, as "18px".
                replacement = TokenMath.Quantity(value: dimension["value"]?.number ?? 0,
                                                  unit: dimension["unit"]?.string).text
            default:
                throw DesignTokenError(path: place, message: "{\(target)} is used inside text but is not a number "
                                       + "or text")
            }
            text.replaceSubrange(open...close, with: replacement)
        }
        do {
            if let result = try TokenMath.evaluate(text) {
                return result.unit == nil ? .number(result.value) : .string(result.text)
            }
        } catch {
            throw DesignTokenError(path: place, message: error.reason)
        }
        return .string(text)
    }
}
