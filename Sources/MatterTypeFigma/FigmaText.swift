import Foundation
import MatterType
import MatterTypeCards
import MatterTypeWire

extension FigmaConverter {
    /// Weights by the style names Figma writes (`fontStyle`, compared in lowercase without spaces or "italic"):
    /// a few files name "Medium" with a `fontWeight` of 400, and Figma draws the style it names.
    private static let styleWeights: [String: Int] = [
        "thin": 100, "hairline": 100, "extralight": 200, "ultralight": 200, "light": 300, "regular": 400,
        "normal": 400, "book": 400, "medium": 500, "semibold": 600, "demibold": 600, "bold": 700, "extrabold": 800,
        "ultrabold": 800, "black": 900, "heavy": 900,
    ]

    /// A text node as a text layer in `box`: its characters (spans where characters override the style), its
    /// style as typography fields, laid out with Figma's text model.
    mutating func text(_ node: FigmaNode, box: CardBox) -> CardTextLayer {
        var style = node.style ?? FigmaTypeStyle()
        // Figma's first text layout draws a CR that no LF follows as a space, not a line break: "Lead\rparagraph"
        // of the Chicago Design System (2019) is one line, as wide as "Lead paragraph".
        let characters = node.layoutVersion == 0 ? Self.spacingCarriageReturns(node.characters ?? "")
            : node.characters ?? ""
        let runs = self.runs(of: node, characters: characters)
        // A line height every character has alike, overridden or not, is the text's: Figma lays it out so.
        let lineHeights = runs.map { Self.style(style, withLineHeightOf: node.styleOverrideTable[String($0.override)]) }
        let uniformLineHeight = Set(lineHeights.map(\.lineHeight)).count == 1
        if uniformLineHeight, let first = lineHeights.first { style = first }
        let autoLineHeight = (style.lineHeightUnit ?? "INTRINSIC_%") == "INTRINSIC_%"
            && abs((style.lineHeightPercent ?? 100) - 100) < 1e-6
        if autoLineHeight, let size = style.fontSize,
           runs.contains(where: { (node.styleOverrideTable[String($0.override)]?.fontSize ?? 0) > size }) {
            // Figma grows such a line to its largest characters' own height; every line here is the text's.
            warn(node, "an Auto line height with larger characters on some lines is drawn at the text's own line height")
        }
        var request = RenderRequest()
        var link: String?
        request.typography = typography(style)
        request.limits.model = node.layoutVersion == 0 ? .figmaVersion0 : .figma
        switch style.textAlignHorizontal {
        case "CENTER": request.limits.alignment = .center
        case "RIGHT": request.limits.alignment = .right
        case "JUSTIFIED": request.limits.alignment = .justified
        default: request.limits.alignment = .left
        }
        if style.textTruncation == "ENDING" {
            request.limits.lineBreakMode = .byTruncatingTail
            request.limits.maxLines = style.maxLines
        } else if let maxLines = style.maxLines, maxLines > 0 {
            request.limits.maxLines = maxLines
        }
        request.output.color = textColor(node.fills, of: node) ?? .black
        if runs.count > 1 || runs.first?.override != 0 {
            request.spans = runs.map { run in
                TextSpan(run.text, style: spanStyle(node.styleOverrideTable[String(run.override)], of: node,
                                                    lineHeightApplied: uniformLineHeight))
            }
        } else {
            request.text = characters
        }
        if let blend = node.blendMode, !["PASS_THROUGH", "NORMAL"].contains(blend) {
            warn(node, "a text's blend mode \(blend) is drawn as normal")
        }
        // A link: the text's own, else one its characters share; a link to a node of the file has no URL.
        let linked = [style.hyperlink] + node.styleOverrideTable.values.map(\.hyperlink)
        let urls = Set(linked.compactMap { $0?.type == "URL" ? $0?.url : nil })
        if let url = style.hyperlink?.url ?? (urls.count == 1 ? urls.first : nil), Drawing.isLinkable(url) {
            link = url
            if style.hyperlink == nil { warn(node, "a link on some characters links the whole text") }
        } else if linked.contains(where: { $0 != nil }) {
            warn(node, "a link to a node, to several URLs or to one that is not http, https, mailto or tel is not kept")
        }
        if node.lineTypes?.contains(where: { $0 != "NONE" }) == true {
            warn(node, "list markers (ordered and unordered lines) are not drawn")
        }
        let vertical: CardVerticalAlignment = switch style.textAlignVertical {
        case "CENTER": .middle
        case "BOTTOM": .bottom
        default: .top
        }
        var layer = CardTextLayer(box: box, verticalAlignment: vertical, request: request)
        layer.link = link
        if let gradient = node.fills.last(where: \.visible), gradient.type.hasPrefix("GRADIENT_") {
            // Over the text's box, as Figma lays a gradient fill.
            layer.fill = paint(gradient, of: node, role: "text fill",
                               size: Rect(x: 0, y: 0, width: node.bounds.width, height: node.bounds.height))
        }
        for effect in node.effects where effect.visible {
            if effect.type == "DROP_SHADOW" || effect.type == "INNER_SHADOW" {
                layer.shadows.insert(CardShadow(x: effect.offset?.x ?? 0, y: effect.offset?.y ?? 0,
                                                blur: effect.radius, color: effect.color?.color() ?? .black,
                                                isInset: effect.type == "INNER_SHADOW"), at: 0)
                if effect.spread != 0 { warn(node, "a text shadow's spread is not drawn") }
            } else {
                warn(node, "the \(effect.type) effect is not drawn")
            }
        }
        if node.opacity < 1 {
            // Glyphs rarely overlap: the node's opacity folds into its colors.
            func faded(_ color: Color?) -> Color? {
                color.map { Color(red: $0.red, green: $0.green, blue: $0.blue,
                                  alpha: UInt8((Double($0.alpha) * min(max(node.opacity, 0), 1)).rounded())) }
            }
            layer.request.output.color = faded(layer.request.output.color)
            layer.request.spans = layer.request.spans?.map { span in
                var span = span
                span.style.color = faded(span.style.color)
                return span
            }
            layer.shadows = layer.shadows.map { shadow in
                var shadow = shadow
                shadow.color = faded(shadow.color) ?? shadow.color
                return shadow
            }
        }
        return layer
    }

    /// `text` with every CR that no LF follows made a space (the same UTF-16 offsets, so overrides still apply).
    static func spacingCarriageReturns(_ text: String) -> String {
        guard text.utf8.contains(0x0D) else { return text }
        var scalars = String.UnicodeScalarView()
        var iterator = text.unicodeScalars.makeIterator()
        var current = iterator.next()
        while let scalar = current {
            let next = iterator.next()
            scalars.append(scalar == "\r" && next != "\n" ? " " : scalar)
            current = next
        }
        return String(scalars)
    }

    /// The typography fields of a Figma text style.
    private func typography(_ style: FigmaTypeStyle) -> TypographyFields {
        var fields = TypographyFields()
        if let family = style.fontFamily { fields.family = [family] }
        fields.weight = Self.weight(of: style)
        fields.italic = Self.isItalic(style) ? true : nil
        if let size = style.fontSize { fields.size = .points(size) }
        switch style.lineHeightUnit {
        case "PIXELS":
            fields.lineHeight = style.lineHeightPx.map { .length(.points(max($0, Self.leastLineHeight))) }
        case "FONT_SIZE_%":
            if let percent = style.lineHeightPercentFontSize, percent > 0 {
                fields.lineHeight = .length(.em(percent / 100))
            } else {
                fields.lineHeight = style.lineHeightPx.map { .length(.points(max($0, Self.leastLineHeight))) }
            }
        default:
            // INTRINSIC_%: the font's own line height, or a percent of it Figma has turned into pixels.
            if abs((style.lineHeightPercent ?? 100) - 100) < 1e-6 {
                fields.lineHeight = .auto
            } else {
                fields.lineHeight = style.lineHeightPx.map { .length(.points(max($0, Self.leastLineHeight))) }
            }
        }
        if let spacing = style.letterSpacing, spacing != 0 { fields.letterSpacing = .points(spacing) }
        fields.textCase = Self.textCase(style.textCase)
        fields.features = Self.features(of: style)
        fields.decoration = Self.decoration(style.textDecoration)
        if let spacing = style.paragraphSpacing, spacing != 0 { fields.paragraphSpacing = .points(spacing) }
        if let indent = style.paragraphIndent, indent != 0 { fields.paragraphIndent = .points(indent) }
        if style.leadingTrim == "CAP_HEIGHT" { fields.textBox = TextBox(trim: .both, over: .cap, under: .alphabetic) }
        return fields
    }

    /// The style a text's face has, as Figma chose the face: its `fontStyle` ("Semi Bold Italic"), else the
    /// style part of its `fontPostScriptName` ("Inter-SemiBoldItalic": what follows the last hyphen), else none.
    private static func styleName(of style: FigmaTypeStyle) -> String? {
        if let name = style.fontStyle { return name }
        guard let postScript = style.fontPostScriptName, let hyphen = postScript.lastIndex(of: "-") else { return nil }
        return String(postScript[postScript.index(after: hyphen)...])
    }

    /// The weight the face's style names (``styleName(of:)``), else the style's `fontWeight`: files whose
    /// `fontWeight` says 400 beside an `Inter-SemiBold` are drawn semibold by Figma (their widths match it).
    private static func weight(of style: FigmaTypeStyle) -> FontWeight? {
        let name = styleName(of: style).map {
            $0.lowercased().replacingOccurrences(of: " ", with: "").replacingOccurrences(of: "italic", with: "")
                .replacingOccurrences(of: "oblique", with: "")
        }
        let named = name.flatMap { styleWeights[$0.isEmpty ? "regular" : $0] }
        let number = named ?? style.fontWeight.map { Int($0.rounded()) }
        return number.map { FontWeight(rawValue: $0) ?? FontWeight(nearestTo: $0) }
    }

    private static func isItalic(_ style: FigmaTypeStyle) -> Bool {
        let name = (styleName(of: style) ?? "").lowercased()
        return style.italic == true || name.contains("italic") || name.contains("oblique")
    }

    /// The OpenType features a style turns on or off, as HarfBuzz spells them: `textCase` SMALL_CAPS as `smcp`
    /// (SMALL_CAPS_FORCED with `c2sc`), and `opentypeFlags` (`{"TNUM": 1, "LIGA": 0}` → `tnum=1`, `liga=0`; a tag
    /// that is not four letters or digits, or a value past 1,000, is left out). `nil` when it sets none.
    static func features(of style: FigmaTypeStyle) -> [String]? {
        var features: [String] = switch style.textCase {
        case "SMALL_CAPS": ["smcp"]
        case "SMALL_CAPS_FORCED": ["smcp", "c2sc"]
        default: []
        }
        for (tag, value) in (style.opentypeFlags ?? [:]).sorted(by: { $0.key < $1.key })
        where tag.utf8.count == 4 && tag.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x5A).contains($0)
                                                             || (0x61...0x7A).contains($0) })
            && (0...1_000).contains(value) {
            features.append("\(tag.lowercased())=\(value)")
        }
        return features.isEmpty ? nil : features
    }

    private static func textCase(_ value: String?) -> TextCase? {
        switch value {
        case "UPPER": .uppercase
        case "LOWER": .lowercase
        case "TITLE": .capitalize
        default: nil
        }
    }

    private static func decoration(_ value: String?) -> TextDecoration? {
        switch value {
        case "UNDERLINE": .underline
        case "STRIKETHROUGH": .strikethrough
        default: nil
        }
    }

    /// The text's color: its top visible solid fill (a gradient or image fill is named in a warning).
    private mutating func textColor(_ fills: [FigmaPaint], of node: FigmaNode) -> Color? {
        guard let fill = fills.last(where: \.visible) else { return nil }
        guard fill.type == "SOLID" else {
            // A gradient is the layer's fill; its first color stands for it where one color is asked for.
            if !fill.type.hasPrefix("GRADIENT_") { warn(node, "a \(fill.type) text fill is drawn in its first color") }
            return fill.gradientStops?.first?.color.color(opacity: fill.opacity)
        }
        return (fill.color ?? FigmaColor(r: 0, g: 0, b: 0, a: 1)).color(opacity: fill.opacity)
    }

    /// The characters cut where their style override changes: `characterStyleOverrides` numbers each UTF-16 code
    /// unit's override (0: the node's style; past the list's end, 0).
    /// A `{{name}}` placeholder takes its first character's style whole, so that a value replaces it in one span.
    /// At most ``maximumStyleRuns`` runs: the characters past the last are drawn in its style, with a warning.
    private mutating func runs(of node: FigmaNode, characters: String) -> [(text: String, override: Int)] {
        var overrides = node.characterStyleOverrides
        guard overrides.contains(where: { $0 != 0 }) else { return [(characters, 0)] }
        let units = Array(characters.utf16)
        // One pass: each `}}` closes the last `{{` before it (as Card's placeholders are found).
        var open: Int?
        var index = 0
        while index + 1 < units.count {
            if units[index] == 0x7B, units[index + 1] == 0x7B {
                open = index
            } else if units[index] == 0x7D, units[index + 1] == 0x7D, let start = open {
                let first = start < overrides.count ? overrides[start] : 0
                if overrides.count < index + 2 { overrides += Array(repeating: 0, count: index + 2 - overrides.count) }
                for offset in start...index + 1 { overrides[offset] = first }
                open = nil
                index += 2
                continue
            }
            index += 1
        }
        var runs: [(text: String, override: Int)] = []
        var offset = 0, merged = false
        for character in characters {
            let override = offset < overrides.count ? overrides[offset] : 0
            offset += character.utf16.count
            if let last = runs.last, last.override == override || runs.count == Self.maximumStyleRuns {
                merged = merged || last.override != override
                runs[runs.count - 1].text.append(character)
            } else {
                runs.append((String(character), override))
            }
        }
        if merged {
            warn(node, "more than \(Self.maximumStyleRuns) style runs: the characters from the "
                 + "\(Self.maximumStyleRuns)th run on are drawn in its style")
        }
        return runs
    }

    /// The most style runs (spans) a text node becomes: a text of 330,000 alternating overrides took seconds
    /// and a gigabyte as spans; real texts have a handful.
    static let maximumStyleRuns = 1_000

    /// `style` with the line height `override` sets, where it sets one.
    private static func style(_ style: FigmaTypeStyle, withLineHeightOf override: FigmaTypeStyle?) -> FigmaTypeStyle {
        guard let override, override.lineHeightPx != nil || override.lineHeightUnit != nil else { return style }
        var merged = style
        merged.lineHeightUnit = override.lineHeightUnit ?? style.lineHeightUnit
        merged.lineHeightPx = override.lineHeightPx
        merged.lineHeightPercent = override.lineHeightPercent
        merged.lineHeightPercentFontSize = override.lineHeightPercentFontSize
        return merged
    }

    /// A span's style: what the override sets (nothing for the node's own style). A line height it sets is
    /// named in a warning unless `lineHeightApplied` (every character has it: it is the text's).
    private mutating func spanStyle(_ style: FigmaTypeStyle?, of node: FigmaNode,
                                    lineHeightApplied: Bool) -> SpanStyle {
        guard let style else { return SpanStyle() }
        var span = SpanStyle()
        if let family = style.fontFamily { span.familyNames = [family] }
        if style.fontStyle != nil || style.fontPostScriptName != nil || style.fontWeight != nil {
            span.weight = Self.weight(of: style)
        }
        if style.italic != nil || style.fontStyle != nil || style.fontPostScriptName != nil {
            span.isItalic = Self.isItalic(style)
        }
        span.size = style.fontSize
        span.letterSpacing = style.letterSpacing
        span.textCase = Self.textCase(style.textCase) ?? (style.textCase == "ORIGINAL" ? TextCase.none : nil)
        span.decoration = Self.decoration(style.textDecoration) ?? (style.textDecoration == "NONE" ? TextDecoration.none : nil)
        span.features = Self.features(of: style)
        if let fills = style.fills { span.color = textColor(fills, of: node) }
        if !lineHeightApplied, style.lineHeightPx != nil || style.lineHeightUnit != nil {
            warn(node, "a line height set on some characters is not applied; the node's is")
        }
        return span
    }
}
