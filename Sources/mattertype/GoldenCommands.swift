import ArgumentParser
import Foundation
import MatterType

/// What `snapshot` and `check` share: the tokens, the samples, the fonts, and the files of one golden directory.
struct GoldenOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The design-token file whose typography tokens are measured.",
                               valueName: "file.tokens.json"))
    var tokens: String

    @Option(help: ArgumentHelp("The samples: {\"samples\": [{\"name\", \"text\", \"widths\"}]}.", valueName: "file.json"))
    var samples: String

    @Option(name: .customLong("rem-size"), parsing: .unconditional, help: "Points per rem (16).")
    var remSize = 16.0

    @OptionGroup var fontSources: FontSourceOptions

    /// The metrics of every token × sample × width, and the registry they were measured with.
    func measure() throws -> (GoldenMetrics, DesignTokens, [MetricsSample], FontRegistry) {
        let tokens = try DesignTokens(contentsOf: URL(fileURLWithPath: self.tokens), remSize: remSize)
        let samples = try MetricsSample.load(contentsOf: URL(fileURLWithPath: self.samples))
        let registry = try fontSources.makeRegistry()
        return (try GoldenMetrics.measure(tokens: tokens, samples: samples, registry: registry), tokens, samples,
                registry)
    }

    /// The image of one entry, drawn as `render` draws (#000 on transparent, @1x).
    static func image(_ entry: GoldenMetrics.Entry, tokens: DesignTokens, samples: [MetricsSample],
                      registry: FontRegistry) throws -> RGBAImage? {
        guard let typography = tokens.typographies[entry.token],
              let sample = samples.first(where: { $0.name == entry.sample }) else { return nil }
        let layout = try TextLayout(sample.text, typography: typography, limits: LayoutLimits(width: entry.width),
                                    registry: registry)
        return try TextRenderer.shared.image(of: layout)
    }

    /// `DIR/<token>/<sample>@<width><suffix>.png` (a `/` in a token path becomes `_`).
    static func imagePath(_ directory: String, _ entry: GoldenMetrics.Entry, suffix: String = "") -> String {
        let folder = entry.token.replacingOccurrences(of: "/", with: "_")
        return "\(directory)/\(folder)/\(entry.sample)@\(GoldenMetrics.widthName(entry.width))\(suffix).png"
    }

    /// Writes the metrics and every entry's image into `directory`.
    static func write(_ metrics: GoldenMetrics, tokens: DesignTokens, samples: [MetricsSample],
                      registry: FontRegistry, to directory: String) throws {
        for entry in metrics.entries {
            let path = imagePath(directory, entry)
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            if let image = try image(entry, tokens: tokens, samples: samples, registry: registry) {
                try ImageFile.write(PNGEncoder.encode(image), to: path)
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try ImageFile.write(encoder.encode(metrics) + Data("\n".utf8), to: "\(directory)/metrics.json")
    }
}

/// `mattertype snapshot`: golden metrics and images of every typography token × sample × width.
struct SnapshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Write the metrics (DIR/metrics.json) and images (DIR/<token>/<sample>@<width>.png) of every "
            + "typography token × sample × width.")

    @OptionGroup var golden: GoldenOptions

    @Option(help: ArgumentHelp("The directory to write.", valueName: "dir"))
    var out: String

    func run() throws {
        let (metrics, tokens, samples, registry) = try golden.measure()
        try GoldenOptions.write(metrics, tokens: tokens, samples: samples, registry: registry, to: out)
        print("\(out): \(metrics.entries.count) combinations of \(tokens.typographies.count) tokens and "
            + "\(samples.count) samples")
    }
}

/// `mattertype check`: compare with golden metrics; exit 1 with one line per difference.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Compare every typography token × sample × width with a snapshot: exit 0 when all match, else "
            + "print one line per difference, write <sample>@<width>.diff.png beside the golden image and exit 1.")

    @OptionGroup var golden: GoldenOptions

    @Option(name: .customLong("golden"), help: ArgumentHelp("The snapshot directory.", valueName: "dir"))
    var directory: String

    @Option(parsing: .unconditional, help: "Points a number may differ by (0.01).")
    var tolerance = 0.01

    @Flag(help: "Rewrite the snapshot with what is measured now.")
    var update = false

    func validate() throws {
        guard tolerance.isFinite, tolerance >= 0 else { throw ValidationError("--tolerance must be 0 or more") }
    }

    func run() throws {
        let (metrics, tokens, samples, registry) = try golden.measure()
        if update {
            try GoldenOptions.write(metrics, tokens: tokens, samples: samples, registry: registry, to: directory)
            print("\(directory): updated, \(metrics.entries.count) combinations")
            return
        }
        let file = "\(directory)/metrics.json"
        guard let data = FileManager.default.contents(atPath: file) else {
            throw CLIError(description: "\(file): no such file; make it with mattertype snapshot or check --update")
        }
        let goldenMetrics: GoldenMetrics
        do {
            goldenMetrics = try JSONDecoder().decode(GoldenMetrics.self, from: data)
        } catch {
            throw CLIError(description: "\(file): not golden metrics (\(error.localizedDescription))")
        }
        var reports = metrics.differences(from: goldenMetrics, tolerance: tolerance)
        // Images: compared where the metrics match too (a glyph change that keeps every width).
        let differing = Set(reports.map { String($0.prefix { $0 != ":" }) })
        for entry in metrics.entries {
            let path = GoldenOptions.imagePath(directory, entry)
            guard let new = try GoldenOptions.image(entry, tokens: tokens, samples: samples, registry: registry) else {
                continue
            }
            guard let oldData = FileManager.default.contents(atPath: path), let old = PNGDecoder.decode(oldData) else {
                if !differing.contains(entry.name) { reports.append("\(entry.name): no golden image at \(path)") }
                continue
            }
            let pixels = ImageDiff.differingPixels(old, new)
            guard pixels > 0 || differing.contains(entry.name) else { continue }
            if pixels > 0, !differing.contains(entry.name) { reports.append("\(entry.name): \(pixels) pixels differ") }
            try ImageFile.write(PNGEncoder.encode(ImageDiff.sideBySide(old, new)),
                                to: GoldenOptions.imagePath(directory, entry, suffix: ".diff"))
        }
        for report in reports.sorted() { print(report) }
        if reports.isEmpty {
            print("\(metrics.entries.count) combinations match")
        } else {
            print("\(reports.count) of \(metrics.entries.count) combinations differ")
            throw ExitCode(1)
        }
    }
}
