import Foundation
import MatterType
import Testing

/// `mattertype batch`: a card for every row of a CSV or JSON Lines file, run as the built executable.
@Suite("mattertype batch")
struct BatchTests {
    /// A scratch folder holding a small card template (its title a placeholder) and `rows` as `name`.
    static func folder(rows: String, name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("batch-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(#"""
            {"width": 120, "height": 30, "background": "#FFFFFF", "layers": [{"type": "text", "x": 4, "y": 4,
             "width": 112, "height": 22, "text": "{{title}}", "size": 12, "color": "#000000"}]}
            """#.utf8).write(to: folder.appendingPathComponent("card.json"))
        try Data(rows.utf8).write(to: folder.appendingPathComponent(name))
        return folder
    }

    static func files(in folder: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        return (enumerator?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".png") }.sorted()
    }

    @Test("RFC 4180 rows (quotes, doubled quotes, a line break inside quotes, CRLF); bad rows named by line, the rest drawn")
    func csvRows() throws {
        // Line 1 the header; line 2 a quoted title with a comma and a doubled quote; lines 3–4 one record (a line
        // break inside quotes); line 5 too few fields; line 6 text after a closing quote; line 7 a path leaving
        // its folder; line 8 fine.
        let folder = try Self.folder(rows: "slug,title\r\na,\"Hello, \"\"world\"\"\"\r\nb,\"Two\r\nlines\"\r\nc\r\n"
                                     + "\"d,Bad \"quote\r\n../e,Escape\r\nf/g,Nested\r\n", name: "rows.csv")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        let run = try CLIRun("batch", folder.appendingPathComponent("card.json").path, "--values",
                             folder.appendingPathComponent("rows.csv").path, "--out", out.path + "/{{slug}}.png",
                             "--jobs", "2", "--no-system-fonts")
        #expect(run.status == 1)
        #expect(Self.files(in: out) == ["a.png", "b.png", "f/g.png"])
        #expect(run.stderr.contains("line 5: 1 field where line 1 names 2"), "\(run.stderr)")
        #expect(run.stderr.contains("line 6: text after a quoted field's closing quote"))
        #expect(run.stderr.contains("line 7: ") && run.stderr.contains("leaves its folder"))
        #expect(run.stderr.contains("batch: 3 done, 0 skipped, 3 failed of 6 rows"))
        // Resumed: the drawn ones are left as they are, the bad ones fail again.
        let written = try FileManager.default.attributesOfItem(atPath: out.appendingPathComponent("a.png").path)
        let again = try CLIRun("batch", folder.appendingPathComponent("card.json").path, "--values",
                               folder.appendingPathComponent("rows.csv").path, "--out", out.path + "/{{slug}}.png",
                               "--skip-existing", "--no-system-fonts")
        #expect(again.status == 1 && again.stderr.contains("batch: 0 done, 3 skipped, 3 failed of 6 rows"))
        let after = try FileManager.default.attributesOfItem(atPath: out.appendingPathComponent("a.png").path)
        #expect(written[.modificationDate] as? Date == after[.modificationDate] as? Date)
    }

    @Test("checked before the first row: a column the --out pattern or the template needs is one error, not one a row")
    func missingColumns() throws {
        let folder = try Self.folder(rows: "name,heading\na,One\nb,Two\nc,Three\n", name: "rows.csv")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Self.batch(folder, rows: "rows.csv", out: folder.path + "/{{slug}}.png")
        #expect(run.status != 0 && Self.files(in: folder).isEmpty)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && run.stderr.contains(#"line 1 has no column "slug" (--out), "title" (the template's {{title}}); its columns are name, heading"#),
                "\(run.stderr)")
    }

    @Test("two rows writing one file: the second is a bad row naming the first's line, unless --overwrite")
    func duplicatePaths() throws {
        let folder = try Self.folder(rows: "slug,title\na,One\nb,Two\na,Three\n", name: "rows.csv")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Self.batch(folder, rows: "rows.csv", out: folder.path + "/out/{{slug}}.png", "--jobs", "1")
        #expect(run.status == 1 && Self.files(in: folder) == ["out/a.png", "out/b.png"])
        #expect(run.stderr.contains("line 4: writes ") && run.stderr.contains("as line 2 does"), "\(run.stderr)")
        #expect(run.stderr.contains("2 done, 0 skipped, 1 failed of 3 rows"), "\(run.stderr)")
        let overwritten = try Self.batch(folder, rows: "rows.csv", out: folder.path + "/out/{{slug}}.png", "--jobs", "1",
                                         "--overwrite")
        #expect(overwritten.status == 0, "\(overwritten.stderr)")
    }

    @Test("JPEG and lossy WebP: a .jpg pattern writes JPEGs, --quality sets theirs; render refuses a quality out of range")
    func jpeg() throws {
        let folder = try Self.folder(rows: "slug,title\na,One\nb,Two\n", name: "rows.csv")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Self.batch(folder, rows: "rows.csv", out: folder.path + "/out/{{slug}}.jpg", "--quality", "80")
        #expect(run.status == 0, "\(run.stderr)")
        let data = try Data(contentsOf: folder.appendingPathComponent("out/a.jpg"))
        #expect(data.prefix(3) == Data([0xFF, 0xD8, 0xFF]) && ImageDecoder.pixelSize(of: data) == PixelSize(width: 120, height: 30))
        let webp = try Self.batch(folder, rows: "rows.csv", out: folder.path + "/webp/{{slug}}.webp", "--quality", "60")
        let written = try Data(contentsOf: folder.appendingPathComponent("webp/b.webp"))
        #expect(webp.status == 0 && ImageDecoder.format(of: written) == .webp)
        let refused = try CLIRun("render", "Hi", "-o", folder.appendingPathComponent("x.jpg").path, "--quality", "101")
        #expect(refused.status != 0 && refused.stderr.contains("quality"), "\(refused.stderr)")
    }

    @Test("a quote left open names the line it opened on and the lines it swallowed")
    func openQuote() throws {
        let folder = try Self.folder(rows: "slug,title\na,One\nb,\"Two\nc,Three\nd,Four\n", name: "rows.csv")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Self.batch(folder, rows: "rows.csv", out: folder.path + "/out/{{slug}}.png")
        #expect(run.status == 1 && Self.files(in: folder) == ["out/a.png"])
        #expect(run.stderr.contains("line 3: a quote opened on line 3 is not closed before the end of the file: lines "
                                    + "4–5 were read into this field, and their rows are lost"), "\(run.stderr)")
    }

    @Test("JSON Lines rows; --shard K/N takes every N-th row from K, so the shards split the rows between them")
    func shardsOfJSONLines() throws {
        let rows = (0..<7).map { #"{"slug": "r\#($0)", "title": "Row \#($0)"}"# }.joined(separator: "\n") + "\n"
        let folder = try Self.folder(rows: rows, name: "rows.jsonl")
        defer { try? FileManager.default.removeItem(at: folder) }
        var seen: [String] = []
        for shard in 0..<3 {
            let out = folder.appendingPathComponent("out\(shard)")
            let run = try CLIRun("batch", folder.appendingPathComponent("card.json").path, "--values",
                                 folder.appendingPathComponent("rows.jsonl").path, "--out", out.path + "/{{slug}}.png",
                                 "--shard", "\(shard)/3", "--no-system-fonts")
            #expect(run.status == 0, "\(run.stderr)")
            let files = Self.files(in: out)
            #expect(files == stride(from: shard, to: 7, by: 3).map { "r\($0).png" })
            seen += files
        }
        #expect(seen.sorted() == (0..<7).map { "r\($0).png" }.sorted())
        let bad = try CLIRun("batch", folder.appendingPathComponent("card.json").path, "--values",
                             folder.appendingPathComponent("rows.jsonl").path, "--out", "x.png", "--shard", "3/3")
        #expect(bad.status != 0 && bad.stderr.contains("--shard 3/3"))
    }

    @Test("on a terminal the progress is a bar redrawn in place (done/total, rate, time left), then the summary")
    func progressBarOnATerminal() throws {
        let folder = try Self.folder(rows: "slug,title\na,One\nb,Two\n", name: "rows.csv")
        defer { try? FileManager.default.removeItem(at: folder) }
        // util-linux's script(1) runs the command on a pseudo-terminal and copies what it writes.
        let mattertype = URL(fileURLWithPath: Bundle.main.bundlePath).appendingPathComponent("mattertype").path
        let command = [mattertype, "batch", folder.appendingPathComponent("card.json").path, "--values",
                       folder.appendingPathComponent("rows.csv").path, "--out",
                       folder.appendingPathComponent("out").path + "/{{slug}}.png", "--no-system-fonts"]
            .map { "'" + $0 + "'" }.joined(separator: " ")
        let (status, _, text) = try TestSupport.run("/usr/bin/script", ["-qec", command, "/dev/null"])
        // A container without pseudo-terminals cannot show a terminal's output: nothing to check there.
        if status != 0, text.contains("pseudo-terminal") || text.contains("openpty") { return }
        #expect(status == 0, "\(text)")
        #expect(text.contains("\r\u{1B}[K█") && text.contains("2/2 · ") && text.contains(" left"), "\(text)")
        #expect(text.contains("\r\u{1B}[Kbatch: 2 done, 0 skipped, 0 failed of 2 rows"))
        #expect(!text.contains("batch: 2/2"))  // not the plain lines
    }

    // MARK: - The attack pass's findings (B7–B9)

    /// Runs `mattertype batch` on the folder's card.json and `rows`, writing to `out` (a pattern).
    static func batch(_ folder: URL, rows: String, out: String, _ more: String...) throws -> CLIRun {
        try CLIRun(["batch", folder.appendingPathComponent("card.json").path, "--values",
                    folder.appendingPathComponent(rows).path, "--out", out, "--no-system-fonts"] + more)
    }

    @Test("a row writes only regular files inside its folder: no absolute path, NUL, link, FIFO, nor image outside")
    func confinedToItsFolder() throws {
        let folder = try Self.folder(rows: "slug,title\nok,Fine\n/tmp/abs,Absolute\nlink,Link\nfifo,FIFO\n"
                                     + "sub/in,Through a linked folder\n", name: "rows.csv")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out"), victim = folder.appendingPathComponent("victim.png")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: victim)
        try FileManager.default.createSymbolicLink(atPath: out.appendingPathComponent("link.png").path,
                                                   withDestinationPath: victim.path)
        try FileManager.default.createSymbolicLink(atPath: out.appendingPathComponent("sub").path,
                                                   withDestinationPath: folder.path)
        #expect(mkfifo(out.appendingPathComponent("fifo.png").path, 0o644) == 0)
        let run = try Self.batch(folder, rows: "rows.csv", out: out.path + "/{{slug}}.png")
        #expect(run.status == 1)
        #expect(run.stderr.contains("line 3: the output path \"\(out.path)//tmp/abs.png\" is empty, a folder or "
                                    + "leaves its folder (\(out.path)/)"), "\(run.stderr)")
        #expect(run.stderr.contains("line 4: \(out.path)/link.png is a symbolic link"))
        #expect(run.stderr.contains("line 5: \(out.path)/fifo.png is not a regular file"))
        #expect(run.stderr.contains("line 6: \(out.path)/sub is a symbolic link"))
        #expect(run.stderr.contains("batch: 1 done, 0 skipped, 4 failed of 5 rows"))
        #expect(try String(contentsOf: victim, encoding: .utf8) == "keep")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("in.png").path))
        // A pattern without a folder: the working folder, and an absolute value leaves it.
        let bare = try CLIRun(["batch", folder.appendingPathComponent("card.json").path, "--values",
                               folder.appendingPathComponent("rows.csv").path, "--out", "{{slug}}-x.png",
                               "--no-system-fonts", "--shard", "1/5"])
        #expect(bare.stderr.contains("line 3: the output path \"/tmp/abs-x.png\" is empty, a folder or leaves its "
                                     + "folder (the working folder)"), "\(bare.stderr)")
        // A NUL or another control character in a value names it; a JSON Lines value can hold one.
        let controls = folder.appendingPathComponent("controls.jsonl")
        try Data((#"{"slug": "a\u0000.svg", "title": "x"}"# + "\n" + #"{"slug": "b\nc", "title": "y"}"# + "\n").utf8)
            .write(to: controls)
        let nul = try Self.batch(folder, rows: "controls.jsonl", out: out.path + "/{{slug}}.png")
        #expect(nul.stderr.contains("line 1: the value of {{slug}} has the control character U+0000"), "\(nul.stderr)")
        #expect(nul.stderr.contains("line 2: the value of {{slug}} has the control character U+000A"))
        // An image value reaches only files inside the template's folder.
        let secret = folder.deletingLastPathComponent().appendingPathComponent("secret-\(UUID()).png")
        try PNGFixture.onePixel.write(to: secret)
        defer { try? FileManager.default.removeItem(at: secret) }
        try Data(#"""
            {"width": 20, "height": 20, "layers": [{"type": "image", "x": 0, "y": 0, "width": 4, "height": 4,
             "src": "{{image}}"}]}
            """#.utf8).write(to: folder.appendingPathComponent("card.json"))
        try Data("slug,image\nabs,\(secret.path)\nup,../\(secret.lastPathComponent)\nin,dot.png\n".utf8)
            .write(to: folder.appendingPathComponent("images.csv"))
        try PNGFixture.onePixel.write(to: folder.appendingPathComponent("dot.png"))
        let images = try Self.batch(folder, rows: "images.csv", out: out.path + "/{{slug}}.png")
        #expect(images.stderr.contains("line 2: layer 0: \(secret.path) is not a path under \(folder.path)"), "\(images.stderr)")
        #expect(images.stderr.contains("line 3: layer 0: ../\(secret.lastPathComponent) leads outside \(folder.path)"))
        #expect(images.stderr.contains("batch: 1 done, 0 skipped, 2 failed of 3 rows"))
    }

    @Test("a byte order mark before a quoted header, CR line endings; a field or line over 1 MiB is one bad row")
    func spreadsheetsAndHugeFields() throws {
        // As Excel for Mac and old spreadsheets write: a BOM, quoted names, CR alone between records.
        let folder = try Self.folder(rows: "\u{FEFF}\"slug\",\"title\"\ra,One\r\"b\",\"Two\"\r", name: "rows.csv")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        let run = try Self.batch(folder, rows: "rows.csv", out: out.path + "/{{slug}}.png")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.files(in: out) == ["a.png", "b.png"])
        // A 2 MiB field and a 2 MiB line: one bad row each (their bytes past 1 MiB dropped, not kept), the next
        // row drawn, its line number right.
        let huge = String(repeating: "x", count: 2 << 20)
        try Data("slug,title\nbig,\(huge)\nafter,After\n".utf8).write(to: folder.appendingPathComponent("big.csv"))
        try Data("{\"slug\": \"big\", \"title\": \"\(huge)\"}\n{\"slug\": \"next\", \"title\": \"Next\"}\n".utf8)
            .write(to: folder.appendingPathComponent("big.jsonl"))
        let csv = try Self.batch(folder, rows: "big.csv", out: out.path + "/{{slug}}.png")
        #expect(csv.stderr.contains("line 2: a field of more than 1048576 bytes; a value has at most that"), "\(csv.stderr)")
        let lines = try Self.batch(folder, rows: "big.jsonl", out: out.path + "/{{slug}}.png")
        #expect(lines.stderr.contains("line 1: a line of more than 1048576 bytes"), "\(lines.stderr)")
        #expect(Self.files(in: out) == ["a.png", "after.png", "b.png", "next.png"])
    }

    @Test("SIGTERM removes the files being written (exit 143); a later run removes what a killed one left")
    func stoppedCleanly() async throws {
        // Far more rows than it draws before the signal, even when the other tests hold the cooperative threads
        // for seconds (this task's polling waits on them).
        let rows = "slug,title\n" + (0..<20_000).map { "r\($0),Row \($0)\n" }.joined()
        let folder = try Self.folder(rows: rows, name: "rows.csv")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        func leftovers() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []).filter { $0.hasPrefix(".") }
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Bundle.main.bundlePath).appendingPathComponent("mattertype")
        process.arguments = ["batch", folder.appendingPathComponent("card.json").path, "--values",
                             folder.appendingPathComponent("rows.csv").path, "--out", out.path + "/{{slug}}.png",
                             "--no-system-fonts", "--jobs", "2"]
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Stopped once it has written a few, by a thread of its own: this task's polling would wait for a
        // cooperative thread, which the suite's other tests can hold for seconds (at most 60 s).
        let pid = process.processIdentifier
        let stopped = StopRecord()
        let stopper = Thread {
            var polls = 0
            while polls < 1_200, kill(pid, 0) == 0, Self.files(in: out).count < 5 {
                Thread.sleep(forTimeInterval: 0.05)
                polls += 1
            }
            stopped.set(running: kill(pid, 0) == 0, written: Self.files(in: out).count)
            kill(pid, SIGTERM)
        }
        stopper.start()
        for _ in 0..<1_200 {
            if !process.isRunning { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        let atStop = stopped.value
        #expect(process.terminationReason == .exit && process.terminationStatus == 143,
                "running and written when stopped: \(atStop); status \(process.terminationStatus)")
        let written = Self.files(in: out).count
        #expect(written >= 5 && written < 20_000)
        #expect(leftovers().isEmpty, "\(leftovers())")
        // What SIGKILL or a power cut leaves (the writer's own temporary names) goes at the next run; other dot
        // files stay.
        for name in [".r1.png.Ab12Cd", ".notes.txt.Ab12Cd", ".r2.png.short"] {
            try Data("x".utf8).write(to: out.appendingPathComponent(name))
        }
        let resumed = try Self.batch(folder, rows: "rows.csv", out: out.path + "/{{slug}}.png", "--skip-existing",
                                     "--shard", "0/1000")
        #expect(resumed.stderr.contains("batch: removed 1 unfinished file an earlier run left"), "\(resumed.stderr)")
        #expect(leftovers().sorted() == [".notes.txt.Ab12Cd", ".r2.png.short"])
    }
}

/// A 1 × 1 opaque red PNG (written by Python's zlib and struct; decodes with libpng).
enum PNGFixture {
    static let onePixel = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==") ?? Data()
}

/// What the stopping thread saw when it sent SIGTERM: whether the batch still ran, and how many cards it had.
// @unchecked Sendable: its one value is read and written under the lock.
private final class StopRecord: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: (running: Bool, written: Int)?

    func set(running: Bool, written: Int) {
        lock.withLock { seen = (running, written) }
    }

    var value: (running: Bool, written: Int)? { lock.withLock { seen } }
}
