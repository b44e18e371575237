public import Foundation

/// Typographies read from design-token files as their tools mean them: the W3C Design Tokens Community Group
/// format (2025.10: `$value`, `$type`, groups, `{a.b}` references, `typography` composites), Tokens Studio for
/// Figma's JSON (`value`, `type`, string fields such as `"150%"`, token sets, themes, math) and the Figma "Design
/// Tokens" plugin's export (`custom-fontStyle` tokens in pixels), detected per token.
///
/// ```swift
/// let tokens = try DesignTokens(contentsOf: URL(fileURLWithPath: "Examples/brand.tokens.json"))
/// let body = try tokens.typography("typography.body")
/// let dark = try DesignTokens(contentsOf: [URL(fileURLWithPath: "tokens/")], themes: ["Dark"])
/// ```
///
/// - **Files**: several files are merged in order, a later token replacing an earlier one at the same path, so
///   references may cross files. A folder is a Tokens Studio multi-file export: its `$metadata.json` lists the
///   token sets in order (`tokenSetOrder`, each `<set>.json` in the folder) and `$themes.json` the themes; without
///   `$metadata.json` every `.json` file in it is a set, in path order.
/// - **Sets and themes**: a file whose top level has `$themes` or `$metadata` holds token sets (Tokens Studio's
///   single-file export): references are by path inside the sets, without the set's name. With `themes`, only the
///   sets the themes enable are read (one theme per theme group, named `group/name` where names repeat), and sets a
///   theme marks `source` only resolve references; without, every set is, in `tokenSetOrder`.
/// - **Values**: references `{a.b}`, whole or inside text (`"{space.base} * 2"`), and math as Tokens Studio
///   evaluates it (`+ - * /`, parentheses, units carried). Sizes are points: `px` is a point at @1x, `rem` is
///   ``remSize`` points, `em` is the font size (the root size for a font size). A line height without a unit is a
///   multiple of the font size in DTCG; in Tokens Studio up to ``tokensStudioMultipleLimit`` a multiple (`"1.5"`)
///   and above it pixels (`28`); in the Design Tokens plugin's export pixels. A percentage is a share of the font
///   size, and `"AUTO"`, `"normal"` or no line height at all the font's own (``Typography/usesFontLineHeight``).
///   Weight names compare without case, spaces, hyphens or underscores. What DTCG has no field for comes from
///   `$extensions.mattertype`: `fontStyle`, `fontWidth` (or `fontStretch`), `textCase` (`small-caps`: the `smcp`
///   feature), `textDecoration`, `paragraphSpacing`, `paragraphIndent`, `textStyle`, `maximumScaleFactor`,
///   `isFixed`, `textWrap` (`wrap`, `balance`, `pretty`), `textBox` (CSS `text-box`, e.g.
///   `"trim-both cap alphabetic"`), `hyphens` (`none`, `manual`, `auto`).
/// - **Metadata**: `$`-keys, and the plugin's `extensions` and `description` keys, are not tokens or groups.
/// - **Problems**: only typography tokens and what they refer to are checked; colors, shadows and other tokens
///   no typography uses are not. A typography with a problem (a missing reference, a unit that is not a size) is
///   left out and listed in ``leftOut``, in document order, and the others are read. With `strict: true` any
///   problem is an error listing every one. Files that cannot be read or parsed, and themes that are not defined,
///   are errors either way.
public struct DesignTokens: Sendable {
    /// The largest unitless line height a Tokens Studio file means as a multiple of the font size; above it, pixels.
    public static let tokensStudioMultipleLimit = 4.0

    /// The formats read.
    public enum Format: String, Sendable, Hashable {
        /// W3C Design Tokens Community Group, 2025.10 (`$value`, `$type`).
        case dtcg
        /// Tokens Studio for Figma (`value`, `type`).
        case tokensStudio
        /// The Figma "Design Tokens" plugin (`org.lukasoppermann.figmaDesignTokens`): `custom-fontStyle` tokens
        /// whose numbers are pixels.
        case figmaDesignTokens
    }

    /// A typography token left out of ``typographies`` because of problems, and what they are.
    public struct LeftOut: Sendable, Hashable, CustomStringConvertible {
        /// The token's path (or the group's, when a group's name is the problem).
        public let path: String
        /// Its problems, each naming the field and what is wrong (a reference: which token is missing).
        public let problems: [DesignTokenError.Problem]

        /// `typography.heading is left out: value.fontWeight refers to {font-weight.md}, which is not a token`.
        public var description: String {
            "\(path) is left out: " + problems.map { problem in
                problem.path == path ? problem.message
                    : problem.path.hasPrefix(path + ".")
                        ? "\(problem.path.dropFirst(path.count + 1)) \(problem.message)"
                    : problem.description
            }.joined(separator: "; ")
        }
    }

    /// The format of the first token read.
    public let format: Format
    /// Every typography token, by its dot-separated path (tokens of `source`-only sets left out).
    public let typographies: [String: Typography]
    /// The typography tokens' paths in document order (sets and files in the order read).
    public let typographyPaths: [String]
    /// Points per `rem`.
    public let remSize: Double
    /// The typography tokens left out because of their problems, in document order (empty when `strict`).
    public let leftOut: [LeftOut]

    /// The largest token file read, in bytes.
    public static let maximumFileSize = 16 << 20
    /// The deepest nesting of groups read, and the longest chain of references followed.
    public static let maximumDepth = 64

    /// Reads the token file at `url`, or the Tokens Studio export in the folder at `url`.
    /// - Parameters:
    ///   - themes: the themes whose sets are read (`group/name` or `name`); none: every set.
    ///   - strict: make a problem in any typography an error, instead of leaving that typography out.
    /// - Throws: ``DesignTokenError`` listing every problem, in document order.
    public init(contentsOf url: URL, themes: [String] = [], remSize: Double = 16,
                strict: Bool = false) throws(DesignTokenError) {
        try self.init(contentsOf: [url], themes: themes, remSize: remSize, strict: strict)
    }

    /// Reads several token files or folders and merges them in order: a later token replaces an earlier one at
    /// the same path, and references may cross files.
    /// - Throws: ``DesignTokenError`` listing every problem, in document order.
    public init(contentsOf urls: [URL], themes: [String] = [], remSize: Double = 16,
                strict: Bool = false) throws(DesignTokenError) {
        var documents: [TokenDocument] = []
        for url in urls { documents += try TokenDocument.read(url) }
        try self.init(documents: documents, themes: themes, remSize: remSize, strict: strict)
    }

    /// Reads a token file's bytes.
    /// - Throws: ``DesignTokenError`` listing every problem, in document order.
    public init(data: Data, themes: [String] = [], remSize: Double = 16,
                strict: Bool = false) throws(DesignTokenError) {
        try self.init(documents: [TokenDocument.parse(data, name: "(file)")], themes: themes, remSize: remSize,
                      strict: strict)
    }

    private init(documents: [TokenDocument], themes: [String], remSize: Double,
                 strict: Bool) throws(DesignTokenError) {
        guard remSize.isFinite, remSize > 0 else {
            throw DesignTokenError(path: "remSize", message: "\(remSize) is not a size above 0")
        }
        let sets = try TokenDocument.select(documents, themes: themes)
        var reader = TokenReader(remSize: remSize)
        for set in sets { reader.collect(set) }
        var typographies: [String: Typography] = [:]
        var paths: [String] = []
        var leftOut = reader.leftOut
        for (index, path) in reader.order.enumerated()
        where reader.tokens[path]?.isTypography == true && reader.tokens[path]?.sourceOnly == false {
            do {
                typographies[path] = try reader.typography(path)
                paths.append(path)
            } catch {
                leftOut.append((Double(index), LeftOut(path: path, problems: error.problems)))
            }
        }
        let ordered = leftOut.sorted { $0.position < $1.position }.map(\.entry)
        if strict, !ordered.isEmpty { throw DesignTokenError(problems: ordered.flatMap(\.problems)) }
        if typographies.isEmpty, leftOut.isEmpty, let hint = TokenDocument.themeHint(documents, themes: themes) {
            throw hint
        }
        format = reader.format ?? .dtcg
        self.typographies = typographies
        typographyPaths = paths
        self.remSize = remSize
        self.leftOut = ordered
    }

    /// The typography token at `path`.
    /// - Throws: ``DesignTokenError`` when there is none, or its problems when it was left out.
    public func typography(_ path: String) throws(DesignTokenError) -> Typography {
        if let entry = leftOut.first(where: { $0.path == path }) { throw DesignTokenError(problems: entry.problems) }
        guard let typography = typographies[path] else {
            let known = typographyPaths.prefix(5).joined(separator: ", ")
            throw DesignTokenError(path: path, message: "is not a typography token in the file"
                                   + (known.isEmpty ? "" : "; it has \(known)\(typographies.count > 5 ? ", …" : "")"))
        }
        return typography
    }
}

/// Problems in token files, each with the token path (and field) and what is wrong, e.g.
/// `typography.heading.large.$value.fontSize: unit "vw" is not px, rem or em`; in document order.
public struct DesignTokenError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One problem: where and what.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// Where: a token path, then the field (or a file or theme).
        public let path: String
        /// What is wrong.
        public let message: String

        public var description: String { "\(path): \(message)" }
    }

    /// Every problem found, in document order; never empty.
    public let problems: [Problem]

    /// One problem at `path`.
    public init(path: String, message: String) {
        problems = [Problem(path: path, message: message)]
    }

    /// Several problems (at least one).
    init(problems: [Problem]) {
        self.problems = problems.isEmpty ? [Problem(path: "(tokens)", message: "unknown problem")] : problems
    }

    /// The first problem's place.
    public var path: String { problems[0].path }
    /// The first problem's message.
    public var message: String { problems[0].message }

    /// Every problem, on one line, separated by "; " (with their count when there are several).
    public var description: String {
        (problems.count > 1 ? "\(problems.count) problems: " : "") + problems.map(\.description).joined(separator: "; ")
    }
}

/// One token as read: its type (own or inherited), value and extensions, and whether it only resolves references.
private struct RawToken {
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

/// Walks token sets, then resolves references and math and converts values; collects every problem.
private struct TokenReader {
    let remSize: Double
    var format: DesignTokens.Format?
    var tokens: [String: RawToken] = [:]
    /// Token paths in document order (a path replaced by a later set keeps its first place).
    var order: [String] = []
    /// Typographies (or groups holding some) left out while collecting, with their place among ``order``.
    var leftOut: [(position: Double, entry: DesignTokens.LeftOut)] = []

    init(remSize: Double) {
        self.remSize = remSize
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

    // MARK: - Typography

    func typography(_ path: String) throws(DesignTokenError) -> Typography {
        let (raw, _) = try resolved(path)
        let format = tokens[path]?.format ?? .dtcg
        let valueKey = tokens[path]?.valueKey ?? "$value"
        let at = "\(path).\(valueKey)"
        guard case .object = raw else {
            throw DesignTokenError(path: at, message: "a typography value is an object of fontFamily, fontSize, …")
        }
        var problems: [DesignTokenError.Problem] = []
        /// Runs `body`, noting its problems so that every field's are reported.
        func attempt<T>(_ body: () throws(DesignTokenError) -> T?) -> T? {
            do {
                return try body()
            } catch {
                problems += error.problems
                return nil
            }
        }
        func get(_ key: String) throws(DesignTokenError) -> OrderedJSON? {
            guard let value = raw[key] else { return nil }
            return try expanded(value, at: "\(at).\(key)")
        }
        // Family: a string (a comma-separated list in Tokens Studio) or an array: the first, then fallbacks.
        let families: [String]? = attempt { () throws(DesignTokenError) -> [String]? in
            guard let value = try get("fontFamily") else {
                throw DesignTokenError(path: "\(at).fontFamily", message: "is missing")
            }
            let names: [String]
            if case .array(let list) = value {
                names = list.compactMap(\.string)
            } else {
                names = value.string.map(SpanStyle.familyNames(inList:)) ?? []
            }
            guard !names.isEmpty else {
                throw DesignTokenError(path: "\(at).fontFamily", message: "is not a family name or a list of them")
            }
            return names
        }
        let fontSize: Double? = attempt { () throws(DesignTokenError) -> Double? in
            guard let value = try get("fontSize") else {
                throw DesignTokenError(path: "\(at).fontSize", message: "is missing")
            }
            let size = try dimension(value, at: "\(at).fontSize", emSize: remSize)
            guard size > 0 else { throw DesignTokenError(path: "\(at).fontSize", message: "\(size) is not a size above 0") }
            return size
        }
        let weightAndStyle = attempt { () throws(DesignTokenError) -> (FontWeight, FontStyle)? in
            try get("fontWeight").map { (value) throws(DesignTokenError) in
                try fontWeight(value, format: format, at: "\(at).fontWeight")
            }
        }
        var lineHeight: Double?
        var usesFontLineHeight = false
        var letterSpacing = 0.0
        if let fontSize {
            _ = attempt { () throws(DesignTokenError) -> Bool? in
                let value = try get("lineHeight")
                // None (CSS `normal`: Primer's text.codeInline), "auto" or "normal": the font's own line height.
                if value == nil || value?.string.map({ $0.trimmingSpaces().lowercased() }).map({
                    $0 == "auto" || $0 == "normal" }) == true {
                    usesFontLineHeight = true
                    lineHeight = fontSize  // replaced by the font's own when laid out
                } else if let value {
                    lineHeight = try self.lineHeight(value, fontSize: fontSize, format: format, at: "\(at).lineHeight")
                }
                return true
            }
            _ = attempt { () throws(DesignTokenError) -> Bool? in
                if let value = try get("letterSpacing") {
                    letterSpacing = try dimension(value, at: "\(at).letterSpacing", emSize: fontSize,
                                                  percentOf: fontSize, allowsNegative: true)
                }
                return true
            }
        }
        guard problems.isEmpty, let families, let fontSize, let lineHeight else {
            throw DesignTokenError(problems: problems)
        }
        let (weight, style) = weightAndStyle ?? (.regular, .regular)
        var typography = Typography(family: .named(families[0]), fontWeight: weight, fontSize: fontSize,
                                    lineHeight: lineHeight, fontStyle: style, letterSpacing: letterSpacing,
                                    fallbackFamilyNames: Array(families.dropFirst()))
        typography.usesFontLineHeight = usesFontLineHeight
        // The other fields: in the value (Tokens Studio, its DTCG export, and DTCG's own fontStyle), then for DTCG
        // in $extensions.mattertype.
        try apply(raw, at: at, fontSize: fontSize, to: &typography)
        if let extras = tokens[path]?.extensions?["mattertype"] {
            try apply(extras, at: "\(path).$extensions.mattertype", fontSize: fontSize, to: &typography)
        }
        return typography
    }

    /// The fields beyond DTCG's: style, case, decoration, paragraph spacing and indent, Dynamic Type. Every
    /// problem is reported.
    private func apply(_ extras: OrderedJSON, at: String, fontSize: Double,
                       to typography: inout Typography) throws(DesignTokenError) {
        var problems: [DesignTokenError.Problem] = []
        func get(_ key: String) -> OrderedJSON? {
            guard let raw = extras[key] else { return nil }
            do {
                return try expanded(raw, at: "\(at).\(key)")
            } catch {
                problems += error.problems
                return nil
            }
        }
        func fail(_ key: String, _ message: String) {
            problems.append(.init(path: "\(at).\(key)", message: message))
        }
        func dimension(_ key: String) -> Double? {
            guard let value = get(key) else { return nil }
            do {
                return try self.dimension(value, at: "\(at).\(key)", emSize: fontSize, percentOf: fontSize)
            } catch {
                problems += error.problems
                return nil
            }
        }
        if let value = get("fontStyle") {
            switch value.string?.lowercased() {
            case "normal"?: typography.fontStyle = .regular
            case "italic"?, "oblique"?: typography.fontStyle = .italic
            default: fail("fontStyle", "is not normal or italic")
            }
        }
        for key in ["fontWidth", "fontStretch"] {
            guard let value = get(key) else { continue }
            let width = value.number.flatMap(FontWidth.init(rawValue:)) ?? value.string.flatMap(FontWidth.init(parsing:))
            if let width { typography.fontWidth = width } else { fail(key, "is not a width (\(FontWidth.acceptedSpellings))") }
        }
        if let value = get("textCase") {
            let name = value.string.map(TokenReader.key)
            if let textCase = name == "capitalise" ? .capitalize : TextCase(rawValue: name ?? "") {
                typography.textCase = textCase
            } else if name == "smallcaps" {
                // Figma's Small Caps, as the Design Tokens plugin and Tokens Studio export it: OpenType smcp.
                typography.features.append("smcp")
            } else {
                fail("textCase", "is not none, uppercase, lowercase, capitalize or small-caps")
            }
        }
        if let value = get("textDecoration") {
            switch value.string?.lowercased() {
            case "none"?: typography.textDecoration = .none
            case "underline"?: typography.textDecoration = .underline
            case "strikethrough"?, "line-through"?: typography.textDecoration = .strikethrough
            default: fail("textDecoration", "is not none, underline or line-through")
            }
        }
        if let value = dimension("paragraphSpacing") { typography.paragraphSpacing = value }
        if let value = dimension("paragraphIndent") { typography.paragraphIndent = value }
        if let value = get("textStyle") {
            if let name = value.string,
               let style = TextStyle.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) {
                typography.textStyle = style
            } else {
                fail("textStyle", "is not a Dynamic Type text style ("
                     + TextStyle.allCases.map(\.rawValue).joined(separator: ", ") + ")")
            }
        }
        if let value = get("maximumScaleFactor") {
            if let number = value.number, number > 0 {
                typography.maximumScaleFactor = number
            } else {
                fail("maximumScaleFactor", "is not a number above 0")
            }
        }
        if let value = get("isFixed") {
            if case .bool(let flag) = value { typography.isFixed = flag } else { fail("isFixed", "is not true or false") }
        }
        if let value = get("textWrap") {
            if let wrap = value.string.flatMap({ TextWrap(rawValue: $0.lowercased()) }) {
                typography.textWrap = wrap
            } else {
                fail("textWrap", "is not wrap, balance or pretty")
            }
        }
        if let value = get("textBox") {
            do {
                guard let text = value.string else { throw TextBoxSyntaxError(text: "", word: "") }
                typography.textBox = try TextBox(parsing: text)
            } catch {
                fail("textBox", "is not CSS text-box syntax (normal, or trim-both cap alphabetic and the like)")
            }
        }
        if let value = get("hyphens") {
            if let hyphens = value.string.flatMap({ Hyphens(rawValue: $0.lowercased()) }) {
                typography.hyphens = hyphens
            } else {
                fail("hyphens", "is not none, manual or auto")
            }
        }
        guard problems.isEmpty else { throw DesignTokenError(problems: problems) }
    }

    /// The DTCG 2025.10 font weight aliases, keyed without case or separators.
    static let dtcgWeights: [String: Int] = [
        "thin": 100, "hairline": 100, "extralight": 200, "ultralight": 200, "light": 300, "normal": 400,
        "regular": 400, "book": 400, "medium": 500, "semibold": 600, "demibold": 600, "bold": 700,
        "extrabold": 800, "ultrabold": 800, "black": 900, "heavy": 900, "extrablack": 950, "ultrablack": 950,
    ]

    /// A name without case, spaces, hyphens or underscores: "Semi bold", "SemiBold" and "semi-bold" match.
    static func key(_ name: String) -> String {
        name.lowercased().filter { !" -_".contains($0) }
    }

    /// A dimension in points: DTCG `{"value": N, "unit": "px" | "rem" | "em"}`; a string `"18"`, `"18px"`,
    /// `"2rem"`, `"0.5em"` (× `emSize`) or, with `percentOf`, `"-2%"` of it; or a bare number of px.
    func dimension(_ value: OrderedJSON, at: String, emSize: Double, percentOf: Double? = nil,
                   allowsNegative: Bool = false) throws(DesignTokenError) -> Double {
        func scaled(_ number: Double, _ unit: String) throws(DesignTokenError) -> Double {
            switch unit {
            case "px", "": return number
            case "rem": return number * remSize
            case "em": return number * emSize
            case "%":
                guard let percentOf else {
                    throw DesignTokenError(path: at, message: "a percentage is not a size here; use px, rem or em")
                }
                return number / 100 * percentOf
            default: throw DesignTokenError(path: at, message: "unit \"\(unit)\" is not px, rem or em")
            }
        }
        var result: Double
        switch value {
        case .object:
            guard let number = value["value"]?.number else {
                throw DesignTokenError(path: at, message: "a dimension's value is not a number")
            }
            guard let unit = value["unit"]?.string else {
                throw DesignTokenError(path: at, message: "a dimension has no unit; use px, rem or em")
            }
            result = try scaled(number, unit)
        case .number(let number):
            result = number
        case .string(let raw):
            let string = String(raw.trimmingSpaces()).lowercased()
            let unit = String(string.reversed().prefix { $0.isLetter || $0 == "%" }.reversed())
            guard let number = Double(string.dropLast(unit.count)) else {
                throw DesignTokenError(path: at, message: "\"\(raw)\" is not a dimension such as 16px, 1rem or 0.5em")
            }
            result = try scaled(number, unit)
        default:
            throw DesignTokenError(path: at, message: "is not a dimension such as 16px, 1rem or 0.5em")
        }
        guard result.isFinite, result.magnitude <= TypographyLayout.maximumLength else {
            throw DesignTokenError(path: at, message: "is not a dimension (px, rem or em) of at most 10000 points")
        }
        guard allowsNegative || result >= 0 else {
            throw DesignTokenError(path: at, message: "\(result) is negative")
        }
        return result
    }

    /// A line height: `"150%"` a share of the font size, `"24px"`, `"1.5rem"` or `"1.5em"` a length, and a number
    /// (or a unitless string) in DTCG a multiple of the font size. In Tokens Studio files a unitless number up to
    /// ``tokensStudioMultipleLimit`` is a multiple (its CSS transforms read `1.5` so) and a larger one pixels (its
    /// Figma plugin applies `28` so): both kinds occur in real exports. The Design Tokens plugin writes pixels.
    func lineHeight(_ value: OrderedJSON, fontSize: Double, format: DesignTokens.Format,
                    at: String) throws(DesignTokenError) -> Double {
        var height: Double
        let unitless = value.number ?? value.string.flatMap { Double(String($0.trimmingSpaces())) }
        if let number = unitless {
            switch format {
            case .dtcg: height = number * fontSize
            case .tokensStudio: height = number > DesignTokens.tokensStudioMultipleLimit ? number : number * fontSize
            case .figmaDesignTokens: height = number
            }
        } else {
            height = try dimension(value, at: at, emSize: fontSize, percentOf: fontSize)
        }
        guard height > 0, height <= TypographyLayout.maximumLength else {
            throw DesignTokenError(path: at, message: "\(height) points is not a line height above 0 and at most 10000")
        }
        return height
    }

    /// A weight: a number 1–1000 (or its string), a DTCG alias (for DTCG tokens), or a style name as Figma and
    /// Tokens Studio write it ("SemiBold Italic" → 600, italic); names compare without case or separators.
    func fontWeight(_ value: OrderedJSON, format: DesignTokens.Format,
                    at: String) throws(DesignTokenError) -> (FontWeight, FontStyle) {
        if let number = value.number {
            guard number == number.rounded(), let weight = FontWeight(rawValue: Int(number)) else {
                throw DesignTokenError(path: at, message: "\(number) is not a whole weight from 1 to 1000")
            }
            return (weight, .regular)
        }
        guard var name = value.string.map({ String($0.trimmingSpaces()) }) else {
            throw DesignTokenError(path: at, message: "is not a number from 1 to 1000 or a weight name")
        }
        if let number = Int(name), let weight = FontWeight(rawValue: number) { return (weight, .regular) }
        var style = FontStyle.regular
        for suffix in ["italic", "oblique"] where name.lowercased().hasSuffix(suffix) {
            style = .italic
            name = String(name.dropLast(suffix.count).trimmingSpaces())
        }
        if name.isEmpty { return (.regular, style) }  // "Italic"
        if format == .dtcg, let number = TokenReader.dtcgWeights[TokenReader.key(name)],
           let weight = FontWeight(rawValue: number) {
            return (weight, style)
        }
        guard let weight = FontWeight(parsing: TokenReader.key(name)) else {
            throw DesignTokenError(path: at, message: "\"\(name)\" is not a "
                + (format == .dtcg ? "DTCG font weight (" + TokenReader.dtcgWeights.keys.sorted()
                    .joined(separator: ", ") + ")" : "weight (\(FontWeight.acceptedSpellings))") + " or 1–1000")
        }
        return (weight, style)
    }
}
