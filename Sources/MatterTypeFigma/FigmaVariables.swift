public import Foundation
public import MatterType

/// What a node, paint or effect binds to variables (`boundVariables`): one alias (`{"type": "VARIABLE_ALIAS",
/// "id": "VariableID:1:2"}`) or a list of them (one per fill); any other shape binds nothing.
struct FigmaBinding: Sendable, Decodable {
    /// The variables' ids, in order.
    var ids: [String]

    private struct Alias: Decodable {
        var id: String
    }

    init(from decoder: any Decoder) throws {
        if let alias = try? Alias(from: decoder) {
            ids = [alias.id]
        } else if let list = try? [Alias?](from: decoder) {
            ids = list.map { $0?.id ?? "" }
        } else {
            ids = []
        }
    }
}

/// A file's variables and their collections' modes (Figma's `GET /v1/files/:key/variables/local` response, or a
/// DTCG export whose tokens carry their Figma ids and values by mode, as figma/sds writes them), to draw a Figma
/// node in any mode (``FigmaDocument/resolving(_:modes:)``).
public struct FigmaVariables: Sendable {
    /// A variable's value in one mode.
    public enum Value: Sendable, Hashable {
        /// A color, 0…1 each.
        case color(red: Double, green: Double, blue: Double, alpha: Double)
        /// A number (a FLOAT variable).
        case number(Double)
        /// A string (a STRING variable).
        case text(String)
        /// A boolean (a BOOLEAN variable).
        case flag(Bool)
        /// Another variable's value, by its id.
        case alias(String)
    }

    /// One variable: its name, collection and value in each mode (by mode id).
    struct Variable: Sendable {
        var name: String
        var collection: String
        var values: [String: Value]
    }

    /// One collection: its name, its modes (id and name) and the default one's id.
    struct Collection: Sendable {
        var name: String
        var modes: [(id: String, name: String)]
        var defaultMode: String
    }

    /// The variables by id.
    var variables: [String: Variable] = [:]
    /// The collections by id.
    var collections: [String: Collection] = [:]

    /// Reads a variables response or a DTCG export with Figma ids (`$extensions` → `figmaId`, `modes`).
    /// - Throws: ``FigmaError/invalidVariables(_:)`` for JSON that is neither, naming what to give.
    public init(data: Data) throws(FigmaError) {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw .invalidVariables("not a JSON object; give the JSON of GET "
                                   + "/v1/files/:key/variables/local")
        }
        if let meta = object["meta"] as? [String: Any], let variables = meta["variables"] as? [String: Any] {
            readResponse(variables: variables, collections: meta["variableCollections"] as? [String: Any] ?? [:])
        } else {
            readExport(object)
        }
        guard !variables.isEmpty else {
            throw .invalidVariables("no variables found; give the JSON of GET /v1/files/:key/variables/local (its "
                                   + "\"meta\") or a DTCG export whose tokens carry a figmaId and their modes")
        }
    }

    /// The REST response's `meta`.
    private mutating func readResponse(variables: [String: Any], collections: [String: Any]) {
        for (id, entry) in collections {
            guard let entry = entry as? [String: Any] else { continue }
            let modes = (entry["modes"] as? [[String: Any]] ?? []).compactMap { mode -> (id: String, name: String)? in
                guard let id = mode["modeId"] as? String else { return nil }
                return (id, mode["name"] as? String ?? id)
            }
            self.collections[id] = Collection(name: entry["name"] as? String ?? id, modes: modes,
                                              defaultMode: entry["defaultModeId"] as? String ?? modes.first?.id ?? "")
        }
        for (id, entry) in variables {
            guard let entry = entry as? [String: Any] else { continue }
            var values: [String: Value] = [:]
            for (mode, raw) in entry["valuesByMode"] as? [String: Any] ?? [:] {
                if let value = Self.value(raw, type: entry["resolvedType"] as? String) { values[mode] = value }
            }
            let variable = Variable(name: entry["name"] as? String ?? id,
                                    collection: entry["variableCollectionId"] as? String ?? "", values: values)
            self.variables[id] = variable
            // The published-variables response: files using the library bind the subscribed id.
            if let subscribed = entry["subscribed_id"] as? String { self.variables[subscribed] = variable }
        }
    }

    /// A DTCG export: top-level groups are collections (`$extensions` naming their Figma id and modes), tokens
    /// carry their Figma id and a value per mode name; `{@collection.group.token}` is an alias, matched without
    /// regard to case.
    private mutating func readExport(_ object: [String: Any]) {
        var byPath: [String: String] = [:], pending: [(id: String, raw: [String: Any])] = []
        func figma(_ node: [String: Any]) -> [String: Any]? {
            (node["$extensions"] as? [String: Any])?.values.compactMap { $0 as? [String: Any] }
                .first { $0["figmaId"] != nil }
        }
        for (groupName, group) in object {
            guard let group = group as? [String: Any], let info = figma(group),
                  let collectionID = info["figmaId"] as? String else { continue }
            let modes = (info["modes"] as? [String] ?? []).map { (id: $0, name: $0) }
            collections[collectionID] = Collection(name: groupName.hasPrefix("@") ? String(groupName.dropFirst())
                                                       : groupName, modes: modes, defaultMode: modes.first?.id ?? "")
            func visit(_ node: [String: Any], path: [String]) {
                if node["$value"] != nil || node["$type"] != nil {
                    guard let info = figma(node), let id = info["figmaId"] as? String else { return }
                    byPath[([groupName] + path).joined(separator: ".").lowercased()] = id
                    variables[id] = Variable(name: path.joined(separator: "/"), collection: collectionID, values: [:])
                    pending.append((id, ["type": node["$type"] as Any, "modes": info["modes"] as Any]))
                    return
                }
                for (key, child) in node where !key.hasPrefix("$") {
                    if let child = child as? [String: Any] { visit(child, path: path + [key]) }
                }
            }
            visit(group, path: [])
        }
        for (id, raw) in pending {
            let type = (raw["type"] as? String).map {
                ["color": "COLOR", "number": "FLOAT", "dimension": "FLOAT", "boolean": "BOOLEAN"][$0] ?? "STRING"
            }
            for (mode, value) in raw["modes"] as? [String: Any] ?? [:] {
                if let text = value as? String, text.hasPrefix("{"), text.hasSuffix("}"),
                   let target = byPath[String(text.dropFirst().dropLast()).lowercased()] {
                    variables[id]?.values[mode] = .alias(target)
                } else if let parsed = Self.value(value, type: type) {
                    variables[id]?.values[mode] = parsed
                }
            }
        }
    }

    /// A raw value of a variable of `type` (COLOR, FLOAT, STRING, BOOLEAN).
    private static func value(_ raw: Any, type: String?) -> Value? {
        if let alias = raw as? [String: Any], alias["type"] as? String == "VARIABLE_ALIAS", let id = alias["id"] as? String {
            return .alias(id)
        }
        if let color = raw as? [String: Any], let r = color["r"] as? Double, let g = color["g"] as? Double,
           let b = color["b"] as? Double {
            return .color(red: r, green: g, blue: b, alpha: color["a"] as? Double ?? 1)
        }
        if let text = raw as? String, type == "COLOR", let color = hexColor(text) { return color }
        if let number = raw as? NSNumber {
            if type == "BOOLEAN" { return .flag(number.boolValue) }
            return .number(number.doubleValue)
        }
        if let text = raw as? String { return .text(text) }
        return nil
    }

    /// `#rgb`, `#rrggbb` or `#rrggbbaa`.
    private static func hexColor(_ text: String) -> Value? {
        var digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
        if digits.count == 3 { digits = digits.map { "\($0)\($0)" }.joined() }
        guard digits.count == 6 || digits.count == 8, let number = UInt64(digits, radix: 16) else { return nil }
        let full = digits.count == 6 ? number << 8 | 0xFF : number
        return .color(red: Double(full >> 24 & 0xFF) / 255, green: Double(full >> 16 & 0xFF) / 255,
                      blue: Double(full >> 8 & 0xFF) / 255, alpha: Double(full & 0xFF) / 255)
    }

    /// These variables with values from design tokens (``DesignTokens/values(contentsOf:themes:remSize:)``)
    /// whose paths match their names: the variable `color/surface` is the token `color.surface`, or
    /// `Theme.color.surface` under its collection's name, without regard to case. In mode `M` of collection `C`,
    /// `modeTokens["C/M"]` (a Tokens Studio theme named so; or `modeTokens["M"]`) gives the value when it holds
    /// one, else `tokens`; a collection without modes (Figma's published-variables response lists names, not
    /// values) takes `tokens`. A token of another kind than the variable's values (a color for a number) is not
    /// taken; a variable no token matches keeps its values. Also returns how many variables took a value.
    public func takingValues(from tokens: [String: DesignTokenValue],
                             byMode modeTokens: [String: [String: DesignTokenValue]] = [:])
        -> (variables: FigmaVariables, matched: Int) {
        func key(_ path: String) -> String { path.replacingOccurrences(of: "/", with: ".").lowercased() }
        func lowered(_ values: [String: DesignTokenValue]) -> [String: DesignTokenValue] {
            Dictionary(values.map { (key($0.key), $0.value) }) { first, _ in first }
        }
        let base = lowered(tokens), byMode = modeTokens.mapValues(lowered)
        var result = self, matched = 0
        for (id, variable) in variables {
            let collectionName = collections[variable.collection]?.name
            var names = [key(variable.name)]
            if let collectionName { names.append(key(collectionName + "." + variable.name)) }
            var modes = collections[variable.collection]?.modes.map { [$0.id, $0.name] } ?? []
            if modes.isEmpty { modes = [["", ""]] }
            var took = false
            for mode in modes {
                // The first source holding one of its names: the mode's theme, the mode's name, then all.
                var sources: [[String: DesignTokenValue]] = []
                if let collectionName, let theme = byMode[collectionName + "/" + mode[1]] { sources.append(theme) }
                if let theme = byMode[mode[1]] { sources.append(theme) }
                sources.append(base)
                var token: DesignTokenValue?
                for source in sources where token == nil {
                    for name in names where token == nil { token = source[name] }
                }
                guard let token, let value = Self.value(token), Self.sameKind(value, variable.values.values.first)
                else { continue }
                result.variables[id]?.values[mode[0]] = value
                took = true
            }
            if took { matched += 1 }
        }
        return (result, matched)
    }

    /// A token's value as a variable's.
    private static func value(_ token: DesignTokenValue) -> Value? {
        switch token {
        case .color(let color):
            .color(red: Double(color.red) / 255, green: Double(color.green) / 255, blue: Double(color.blue) / 255,
                   alpha: Double(color.alpha) / 255)
        case .number(let number): .number(number)
        case .text(let text): .text(text)
        case .flag(let flag): .flag(flag)
        }
    }

    /// Whether `value` may replace a variable whose values are like `existing` (any value when it has none, or
    /// only aliases).
    private static func sameKind(_ value: Value, _ existing: Value?) -> Bool {
        switch (value, existing) {
        case (_, nil), (_, .alias?), (.color, .color?), (.number, .number?), (.text, .text?), (.flag, .flag?): true
        default: false
        }
    }

    /// A collection's name and its modes' names (the default one's too): what `Collection=Mode` may say.
    public struct ModeChoices: Sendable, Hashable, Codable {
        /// The collection's name.
        public let collection: String
        /// Its modes' names, in the collection's order.
        public let modes: [String]
        /// The mode drawn when none is chosen.
        public let defaultMode: String

        private enum CodingKeys: String, CodingKey {
            case collection, modes, defaultMode = "default"
        }
    }

    /// Each collection's modes, by collection name (`{"collection", "modes", "default"}` in JSON, as `figma
    /// --fields` and the server's template fields list them).
    public var collectionModes: [ModeChoices] {
        collections.values.map { collection in
            ModeChoices(collection: collection.name, modes: collection.modes.map(\.name),
                        defaultMode: collection.modes.first { $0.id == collection.defaultMode }?.name
                            ?? collection.modes.first?.name ?? "")
        }.sorted { $0.collection < $1.collection }
    }

    /// `Collection=Mode` choices (by name) as collection id → mode id.
    /// - Throws: ``FigmaError/field(_:)`` for a collection or mode the variables have not, naming those they have.
    public func modes(_ choices: [String]) throws(FigmaError) -> [String: String] {
        var chosen: [String: String] = [:]
        for choice in choices {
            let parts = choice.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw .field("--mode \(choice): write it as Collection=Mode") }
            guard let (id, collection) = collections.first(where: { $0.value.name == parts[0] }) else {
                throw .field("--mode \(choice): no collection \"\(parts[0])\"; the collections are "
                             + collections.values.map(\.name).sorted().joined(separator: ", "))
            }
            guard let mode = collection.modes.first(where: { $0.name == parts[1] }) else {
                throw .field("--mode \(choice): \"\(parts[0])\" has no mode \"\(parts[1])\"; its modes are "
                             + collection.modes.map(\.name).joined(separator: ", "))
            }
            chosen[id] = mode.id
        }
        return chosen
    }

    /// The value of variable `id` in `modes` (collection id → mode id; a collection not in it: `fallback`'s
    /// mode, else its default; a mode without a value: the default's), aliases followed (at most 16 deep); `nil`
    /// when the file has no such variable or value.
    func value(of id: String, modes: [String: String], fallback: [String: String]) -> Value? {
        var current = id
        for _ in 0..<16 {
            guard let variable = variables[current] else { return nil }
            let defaultMode = collections[variable.collection]?.defaultMode ?? ""
            let mode = modes[variable.collection] ?? fallback[variable.collection] ?? defaultMode
            // A mode the variable has no value in: its default mode's (never an arbitrary one).
            guard let value = variable.values[mode] ?? variable.values[defaultMode] else { return nil }
            guard case .alias(let next) = value else { return value }
            current = next
        }
        return nil
    }
}
