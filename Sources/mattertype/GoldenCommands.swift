import ArgumentParser
import Foundation
import MatterType
import MatterTypeWire

/// What `snapshot` and `check` share: the tokens, the samples, the fonts, and the files of one golden directory.
struct GoldenOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A design-token file or Tokens Studio folder whose typography tokens are measured; "
                               + "repeatable, read together as one token tree (later ones win).",
                               valueName: "file.tokens.json"))
    var tokens: [String] = []

    @Option(help: ArgumentHelp("A Tokens Studio theme whose sets are read (group/name or name); repeatable.",
                               valueName: "theme"))
    var theme: [String] = []

    @Option(help: ArgumentHelp("The samples: {\"samples\": [{\"name\", \"text\", \"widths\"}]}.", valueName: "file.json"))
    var samples: String

    @Option(name: .customLong("rem-size"), parsing: .unconditional, help: "Points per rem (16).")
    var remSize = 16.0

    @Flag(inversion: .prefixedNo, help: "Fail on a problem in any typography token, listing them all (the default: CI wants failures); --no-strict leaves those tokens out with a warning each.")
    var strict = true

    @OptionGroup var fontSources: FontSourceOptions

    func validate() throws {
        if tokens.isEmpty { throw ValidationError("give the design tokens with --tokens FILE (repeatable)") }
    }

    /// When `require`: an error naming each family the typographies name that is missing here (goldens recorded
    /// so would pin the fallback's face); else a `warning:` line summing them up. Nothing without fallbacks.
    func checkFamilies(_ tokens: DesignTokens, registry: FontRegistry, require: Bool) throws {
        let fallbacks = tokens.fallbacks(registry: registry)
        guard let summary = tokens.fallbackSummary(fallbacks) else { return }
        if require {
            throw CLIError(description: "the fonts here lack " + fallbacks.map { "\($0.designed) (drawn by \($0.drawn) "
                + "in \($0.tokens.count) typograph\($0.tokens.count == 1 ? "y" : "ies"))" }.joined(separator: ", ")
                + "; install them or add them with --font-file, so that the goldens pin the designed faces")
        }
        FileHandle.standardError.write(Data(("warning: " + summary + "; the goldens pin the fallback's face: install "
            + "the families (or --font-file), or --require-families to fail instead\n").utf8))
    }

    /// The tokens, the samples and the registry to measure with.
    func inputs() throws -> (DesignTokens, [MetricsSample], FontRegistry) {
        let designTokens = try DesignTokens(contentsOf: tokens.map { URL(fileURLWithPath: $0) }, themes: theme,
                                            remSize: remSize, strict: strict,
                                            extensions: TypographyFields.tokenExtensions)
        try designTokens.requireTypographies(in: tokens.joined(separator: ", "))
        warnLeftOut(designTokens)
        return (designTokens, try MetricsSample.load(contentsOf: URL(fileURLWithPath: samples)),
                try fontSources.makeRegistry())
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

    @Flag(help: "Fail, writing nothing, when a family the typographies name is missing here (default: a warning).")
    var requireFamilies = false

    func run() throws {
        let (tokens, samples, registry) = try golden.inputs()
        try golden.checkFamilies(tokens, registry: registry, require: requireFamilies)
        let metrics = try GoldenSnapshot(directory: URL(fileURLWithPath: out))
            .record(tokens: tokens, samples: samples, registry: registry)
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

    @Flag(inversion: .prefixedNo, help: ArgumentHelp("Fail when a family the typographies name is missing here "
                                                     + "(default: when the snapshot was recorded without any fallback; "
                                                     + "else a warning)."))
    var requireFamilies: Bool?

    func validate() throws {
        guard tolerance.isFinite, tolerance >= 0 else { throw ValidationError("--tolerance must be 0 or more") }
    }

    func run() throws {
        let (tokens, samples, registry) = try golden.inputs()
        let snapshot = GoldenSnapshot(directory: URL(fileURLWithPath: directory))
        try golden.checkFamilies(tokens, registry: registry,
                                 require: requireFamilies ?? (snapshot.recordedFallbacks == false))
        if update {
            let metrics = try snapshot.record(tokens: tokens, samples: samples, registry: registry)
            print("\(directory): updated, \(metrics.entries.count) combinations")
            return
        }
        let reports: [String]
        do {
            reports = try snapshot.differences(tokens: tokens, samples: samples, registry: registry,
                                               tolerance: tolerance)
        } catch let error as GoldenSnapshotError {
            guard case .missing = error else { throw CLIError(description: error.description) }
            throw CLIError(description: error.description + " with mattertype snapshot or check --update")
        }
        let count = samples.reduce(0) { $0 + $1.widths.count } * tokens.typographies.count
        for report in reports { print(report) }
        if reports.isEmpty {
            print("\(count) combinations match")
        } else {
            print("\(reports.count) of \(count) combinations differ")
            throw ExitCode(1)
        }
    }
}
