import Foundation
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
}
