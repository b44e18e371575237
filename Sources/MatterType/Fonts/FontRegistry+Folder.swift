import Foundation

extension FontRegistry {
    /// The extensions of the files ``register(folderAt:)`` reads, in lowercase.
    public static let fontFileExtensions: Set<String> = ["ttf", "otf", "ttc", "otc", "woff", "woff2"]

    /// Registers the faces of every font file in the folder at `path` and its subfolders (a design's font folder:
    /// `.ttf`, `.otf`, `.ttc`, `.otc`, `.woff`, `.woff2`), in path order; a face whose PostScript name is
    /// registered already (from an earlier file of the folder, or before) is left out, so that a folder holding
    /// a family twice (static and variable, or OTF and TTF) registers it once. Returns the faces registered.
    /// - Throws: ``FontRegistrationError/fileNotFound(path:)`` when there is no folder at `path`,
    ///   ``FontRegistrationError/unreadableFile(path:reason:)`` when it cannot be listed or holds no font file,
    ///   ``FontRegistrationError/unreadableFont(path:reason:)`` naming the first font file that is not a usable
    ///   font (nothing of the folder is registered then).
    @discardableResult
    public func register(folderAt path: String) throws(FontRegistrationError) -> [FontDescriptor] {
        let root = URL(fileURLWithPath: FontFile.absolutePath(path))
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder) else {
            throw .fileNotFound(path: root.path)
        }
        guard isFolder.boolValue else {
            throw .unreadableFile(path: root.path, reason: "not a folder; register a font file with --font-file")
        }
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey],
                                                          options: [.skipsHiddenFiles]) else {
            throw .unreadableFile(path: root.path, reason: "the folder cannot be listed")
        }
        var paths: [String] = []
        for case let url as URL in walker
        where FontRegistry.fontFileExtensions.contains(url.pathExtension.lowercased()) {
            paths.append(url.path)
        }
        guard !paths.isEmpty else {
            throw .unreadableFile(path: root.path, reason: "it holds no .ttf, .otf, .ttc, .woff or .woff2 file")
        }
        // Read every file and its faces first: a corrupt one registers nothing of the folder.
        var files: [(file: FontFile, faces: [String])] = []
        for path in paths.sorted() {
            let file = try FontFile(contentsOf: path, maximumDecompressedSize: maximumDecompressedFontSize)
            files.append((file, try file.faceDescriptors().map(\.postScriptName)))
        }
        var registered: [FontDescriptor] = []
        for (file, names) in files {
            let faces = Set(names).subtracting(registeredFonts.map(\.postScriptName))
            guard !faces.isEmpty else { continue }
            registered += try register(file, faces: faces, replacingExisting: false)
        }
        return registered
    }
}
