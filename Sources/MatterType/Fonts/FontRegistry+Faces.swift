
/// Faces of installed system fonts, loaded on first use and kept for the life of the process.
private let systemFaces = Locked<[String: FontFace]>([:])

extension FontRegistry {
    /// The face to shape and draw a resolution with.
    /// - Throws: ``FontRegistrationError`` when a system font file cannot be read any more, or when a
    ///   registered font was unregistered since the resolution was made.
    func face(for resolution: FontResolution) throws(FontRegistrationError) -> FontFace {
        try face(for: resolution.font, source: resolution.source)
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
            let face = try FontFace(file: FontFile(contentsOf: font.path), descriptor: font)
            return systemFaces.withLock { faces in
                if let existing = faces[key] { return existing }
                faces[key] = face
                return face
            }
        }
    }

    /// The first face Fontconfig sorts for `scalar` near this weight and style, among registered and system
    /// fonts, or `nil` when none has a glyph for it.
    func fallbackFace(for scalar: UInt32, weight: FontWeight, style: FontStyle) -> FontFace? {
        guard let match = matcher.fallback(for: scalar, weight: weight, style: style) else { return nil }
        if let registered = registeredFace(named: match.descriptor.postScriptName),
           registered.descriptor.path == match.descriptor.path {
            return registered
        }
        return try? face(for: match.descriptor, source: .system)
    }
}
