import Foundation
import Testing

/// The engine's folders follow the data: each names only types of the folders before it in the README's pipeline
/// line, so that no two folders depend on each other. Read from the sources as text: a type "belongs" to the
/// folder that declares it at the top level, and a folder depends on another when its code (comments and string
/// literals left out) names one of that folder's types.
@Suite("Architecture: folders in the order data flows")
struct ArchitectureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let engine = root.appendingPathComponent("Sources/MatterType")

    /// The folder list of the README's pipeline line (`Support → Typography → …`).
    static func pipeline() throws -> [String] {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let line = try #require(readme.split(separator: "\n").first { $0.contains("Support → Typography →") })
        return line.split(separator: "→").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Every Swift file of the engine: its folder ("." at the top) and its text without comments and strings.
    static func sources() throws -> [(folder: String, name: String, code: String)] {
        let files = try #require(FileManager.default.enumerator(atPath: engine.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        return try files.sorted().map { path in
            let text = try String(contentsOf: engine.appendingPathComponent(path), encoding: .utf8)
            let parts = path.split(separator: "/")
            return (parts.count > 1 ? String(parts[0]) : ".", String(parts.last ?? ""), strip(text))
        }
    }

    static func strip(_ text: String) -> String {
        text.replacing(/\/\*[\s\S]*?\*\//, with: "")
            .replacing(/\/\/[^\n]*/, with: "")
            .replacing(/"(?:\\.|[^"\\\n])*"/, with: "\"\"")
    }

    /// For each folder, the folders whose types it names, with one example type each.
    static func dependencies() throws -> [String: [String: String]] {
        let files = try sources()
        var owner: [String: String] = [:]
        let declaration = /(?m)^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate|final|indirect|nonisolated)\s+)*(?:struct|class|enum|protocol|actor|typealias)\s+([A-Za-z_]\w*)/
        for file in files {
            for match in file.code.matches(of: declaration) where owner[String(match.1)] == nil {
                owner[String(match.1)] = file.folder
            }
        }
        var edges: [String: [String: String]] = [:]
        for file in files {
            for match in file.code.matches(of: /\b[A-Z]\w*/) {
                let name = String(match.0)
                guard let folder = owner[name], folder != file.folder else { continue }
                edges[file.folder, default: [:]][folder] = "\(file.name) names \(name)"
            }
        }
        return edges
    }

    @Test("the README's pipeline lists every engine folder")
    func pipelineListsEveryFolder() throws {
        let folders = Set(try Self.sources().map(\.folder)).subtracting(["."])
        #expect(Set(try Self.pipeline()) == folders)
    }

    @Test("every folder names only types of folders before it in the pipeline")
    func edgesPointBack() throws {
        let order = try Self.pipeline()
        let edges = try Self.dependencies()
        #expect(!edges.isEmpty)  // the reading works: later stages do name earlier ones
        for (from, targets) in edges where from != "." {
            let index = try #require(order.firstIndex(of: from))
            for (to, example) in targets {
                // "." holds what spans every stage (the caches' list for monitoring): nothing may name it.
                let target = try #require(order.firstIndex(of: to), "\(from) → \(to) (\(example))")
                #expect(target < index, "\(from) → \(to): \(example)")
            }
        }
    }

    @Test("a font face holds no cache: FontFace is the font, caches live beside their stages")
    func fontFaceHoldsNoCache() throws {
        let face = try #require(Self.sources().first { $0.name == "FontFace+HarfBuzz.swift" })
        #expect(!face.code.contains("Locked<") && !face.code.contains("BoundedCache"))
    }

    @Test("C modules are imported only by files named for their library")
    func cImportsOnlyInNamedFiles() throws {
        // Fontconfig's own FreeType bridge (FcFreeTypeQueryFace) takes an FT_Face, so its file may name FreeType.
        let libraries = ["CFreeType": ["+FreeType", "+Fontconfig"], "CHarfBuzz": ["+HarfBuzz"],
                         "CFontconfig": ["+Fontconfig"], "CPNG": ["+PNG"],
                         "CImageCodecs": ["+PNG", "+WebP", "+Deflate"], "CJPEG": ["+JPEG"],
                         "CHyphen": ["+Hyphen"], "CMalloc": ["+Malloc"]]
        for file in try Self.sources() {
            for (module, suffixes) in libraries where file.code.contains("import \(module)\n") {
                #expect(suffixes.contains { file.name.contains($0) }, "\(file.name) imports \(module)")
            }
        }
    }

    @Test("no Swift file of the library, the CLI or the server is over 600 lines: splits stay split")
    func filesStaySmall() throws {
        // PDFWriter.swift was split to 492 lines and grew back to 635; Card.swift reached 1,162 (issue 57).
        var checked = 0
        for folder in ["Sources", "Server/Sources"] {
            let base = Self.root.appendingPathComponent(folder)
            let files = try #require(FileManager.default.enumerator(atPath: base.path)).compactMap { $0 as? String }
            for path in files where path.hasSuffix(".swift") {
                let text = try String(contentsOf: base.appendingPathComponent(path), encoding: .utf8)
                // Counted as `wc -l` counts them: line breaks.
                let lines = text.utf8.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
                #expect(lines <= 600, "\(folder)/\(path) has \(lines) lines; split it where the data's steps part")
                checked += 1
            }
        }
        #expect(checked > 200)
    }
}

