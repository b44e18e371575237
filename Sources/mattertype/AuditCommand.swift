import ArgumentParser
import Foundation
import MatterType
import MatterTypeCards
import MatterTypeFigma
import MatterTypeWire
import Synchronization

/// `mattertype audit`: every row of a CSV or JSON Lines file drawn with a template and checked — overflow,
/// truncation, fitting, missing glyphs, fallbacks, collisions, contrast (``CardRenderer/audit(of:options:until:)``).
struct AuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Check a template with every row of a CSV or JSON Lines file: text outside its box, lost, "
            + "fitted to its minimum, drawn as boxes or in another family, overlapping, or too faint.",
        discussion: """
            mattertype audit card.json --values rows.csv [--json] [--html report.html]. The template is a card \
            document or a Figma document (--node), as batch takes it. Each problem is printed with its row (1 for \
            the first row after a CSV's header) and layer (a JSON Pointer; a Figma node id). Errors are \
            missing-glyph, overflow and collision; warnings truncated, fit-minimum, fallback and contrast. The exit \
            status is 1 when a row has an error (--fail-on warning: a warning too) or cannot be drawn.
            """)

    @OptionGroup var templateOptions: TemplateOptions

    @Option(name: .customLong("values"), help: ArgumentHelp(
        "The rows: a .csv file (its first line names the values) or a .jsonl file (a JSON object a line).",
        valueName: "rows.csv"))
    var rows: String

    @Flag(help: ArgumentHelp("Print {\"rows\": [{\"row\", \"values\", \"problems\": [{\"kind\", \"layer\", "
                             + "\"message\", …}]}], \"summary\": {kind: count}} instead of a line a problem."))
    var json = false

    @Option(help: ArgumentHelp("Also write a page showing each row with a problem, its problems outlined, filterable "
                               + "by kind and by language (a lang value).", valueName: "report.html"))
    var html: String?

    @Option(help: ArgumentHelp("A family whose drawing of a layer's characters is planned, not a fallback; "
                               + "repeatable.", valueName: "family"))
    var allowFallback: [String] = []

    @Option(help: "The least contrast ratio for text (WCAG 2.2 AA: 4.5).")
    var minContrast = 4.5

    @Option(help: "The least contrast ratio for large text: 24 points, or 18.66 at weight 700 (WCAG: 3).")
    var minContrastLarge = 3.0

    @Flag(help: "Leave contrast out (it draws each row three more times).")
    var noContrast = false

    @Option(help: ArgumentHelp("What fails the audit (exit status 1): error, or warning (errors and warnings).",
                               valueName: "error|warning"))
    var failOn: FailOn = .error

    /// What fails the audit.
    enum FailOn: String, ExpressibleByArgument {
        case error, warning
    }

    @Option(help: "How many rows are audited at once (default: the cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @OptionGroup var fontSources: FontSourceOptions

    @OptionGroup var warningOptions: WarningOptions

    @OptionGroup var drawing: DrawingOptions

    func validate() throws {
        guard (1...256).contains(jobs) else { throw ValidationError("--jobs \(jobs): give 1 to 256") }
        for (name, value) in [("--min-contrast", minContrast), ("--min-contrast-large", minContrastLarge)]
        where !(1...21).contains(value) {
            throw ValidationError("\(name) \(value): a contrast ratio is 1 to 21")
        }
    }

    func run() throws {
        let registry = try fontSources.makeRegistry()
        let source = try templateOptions.source(registry: registry, verbose: warningOptions.verbose)
        let files = templateOptions.variableOptions.tokenFiles
        let tokens = files.tokens.isEmpty ? nil
            : try DesignTokens(contentsOf: files.urls, themes: files.theme, extensions: TypographyFields.tokenExtensions)
        let renderer = drawing.renderer(registry: registry, tokens: tokens,
                                        imageDirectory: templateOptions.imageDirectory)
        let options = CardAuditOptions(allowedFallbacks: Set(allowFallback), minimumContrast: minContrast,
                                       minimumContrastLarge: minContrastLarge, checksContrast: !noContrast)
        var total = 0
        let counter = try BatchRows(path: rows)
        while try counter.next() != nil { total += 1 }
        let progress = BatchProgress(total: total, command: "audit")
        let state = Mutex(AuditState(reader: try BatchRows(path: rows)))
        let page = try html.map(AuditHTML.init(path:))
        let report = AuditReport(json: json, failsOnWarnings: failOn == .warning, page: page)
        report.begin()
        DispatchQueue.concurrentPerform(iterations: min(jobs, max(total, 1))) { _ in
            while true {
                // One row at a time, in order, numbered as read.
                let next: Result<(Int, BatchRows.Row)?, any Error> = state.withLock { state in
                    do {
                        guard let row = try state.reader.next() else { return .success(nil) }
                        state.read += 1
                        return .success((state.read, row))
                    } catch {
                        return .failure(error)
                    }
                }
                let number: Int, row: BatchRows.Row
                switch next {
                case .success((let taken, let read)?): (number, row) = (taken, read)
                case .success(nil): return
                case .failure(let error):
                    state.withLock { $0.readError = $0.readError ?? error }
                    return
                }
                let result = AuditedRow(number: number, line: row.line, outcome: Result { () throws -> AuditedRow.Found in
                    let values = try row.values.get()
                    let problems = try naming(source.describe) { () throws(CardError) in
                        try source.audit(values: values, renderer: renderer, options: options)
                    }
                    // For the page: the row drawn, when it has a problem.
                    var card: Card?, image: Data?
                    if page != nil, problems.contains(where: { $0.kind != .lines }) {
                        card = try? source.card(values: values)
                        image = card.flatMap { AuditHTML.image(of: $0, renderer: renderer) }
                    }
                    return AuditedRow.Found(values: values, problems: problems, card: card, image: image)
                })
                // Written in row order: a row finished early waits for those before it.
                let finished = state.withLock { state -> Int in
                    state.waiting[number] = result
                    while let ready = state.waiting.removeValue(forKey: state.written + 1) {
                        state.written += 1
                        report.write(ready, clearing: progress.clearing)
                    }
                    state.finished += 1
                    return state.finished
                }
                progress.update(finished: finished, done: finished)
            }
        }
        if let error = state.withLock({ $0.readError }) { throw error }
        report.end()
        progress.finish(report.summaryLine(rows: total), done: total)
        if report.fails { throw ExitCode(1) }
    }
}

/// What the workers share: the rows' reader, how many were read and written, and the rows done out of order.
private struct AuditState {
    let reader: BatchRows
    var read = 0, written = 0, finished = 0
    var waiting: [Int: AuditedRow] = [:]
    var readError: (any Error)?
}

/// One row audited: its number (1 for the first row), its line in the file, and its problems or why it could not
/// be drawn.
struct AuditedRow: Sendable {
    struct Found: Sendable {
        var values: [String: String]
        var problems: [CardAuditProblem]
        /// The row's card and its image, for the page (`--html`), when it has a problem.
        var card: Card?
        var image: Data?
    }

    let number: Int
    let line: Int
    let outcome: Result<Found, any Error>
}

/// The audit's output as rows are written: JSON (a `rows` array, then the summary) or a line a problem; and the
/// counts by kind.
final class AuditReport: Sendable {
    private let json: Bool
    private let failsOnWarnings: Bool
    private struct Counts {
        var byKind: [CardAuditProblem.Kind: Int] = [:]
        var rowsWritten = 0, failedRows = 0, failing = false
    }
    private let counts = Mutex(Counts())
    /// The page `--html` writes.
    private let page: AuditHTML?

    init(json: Bool, failsOnWarnings: Bool, page: AuditHTML?) {
        self.json = json
        self.failsOnWarnings = failsOnWarnings
        self.page = page
    }

    /// Whether the audit fails: an error (or a warning, failing on warnings), or a row that could not be drawn.
    var fails: Bool { counts.withLock { $0.failing || $0.failedRows > 0 } }

    func begin() {
        if json { FileHandle.standardOutput.write(Data(#"{"rows": ["#.utf8)) }
    }

    /// Writes `row` (called in row order).
    func write(_ row: AuditedRow, clearing: String) {
        let first = counts.withLock { counts -> Bool in
            defer { counts.rowsWritten += 1 }
            switch row.outcome {
            case .success(let found):
                for problem in found.problems {
                    counts.byKind[problem.kind, default: 0] += 1
                    if problem.kind.severity == .error || (failsOnWarnings && problem.kind.severity == .warning) {
                        counts.failing = true
                    }
                }
            case .failure:
                counts.failedRows += 1
            }
            return counts.rowsWritten == 0
        }
        switch row.outcome {
        case .success(let found):
            if let page {
                if let card = found.card {
                    page.add(number: row.number, values: found.values, problems: found.problems, card: card,
                             image: found.image)
                } else {
                    page.countClean()
                }
            }
            if json {
                let entry = Entry(row: row.number, values: found.values, problems: found.problems, error: nil)
                FileHandle.standardOutput.write(Data(((first ? "\n" : ",\n") + Self.encoded(entry)).utf8))
            } else {
                var lines = ""
                for problem in found.problems where problem.kind != .lines {
                    lines += "row \(row.number) \(problem.layer): \(problem.kind.severity.rawValue): "
                        + "\(problem.kind.rawValue): \(problem.message)\n"
                }
                if !lines.isEmpty { FileHandle.standardOutput.write(Data((clearing + lines).utf8)) }
            }
        case .failure(let error):
            let line = clearing + "line \(row.line) (row \(row.number)): \(error)\n"
            FileHandle.standardError.write(Data(line.utf8))
            if json {
                // In the rows too, as the server answers a row that cannot be drawn.
                let entry = Entry(row: row.number, values: nil, problems: nil, error: "line \(row.line): \(error)")
                FileHandle.standardOutput.write(Data(((first ? "\n" : ",\n") + Self.encoded(entry)).utf8))
            }
        }
    }

    /// `entry` as one line of JSON, keys sorted.
    private static func encoded(_ entry: Entry) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(entry)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    func end() {
        let summary = counts.withLock { $0.byKind }
        page?.finish(summary: summary)
        guard json else { return }
        let fields = summary.keys.sorted { $0.rawValue < $1.rawValue }.map { "\"\($0.rawValue)\": \(summary[$0] ?? 0)" }
        FileHandle.standardOutput.write(Data("\n], \"summary\": {\(fields.joined(separator: ", "))}}\n".utf8))
    }

    /// `N rows: 3 overflow, 1 contrast, 2 not drawn`.
    func summaryLine(rows: Int) -> String {
        let (byKind, failed) = counts.withLock { ($0.byKind, $0.failedRows) }
        var parts = CardAuditProblem.Kind.allCases.filter { $0 != .lines }.compactMap { kind in
            byKind[kind].map { "\($0) \(kind.rawValue)" }
        }
        if failed > 0 { parts.append("\(failed) not drawn") }
        return "\(rows) row\(rows == 1 ? "" : "s"): " + (parts.isEmpty ? "no problems" : parts.joined(separator: ", "))
    }

    /// One row in the JSON.
    private struct Entry: Encodable {
        let row: Int
        let values: [String: String]?
        let problems: [CardAuditProblem]?
        /// Why the row could not be drawn (its line in the file first).
        let error: String?
    }
}
