import Foundation
import MatterType

/// Where a batch writes: only inside the folder its `--out` pattern names (the pattern's text before its first
/// `{{`, up to the last `/`), only regular files, through no symbolic link below that folder — a row's values
/// cannot place a file anywhere else, nor make the batch write through a link, into a FIFO or a device.
struct BatchOutput: Sendable {
    /// The `--out` pattern, `{{name}}` placeholders filled from each row.
    let pattern: String
    /// The folder the pattern names, with its trailing `/` ("" for the working folder).
    let folder: String

    init(pattern: String) {
        self.pattern = pattern
        let literal = pattern[..<(pattern.range(of: "{{")?.lowerBound ?? pattern.endIndex)]
        folder = literal.lastIndex(of: "/").map { String(literal[...$0]) } ?? ""
    }

    /// The pattern with each `{{name}}` replaced by the row's value.
    /// - Throws: `BatchRowError` for a name the row has no value for, a value with a NUL or another control
    ///   character, or a path that is empty, a folder, or leaves the pattern's folder (`..`, or an absolute path
    ///   where the pattern's folder is the working one).
    func path(values: [String: String]) throws -> String {
        var path = "", rest = Substring(pattern)
        while let open = rest.range(of: "{{") {
            path += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                throw BatchRowError("--out \(pattern): a {{ without its }}")
            }
            let name = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            guard let value = values[name] else { throw BatchRowError("no value for {{\(name)}} in --out") }
            if let control = value.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                throw BatchRowError("the value of {{\(name)}} has the control character U+"
                                    + String(format: "%04X", control.value) + "; a file name cannot hold it")
            }
            path += value
            rest = rest[close.upperBound...]
        }
        path += rest
        let below = path.dropFirst(folder.count)
        let parts = below.split(separator: "/", omittingEmptySubsequences: true)
        guard path.hasPrefix(folder), !below.hasPrefix("/"), !parts.isEmpty, !parts.contains(".."),
              !path.hasSuffix("/") else {
            throw BatchRowError("the output path \"\(path)\" is empty, a folder or leaves its folder "
                                + "(\(folder.isEmpty ? "the working folder" : folder))")
        }
        return path
    }

    /// Checks that writing `path` (from ``path(values:)``) writes a regular file inside the folder: each part
    /// below the folder that exists is a folder, not a symbolic link, and the file, if there, is a regular file.
    /// - Throws: `BatchRowError` naming the part that is not.
    func checkWritable(_ path: String) throws {
        var current = folder
        let parts = path.dropFirst(folder.count).split(separator: "/", omittingEmptySubsequences: true)
        for (index, part) in parts.enumerated() {
            current += (index == 0 ? "" : "/") + part
            var status = stat()
            guard lstat(current, &status) == 0 else { return }  // not there: it is made
            let kind = status.st_mode & S_IFMT
            let last = index == parts.count - 1
            if kind == S_IFLNK {
                throw BatchRowError("\(current) is a symbolic link; a batch writes only through real folders to "
                                    + "regular files")
            }
            if last, kind != S_IFREG {
                throw BatchRowError("\(current) is not a regular file (a folder, a FIFO or a device); a batch writes "
                                    + "only regular files")
            }
            if !last, kind != S_IFDIR { throw BatchRowError("\(current) is not a folder") }
        }
    }

    /// Removes the temporary files an earlier run stopped by SIGKILL or a power cut left in the folder
    /// (`.NAME.png.XXXXXX`; ``ImageFile/isTemporaryFileName(_:)``): the whole folder when the pattern names one,
    /// only the working folder's own files when not. Returns how many.
    func removeLeftoverTemporaryFiles() -> Int {
        let root = folder.isEmpty ? "." : folder
        var removed = 0
        var paths: [String] = []
        if folder.isEmpty {
            paths = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        } else if let walk = FileManager.default.enumerator(atPath: root) {
            while let next = walk.nextObject() as? String { paths.append(next) }
        }
        for relative in paths where ImageFile.isTemporaryFileName((relative as NSString).lastPathComponent) {
            let full = (root as NSString).appendingPathComponent(relative)
            var status = stat()
            if lstat(full, &status) == 0, status.st_mode & S_IFMT == S_IFREG, unlink(full) == 0 { removed += 1 }
        }
        return removed
    }
}
