public import Foundation
public import MatterType
public import Testing

/// Checks, in a Swift Testing test, that every typography token × sample × width of a token file still lays out as
/// a snapshot (`mattertype snapshot --out DIR`) says: line counts, line texts exactly, widths, baselines and
/// heights within `tolerance` points, the same faces. Each difference is recorded as an issue whose comment starts
/// with the combination's name, e.g. `typography.heading headline@180: lines 1 → 2, height 30 → 60`.
///
/// ```swift
/// @Test func typographyHasNotMoved() {
///     expectGoldenMetrics(tokens: root.appending(path: "brand.tokens.json"),
///                         samples: root.appending(path: "samples.json"), golden: root.appending(path: "Golden"))
/// }
/// ```
public func expectGoldenMetrics(tokens: URL, samples: URL, golden: URL, tolerance: Double = 0.01,
                                remSize: Double = 16, registry: FontRegistry = .shared,
                                sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        let designTokens = try DesignTokens(contentsOf: tokens, remSize: remSize)
        let metrics = try GoldenMetrics.measure(tokens: designTokens, samples: MetricsSample.load(contentsOf: samples),
                                                registry: registry)
        let file = golden.appendingPathComponent("metrics.json")
        let snapshot = try JSONDecoder().decode(GoldenMetrics.self, from: Data(contentsOf: file))
        for difference in metrics.differences(from: snapshot, tolerance: tolerance) {
            Issue.record(Comment(rawValue: difference), sourceLocation: sourceLocation)
        }
    } catch {
        Issue.record(Comment(rawValue: "golden metrics could not be checked: \(error)"), sourceLocation: sourceLocation)
    }
}
