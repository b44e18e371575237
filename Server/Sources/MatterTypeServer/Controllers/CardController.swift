import Foundation
import HTTPTypes
import Hummingbird
import Logging
import MatterType
import MatterTypeWire
import MatterTypeCards
import MatterTypeFigma
import NIOCore
import Tracing

/// Cards: `POST /v1/cards` (a card document's image) and card templates — `PUT`, `GET` and `DELETE
/// /v1/templates/{name}`, `GET /v1/templates`, and `GET /v1/templates/{name}.png|.webp|.svg|.pdf?name=value…`, the URL a page
/// puts in its `og:image` tag. Admitted by the render admission (slots, deadline, memory budget) text renders share.
struct CardController: Sendable {
    let library: FontLibrary
    let tokens: DesignTokens?
    let templates: TemplateLibrary
    let admission: RenderAdmission
    let bodies: JSONBodyReader
    let tags: EntityTags
    let authorization: Authorization
    let limits: Limits
    /// Which template images need a signed URL, and the keys that sign them.
    let signing: TemplateSigning
    let logger: Logger

    /// The server's limits a card route uses (`--request-deadline`, `--max-text-length`, `--max-image-pixels`,
    /// `--max-template-bytes`, `--template-max-age`, `--max-work`).
    struct Limits: Sendable {
        let requestDeadline: Duration
        let maxTextLength: Int
        let maxImagePixels: Int
        let maxTemplateBytes: Int
        let templateMaxAge: Duration
        /// `--max-work` in operations.
        let maxWork: Int

        /// The limits `arguments` set.
        init(_ arguments: some ServerArguments) {
            requestDeadline = arguments.requestDeadline
            maxTextLength = arguments.maxTextLength
            maxImagePixels = arguments.maxImagePixels
            maxTemplateBytes = arguments.maxTemplateBytes
            templateMaxAge = arguments.templateMaxAge
            let (work, overflow) = arguments.maxWork.multipliedReportingOverflow(by: 1_000_000)
            maxWork = overflow ? Int.max : work
        }
    }

    /// A renderer of the server's fonts and tokens, allowed `--max-work`, keeping images and opening layers in the
    /// templates' caches (`forTemplates`) or in its own.
    func renderer(forTemplates: Bool = false) -> CardRenderer {
        forTemplates
            ? CardRenderer(registry: library.registry, tokens: tokens, images: templates.images,
                           drawings: templates.drawings, maximumWork: limits.maxWork)
            : CardRenderer(registry: library.registry, tokens: tokens, maximumWork: limits.maxWork)
    }

    /// The routes.
    var routes: RouteTable {
        var table = RouteTable()
        table.on(.post, "/v1/cards") { request, _ in try await card(request) }
        table.on(.post, "/v1/cards/layout") { request, _ in try await layout(request) }
        table.on(.get, "/v1/templates") { request, _ in try await list(request) }
        table.on(.put, "/v1/templates/:name") { request, context in try await save(request, context) }
        table.on(.get, "/v1/templates/:name") { request, context in try await get(request, context) }
        table.on(.get, "/v1/templates/:name/fields") { request, context in try await fields(request, context) }
        table.on(.post, "/v1/templates/:name/audit") { request, context in try await audit(request, context) }
        table.on(.put, "/v1/templates/:name/variables") { request, context in
            try await saveVariables(request, context)
        }
        table.on(.delete, "/v1/templates/:name") { request, context in try await delete(request, context) }
        return table
    }

    /// A card's image: the body is a card document (MatterTypeWire's `Card`), `{{name}}` placeholders are filled
    /// from the query string, `?format=webp|svg|pdf` (or an `Accept` naming one of them) asks for that format.
    /// Images must be `data:` URIs. Everything after the body arrives — parsing it, converting a Figma document,
    /// laying out, drawing — runs in a render slot.
    private func card(_ request: Request) async throws -> Response {
        let deadline = ContinuousClock.now + limits.requestDeadline
        try authorization.requireRender(request)
        let body = try await bodies.body(of: request, what: "card")
        let query = QueryString(request.uri.query)
        let format: ImageFormat
        if let asked = query["format"] {
            guard let named = ImageFormat(path: "." + String(asked)) else {
                throw APIError(.unprocessableContent, .invalidRequest, "format \(asked): use png, webp, jpeg, svg or pdf")
            }
            format = named
        } else {
            format = ImageFormat(accept: request.headers[.accept]) ?? .png
        }
        let renderer = renderer()
        return try await admission.withSlot(deadline: deadline) { slot in
            let (card, values, source, sizing) = try await parsed(body, query: query, renderer: renderer, slot: slot,
                                                          deadline: deadline)
            // The tag reads the body's canonical form: a parse too, off the request's task when the body is large.
            let etag = try await slot.run(short: RenderMemory.parsesShort(body)) { [tags] in
                tags.tag(for: body, extra: Self.identity(values: values, format: format, sizing: sizing))
            }
            // The format may come from Accept: caches keep one answer per Accept.
            if EntityTags.matches(request, etag) {
                return Response(status: .notModified, headers: [.eTag: etag, .vary: "Accept"])
            }
            let (bytes, warnings) = try await draw(sizing.sized(card), describe: source.describe, format: format,
                                                   quality: sizing.quality, renderer: renderer, slot: slot,
                                                   deadline: deadline)
            var response = Self.image(bytes, format: format, etag: etag, cacheControl: "no-cache")
            response.headers[.vary] = "Accept"
            response.headers[.warning] = warningHeaderValue(FigmaWarning.summary(source.warnings) + warnings)
            return response
        }
    }

    /// Where a card's layers go: the body as `POST /v1/cards` takes it, the answer `{"boxes": [{"path", "x", "y",
    /// "width", "height", "lines"?, "ink"?, "node"?}], "warnings"?: […]}` in the canvas's points, as `mattertype
    /// card --json` prints it; a Figma document's layers name their node (`"node": "node 1:2 \"Title\""`), and
    /// `warnings` says what is not drawn as the document says, one line a kind, and which fonts fell back.
    /// Nothing is drawn and images are not read; admitted as a card is (a render slot, its deadline and limits).
    private func layout(_ request: Request) async throws -> Response {
        let deadline = ContinuousClock.now + limits.requestDeadline
        try authorization.requireRender(request)
        let body = try await bodies.body(of: request, what: "card")
        let query = QueryString(request.uri.query)
        let renderer = renderer()
        let answer = try await admission.withSlot(deadline: deadline) { slot in
            let (card, _, source, _) = try await parsed(body, query: query, renderer: renderer, slot: slot,
                                                     deadline: deadline)
            try checkText(of: card)
            let context = ServiceContext.current ?? .topLevel
            return try await slot.run(short: card.scalarCount <= RenderAdmission.shortLayoutScalars) {
                do throws(CardError) {
                    let frame: FigmaFrame? = if case .figma(let frame) = source { frame } else { nil }
                    let laidOut = try RenderTracing.span(RenderTracing.layOut, in: context) { span throws(CardError) in
                        RenderTracing.describe(card, on: span)
                        return try renderer.layout(of: card, until: RenderDeadline(deadline))
                    }
                    let boxes = laidOut.boxes.map { box in
                        LaidOutBox(box: box, node: frame?.node(atPointer: box.path))
                    }
                    let warnings = FigmaWarning.summary(source.warnings)
                        + [frame.flatMap { FigmaFontFallback.summary($0.fontFallbacks(in: renderer.registry)) }]
                            .compactMap { $0 }
                    let fields = frame.map { $0.fields.map(TemplateField.figma) }
                        ?? source.template.placeholders.map(TemplateField.placeholder)
                    return LayoutAnswer(boxes: boxes, warnings: warnings.isEmpty ? nil : warnings, fields: fields)
                } catch {
                    throw Self.apiError(error, describe: source.describe)
                }
            }
        }
        return .json(answer)
    }

    /// A card request's card, parsed in `slot` with memory reserved for the JSON it builds: the body's card, or
    /// the card a Figma document's `?node=` frame becomes, its placeholders filled from the query's parameters
    /// but `format`, the size ones (``CardImageSize``) the document has no placeholder of (and `node` for a Figma
    /// document; the first of a name), the values checked against the text limit first. Also returns the values,
    /// the source (whose words name a Figma frame's nodes in errors) and the sizing asked for.
    private func parsed(_ body: Data, query: QueryString, renderer: CardRenderer, slot: RenderLimiter.Slot,
                        deadline: ContinuousClock.Instant) async throws
        -> (Card, [String: String], CardSource, CardImageSize) {
        let maxTextLength = limits.maxTextLength
        let context = ServiceContext.current ?? .topLevel
        let parsed = try await reading(body, in: slot) {
            try RenderTracing.span(RenderTracing.decode, in: context) { span in
                let source = try Self.cardSource(body, node: query["node"], renderer: renderer)
                let placeholders = source.template.placeholders
                let sizing = try Self.imageSize(in: query, placeholders: placeholders)
                let reserved = Set(source.isFigma ? ["format", "node"] : ["format"])
                    .union(CardImageSize.parameterNames.subtracting(placeholders))
                var values: [String: String] = [:]
                for (name, value) in query.pairs where !reserved.contains(name) && values[name] == nil {
                    values[name] = value
                }
                try Self.checkValues(values, maxTextLength: maxTextLength)
                let card = try Self.decoded { () throws(CardError) in try source.card(values: values) }
                RenderTracing.describe(card, on: span)
                return (card, values, source, sizing)
            }
        }
        try RenderAdmission.check(deadline, stage: "reading the card")
        return parsed
    }

    /// The templates: name, version, placeholders and canvas of each.
    private func list(_ request: Request) async throws -> Response {
        try authorization.requireRender(request)
        let all = try await Self.answering { () async throws(StoreError) in try await templates.templates() }
        return .json(["templates": all.map(TemplateRecord.init)])
    }

    /// Stores a template (admin): the body is a card document, or a Figma document (`?node=ID` names its frame)
    /// stored as the card it becomes; checked by decoding and drawing it once with stand-ins for its
    /// placeholders; nothing is stored when that fails. 201 when new, 200 when it replaced one (a Figma
    /// template's variables with it: upload them again); the answer lists what is not drawn as the document says
    /// under `"warnings"` (a Figma frame's, one line a kind).
    private func save(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let deadline = ContinuousClock.now + limits.requestDeadline
        try authorization.requireAdmin(request, for: "template upload")
        let name = try Self.templateName(context)
        let body = try await bodies.body(of: request, what: "template", limit: limits.maxTemplateBytes,
                                           flag: "--max-template-bytes")
        let query = QueryString(request.uri.query)
        let signed: Bool
        switch query["signed"] {
        case nil, "false": signed = false
        case "true": signed = true
        case let other?:
            throw APIError(.unprocessableContent, .invalidRequest, "signed \(other.prefix(40)): give true or false")
        }
        if signed, signing.keys.isEmpty {
            throw APIError(.unprocessableContent, .invalidRequest,
                           "this server has no URL signing key, so a signed template could never be drawn; start it "
                           + "with --url-signing-key ID=SECRET or MATTERTYPE_URL_SIGNING_KEYS")
        }
        let (template, warnings) = try await checked(name: name, document: body, node: query["node"],
                                                     variables: nil, signed: signed, deadline: deadline)
        let replaced = try await store(template)
        logger.info("template saved", metadata: ["template": "\(name)", "sha256": "\(template.sha256)"])
        var record = TemplateRecord(template)
        record.warnings = warnings.isEmpty ? nil : warnings
        return .json(record, status: replaced ? .ok : .created)
    }

    /// `PUT /v1/templates/{name}/variables` (admin): a Figma template's variables — the body is Figma's `GET
    /// /v1/files/:key/variables/local` response or a DTCG export (``FigmaVariables``). Its frame is converted
    /// again with them (each collection's default mode, or the mode its nodes set) and checked by drawing it
    /// once; from then on its image URLs choose modes with `mode=Collection=Mode` (several separated by commas).
    /// 404 without the template, 422 for a card document's or for variables that cannot be read (nothing is
    /// stored then); the answer is the template's record with its `"modes"`.
    private func saveVariables(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let deadline = ContinuousClock.now + limits.requestDeadline
        try authorization.requireAdmin(request, for: "template upload")
        let name = try Self.templateName(context)
        let body = try await bodies.body(of: request, what: "variables", limit: limits.maxTemplateBytes,
                                         flag: "--max-template-bytes")
        let found = try await Self.answering { () async throws(StoreError) in try await templates.template(named: name) }
        guard let stored = found else {
            throw APIError(.notFound, .templateNotFound, StoreError.templateNotFound(name).description)
        }
        guard let figma = stored.figma else {
            throw APIError(.unprocessableContent, .invalidRequest,
                           "template \(name) is a card document; variables belong to a template stored from a Figma "
                           + "document (PUT /v1/templates/\(name) with the Figma file's JSON)")
        }
        let (template, warnings) = try await checked(name: name, document: figma.document, node: figma.node,
                                                     variables: body, signed: stored.signed, deadline: deadline)
        _ = try await store(template)
        logger.info("template variables saved", metadata: ["template": "\(name)", "sha256": "\(template.sha256)"])
        var record = TemplateRecord(template)
        record.warnings = warnings.isEmpty ? nil : warnings
        record.modes = template.variables?.collectionModes
        return .json(record)
    }

    /// Stores `template` (traced as "store"): whether it replaced one.
    private func store(_ template: NamedTemplate) async throws -> Bool {
        try await withSpan(RenderTracing.store) { span in
            span.attributes[RenderTracing.template] = template.name
            span.attributes[RenderTracing.bodyBytes] = template.document.count
            return try await Self.answering { () async throws(StoreError) in try await templates.save(template) }
        }
    }

    /// The template `name` made of `document` (a card document, or a Figma document's `node` with `variables`),
    /// checked by decoding it and drawing it once with stand-ins for its placeholders, and what that drawing
    /// warns about; `signed` when its image is drawn only for signed URLs.
    private func checked(name: String, document: Data, node: String?, variables: Data?, signed: Bool,
                         deadline: ContinuousClock.Instant) async throws -> (NamedTemplate, [String]) {
        let renderer = renderer(forTemplates: true)
        return try await admission.withSlot(deadline: deadline) { slot in
            let (template, standIn, source) = try await reading(document + (variables ?? Data()), in: slot) {
                let read: FigmaVariables?
                do throws(FigmaError) {
                    read = try variables.map(FigmaVariables.init(data:))
                } catch {
                    throw APIError(.unprocessableContent, .invalidRequest, error.description)
                }
                let source = try Self.cardSource(document, node: node, renderer: renderer, variables: read)
                let standIn = try Self.decoded { () throws(CardError) in try source.template.standIn() }
                // A Figma frame keeps its document: its component properties are set from it when drawn.
                let figma: StoredTemplate.FigmaSource? = if case .figma(let frame) = source {
                    StoredTemplate.FigmaSource(document: document, node: frame.nodeID, variables: variables)
                } else {
                    nil
                }
                return (NamedTemplate(name: name, card: source.template, standIn: standIn, figma: figma,
                                      signed: signed), standIn, source)
            }
            try RenderAdmission.check(deadline, stage: "reading the template")
            let (_, drawn) = try await draw(standIn, describe: source.describe, format: .png, quality: nil,
                                            renderer: renderer,
                                            slot: slot, deadline: deadline)
            return (template, FigmaWarning.summary(source.warnings) + drawn)
        }
    }

    /// What a card or template body holds (``CardSource``'s one rule, as the CLI's), parsed once: a card
    /// document, or a Figma document's frame (its `node`, or its one top-level node) as the card it becomes,
    /// placeholders in its texts kept, laid out by `renderer` for its constraints.
    static func cardSource(_ body: Data, node: String?, renderer: CardRenderer, fields: [String: String] = [:],
                           variables: FigmaVariables? = nil) throws -> CardSource {
        do {
            return try CardSource.read(body, node: node, renderer: renderer, fields: fields, variables: variables)
        } catch let error as FigmaError {
            throw APIError(.unprocessableContent, .invalidRequest, error.description)
        } catch let error as CardError {
            throw apiError(error)
        }
    }

    /// `GET /v1/templates/{name}`: the document; `{name}.png`, `.webp`, `.svg` or `.pdf`: the image, its placeholders filled
    /// from the query, drawn at the size `?scale=`, `?width=`, `?height=` ask for (open to all unless signed: the
    /// template bounds what a request can ask for, and the pixel and work limits what a size can).
    private func get(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let deadline = ContinuousClock.now + limits.requestDeadline
        let raw = try context.parameters.require("name")
        // NAME.png, .webp, .jpg or .jpeg, .svg, .pdf.
        let suffix = raw.lastIndex(of: ".").map { String(raw[$0...]) } ?? ""
        let format = ImageFormat(path: suffix)
        let name = try Self.templateName(format == nil ? raw : String(raw.dropLast(suffix.count)))
        if format == nil { try authorization.requireRender(request) }
        let found = try await Self.answering { () async throws(StoreError) in try await templates.template(named: name) }
        guard let template = found else {
            throw APIError(.notFound, .templateNotFound, StoreError.templateNotFound(name).description)
        }
        guard let format else {
            return Response(status: .ok, headers: [.contentType: "application/json", .eTag: "\"\(template.sha256.prefix(32))\""],
                            body: ResponseBody(byteBuffer: ByteBuffer(bytes: template.document)))
        }
        // A signed template (or every one, with --require-signed-urls) draws only for a URL signed as it is now.
        let signedCacheControl = try signing.check(request, signed: template.signed)
        var values: [String: String] = [:]
        let query = QueryString(request.uri.query)
        for placeholder in template.placeholders {
            guard let value = query[placeholder] else {
                throw APIError(.unprocessableContent, .invalidRequest,
                               "no value for {{\(placeholder)}}; add ?\(placeholder)=… to the URL (the template's "
                               + "placeholders: \(template.placeholders.joined(separator: ", ")))")
            }
            values[placeholder] = value
        }
        // A Figma frame's component properties the query sets to other values than its own.
        let current = template.propertyValues
        var properties: [String: String] = [:]
        for (name, value) in current { if let asked = query[name], asked != value { properties[name] = asked } }
        // A mode of its variables (checked when drawn: an unknown collection or mode is 422 naming the choices).
        if template.variables != nil, let mode = query[FigmaFrame.modeField] { properties[FigmaFrame.modeField] = mode }
        try Self.checkValues(values.merging(properties) { given, _ in given }, maxTextLength: limits.maxTextLength)
        let sizing = try Self.imageSize(in: query, placeholders: template.placeholders)
        let etag = tags.tag(for: Data("\"\(template.sha256)\"".utf8),
                                  extra: Self.identity(values: values.merging(properties) { given, _ in given },
                                                       format: format, sizing: sizing))
        let cacheControl = signedCacheControl ?? "public, max-age=\(limits.templateMaxAge.components.seconds)"
        if EntityTags.matches(request, etag) {
            return Response(status: .notModified, headers: [.eTag: etag, .cacheControl: cacheControl])
        }
        let renderer = renderer(forTemplates: true)
        let document = template.document, filled = values, setting = properties
        let (bytes, warnings) = try await admission.withSlot(deadline: deadline) { slot in
            let context = ServiceContext.current ?? .topLevel
            var card: Card
            if let figma = template.figma, !(filled.isEmpty && setting.isEmpty) {
                // Its Figma frame (converted once, then kept): the properties set, a hugging node sized to them.
                card = try await reading(figma.document, in: slot) { [templates] in
                    try RenderTracing.span(RenderTracing.decode, in: context) { span in
                        span.attributes[RenderTracing.template] = name
                        span.attributes[RenderTracing.cacheHit] = templates.keepsFrame(of: template)
                        let frame: FigmaFrame?
                        do throws(FigmaError) {
                            frame = try templates.figmaFrame(of: template, renderer: renderer)
                        } catch {
                            throw APIError(.unprocessableContent, .invalidRequest, error.description)
                        }
                        let values = filled.merging(setting) { given, _ in given }
                        let card = try Self.decoded { () throws(CardError) in
                            if let frame { return try frame.card(values: values) }
                            return try template.card.card(values: filled)
                        }
                        RenderTracing.describe(card, on: span)
                        return card
                    }
                }
            } else {
                card = try await reading(document, in: slot) {
                    try RenderTracing.span(RenderTracing.decode, in: context) { span in
                        span.attributes[RenderTracing.template] = name
                        let card = try Self.decoded { () throws(CardError) in try template.card.card(values: filled) }
                        RenderTracing.describe(card, on: span)
                        return card
                    }
                }
            }
            return try await draw(sizing.sized(card), format: format, quality: sizing.quality, renderer: renderer,
                                  slot: slot, deadline: deadline)
        }
        var response = Self.image(bytes, format: format, etag: etag, cacheControl: cacheControl)
        response.headers[.warning] = warningHeaderValue(warnings)
        return response
    }

    /// `GET /v1/templates/{name}/fields`: what its image URL's query may set — `{"fields": [{"name", "type":
    /// "text|boolean|instance|variant|placeholder", "default", "options"?, "node"?}]}`, as `mattertype figma
    /// --fields` prints them: a Figma frame's component properties and placeholders, a card document's
    /// placeholders (no node).
    private func fields(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        try authorization.requireRender(request)
        let name = try Self.templateName(context)
        let found = try await Self.answering { () async throws(StoreError) in try await templates.template(named: name) }
        guard let template = found else {
            throw APIError(.notFound, .templateNotFound, StoreError.templateNotFound(name).description)
        }
        if template.figma != nil {
            return .json(TemplateFields(fields: template.fields.map(TemplateField.figma),
                                        modes: template.variables?.collectionModes))
        }
        return .json(TemplateFields(fields: template.placeholders.map(TemplateField.placeholder)))
    }

    /// Deletes a template (admin): 204, or 404 when there is none.
    private func delete(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        try authorization.requireAdmin(request, for: "template upload")
        let name = try Self.templateName(context)
        try await Self.answering { () async throws(StoreError) in try await templates.delete(named: name) }
        logger.info("template deleted", metadata: ["template": "\(name)"])
        return Response(status: .noContent)
    }

    /// Draws and encodes `card` in the render slot `slot`, within its memory reservation (its canvas and the
    /// images it decodes): 413 for text in all its layers, a canvas or images over the limits, 503 when `deadline`
    /// passes. Also returns what its text layers warn about. A layer's error is in `describe`'s words (a Figma
    /// frame's name its node).
    private func draw(_ card: Card, describe: @escaping @Sendable (CardError) -> String = \.description,
                      format: ImageFormat, quality: Int?, renderer: CardRenderer, slot: RenderLimiter.Slot,
                      deadline: ContinuousClock.Instant) async throws -> (Data, [String]) {
        try checkText(of: card)
        let width = (card.width * card.scale).rounded(.up), height = (card.height * card.scale).rounded(.up)
        guard width.isFinite, height.isFinite, width * height <= Double(limits.maxImagePixels) else {
            throw APIError(.contentTooLarge, .imageTooLarge,
                           "the card would be \(width) × \(height) px, over \(limits.maxImagePixels) pixels; "
                           + "use a smaller size or scale")
        }
        // The canvas, and the images the card decodes (from their headers, before any is decoded).
        let images = renderer.imageMemory(of: card)
        let canvas = Int(width * height) * RenderMemory.bytesPerPixel(format)
        let (sum, overflow) = canvas.addingReportingOverflow(images)
        let context = ServiceContext.current ?? .topLevel
        return try await admission.withMemory(overflow ? Int.max : sum) {
            try await slot.run(short: false) {
                do throws(CardError) {
                    // Its text laid out (fonts resolved) and images decoded: the drawing, then its pixels.
                    let drawing = try RenderTracing.span(RenderTracing.layOut, in: context) { span throws(CardError) in
                        RenderTracing.describe(card, on: span)
                        return try renderer.drawing(of: card, until: RenderDeadline(deadline))
                    }
                    let pixels = drawing.pixelSize.width * drawing.pixelSize.height
                    let bytes = try RenderTracing.drawAndEncode(in: context, pixels: pixels, format: format,
                                                                bytes: \.count) { drawn throws(CardError) in
                        try renderer.encoded(drawing, format: format, quality: quality,
                                             until: RenderDeadline(deadline), onDrawn: drawn)
                    }
                    return (bytes, drawing.layouts.flatMap(\.warnings))
                } catch {
                    throw Self.apiError(error, describe: describe)
                }
            }
        }
    }

    /// 413 when the text of all the card's text layers, frames' children included, has more characters than
    /// `--max-text-length`.
    private func checkText(of card: Card) throws {
        let scalars = card.scalarCount
        if scalars > limits.maxTextLength {
            throw APIError(.contentTooLarge, .textTooLong,
                           "the card's text layers have \(scalars) characters, over \(limits.maxTextLength)")
        }
    }

    /// Runs `work`, which reads the JSON `json` into a card, in `slot` with memory reserved for the trees it
    /// builds: where the request runs for a small body, on the blocking pool for a large one.
    private func reading<T: Sendable>(_ json: Data, in slot: RenderLimiter.Slot,
                                      _ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await admission.withMemory(RenderMemory.parsing(json)) {
            try await slot.run(short: RenderMemory.parsesShort(json), work)
        }
    }

    /// `decode`'s result, or its card error as the API's.
    private static func decoded<T>(_ decode: () throws(CardError) -> T) throws -> T {
        do throws(CardError) {
            return try decode()
        } catch {
            throw apiError(error)
        }
    }

    /// 413 when placeholder values have more characters in all than `maxTextLength`.
    private static func checkValues(_ values: [String: String], maxTextLength: Int) throws {
        let scalars = values.values.reduce(0) { $0 + $1.unicodeScalars.count }
        if scalars > maxTextLength {
            throw APIError(.contentTooLarge, .textTooLong,
                           "the values have \(scalars) characters, over \(maxTextLength)")
        }
    }

    /// The API error a card error answers as: a layer's as its render request's would, with the layer named in
    /// `describe`'s words (a Figma frame's name its node).
    static func apiError(_ error: CardError,
                         describe: (CardError) -> String = \.description) -> APIError {
        if case .layer(_, let inner) = error {
            let answer = APIError(inner)
            return APIError(answer.status, answer.code, describe(error))
        }
        return switch error {
        case .malformedJSON: APIError(.badRequest, .malformedJson, error.description)
        case .missingValue(let name):
            APIError(.unprocessableContent, .invalidRequest, "\(error); add ?\(name)=… to the query")
        case .invalidJSON, .invalid, .notAChoice, .image, .layer:
            APIError(.unprocessableContent, .invalidRequest, error.description)
        case .render(.imageTooLarge), .render(.tooLargeForWebP), .render(.tooLargeForJPEG):
            APIError(.contentTooLarge, .imageTooLarge, error.description)
        case .render(.deadlineExceeded(let stage)): RenderAdmission.deadlineError("while drawing \(stage)")
        case .render: APIError(.internalServerError, .renderFailed, error.description)
        }
    }

    /// What an image depends on beyond its document: the values (as sorted JSON, so that no two sets of values
    /// read alike), the format and the image size.
    private static func identity(values: [String: String], format: ImageFormat, sizing: CardImageSize) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = (try? encoder.encode(values)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return json + "\n" + format.rawValue + (sizing.isEmpty ? "" : "\n" + sizing.query)
    }

    /// The image size a URL's query asks for (`scale`, `width`, `height`, `quality`; the first of a name), none of
    /// `placeholders` read (a document's `{{width}}` takes `?width=` as its value): 422 naming the parameter.
    private static func imageSize(in query: QueryString, placeholders: [String]) throws -> CardImageSize {
        var parameters: [String: String] = [:]
        for (name, value) in query.pairs where CardImageSize.parameterNames.contains(name) && parameters[name] == nil {
            parameters[name] = value
        }
        return try decoded { () throws(CardError) in try CardImageSize(parameters: parameters, placeholders: placeholders) }
    }

    private static func image(_ bytes: Data, format: ImageFormat, etag: String, cacheControl: String) -> Response {
        Response(status: .ok, headers: [.contentType: format.mediaType, .eTag: etag,
                                        .cacheControl: cacheControl],
                 body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// The `{name}` path parameter, checked.
    static func templateName(_ context: BasicRequestContext) throws -> String {
        try templateName(try context.parameters.require("name"))
    }

    /// `name`, checked: 422 unless it is 1 to 64 letters, digits, `-` and `_`.
    private static func templateName(_ name: String) throws -> String {
        guard NamedTemplate.isValidName(name) else {
            throw APIError(.unprocessableContent, .invalidRequest,
                           "\"\(name.prefix(80))\" is not a template name; use 1 to 64 letters, digits, - and _")
        }
        return name
    }

    /// `body`'s result, or its store error as the API's: 404 for a missing template, 507 for a full disk, 500 else.
    @discardableResult
    static func answering<T>(_ body: () async throws(StoreError) -> T) async throws -> T {
        do {
            return try await body()
        } catch .templateNotFound(let name) {
            throw APIError(.notFound, .templateNotFound, StoreError.templateNotFound(name).description)
        } catch .diskFull {
            throw APIError(.insufficientStorage, .diskFull, StoreError.diskFull.description)
        } catch {
            throw APIError(.internalServerError, .storeFailed, error.description)
        }
    }
}
