
/// Faces of installed system fonts, loaded on first use and kept for the life of the process.
private let systemFaces = Locked<[String: FontFace]>([:])

extension FontRegistry {
    /// The face to shape and draw a resolution with.
    /// - Throws: ``FontRegistrationError`` when a system font file cannot be read any more, or when a
    ///   registered font was unregistered since the resolution was made.
    func face(for resolution: FontResolution) throws(FontRegistrationError) -> FontFace {
        try face(for: resolution.font, source: resolution.source)
            .instance(variations: resolution.variations, synthetic: resolution.synthetic)
    }

    /// The face for a descriptor from `source`.
    func face(for font: FontDescriptor, source: FontResolution.Source) throws(FontRegistrationError) -> FontFace {
        switch source {
        case .registered:
            guard let face = registeredFace(named: font.postScriptName), face.descriptor.path == font.path else {
                throw .notRegistered(postScriptName: font.postScriptName)
            }
            return face
        case .bundled:
            guard let face = BundledFonts.faces[font.postScriptName] else {
                throw .fileNotFound(path: font.path)
            }
            return face
        case .system:
            let key = "\(font.faceIndex)#\(font.path)"
            if let face = systemFaces.withLock({ $0[key] }) { return face }
            // The file's own descriptor: Fontconfig's lacks a variable font's axes.
            let file = try FontFile(contentsOf: font.path)
            let described = try file.faceDescriptors()
            let face = try FontFace(file: file, descriptor: described.indices.contains(font.faceIndex)
                                        ? described[font.faceIndex] : font)
            return systemFaces.withLock { faces in
                if let existing = faces[key] { return existing }
                faces[key] = face
                return face
            }
        }
    }

    /// The first face in Fontconfig's fallback order for `request` (registered and system fonts) that has
    /// every one of `scalars`, or `nil` when none has. Answers are kept until the registered fonts change.
    func fallbackFace(covering scalars: [UInt32], request: FallbackRequest) -> FontFace? {
        let key = FallbackKey(scalars: scalars, request: request)
        if let known = fallbackFaces.withLock({ $0[key] }) { return known }
        var face: FontFace?
        if let match = matcher.fallback(covering: scalars, request: request) {
            if let registered = registeredFace(named: match.descriptor.postScriptName),
               registered.descriptor.path == match.descriptor.path {
                face = registered
            } else {
                face = try? self.face(for: match.descriptor, source: .system)
            }
        }
        fallbackFaces.withLock { faces in
            // Keyed by the text's characters and language: bounded, starting again empty when full.
            if faces.count >= FontRegistry.maximumFallbackAnswers { faces.removeAll() }
            faces[key] = .some(face)
        }
        return face
    }
}

extension FontRegistry {
    /// The most fallback answers kept (see ``fallbackFace(covering:request:)``).
    static let maximumFallbackAnswers = 4096

    /// The sizes of the caches whose keys come from what is laid out (characters, languages), each with its
    /// bound, for monitoring (`/metrics`): every one of them stays within its limit however varied the text.
    public var cacheSizes: [CacheSize] {
        [CacheSize(name: "fallback_answers", entries: fallbackFaces.withLock { $0.count },
                   limit: FontRegistry.maximumFallbackAnswers),
         CacheSize(name: "fallback_orders", entries: matcher.fallbackOrderCount, limit: FontMatcher.maximumFallbackSorts),
         CacheSize(name: "shape_plan_languages", entries: ShapePlanLanguages.shared.count,
                   limit: ShapePlanLanguages.limit)]
    }
}

/// The number of entries a cache holds and the most it may hold.
public struct CacheSize: Sendable, Hashable {
    /// The cache's name, as `/metrics` labels it (`fallback_answers`).
    public let name: String
    /// Entries held now.
    public let entries: Int
    /// The most it holds.
    public let limit: Int
}

/// A fallback lookup: the characters of a cluster and what they are looked up for.
struct FallbackKey: Hashable, Sendable {
    var scalars: [UInt32]
    var request: FallbackRequest
}
