import ArgumentParser
import Foundation
import MatterType
import MatterTypeCards
import MatterTypeFigma
import MatterTypeWire
import Synchronization

/// `mattertype batch`: one card (a card document or a Figma frame) drawn for every row of a CSV or JSON Lines file.
struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Draw a card for every row of a CSV or JSON Lines file: the row's values fill the template's "
            + "{{placeholders}} and the output path's.",
        discussion: """
            mattertype batch card.json --values rows.csv --out 'out/{{slug}}.png'. The template is a card document \
            or a Figma document (--node picks the frame; by default its only top-level node). A CSV's first line \
            names the values. Rows stream through --jobs workers; a bad row is reported with its line (the header \
            is line 1) and the others go on; the exit status is 1 when any row failed. --shard K/N takes every N-th \
            row from row K (0 ≤ K < N), so that N machines split one file without talking to each other.
            """)

    @OptionGroup var templateOptions: TemplateOptions

    @Option(name: .customLong("values"), help: ArgumentHelp(
        "The rows: a .csv file (its first line names the values) or a .jsonl file (a JSON object a line).",
        valueName: "rows.csv"))
    var rows: String?

    @Flag(help: ArgumentHelp("Draw a Figma template in every combination of its node's own variants' options and "
                             + "every mode of each --variables collection (with --values, for every row): each "
                             + "combination's values, and {{matrix}} (its values joined by -) for --out."))
    var matrix = false

    @Option(help: ArgumentHelp("Where each card goes: a path with {{name}} placeholders filled from its row; the "
                               + "extension (.png, .webp, .jpg, .svg, .pdf) is the format; folders are made.",
                               valueName: "out/{{slug}}.png"))
    var out: String

    @Option(help: "How many cards are drawn at once (default: the cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: ArgumentHelp("Take every N-th row from row K (0 ≤ K < N; rows count from 0 after a CSV's header).",
                               valueName: "K/N"))
    var shard: String?

    @Flag(help: "Leave a row whose output file exists as it is (resume a batch).")
    var skipExisting = false

    @Flag(help: "Let a later row replace the file of an earlier row with the same output path (default: a bad row).")
    var overwrite = false

    @OptionGroup var fontSources: FontSourceOptions

    @OptionGroup var warningOptions: WarningOptions

    @OptionGroup var drawing: DrawingOptions

    func validate() throws {
        guard rows != nil || matrix else {
            throw ValidationError("give the rows with --values rows.csv, or --matrix for a Figma template's variants "
                                  + "and modes")
        }
        guard (1...256).contains(jobs) else { throw ValidationError("--jobs \(jobs): give 1 to 256") }
        _ = try shardParts()
        guard ImageFormat(path: out.replacingOccurrences(of: "{{", with: "").replacingOccurrences(of: "}}", with: ""))
                != nil else {
            throw RenderError.unsupportedFormat(path: out)
        }
    }

    /// --shard as (K, N); (0, 1) without it.
    private func shardParts() throws -> (index: Int, count: Int) {
        guard let shard else { return (0, 1) }
        let parts = shard.split(separator: "/", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2, let index = parts[0], let count = parts[1], count >= 1,
              (0..<count).contains(index) else {
            throw ValidationError("--shard \(shard): write it as K/N with 0 ≤ K < N, e.g. 0/4")
        }
        return (index, count)
    }

    func run() throws {
        let shard = try shardParts()
        let registry = try fontSources.makeRegistry()
        let source = try cardSource(registry: registry)
        let files = variableOptions.tokenFiles
        let tokens = files.tokens.isEmpty ? nil
            : try DesignTokens(contentsOf: files.urls, themes: files.theme, extensions: TypographyFields.tokenExtensions)
        let imageDirectory = templateOptions.imageDirectory
        let renderer = drawing.renderer(registry: registry, tokens: tokens, imageDirectory: imageDirectory)
        if case .figma(let frame) = source { warnText([], frames: [frame], registry: renderer.registry) }
        // The matrix's rows are written to a file of their own, read as any rows file.
        let matrixFile = matrix ? try matrixRows(source) : nil
        defer { if let matrixFile { try? FileManager.default.removeItem(atPath: matrixFile) } }
        guard let rows = matrixFile ?? rows else { return }
        try checkColumns(of: rows, source: source)
        // Counted first, so that the progress shows done/total; a second reader then streams them.
        let total = try BatchCommand.count(rows, shard: shard)
        let progress = BatchProgress(total: total)
        let state = Mutex(BatchState(reader: try BatchRows(path: rows)))
        let out = BatchOutput(pattern: self.out), skipExisting = self.skipExisting, overwrite = self.overwrite
        let leftovers = out.removeLeftoverTemporaryFiles()
        if leftovers > 0 {
            let line = "batch: removed \(leftovers) unfinished file\(leftovers == 1 ? "" : "s") an earlier run left\n"
            FileHandle.standardError.write(Data(line.utf8))
        }
        let stops = BatchCommand.stopCleanly()
        defer { stops.forEach { $0.cancel() } }
        let workers = min(jobs, max(total, 1))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                // The reader is read under the lock: one row at a time, in order.
                let next: Result<BatchRows.Row?, any Error> = state.withLock { state in
                    do {
                        while let row = try state.reader.next() {
                            defer { state.rowIndex += 1 }
                            if state.rowIndex % shard.count == shard.index { return .success(row) }
                        }
                        return .success(nil)
                    } catch {
                        return .failure(error)
                    }
                }
                let row: BatchRows.Row
                switch next {
                case .success(let taken?): row = taken
                case .success(nil): return
                case .failure(let error):
                    state.withLock { $0.readError = $0.readError ?? error }
                    return
                }
                // Two rows writing one file: the second is a bad row naming the first (unless --overwrite).
                let claim: (String) -> Int? = { path in
                    overwrite ? nil : state.withLock { state in
                        if let earlier = state.paths[path] { return earlier }
                        state.paths[path] = row.line
                        return nil
                    }
                }
                let outcome = BatchCommand.draw(row, source: source, sizing: drawing, renderer: renderer, out: out,
                                                skipExisting: skipExisting, claim: claim)
                let counts = state.withLock { state -> (finished: Int, done: Int) in
                    switch outcome {
                    case .done: state.done += 1
                    case .skipped: state.skipped += 1
                    case .failed(let message):
                        state.failed += 1
                        let line = progress.clearing + "line \(row.line): \(message)\n"
                        FileHandle.standardError.write(Data(line.utf8))
                    }
                    return (state.done + state.skipped + state.failed, state.done)
                }
                progress.update(finished: counts.finished, done: counts.done)
            }
        }
        let final = state.withLock { ($0.done, $0.skipped, $0.failed, $0.readError) }
        if let error = final.3 { throw error }
        progress.finish(done: final.0, skipped: final.1, failed: final.2)
        if final.2 > 0 { throw ExitCode(1) }
    }

    /// On SIGTERM or SIGINT: the files being written removed, a line saying so, exit status 128 + the signal
    /// (143, 130), so that a stopped batch leaves only whole images and a resumed one (`--skip-existing`) starts
    /// clean. Returns the signal sources, to cancel when the batch ends.
    private static func stopCleanly() -> [any DispatchSourceSignal] {
        // A queue of its own (an overcommitting one): the global queues' threads are all drawing cards.
        let queue = DispatchQueue(label: "mattertype.batch.signals")
        // A parent may start us with the signals blocked (the mask is inherited across exec): unblock them here,
        // on the main thread, which the workers' threads inherit the mask from.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        return [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)  // delivered to the source below instead
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                ImageFile.abandonUnfinishedFiles()
                let line = "\nbatch: stopped by signal \(number); the cards written are whole, unfinished ones "
                    + "removed\n"
                FileHandle.standardError.write(Data(line.utf8))
                Foundation.exit(128 + number)
            }
            source.resume()
            return source
        }
    }

    /// The rows this shard takes.
    private static func count(_ path: String, shard: (index: Int, count: Int)) throws -> Int {
        let reader = try BatchRows(path: path)
        var index = 0, taken = 0
        while try reader.next() != nil {
            if index % shard.count == shard.index { taken += 1 }
            index += 1
        }
        return taken
    }

    /// The template's path.
    private var template: String { templateOptions.template }
    /// The variables and token options.
    private var variableOptions: FigmaVariableOptions { templateOptions.variableOptions }

    /// What makes a row's card from its values (``TemplateOptions/source(registry:verbose:)``).
    private func cardSource(registry: FontRegistry) throws -> CardSource {
        try templateOptions.source(registry: registry, verbose: warningOptions.verbose)
    }

    /// Before the first row: a CSV's header must name every value the `--out` pattern and the template's
    /// placeholders need, or the batch stops with one error naming them (not one a row).
    private func checkColumns(of rows: String, source: CardSource) throws {
        guard let columns = try BatchRows(path: rows).columns else { return }
        let forOut = Card.placeholders(in: out).map(\.name), forTemplate = source.template.placeholders
        var missing: [String] = []
        for name in forOut + forTemplate where !columns.contains(name) && !missing.contains(name) { missing.append(name) }
        guard !missing.isEmpty else { return }
        let needs = missing.map { name in
            "\"\(name)\" (" + (forOut.contains(name) ? "--out" : "the template's {{\(name)}}") + ")"
        }
        throw CLIError(description: "\(rows): line 1 has no column " + needs.joined(separator: ", ")
                       + "; its columns are " + columns.joined(separator: ", "))
    }

    /// The most rows --matrix makes (its combinations times the --values rows).
    static let maximumMatrixRows = 100_000

    /// --matrix's rows, written as JSON Lines to a temporary file (its path): every combination of the node's own
    /// variant fields' options (`Size`, not a nested `Card/Size`) and of each collection's modes (a `mode` value,
    /// `A=Light,B=Compact`), crossed with the --values rows when given; `matrix` is the combination's values
    /// joined by `-` (letters, digits and `_` kept), for --out.
    private func matrixRows(_ source: CardSource) throws -> String {
        guard case .figma(let frame) = source else {
            throw CLIError(description: "\(template): --matrix expands a Figma template's variants and modes; this "
                           + "is a card document")
        }
        var axes: [[(name: String, value: String, label: String)]] = []
        for field in frame.fields where field.type == .variant && !field.name.contains("/") {
            guard let options = field.options, !options.isEmpty else { continue }
            axes.append(options.map { (field.name, $0, $0) })
        }
        var modeAxes: [[(collection: String, mode: String)]] = []
        for choices in try variableOptions.read()?.collectionModes ?? [] where !choices.modes.isEmpty {
            modeAxes.append(choices.modes.map { (choices.collection, $0) })
        }
        var combinations: [(values: [String: String], labels: [String])] = [([:], [])]
        for axis in axes {
            combinations = combinations.flatMap { combination in
                axis.map { (combination.values.merging([$0.name: $0.value]) { _, new in new },
                            combination.labels + [$0.label]) }
            }
            // Many variants multiply fast: stop before making more than can be drawn (refused below).
            guard combinations.count <= Self.maximumMatrixRows else { break }
        }
        for axis in modeAxes where combinations.count <= Self.maximumMatrixRows {
            combinations = combinations.flatMap { combination in
                axis.map { choice in
                    var values = combination.values
                    let pair = "\(choice.collection)=\(choice.mode)"
                    values[FigmaFrame.modeField] = values[FigmaFrame.modeField].map { $0 + "," + pair } ?? pair
                    return (values, combination.labels + [choice.mode])
                }
            }
        }
        guard axes.count + modeAxes.count > 0 else {
            throw CLIError(description: "\(template): node \(frame.nodeID) has no variants of its own and no "
                           + "--variables modes to expand; list its fields with mattertype figma --fields")
        }
        var given: [[String: String]] = [[:]]
        if let rows {
            given = []
            let reader = try BatchRows(path: rows)
            while let row = try reader.next() {
                given.append(try row.values.mapError { CLIError(description: "\(rows): line \(row.line): \($0)") }.get())
                guard given.count * combinations.count <= Self.maximumMatrixRows else { break }
            }
        }
        guard given.count * combinations.count <= Self.maximumMatrixRows else {
            throw CLIError(description: "--matrix makes \(given.count) × \(combinations.count) rows, over "
                           + "\(Self.maximumMatrixRows); give fewer rows or variants")
        }
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("mattertype-matrix-\(UUID().uuidString).jsonl").path
        var lines = Data()
        for row in given {
            for combination in combinations {
                var values = row.merging(combination.values) { _, matrix in matrix }
                values["matrix"] = combination.labels.map { label in
                    String(label.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
                }.joined(separator: "-")
                lines.append(try JSONSerialization.data(withJSONObject: values, options: [.sortedKeys]))
                lines.append(0x0A)
            }
        }
        try lines.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// What became of a row.
    private enum Outcome {
        case done, skipped
        case failed(String)
    }

    /// Draws `row`'s card, sized as `sizing` says, and writes it where `out` says, unless it is there already and
    /// `skipExisting`.
    private static func draw(_ row: BatchRows.Row, source: CardSource, sizing: DrawingOptions, renderer: CardRenderer,
                             out: BatchOutput, skipExisting: Bool, claim: (String) -> Int?) -> Outcome {
        do {
            let values = try row.values.get()
            let path = try out.path(values: values)
            if let earlier = claim(path) {
                return .failed("writes \(path), as line \(earlier) does; give each row its own --out path (a column "
                               + "such as {{slug}}), or --overwrite")
            }
            if skipExisting, FileManager.default.fileExists(atPath: path) { return .skipped }
            try out.checkWritable(path)
            let card: Card
            do {
                card = sizing.sized(try source.card(values: values))
            } catch CardError.missingValue(let name) {
                return .failed("no value for {{\(name)}}")
            }
            let bytes = try naming(source.describe) { () throws(CardError) in
                try renderer.encoded(card, format: ImageFormat(path: path) ?? .png, quality: sizing.quality)
            }
            try FileManager.default.createDirectory(at: URL(fileURLWithPath: path).deletingLastPathComponent(),
                                                    withIntermediateDirectories: true)
            try ImageFile.write(bytes, to: path)
            return .done
        } catch {
            return .failed(String(describing: error))
        }
    }
}

/// What the workers share: the rows' reader and the counts.
private struct BatchState {
    let reader: BatchRows
    /// Rows read so far (a shard's and the others').
    var rowIndex = 0
    /// The output paths written, with the line of the row that claimed each.
    var paths: [String: Int] = [:]
    var done = 0, skipped = 0, failed = 0
    var readError: (any Error)?
}

/// The batch's progress on standard error: a bar redrawn in place on a terminal, plain lines (about every two
/// seconds) otherwise; and the summary at the end.
final class BatchProgress: Sendable {
    private let total: Int
    /// The command's name, beginning its lines.
    private let command: String
    private let start = Date()
    private let isTerminal = isatty(STDERR_FILENO) == 1
    /// When a line was last written (seconds since the start).
    private let last = Mutex(0.0)

    init(total: Int, command: String = "batch") {
        self.total = total
        self.command = command
    }

    /// What erases the bar on a terminal before another line is written.
    var clearing: String { isTerminal ? "\r\u{1B}[K" : "" }

    /// Shows `finished` of the total rows (`done` of them drawn).
    func update(finished: Int, done: Int) {
        let elapsed = Date().timeIntervalSince(start)
        let due = last.withLock { last -> Bool in
            guard elapsed - last >= (isTerminal ? 0.1 : 2) || finished == total else { return false }
            last = elapsed
            return true
        }
        guard due else { return }
        let rate = Double(done) / max(elapsed, 1e-3)
        let left = rate > 0 ? Double(total - finished) / rate : 0
        let figures = "\(finished)/\(total) · \(String(format: "%.1f", rate)) cards/s · \(Self.clock(left)) left"
        if isTerminal {
            let width = 24, filled = total > 0 ? width * finished / total : width
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            FileHandle.standardError.write(Data("\r\u{1B}[K\(bar) \(figures)".utf8))
        } else {
            FileHandle.standardError.write(Data("\(command): \(figures)\n".utf8))
        }
    }

    /// The summary: done, skipped, failed and the rate.
    func finish(done: Int, skipped: Int, failed: Int) {
        finish("\(done) done, \(skipped) skipped, \(failed) failed of \(total) rows", done: done)
    }

    /// The summary line: `counts`, the time and the rate of `done` cards.
    func finish(_ counts: String, done: Int) {
        let elapsed = Date().timeIntervalSince(start)
        let rate = Double(done) / max(elapsed, 1e-3)
        FileHandle.standardError.write(Data((clearing + "\(command): \(counts) in \(String(format: "%.1f", elapsed)) s "
            + "(\(String(format: "%.1f", rate)) cards/s)\n").utf8))
    }

    /// `m:ss`.
    private static func clock(_ seconds: Double) -> String {
        let whole = Int(min(max(seconds, 0), 359_999).rounded())
        return "\(whole / 60):" + String(format: "%02d", whole % 60)
    }
}
