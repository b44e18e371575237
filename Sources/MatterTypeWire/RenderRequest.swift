public import Foundation
public import MatterType

/// One measure or render as a client asks for it: the text (plain or spans), the typography (a design token or
/// Noto Sans 16 on 24, with any field given changing it), the layout limits and the output options.
///
/// This is the single description of a request that both `mattertype measure|render` (from their options) and
/// `mattertype-server` (from a JSON body) build, so the two cannot drift. Its JSON is one flat object: `text`,
/// `spans`, `token` and the keys of its three groups — ``TypographyFields`` (what a designer sets),
/// ``LimitFields`` and ``OutputFields`` — each declared once as a ``RequestField`` whose CLI option is the key
/// in kebab case (`lineHeight` → `--line-height`). Every field is optional; an unknown key is an error.
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
    /// A typography token's path (`typography.body`) in the token file the caller supplies; the typography fields
    /// change its values.
    public var token: String?
    /// What a designer sets: family, size, line height… and the reader's Dynamic Type and Bold Text.
    public var typography = TypographyFields()
    /// The width, lines, height, line breaking, alignment and fit.
    public var limits = LimitFields()
    /// The scale, colors, padding, hinting and image format.
    public var output = OutputFields()

    /// An empty request: Noto Sans 16/24, no text.
    public init() {}

    /// A request for a plain text.
    public init(text: String) { self.text = text }

    /// The keys of the text: `text`, `spans` and `token`.
    static let textKeys = ["text", "spans", "token"]

    /// The JSON keys a request has, in order: each is also a CLI option of `render` (or, for `text`, `spans` and
    /// `token`, a way of giving one).
    public static let keys: [String] = textKeys + TypographyFields.keys + LimitFields.keys + OutputFields.keys

    /// The most padding, in points.
    public static let maximumPadding = 10_000.0
    /// The margin of a PDF's pages, checked: finite, not negative, less than half the page's shorter side.
    /// - Throws: ``RenderRequestError/invalid(field:reason:)`` naming `margin`.
    private func pageMargin() throws(RenderRequestError) -> Double {
        let margin = output.margin ?? RenderRequest.defaultMargin
        if let pageSize = output.pageSize, output.format == .pdf,
           !(margin.isFinite && margin >= 0 && 2 * margin < min(pageSize.size.width, pageSize.size.height)) {
            throw .invalid(field: "margin", reason: "\(margin) is not allowed; use 0 to less than half the page's "
                           + "shorter side")
        }
        return margin
    }

    /// A PDF page's margin when none is given: half an inch.
    public static let defaultMargin = 36.0

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

    /// The typography: ``token`` looked up in `tokens` (else Noto Sans at the size given or 16, on 1.5 × the
    /// size), then every typography field given.
    /// - Throws: ``RenderRequestError/unknownToken(_:)`` for a token that is not a typography in `tokens`, or
    ///   ``RenderRequestError/invalid(field:reason:)`` for a token without a token file or a value out of range.
    public func resolvedTypography(tokens: DesignTokens? = nil) throws(RenderRequestError) -> Typography {
        let size = typography.size?.points(fontSize: Length.rootFontSize)
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
            result.lineHeightUnit = .percent  // 150 % of the size
        }
        // Lengths in em are of the final font size: the request's own, else the token's.
        return try typography.applied(to: result, fontSize: size ?? result.fontSize)
    }

    /// The environment: content size, Bold Text and display scale.
    public var environment: TypographyEnvironment {
        TypographyEnvironment(contentSizeCategory: typography.contentSize ?? .large,
                              isBoldTextEnabled: typography.boldText ?? false, displayScale: output.scale ?? 1)
    }

    /// The width, column length, line count, line breaking and alignment (for a PDF of pages, the width — a
    /// vertical text's column length — defaults to the page's less the margins).
    public var layoutLimits: LayoutLimits {
        let page = output.format == .pdf ? output.pageSize.map { page in
            let margin = output.margin ?? RenderRequest.defaultMargin
            return (width: page.size.width - 2 * margin, height: page.size.height - 2 * margin)
        } : nil
        let isVertical = typography.writingMode?.isVertical == true
        return LayoutLimits(width: limits.width ?? (isVertical ? nil : page?.width),
                            height: limits.height ?? (isVertical ? page?.height : nil), maxLines: limits.maxLines ?? 0,
                            lineBreakMode: limits.lineBreakMode ?? .byWordWrapping,
                            alignment: limits.alignment ?? .natural, maxHeight: limits.maxHeight,
                            fit: limits.fit == true ? TextFit(minimumFontSize: limits.minFontSize ?? 1) : nil,
                            model: limits.model ?? .css)
    }

    /// The text laid out in the typography, with fonts from `registry`: ``resolved(registry:tokens:)``, then
    /// ``layout(_:)``.
    /// - Throws: ``RenderRequestError`` for a request that does not describe a text, or a layout error (unknown
    ///   family, invalid size…) as ``RenderRequestError/layout(_:)``.
    public func layout(registry: FontRegistry = .shared,
                       tokens: DesignTokens? = nil) throws(RenderRequestError) -> TextLayout {
        try layout(resolved(registry: registry, tokens: tokens))
    }

    /// ``layout(registry:tokens:)``, measuring the text's min-content width as well when `measuringMinContent`.
    package func layout(registry: FontRegistry, tokens: DesignTokens?,
                        measuringMinContent: Bool) throws(RenderRequestError) -> TextLayout {
        var resolved = try resolved(registry: registry, tokens: tokens)
        resolved.limits.measuresMinContent = measuringMinContent
        return try layout(resolved)
    }

    /// The first stage of ``layout(registry:tokens:)``: the request checked, its text and typography read (tokens
    /// applied), and the typography's fonts found in `registry` and loaded — the stage a server times as "resolve
    /// fonts" (a family's first use reads and parses its file).
    /// - Throws: as ``layout(registry:tokens:)``.
    public func resolved(registry: FontRegistry = .shared,
                         tokens: DesignTokens? = nil) throws(RenderRequestError) -> Resolved {
        _ = try pageMargin()
        _ = try checkedPadding()
        if let quality = output.quality, !(1...100).contains(quality) {
            throw .invalid(field: "quality", reason: "\(quality) is not allowed; use 1 to 100")
        }
        let text = try styledText()
        let typography = try resolvedTypography(tokens: tokens)
        var limits = layoutLimits
        if self.limits.model == nil, let token, let model = tokens?.layoutModels[token] { limits.model = model }
        _ = try imageSizeAsked()
        let fonts: TypographyLayout
        do throws(LayoutError) {
            fonts = try TypographyLayout(typography: typography, environment: environment, registry: registry)
        } catch {
            throw .layout(error)
        }
        return Resolved(text: text, fonts: fonts, limits: limits, registry: registry)
    }

    /// The second stage of ``layout(registry:tokens:)``: the text laid out with the fonts `resolved` (this
    /// request's ``resolved(registry:tokens:)``) holds — for `imageWidth`/`imageHeight`, again at each display scale
    /// tried.
    /// - Throws: as ``layout(registry:tokens:)``.
    public func layout(_ resolved: Resolved) throws(RenderRequestError) -> TextLayout {
        func laidOut(_ scale: Double?) throws(RenderRequestError) -> TextLayout {
            do throws(LayoutError) {
                var fonts = resolved.fonts
                if let scale, scale != fonts.environment.displayScale {
                    var environment = fonts.environment
                    environment.displayScale = scale
                    fonts = try TypographyLayout(typography: fonts.typography, environment: environment,
                                                 registry: resolved.registry)
                }
                return try TextLayout(resolved.text, typography: fonts, limits: resolved.limits)
            } catch {
                throw .layout(error)
            }
        }
        guard let asked = try imageSizeAsked() else { return try laidOut(nil) }
        return try fitting(asked, laidOut)
    }

    /// A request ready to lay out (``resolved(registry:tokens:)``): its text, its typography with fonts loaded,
    /// and its limits.
    public struct Resolved: Sendable {
        /// The text, spans and all.
        public let text: StyledText
        /// The paragraph typography, resolved against the registry: its face loaded.
        public let fonts: TypographyLayout
        /// The width, line count, line breaking and alignment.
        public var limits: LayoutLimits
        /// Where the fonts came from (and fallback fonts will).
        public let registry: FontRegistry
    }

    /// The padding, 0 when not given.
    /// - Throws: ``RenderRequestError/invalid(field:reason:)`` past 0…``maximumPadding`` points (checked by
    ///   ``layout(registry:tokens:)`` already, so that a frame is never made for a padding no image may have).
    private func checkedPadding() throws(RenderRequestError) -> Double {
        let padding = output.padding ?? 0
        guard padding.isFinite, (0...RenderRequest.maximumPadding).contains(padding) else {
            throw .invalid(field: "padding", reason: "\(padding) is not allowed; use 0 to 10000 points")
        }
        return padding
    }

    /// The size in pixels the image of `layout` will have and where the layout sits in it (to check before
    /// drawing); see ``TextRenderer/frame(for:padding:clip:)``.
    public func imageFrame(of layout: TextLayout) -> TextImageFrame {
        TextRenderer.frame(for: layout, padding: output.padding ?? 0, clip: output.clip ?? false)
    }

    /// The image of `layout` in the request's colors, padding and hinting, encoded in the request's format by
    /// ``ImageFormat/encode(_:style:renderer:until:onDrawn:)`` (rasterized by `renderer`; `onDrawn` called once
    /// the pixels are drawn, before they are encoded).
    /// - Throws: ``RenderRequestError/invalid(field:reason:)`` for a padding out of range;
    ///   ``RenderRequestError/render(_:)`` when the image is too large or cannot be encoded, or `deadline` passes
    ///   while it is drawn (``RenderError/deadlineExceeded(stage:)``).
    public func image(of layout: TextLayout, renderer: TextRenderer = .shared, until deadline: RenderDeadline = .never,
                      onDrawn: () -> Void = {}) throws(RenderRequestError) -> Data {
        let padding = try checkedPadding(), margin = try pageMargin()
        let style = TextImageStyle(
            color: output.color ?? .black, background: output.background ?? .clear, padding: padding,
            clip: output.clip ?? false, hinting: output.hinting ?? TextRenderer.Hinting.none,
            pngEncoding: output.pngEncoding ?? .auto, compression: output.compression ?? .balanced,
            quality: output.quality, vector: VectorOptions(svgText: output.svgText ?? false),
            pages: output.pageSize.map { TextImageStyle.PDFPages(size: $0, margin: margin) })
        do throws(RenderError) {
            return try (output.format ?? .png).encode(layout, style: style, renderer: renderer, until: deadline,
                                                      onDrawn: onDrawn)
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

    /// Decodes the keys above, each group its own; an unknown key is an error listing the keys.
    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder, excluding: [], extra: [], in: "a request")
    }

    /// A request read from an object that has other keys too (a card's text layer): `excluded` are request keys
    /// the object may not have, `extra` keys it reads itself (request keys among them are left unread: a text
    /// layer's `width`, which may be `"fill"`); `spans` is read only when
    /// `readingSpans` (a card's text layer reads its own).
    package init(from decoder: any Decoder, excluding excluded: Set<String>, extra: Set<String>, in what: String,
         readingSpans: Bool = true) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        let isAllowed = { (key: String) in
            (RenderRequest.keySet.contains(key) && !excluded.contains(key)) || extra.contains(key)
        }
        let allKeys = container.allKeys
        if let unknown = allKeys.first(where: { !isAllowed($0.stringValue) }) {
            let allowed = RenderRequest.keys.filter { !excluded.contains($0) } + extra.sorted()
            throw DecodingError.dataCorruptedError(
                forKey: unknown, in: container, debugDescription: "unknown key; \(what) has " + allowed.joined(separator: ", "))
        }
        text = try container.decodeIfPresent(String.self, forKey: AnyCodingKey(stringValue: "text"))
        if readingSpans { spans = try container.decodeIfPresent([TextSpan].self, forKey: AnyCodingKey(stringValue: "spans")) }
        token = try container.decodeIfPresent(String.self, forKey: AnyCodingKey(stringValue: "token"))
        let keys = allKeys.map(\.stringValue)
        typography = try TypographyFields(from: container, keys: keys, skipping: extra)
        limits = try LimitFields(from: container, keys: keys, skipping: extra)
        output = try OutputFields(from: container, keys: keys, skipping: extra)
    }

    /// ``keys`` as a set, to check a body's keys against.
    private static let keySet = Set(keys)

    /// Encodes the fields that are set, under the keys it decodes.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encodeIfPresent(text, forKey: AnyCodingKey(stringValue: "text"))
        try container.encodeIfPresent(spans, forKey: AnyCodingKey(stringValue: "spans"))
        try container.encodeIfPresent(token, forKey: AnyCodingKey(stringValue: "token"))
        try typography.encode(to: encoder)
        try limits.encode(to: encoder)
        try output.encode(to: encoder)
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
    package var escapingControls: String {
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
