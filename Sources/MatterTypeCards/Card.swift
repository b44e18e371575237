public import Foundation
public import MatterType
public import MatterTypeWire

/// A finished image in one document: a canvas with a background and layers drawn in order over it — text blocks
/// with MatterType's typography, rectangles, images, and frames that lay their own layers out as Figma's Auto Layout
/// does (a social card, a notification image, a label). The same JSON
/// from Swift, the CLI (`mattertype card`) and any language over HTTP:
///
/// ```json
/// {"width": 1200, "height": 630, "background": {"linear": {"angle": 135, "stops": ["#0B1F3A", "#1D4E89"]}},
///  "layers": [
///    {"type": "rect", "x": 60, "y": 60, "width": 1080, "height": 510, "fill": "#FFFFFF1A", "cornerRadius": 24},
///    {"type": "text", "x": 100, "y": 100, "width": 1000, "height": 280, "verticalAlign": "middle",
///     "text": "{{title}}", "size": 72, "weight": "bold", "color": "#FFFFFF", "fit": true, "textWrap": "balance"}]}
/// ```
///
/// Lengths are points; the image is `width × scale` by `height × scale` pixels. `{{name}}` in any string is
/// filled from values when the card is read (``decode(from:values:)``).
public struct Card: Sendable, Hashable {
    /// The canvas's width in points.
    public var width: Double
    /// The canvas's height in points.
    public var height: Double
    /// Pixels a point (2 for a retina image).
    public var scale: Double
    /// What the canvas is filled with first; `nil` leaves it transparent.
    public var background: CardBackground?
    /// The layers, drawn in order (the last on top).
    public var layers: [CardLayer]

    /// A card of `width` × `height` points.
    public init(width: Double, height: Double, scale: Double = 1, background: CardBackground? = nil,
                layers: [CardLayer] = []) {
        self.width = width
        self.height = height
        self.scale = scale
        self.background = background
        self.layers = layers
    }

    /// The most layers a card may have, frames' children included (a Figma frame's nodes are its layers).
    public static let maximumLayers = 500

    /// The Unicode scalars of every text layer's text and spans, frames' children included: what a server's
    /// text-length limit counts.
    public var scalarCount: Int {
        func count(_ layers: [CardLayer]) -> Int {
            layers.reduce(0) { total, layer in
                switch layer {
                case .text(let text): total + text.request.scalarCount
                case .frame(let frame): total + count(frame.layers)
                case .rect, .image: total
                }
            }
        }
        return count(layers)
    }

    /// How far from the canvas's top-left corner, in points, any edge of a laid-out layer may be: ten times the
    /// largest single position or length, so that the sums a layout makes (gaps, padding, nested offsets) stay
    /// far inside what pixels can address at any scale.
    public static let maximumReach = 10_000_000.0
}

/// What fills a ``Card``'s canvas before its layers: a paint, or an image fitted to the canvas.
public enum CardBackground: Sendable, Hashable {
    /// A color or gradient over the whole canvas.
    case paint(Paint)
    /// An image (a `data:` URI or a file path, as an image layer's ``CardImageLayer/source``) fitted to the canvas
    /// as `fit` says; what `contain` leaves uncovered stays transparent.
    case image(source: String, fit: ImageFit)
}

/// One layer of a ``Card``.
public enum CardLayer: Sendable, Hashable {
    /// A block of text.
    case text(CardTextLayer)
    /// A rectangle, filled and or bordered.
    case rect(CardRectLayer)
    /// A PNG, JPEG or WebP image.
    case image(CardImageLayer)
    /// A group of layers, laid out in a row or a column (Figma's Auto Layout) or at their own places.
    case frame(CardFrameLayer)

    /// Its place and size.
    public var box: CardBox {
        switch self {
        case .text(let layer): layer.box
        case .rect(let layer): layer.box
        case .image(let layer): layer.box
        case .frame(let layer): layer.box
        }
    }
}

/// An image of a ``Card``: PNG, JPEG or WebP from a file or a `data:` URI, fitted to its box, clipped to its
/// rounded corners (or a circle, for avatars), at an opacity.
public struct CardImageLayer: Sendable, Hashable {
    /// Its place and size (fixed or filling: an image has no content to hug).
    public var box: CardBox
    /// A `data:image/…;base64,…` URI, or a file path (relative to the card's folder; files are read only where
    /// the renderer allows: the CLI and library, not the server).
    public var source: String
    /// How the image fills the box (CSS `object-fit`; `fill` by default, as CSS).
    public var fit: ImageFit
    /// The box's corners' radius in points.
    public var cornerRadius: Double
    /// Whether the box is clipped to a circle (its corner radius half its shorter side).
    public var isCircle: Bool
    /// 0 (invisible) to 1.
    public var opacity: Double

    /// An image from `source` in the box at (`x`, `y`), `width` × `height` points.
    public init(x: Double, y: Double, width: Double, height: Double, source: String, fit: ImageFit = .fill,
                cornerRadius: Double = 0, isCircle: Bool = false, opacity: Double = 1) {
        self.init(box: CardBox(x: x, y: y, width: .fixed(width), height: .fixed(height)), source: source, fit: fit,
                  cornerRadius: cornerRadius, isCircle: isCircle, opacity: opacity)
    }

    /// An image from `source` in `box`.
    public init(box: CardBox, source: String, fit: ImageFit = .fill, cornerRadius: Double = 0, isCircle: Bool = false,
                opacity: Double = 1) {
        self.box = box
        self.source = source
        self.fit = fit
        self.cornerRadius = cornerRadius
        self.isCircle = isCircle
        self.opacity = opacity
    }
}

/// How a text block sits in its box's height.
public enum CardVerticalAlignment: String, CaseIterable, Sendable, Hashable, Codable {
    /// At the box's top.
    case top
    /// Centered in the box.
    case middle
    /// At the box's bottom.
    case bottom
    /// With its first baseline at the box's top plus ``CardTextLayer/baselineOffset``.
    case baseline
}

/// A text block of a ``Card``: a box and everything a render request takes — text or spans, typography fields or
/// a design token, text wrap, text box, fit, line limits, alignment, hyphens, color and hinting — except what the
/// card sets for the whole image (scale, background, padding, format and encoding).
public struct CardTextLayer: Sendable, Hashable {
    /// Its place and size. The width is what lines wrap at (hugging: one line a paragraph, up to
    /// ``CardBox/maxWidth``); the height is what middle and bottom align in, and the most height a fitted text may
    /// take when the request gives no `maxHeight` (hugging: the text's own height).
    public var box: CardBox
    /// Where the text sits in the box's height.
    public var verticalAlignment: CardVerticalAlignment
    /// For ``CardVerticalAlignment/baseline``: the first baseline's distance below the box's top, in points.
    public var baselineOffset: Double
    /// The text and its typography; its `width` is set from the box's, its `clip` clips the text to the box.
    public var request: RenderRequest
    /// Shadows under the text, as CSS `text-shadow` lists them (the first on top).
    public var shadows: [CardShadow]
    /// An outline around the glyphs.
    public var stroke: CardStroke?
    /// Images drawn in the text's inline boxes (icons, badges), by box: 0 for the first box span of the request's
    /// spans, 1 for the next, and so on. A box without an image stays empty.
    public var boxImages: [Int: CardBoxImage]

    /// A text block at (`x`, `y`) laying out `request`, as wide as the request's `width` (hugging its lines
    /// without one) and `height` points high (hugging its lines when `nil`).
    public init(x: Double, y: Double, height: Double? = nil, verticalAlignment: CardVerticalAlignment = .top,
                baselineOffset: Double = 0, request: RenderRequest, shadows: [CardShadow] = [],
                stroke: CardStroke? = nil, boxImages: [Int: CardBoxImage] = [:]) {
        self.init(box: CardBox(x: x, y: y, width: request.limits.width.map(CardSize.fixed) ?? .hug,
                               height: height.map(CardSize.fixed) ?? .hug, maxHeight: request.limits.maxHeight),
                  verticalAlignment: verticalAlignment, baselineOffset: baselineOffset, request: request,
                  shadows: shadows, stroke: stroke, boxImages: boxImages)
    }

    /// A text block in `box` laying out `request` (its `width` and `maxHeight` are the box's).
    public init(box: CardBox, verticalAlignment: CardVerticalAlignment = .top, baselineOffset: Double = 0,
                request: RenderRequest, shadows: [CardShadow] = [], stroke: CardStroke? = nil,
                boxImages: [Int: CardBoxImage] = [:]) {
        self.box = box
        self.verticalAlignment = verticalAlignment
        self.baselineOffset = baselineOffset
        self.request = request
        if case .fixed(let width) = box.width { self.request.limits.width = width } else { self.request.limits.width = nil }
        self.request.limits.maxHeight = box.maxHeight
        self.shadows = shadows
        self.stroke = stroke
        self.boxImages = boxImages
    }

    /// The most shadows a text layer may have.
    public static let maximumShadows = 8

    /// The render-request keys a text layer may not have: the card sets them for the whole image.
    static let cardWideKeys: Set<String> = ["scale", "background", "padding", "format", "pngEncoding", "compression"]
}

/// An image in an inline box of a text layer: in JSON, `src` and `fit` beside the box's size,
/// `{"box": {"width": 24, "height": 24, "align": "middle", "src": "data:image/png;base64,…", "fit": "contain"}}`.
public struct CardBoxImage: Sendable, Hashable {
    /// A `data:` URI or a file path, as an image layer's ``CardImageLayer/source``.
    public var source: String
    /// How it fills the box (`contain` by default: an icon keeps its shape).
    public var fit: ImageFit

    /// The image at `source` fitted to its box as `fit` says.
    public init(source: String, fit: ImageFit = .contain) {
        self.source = source
        self.fit = fit
    }
}

/// A text shadow (CSS `text-shadow`): the glyphs' coverage moved, blurred and painted in a color.
public struct CardShadow: Sendable, Hashable, Codable {
    /// How far it is moved right, in points.
    public var x: Double
    /// How far it is moved down, in points.
    public var y: Double
    /// The blur radius in points (twice the Gaussian's standard deviation, as CSS).
    public var blur: Double
    /// Its color.
    public var color: Color

    /// A shadow moved (`x`, `y`), blurred by `blur` points, in `color`.
    public init(x: Double, y: Double, blur: Double = 0, color: Color) {
        self.x = x
        self.y = y
        self.blur = blur
        self.color = color
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case x, y, blur, color }

    /// Decodes `{"x": 2, "y": 4, "blur": 8, "color": "#00000080"}`; `blur` defaults to 0.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self, in: "a shadow")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let color = try c.decodeColorIfPresent(forKey: .color) else {
            throw DecodingError.keyNotFound(CodingKeys.color, .init(codingPath: c.codingPath, debugDescription: ""))
        }
        self.init(x: try c.decode(Double.self, forKey: .x), y: try c.decode(Double.self, forKey: .y),
                  blur: try c.decodeIfPresent(Double.self, forKey: .blur) ?? 0, color: color)
    }

    /// Encodes the keys it decodes.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(x, forKey: .x)
        try c.encode(y, forKey: .y)
        try c.encode(blur, forKey: .blur)
        try c.encode(color.description, forKey: .color)
    }
}

/// An outline around a text's glyphs: `outside` (Figma's outside stroke: the ink grown by the width, under the
/// fill) or `center` (`-webkit-text-stroke`: half inside, half outside, over the fill).
public struct CardStroke: Sendable, Hashable, Codable {
    /// Where the outline lies against the glyphs' edge.
    public enum Position: String, CaseIterable, Sendable, Hashable, Codable {
        case outside, center
    }

    /// The width in points.
    public var width: Double
    /// Its color.
    public var color: Color
    /// Outside (the default) or centered on the edge.
    public var position: Position

    /// A stroke `width` points wide in `color`.
    public init(width: Double, color: Color, position: Position = .outside) {
        self.width = width
        self.color = color
        self.position = position
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case width, color, position }

    /// Decodes `{"width": 2, "color": "#000", "position": "outside"}`.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self, in: "a stroke")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let color = try c.decodeColorIfPresent(forKey: .color) else {
            throw DecodingError.keyNotFound(CodingKeys.color, .init(codingPath: c.codingPath, debugDescription: ""))
        }
        self.init(width: try c.decode(Double.self, forKey: .width), color: color,
                  position: try c.decodeIfPresent(Position.self, forKey: .position) ?? .outside)
    }

    /// Encodes the keys it decodes.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(width, forKey: .width)
        try c.encode(color.description, forKey: .color)
        try c.encode(position, forKey: .position)
    }
}

/// A rectangle of a ``Card``: filled, bordered, with rounded corners, at an opacity.
public struct CardRectLayer: Sendable, Hashable {
    /// Its place and size (fixed or filling: a rectangle has no content to hug).
    public var box: CardBox
    /// What fills it; `nil` for none (a border alone).
    public var fill: Paint?
    /// The corners' radius in points.
    public var cornerRadius: CornerRadii
    /// A border drawn inside its edge.
    public var border: CardBorder?
    /// 0 (invisible) to 1.
    public var opacity: Double

    /// A rectangle at (`x`, `y`), `width` × `height` points.
    public init(x: Double, y: Double, width: Double, height: Double, fill: Paint? = nil, cornerRadius: CornerRadii = 0,
                border: CardBorder? = nil, opacity: Double = 1) {
        self.init(box: CardBox(x: x, y: y, width: .fixed(width), height: .fixed(height)), fill: fill,
                  cornerRadius: cornerRadius, border: border, opacity: opacity)
    }

    /// A rectangle in `box`.
    public init(box: CardBox, fill: Paint? = nil, cornerRadius: CornerRadii = 0, border: CardBorder? = nil,
                opacity: Double = 1) {
        self.box = box
        self.fill = fill
        self.cornerRadius = cornerRadius
        self.border = border
        self.opacity = opacity
    }
}

/// A border: a width in points and what it is painted with.
public struct CardBorder: Sendable, Hashable {
    /// The width of each edge in points, inside it.
    public var width: EdgeWidths
    /// What it is painted with.
    public var paint: Paint

    /// A border `width` points wide in `paint`.
    public init(width: EdgeWidths, paint: Paint) {
        self.width = width
        self.paint = paint
    }
}

/// Why a card cannot be read or drawn, in one line naming the place.
public enum CardError: Error, Sendable, CustomStringConvertible {
    /// The document is not JSON at all.
    case malformedJSON(String)
    /// The document is JSON but not a card (the message names the key).
    case invalidJSON(String)
    /// A `{{name}}` placeholder has no value.
    case missingValue(String)
    /// A placeholder with ``Card`` `choices` was given `value`, which is none of them (`choices`, sorted).
    case notAChoice(placeholder: String, value: String, choices: [String])
    /// A field has a value that is not allowed.
    case invalid(field: String, reason: String)
    /// The layer at `path` (the 0-based indices of `layers` down to it: `[2]` for a card's third layer, `[0, 1]`
    /// for the second child of the first, a frame) cannot be laid out or drawn.
    case layer(path: [Int], RenderRequestError)
    /// An image cannot be read: `place` says where the card uses it ("layer 2", "the background"), `reason` why
    /// (missing file, not an image, too large…).
    case image(place: String, reason: String)
    /// The image cannot be made or encoded.
    case render(RenderError)

    /// The message, one line (values from the card with their controls escaped, as
    /// ``RenderRequestError/description`` does).
    public var description: String {
        let message = switch self {
        case .malformedJSON(let message), .invalidJSON(let message): message
        case .missingValue(let name): "no value for {{\(name)}}"
        case .notAChoice(let name, let value, let choices):
            "{{\(name)}} is \"\(value.prefix(100))\", which is not one of its choices; use "
                + (choices.count == 1 ? choices[0] : choices.dropLast().joined(separator: ", ") + " or " + (choices.last ?? ""))
        case .invalid(let field, let reason): "\"\(field)\": \(reason)"
        case .layer(let path, let error): "\(CardError.place(path)): \(error)"
        case .image(let place, let reason): "\(place): \(reason)"
        case .render(let error): "\(error)"
        }
        return message.escapingControls
    }

    /// A layer's path in words, as decoding errors name it: `layer 2`, `layer 0, layer 1`.
    static func place(_ path: [Int]) -> String {
        path.map { "layer \($0)" }.joined(separator: ", ")
    }
}

// MARK: - JSON

extension Card: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case width, height, scale, background, layers
    }

    /// Reads a card from JSON, filling each `{{name}}` in its strings from `values` first. A placeholder the
    /// document lists under `"choices"` takes one of its choices' names as its value and is filled with that
    /// choice's text: `"choices": {"avatar": {"ada": "data:image/png;base64,…", "bob": "data:…"}}` lets
    /// `"src": "{{avatar}}"` be only those two images (a template's visitors name one; they cannot send their own).
    /// - Throws: ``CardError`` naming what is wrong: not JSON, a key, a missing value, a value that is not one of
    ///   its choices.
    public static func decode(from data: Data, values: [String: String] = [:]) throws(CardError) -> Card {
        let (tree, choices) = try withoutChoices(try parse(data))
        var filled = values
        for (name, options) in choices {
            guard let value = values[name] else { continue }
            guard let choice = options[value] else {
                throw .notAChoice(placeholder: name, value: value, choices: options.keys.sorted())
            }
            filled[name] = choice
        }
        return try decode(tree: try fill(tree, filled))
    }

    /// The document's tree without its `"choices"`, and those choices (by placeholder, by name), checked.
    private static func withoutChoices(_ tree: Any) throws(CardError) -> (Any, [String: [String: String]]) {
        guard var object = tree as? [String: Any], let listed = object.removeValue(forKey: "choices") else {
            return (tree, [:])
        }
        guard let placeholders = listed as? [String: Any] else {
            throw .invalid(field: "choices", reason: "is not an object; list each placeholder's choices: "
                           + "{\"avatar\": {\"ada\": \"data:…\"}}")
        }
        var choices: [String: [String: String]] = [:]
        for (name, options) in placeholders {
            guard let options = options as? [String: Any], !options.isEmpty,
                  let texts = options as? [String: String] else {
                throw .invalid(field: "choices", reason: "\(name) is not an object of one or more names and their "
                               + "texts (\"ada\": \"data:…\")")
            }
            choices[name] = texts
        }
        return (object, choices)
    }

    /// The JSON text's tree (Foundation's objects).
    private static func parse(_ data: Data) throws(CardError) -> Any {
        do {
            return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw .malformedJSON("not valid JSON (\((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "syntax error"))")
        }
    }

    /// The card a JSON tree (its placeholders filled) describes.
    private static func decode(tree: Any) throws(CardError) -> Card {
        do {
            let bytes = try JSONSerialization.data(withJSONObject: tree, options: [.fragmentsAllowed])
            return try JSONDecoder().decode(Card.self, from: bytes)
        } catch let error as DecodingError {
            throw .invalidJSON(error.jsonDescription.replacingOccurrences(of: "\"layers\", item ", with: "layer "))
        } catch {
            throw .malformedJSON("not valid JSON")
        }
    }

    /// Reads a card template without its values, to check it before it is stored: each placeholder is filled
    /// with a stand-in suited to its place — `#000000` for a color with a placeholder in it (`color`, `fill`,
    /// `background`, gradient stops: `"#{{hex}}"` too), a 1 × 1 transparent PNG where an image goes (`src`, `image`), `x` elsewhere — so the card
    /// can be decoded and drawn once; a placeholder with `"choices"` stands in as its first choice by name. Also
    /// returns the placeholders' names, sorted, each once.
    /// - Throws: ``CardError`` as ``decode(from:values:)`` does.
    public static func decodeTemplate(from data: Data) throws(CardError) -> (card: Card, placeholders: [String]) {
        let (tree, choices) = try withoutChoices(try parse(data))
        // A placeholder with choices stands in as its first choice (by name): the template is drawn with it.
        let first = choices.compactMapValues { options in options.keys.min().flatMap { options[$0] } }
        var names = Set<String>(), others = Set<String>()
        _ = standIns(tree, key: "", names: &names)  // every placeholder's name
        let filled = try standIns(fill(tree, first, leavingOthers: true), key: "", names: &others)
        return (try decode(tree: filled), names.sorted())
    }

    /// A transparent 1 × 1 PNG, standing in for an image placeholder (made by Python's zlib; decodes with libpng).
    static let transparentPixel = "data:image/png;base64,"
        + "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII="

    /// `tree` with every placeholder replaced by a stand-in for the place it is in (`key`: the object key it sits
    /// under, inherited by array items), and the names found added to `names`.
    private static func standIns(_ tree: Any, key: String, names: inout Set<String>) -> Any {
        switch tree {
        case let text as String:
            let found = placeholders(in: text)
            guard !found.isEmpty else { return text }
            names.formUnion(found.map(\.name))
            // A color with a placeholder anywhere in it (`#{{hex}}`) stands in whole: its value is checked when drawn.
            if ["color", "fill", "background", "stops"].contains(key) { return "#000000" }
            if ["src", "image"].contains(key) { return transparentPixel }
            var result = text
            for (range, _) in found.reversed() { result.replaceSubrange(range, with: "x") }
            return result
        case let array as [Any]:
            return array.map { standIns($0, key: key, names: &names) }
        case let object as [String: Any]:
            var filled: [String: Any] = [:]
            for (name, value) in object { filled[name] = standIns(value, key: name, names: &names) }
            return filled
        default:
            return tree
        }
    }

    /// The placeholders `{{name}}` of `text`, in order (names of letters, digits, `_`, `-` and `.`): each `}}`
    /// closes the last `{{` before it (`{{{name}}` is a brace and a placeholder). One pass: a text of a
    /// hundred thousand braces costs what its length does.
    static func placeholders(in text: String) -> [(range: Range<String.Index>, name: String)] {
        var found: [(Range<String.Index>, String)] = []
        let utf8 = text.utf8
        var open: String.Index?
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let next = utf8.index(after: index)
            guard next < utf8.endIndex else { break }
            if utf8[index] == UInt8(ascii: "{"), utf8[next] == UInt8(ascii: "{") {
                open = index
            } else if utf8[index] == UInt8(ascii: "}"), utf8[next] == UInt8(ascii: "}"), let start = open {
                let end = utf8.index(after: next)
                let name = text[utf8.index(start, offsetBy: 2)..<index]
                if !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0)
                                                                    || "_-.".unicodeScalars.contains($0) }) {
                    found.append((start..<end, String(name)))
                }
                open = nil
                index = end
                continue
            }
            index = next
        }
        return found
    }

    /// `tree` with every placeholder in its strings replaced by its value (placeholders without one stay as they
    /// are when `leavingOthers`, else are ``CardError/missingValue(_:)``).
    private static func fill(_ tree: Any, _ values: [String: String],
                             leavingOthers: Bool = false) throws(CardError) -> Any {
        switch tree {
        case let text as String:
            var result = text
            for (range, name) in placeholders(in: text).reversed() {
                guard let value = values[name] else {
                    if leavingOthers { continue }
                    throw .missingValue(name)
                }
                result.replaceSubrange(range, with: value)
            }
            return result
        case let array as [Any]:
            var filled: [Any] = []
            for item in array { filled.append(try fill(item, values, leavingOthers: leavingOthers)) }
            return filled
        case let object as [String: Any]:
            var filled: [String: Any] = [:]
            for (key, value) in object { filled[key] = try fill(value, values, leavingOthers: leavingOthers) }
            return filled
        default:
            return tree
        }
    }

    /// Decodes `{"width", "height", "scale"?, "background"?, "layers"}`; unknown keys are errors.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self, in: "a card")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(width: try c.decode(Double.self, forKey: .width), height: try c.decode(Double.self, forKey: .height),
                  scale: try c.decodeIfPresent(Double.self, forKey: .scale) ?? 1,
                  background: try c.decodeIfPresent(BackgroundJSON.self, forKey: .background)?.background,
                  layers: try c.decode([CardLayer].self, forKey: .layers))
    }

    /// Encodes the keys it decodes.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(width, forKey: .width)
        try c.encode(height, forKey: .height)
        try c.encode(scale, forKey: .scale)
        try c.encodeIfPresent(background.map(BackgroundJSON.init), forKey: .background)
        try c.encode(layers, forKey: .layers)
    }
}

extension CardLayer: Codable {
    private enum TypeKey: String, CodingKey { case type }
    private enum Kind: String, CaseIterable { case text, rect, image, frame }
    private enum ImageKeys: String, CodingKey, CaseIterable {
        case type, x, y, width, height, minWidth, maxWidth, minHeight, maxHeight, position
        case src, fit, cornerRadius, circle, opacity
    }
    private enum TextKeys: String, CodingKey, CaseIterable {
        case type, x, y, width, height, minWidth, maxWidth, minHeight, position
        case verticalAlign, baselineOffset, shadows, stroke, spans
    }
    private enum RectKeys: String, CodingKey, CaseIterable {
        case type, x, y, width, height, minWidth, maxWidth, minHeight, maxHeight, position
        case fill, cornerRadius, border, opacity
    }
    private enum FrameKeys: String, CodingKey, CaseIterable {
        case type, x, y, width, height, minWidth, maxWidth, minHeight, maxHeight, position
        case layout, fill, image, border, cornerRadius, clip, opacity, shadows, blur, backgroundBlur, blendMode, paths
        case mask, isMask, layers
    }
    private enum BorderKeys: String, CodingKey, CaseIterable { case width, color }

    /// Decodes a layer by its `type`: `text` (a box and render-request keys), `rect`, `image` or `frame`.
    public init(from decoder: any Decoder) throws {
        let typed = try decoder.container(keyedBy: TypeKey.self)
        let type = try typed.decode(String.self, forKey: .type)
        guard let kind = Kind(rawValue: type) else {
            throw DecodingError.dataCorruptedError(forKey: .type, in: typed, debugDescription:
                "\"\(type)\" is not a layer type; use " + Kind.allCases.map(\.rawValue).joined(separator: ", "))
        }
        switch kind {
        case .text:
            let c = try decoder.container(keyedBy: TextKeys.self)
            // The box (its width too: a number, hug or fill) and the spans are read here: a box span may carry an
            // image (`src`, `fit`), which a render request's spans do not have.
            let request = try RenderRequest(from: decoder, excluding: CardTextLayer.cardWideKeys,
                                            extra: Set(TextKeys.allCases.map(\.rawValue)), in: "a text layer",
                                            readingSpans: false)
            let box = try CardBox(from: decoder, width: .hug, height: .hug, hugs: true)
            let spans = try c.decodeIfPresent([CardSpanJSON].self, forKey: .spans)
            var layer = CardTextLayer(box: box,
                                      verticalAlignment: try c.decodeIfPresent(CardVerticalAlignment.self,
                                                                               forKey: .verticalAlign) ?? .top,
                                      baselineOffset: try c.decodeIfPresent(Double.self, forKey: .baselineOffset) ?? 0,
                                      request: request,
                                      shadows: try c.decodeIfPresent([CardShadow].self, forKey: .shadows) ?? [],
                                      stroke: try c.decodeIfPresent(CardStroke.self, forKey: .stroke))
            layer.request.spans = spans?.map(\.span)
            for (index, span) in (spans ?? []).filter({ $0.span.box != nil }).enumerated() {
                layer.boxImages[index] = span.image
            }
            self = .text(layer)
        case .rect:
            try decoder.rejectUnknownKeys(RectKeys.self, in: "a rect layer")
            let c = try decoder.container(keyedBy: RectKeys.self)
            self = .rect(CardRectLayer(box: try CardBox(from: decoder, width: nil, height: nil, hugs: false),
                                       fill: try c.decodeIfPresent(PaintJSON.self, forKey: .fill)?.paint,
                                       cornerRadius: try c.decodeCornersIfPresent(forKey: .cornerRadius) ?? 0,
                                       border: try CardLayer.border(c, forKey: .border),
                                       opacity: try c.decodeIfPresent(Double.self, forKey: .opacity) ?? 1))
        case .image:
            try decoder.rejectUnknownKeys(ImageKeys.self, in: "an image layer")
            let c = try decoder.container(keyedBy: ImageKeys.self)
            let fit = try c.decodeFitIfPresent(forKey: .fit) ?? .fill
            self = .image(CardImageLayer(box: try CardBox(from: decoder, width: nil, height: nil, hugs: false),
                                         source: try c.decode(String.self, forKey: .src), fit: fit,
                                         cornerRadius: try c.decodeIfPresent(Double.self, forKey: .cornerRadius) ?? 0,
                                         isCircle: try c.decodeIfPresent(Bool.self, forKey: .circle) ?? false,
                                         opacity: try c.decodeIfPresent(Double.self, forKey: .opacity) ?? 1))
        case .frame:
            try decoder.rejectUnknownKeys(FrameKeys.self, in: "a frame layer")
            let c = try decoder.container(keyedBy: FrameKeys.self)
            let layout = try c.decodeIfPresent(CardFlow.self, forKey: .layout) ?? CardFlow()
            // A frame with a direction hugs its children unless sized; one without has no content size.
            let content: CardSize? = layout.direction == nil ? nil : .hug
            self = .frame(CardFrameLayer(box: try CardBox(from: decoder, width: content, height: content, hugs: true),
                                         layout: layout,
                                         fill: try c.decodeIfPresent(PaintJSON.self, forKey: .fill)?.paint,
                                         image: try c.decodeIfPresent(FrameImageJSON.self, forKey: .image)?.image,
                                         border: try CardLayer.border(c, forKey: .border),
                                         cornerRadius: try c.decodeCornersIfPresent(forKey: .cornerRadius) ?? 0,
                                         clipsContent: try c.decodeIfPresent(Bool.self, forKey: .clip) ?? false,
                                         opacity: try c.decodeIfPresent(Double.self, forKey: .opacity) ?? 1,
                                         shadows: try c.decodeIfPresent([CardBoxShadow].self, forKey: .shadows) ?? [],
                                         blur: try c.decodeIfPresent(Double.self, forKey: .blur) ?? 0,
                                         backgroundBlur: try c.decodeIfPresent(Double.self,
                                                                               forKey: .backgroundBlur) ?? 0,
                                         blendMode: try c.decodeIfPresent(BlendMode.self,
                                                                          forKey: .blendMode) ?? .normal,
                                         paths: try c.decodeIfPresent([CardPathJSON].self, forKey: .paths)?.map(\.path)
                                            ?? [],
                                         mask: try c.decodeIfPresent(MaskJSON.self, forKey: .mask)?.path,
                                         isMask: try c.decodeIfPresent(Bool.self, forKey: .isMask) ?? false,
                                         layers: try c.decodeIfPresent([CardLayer].self, forKey: .layers) ?? []))
        }
    }

    /// A `{"width": 2, "color": …}` border under `key`, if there is one.
    private static func border<Keys: CodingKey>(_ c: KeyedDecodingContainer<Keys>,
                                                forKey key: Keys) throws -> CardBorder? {
        guard c.contains(key) else { return nil }
        let nested = try c.superDecoder(forKey: key)
        try nested.rejectUnknownKeys(BorderKeys.self, in: "a border")
        let b = try nested.container(keyedBy: BorderKeys.self)
        let widths: EdgeWidths
        if let sides = try? b.decode([Double].self, forKey: .width) {
            guard sides.count == 4 else {
                throw DecodingError.dataCorruptedError(forKey: .width, in: b, debugDescription:
                    "give one width, or four: [top, right, bottom, left]")
            }
            widths = EdgeWidths(top: sides[0], right: sides[1], bottom: sides[2], left: sides[3])
        } else {
            widths = EdgeWidths(try b.decode(Double.self, forKey: .width))
        }
        return CardBorder(width: widths,
                          paint: try b.decode(PaintJSON.self, forKey: .color).paint)
    }

    private static func encode<Keys: CodingKey>(_ border: CardBorder?, into c: inout KeyedEncodingContainer<Keys>,
                                                forKey key: Keys) throws {
        guard let border else { return }
        var b = c.nestedContainer(keyedBy: BorderKeys.self, forKey: key)
        let widths = border.width
        if Set(widths.all).count == 1 { try b.encode(widths.top, forKey: .width) } else { try b.encode(widths.all, forKey: .width) }
        try b.encode(PaintJSON(border.paint), forKey: .color)
    }

    /// Encodes the keys it decodes.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .text(let layer):
            var request = layer.request
            request.spans = nil
            request.limits.width = nil
            try request.encode(to: encoder)
            try layer.box.encode(to: encoder, writesMaxHeight: false)
            var c = encoder.container(keyedBy: TextKeys.self)
            if let spans = layer.request.spans {
                var boxIndex = 0
                try c.encode(spans.map { span in
                    guard span.box != nil else { return CardSpanJSON(span: span, image: nil) }
                    defer { boxIndex += 1 }
                    return CardSpanJSON(span: span, image: layer.boxImages[boxIndex])
                }, forKey: .spans)
            }
            try c.encode("text", forKey: .type)
            try c.encode(layer.verticalAlignment, forKey: .verticalAlign)
            try c.encode(layer.baselineOffset, forKey: .baselineOffset)
            if !layer.shadows.isEmpty { try c.encode(layer.shadows, forKey: .shadows) }
            try c.encodeIfPresent(layer.stroke, forKey: .stroke)
        case .rect(let layer):
            try layer.box.encode(to: encoder)
            var c = encoder.container(keyedBy: RectKeys.self)
            try c.encode("rect", forKey: .type)
            try c.encodeIfPresent(layer.fill.map(PaintJSON.init), forKey: .fill)
            try c.encodeCorners(layer.cornerRadius, forKey: .cornerRadius)
            try CardLayer.encode(layer.border, into: &c, forKey: .border)
            try c.encode(layer.opacity, forKey: .opacity)
        case .image(let layer):
            try layer.box.encode(to: encoder)
            var c = encoder.container(keyedBy: ImageKeys.self)
            try c.encode("image", forKey: .type)
            try c.encode(layer.source, forKey: .src)
            try c.encode(layer.fit.rawValue, forKey: .fit)
            try c.encode(layer.cornerRadius, forKey: .cornerRadius)
            try c.encode(layer.isCircle, forKey: .circle)
            try c.encode(layer.opacity, forKey: .opacity)
        case .frame(let layer):
            try layer.box.encode(to: encoder)
            var c = encoder.container(keyedBy: FrameKeys.self)
            try c.encode("frame", forKey: .type)
            try c.encode(layer.layout, forKey: .layout)
            try c.encodeIfPresent(layer.fill.map(PaintJSON.init), forKey: .fill)
            try c.encodeIfPresent(layer.image.map(FrameImageJSON.init), forKey: .image)
            try CardLayer.encode(layer.border, into: &c, forKey: .border)
            try c.encodeCorners(layer.cornerRadius, forKey: .cornerRadius)
            try c.encode(layer.clipsContent, forKey: .clip)
            try c.encode(layer.opacity, forKey: .opacity)
            if !layer.shadows.isEmpty { try c.encode(layer.shadows, forKey: .shadows) }
            if layer.blur != 0 { try c.encode(layer.blur, forKey: .blur) }
            if layer.backgroundBlur != 0 { try c.encode(layer.backgroundBlur, forKey: .backgroundBlur) }
            if layer.blendMode != .normal { try c.encode(layer.blendMode, forKey: .blendMode) }
            if !layer.paths.isEmpty { try c.encode(layer.paths.map(CardPathJSON.init), forKey: .paths) }
            try c.encodeIfPresent(layer.mask.map(MaskJSON.init), forKey: .mask)
            if layer.isMask { try c.encode(true, forKey: .isMask) }
            try c.encode(layer.layers, forKey: .layers)
        }
    }
}

/// A frame's image in JSON: `{"src": "photo.jpg", "fit": "cover"}` (`fit` defaults to `cover`, as a fill wants), or
/// `"crop": [x, y, width, height]` (fractions of the image) or `"tile": 0.5` (points a pixel) instead of `fit`.
struct FrameImageJSON: Codable {
    var image: CardFrameImage

    init(_ image: CardFrameImage) { self.image = image }

    private enum Keys: String, CodingKey, CaseIterable { case src, fit, crop, tile }

    init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(Keys.self, in: "a frame's image")
        let c = try decoder.container(keyedBy: Keys.self)
        let source = try c.decode(String.self, forKey: .src)
        guard [Keys.fit, .crop, .tile].filter(c.contains).count <= 1 else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription:
                "give one of fit, crop and tile"))
        }
        if let crop = try c.decodeIfPresent([Double].self, forKey: .crop) {
            guard crop.count == 4, crop.allSatisfy(\.isFinite), crop[2] > 0, crop[3] > 0 else {
                throw DecodingError.dataCorruptedError(forKey: .crop, in: c, debugDescription:
                    "give the part of the image shown as [x, y, width, height] in fractions of the image, the width "
                    + "and height above 0")
            }
            image = CardFrameImage(source: source, placement: .cropped(Rect(x: crop[0], y: crop[1], width: crop[2],
                                                                             height: crop[3])))
        } else if let tile = try c.decodeIfPresent(Double.self, forKey: .tile) {
            guard tile.isFinite, tile > 0 else {
                throw DecodingError.dataCorruptedError(forKey: .tile, in: c, debugDescription:
                    "give the tiles' scale in points a pixel of the image, above 0")
            }
            image = CardFrameImage(source: source, placement: .tiled(scale: tile))
        } else {
            image = CardFrameImage(source: source, placement: .fitted(try c.decodeFitIfPresent(forKey: .fit) ?? .cover))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(image.source, forKey: .src)
        switch image.placement {
        case .fitted(let fit): try c.encode(fit.rawValue, forKey: .fit)
        case .cropped(let crop): try c.encode([crop.x, crop.y, crop.width, crop.height], forKey: .crop)
        case .tiled(let scale): try c.encode(scale, forKey: .tile)
        }
    }
}

/// A frame's mask in JSON: `{"d": "M0 0h40v40h-40z", "fillRule": "evenodd"}` (`fillRule` defaults to `nonzero`).
struct MaskJSON: Codable {
    var path: VectorPath

    init(_ path: VectorPath) { self.path = path }

    private enum Keys: String, CodingKey, CaseIterable { case d, fillRule }

    init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(Keys.self, in: "a mask")
        path = try VectorPath.decode(decoder.container(keyedBy: Keys.self), data: .d, fillRule: .fillRule)
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try path.encode(into: &c, data: .d, fillRule: .fillRule)
    }
}

/// A ``CardPath`` in JSON: `{"d": "M0 0L24 12L0 24Z", "fillRule": "evenodd", "fill": "#0B1F3A"}`.
struct CardPathJSON: Codable {
    var path: CardPath

    init(_ path: CardPath) { self.path = path }

    private enum Keys: String, CodingKey, CaseIterable { case d, fillRule, fill }

    init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(Keys.self, in: "a path")
        let c = try decoder.container(keyedBy: Keys.self)
        let paint = try c.decode(PaintJSON.self, forKey: .fill).paint
        path = CardPath(path: try VectorPath.decode(c, data: .d, fillRule: .fillRule), paint: paint)
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try path.path.encode(into: &c, data: .d, fillRule: .fillRule)
        try c.encode(PaintJSON(path.paint), forKey: .fill)
    }
}

extension VectorPath {
    /// A path object's SVG path data (under `data`) and fill rule (under `fillRule`, `nonzero` when absent).
    static func decode<Key: CodingKey>(_ c: KeyedDecodingContainer<Key>, data: Key, fillRule: Key) throws -> VectorPath {
        let rule = try c.decodeIfPresent(String.self, forKey: fillRule) ?? "nonzero"
        guard let parsedRule = FillRule(rawValue: rule) else {
            throw DecodingError.dataCorruptedError(forKey: fillRule, in: c, debugDescription:
                "\"\(rule)\" is not a fill rule; use nonzero or evenodd")
        }
        let text = try c.decode(String.self, forKey: data)
        do throws(VectorPathError) {
            return try VectorPath(svgPathData: text, fillRule: parsedRule)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: data, in: c, debugDescription: error.description)
        }
    }

    /// Writes the keys ``decode(_:data:fillRule:)`` reads (the fill rule only when not `nonzero`).
    func encode<Key: CodingKey>(into c: inout KeyedEncodingContainer<Key>, data: Key, fillRule: Key) throws {
        try c.encode(svgPathData(), forKey: data)
        if self.fillRule != .nonzero { try c.encode(self.fillRule.rawValue, forKey: fillRule) }
    }
}

/// A ``CardBackground`` in JSON: a paint (see ``PaintJSON``) or `{"image": "data:…", "fit": "cover"}` (`fit`
/// defaults to `cover`, as a background usually wants).
struct BackgroundJSON: Codable {
    var background: CardBackground

    init(_ background: CardBackground) { self.background = background }

    private enum ImageKeys: String, CodingKey, CaseIterable { case image, fit }

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: ImageKeys.self), object.contains(.image) {
            try decoder.rejectUnknownKeys(ImageKeys.self, in: "an image background")
            background = .image(source: try object.decode(String.self, forKey: .image),
                                fit: try object.decodeFitIfPresent(forKey: .fit) ?? .cover)
        } else {
            background = .paint(try PaintJSON(from: decoder).paint)
        }
    }

    func encode(to encoder: any Encoder) throws {
        switch background {
        case .paint(let paint):
            try PaintJSON(paint).encode(to: encoder)
        case .image(let source, let fit):
            var c = encoder.container(keyedBy: ImageKeys.self)
            try c.encode(source, forKey: .image)
            try c.encode(fit.rawValue, forKey: .fit)
        }
    }
}

/// A span of a card's text layer in JSON: a render request's span, where a box may also carry an image,
/// `{"box": {"width": 24, "height": 24, "align": "middle", "src": "data:…", "fit": "contain"}}`.
struct CardSpanJSON: Codable {
    var span: TextSpan
    var image: CardBoxImage?

    init(span: TextSpan, image: CardBoxImage?) {
        self.span = span
        self.image = image
    }

    private enum SpanKeys: String, CodingKey, CaseIterable { case box }
    private enum BoxKeys: String, CodingKey, CaseIterable { case width, height, align, src, fit }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: SpanKeys.self)
        guard c.contains(.box) else {
            span = try TextSpan(from: decoder)
            return
        }
        try decoder.rejectUnknownKeys(SpanKeys.self, in: "a box span")
        let box = try c.superDecoder(forKey: .box)
        try box.rejectUnknownKeys(BoxKeys.self, in: "a box")
        let b = try box.container(keyedBy: BoxKeys.self)
        span = TextSpan(box: try InlineBox(from: box))
        if let source = try b.decodeIfPresent(String.self, forKey: .src) {
            image = CardBoxImage(source: source, fit: try b.decodeFitIfPresent(forKey: .fit) ?? .contain)
        } else if b.contains(.fit) {
            throw DecodingError.dataCorruptedError(forKey: .fit, in: b, debugDescription: "a fit without an image; add \"src\"")
        }
    }

    func encode(to encoder: any Encoder) throws {
        guard let box = span.box, let image else { return try span.encode(to: encoder) }
        var c = encoder.container(keyedBy: SpanKeys.self)
        var b = c.nestedContainer(keyedBy: BoxKeys.self, forKey: .box)
        try b.encode(box.width, forKey: .width)
        try b.encode(box.height, forKey: .height)
        try b.encode(box.alignment, forKey: .align)
        try b.encode(image.source, forKey: .src)
        try b.encode(image.fit.rawValue, forKey: .fit)
    }
}

/// A ``Paint`` in JSON: a color string (`"#0A66C2"`, `"navy"`), `{"linear": {"angle": 135, "stops": [...]}}` (or
/// `"from": [0, 0], "to": [1, 1]` instead of the angle: fractions of the box), or
/// `{"radial": {"center": [0.5, 0.5], "radius": 300, "stops": [...]}}` (or `"ellipse": [[0.5, 0], [0, 0.5]]`, the
/// ends of two radii from the center in fractions of the box, instead of the radius),
/// `{"conic": {"center": [0.5, 0.5], "angle": 90, "stops": [...]}}` (CSS's `from`; or `"axes": [[0.5, 0], [0, 0.5]]`,
/// the sweep from the first toward the second), or `{"diamond": {"center": [0.5, 0.5], "axes": [[0.5, 0], [0, 0.5]],
/// "stops": [...]}}`; stops are colors (spread evenly) or `{"offset": 0.4, "color": "#fff"}`.
struct PaintJSON: Codable {
    var paint: Paint

    init(_ paint: Paint) { self.paint = paint }

    private enum Keys: String, CodingKey, CaseIterable { case linear, radial, conic, diamond }
    private enum LinearKeys: String, CodingKey, CaseIterable { case angle, from, to, stops }
    private enum RadialKeys: String, CodingKey, CaseIterable { case center, radius, ellipse, stops }
    private enum ConicKeys: String, CodingKey, CaseIterable { case center, angle, axes, stops }
    private enum DiamondKeys: String, CodingKey, CaseIterable { case center, axes, stops }
    private enum StopKeys: String, CodingKey, CaseIterable { case offset, color }

    init(from decoder: any Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            do {
                paint = .color(try Color.parse(text, allowsTransparent: true))
            } catch {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                        debugDescription: error.description))
            }
            return
        }
        try decoder.rejectUnknownKeys(Keys.self, in: "a paint (a color, or one of linear, radial, conic and diamond)")
        let c = try decoder.container(keyedBy: Keys.self)
        if c.contains(.linear) {
            let nested = try c.superDecoder(forKey: .linear)
            try nested.rejectUnknownKeys(LinearKeys.self, in: "a linear gradient")
            let g = try nested.container(keyedBy: LinearKeys.self)
            let stops = try PaintJSON.stops(g.superDecoder(forKey: .stops))
            if g.contains(.from) || g.contains(.to) {
                func point(_ key: LinearKeys) throws -> Point {
                    let pair = try g.decode([Double].self, forKey: key)
                    guard pair.count == 2, pair.allSatisfy(\.isFinite) else {
                        throw DecodingError.dataCorruptedError(forKey: key, in: g, debugDescription:
                            "give the point as [x, y] fractions of the box")
                    }
                    return Point(x: pair[0], y: pair[1])
                }
                guard !g.contains(.angle) else {
                    throw DecodingError.dataCorruptedError(forKey: .angle, in: g, debugDescription:
                        "give an angle or from and to, not both")
                }
                paint = .linear(LinearGradient(from: try point(.from), to: try point(.to), stops: stops))
            } else {
                paint = .linear(LinearGradient(angle: try g.decodeIfPresent(Double.self, forKey: .angle) ?? 180,
                                               stops: stops))
            }
        } else if c.contains(.radial) {
            let nested = try c.superDecoder(forKey: .radial)
            try nested.rejectUnknownKeys(RadialKeys.self, in: "a radial gradient")
            let g = try nested.container(keyedBy: RadialKeys.self)
            let center = try PaintJSON.center(g, .center)
            var gradient = RadialGradient(centerX: center.x, centerY: center.y,
                                          radius: try g.decodeIfPresent(Double.self, forKey: .radius),
                                          stops: try PaintJSON.stops(g.superDecoder(forKey: .stops)))
            if g.contains(.ellipse) {
                guard !g.contains(.radius) else {
                    throw DecodingError.dataCorruptedError(forKey: .radius, in: g, debugDescription:
                        "give a radius or an ellipse, not both")
                }
                gradient.ellipse = try PaintJSON.axes(g, .ellipse)
            }
            paint = .radial(gradient)
        } else if c.contains(.conic) {
            let nested = try c.superDecoder(forKey: .conic)
            try nested.rejectUnknownKeys(ConicKeys.self, in: "a conic gradient")
            let g = try nested.container(keyedBy: ConicKeys.self)
            let center = try PaintJSON.center(g, .center)
            let angle = try g.decodeIfPresent(Double.self, forKey: .angle) ?? 0
            guard angle.isFinite else {
                throw DecodingError.dataCorruptedError(forKey: .angle, in: g,
                                                       debugDescription: "give the angle in degrees")
            }
            paint = .conic(ConicGradient(centerX: center.x, centerY: center.y, angle: angle,
                                         axes: g.contains(.axes) ? try PaintJSON.axes(g, .axes) : nil,
                                         stops: try PaintJSON.stops(g.superDecoder(forKey: .stops))))
        } else if c.contains(.diamond) {
            let nested = try c.superDecoder(forKey: .diamond)
            try nested.rejectUnknownKeys(DiamondKeys.self, in: "a diamond gradient")
            let g = try nested.container(keyedBy: DiamondKeys.self)
            let center = try PaintJSON.center(g, .center)
            paint = .diamond(DiamondGradient(centerX: center.x, centerY: center.y, axes: try PaintJSON.axes(g, .axes),
                                             stops: try PaintJSON.stops(g.superDecoder(forKey: .stops))))
        } else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription:
                "give a color, or {\"linear\": …}, {\"radial\": …}, {\"conic\": …} or {\"diamond\": …}"))
        }
    }

    /// A gradient's center, [x, y] in fractions of the box; the box's middle when not given.
    private static func center<K: CodingKey>(_ g: KeyedDecodingContainer<K>, _ key: K) throws -> Point {
        let center = try g.decodeIfPresent([Double].self, forKey: key) ?? [0.5, 0.5]
        guard center.count == 2, center.allSatisfy(\.isFinite) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: g,
                                                   debugDescription: "give the center as [x, y] fractions of the box")
        }
        return Point(x: center[0], y: center[1])
    }

    /// A gradient's two axes, [[x, y], [x, y]]: their ends from the center in fractions of the box.
    private static func axes<K: CodingKey>(_ g: KeyedDecodingContainer<K>, _ key: K) throws -> GradientAxes {
        let ends = try g.decode([[Double]].self, forKey: key)
        guard ends.count == 2, ends.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isFinite) }) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: g, debugDescription:
                "give the ends of two axes from the center, [[x, y], [x, y]] in fractions of the box")
        }
        return GradientAxes(first: Point(x: ends[0][0], y: ends[0][1]), second: Point(x: ends[1][0], y: ends[1][1]))
    }

    /// Stops: colors spread evenly, or objects with an offset each; at least two, offsets within 0…1 and ascending.
    private static func stops(_ decoder: any Decoder) throws -> [GradientStop] {
        var list = try decoder.unkeyedContainer()
        var stops: [GradientStop] = []
        while !list.isAtEnd {
            let item = try list.superDecoder()
            if let text = try? item.singleValueContainer().decode(String.self) {
                do {
                    stops.append(GradientStop(offset: .nan, color: try Color.parse(text, allowsTransparent: true)))
                } catch {
                    throw DecodingError.dataCorrupted(.init(codingPath: item.codingPath, debugDescription: error.description))
                }
            } else {
                try item.rejectUnknownKeys(StopKeys.self, in: "a gradient stop")
                let s = try item.container(keyedBy: StopKeys.self)
                guard let color = try s.decodeColorIfPresent(forKey: .color) else {
                    throw DecodingError.keyNotFound(StopKeys.color, .init(codingPath: item.codingPath, debugDescription: ""))
                }
                stops.append(GradientStop(offset: try s.decode(Double.self, forKey: .offset), color: color))
            }
        }
        guard stops.count >= 2 else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "a gradient needs at least 2 stops"))
        }
        for index in stops.indices where stops[index].offset.isNaN {
            stops[index].offset = Double(index) / Double(stops.count - 1)
        }
        guard stops.allSatisfy({ (0...1).contains($0.offset) }),
              zip(stops, stops.dropFirst()).allSatisfy({ $0.offset <= $1.offset }) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "stop offsets go from 0 to 1, in order"))
        }
        return stops
    }

    func encode(to encoder: any Encoder) throws {
        switch paint {
        case .color(let color):
            var c = encoder.singleValueContainer()
            try c.encode(color.description)
        case .linear(let gradient):
            var c = encoder.container(keyedBy: Keys.self)
            var g = c.nestedContainer(keyedBy: LinearKeys.self, forKey: .linear)
            if let start = gradient.start, let end = gradient.end {
                try g.encode([start.x, start.y], forKey: .from)
                try g.encode([end.x, end.y], forKey: .to)
            } else {
                try g.encode(gradient.angle, forKey: .angle)
            }
            var list = g.nestedUnkeyedContainer(forKey: .stops)
            for stop in gradient.stops { try list.encode(StopJSON(stop)) }
        case .radial(let gradient):
            var c = encoder.container(keyedBy: Keys.self)
            var g = c.nestedContainer(keyedBy: RadialKeys.self, forKey: .radial)
            try g.encode([gradient.centerX, gradient.centerY], forKey: .center)
            if let ellipse = gradient.ellipse {
                try g.encode(PaintJSON.ends(ellipse), forKey: .ellipse)
            } else {
                try g.encodeIfPresent(gradient.radius, forKey: .radius)
            }
            var list = g.nestedUnkeyedContainer(forKey: .stops)
            for stop in gradient.stops { try list.encode(StopJSON(stop)) }
        case .conic(let gradient):
            var c = encoder.container(keyedBy: Keys.self)
            var g = c.nestedContainer(keyedBy: ConicKeys.self, forKey: .conic)
            try g.encode([gradient.centerX, gradient.centerY], forKey: .center)
            try g.encode(gradient.angle, forKey: .angle)
            try g.encodeIfPresent(gradient.axes.map(PaintJSON.ends), forKey: .axes)
            var list = g.nestedUnkeyedContainer(forKey: .stops)
            for stop in gradient.stops { try list.encode(StopJSON(stop)) }
        case .diamond(let gradient):
            var c = encoder.container(keyedBy: Keys.self)
            var g = c.nestedContainer(keyedBy: DiamondKeys.self, forKey: .diamond)
            try g.encode([gradient.centerX, gradient.centerY], forKey: .center)
            try g.encode(PaintJSON.ends(gradient.axes), forKey: .axes)
            var list = g.nestedUnkeyedContainer(forKey: .stops)
            for stop in gradient.stops { try list.encode(StopJSON(stop)) }
        }
    }

    /// Axes as JSON gives them: [[x, y], [x, y]].
    private static func ends(_ axes: GradientAxes) -> [[Double]] {
        [[axes.first.x, axes.first.y], [axes.second.x, axes.second.y]]
    }

    /// A stop in JSON, with its offset.
    private struct StopJSON: Encodable {
        var stop: GradientStop
        init(_ stop: GradientStop) { self.stop = stop }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: StopKeys.self)
            try c.encode(stop.offset, forKey: .offset)
            try c.encode(stop.color.description, forKey: .color)
        }
    }
}

extension CardVerticalAlignment: NamedChoice {
    /// CSS's `center` (`align-items`) for ``middle``.
    public static let aliases: [String: CardVerticalAlignment] = ["center": .middle]
}
extension CardStroke.Position: NamedChoice {}

extension KeyedDecodingContainer {
    /// Corner radii: one number for every corner, or four, `[topLeft, topRight, bottomRight, bottomLeft]`.
    func decodeCornersIfPresent(forKey key: Key) throws -> CornerRadii? {
        guard contains(key) else { return nil }
        if let radius = try? decode(Double.self, forKey: key) { return CornerRadii(radius) }
        guard let radii = try? decode([Double].self, forKey: key), radii.count == 4 else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription:
                "give one radius, or four: [topLeft, topRight, bottomRight, bottomLeft]")
        }
        return CornerRadii(topLeft: radii[0], topRight: radii[1], bottomRight: radii[2], bottomLeft: radii[3])
    }
}

extension KeyedEncodingContainer {
    /// Corner radii as they are read: one number when all are equal, else four.
    mutating func encodeCorners(_ corners: CornerRadii, forKey key: Key) throws {
        if corners.isUniform { try encode(corners.topLeft, forKey: key) } else { try encode(corners.all, forKey: key) }
    }
}
