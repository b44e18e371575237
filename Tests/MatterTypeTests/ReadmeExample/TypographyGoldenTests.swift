// The README's MatterTypeTesting example, as written there (ReadmeTests checks the two stay the same), with the
// files it reads in Typography/ beside it: brand.tokens.json and samples.json (copies of Examples/) and Golden/,
// recorded with MATTERTYPE_RECORD_GOLDENS=1 swift test --filter TypographyGolden.
import Foundation
import MatterTypeTesting
import Testing
import XCTest

/// The folder beside this test file that holds brand.tokens.json, samples.json and, once recorded, Golden/.
private let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Typography")

@Test func typographyHasNotMoved() {
    expectGoldenMetrics(tokens: here.appendingPathComponent("brand.tokens.json"),
                        samples: here.appendingPathComponent("samples.json"),
                        golden: here.appendingPathComponent("Golden"))
}

final class TypographyGoldenTests: XCTestCase {
    func testTypographyHasNotMoved() {
        assertGoldenMetrics(tokens: here.appendingPathComponent("brand.tokens.json"),
                            samples: here.appendingPathComponent("samples.json"),
                            golden: here.appendingPathComponent("Golden"))
    }
}
