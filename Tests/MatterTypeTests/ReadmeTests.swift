import Foundation
import MatterTypeTesting
import Testing

/// The README's MatterTypeTesting example is the code of ReadmeExample/TypographyGoldenTests.swift, which compiles
/// and runs in this target: every line of the README's block appears there, in order.
@Suite("README")
struct ReadmeTests {
    @Test("the MatterTypeTesting example compiles as written: it is TypographyGoldenTests.swift's code")
    func goldenExample() throws {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let readme = try String(contentsOf: here.appendingPathComponent("../../README.md"), encoding: .utf8)
        let blocks = readme.components(separatedBy: "```swift\n").dropFirst()
            .map { $0.components(separatedBy: "```")[0] }
        let block = try #require(blocks.first { $0.contains("expectGoldenMetrics(tokens: here") })
        let source = try String(contentsOf: here.appendingPathComponent("ReadmeExample/TypographyGoldenTests.swift"),
                                encoding: .utf8)
        var remaining = Substring(source)
        for line in block.split(separator: "\n", omittingEmptySubsequences: true) {
            guard let found = remaining.range(of: line + "\n") else {
                Issue.record("README line not in TypographyGoldenTests.swift (or out of order): \(line)")
                return
            }
            remaining = remaining[found.upperBound...]
        }
    }

    @Test("the README stays a front page: at most 250 lines, every link to Docs/ names a file that exists")
    func readmeStaysShort() throws {
        // It went 363 → 240 → 292 lines as features were described there; the details belong in Docs/ (issue 57).
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
            .standardized
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        // Counted as `wc -l` counts them: line breaks.
        let lines = readme.utf8.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        #expect(lines <= 250, "README.md has \(lines) lines; move the details to Docs/ and link them")
        for match in readme.matches(of: /\]\((Docs\/[^)#]+)(?:#[^)]*)?\)/) {
            let path = String(match.1)
            #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path), "\(path)")
        }
    }

    @Test("the README's layout: SwiftPM does not warn before Golden/ exists, and the first run records it")
    func firstRun() throws {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let package = try TestSupport.scratchDirectory()
        let folder = package.appendingPathComponent("Tests/BrandTests/Typography")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["brand.tokens.json", "samples.json"] {
            try FileManager.default.copyItem(at: here.appendingPathComponent("ReadmeExample/Typography/" + name),
                                             to: folder.appendingPathComponent(name))
        }
        try Data("import Testing\n".utf8).write(to: package.appendingPathComponent("Tests/BrandTests/BrandTests.swift"))
        try Data("""
            // swift-tools-version:6.0
            import PackageDescription
            let package = Package(name: "Brand", targets: [.testTarget(name: "BrandTests", exclude: ["Typography"])])

            """.utf8).write(to: package.appendingPathComponent("Package.swift"))
        let (status, text) = try swiftPackage(["describe"], in: package)
        #expect(status == 0 && !text.lowercased().contains("warning"), "\(text)")
        // The first run records Golden/ in the folder, and says so once.
        let golden = folder.appendingPathComponent("Golden")
        let messages = GoldenMetricsCheck.run(tokens: [folder.appendingPathComponent("brand.tokens.json")],
                                              samples: folder.appendingPathComponent("samples.json"), golden: golden,
                                              record: false)
        #expect(messages.count == 1 && messages[0].hasPrefix("first run: recorded ") && messages[0].contains("commit that folder"))
        #expect(FileManager.default.fileExists(atPath: golden.appendingPathComponent("metrics.json").path))
        #expect(GoldenMetricsCheck.run(tokens: [folder.appendingPathComponent("brand.tokens.json")],
                                       samples: folder.appendingPathComponent("samples.json"), golden: golden,
                                       record: false).isEmpty)
    }

    /// `swift package …` in `directory`: its exit status and everything it printed.
    func swiftPackage(_ arguments: [String], in directory: URL) throws -> (status: Int32, output: String) {
        let run = try TestSupport.run("/usr/bin/env", ["swift", "package", "--package-path", directory.path] + arguments)
        return (run.status, run.output)
    }

    @Test("a package depending on a clone in a folder named clone names it package: \"clone\", as the README says")
    func pathPackageName() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let scratch = try TestSupport.scratchDirectory()
        try FileManager.default.createSymbolicLink(at: scratch.appendingPathComponent("clone"), withDestinationURL: root)
        let brand = scratch.appendingPathComponent("brand")
        try FileManager.default.createDirectory(at: brand.appendingPathComponent("Tests/BrandTests"),
                                                withIntermediateDirectories: true)
        try Data("import Testing\n".utf8).write(to: brand.appendingPathComponent("Tests/BrandTests/BrandTests.swift"))
        func manifest(package name: String) throws {
            try Data("""
                // swift-tools-version:6.0
                import PackageDescription
                let package = Package(name: "Brand", dependencies: [.package(path: "../clone")], targets: [
                    .testTarget(name: "BrandTests", dependencies: [.product(name: "MatterTypeTesting", package: "\(name)")])])

                """.utf8).write(to: brand.appendingPathComponent("Package.swift"))
        }
        try manifest(package: "clone")
        let named = try swiftPackage(["show-dependencies"], in: brand)
        #expect(named.status == 0 && named.output.contains("clone"), "\(named.output)")
        // The manifest's own name is not how SwiftPM knows a path package.
        try manifest(package: "MatterType")
        let manifestName = try swiftPackage(["show-dependencies"], in: brand)
        #expect(manifestName.status != 0 && manifestName.output.contains("unknown package 'MatterType'"))
    }
}
