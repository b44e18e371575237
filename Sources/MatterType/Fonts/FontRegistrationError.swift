/// Why a font could not be registered or unregistered.
public enum FontRegistrationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No file exists at `path`.
    case fileNotFound(path: String)
    /// The file exists but could not be read (a directory, no permission, an I/O error).
    case unreadableFile(path: String, reason: String)
    /// The file is not a font MatterType can use; `reason` is FreeType's or MatterType's explanation.
    case unreadableFont(path: String, reason: String)
    /// A font with this PostScript name is registered already (from `existingPath`).
    case alreadyRegistered(postScriptName: String, existingPath: String)
    /// No registered font has this PostScript name.
    case notRegistered(postScriptName: String)
    /// No registered font came from this file.
    case fileNotRegistered(path: String)

    public var description: String {
        switch self {
        case .fileNotFound(let path):
            "\(path): no such file; check the path"
        case .unreadableFile(let path, let reason):
            "\(path): cannot read the file (\(reason))"
        case .unreadableFont(let path, let reason):
            "\(path): not a font file MatterType can use (\(reason))"
        case .alreadyRegistered(let name, let existingPath):
            "\(name) is already registered from \(existingPath); unregister it first or register with replacing"
        case .notRegistered(let name):
            "\(name) is not registered; list the registered fonts to see their PostScript names"
        case .fileNotRegistered(let path):
            "\(path): no font from this file is registered"
        }
    }
}
