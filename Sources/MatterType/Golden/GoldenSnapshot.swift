public import Foundation

/// A golden directory: `metrics.json` and one image per token × sample × width (`<token>/<sample>@<width>.png`), as
/// `mattertype snapshot` writes it and `mattertype check` and `MatterTypeTesting` compare with it. Both go through
/// this one type, so the CLI and Swift tests check the same things the same way.
///
/// ```swift
/// let golden = GoldenSnapshot(directory: URL(fileURLWithPath: "Golden"))
/// let tokens = try DesignTokens(contentsOf: URL(fileURLWithPath: "brand.tokens.json"))
/// let samples = try MetricsSample.load(contentsOf: URL(fileURLWithPath: "samples.json"))
/// let problems = try golden.differences(tokens: tokens, samples: samples)  // [] when nothing moved
/// ```
public struct GoldenSnapshot: Sendable {
    /// The directory.
    public let directory: URL

    /// The snapshot in `directory`.
    public init(directory: URL) {
        self.directory = directory
    }

    /// `metrics.json` in the directory.
    public var metricsURL: URL { directory.appendingPathComponent("metrics.json") }

    /// The image of `entry`, with `suffix` before `.png` (`.diff` for a difference image); a `/` in a token path
    /// becomes `_`.
    public func imageURL(for entry: GoldenMetrics.Entry, suffix: String = "") -> URL {
        directory.appendingPathComponent(entry.token.replacingOccurrences(of: "/", with: "_"))
            .appendingPathComponent("\(entry.sample)@\(GoldenMetrics.widthName(entry.width))\(suffix).png")
    }

    /// The image of one entry, drawn as `render` draws it (#000 on transparent, @1x, grown to hold its ink), or
    /// `nil` when the token or sample is not among those given.
    public static func image(of entry: GoldenMetrics.Entry, tokens: DesignTokens, samples: [MetricsSample],
                             registry: FontRegistry = .shared) throws -> RGBAImage? {
        guard let typography = tokens.typographies[entry.token],
              let sample = samples.first(where: { $0.name == entry.sample }) else { return nil }
        let layout = try TextLayout(sample.text, typography: typography, limits: LayoutLimits(width: entry.width),
                                    registry: registry)
        return try TextRenderer.shared.image(of: layout)
    }

    /// Measures every token × sample × width and writes the metrics and images (replacing what was there).
    /// - Returns: the metrics written.
    @discardableResult
    public func record(tokens: DesignTokens, samples: [MetricsSample],
                       registry: FontRegistry = .shared) throws -> GoldenMetrics {
        let metrics = try GoldenMetrics.measure(tokens: tokens, samples: samples, registry: registry)
        for entry in metrics.entries {
            let url = imageURL(for: entry)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(),
                                                    withIntermediateDirectories: true)
            if let image = try GoldenSnapshot.image(of: entry, tokens: tokens, samples: samples, registry: registry) {
                try ImageFile.write(PNGEncoder.encode(image), to: url.path)
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try ImageFile.write(encoder.encode(metrics) + Data("\n".utf8), to: metricsURL.path)
        return metrics
    }

    /// Whether the snapshot's `metrics.json` records a typography drawn by a fallback family: `nil` when there is
    /// none or it cannot be read.
    public var recordedFallbacks: Bool? {
        guard let data = FileManager.default.contents(atPath: metricsURL.path),
              let golden = try? JSONDecoder().decode(GoldenMetrics.self, from: data) else { return nil }
        return golden.entries.contains { $0.fallback }
    }

    /// How the typographies lay out and draw now compared with the snapshot: one sentence per combination that
    /// differs (numbers beyond `tolerance` points, line texts, faces, and images pixel for pixel where the numbers
    /// match), sorted. For each combination whose image differs, `<sample>@<width>.diff.png` (old | new | diff) is
    /// written beside the golden image; one left from an earlier check is removed once its image matches again.
    /// - Throws: ``GoldenSnapshotError`` when there is no `metrics.json` or it is not golden metrics; a layout,
    ///   render or file error.
    public func differences(tokens: DesignTokens, samples: [MetricsSample], registry: FontRegistry = .shared,
                            tolerance: Double = 0.01) throws -> [String] {
        guard let data = FileManager.default.contents(atPath: metricsURL.path) else {
            throw GoldenSnapshotError.missing(path: metricsURL.path)
        }
        let golden: GoldenMetrics
        do {
            golden = try JSONDecoder().decode(GoldenMetrics.self, from: data)
        } catch {
            throw GoldenSnapshotError.unreadable(path: metricsURL.path, reason: error.localizedDescription)
        }
        let metrics = try GoldenMetrics.measure(tokens: tokens, samples: samples, registry: registry)
        var reports = metrics.differences(from: golden, tolerance: tolerance)
        // Images: compared where the metrics match too (a glyph change that keeps every width).
        let differing = Set(reports.map { String($0.prefix { $0 != ":" }) })
        for entry in metrics.entries {
            guard let new = try GoldenSnapshot.image(of: entry, tokens: tokens, samples: samples,
                                                     registry: registry) else { continue }
            let url = imageURL(for: entry)
            guard let oldData = FileManager.default.contents(atPath: url.path), let old = PNGDecoder.decode(oldData) else {
                if !differing.contains(entry.name) { reports.append("\(entry.name): no golden image at \(url.path)") }
                continue
            }
            let pixels = ImageDiff.differingPixels(old, new)
            let diffURL = imageURL(for: entry, suffix: ".diff")
            guard pixels > 0 || differing.contains(entry.name) else {
                // It matches now: a diff image from an earlier failing check is stale.
                try? FileManager.default.removeItem(at: diffURL)
                continue
            }
            if pixels > 0, !differing.contains(entry.name) { reports.append("\(entry.name): \(pixels) pixels differ") }
            try ImageFile.write(PNGEncoder.encode(ImageDiff.sideBySide(old, new)), to: diffURL.path)
        }
        return reports.sorted()
    }
}

/// Why a golden directory cannot be compared with.
public enum GoldenSnapshotError: Error, Sendable, Hashable, CustomStringConvertible {
    /// There is no `metrics.json`.
    case missing(path: String)
    /// `metrics.json` is not golden metrics.
    case unreadable(path: String, reason: String)

    public var description: String {
        switch self {
        case .missing(let path): "\(path): no such file; record the golden metrics first"
        case .unreadable(let path, let reason): "\(path): not golden metrics (\(reason))"
        }
    }
}
