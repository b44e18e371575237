public import Foundation
public import MatterType
import MatterTypeWire
public import Testing
import XCTest

/// Golden-metric checks for Swift tests: the same comparison as `mattertype check` (numbers within a tolerance,
/// line texts, faces, and images pixel for pixel, a `.diff.png` written beside each golden image that differs),
/// from Swift Testing (``expectGoldenMetrics(tokens:themes:samples:golden:tolerance:remSize:registry:requireFamilies:record:sourceLocation:)``)
/// or XCTest (``assertGoldenMetrics(tokens:themes:samples:golden:tolerance:remSize:registry:requireFamilies:record:file:line:)``).
///
/// Set the environment variable `MATTERTYPE_RECORD_GOLDENS=1` to (re)write the golden directory from what is
/// measured now (`MATTERTYPE_RECORD_GOLDENS=1 swift test`); the check then fails once, saying so, as a reminder to
/// commit the new files and run again without it. A golden directory without `metrics.json` is recorded the same way.
public enum GoldenMetricsCheck {
    /// The environment variable that asks for goldens to be recorded.
    public static let recordVariable = "MATTERTYPE_RECORD_GOLDENS"

    /// Whether the environment asks for goldens to be recorded (`1`, `true` or `yes`).
    public static var isRecording: Bool {
        ["1", "true", "yes"].contains(ProcessInfo.processInfo.environment[recordVariable]?.lowercased() ?? "")
    }

    /// Compares (or, with `record`, records) and returns one message per failure: each difference, a recording
    /// done, or why the check could not run.
    /// `tokens` may be several files or folders (a design system's sets), read together as one token tree.
    /// `themes` chooses Tokens Studio themes' sets, as `--theme` does. `requireFamilies` fails when a family the
    /// typographies name is missing here (as `check --require-families`); by default it does when checking a
    /// snapshot recorded without any fallback, and a recording says how many typographies fell back.
    public static func run(tokens: [URL], themes: [String] = [], samples: URL, golden: URL, tolerance: Double = 0.01,
                           remSize: Double = 16, registry: FontRegistry = .shared, requireFamilies: Bool? = nil,
                           record: Bool = isRecording) -> [String] {
        do {
            // Strict: a typography with a problem fails the check rather than dropping out of it.
            let designTokens = try DesignTokens(contentsOf: tokens, themes: themes, remSize: remSize, strict: true,
                                                extensions: TypographyFields.tokenExtensions)
            try designTokens.requireTypographies(in: tokens.map(\.path).joined(separator: ", "))
            let metricsSamples = try MetricsSample.load(contentsOf: samples)
            let snapshot = GoldenSnapshot(directory: golden)
            let missing = !FileManager.default.fileExists(atPath: snapshot.metricsURL.path)
            let fallbacks = designTokens.fallbacks(registry: registry)
            if let summary = designTokens.fallbackSummary(fallbacks),
               requireFamilies ?? (!(record || missing) && snapshot.recordedFallbacks == false) {
                return ["the fonts here lack " + fallbacks.map(\.designed).joined(separator: ", ") + " (" + summary
                        + "); register them (FontRegistry.register(fileAt:)) so that the goldens pin the designed faces"]
            }
            if record || missing {
                let metrics = try snapshot.record(tokens: designTokens, samples: metricsSamples, registry: registry)
                let what = missing
                    ? "first run: recorded \(metrics.entries.count) golden combinations in \(golden.path); commit that "
                        + "folder, and the next runs compare with it (this check fails once, so that a run that records "
                        + "cannot pass CI)"
                    : "recorded \(metrics.entries.count) golden combinations in \(golden.path) (\(recordVariable) is "
                        + "set); commit them and run again without it"
                return [what + (designTokens.fallbackSummary(fallbacks).map {
                            "; warning: \($0), and the goldens pin the fallback's face"
                        } ?? "")]
            }
            return try snapshot.differences(tokens: designTokens, samples: metricsSamples, registry: registry,
                                            tolerance: tolerance)
        } catch {
            return ["golden metrics could not be checked: \(error)"]
        }
    }
}

/// Checks, in a Swift Testing test, that every typography token × sample × width of a token file still lays out and
/// draws as the golden directory says (see ``GoldenMetricsCheck``). Each difference is recorded as an issue whose
/// comment starts with the combination's name, e.g. `typography.heading headline@180: lines 1 → 2, height 30 → 60`.
/// `tokens` may name several files or folders (`tokens: base, brand`), read together as one token tree.
///
/// ```swift
/// let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()  // the folder of this test file
///
/// @Test func typographyHasNotMoved() {
///     expectGoldenMetrics(tokens: root.appendingPathComponent("brand.tokens.json"),
///                         samples: root.appendingPathComponent("samples.json"),
///                         golden: root.appendingPathComponent("Golden"))
/// }
/// ```
public func expectGoldenMetrics(tokens: URL..., themes: [String] = [], samples: URL, golden: URL,
                                tolerance: Double = 0.01,
                                remSize: Double = 16, registry: FontRegistry = .shared, requireFamilies: Bool? = nil,
                                record: Bool = GoldenMetricsCheck.isRecording,
                                sourceLocation: SourceLocation = #_sourceLocation) {
    for failure in GoldenMetricsCheck.run(tokens: tokens, themes: themes, samples: samples, golden: golden,
                                          tolerance: tolerance,
                                          remSize: remSize, registry: registry, requireFamilies: requireFamilies,
                                          record: record) {
        // As an error, so that the test's own line says what moved (a comment alone shows as "Issue recorded").
        Issue.record(GoldenMetricsDifference(description: failure), sourceLocation: sourceLocation)
    }
}

/// One golden-metrics failure as ``expectGoldenMetrics(tokens:themes:samples:golden:tolerance:remSize:registry:requireFamilies:record:sourceLocation:)``
/// records it: which token, sample and width changed and how (`typography.heading headline@180: lines 1 → 2,
/// height 30 → 60`), a recording done, or why the check could not run.
public struct GoldenMetricsDifference: Error, Sendable, Hashable, CustomStringConvertible {
    /// The sentence.
    public let description: String
}

/// The XCTest form of ``expectGoldenMetrics(tokens:themes:samples:golden:tolerance:remSize:registry:requireFamilies:record:sourceLocation:)``:
/// one `XCTFail` per difference.
///
/// ```swift
/// final class TypographyTests: XCTestCase {
///     func testTypographyHasNotMoved() {
///         assertGoldenMetrics(tokens: root.appendingPathComponent("brand.tokens.json"),
///                             samples: root.appendingPathComponent("samples.json"),
///                             golden: root.appendingPathComponent("Golden"))
///     }
/// }
/// ```
public func assertGoldenMetrics(tokens: URL..., themes: [String] = [], samples: URL, golden: URL,
                                tolerance: Double = 0.01,
                                remSize: Double = 16, registry: FontRegistry = .shared, requireFamilies: Bool? = nil,
                                record: Bool = GoldenMetricsCheck.isRecording,
                                file: StaticString = #filePath, line: UInt = #line) {
    for failure in GoldenMetricsCheck.run(tokens: tokens, themes: themes, samples: samples, golden: golden,
                                          tolerance: tolerance,
                                          remSize: remSize, registry: registry, requireFamilies: requireFamilies,
                                          record: record) {
        XCTFail(failure, file: file, line: line)
    }
}
