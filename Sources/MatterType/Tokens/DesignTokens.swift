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
///   `$extensions.mattertype`: the design tools' keys (`fontStyle`, `fontWidth` or `fontStretch`, `textCase` with
///   `small-caps` as the `smcp` feature, `textDecoration`, `paragraphSpacing`, `paragraphIndent`, and the older
///   `maximumScaleFactor`, `isFixed`), and every typography field of a render request (`wordSpacing`, `textWrap`,
///   `textBox`, `hyphens`, `textStyle`…, as `Docs/Fields.md` lists them) through ``TypographyTokenExtensions``;
///   `model` (`css`, `figma`) is the box model text in the token is laid out in (``layoutModels``).
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
    /// The box model typography tokens ask for in `$extensions.mattertype.model`, by path: a render request with
    /// such a token and no `model` of its own lays out so (`figma` for styles exported from Figma).
    public let layoutModels: [String: LayoutModel]
    /// The typography tokens' paths in document order (sets and files in the order read).
    public let typographyPaths: [String]
    /// Points per `rem`.
    public let remSize: Double
    /// The typography tokens left out because of their problems, in document order (empty when `strict`).
    public let leftOut: [LeftOut]
    /// The types of the other tokens (`color`, `fontFamily`, `fontSize`…), each once, in document order: what a
    /// file without typographies has instead (``requireTypographies(in:)``).
    public let otherTokenTypes: [String]

    /// The largest token file read, in bytes.
    public static let maximumFileSize = 16 << 20
    /// The deepest nesting of groups read, and the longest chain of references followed.
    public static let maximumDepth = 64

    /// Reads the token file at `url`, or the Tokens Studio export in the folder at `url`.
    /// - Parameters:
    ///   - themes: the themes whose sets are read (`group/name` or `name`); none: every set.
    ///   - strict: make a problem in any typography an error, instead of leaving that typography out.
    ///   - extensions: what reads `$extensions.mattertype`'s fields beyond the design tools' keys
    ///     (`TypographyFields.tokenExtensions` of MatterTypeWire: the request's typography fields); without it
    ///     such a field is a problem.
    /// - Throws: ``DesignTokenError`` listing every problem, in document order.
    public init(contentsOf url: URL, themes: [String] = [], remSize: Double = 16, strict: Bool = false,
                extensions: (any TypographyTokenExtensions)? = nil) throws(DesignTokenError) {
        try self.init(contentsOf: [url], themes: themes, remSize: remSize, strict: strict, extensions: extensions)
    }

    /// Reads several token files or folders and merges them in order: a later token replaces an earlier one at
    /// the same path, and references may cross files.
    /// - Throws: ``DesignTokenError`` listing every problem, in document order.
    public init(contentsOf urls: [URL], themes: [String] = [], remSize: Double = 16, strict: Bool = false,
                extensions: (any TypographyTokenExtensions)? = nil) throws(DesignTokenError) {
        var documents: [TokenDocument] = []
        for url in urls { documents += try TokenDocument.read(url) }
        try self.init(documents: documents, themes: themes, remSize: remSize, strict: strict, extensions: extensions)
    }

    /// Reads a token file's bytes.
    /// - Throws: ``DesignTokenError`` listing every problem, in document order.
    public init(data: Data, themes: [String] = [], remSize: Double = 16, strict: Bool = false,
                extensions: (any TypographyTokenExtensions)? = nil) throws(DesignTokenError) {
        try self.init(documents: [TokenDocument.parse(data, name: "(file)")], themes: themes, remSize: remSize,
                      strict: strict, extensions: extensions)
    }

    private init(documents: [TokenDocument], themes: [String], remSize: Double, strict: Bool,
                 extensions: (any TypographyTokenExtensions)?) throws(DesignTokenError) {
        guard remSize.isFinite, remSize > 0 else {
            throw DesignTokenError(path: "remSize", message: "\(remSize) is not a size above 0")
        }
        let sets = try TokenDocument.select(documents, themes: themes)
        var reader = TokenReader(remSize: remSize, extensions: extensions)
        for set in sets { reader.collect(set) }
        var typographies: [String: Typography] = [:]
        var models: [String: LayoutModel] = [:]
        var paths: [String] = []
        var leftOut = reader.leftOut
        for (index, path) in reader.order.enumerated()
        where reader.tokens[path]?.isTypography == true && reader.tokens[path]?.sourceOnly == false {
            do {
                typographies[path] = try reader.typography(path)
                if let model = try reader.layoutModel(path) { models[path] = model }
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
        layoutModels = models
        typographyPaths = paths
        self.remSize = remSize
        self.leftOut = ordered
        var others: [String] = []
        for path in reader.order {
            guard let token = reader.tokens[path], !token.isTypography, let type = token.type,
                  !others.contains(type) else { continue }
            others.append(type)
        }
        otherTokenTypes = others
    }

    /// Throws unless the files hold at least one typography token (read or left out): a file of only colors, or of
    /// font families and sizes as separate tokens, says so (a typography token names them together), where
    /// measuring would otherwise find nothing to measure. `files` names them in the message.
    /// - Throws: ``DesignTokenError`` naming the types the files have instead.
    public func requireTypographies(in files: String) throws(DesignTokenError) {
        guard typographies.isEmpty, leftOut.isEmpty else { return }
        let has = otherTokenTypes.isEmpty ? "" : ": it has " + otherTokenTypes.prefix(6).joined(separator: ", ")
            + (otherTokenTypes.count > 6 ? "…" : "") + " tokens"
        throw DesignTokenError(path: files, message: "has no typography tokens\(has); a typography token (\"$type\": "
                               + "\"typography\") names a family, size, weight and line height together "
                               + "(Docs/DesignTokens.md)")
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
