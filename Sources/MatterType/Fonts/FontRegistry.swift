public import Foundation

/// The fonts an application has registered, and how a typography's family, weight and style resolve to one.
///
/// Safe to use from many tasks at once: registration, unregistration, lookups and resolution are serialized
/// by a lock, and a font that is unregistered is gone from every later lookup and Fontconfig match.
///
/// ```swift
/// let registry = FontRegistry()
/// let faces = try registry.register(fileAt: "Brand-SemiBold.ttf")
/// let resolution = try registry.resolve(familyName: "Brand", weight: .semibold)
/// ```
///
/// The bundled Noto Sans family is not in the registry: it is the last fallback, so a registered font with the
/// same PostScript name (a newer Noto Sans, say) takes precedence over it.
public final class FontRegistry: Sendable {
    /// A registry shared by the whole process.
    public static let shared = FontRegistry()

    private struct State: Sendable {
        var faces: [String: FontFace] = [:]
    }

    private let state = Locked(State())
    let matcher: FontMatcher
    /// Fallback faces already looked up (``fallbackFace(covering:request:)``), by the text's characters and
    /// language; emptied when fonts change.
    let fallbackFaces = BoundedCache<FallbackKey, FontFace?>("fallback_answers", limit: 4096)
    /// Faces at variation coordinates or with synthesis (``face(for:)``), kept so that caches keyed by a face's
    /// identity (words, glyph bitmaps) find them again; emptied when fonts change.
    let instances = BoundedCache<InstanceKey, FontFace>("face_instances", limit: 256)
    /// The caches of later stages kept for this registry's faces (words shaped, fullwidth punctuation spacing).
    let stageCaches = CacheShelf()


    /// The largest OpenType font a registered WOFF or WOFF2 file may unpack to, in bytes.
    public let maximumDecompressedFontSize: Int

    /// An empty registry. With `includesSystemFonts` false, resolution never uses the system's installed fonts
    /// (useful for reproducible output): only registered fonts and the bundled Noto Sans. A WOFF or WOFF2 file
    /// declaring more than `maximumDecompressedFontSize` bytes unpacked (64 MiB by default) is refused before
    /// anything is inflated.
    public init(includesSystemFonts: Bool = true, maximumDecompressedFontSize: Int = 64 << 20) {
        matcher = FontMatcher(includesSystemFonts: includesSystemFonts)
        self.maximumDecompressedFontSize = maximumDecompressedFontSize
    }

    /// Whether resolution may use the system's installed fonts.
    public var includesSystemFonts: Bool { matcher.includesSystemFonts }

    /// Registers every face in the font file at `path` (a `.ttc` has several) and returns their descriptors.
    /// TrueType, OpenType, collections, WOFF and WOFF2 are read.
    ///
    /// - Parameter replacingExisting: when true, a face whose PostScript name is registered already replaces
    ///   the old one; when false (the default) that is an error and nothing is registered.
    /// - Throws: ``FontRegistrationError`` when the file is missing or unreadable, is not a usable font, or
    ///   names a face that is registered already.
    @discardableResult
    public func register(fileAt path: String,
                         replacingExisting: Bool = false) throws(FontRegistrationError) -> [FontDescriptor] {
        try register(FontFile(contentsOf: FontFile.absolutePath(path), maximumDecompressedSize: maximumDecompressedFontSize),
                     replacingExisting: replacingExisting)
    }

    /// Registers every face of a font held in memory (what a server receives: bytes, not a path) and returns
    /// their descriptors, whose ``FontDescriptor/path`` is `name`. The bytes are copied.
    ///
    /// - Parameters:
    ///   - name: what the font is known as in descriptors and errors, e.g. the uploaded file's name or its hash.
    ///   - faces: the PostScript names of the faces to register (`nil`: all); a collection's other faces are left
    ///     as they are, e.g. when a store says some of them now come from another file.
    ///   - replacingExisting: as for ``register(fileAt:replacingExisting:)``.
    /// - Throws: ``FontRegistrationError`` when the bytes are not a usable font or name a registered face.
    @discardableResult
    public func register(data: Data, name: String, faces: Set<String>? = nil,
                         replacingExisting: Bool = false) throws(FontRegistrationError) -> [FontDescriptor] {
        try register(FontFile(data: data, path: name, maximumDecompressedSize: maximumDecompressedFontSize),
                     faces: faces, replacingExisting: replacingExisting)
    }

    /// Registers `file`'s faces (those named in `wanted`, or all): the one road every public `register` takes.
    func register(_ file: FontFile, faces wanted: Set<String>? = nil,
                  replacingExisting: Bool) throws(FontRegistrationError) -> [FontDescriptor] {
        let descriptors = try file.faceDescriptors().filter { wanted?.contains($0.postScriptName) ?? true }
        var faces: [FontFace] = []
        for descriptor in descriptors { faces.append(try FontFace(file: file, descriptor: descriptor)) }
        var seen = Set<String>()
        for descriptor in descriptors where !seen.insert(descriptor.postScriptName).inserted {
            throw .unreadableFont(path: file.path,
                                  reason: "it has two faces named \(descriptor.postScriptName)")
        }
        try state.withLock { (state) throws(FontRegistrationError) in
            if !replacingExisting {
                for descriptor in descriptors {
                    if let existing = state.faces[descriptor.postScriptName] {
                        throw .alreadyRegistered(postScriptName: descriptor.postScriptName,
                                                 existingPath: existing.descriptor.path)
                    }
                }
            }
            for face in faces { state.faces[face.descriptor.postScriptName] = face }
            matcher.update(adding: faces, removing: [])
            fontsChanged()
        }
        return descriptors
    }

    /// Unregisters the face with this PostScript name and returns its descriptor.
    /// - Throws: ``FontRegistrationError/notRegistered(postScriptName:)`` when no such face is registered.
    @discardableResult
    public func unregister(postScriptName: String) throws(FontRegistrationError) -> FontDescriptor {
        try state.withLock { (state) throws(FontRegistrationError) in
            guard let removed = state.faces.removeValue(forKey: postScriptName) else {
                throw .notRegistered(postScriptName: postScriptName)
            }
            matcher.update(adding: [], removing: [postScriptName])
            fontsChanged()
            return removed.descriptor
        }
    }

    /// Unregisters every face registered from the file at `path` and returns their descriptors.
    /// - Throws: ``FontRegistrationError/fileNotRegistered(path:)`` when no face came from that file.
    @discardableResult
    public func unregister(fileAt path: String) throws(FontRegistrationError) -> [FontDescriptor] {
        let absolute = FontFile.absolutePath(path)
        return try state.withLock { (state) throws(FontRegistrationError) in
            let removed = state.faces.values.filter { $0.descriptor.path == absolute }.map(\.descriptor)
            guard !removed.isEmpty else { throw .fileNotRegistered(path: absolute) }
            for descriptor in removed { state.faces[descriptor.postScriptName] = nil }
            matcher.update(adding: [], removing: removed.map(\.postScriptName))
            fontsChanged()
            return removed.sorted { $0.faceIndex < $1.faceIndex }
        }
    }

    /// The registered face with this PostScript name, or `nil`.
    public func font(named postScriptName: String) -> FontDescriptor? {
        state.withLock { $0.faces[postScriptName]?.descriptor }
    }

    /// The registered faces among these PostScript names, in the order asked; names not registered are skipped.
    public func fonts(named postScriptNames: [String]) -> [FontDescriptor] {
        state.withLock { state in postScriptNames.compactMap { state.faces[$0]?.descriptor } }
    }

    /// Every registered face, sorted by PostScript name.
    public var registeredFonts: [FontDescriptor] {
        state.withLock { $0.faces.values.map(\.descriptor) }.sorted { $0.postScriptName < $1.postScriptName }
    }

    /// The families of the fonts installed on this machine that Fontconfig lists, which resolution uses after the
    /// registered and bundled ones, sorted by name; empty when ``includesSystemFonts`` is false.
    public var installedFamilyNames: [String] { matcher.systemFamilyNames() }

    /// The bundled Noto Sans faces (not part of the registry), lightest first, upright before italic.
    public static var bundledFonts: [FontDescriptor] { BundledFonts.descriptors }

    /// Empties the registry's caches — fallback answers, fallback orders, face instances and the words shaped in
    /// its faces — to give back their memory; they fill again as text is laid out. Layouts in progress are not
    /// disturbed. The registered fonts stay.
    public func clearCaches() {
        fontsChanged()
        matcher.removeFallbackOrders()
        stageCaches.removeAll()
    }

    /// The sizes of the caches whose keys come from what is laid out (characters, languages, features,
    /// coordinates), each with its bound, for monitoring (`/metrics`): every one stays within its limit however
    /// varied the text. The registry's own, then those every registry shares (``CacheShelf/process``).
    public var cacheSizes: [CacheSize] {
        [fallbackFaces.size,
         CacheSize(name: "fallback_orders", entries: matcher.fallbackOrderCount, limit: FontMatcher.maximumFallbackSorts),
         instances.size] + stageCaches.sizes + CacheShelf.process.sizes
    }

    /// Forgets what was looked up with the fonts as they were.
    private func fontsChanged() {
        fallbackFaces.removeAll()
        instances.removeAll()
    }

    /// The registered face with this PostScript name.
    func registeredFace(named postScriptName: String) -> FontFace? {
        state.withLock { $0.faces[postScriptName] }
    }

    /// The system sans-serif family's faces, for ``SystemFontFamily``.
    func systemSansSerifFaces() -> [FontDescriptor]? {
        matcher.systemSansSerifFaces()?.map(\.descriptor)
    }
}
