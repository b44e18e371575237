import Foundation
import MatterType
import MatterTypeCards
import MatterTypeTesting
import Testing

/// `mattertype audit` (Sources/mattertype/AuditCommand.swift): rows numbered from 1, exactly the problems each row
/// has, the exit status, and a Figma template's layers named by node id.
@Suite("mattertype audit")
struct AuditCommandTests {
    /// A scratch folder holding `files`, removed after `body`.
    static func withFiles(_ files: [String: String], _ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("audit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        try body(folder)
    }

    /// A title in a fixed 240 × 48 box (two 24-point lines) on white, its color a value too.
    static let card = ##"""
        {"width": 300, "height": 100, "background": "#FFFFFF", "layers": [
          {"type": "text", "x": 20, "y": 20, "width": 240, "height": 48, "text": "{{title}}", "color": "{{color}}"}]}
        """##

    /// The problems (not line counts) of each row of `--json`'s answer, as `kind` lists.
    static func kinds(_ json: Data) throws -> [[String]] {
        let answer = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let rows = try #require(answer["rows"] as? [[String: Any]])
        return rows.map { row in
            (row["problems"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }.filter { $0 != "lines" }
        }
    }

    @Test("each row's problems and none on the clean ones; exit 1 for errors, and for warnings when asked")
    func rows() throws {
        let rows = """
            title,color
            Short and clean,#111111
            A title far too long to fit in two lines of this narrow box which it runs out of at the bottom,#111111
            Odd \u{0378} character,#111111
            Faint but fitting,#DDDDDD
            """
        try Self.withFiles(["card.json": Self.card, "rows.csv": rows, "clean.csv": "title,color\nFine,#222222\n",
                            "faint.csv": "title,color\nFaint,#DDDDDD\n"]) { folder in
            let card = folder.appendingPathComponent("card.json").path
            let run = try CLIRun(["audit", card, "--values", folder.appendingPathComponent("rows.csv").path, "--json",
                                  "--no-system-fonts"])
            #expect(run.status == 1, "\(run.stderr)")
            #expect(try Self.kinds(run.stdoutData) == [[], ["overflow"], ["missing-glyph"], ["contrast"]],
                    "\(run.stdout)")
            let answer = try #require(try JSONSerialization.jsonObject(with: run.stdoutData) as? [String: Any])
            let listed = try #require(answer["rows"] as? [[String: Any]])
            #expect(listed.map { $0["row"] as? Int } == [1, 2, 3, 4])
            #expect((listed[2]["values"] as? [String: String])?["title"] == "Odd \u{0378} character")
            #expect(answer["summary"] as? [String: Int] == ["overflow": 1, "missing-glyph": 1, "contrast": 1, "lines": 4],
                    "\(answer["summary"] ?? "")")
            // The line a problem, without --json.
            let plain = try CLIRun(["audit", card, "--values", folder.appendingPathComponent("rows.csv").path,
                                    "--no-system-fonts"])
            #expect(plain.stdout.contains("row 2 /layers/0: error: overflow: its lines reach")
                    && plain.stdout.contains("row 3 /layers/0: error: missing-glyph: no font draws U+0378"),
                    "\(plain.stdout)")
            #expect(plain.stderr.contains("audit: 4 rows: 1 overflow, 1 missing-glyph, 1 contrast"), "\(plain.stderr)")
            // A row that cannot be drawn (a value missing) is in the rows with its error, and fails the audit.
            let missing = folder.appendingPathComponent("missing.jsonl")
            try Data(#"{"title": "No color"}"#.utf8).write(to: missing)
            let failed = try CLIRun(["audit", card, "--values", missing.path, "--json", "--no-system-fonts"])
            #expect(failed.status == 1 && failed.stdout.contains(#""error":"line 1: no value for {{color}}""#)
                    && failed.stdout.contains(#""row":1"#), "\(failed.stdout)")
            // No problem: exit 0. A warning fails only with --fail-on warning.
            let clean = try CLIRun(["audit", card, "--values", folder.appendingPathComponent("clean.csv").path,
                                    "--no-system-fonts"])
            #expect(clean.status == 0 && clean.stdout.isEmpty, "\(clean.stdout)\(clean.stderr)")
            let faint = folder.appendingPathComponent("faint.csv").path
            #expect(try CLIRun(["audit", card, "--values", faint, "--no-system-fonts"]).status == 0)
            #expect(try CLIRun(["audit", card, "--values", faint, "--fail-on", "warning", "--no-system-fonts"]).status == 1)
        }
    }

    @Test("a Figma template: its text properties set by the rows, its layers named by node id")
    func figma() throws {
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples")
        try Self.withFiles(["rows.jsonl": #"{"Label": "A much longer label"}"# + "\n" + #"{"Label": "Odd \u0378"}"# + "\n"]) { folder in
            let run = try CLIRun(["audit", examples.appendingPathComponent("figma-modes.json").path, "--node", "22:0",
                                  "--values", folder.appendingPathComponent("rows.jsonl").path, "--json",
                                  "--no-system-fonts"])
            // The hugging button grows with its label: nothing overflows; the second row's character is missing.
            #expect(try Self.kinds(run.stdoutData) == [[], ["missing-glyph"]], "\(run.stdout)\(run.stderr)")
            let answer = try #require(try JSONSerialization.jsonObject(with: run.stdoutData) as? [String: Any])
            let problems = (answer["rows"] as? [[String: Any]])?.last?["problems"] as? [[String: Any]] ?? []
            #expect(problems.allSatisfy { ($0["layer"] as? String)?.hasPrefix("I22:0;") == true }, "\(problems)")
        }
    }
}

/// MatterTypeTesting's audit helpers (AuditExpectation.swift).
@Suite("Audit expectations")
struct AuditExpectationTests {
    @Test("expectAudit passes a clean row and records one issue for each error of a bad one")
    func expectation() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("audit-expect-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let template = folder.appendingPathComponent("card.json")
        try Data(AuditCommandTests.card.utf8).write(to: template)
        let renderer = CardRenderer(registry: FontRegistry(includesSystemFonts: false))
        expectAudit(template: template, rows: [["title": "Fine", "color": "#111111"]], renderer: renderer)
        let failures = AuditCheck.run(template: template, rows: [["title": "Fine", "color": "#111111"],
                                                                 ["title": "Odd \u{0378}", "color": "#DDDDDD"]],
                                      renderer: renderer)
        #expect(failures == ["row 2 /layers/0: missing-glyph: no font draws U+0378: drawn as a box"], "\(failures)")
        let strict = AuditCheck.run(template: template, rows: [["title": "Faint", "color": "#DDDDDD"]],
                                    failOn: .warning, renderer: renderer)
        #expect(strict.count == 1 && strict.first?.contains("contrast") == true, "\(strict)")
        withKnownIssue {
            expectAudit(template: template, rows: [["title": "Odd \u{0378}", "color": "#111111"]], renderer: renderer)
        }
    }
}
