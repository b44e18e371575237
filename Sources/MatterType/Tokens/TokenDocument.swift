import Foundation

/// A token set to read: its name (for messages), its groups, and whether it only resolves references.
struct TokenSet {
    var name: String
    var root: [(key: String, value: OrderedJSON)]
    var sourceOnly = false
}

/// What one file or folder holds: token sets in order and the themes that select among them.
struct TokenDocument {
    /// A Tokens Studio theme: its group, name and each set's status (`enabled`, `source`, `disabled`).
    struct Theme {
        var group: String?
        var name: String
        var sets: [String: String]
    }

    var sets: [TokenSet]
    var themes: [Theme]

    /// The document(s) at `url`: a file, or a folder of a multi-file export.
    static func read(_ url: URL) throws(DesignTokenError) -> [TokenDocument] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw DesignTokenError(path: url.path, message: "does not exist")
        }
        guard isDirectory.boolValue else { return [try parse(try load(url), name: url.path)] }
        let metadataURL = url.appendingPathComponent("$metadata.json")
        let themesURL = url.appendingPathComponent("$themes.json")
        var names: [String]
        if FileManager.default.fileExists(atPath: metadataURL.path) {
            let metadata = try json(try load(metadataURL), name: metadataURL.path)
            guard case .array(let order)? = metadata["tokenSetOrder"] else {
                throw DesignTokenError(path: metadataURL.path, message: "has no tokenSetOrder array of set names")
            }
            names = order.compactMap(\.string)
        } else {
            let files = FileManager.default.enumerator(atPath: url.path)?.compactMap { $0 as? String } ?? []
            names = files.filter { $0.hasSuffix(".json") && !($0.split(separator: "/").last?.hasPrefix("$") ?? true) }
                .map { String($0.dropLast(5)) }.sorted()
        }
        var sets: [TokenSet] = []
        for name in names {
            let file = url.appendingPathComponent(name + ".json")
            guard case .object(let members) = try json(try load(file), name: file.path) else {
                throw DesignTokenError(path: file.path, message: "is not a JSON object of token groups")
            }
            sets.append(TokenSet(name: name, root: members))
        }
        var themes: [Theme] = []
        if FileManager.default.fileExists(atPath: themesURL.path) {
            themes = try self.themes(try json(try load(themesURL), name: themesURL.path), at: themesURL.path)
        }
        return [TokenDocument(sets: sets, themes: themes)]
    }

    /// A file's bytes, at most ``DesignTokens/maximumFileSize``.
    private static func load(_ url: URL) throws(DesignTokenError) -> Data {
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            data = try handle.read(upToCount: DesignTokens.maximumFileSize + 1) ?? Data()
        } catch {
            throw DesignTokenError(path: url.path, message: "cannot be read (\(error.localizedDescription))")
        }
        guard data.count <= DesignTokens.maximumFileSize else {
            throw DesignTokenError(path: url.path, message: "is larger than 16 MiB")
        }
        return data
    }

    private static func json(_ data: Data, name: String) throws(DesignTokenError) -> OrderedJSON {
        do {
            return try OrderedJSON.parse([UInt8](data))
        } catch {
            throw DesignTokenError(path: name, message: "is not valid JSON (\(error.reason) at byte \(error.offset))")
        }
    }

    /// One file's document: its sets (a file with `$themes` or `$metadata` holds several) and themes.
    static func parse(_ data: Data, name: String) throws(DesignTokenError) -> TokenDocument {
        guard case .object(let members) = try json(data, name: name) else {
            throw DesignTokenError(path: name, message: "is not a JSON object of token groups")
        }
        let root = OrderedJSON.object(members)
        guard root["$themes"] != nil || root["$metadata"] != nil else {
            return TokenDocument(sets: [TokenSet(name: name, root: members)], themes: [])
        }
        var order: [String] = []
        if case .array(let names)? = root["$metadata"]?["tokenSetOrder"] { order = names.compactMap(\.string) }
        let setMembers = members.filter { !$0.key.hasPrefix("$") }
        let ordered = order.compactMap { name in setMembers.first { $0.key == name } }
            + setMembers.filter { member in !order.contains(member.key) }
        var sets: [TokenSet] = []
        for member in ordered {
            guard case .object(let groups) = member.value else {
                throw DesignTokenError(path: member.key, message: "a token set is an object of token groups")
            }
            sets.append(TokenSet(name: member.key, root: groups))
        }
        let themes = try root["$themes"].map { (value) throws(DesignTokenError) in
            try self.themes(value, at: "$themes")
        } ?? []
        return TokenDocument(sets: sets, themes: themes)
    }

    /// The themes of a `$themes` array.
    private static func themes(_ value: OrderedJSON, at place: String) throws(DesignTokenError) -> [Theme] {
        guard case .array(let items) = value else {
            throw DesignTokenError(path: place, message: "is not an array of themes")
        }
        var themes: [Theme] = []
        for (index, item) in items.enumerated() {
            guard let name = item["name"]?.string, let selected = item["selectedTokenSets"]?.members else {
                throw DesignTokenError(path: "\(place)[\(index)]", message: "a theme needs a name and selectedTokenSets")
            }
            var sets: [String: String] = [:]
            for (set, status) in selected { sets[set] = status.string?.lowercased() ?? "disabled" }
            themes.append(Theme(group: item["group"]?.string, name: name, sets: sets))
        }
        return themes
    }

    /// When the `requested` themes give no typography, the error that says which theme to add: one of another
    /// theme group whose enabled sets hold typographies (Spectrum 2 keeps its typographies in a `Typography`
    /// group beside `Platform`'s Desktop and Mobile). `nil` when no other theme would give any.
    static func themeHint(_ documents: [TokenDocument], themes requested: [String]) -> DesignTokenError? {
        guard !requested.isEmpty else { return nil }
        let themes = documents.flatMap(\.themes)
        func label(_ theme: Theme) -> String { theme.group.map { "\($0)/\(theme.name)" } ?? theme.name }
        let chosen = themes.filter { requested.contains(label($0)) || requested.contains($0.name) }
        let chosenGroups = Set(chosen.map(\.group))
        let typographicSets = Set(documents.flatMap(\.sets).filter { set in
            set.root.contains { key, value in
                !TokenReader.isMetadata(key) && TokenReader.holdsTypography(value, inheritedType: nil, depth: 0)
            }
        }.map(\.name))
        let candidates = themes.filter { theme in
            !chosenGroups.contains(theme.group)
                && theme.sets.contains { typographicSets.contains($0.key) && $0.value == "enabled" }
        }
        guard !candidates.isEmpty else { return nil }
        return DesignTokenError(path: "themes " + requested.joined(separator: ", "),
                                message: "give no typography tokens; add "
                                    + (candidates.count == 1 ? "the theme " : "one of the themes ")
                                    + candidates.map(label).joined(separator: ", ") + ", whose sets hold them")
    }

    /// The sets to read from `documents`, in order: with `themes`, those the themes enable (or use as a source);
    /// without, all of them.
    static func select(_ documents: [TokenDocument], themes requested: [String]) throws(DesignTokenError) -> [TokenSet] {
        let sets = documents.flatMap(\.sets)
        guard !requested.isEmpty else { return sets }
        let themes = documents.flatMap(\.themes)
        func label(_ theme: Theme) -> String { theme.group.map { "\($0)/\(theme.name)" } ?? theme.name }
        guard !themes.isEmpty else {
            throw DesignTokenError(path: "themes \(requested.joined(separator: ", "))", message: "the token files define no themes ($themes)")
        }
        var status: [String: String] = [:]
        var problems: [DesignTokenError.Problem] = []
        for name in requested {
            let matches = themes.filter { label($0) == name || $0.name == name }
            let exact = matches.filter { label($0) == name }
            let chosen = exact.count == 1 ? exact : matches
            guard chosen.count == 1, let theme = chosen.first else {
                problems.append(DesignTokenError.Problem(path: "theme \"\(name)\"", message: chosen.isEmpty
                    ? "is not defined; the themes are " + themes.map(label).joined(separator: ", ")
                    : "is in several groups; name one of " + chosen.map(label).joined(separator: ", ")))
                continue
            }
            for (set, value) in theme.sets where value == "enabled" || value == "source" {
                if status[set] != "enabled" { status[set] = value }
            }
        }
        guard problems.isEmpty else { throw DesignTokenError(problems: problems) }
        return sets.compactMap { set in
            guard let value = status[set.name] else { return nil }
            var copy = set
            copy.sourceOnly = value == "source"
            return copy
        }
    }
}
