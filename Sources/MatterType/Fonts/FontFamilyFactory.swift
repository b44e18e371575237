/// Maps a family name, as a design tool writes it, to a ``FontFamily``.
public protocol FontFamilyFactory: Sendable {
    /// The family for `name`, e.g. "Noto Sans", "NotoSans" or "system".
    func fontFamily(named name: String) -> any FontFamily
}

/// The standard mapping from a family name to a ``FontFamily``.
///
/// - "Noto Sans" / "NotoSans" (any case, spaces or hyphens) → ``NotoSansFontFamily``; registered faces with
///   Noto Sans PostScript names still take precedence over the bundled ones when resolving.
/// - "system", "sans-serif", "system-ui", "ui-sans-serif", "ui-rounded" → ``SystemFontFamily`` (falls back to Noto
///   Sans with no system font); the other CSS generic names ("serif", "monospace", "ui-monospace", "cursive",
///   "fantasy", "emoji", "math") → the installed family Fontconfig answers for them, as below.
/// - a family that `registry` has fonts for → a ``DefaultFontFamily`` with the registered faces' PostScript prefix,
///   their weight names (`Acme-DemiBold` makes 600 "DemiBold") and the weights its registered and installed faces
///   have, so Bold Text picks among them.
/// - anything else → a ``DefaultFontFamily`` named after it.
public struct DefaultFontFamilyFactory: FontFamilyFactory {
    /// The registry whose fonts define registered families.
    public let registry: FontRegistry

    /// A factory that consults `registry` for registered families.
    public init(registry: FontRegistry = .shared) {
        self.registry = registry
    }

    public func fontFamily(named name: String) -> any FontFamily {
        var name = name
        var key = familyKey(name)
        if let generic = cssGenericFamilies[key] {
            if generic == "sans-serif" { return SystemFontFamily(registry: registry) ?? NotoSansFontFamily() }
            // `monospace`, `serif`, `emoji`…: the installed family Fontconfig answers, as browsers on Linux ask it.
            if let answer = registry.matcher.systemFamily(generic: generic) {
                name = answer
                key = familyKey(answer)
            }
        }
        if key == familyKey(NotoSansFontFamily().familyName) { return NotoSansFontFamily() }
        let registered = registry.registeredFonts.filter {
            familyKey($0.familyName) == key || familyKey(postScriptPrefix(of: $0.postScriptName)) == key
        }
        if let first = registered.first {
            let prefix = postScriptPrefix(of: first.postScriptName)
            var weightNames: [FontWeight: String] = [:]
            for face in registered where !face.isItalic && face.postScriptName.hasPrefix(prefix + "-") {
                weightNames[face.fontWeight] = String(face.postScriptName.dropFirst(prefix.count + 1))
            }
            // A variable face supports every named weight its `wght` range holds. Installed faces of the family
            // count too: matching chooses among them and the registered ones alike.
            let faces = registry.familyCandidates(name).map(\.descriptor)
            let weights = faces.flatMap { face in
                face.isVariable ? FontWeight.named.filter { face.weightRange.contains(Double($0.rawValue)) }
                    : [face.fontWeight]
            }
            return DefaultFontFamily(familyName: prefix, supportedWeights: weights, weightNames: weightNames)
        }
        return DefaultFontFamily(familyName: name)
    }
}
