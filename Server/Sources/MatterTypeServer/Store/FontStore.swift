public import Foundation
public import Logging
import Crypto
import MatterType

/// One font file as a store keeps it: its bytes under their SHA-256, and the PostScript names of its faces.
public struct StoredFontFile: Sendable, Hashable {
    /// The SHA-256 of ``data``, 64 lowercase hex digits: the only name the bytes are kept under.
    public var sha256: String
    /// The file's bytes (TTF, OTF, TTC, WOFF or WOFF2).
    public var data: Data
    /// The PostScript names of the faces registered from it.
    public var postScriptNames: [String]

    /// A file and its faces' names.
    public init(sha256: String, data: Data, postScriptNames: [String]) {
        self.sha256 = sha256
        self.data = data
        self.postScriptNames = postScriptNames
    }
}

/// Why a store refused a change; nothing was changed.
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Faces with these PostScript names are stored already (and replacing was not asked for).
    case namesTaken([String])
    /// No faces have these PostScript names.
    case namesNotFound([String])
    /// No card template has this name.
    case templateNotFound(String)
    /// The store URL is not one this server reads.
    case unsupportedURL(String)
    /// The database failed (the message is the driver's, without credentials).
    case database(String)
    /// The store's disk is full: nothing was written (deleting fonts still works).
    case diskFull

    /// The message.
    public var description: String {
        switch self {
        case .namesTaken(let names): "already registered: \(names.joined(separator: ", ")); add ?replace=true to replace"
        case .namesNotFound(let names): "no font named \(names.joined(separator: ", "))"
        case .templateNotFound(let name): "no template named \(name)"
        case .unsupportedURL(let url): "unsupported store \(url); use sqlite:PATH or postgres://user:password@host:port/database"
        case .database(let message): "the store failed: \(message)"
        case .diskFull: "the store's disk is full; nothing was stored — delete fonts or templates, or free space"
        }
    }
}

/// Where registered fonts live between restarts, and how replicas share them.
///
/// Every change is one transaction: a failed save or delete leaves the store as it was. Font bytes are keyed by
/// their SHA-256, never by a name from the font or the request.
public protocol FontStore: Sendable {
    /// Which file (by SHA-256) each stored PostScript name comes from.
    func index() async throws(StoreError) -> [String: String]

    /// The files holding these PostScript names (every file when `names` is `nil`), each once.
    func fetch(names: [String]?) async throws(StoreError) -> [StoredFontFile]

    /// Stores `file` and points its faces' names at it. With `replacing` false, a name stored already is
    /// ``StoreError/namesTaken(_:)`` and nothing changes; with true, the names move to the new file. Files no
    /// name points at any more are removed.
    func save(_ file: StoredFontFile, replacing: Bool) async throws(StoreError)

    /// Removes these names (all or none: a name not stored is ``StoreError/namesNotFound(_:)``), and the
    /// files no name points at any more.
    func delete(names: [String]) async throws(StoreError)

    /// Runs until cancelled, calling `onChange` whenever another process may have changed the store (a replica
    /// following PostgreSQL notifications). A store only one process uses returns at once.
    func followChanges(_ onChange: @escaping @Sendable () async -> Void) async throws

    /// Closes the store's connections.
    func close() async
}

/// One card template as a store keeps it: a card document (its images inside as `data:` URIs, `{{name}}`
/// placeholders in its strings) under a name.
public struct StoredTemplate: Sendable, Hashable {
    /// The name it is fetched by (letters, digits, `-` and `_`).
    public var name: String
    /// The card document's bytes, as uploaded.
    public var document: Data
    /// The SHA-256 of ``document`` (followed by its Figma variables' bytes when it has some), 64 lowercase hex
    /// digits: which version of the template this is.
    public var sha256: String
    /// For a template made of a Figma frame, the Figma document it came from and the frame's node id (its
    /// component properties and modes are set from it); `nil` for a card document.
    public var figma: FigmaSource?
    /// Whether its image is drawn only for a signed URL (stored with `?signed=true`; ``URLSignature``).
    public var signed: Bool

    /// A Figma document and the node of it a template draws.
    public struct FigmaSource: Sendable, Hashable {
        /// The Figma document's bytes, as uploaded.
        public var document: Data
        /// The node drawn.
        public var node: String
        /// The document's variables as uploaded (a `GET /v1/files/:key/variables/local` response or a DTCG
        /// export, ``FigmaVariables``): the modes its image URLs may choose; `nil` without.
        public var variables: Data?

        /// `node` of `document`, drawn with `variables` when given.
        public init(document: Data, node: String, variables: Data? = nil) {
            self.document = document
            self.node = node
            self.variables = variables
        }
    }

    /// A template `name` with `document` (and the Figma document it came from), its SHA-256 worked out.
    public init(name: String, document: Data, figma: FigmaSource? = nil, signed: Bool = false) {
        self.name = name
        self.document = document
        self.figma = figma
        self.signed = signed
        sha256 = Self.version(of: document, variables: figma?.variables, signed: signed)
    }

    /// A template as a store read it back: `document` and the SHA-256 stored beside it (see ``isIntact``).
    public init(name: String, document: Data, storedSHA256: String, figma: FigmaSource? = nil, signed: Bool = false) {
        self.name = name
        self.document = document
        self.figma = figma
        self.signed = signed
        sha256 = storedSHA256
    }

    /// Whether ``document`` still has the SHA-256 stored with it (a document changed in the store has not).
    public var isIntact: Bool { Self.version(of: document, variables: figma?.variables, signed: signed) == sha256 }

    /// The SHA-256 of `document`, then `variables` (new variables are a new version even when the default modes'
    /// values, and so the document, are the same), then a line saying it is signed: a template made signed is a
    /// new version too, so that replicas, which follow versions, take the change.
    private static func version(of document: Data, variables: Data?, signed: Bool) -> String {
        var bytes = variables.map { document + $0 } ?? document
        if signed { bytes += Data("\nsigned".utf8) }
        return Crypto.SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }
}

/// Where card templates live between restarts, beside the fonts, and how replicas share them (a change is
/// announced as font changes are, through ``FontStore/followChanges(_:)``).
public protocol TemplateStore: Sendable {
    /// Each stored template's name and the SHA-256 of its document.
    func templateIndex() async throws(StoreError) -> [String: String]

    /// The template named `name`, or `nil`.
    func template(named name: String) async throws(StoreError) -> StoredTemplate?

    /// Stores `template`, replacing one of the same name; returns whether it replaced one. One transaction.
    func save(_ template: StoredTemplate) async throws(StoreError) -> Bool

    /// Removes the template named `name` (``StoreError/templateNotFound(_:)`` when there is none).
    func deleteTemplate(named name: String) async throws(StoreError)
}

/// Opens the store a URL names: `sqlite:PATH` (a file, made if missing) or `postgres://user:password@host:port/database`.
/// It keeps both fonts and card templates.
public func openStore(url: String, logger: Logger) async throws(StoreError) -> any FontStore & TemplateStore {
    if url.hasPrefix("sqlite:") {
        var path = String(url.dropFirst("sqlite:".count))
        if path.hasPrefix("//") { path = String(path.dropFirst(2)) }
        guard !path.isEmpty else { throw .unsupportedURL(url) }
        return try SQLiteStore(path: path)
    }
    if url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") {
        return try PostgresStore(url: url, logger: logger)
    }
    throw .unsupportedURL(url)
}
