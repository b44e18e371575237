public import Foundation
import MatterTypeFigma
import MatterType
import MatterTypeWire
import MatterTypeCards

/// Makes render requests and cards over the whole request space: text from every script with emoji sequences,
/// controls and characters no font has; every typography, layout and output option at ordinary and extreme
/// values; cards with every layer kind anywhere on (or off) the canvas. Case `index` of a seed is always the same
/// bytes, so a failure is replayed by its seed and index.
///
/// ```swift
/// let generator = RequestGenerator(seed: 1)
/// let checker = RequestChecker(registry: .shared)
/// for index in 0..<2_000 {
///     let problems = checker.check(generator.request(index))
///     assert(problems.isEmpty, "\(problems)")
/// }
/// ```
///
/// The fields of requests, spans and text layers come from their declarations (``RequestField/examples``), so a
/// field added to a group is generated with nothing more; card layers are written here (Docs/Contributing.md).
public struct RequestGenerator: Sendable {
    /// The seed every case is derived from.
    public let seed: UInt64
    /// Makes the Figma cases from real documents.
    private let figma: FigmaMutator

    /// A generator of the cases of `seed`; its Figma cases mutate `figmaDocuments` (Figma REST responses: the
    /// shared real ones, when a test has them) and a small document of every node kind written here.
    public init(seed: UInt64, figmaDocuments: [Data] = []) {
        self.seed = seed
        figma = FigmaMutator(documents: [FigmaMutator.builtInDocument] + figmaDocuments)
    }

    /// For every property of Figma's REST API (``FigmaSupport``'s rows, the list `Docs/Figma.md` tables), the
    /// built-in Figma document with that property set on one of its nodes (each node in turn: it holds one of
    /// each kind) to `valuesPerProperty` values, plausible and hostile: what the random cases reach by chance,
    /// every one of them.
    public static func everyFigmaProperty(valuesPerProperty: Int = 3) -> [GeneratedRequest] {
        guard let tree = try? JSONSerialization.jsonObject(with: FigmaMutator.builtInDocument) else { return [] }
        var requests: [GeneratedRequest] = []
        var index = 0
        for row in FigmaSupport.rows.indices {
            for pick in 0..<valuesPerProperty {
                let body = FigmaMutator.withProperty(row, value: row * valuesPerProperty + pick, in: tree)
                requests.append(GeneratedRequest(kind: .figma, body: body, values: ["title": "A title"], index: index))
                index += 1
            }
        }
        return requests
    }

    /// Case `index`: a render request (about two in three), a card, or (one in eight) a Figma document. Whether it
    /// is a Figma document is drawn apart, so that the other cases are what they were before Figma's were added.
    public func request(_ index: Int) -> GeneratedRequest {
        var figmaRandom = SeededGenerator(state: seed &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: index) ^ 0xF16A)
        _ = figmaRandom.next()
        // The image size is drawn apart too, for the same reason.
        var sizeRandom = SeededGenerator(state: seed &* 0xD1B5_4A32_D192_ED03 ^ UInt64(truncatingIfNeeded: index) ^ 0x512E)
        _ = sizeRandom.next()
        let imageSize = Self.imageSize(&sizeRandom)
        if figmaRandom.chance(0.125) {
            let (body, values, variables) = figma.document(&figmaRandom)
            return GeneratedRequest(kind: .figma, body: body, values: values, variables: variables,
                                    imageSize: imageSize, seed: seed, index: index)
        }
        var random = SeededGenerator(state: seed &* 0x2545_F491_4F6C_DD1D ^ UInt64(truncatingIfNeeded: index))
        _ = random.next()
        let isCard = random.chance(0.3)
        guard isCard else {
            return GeneratedRequest(kind: .render, body: renderRequest(&random), seed: seed, index: index)
        }
        let (body, values) = card(&random)
        return GeneratedRequest(kind: .card, body: body, values: values, imageSize: imageSize, seed: seed, index: index)
    }

    /// A card's image size parameters (``CardImageSize``), one case in five: a scale, sides to fit inside, a
    /// quality, now and then a value out of range, not a number, or a scale with a side.
    static func imageSize(_ random: inout SeededGenerator) -> [String: String] {
        guard random.chance(0.2) else { return [:] }
        var size: [String: String] = [:]
        let choices: [(String, [String])] = [
            ("scale", ["0.5", "1", "2", "3", "0.1", "8"]), ("width", ["1200", "640", "64", "1", "3000"]),
            ("height", ["630", "200", "16", "1", "2000"]), ("quality", ["1", "50", "85", "100"]),
        ]
        for (name, values) in choices where random.chance(0.4) { size[name] = random.pick(values) }
        if random.chance(0.1) {
            size[random.pick(["scale", "width", "height", "quality"])] = random.pick(["0", "-1", "9", "100001", "abc", "nan", ""])
        }
        return size
    }

    // MARK: - Text

    /// Pieces of text the generator strings together.
    static let pieces: [String] = [
        // Latin with ligatures, kerning pairs, digits and punctuation.
        "office affine", "AVATAR Wa To", "The quick brown fox", "1234567890", "naïve café façade", "“quoted”, (a) [b] {c}!",
        // Scripts, left to right and right to left.
        "שלום עולם", "مرحبا بالعالم", "نص عربي ١٢٣", "नमस्ते दुनिया", "สวัสดีชาวโลก", "你好世界", "见", "こんにちは世界",
        "안녕하세요", "Καλημέρα κόσμε", "Привет мир", "বাংলা লিপি", "தமிழ்", "Հայերեն", "ქართული", "ሰላም", "ខ្មែរ",
        "မြန်မာ", "සිංහල", "ܫܠܡܐ", "ߒߞߏ",
        // Emoji: a plain one, ZWJ sequences, flags, keycaps, modifiers, presentation selectors.
        "🚀", "👩‍💻", "👨‍👩‍👧‍👦", "🇯🇵🇺🇦", "1️⃣#️⃣", "👍🏽", "❤️", "☺︎", "🏳️‍🌈", "🧑🏿‍🤝‍🧑🏻",
        // Characters only a fallback font has, and characters no font has.
        "★", "☃ ♞ ∑ 𝔸", "\u{10FFFD}", "\u{E000}\u{F8FF}", "\u{2FFFD}", "\u{1D400}\u{1D7FF}",
        // Controls, bidi overrides and isolates, joiners, a byte order mark.
        "\u{0}\u{7}\u{1B}\u{7F}", "\u{202E}reversed\u{202C}", "\u{202D}\u{05D0}\u{202C}", "\u{2067}\u{0627}\u{2069}",
        "a\u{200D}b\u{200C}c\u{200B}d", "\u{FEFF}", "\u{FFFD}",
        // Combining marks on one base; a soft-hyphenated word; an object replacement character.
        "a" + String(repeating: "\u{301}\u{316}", count: 12), "e\u{301}\u{302}\u{303}", "hy\u{AD}phen\u{AD}ation",
        "\u{FFFC}",
        // Whitespace and breaks: tabs, line and paragraph separators, CR LF.
        "\t", "a\tb\tc", "\u{2028}", "\u{2029}", "\r\n", "\n", "  ", "\u{3000}",
        // Long words.
        String(repeating: "x", count: 300), "Donaudampfschifffahrtsgesellschaftskapitän",
        String(repeating: "漢", count: 80),
    ]

    /// A text of a few pieces (sometimes none, sometimes many), joined by spaces or nothing.
    func text(_ random: inout SeededGenerator) -> String {
        if random.chance(0.04) { return random.pick(["", " ", "\n", "\t \t", "\u{200B}"]) }
        let count = random.chance(0.1) ? Int.random(in: 10...40, using: &random) : Int.random(in: 1...5, using: &random)
        var text = ""
        for index in 0..<count {
            if index > 0, random.chance(0.7) { text += random.chance(0.1) ? "\n" : " " }
            text += random.pick(RequestGenerator.pieces)
        }
        return text
    }

    // MARK: - Fields

    /// The fields of `fields` (a request's, a span's, a text layer's), each present one time in four with one of
    /// its declared examples (``RequestField/examples``), now and then (one time in sixty: a request has about 14
    /// fields, so about one in five has one) a value it must refuse. A field added to a group's declarations joins
    /// the generator so.
    func fields<Group>(_ fields: [RequestField<Group>], _ random: inout SeededGenerator,
                       into members: inout [JSONValue.Member], except skipped: Set<String> = []) {
        for field in fields where !skipped.contains(field.key) && random.chance(0.25) {
            let examples = field.examples
            let value = !examples.refused.isEmpty && random.chance(1.0 / 60)
                ? random.pick(examples.refused) : random.pick(examples.accepted)
            members.append(.init(field.key, .raw(value)))
        }
    }

    /// Spans: text with style overrides, and inline boxes (with images in a card).
    func spans(_ random: inout SeededGenerator, images: Bool) -> JSONValue {
        var spans: [JSONValue] = []
        for _ in 0..<Int.random(in: 1...6, using: &random) {
            if random.chance(0.2) {
                var box: [JSONValue.Member] = [
                    .init("width", .number(random.pick([0, 1, 16, 28, 200]))),
                    .init("height", .number(random.pick([0, 1, 16, 28, 300]))),
                ]
                if random.chance(0.6) {
                    box.append(.init("align", .string(random.pick(["baseline", "middle", "text-top", "text-bottom",
                                                                    "top", "bottom"]))))
                }
                if images, random.chance(0.7) {
                    box.append(.init("src", .string(image(&random))))
                    if random.chance(0.5) { box.append(.init("fit", .string(random.pick(["fill", "contain", "cover"])))) }
                }
                spans.append(.object([.init("box", .object(box))]))
            } else {
                var span: [JSONValue.Member] = [.init("text", .string(text(&random)))]
                fields(SpanStyle.fields, &random, into: &span)
                spans.append(.object(span))
            }
        }
        return .array(spans)
    }

    // MARK: - Render requests

    /// A `POST /v1/render` body.
    func renderRequest(_ random: inout SeededGenerator) -> Data {
        var members: [JSONValue.Member] = []
        if random.chance(0.75) {
            members.append(.init("text", .string(text(&random))))
        } else {
            members.append(.init("spans", spans(&random, images: false)))
        }
        fields(TypographyFields.fields, &random, into: &members)
        fields(LimitFields.fields, &random, into: &members)
        fields(OutputFields.fields, &random, into: &members)
        return Data(JSONValue.object(members).text.utf8)
    }

    // MARK: - Cards

    /// A small image as a `data:` URI: a PNG of a few pixels, a 1 × 1 one, or bytes that are no image.
    func image(_ random: inout SeededGenerator) -> String {
        if random.chance(0.02) { return random.pick(["data:image/png;base64,AAAA", "data:,", "missing.png"]) }
        let width = random.pick([1, 2, 7, 16, 33]), height = random.pick([1, 3, 16, 24])
        var image = RGBAImage(width: width, height: height)
        let color = Color(red: UInt8.random(in: 0...255, using: &random), green: UInt8.random(in: 0...255, using: &random),
                          blue: UInt8.random(in: 0...255, using: &random), alpha: random.pick([255, 128, 0]))
        image.fill(Rect(x: 0, y: 0, width: Double(width), height: Double(height) / 2), paint: .color(color))
        guard let png = try? PNGEncoder.encode(image) else { return "data:," }
        return "data:image/png;base64," + png.base64EncodedString()
    }

    /// A position or size on a canvas `extent` points long: inside, across the edge, wholly off, or extreme.
    func place(_ random: inout SeededGenerator, in extent: Double) -> Double {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return -Double.random(in: 1...extent, using: &random).rounded()
        case 1: return extent + Double.random(in: 0...extent, using: &random).rounded()
        case 2: return random.pick([0, 1, extent - 1, extent, 1_000_000, -1_000_000])
        default: return Double.random(in: 0...extent, using: &random).rounded()
        }
    }

    /// A `POST /v1/cards` body — a canvas, a background and up to eight layers — and its values. About one card in
    /// three is a template: placeholders in its texts, image sources and fills, some with `"choices"`, and values
    /// that name a choice, are free text, are not a choice, or are missing.
    func card(_ random: inout SeededGenerator) -> (Data, [String: String]) {
        let templated = random.chance(0.3)
        var used = Set<String>()
        /// `plain`, or in a template sometimes a placeholder `name` instead (`around` puts text around it).
        func slot(_ name: String, _ plain: JSONValue, around: Bool = false) -> JSONValue {
            guard templated, random.chance(0.5) else { return plain }
            used.insert(name)
            return .string(around && random.chance(0.5) ? "Hi {{\(name)}}!" : "{{\(name)}}")
        }
        let width = random.pick([1, 10, 100, 320, 600, 1200], else: [0, -5, 0.5, 100_001])
        let height = random.pick([1, 10, 80, 240, 630], else: [0, 2e5])
        var members: [JSONValue.Member] = [.init("width", .number(width)), .init("height", .number(height))]
        if random.chance(0.3) { members.append(.init("scale", .number(random.pick([0.5, 1, 2, 3, 8], else: [0.05, 9])))) }
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
            // The paints a rect's fill is declared to take (``CardField/examples``).
            let paints = CardRectLayer.fields.first { $0.key == "fill" }?.examples.accepted ?? [#""white""#]
            members.append(.init("background", .raw(random.pick(paints))))
        case 1:
            members.append(.init("background", .object([.init("image", .string(image(&random))),
                                                        .init("fit", .string(random.pick(["fill", "contain", "cover"])))])))
        default: break
        }
        let extentX = max(width.isFinite ? width : 100, 1), extentY = max(height.isFinite ? height : 100, 1)
        var count = 0
        /// The keys of `fields` (a layer kind's declarations, ``CardField``), each given as often as its
        /// ``CardField/frequency`` says with one of its examples, now and then (one time in sixty) a value it must
        /// refuse; what depends on the card (places on its canvas, images, placeholders, children) is made here.
        func keys<Layer>(_ fields: [CardField<Layer>], into layer: inout [JSONValue.Member], depth: Int) {
            for field in fields where random.chance(field.frequency) {
                let examples = field.examples
                let example = JSONValue.raw(!examples.refused.isEmpty && random.chance(1.0 / 60)
                    ? random.pick(examples.refused) : random.pick(examples.accepted))
                let value: JSONValue = switch field.key {
                case "x" where random.chance(0.5): .number(place(&random, in: extentX))
                case "y" where random.chance(0.5): .number(place(&random, in: extentY))
                case "src": slot("avatar", .string(image(&random)))
                case "fill": slot("tint", example)
                case "spans": spans(&random, images: true)
                case "layers" where random.chance(0.02):
                    // A long flow of small rects: gaps and padding each allowed add up past any canvas.
                    .array(Array(repeating: .object([.init("type", "rect"), .init("width", 10), .init("height", 10),
                                                     .init("fill", "#F00")]), count: 140))
                case "layers":
                    .array((0..<Int.random(in: 0...4, using: &random)).map { _ in layerValue(depth: depth - 1) })
                default: example
                }
                layer.append(.init(field.key, value))
            }
        }
        /// A layer of any kind; frames (up to `depth` more levels) hold layers of their own.
        func layer(depth: Int) -> JSONValue {
            count += 1
            var layer: [JSONValue.Member] = []
            switch Int.random(in: 0..<(depth > 0 && count < 40 ? 4 : 3), using: &random) {
            case 0:
                layer = [.init("type", "rect")]
                keys(CardRectLayer.fields, into: &layer, depth: depth)
            case 1:
                layer = [.init("type", "image")]
                keys(CardImageLayer.fields, into: &layer, depth: depth)
            case 2:
                layer = [.init("type", "text")]
                keys(CardTextLayer.fields, into: &layer, depth: depth)
                if !layer.contains(where: { $0.key == "spans" }) {
                    layer.append(.init("text", slot("title", .string(text(&random)), around: true)))
                }
                fields(TypographyFields.fields, &random, into: &layer)
                fields(LimitFields.fields, &random, into: &layer, except: Set(CardTextLayer.fields.keys()))
                if random.chance(0.3) { layer.append(.init("color", .string(random.pick(["#fff", "#000000CC", "navy"])))) }
            default:
                layer = [.init("type", "frame")]
                keys(CardFrameLayer.fields, into: &layer, depth: depth)
            }
            return .object(layer)
        }
        /// `layer(depth:)` by another name, for frames' children (a nested function cannot name itself in a closure).
        func layerValue(depth: Int) -> JSONValue { layer(depth: depth) }
        let layers = (0..<Int.random(in: 0...8, using: &random)).map { _ in layer(depth: random.chance(0.3) ? 3 : 0) }
        members.append(.init("layers", .array(layers)))
        guard templated else { return (Data(JSONValue.object(members).text.utf8), [:]) }
        // Choices for some placeholders (used or not), now and then of the wrong shape.
        var choices: [JSONValue.Member] = [], named: [String: [String]] = [:]
        for name in ["title", "avatar", "tint"] where random.chance(0.4) {
            let options: [(String, String)] = switch name {
            case "avatar": [("ada", image(&random)), ("bob", image(&random))]
            case "tint": [("dark", "#0B1F3A"), ("light", "#FFFFFFCC"), ("odd", "#12")]
            default: [("launch", text(&random)), ("empty", "")]
            }
            choices.append(.init(name, .object(options.map { .init($0.0, .string($0.1)) })))
            named[name] = options.map(\.0)
        }
        if random.chance(1.0 / 30) {
            members.append(.init("choices", random.pick([.array([1]), .object([.init("title", .object([]))]),
                                                         .object([.init("tint", .object([.init("x", 3)]))])])))
        } else if !choices.isEmpty {
            members.append(.init("choices", .object(choices)))
        }
        var values: [String: String] = [:]
        for name in used.sorted() where !random.chance(0.05) {  // now and then missing
            if let options = named[name], random.chance(0.85) {
                values[name] = options[Int.random(in: 0..<options.count, using: &random)]
                continue
            }
            values[name] = switch name {
            case "avatar": random.chance(0.5) ? image(&random) : "nobody"
            case "tint": random.pick(["#336699", "red", "not a color", "#{{x}}"])
            default: text(&random)
            }
        }
        return (Data(JSONValue.object(members).text.utf8), values)
    }
}

/// One generated case: a request body and where it goes.
public struct GeneratedRequest: Sendable, Hashable {
    /// What the body is.
    public enum Kind: String, Sendable, Hashable {
        /// A render request: `POST /v1/render` (and `/v1/measure`).
        case render
        /// A card: `POST /v1/cards`.
        case card
        /// A Figma document: `mattertype figma`, and a template over HTTP (`PUT /v1/templates/{name}`).
        case figma
    }

    /// The seed it was made from.
    public let seed: UInt64
    /// Its index among the seed's cases.
    public let index: Int
    /// What it is.
    public let kind: Kind
    /// The JSON body.
    public let body: Data
    /// A card's or Figma document's values for its `{{name}}` placeholders (over HTTP, the query string); empty for
    /// render requests.
    public let values: [String: String]
    /// A Figma document's variables (a `GET /v1/files/:key/variables/local` response) its nodes are bound to:
    /// over HTTP, `PUT /v1/templates/{name}/variables`; its `mode` value chooses among their modes. `nil` for
    /// most cases.
    public let variables: Data?
    /// A card's or Figma document's image size parameters (``CardImageSize``: `scale`, `width`, `height`,
    /// `quality`), as a URL's query gives them; empty for render requests (theirs are fields).
    public let imageSize: [String: String]

    /// A case of `kind` with `body` and `values` (a request of your own, to check it as generated ones are).
    public init(kind: Kind, body: Data, values: [String: String] = [:], variables: Data? = nil,
                imageSize: [String: String] = [:], seed: UInt64 = 0, index: Int = 0) {
        self.kind = kind
        self.body = body
        self.values = values
        self.variables = variables
        self.imageSize = imageSize
        self.seed = seed
        self.index = index
    }

    /// The server's path for it.
    public var path: String {
        switch kind {
        case .render: "/v1/render"
        case .card: "/v1/cards"
        case .figma: "/v1/templates/fuzz"
        }
    }

    /// The command that runs this case again in process: `mattertype fuzz --seed S --case I`.
    public var command: String { "mattertype fuzz --seed \(seed) --case \(index)" }
}
