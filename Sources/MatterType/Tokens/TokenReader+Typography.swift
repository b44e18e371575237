import Foundation

/// Typography tokens converted to ``Typography``: each field read, every problem reported.
extension TokenReader {
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
        var lineHeightUnit = LineHeightUnit.points
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
                    (lineHeight, lineHeightUnit) = try self.lineHeight(value, fontSize: fontSize, format: format,
                                                                       at: "\(at).lineHeight")
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
        typography.lineHeightUnit = lineHeightUnit
        // The other fields: the design tools' own keys in the value (Tokens Studio, its DTCG export, and DTCG's own
        // fontStyle), then for DTCG in $extensions.mattertype, with every typography field of a request.
        try applyDesignToolFields(raw, at: at, fontSize: fontSize, to: &typography)
        if let extras = tokens[path]?.extensions?["mattertype"] {
            try applyExtensions(extras, at: "\(path).$extensions.mattertype", fontSize: fontSize, to: &typography)
        }
        return typography
    }

    /// The box model the typography token at `path` asks for in `$extensions.mattertype.model` (`figma` for a
    /// style exported from Figma), or `nil`.
    func layoutModel(_ path: String) throws(DesignTokenError) -> LayoutModel? {
        guard let raw = tokens[path]?.extensions?["mattertype"]?["model"] else { return nil }
        let at = "\(path).$extensions.mattertype.model"
        guard let name = try expanded(raw, at: at).string, let model = LayoutModel.named(name) else {
            throw DesignTokenError(path: at, message: "is not " + LayoutModel.allCases.map(\.rawValue)
                                   .joined(separator: " or "))
        }
        return model
    }

    /// The keys design tools write for typography beyond DTCG's fields (Tokens Studio's values, the Design Tokens
    /// plugin), read in values and in `$extensions.mattertype` alike; ``TypographyLayout``'s older spellings
    /// `maximumScaleFactor` and `isFixed` too.
    static let designToolKeys: Set<String> = [
        "fontStyle", "fontWidth", "fontStretch", "textCase", "textDecoration", "paragraphSpacing", "paragraphIndent",
        "maximumScaleFactor", "isFixed",
    ]

    /// `$extensions.mattertype`: the design tools' keys read here, every other key by ``extensions`` (the request's
    /// typography fields). Every problem is reported.
    private func applyExtensions(_ extras: OrderedJSON, at: String, fontSize: Double,
                                 to typography: inout Typography) throws(DesignTokenError) {
        guard let members = extras.members else {
            throw DesignTokenError(path: at, message: "is not an object of typography fields")
        }
        let toolFields = members.filter { TokenReader.designToolKeys.contains($0.key) }
        var problems: [DesignTokenError.Problem] = []
        do {
            try applyDesignToolFields(.object(toolFields), at: at, fontSize: fontSize, to: &typography)
        } catch {
            problems += error.problems
        }
        for (key, raw) in members where !TokenReader.designToolKeys.contains(key) && key != "model" {
            let place = "\(at).\(key)"
            guard let extensions else {
                problems.append(.init(path: place, message: "is read with MatterTypeWire's request fields; load the "
                                      + "tokens with DesignTokens(…, extensions: TypographyFields.tokenExtensions)"))
                continue
            }
            do {
                var value = try expanded(raw, at: place)
                // A DTCG dimension or a rem length: points, as a request writes lengths.
                if value["value"]?.number != nil || value.string?.lowercased().hasSuffix("rem") == true {
                    value = .number(try dimension(value, at: place, emSize: fontSize, percentOf: fontSize,
                                                  allowsNegative: true))
                }
                try extensions.apply(key, json: Data(value.jsonText.utf8), to: &typography)
            } catch {
                problems += error.problems.map { .init(path: $0.path == key ? place : $0.path, message: $0.message) }
            }
        }
        guard problems.isEmpty else { throw DesignTokenError(problems: problems) }
    }

    /// The design tools' keys beyond DTCG's (``designToolKeys``). Every problem is reported.
    private func applyDesignToolFields(_ extras: OrderedJSON, at: String, fontSize: Double,
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
        func dimension(_ key: String, allowsNegative: Bool = false) -> Double? {
            guard let value = get(key) else { return nil }
            do {
                return try self.dimension(value, at: "\(at).\(key)", emSize: fontSize, percentOf: fontSize,
                                          allowsNegative: allowsNegative)
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
    /// The unit is kept (Figma rounds by it): a multiple, a percentage or `em` is relative to the size.
    func lineHeight(_ value: OrderedJSON, fontSize: Double, format: DesignTokens.Format,
                    at: String) throws(DesignTokenError) -> (points: Double, unit: LineHeightUnit) {
        var height: Double
        var unit = LineHeightUnit.points
        let unitless = value.number ?? value.string.flatMap { Double(String($0.trimmingSpaces())) }
        if let number = unitless {
            switch format {
            case .dtcg: (height, unit) = (number * fontSize, .percent)
            case .tokensStudio:
                (height, unit) = number > DesignTokens.tokensStudioMultipleLimit ? (number, .points)
                    : (number * fontSize, .percent)
            case .figmaDesignTokens: height = number
            }
        } else {
            height = try dimension(value, at: at, emSize: fontSize, percentOf: fontSize)
            let written = (value["unit"]?.string ?? value.string ?? "").trimmingSpaces().lowercased()
            if written.hasSuffix("%") || written.hasSuffix("em") && !written.hasSuffix("rem") { unit = .percent }
        }
        guard height > 0, height <= TypographyLayout.maximumLength else {
            throw DesignTokenError(path: at, message: "\(height) points is not a line height above 0 and at most 10000")
        }
        return (height, unit)
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
