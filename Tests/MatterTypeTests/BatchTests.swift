import Foundation
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
}
