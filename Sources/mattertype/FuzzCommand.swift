import ArgumentParser
import Dispatch
import Foundation
import MatterType
import MatterTypeFuzzing
import Synchronization

/// `mattertype fuzz`: the request generator's cases, carried out in process and checked.
struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz",
        abstract: "Run generated render requests and cards in process and check that each keeps MatterType's "
            + "invariants (exit 1 when one does not).",
        discussion: """
            Each case is a render request or a card over the whole request space (every script, emoji, controls, \
            every option at ordinary and extreme values, layers on and off the canvas), the same bytes for the \
            same --seed and index. A case that breaks an invariant is printed with its JSON body and the command \
            that replays it (mattertype fuzz --seed S --case I). A case that traps ends the process: with \
            --progress, the indexes being run are in that file, so the caller can name them.
            """)

    @Option(help: "The seed the cases are made from.")
    var seed: UInt64 = 1

    @Option(help: "How many cases to run (from --first).")
    var cases = 2_000

    @Option(help: "The index of the first case.")
    var first = 0

    @Option(name: .customLong("case"), help: "Run only this case, printing its body first.")
    var only: Int?

    @Option(help: "Run cases until this many minutes have passed (instead of --cases).")
    var minutes: Double?

    @Option(help: "Threads running cases at once.")
    var threads = 1

    @Option(help: ArgumentHelp("A file each thread writes the index of the case it is running into (one line a "
                               + "thread), for naming the case of a trap.", valueName: "file"))
    var progress: String?

    @Flag(help: "Print the cases' bodies as JSON lines ({\"index\", \"path\", \"body\"}) instead of running them.")
    var emit = false

    @Option(help: ArgumentHelp("A folder of Figma documents (REST JSON, *.json or *.json.gz) whose mutations join "
                               + "the Figma cases beside the built-in one (repeatable).", valueName: "folder"))
    var figma: [String] = []

    @OptionGroup var fontSources: FontSourceOptions

    func validate() throws {
        guard cases >= 0, first >= 0, !first.addingReportingOverflow(cases).overflow, threads >= 1, threads <= 64 else {
            throw ValidationError("--cases and --first must not be negative (nor their sum past 2⁶³), --threads 1 to 64")
        }
        if let minutes, !(minutes > 0 && minutes.isFinite) { throw ValidationError("--minutes must be above 0") }
    }

    /// Names and values (a card's values, its image size) as a JSON object (sorted keys), for `--emit` and `--case`.
    private func json(_ pairs: [String: String]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(pairs)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    func run() throws {
        var documents: [Data] = []
        for figma in self.figma {
            let folder = URL(fileURLWithPath: figma)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: figma) else {
                throw CLIError(description: "\(figma): not a folder; give --figma a folder of Figma JSON files")
            }
            for name in names.sorted() where name.hasSuffix(".json") || name.hasSuffix(".json.gz") {
                documents.append(try TextInputOptions.document(at: folder.appendingPathComponent(name).path,
                                                               option: "--figma"))
            }
        }
        let generator = RequestGenerator(seed: seed, figmaDocuments: documents)
        if emit {
            for index in first..<first + cases {
                let request = generator.request(index)
                let line = "{\"index\":\(index),\"path\":\"\(request.path)\",\"values\":\(json(request.values))"
                    + ",\"imageSize\":\(json(request.imageSize))"
                    + ",\"body\":" + String(decoding: request.body, as: UTF8.self) + "}\n"
                FileHandle.standardOutput.write(Data(line.utf8))
            }
            return
        }
        let checker = RequestChecker(registry: try fontSources.makeRegistry())
        if let only {
            let request = generator.request(only)
            print("\(request.kind.rawValue) \(request.path): \(String(decoding: request.body, as: UTF8.self))")
            if !request.values.isEmpty { print("values: \(json(request.values))") }
            if !request.imageSize.isEmpty { print("image size: \(json(request.imageSize))") }
            let (problems, outcome) = checker.check(request)
            for problem in problems { print("problem: \(problem)") }
            if !problems.isEmpty { throw ExitCode(1) }
            print("case \(only) holds (\(outcome.rawValue))")
            return
        }
        let progressFile = try progress.map(ProgressFile.init(path:))
        let deadline = minutes.map { DispatchTime.now().uptimeNanoseconds + UInt64($0 * 60e9) }
        let next = Atomic<Int>(first)
        let outcomes = Mutex<[RequestChecker.Outcome: Int]>([:])
        let failures = Mutex<[(GeneratedRequest, [String])]>([])
        let end = deadline == nil ? first + cases : Int.max
        let start = DispatchTime.now().uptimeNanoseconds
        DispatchQueue.concurrentPerform(iterations: threads) { worker in
            while true {
                if let deadline, DispatchTime.now().uptimeNanoseconds >= deadline { break }
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < end else { break }
                progressFile?.write(index, slot: worker)
                let request = generator.request(index)
                let (problems, outcome) = checker.check(request)
                outcomes.withLock { $0[outcome, default: 0] += 1 }
                if !problems.isEmpty { failures.withLock { $0.append((request, problems)) } }
            }
            progressFile?.write(nil, slot: worker)
        }
        let found = failures.withLock { $0.sorted { $0.0.index < $1.0.index } }
        for (request, problems) in found {
            print("case \(request.index) (\(request.command)):")
            for problem in problems { print("  \(problem)") }
            print("  \(request.path) \(String(decoding: request.body, as: UTF8.self))")
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let counts = outcomes.withLock { $0 }
        let kinds = RequestChecker.Outcome.allCases.map { "\(counts[$0] ?? 0) \($0.rawValue)" }.joined(separator: ", ")
        print("fuzz: seed \(seed), \(counts.values.reduce(0, +)) cases from \(first) (\(kinds)), \(found.count) with "
              + "problems, \(String(format: "%.1f", seconds)) s")
        if !found.isEmpty { throw ExitCode(1) }
    }
}

/// One fixed-width line per thread holding the index of the case it runs (`-` when it has finished), written in
/// place so that it is current when the process traps.
private final class ProgressFile: Sendable {
    let descriptor: Int32
    static let width = 21

    init(path: String) throws {
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw CLIError(description: "--progress \(path): cannot write this file") }
    }

    deinit { close(descriptor) }

    func write(_ index: Int?, slot: Int) {
        let text = index.map(String.init) ?? "-"
        let line = Array((text + String(repeating: " ", count: max(0, ProgressFile.width - 1 - text.count)) + "\n").utf8)
        _ = line.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, off_t(slot * ProgressFile.width)) }
    }
}
