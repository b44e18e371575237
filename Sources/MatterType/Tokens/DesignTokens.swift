public import Foundation

/// Typographies read from a design-token file: the W3C Design Tokens Community Group format (2025.10, `$value`,
/// `$type`, groups, `{a.b}` references, `typography` composites) or Tokens Studio for Figma's JSON (`value`,
/// `type`, string fields such as `"150%"`), detected from the file.
///
/// ```swift
/// let tokens = try DesignTokens(contentsOf: URL(fileURLWithPath: "Examples/brand.tokens.json"))
/// let body = try tokens.typography("typography.body")
/// ```
///
/// Sizes are points: `px` is a point at @1x, `rem` is ``remSize`` points. A DTCG `lineHeight` is a multiple of the
/// font size; Tokens Studio's `"150%"` is too. What DTCG has no field for comes from `$extensions.mattertype`:
/// `fontStyle`, `textCase`, `textDecoration`, `paragraphSpacing`, `paragraphIndent`, `textStyle`,
/// `maximumScaleFactor`, `isFixed`. A file with any error yields no tokens at all.
public struct DesignTokens: Sendable {
    /// The two formats read.
    public enum Format: String, Sendable, Hashable {
        /// W3C Design Tokens Community Group, 2025.10 (`$value`, `$type`).
        case dtcg
        /// Tokens Studio for Figma (`value`, `type`).
        case tokensStudio
    }

    /// The format the file was read as.
    public let format: Format
    /// Every typography token, by its dot-separated path.
    public let typographies: [String: Typography]
    /// Points per `rem`.
    public let remSize: Double

    /// The largest token file read, in bytes.
    public static let maximumFileSize = 16 << 20
    /// The deepest nesting of groups read, and the longest chain of references followed.
    public static let maximumDepth = 64

    /// Reads the token file at `url`.
    /// - Throws: ``DesignTokenError`` naming the token path and field of the first problem.
    public init(contentsOf url: URL, remSize: Double = 16) throws(DesignTokenError) {
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
        try self.init(data: data, remSize: remSize)
    }

    /// Reads a token file's bytes.
    /// - Throws: ``DesignTokenError`` naming the token path and field of the first problem.
    public init(data: Data, remSize: Double = 16) throws(DesignTokenError) {
        guard remSize.isFinite, remSize > 0 else {
            throw DesignTokenError(path: "remSize", message: "\(remSize) is not a size above 0")
        }
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw DesignTokenError(path: "(file)", message: "is not valid JSON (\(error.localizedDescription))")
        }
        guard let object = root as? [String: Any] else {
            throw DesignTokenError(path: "(file)", message: "is not a JSON object of token groups")
        }
        var reader = TokenReader(remSize: remSize)
        try reader.collect(object, path: [], inheritedType: nil, depth: 0)
        format = reader.format
        var typographies: [String: Typography] = [:]
        for (path, token) in reader.tokens where token.type == "typography" {
            typographies[path] = try reader.typography(path)
        }
        self.typographies = typographies
        self.remSize = remSize
    }

    /// The typography token at `path`.
    /// - Throws: ``DesignTokenError`` when there is none.
    public func typography(_ path: String) throws(DesignTokenError) -> Typography {
        guard let typography = typographies[path] else {
            let known = typographies.keys.sorted().prefix(5).joined(separator: ", ")
            throw DesignTokenError(path: path, message: "is not a typography token in the file"
                                   + (known.isEmpty ? "" : "; it has \(known)\(typographies.count > 5 ? ", …" : "")"))
        }
        return typography
    }
}

/// A problem in a token file: the token path (and field) and what is wrong, e.g.
/// `typography.heading.large.$value.fontSize: unit "em" is not px or rem`.
public struct DesignTokenError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where: a token path, then the field.
    public let path: String
    /// What is wrong.
    public let message: String

    /// An error at `path`.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}

/// One token as read: its type (own or inherited), value and extensions.
private struct RawToken {
    var type: String?
    var value: Any
    var extensions: [String: Any]
}

/// Walks a token file, then resolves references and converts values.
private struct TokenReader {
    let remSize: Double
    var format: DesignTokens.Format = .dtcg
    var formatKnown = false
    var tokens: [String: RawToken] = [:]

    init(remSize: Double) {
        self.remSize = remSize
    }

    /// Collects the tokens under `object` (a group).
    mutating func collect(_ object: [String: Any], path: [String], inheritedType: String?,
                          depth: Int) throws(DesignTokenError) {
        guard depth < DesignTokens.maximumDepth else {
            throw DesignTokenError(path: path.joined(separator: "."), message: "groups nest deeper than 64")
        }
        let groupType = (object["$type"] as? String) ?? inheritedType
        for key in object.keys.sorted() where !key.hasPrefix("$") {
            guard let child = object[key] as? [String: Any] else { continue }
            let childPath = path + [key]
            let name = childPath.joined(separator: ".")
            if key.contains(".") || key.contains("{") || key.contains("}") {
                throw DesignTokenError(path: name, message: "a token or group name may not contain '.', '{' or '}'")
            }
            if let value = child["$value"] {
                try note(.dtcg, at: name)
                tokens[name] = RawToken(type: (child["$type"] as? String) ?? groupType, value: value,
                                        extensions: child["$extensions"] as? [String: Any] ?? [:])
            } else if let value = child["value"], child["type"] != nil || !(value is [String: Any]) {
                try note(.tokensStudio, at: name)
                tokens[name] = RawToken(type: child["type"] as? String, value: value, extensions: [:])
            } else {
                try collect(child, path: childPath, inheritedType: groupType, depth: depth + 1)
            }
        }
    }

    private mutating func note(_ seen: DesignTokens.Format, at path: String) throws(DesignTokenError) {
        if formatKnown, seen != format {
            throw DesignTokenError(path: path, message: "mixes Tokens Studio's `value` with DTCG's `$value` tokens")
        }
        format = seen
        formatKnown = true
    }

    // MARK: - References

    /// The value at `path` with every reference resolved (chains followed; cycles and dangling ones are errors,
    /// reported at `place`, where the first reference was met).
    func resolved(_ path: String, place: String? = nil,
                  chain: [String] = []) throws(DesignTokenError) -> (value: Any, type: String?) {
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
        return (token.value, token.type)
    }

    /// The token path a value refers to when it is exactly `{a.b.c}`.
    static func reference(_ value: Any) -> String? {
        guard let string = value as? String, string.hasPrefix("{"), string.hasSuffix("}"), string.count > 2 else {
            return nil
        }
        let inner = string.dropFirst().dropLast()
        guard !inner.contains("{"), !inner.contains("}") else { return nil }
        return String(inner)
    }

    /// A field's value with a reference resolved; `where` names it in errors.
    func field(_ value: Any, at place: String) throws(DesignTokenError) -> Any {
        guard let target = TokenReader.reference(value) else {
            if let string = value as? String, string.contains("{") {
                throw DesignTokenError(path: place, message: "\"\(string)\" mixes a reference with other text; "
                                       + "only a whole \"{group.token}\" is read")
            }
            return value
        }
        return try resolved(target, place: place).value
    }

    // MARK: - Typography

    func typography(_ path: String) throws(DesignTokenError) -> Typography {
        let (raw, _) = try resolved(path)
        let valueKey = format == .dtcg ? "$value" : "value"
        let at = "\(path).\(valueKey)"
        guard let value = raw as? [String: Any] else {
            throw DesignTokenError(path: at, message: "a typography value is an object of fontFamily, fontSize, …")
        }
        func get(_ key: String) throws(DesignTokenError) -> Any? {
            guard let raw = value[key] else { return nil }
            return try field(raw, at: "\(at).\(key)")
        }
        // Family: a string (a comma-separated list in Tokens Studio) or an array: the first, then fallbacks.
        guard let familyValue = try get("fontFamily") else {
            throw DesignTokenError(path: "\(at).fontFamily", message: "is missing")
        }
        let families: [String]
        if let list = familyValue as? [Any] {
            families = list.compactMap { $0 as? String }
        } else if let name = familyValue as? String {
            families = SpanStyle.familyNames(inList: name)
        } else {
            families = []
        }
        guard let family = families.first else {
            throw DesignTokenError(path: "\(at).fontFamily", message: "is not a family name or a list of them")
        }
        guard let sizeValue = try get("fontSize") else {
            throw DesignTokenError(path: "\(at).fontSize", message: "is missing")
        }
        let fontSize = try dimension(sizeValue, at: "\(at).fontSize", fontSize: nil)
        guard fontSize > 0 else {
            throw DesignTokenError(path: "\(at).fontSize", message: "\(fontSize) is not a size above 0")
        }
        var weight = FontWeight.regular
        var style = FontStyle.regular
        if let weightValue = try get("fontWeight") {
            (weight, style) = try fontWeight(weightValue, at: "\(at).fontWeight")
        }
        guard let heightValue = try get("lineHeight") else {
            throw DesignTokenError(path: "\(at).lineHeight", message: "is missing; every line is exactly this tall")
        }
        let lineHeight = try self.lineHeight(heightValue, fontSize: fontSize, at: "\(at).lineHeight")
        var letterSpacing = 0.0
        if let spacing = try get("letterSpacing") {
            letterSpacing = try dimension(spacing, at: "\(at).letterSpacing", fontSize: fontSize, allowsNegative: true)
        }
        var typography = Typography(family: .named(family), fontWeight: weight, fontSize: fontSize,
                                    lineHeight: lineHeight, fontStyle: style, letterSpacing: letterSpacing,
                                    fallbackFamilyNames: Array(families.dropFirst()))
        // Tokens Studio keeps these in the value; DTCG in $extensions.mattertype.
        let extras: [String: Any]
        if format == .tokensStudio {
            extras = value
        } else {
            extras = (tokens[path]?.extensions["mattertype"] as? [String: Any]) ?? [:]
        }
        let extrasAt = format == .tokensStudio ? at : "\(path).$extensions.mattertype"
        try apply(extras, at: extrasAt, fontSize: fontSize, to: &typography)
        return typography
    }

    /// The fields beyond DTCG's: style, case, decoration, paragraph spacing and indent, Dynamic Type.
    private func apply(_ extras: [String: Any], at: String, fontSize: Double,
                       to typography: inout Typography) throws(DesignTokenError) {
        func get(_ key: String) throws(DesignTokenError) -> Any? {
            guard let raw = extras[key] else { return nil }
            return try field(raw, at: "\(at).\(key)")
        }
        if let value = try get("fontStyle") {
            switch (value as? String)?.lowercased() {
            case "normal"?: typography.fontStyle = .regular
            case "italic"?: typography.fontStyle = .italic
            default: throw DesignTokenError(path: "\(at).fontStyle", message: "is not normal or italic")
            }
        }
        if let value = try get("textCase") {
            let name = (value as? String)?.lowercased()
            guard let textCase = name == "capitalise" ? .capitalize : TextCase(rawValue: name ?? "") else {
                throw DesignTokenError(path: "\(at).textCase", message: "is not none, uppercase, lowercase or capitalize")
            }
            typography.textCase = textCase
        }
        if let value = try get("textDecoration") {
            let name = (value as? String)?.lowercased()
            let decoration: TextDecoration? = switch name {
            case "none"?: TextDecoration.none
            case "underline"?: .underline
            case "strikethrough"?, "line-through"?: .strikethrough
            default: nil
            }
            guard let decoration else {
                throw DesignTokenError(path: "\(at).textDecoration", message: "is not none, underline or line-through")
            }
            typography.textDecoration = decoration
        }
        if let value = try get("paragraphSpacing") {
            typography.paragraphSpacing = try dimension(value, at: "\(at).paragraphSpacing", fontSize: fontSize)
        }
        if let value = try get("paragraphIndent") {
            typography.paragraphIndent = try dimension(value, at: "\(at).paragraphIndent", fontSize: fontSize)
        }
        if let value = try get("textStyle") {
            guard let name = value as? String, let style = TextStyle.allCases.first(where: {
                $0.rawValue.lowercased() == name.lowercased()
            }) else {
                throw DesignTokenError(path: "\(at).textStyle", message: "is not a Dynamic Type text style ("
                                       + TextStyle.allCases.map(\.rawValue).joined(separator: ", ") + ")")
            }
            typography.textStyle = style
        }
        if let value = try get("maximumScaleFactor") {
            guard let number = TokenReader.number(value), number > 0 else {
                throw DesignTokenError(path: "\(at).maximumScaleFactor", message: "is not a number above 0")
            }
            typography.maximumScaleFactor = number
        }
        if let value = try get("isFixed") {
            guard let flag = TokenReader.boolean(value) else {
                throw DesignTokenError(path: "\(at).isFixed", message: "is not true or false")
            }
            typography.isFixed = flag
        }
    }

    /// A JSON number (not a Boolean), or `nil`. JSONSerialization gives both as NSNumber; a Boolean's type
    /// encoding is "c".
    static func number(_ value: Any) -> Double? {
        guard let number = value as? NSNumber, String(cString: number.objCType) != "c" else { return nil }
        let double = number.doubleValue
        return double.isFinite ? double : nil
    }

    /// A JSON `true` or `false` (not a number), or `nil`.
    static func boolean(_ value: Any) -> Bool? {
        guard let number = value as? NSNumber, String(cString: number.objCType) == "c" else { return nil }
        return number.boolValue
    }

    /// The DTCG 2025.10 font weight aliases.
    static let dtcgWeights: [String: Int] = [
        "thin": 100, "hairline": 100, "extra-light": 200, "ultra-light": 200, "light": 300, "normal": 400,
        "regular": 400, "book": 400, "medium": 500, "semi-bold": 600, "demi-bold": 600, "bold": 700,
        "extra-bold": 800, "ultra-bold": 800, "black": 900, "heavy": 900, "extra-black": 950, "ultra-black": 950,
    ]

    /// A dimension in points: DTCG `{"value": N, "unit": "px" | "rem"}`; a string `"18"`, `"18px"`, `"2rem"` or
    /// (with `fontSize`) `"-2%"` of the font size; or a bare number of px.
    func dimension(_ value: Any, at: String, fontSize: Double?, allowsNegative: Bool = false) throws(DesignTokenError)
        -> Double {
        var result: Double?
        if let object = value as? [String: Any] {
            guard let number = object["value"].flatMap(TokenReader.number) else {
                throw DesignTokenError(path: at, message: "a dimension's value is not a number")
            }
            guard let unit = object["unit"] as? String else {
                throw DesignTokenError(path: at, message: "a dimension has no unit; use px or rem")
            }
            switch unit {
            case "px": result = number
            case "rem": result = number * remSize
            default: throw DesignTokenError(path: at, message: "unit \"\(unit)\" is not px or rem")
            }
        } else if let number = TokenReader.number(value) {
            result = number
        } else if let string = (value as? String)?.trimmingCharacters(in: .whitespaces).lowercased() {
            if string.hasSuffix("rem"), let number = Double(string.dropLast(3)) {
                result = number * remSize
            } else if string.hasSuffix("px"), let number = Double(string.dropLast(2)) {
                result = number
            } else if string.hasSuffix("%"), let fontSize, let number = Double(string.dropLast()) {
                result = number / 100 * fontSize
            } else if let number = Double(string) {
                result = number
            } else {
                let unit = string.drop { $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" }
                throw DesignTokenError(path: at, message: unit.isEmpty || unit.count == string.count
                                       ? "\"\(string)\" is not a dimension such as 16px or 1rem"
                                       : "unit \"\(unit)\" is not px or rem")
            }
        }
        guard let result, result.isFinite, result.magnitude <= TypographyLayout.maximumLength else {
            throw DesignTokenError(path: at, message: "is not a dimension (px or rem) of at most 10000 points")
        }
        guard allowsNegative || result >= 0 else {
            throw DesignTokenError(path: at, message: "\(result) is negative")
        }
        return result
    }

    /// A DTCG line height (a multiple of the font size), or Tokens Studio's `"150%"`, `"24"` (px) or `"1.5rem"`.
    func lineHeight(_ value: Any, fontSize: Double, at: String) throws(DesignTokenError) -> Double {
        if let number = TokenReader.number(value) {
            guard number > 0 else { throw DesignTokenError(path: at, message: "\(number) is not above 0") }
            // DTCG: a multiple. Tokens Studio writes strings; a bare number there is a multiple too.
            return number * fontSize
        }
        if let string = (value as? String)?.trimmingCharacters(in: .whitespaces), string.hasSuffix("%") {
            guard let percent = Double(string.dropLast()), percent > 0 else {
                throw DesignTokenError(path: at, message: "\"\(string)\" is not a percentage above 0")
            }
            return percent / 100 * fontSize
        }
        let points = try dimension(value, at: at, fontSize: fontSize)
        guard points > 0 else { throw DesignTokenError(path: at, message: "\(points) is not above 0") }
        return points
    }

    /// A weight: a number 1–1000, a DTCG alias, or Tokens Studio's style name ("SemiBold Italic" → 600, italic).
    func fontWeight(_ value: Any, at: String) throws(DesignTokenError) -> (FontWeight, FontStyle) {
        if let number = TokenReader.number(value) {
            guard number == number.rounded(), let weight = FontWeight(rawValue: Int(number)) else {
                throw DesignTokenError(path: at, message: "\(number) is not a whole weight from 1 to 1000")
            }
            return (weight, .regular)
        }
        guard var name = (value as? String)?.trimmingCharacters(in: .whitespaces) else {
            throw DesignTokenError(path: at, message: "is not a number from 1 to 1000 or a weight name")
        }
        if format == .dtcg {
            guard let number = TokenReader.dtcgWeights[name], let weight = FontWeight(rawValue: number) else {
                throw DesignTokenError(path: at, message: "\"\(name)\" is not a DTCG font weight ("
                                       + TokenReader.dtcgWeights.keys.sorted().joined(separator: ", ") + ") or 1–1000")
            }
            return (weight, .regular)
        }
        // Tokens Studio also stores numbers as strings.
        if let number = Int(name), let weight = FontWeight(rawValue: number) { return (weight, .regular) }
        var style = FontStyle.regular
        for suffix in ["italic", "oblique"] where name.lowercased().hasSuffix(suffix) {
            style = .italic
            name = String(name.dropLast(suffix.count)).trimmingCharacters(in: .whitespaces)
        }
        if name.isEmpty { return (.regular, style) }  // "Italic"
        guard let weight = FontWeight(parsing: name) else {
            throw DesignTokenError(path: at, message: "\"\(name)\" is not a weight (\(FontWeight.acceptedSpellings))")
        }
        return (weight, style)
    }
}
