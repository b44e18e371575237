
/// Faces of installed system fonts, loaded on first use and kept for the life of the process.
private let systemFaces = Locked<[String: FontFace]>([:])

extension FontRegistry {
    /// The face to shape and draw a resolution with.
    /// - Throws: ``FontRegistrationError`` when a system font file cannot be read any more, or when a
    ///   registered font was unregistered since the resolution was made.
    func face(for resolution: FontResolution) throws(FontRegistrationError) -> FontFace {
        let face = try face(for: resolution.font, source: resolution.source)
        guard !resolution.variations.isEmpty || resolution.synthetic != .none else { return face }
        let key = InstanceKey(face: face.id, variations: resolution.variations, synthetic: resolution.synthetic)
        return try instances.value(for: key) { () throws(FontRegistrationError) in
            try face.makeInstance(variations: resolution.variations, synthetic: resolution.synthetic)
        }
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
        fallbackFaces.value(for: FallbackKey(scalars: scalars, request: request)) {
            guard let match = matcher.fallback(covering: scalars, request: request) else { return nil }
            if let registered = registeredFace(named: match.descriptor.postScriptName),
               registered.descriptor.path == match.descriptor.path {
                return registered
            }
            return try? self.face(for: match.descriptor, source: .system)
        }
    }
}

/// What makes an instance of a face: the face's ``FontFace/id``, its coordinates and synthesis.
struct InstanceKey: Hashable, Sendable {
    var face: Int
    var variations: [String: Double]
    var synthetic: SyntheticStyle
}

/// A fallback lookup: the characters of a cluster and what they are looked up for.
struct FallbackKey: Hashable, Sendable {
    var scalars: [UInt32]
    var request: FallbackRequest
}
