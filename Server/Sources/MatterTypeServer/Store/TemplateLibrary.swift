public import Foundation
public import Logging
public import MatterType
import MatterTypeWire
public import MatterTypeCards
public import MatterTypeFigma

/// A card template as the server keeps it in memory: its name and version, and its document read once
/// (``card``), so that drawing it for a request's values parses nothing.
public struct NamedTemplate: Sendable {
    /// Its name.
    public let name: String
    /// The SHA-256 of its document: the version, part of every image's entity tag.
    public let sha256: String
    /// The document, read: its placeholders, and the card it makes for values.
    public let card: CardTemplate
    /// The canvas's size in points.
    public let width, height: Double
    /// For a template made of a Figma frame, the document and node it came from: its component properties are
    /// set from them (``fields``).
    public let figma: StoredTemplate.FigmaSource?
    /// A Figma frame's fields (``FigmaDocument/fields(of:)``: its component properties and placeholders); empty
    /// for a card document, whose fields are its ``placeholders``.
    public let fields: [FigmaField]
    /// A Figma frame's variables (``StoredTemplate/FigmaSource/variables``), read: the modes its image URLs may
    /// choose with `mode=Collection=Mode`; `nil` without.
    public let variables: FigmaVariables?
    /// Whether its image is drawn only for a signed URL (``StoredTemplate/signed``).
    public let signed: Bool

    /// The card document, placeholders unfilled.
    public var document: Data { card.document }
    /// The placeholders' names, sorted: what its image URL's query gives.
    public var placeholders: [String] { card.placeholders }

    /// `stored`, read: its placeholders and canvas (and a Figma frame's fields). Throws the ``CardError`` that
    /// reading it gives.
    init(_ stored: StoredTemplate) throws(CardError) {
        let card = try CardTemplate(stored.document)
        self.init(name: stored.name, sha256: stored.sha256, card: card, standIn: try card.standIn(),
                  figma: stored.figma, signed: stored.signed)
    }

    /// The template `card` named `name`, checked by drawing `standIn` (its ``CardTemplate/standIn()``), made of
    /// the Figma frame `figma` when given.
    init(name: String, card: CardTemplate, standIn: Card, figma: StoredTemplate.FigmaSource? = nil,
         signed: Bool = false) {
        self.init(name: name,
                  sha256: StoredTemplate(name: name, document: card.document, figma: figma, signed: signed).sha256,
                  card: card, standIn: standIn, figma: figma, signed: signed)
    }

    private init(name: String, sha256: String, card: CardTemplate, standIn: Card, figma: StoredTemplate.FigmaSource?,
                 signed: Bool) {
        self.name = name
        self.signed = signed
        self.sha256 = sha256
        self.card = card
        width = standIn.width
        height = standIn.height
        self.figma = figma
        fields = figma.flatMap { source in
            try? FigmaDocument(data: source.document).fields(of: source.node)
        } ?? []
        variables = figma?.variables.flatMap { try? FigmaVariables(data: $0) }
    }

    /// The component property fields (not placeholders) of a Figma frame's, by name, with the value each has.
    public var propertyValues: [String: String] {
        var values: [String: String] = [:]
        for field in fields where field.type != .placeholder {
            switch field.defaultValue {
            case .text(let text): values[field.name] = text
            case .flag(let flag): values[field.name] = flag ? "true" : "false"
            case nil: break
            }
        }
        return values
    }

    /// Whether `name` may name a template: 1 to 64 ASCII letters, digits, `-` and `_` (so that `NAME.png` in a
    /// URL is unambiguous and no name needs escaping).
    public static func isValidName(_ name: String) -> Bool {
        (1...64).contains(name.utf8.count)
            && name.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: "_")
            }
    }
}

/// The server's card templates: a ``TemplateStore`` and the templates read from it, kept by name and version.
///
/// A template is read from the store the first time it is drawn, then kept, parsed (at most ``maximumKept``, and
/// ``maximumKeptBytes`` of documents); a change through this process updates what is kept at once, and a change
/// through another replica when the store announces it (``run()``), which drops what changed. Images are decoded once for all templates, by ``images``.
public final class TemplateLibrary: Sendable {
    private let store: any TemplateStore
    private let logger: Logger
    /// The templates kept, and how many changes this process has made (a template read from the store while a
    /// change ran is not kept: it may be the version from before).
    private let kept = Locked<(templates: [String: NamedTemplate], changes: Int)>(([:], 0))
    /// The most templates kept in memory; past it, the kept ones are dropped and read again when drawn.
    static let maximumKept = 256
    /// The most bytes of documents kept in memory (each is kept parsed too, a few times its size): past it, the
    /// kept ones are dropped as past ``maximumKept``.
    static let maximumKeptBytes = 64 << 20
    /// The templates' decoded images (128 MiB of pixels).
    public let images = CardImageCache(maximumBytes: 128 << 20)
    /// The templates' drawn opening layers (64 MiB of pixels): a template drawn for other values draws only its
    /// text anew.
    public let drawings = DrawingCache(maximumBytes: 64 << 20)

    /// Figma templates' frames, converted from their documents once and kept (by name and version; at most
    /// ``maximumKeptFrames``): drawing one for values sets its properties from them and sizes a hugging node.
    private let frames = Locked<[String: FigmaFrame]>([:])
    /// The most converted Figma frames kept; past it, they are dropped and converted again when drawn.
    static let maximumKeptFrames = 16

    /// Whether ``figmaFrame(of:renderer:)`` keeps `template`'s frame converted already (a cache hit).
    func keepsFrame(of template: NamedTemplate) -> Bool {
        frames.withLock { $0[template.name + "@" + template.sha256] != nil }
    }

    /// The frame `template` was made of, converted with `renderer` (the first time; then kept); `nil` for a card
    /// document.
    /// - Throws: ``FigmaError`` when its stored Figma document no longer converts.
    public func figmaFrame(of template: NamedTemplate, renderer: CardRenderer) throws(FigmaError) -> FigmaFrame? {
        guard let figma = template.figma else { return nil }
        let key = template.name + "@" + template.sha256
        if let kept = frames.withLock({ $0[key] }) { return kept }
        var document = try FigmaDocument(data: figma.document)
        if let variables = template.variables { document = document.resolving(variables, modes: [:]).document }
        let frame = try document.frame(figma.node, renderer: renderer)
        frames.withLock { frames in
            if frames.count >= Self.maximumKeptFrames { frames.removeAll() }
            frames[key] = frame
        }
        return frame
    }

    /// A library over `store`.
    public init(store: any TemplateStore, logger: Logger) {
        self.store = store
        self.logger = logger
    }

    /// The template named `name`, or `nil` when there is none.
    /// - Throws: ``StoreError`` when the store cannot be read.
    public func template(named name: String) async throws(StoreError) -> NamedTemplate? {
        let (known, changes) = kept.withLock { ($0.templates[name], $0.changes) }
        if let known { return known }
        guard let stored = try await store.template(named: name) else { return nil }
        guard stored.isIntact else {
            logger.error("a stored template's document does not match its SHA-256 (changed in the store)",
                         metadata: ["template": "\(name)"])
            throw .database("the template \(name) is damaged in the store (its document no longer has the SHA-256 "
                            + "stored with it); upload it again")
        }
        do {
            let template = try NamedTemplate(stored)
            keep(template, ifChangesAre: changes)
            return template
        } catch {
            // Checked when saved, so only a template written by an older or other program gets here.
            logger.error("a stored template cannot be read", metadata: ["template": "\(name)", "error": "\(error)"])
            throw .database("the template \(name) is stored but cannot be read (\(error)); upload it again")
        }
    }

    /// Every template that can be read, sorted by name; one that cannot (damaged, or unreadable by this
    /// version) is left out and logged, so that the others are still listed.
    public func templates() async throws(StoreError) -> [NamedTemplate] {
        var found: [NamedTemplate] = []
        for name in try await store.templateIndex().keys.sorted() {
            do {
                if let template = try await template(named: name) { found.append(template) }
            } catch .database(let message) {
                logger.error("a template is left out of the list", metadata: ["template": "\(name)", "error": "\(message)"])
            }
        }
        return found
    }

    /// Stores `template` (checked by the caller: see ``NamedTemplate``), replacing one of the same name; returns
    /// whether it replaced one.
    public func save(_ template: NamedTemplate) async throws(StoreError) -> Bool {
        kept.withLock { $0.changes += 1 }
        let replaced = try await store.save(StoredTemplate(name: template.name, document: template.document,
                                                           figma: template.figma, signed: template.signed))
        keep(template, ifChangesAre: nil)
        return replaced
    }

    /// Removes the template named `name`.
    /// - Throws: ``StoreError/templateNotFound(_:)`` when there is none.
    public func delete(named name: String) async throws(StoreError) {
        kept.withLock { $0.changes += 1 }
        try await store.deleteTemplate(named: name)
        kept.withLock { $0.templates[name] = nil }
    }

    /// Drops the kept templates the store no longer has, or has in another version.
    public func synchronize() async throws(StoreError) {
        let index = try await store.templateIndex()
        kept.withLock { kept in kept.templates = kept.templates.filter { index[$0.key] == $0.value.sha256 } }
    }

    /// Follows the store's changes until cancelled (see ``FontStore/followChanges(_:)``), synchronizing on each.
    public func run(following changes: any FontStore) async throws {
        try await changes.followChanges { [self] in
            do {
                try await synchronize()
            } catch {
                logger.error("cannot re-read the templates", metadata: ["error": "\(error)"])
            }
        }
    }

    /// Keeps `template`, unless `changes` is given and this process has made a change since it was that.
    private func keep(_ template: NamedTemplate, ifChangesAre changes: Int?) {
        kept.withLock { kept in
            if let changes, kept.changes != changes { return }
            let others = kept.templates.values.filter { $0.name != template.name }
            let bytes = others.reduce(template.document.count + (template.figma?.document.count ?? 0)) {
                $0 + $1.document.count + ($1.figma?.document.count ?? 0)
            }
            if others.count >= TemplateLibrary.maximumKept || bytes > TemplateLibrary.maximumKeptBytes {
                kept.templates.removeAll()
            }
            kept.templates[template.name] = template
        }
    }
}
