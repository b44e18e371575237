public import Foundation
public import MatterType

/// One measure or render as a client asks for it: the text (plain or spans), the typography (a design token or
/// Noto Sans 16 on 24, with any field given changing it), the layout limits and the image options.
///
/// This is the single description of a request that both `mattertype measure|render` (from their options) and
/// `mattertype-server` (from a JSON body) build, so the two cannot drift: each JSON key is the CLI option's long
/// name in camel case (`--line-height` → `lineHeight`). Every field is optional; an unknown key is an error.
///
/// ```swift
/// let request = try RenderRequest.decode(from: Data(#"{"text": "Hello", "size": 18, "width": 200}"#.utf8))
/// let layout = try request.layout(registry: .shared)
/// let png = try request.image(of: layout)
/// ```
public struct RenderRequest: Sendable, Hashable, Codable {
    /// The plain text (give this or ``spans``).
    public var text: String?
    /// Styled spans (give this or ``text``).
    public var spans: [TextSpan]?
    /// A typography token's path (`typography.body`) in the token file the caller supplies; other typography
    /// fields change its values.
    public var token: String?
    /// The family, then further families for characters it lacks (JSON: a name, a CSS list or an array).
    public var family: [String]?
    /// The weight (JSON: 1…1000 or a name).
    public var weight: FontWeight?
    /// Italic (true) or upright.
    public var italic: Bool?
    /// The width (JSON: a keyword such as `"condensed"` or a percentage, `"75%"` or `75`).
    public var fontWidth: FontWidth?
    /// The font size (default 16 points; an `em` is 16 points).
    public var size: Length?
    /// The line height (default 1.5 × the size; an `em` is the font size).
    public var lineHeight: Length?
    /// The space after every grapheme cluster (an `em` is the font size: `"-0.02em"`).
    public var letterSpacing: Length?
    /// How far the first line of each paragraph is indented (an `em` is the font size).
    public var paragraphIndent: Length?
    /// The space between paragraphs (an `em` is the font size).
    public var paragraphSpacing: Length?
    /// The case the text is put in.
    public var textCase: TextCase?
    /// Underline or strikethrough.
    public var decoration: TextDecoration?
    /// The Dynamic Type style that scales the size.
    public var textStyle: TextStyle?
    /// The content size category (default `large`).
    public var contentSize: ContentSizeCategory?
    /// Lay out as with the Bold Text accessibility setting on.
    public var boldText: Bool?
    /// The most Dynamic Type may scale the typography by.
    public var maxScale: Double?
    /// Never scale with Dynamic Type.
    public var fixed: Bool?
    /// OpenType features as HarfBuzz spells them (JSON: `"tnum,-liga"` or an array).
    public var features: [String]?
    /// The text's language (BCP 47).
    public var language: String?
    /// The paragraphs' base direction.
    public var direction: TextDirection?
    /// How paragraphs choose their lines: wrap, balance or pretty.
    public var textWrap: TextWrap?
    /// Leading trim, as CSS `text-box` ("trim-both cap alphabetic").
    public var textBox: TextBox?
    /// Where words may be hyphenated: none, manual or auto.
    public var hyphens: Hyphens?
    /// The CPAL palette color fonts (COLR) are drawn in, 0…65535 (``Typography/fontPalette``).
    public var palette: Int?
    /// Variation axis coordinates by tag.
    public var variations: [String: Double]?
    /// The maximum line width in points; `nil`: each paragraph is one line.
    public var width: Double?
    /// The most lines shown; 0 shows all.
    public var maxLines: Int?
    /// The most height in points, for ``fit``.
    public var maxHeight: Double?
    /// Whether the font size shrinks (0.25 pt steps) until the text fits the width, ``maxHeight`` and ``maxLines``.
    public var fit: Bool?
    /// The smallest size ``fit`` tries (default 1).
    public var minFontSize: Double?
    /// How lines break and truncate.
    public var lineBreakMode: LineBreakMode?
    /// How lines are aligned.
    public var alignment: TextAlignment?
    /// The display scale (1, 2, 3 for @1x, @2x, @3x).
    public var scale: Double?
    /// The text color (JSON: `#RRGGBB` or `#RRGGBBAA`; default black).
    public var color: Color?
    /// The background (JSON: `#RRGGBB`, `#RRGGBBAA` or `transparent`; default transparent).
    public var background: Color?
    /// Points of space around the text (0 … 10,000).
    public var padding: Double?
    /// Cut the image to exactly the layout and padding; by default it grows to hold ink that reaches past them.
    public var clip: Bool?
    /// Hinting of the drawn glyphs (default none).
    public var hinting: TextRenderer.Hinting?
    /// The image format: png (the default), webp, svg or pdf.
    public var format: ImageFormat?
    /// PDF only: the page size (JSON: "a4", "letter" or "WxH" in points); the text then flows over as many pages as
    /// it needs, whole lines on each, inside ``margin``; the width defaults to the page's less the margins. `nil`:
    /// one page the size of the image (1 point a pixel at @1x).
    public var pageSize: PageSize?
    /// PDF only, with ``pageSize``: the margin on every side in points (default 36, half an inch).
    public var margin: Double?
    /// SVG only: also write each line as invisible `<text>` for selection and screen readers (default false).
    public var svgText: Bool?
    /// The PNG representation (default auto: the smallest exact one).
    public var pngEncoding: PNGEncoding?
    /// Time against bytes when encoding (default balanced).
    public var compression: ImageCompression?

    /// An empty request: Noto Sans 16/24, no text.
    public init() {}

    /// A request for a plain text.
    public init(text: String) { self.text = text }

    /// The JSON keys a request has, in order: each is also a CLI option of `render` (or, for `text`, `spans` and
    /// `token`, a way of giving one).
    public static var keys: [String] { CodingKeys.allCases.map(\.stringValue) }

    /// The most padding, in points.
    public static let maximumPadding = 10_000.0
    /// The margin of a PDF's pages, checked: finite, not negative, less than half the page's shorter side.
    /// - Throws: ``RenderRequestError/invalid(field:reason:)`` naming `margin`.
    private func pageMargin() throws(RenderRequestError) -> Double {
        let margin = self.margin ?? RenderRequest.defaultMargin
        if let pageSize, format == .pdf,
           !(margin.isFinite && margin >= 0 && 2 * margin < min(pageSize.size.width, pageSize.size.height)) {
            throw .invalid(field: "margin", reason: "\(margin) is not allowed; use 0 to less than half the page's "
                           + "shorter side")
        }
        return margin
    }

    /// A PDF page's margin when none is given: half an inch.
    public static let defaultMargin = 36.0

    enum CodingKeys: String, CodingKey, CaseIterable {
        case text, spans, token, family, weight, italic, fontWidth, size, lineHeight, letterSpacing, paragraphIndent,
             paragraphSpacing, textCase, decoration, textStyle, contentSize, boldText, maxScale, fixed, features,
             language, direction, textWrap, textBox, hyphens, palette, variations, width, maxLines, maxHeight, fit, minFontSize, lineBreakMode, alignment, scale, color, background,
             padding, clip, hinting, format, pageSize, margin, svgText, pngEncoding, compression
    }

    // MARK: - What the request means

    /// The text to lay out.
    /// - Throws: ``RenderRequestError/invalid(field:reason:)`` unless exactly one of ``text`` and ``spans`` is given.
    public func styledText() throws(RenderRequestError) -> StyledText {
        switch (text, spans) {
        case (let text?, nil): return StyledText(text)
        case (nil, let spans?): return StyledText(spans)
        case (.some, .some): throw .invalid(field: "text", reason: "give text or spans, not both")
        case (nil, nil): throw .invalid(field: "text", reason: "give the text as \"text\" or \"spans\"")
        }
    }

    /// The number of Unicode scalars in the text or spans.
    public var scalarCount: Int {
        (text?.unicodeScalars.count ?? 0) + (spans ?? []).reduce(0) { $0 + $1.text.unicodeScalars.count }
    }

    /// The typography: ``token`` looked up in `tokens` (else Noto Sans at ``size`` or 16, on 1.5 × the size), then
    /// every typography field given.
    /// - Throws: ``RenderRequestError/unknownToken(_:)`` for a token that is not a typography in `tokens`, or
    ///   ``RenderRequestError/invalid(field:reason:)`` for a token without a token file.
    public func typography(tokens: DesignTokens? = nil) throws(RenderRequestError) -> Typography {
        let size = self.size?.points(fontSize: Length.rootFontSize)
        var result: Typography
        if let token {
            guard let tokens else {
                throw .invalid(field: "token", reason: "no token file is loaded, so \"\(token)\" cannot be looked up")
            }
            do {
                result = try tokens.typography(token)
            } catch {
                throw .unknownToken(error)
            }
        } else {
            result = Typography(family: "Noto Sans", fontSize: size ?? 16, lineHeight: (size ?? 16) * 1.5)
        }
        // Lengths in em are of the final font size: the request's own, else the token's.
        let fontSize = size ?? result.fontSize
        // The fields a span can change, through the one mechanism spans use; then the paragraph-only ones.
        result = SpanStyle(familyNames: family.flatMap { $0.isEmpty ? nil : $0 }, weight: weight, isItalic: italic,
                           size: size, letterSpacing: letterSpacing?.points(fontSize: fontSize), textCase: textCase,
                           decoration: decoration, features: features, language: language, variations: variations,
                           fontWidth: fontWidth).applied(to: result)
        if let lineHeight { result.lineHeight = lineHeight.points(fontSize: fontSize) }
        if let paragraphIndent { result.paragraphIndent = paragraphIndent.points(fontSize: fontSize) }
        if let paragraphSpacing { result.paragraphSpacing = paragraphSpacing.points(fontSize: fontSize) }
        if let textStyle { result.textStyle = textStyle }
        if let maxScale { result.maximumScaleFactor = maxScale }
        if let fixed { result.isFixed = fixed }
        if let direction { result.direction = direction }
        if let textWrap { result.textWrap = textWrap }
        if let textBox { result.textBox = textBox }
        if let hyphens { result.hyphens = hyphens }
        if let palette {
            guard (0...0xFFFF).contains(palette) else {
                throw .invalid(field: "palette", reason: "\(palette) is not a palette index; use 0 to 65535")
            }
            result.fontPalette = palette
        }
        return result
    }

    /// The environment: content size, Bold Text and display scale.
    public var environment: TypographyEnvironment {
        TypographyEnvironment(contentSizeCategory: contentSize ?? .large, isBoldTextEnabled: boldText ?? false,
                              displayScale: scale ?? 1)
    }

    /// The width, line count, line breaking and alignment (for a PDF of pages, the width defaults to the page's
    /// less the margins).
    public var limits: LayoutLimits {
        let pageWidth = format == .pdf ? pageSize.map { $0.size.width - 2 * (margin ?? RenderRequest.defaultMargin) } : nil
        return LayoutLimits(width: width ?? pageWidth, maxLines: maxLines ?? 0, lineBreakMode: lineBreakMode ?? .byWordWrapping,
                     alignment: alignment ?? .natural, maxHeight: maxHeight,
                     fit: fit == true ? TextFit(minimumFontSize: minFontSize ?? 1) : nil)
    }

    /// The text laid out in the typography, with fonts from `registry`.
    /// - Throws: ``RenderRequestError`` for a request that does not describe a text, or a layout error (unknown
    ///   family, invalid size…) as ``RenderRequestError/layout(_:)``.
    public func layout(registry: FontRegistry = .shared,
                       tokens: DesignTokens? = nil) throws(RenderRequestError) -> TextLayout {
        _ = try pageMargin()
        _ = try checkedPadding()
        let text = try styledText()
        let typography = try typography(tokens: tokens)
        do {
            return try TextLayout(text, typography: typography, environment: environment, limits: limits,
                                  registry: registry)
        } catch {
            throw .layout(error)
        }
    }

    /// The padding, 0 when not given.
    /// - Throws: ``RenderRequestError/invalid(field:reason:)`` past 0…``maximumPadding`` points (checked by
    ///   ``layout(registry:tokens:)`` already, so that a frame is never made for a padding no image may have).
    private func checkedPadding() throws(RenderRequestError) -> Double {
        let padding = self.padding ?? 0
        guard padding.isFinite, (0...RenderRequest.maximumPadding).contains(padding) else {
            throw .invalid(field: "padding", reason: "\(padding) is not allowed; use 0 to 10000 points")
        }
        return padding
    }

    /// The size in pixels the image of `layout` will have and where the layout sits in it (to check before
    /// drawing); see ``TextRenderer/frame(for:padding:clip:)``.
    public func imageFrame(of layout: TextLayout) -> TextImageFrame {
        TextRenderer.frame(for: layout, padding: padding ?? 0, clip: clip ?? false)
    }

    /// The image of `layout` in the request's colors, padding and hinting, drawn by `renderer` (whose glyph cache
    /// holds hinted and unhinted bitmaps alike) and encoded in the request's format.
    /// - Throws: ``RenderRequestError/invalid(field:reason:)`` for a padding out of range;
    ///   ``RenderRequestError/render(_:)`` when the image is too large or cannot be encoded, or `deadline` passes
    ///   while it is drawn (``RenderError/deadlineExceeded(stage:)``).
    public func image(of layout: TextLayout, renderer: TextRenderer = .shared,
                      until deadline: RenderDeadline = .never) throws(RenderRequestError) -> Data {
        let padding = try checkedPadding()
        let format = self.format ?? .png
        let color = self.color ?? .black, background = self.background ?? .clear
        let compression = self.compression ?? .balanced
        let margin = try pageMargin()
        do throws(RenderError) {
            if let pageSize, format == .pdf {
                return try Drawing.pdf(pages: Drawing.pages(of: layout, pageSize: pageSize.size, margin: margin,
                                                            color: color, background: background),
                                       compression: compression, renderer: renderer, until: deadline)
            }
            if format.isVector {
                let drawing = Drawing(layout, color: color, background: background, padding: padding,
                                      clip: clip ?? false, hinting: hinting ?? TextRenderer.Hinting.none)
                guard drawing.pixelSize.fits(pixelCount: TextRenderer.maximumPixelCount) else {
                    throw .imageTooLarge(width: drawing.pixelSize.width, height: drawing.pixelSize.height)
                }
                return try format.encode(drawing, renderer: renderer, compression: compression,
                                         options: VectorOptions(svgText: svgText ?? false), until: deadline)
            }
            try format.check(imageFrame(of: layout).size)
            let image = try renderer.image(of: layout, color: color, background: background,
                                           padding: padding, clip: clip ?? false,
                                           hinting: hinting ?? TextRenderer.Hinting.none, until: deadline)
            return try format.encode(image, pngEncoding: pngEncoding ?? .auto, compression: compression)
        } catch {
            throw .render(error)
        }
    }

    // MARK: - JSON

    /// Decodes a request from JSON: a body that is not JSON at all is ``RenderRequestError/malformedJSON(_:)``;
    /// JSON that is not a valid request is one ``RenderRequestError/invalidJSON(_:)`` line naming the key.
    public static func decode(from data: Data) throws(RenderRequestError) -> RenderRequest {
        do {
            return try JSONDecoder().decode(RenderRequest.self, from: data)
        } catch let error as DecodingError {
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty {
                throw .malformedJSON(error.jsonDescription)
            }
            throw .invalidJSON(error.jsonDescription)
        } catch {
            throw .malformedJSON("not valid JSON")
        }
    }

    /// Decodes the keys above; `family` and `features` also as comma-separated strings, colors as hex strings.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self, in: "a request")
        try self.init(fieldsFrom: decoder)
    }

    /// A request read from an object that has other keys too (a card's text layer): `excluded` are request keys
    /// the object may not have, `extra` keys of its own that are not the request's.
    init(from decoder: any Decoder, excluding excluded: Set<String>, extra: Set<String>, in what: String,
         readingSpans: Bool = true) throws {
        let any = try decoder.container(keyedBy: AnyCodingKey.self)
        let allowed = Set(RenderRequest.keys).subtracting(excluded).union(extra)
        if let unknown = any.allKeys.first(where: { !allowed.contains($0.stringValue) }) {
            throw DecodingError.dataCorruptedError(
                forKey: unknown, in: any, debugDescription: "unknown key; \(what) has " + allowed.sorted().joined(separator: ", "))
        }
        try self.init(fieldsFrom: decoder, readingSpans: readingSpans)
    }

    /// Reads every field; `spans` only when `readingSpans` (a card's text layer reads its own).
    private init(fieldsFrom decoder: any Decoder, readingSpans: Bool = true) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        text = try c.decodeIfPresent(String.self, forKey: .text)
        spans = readingSpans ? try c.decodeIfPresent([TextSpan].self, forKey: .spans) : nil
        token = try c.decodeIfPresent(String.self, forKey: .token)
        family = try c.decodeFamilyNamesIfPresent(forKey: .family)
        weight = try c.decodeIfPresent(FontWeight.self, forKey: .weight)
        italic = try c.decodeIfPresent(Bool.self, forKey: .italic)
        fontWidth = try c.decodeIfPresent(FontWidth.self, forKey: .fontWidth)
        size = try c.decodeIfPresent(Length.self, forKey: .size)
        lineHeight = try c.decodeIfPresent(Length.self, forKey: .lineHeight)
        letterSpacing = try c.decodeIfPresent(Length.self, forKey: .letterSpacing)
        paragraphIndent = try c.decodeIfPresent(Length.self, forKey: .paragraphIndent)
        paragraphSpacing = try c.decodeIfPresent(Length.self, forKey: .paragraphSpacing)
        textCase = try c.decodeIfPresent(TextCase.self, forKey: .textCase)
        decoration = try c.decodeIfPresent(TextDecoration.self, forKey: .decoration)
        textStyle = try c.decodeIfPresent(TextStyle.self, forKey: .textStyle)
        contentSize = try c.decodeIfPresent(ContentSizeCategory.self, forKey: .contentSize)
        boldText = try c.decodeIfPresent(Bool.self, forKey: .boldText)
        maxScale = try c.decodeIfPresent(Double.self, forKey: .maxScale)
        fixed = try c.decodeIfPresent(Bool.self, forKey: .fixed)
        features = try c.decodeFeaturesIfPresent(forKey: .features)
        language = try c.decodeIfPresent(String.self, forKey: .language)
        direction = try c.decodeIfPresent(TextDirection.self, forKey: .direction)
        textWrap = try c.decodeIfPresent(TextWrap.self, forKey: .textWrap)
        textBox = try c.decodeIfPresent(TextBox.self, forKey: .textBox)
        hyphens = try c.decodeIfPresent(Hyphens.self, forKey: .hyphens)
        palette = try c.decodeIfPresent(Int.self, forKey: .palette)
        variations = try c.decodeIfPresent([String: Double].self, forKey: .variations)
        width = try c.decodeIfPresent(Double.self, forKey: .width)
        maxLines = try c.decodeIfPresent(Int.self, forKey: .maxLines)
        maxHeight = try c.decodeIfPresent(Double.self, forKey: .maxHeight)
        fit = try c.decodeIfPresent(Bool.self, forKey: .fit)
        minFontSize = try c.decodeIfPresent(Double.self, forKey: .minFontSize)
        lineBreakMode = try c.decodeIfPresent(LineBreakMode.self, forKey: .lineBreakMode)
        alignment = try c.decodeIfPresent(TextAlignment.self, forKey: .alignment)
        scale = try c.decodeIfPresent(Double.self, forKey: .scale)
        color = try c.decodeColorIfPresent(forKey: .color)
        background = try c.decodeColorIfPresent(forKey: .background)
        padding = try c.decodeIfPresent(Double.self, forKey: .padding)
        clip = try c.decodeIfPresent(Bool.self, forKey: .clip)
        hinting = try c.decodeIfPresent(String.self, forKey: .hinting).map { try RenderRequest.choice($0, .hinting, c) }
        format = try c.decodeIfPresent(String.self, forKey: .format).map { try RenderRequest.choice($0, .format, c) }
        pageSize = try c.decodeIfPresent(String.self, forKey: .pageSize).map { text in
            guard let size = PageSize(parsing: text) else {
                throw DecodingError.dataCorruptedError(forKey: .pageSize, in: c, debugDescription:
                    "\"\(text)\" is not a page size; use a4, letter or WxH in points (400x600)")
            }
            return size
        }
        margin = try c.decodeIfPresent(Double.self, forKey: .margin)
        svgText = try c.decodeIfPresent(Bool.self, forKey: .svgText)
        pngEncoding = try c.decodeIfPresent(String.self, forKey: .pngEncoding)
            .map { try RenderRequest.choice($0, .pngEncoding, c) }
        compression = try c.decodeIfPresent(String.self, forKey: .compression)
            .map { try RenderRequest.choice($0, .compression, c) }
    }

    /// Encodes the fields that are set, under the keys it decodes.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(text, forKey: .text)
        try c.encodeIfPresent(spans, forKey: .spans)
        try c.encodeIfPresent(token, forKey: .token)
        try c.encodeIfPresent(family, forKey: .family)
        try c.encodeIfPresent(weight, forKey: .weight)
        try c.encodeIfPresent(italic, forKey: .italic)
        try c.encodeIfPresent(fontWidth, forKey: .fontWidth)
        try c.encodeIfPresent(size, forKey: .size)
        try c.encodeIfPresent(lineHeight, forKey: .lineHeight)
        try c.encodeIfPresent(letterSpacing, forKey: .letterSpacing)
        try c.encodeIfPresent(paragraphIndent, forKey: .paragraphIndent)
        try c.encodeIfPresent(paragraphSpacing, forKey: .paragraphSpacing)
        try c.encodeIfPresent(textCase, forKey: .textCase)
        try c.encodeIfPresent(decoration, forKey: .decoration)
        try c.encodeIfPresent(textStyle, forKey: .textStyle)
        try c.encodeIfPresent(contentSize, forKey: .contentSize)
        try c.encodeIfPresent(boldText, forKey: .boldText)
        try c.encodeIfPresent(maxScale, forKey: .maxScale)
        try c.encodeIfPresent(fixed, forKey: .fixed)
        try c.encodeIfPresent(features, forKey: .features)
        try c.encodeIfPresent(language, forKey: .language)
        try c.encodeIfPresent(direction, forKey: .direction)
        try c.encodeIfPresent(textWrap, forKey: .textWrap)
        try c.encodeIfPresent(textBox, forKey: .textBox)
        try c.encodeIfPresent(hyphens, forKey: .hyphens)
        try c.encodeIfPresent(palette, forKey: .palette)
        try c.encodeIfPresent(variations, forKey: .variations)
        try c.encodeIfPresent(width, forKey: .width)
        try c.encodeIfPresent(maxLines, forKey: .maxLines)
        try c.encodeIfPresent(maxHeight, forKey: .maxHeight)
        try c.encodeIfPresent(fit, forKey: .fit)
        try c.encodeIfPresent(minFontSize, forKey: .minFontSize)
        try c.encodeIfPresent(lineBreakMode, forKey: .lineBreakMode)
        try c.encodeIfPresent(alignment, forKey: .alignment)
        try c.encodeIfPresent(scale, forKey: .scale)
        try c.encodeIfPresent(color?.description, forKey: .color)
        try c.encodeIfPresent(background?.description, forKey: .background)
        try c.encodeIfPresent(padding, forKey: .padding)
        try c.encodeIfPresent(clip, forKey: .clip)
        try c.encodeIfPresent(hinting?.rawValue, forKey: .hinting)
        try c.encodeIfPresent(format?.rawValue, forKey: .format)
        try c.encodeIfPresent(pageSize.map { "\(VectorNumber.format($0.size.width))x\(VectorNumber.format($0.size.height))" },
                              forKey: .pageSize)
        try c.encodeIfPresent(margin, forKey: .margin)
        try c.encodeIfPresent(svgText, forKey: .svgText)
        try c.encodeIfPresent(pngEncoding?.rawValue, forKey: .pngEncoding)
        try c.encodeIfPresent(compression?.rawValue, forKey: .compression)
    }

    private static func choice<T: NamedChoice>(
        _ text: String, _ key: CodingKeys, _ c: KeyedDecodingContainer<CodingKeys>) throws -> T {
        do {
            return try T.parse(choice: text)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: error.description)
        }
    }
}

/// Why a ``RenderRequest`` cannot be carried out, in words naming the field.
public enum RenderRequestError: Error, Sendable, CustomStringConvertible {
    /// The body is not JSON at all (a syntax error).
    case malformedJSON(String)
    /// The body is JSON but not of a request (the message names the key).
    case invalidJSON(String)
    /// A field has a value that is not allowed.
    case invalid(field: String, reason: String)
    /// The token is not a typography in the token file.
    case unknownToken(DesignTokenError)
    /// The typography or limits cannot be laid out.
    case layout(LayoutError)
    /// The image cannot be made or encoded.
    case render(RenderError)

    /// The message, one line: values from the request are quoted with their line breaks and other controls
    /// escaped (`\n`), so that a value cannot break the message (or a log line) in two.
    public var description: String {
        let message = switch self {
        case .malformedJSON(let message), .invalidJSON(let message): message
        case .invalid(let field, let reason): "\"\(field)\": \(reason)"
        case .unknownToken(let error): "\"token\": \(error)"
        case .layout(let error): "\(error)"
        case .render(let error): "\(error)"
        }
        return message.escapingControls
    }
}

extension String {
    /// The text with line breaks, tabs and other control characters written as escapes (`\n`, `\u{2028}`): one
    /// line whatever a user's value held.
    var escapingControls: String {
        guard unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == "\u{2028}"
                                                || $0 == "\u{2029}" }) else { return self }
        var out = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}":
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension DecodingError {
    /// The error as one line naming where it is: `span 2, "weight": unknown weight "heavyish"; …`.
    public var jsonDescription: String {
        func place(_ path: [any CodingKey]) -> String {
            var parts: [String] = []
            var index = 0
            while index < path.count {
                let key = path[index]
                if key.stringValue == "spans", index + 1 < path.count, let span = path[index + 1].intValue {
                    parts.append("span \(span)")
                    index += 2
                    continue
                }
                parts.append(key.intValue.map { "item \($0)" } ?? "\"\(key.stringValue)\"")
                index += 1
            }
            return parts.isEmpty ? "" : parts.joined(separator: ", ") + ": "
        }
        switch self {
        case .keyNotFound(let key, let context):
            return "\(place(context.codingPath))\"\(key.stringValue)\" is missing"
        case .typeMismatch(let type, let context):
            return "\(place(context.codingPath))expected \(DecodingError.jsonName(of: type))"
        case .valueNotFound(let type, let context):
            return "\(place(context.codingPath))expected \(DecodingError.jsonName(of: type)), found null"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                let detail = (context.underlyingError as NSError?).map {
                    $0.userInfo[NSDebugDescriptionErrorKey] as? String ?? $0.localizedDescription
                }
                return "not valid JSON" + (detail.map { " (\($0))" } ?? "; check it with a JSON linter")
            }
            return "\(place(context.codingPath))\(context.debugDescription)"
        @unknown default:
            return "\(self)"
        }
    }

    /// How a Swift type is called in JSON, for messages.
    private static func jsonName(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Double.Type, is Int.Type: "a number"
        case is [Any].Type: "an array"
        default: type is [String: Any].Type ? "an object" : "a \(type)"
        }
    }
}
