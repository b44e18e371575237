import Foundation
@testable import MatterType
import Testing

/// Runs the built `mattertype` executable (next to the test bundle; `make test` builds it first) from `/`, so
/// nothing may depend on the working directory.
struct CLIRun {
    let status: Int32
    let stdout: String
    let stdoutData: Data
    let stderr: String

    init(_ arguments: String...) throws {
        try self.init(arguments)
    }

    init(_ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Bundle.main.bundlePath).appendingPathComponent("mattertype")
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, given in given }
        process.currentDirectoryURL = URL(fileURLWithPath: "/")
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let input = Pipe()
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        status = process.terminationStatus
        stdout = String(decoding: outData, as: UTF8.self)
        stdoutData = outData
        stderr = String(decoding: errData, as: UTF8.self)
    }

    /// stdout parsed as a JSON object.
    func json() throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8))
        return try #require(object as? [String: Any])
    }
}

@Suite("mattertype fonts and resolve")
struct CLITests {
    @Test("fonts --json lists the 18 bundled faces plus the files given")
    func fontsJSON() throws {
        let run = try CLIRun("fonts", "--json", "--font-file", TestSupport.fixture("Duo.ttc"))
        #expect(run.status == 0)
        let fonts = try #require(try run.json()["fonts"] as? [[String: Any]])
        #expect(fonts.count == 20)
        let semibold = try #require(fonts.first { $0["postScriptName"] as? String == "NotoSans-SemiBold" })
        #expect(semibold["familyName"] as? String == "Noto Sans")
        #expect(semibold["styleName"] as? String == "SemiBold")
        #expect(semibold["weight"] as? Int == 600)
        #expect(semibold["italic"] as? Bool == false)
        #expect(semibold["source"] as? String == "bundled")
        let path = try #require(semibold["path"] as? String)
        #expect(path.hasPrefix("/") && FileManager.default.fileExists(atPath: path))
        let duo = fonts.filter { $0["source"] as? String == "registered" }
        #expect(duo.compactMap { $0["postScriptName"] as? String } == ["Duo-BoldItalic", "Duo-Regular"])
        #expect(duo.first?["italic"] as? Bool == true)
        #expect(duo.first?["weight"] as? Int == 700)
    }

    @Test("resolve --json for every bundled weight and style", arguments: FontResolutionTests.styledWeights)
    func resolveBundled(weight: FontWeight, style: FontStyle) throws {
        var arguments = ["resolve", "--family", "Noto Sans", "--weight", "\(weight.rawValue)", "--json"]
        if style == .italic { arguments.append("--italic") }
        let run = try CLIRun(arguments)
        #expect(run.status == 0)
        let json = try run.json()
        let name = NotoSansFontFamily().fontName(for: weight, style: style)
        #expect(json["requested"] as? String == name)
        #expect(json["postScriptName"] as? String == name)
        #expect(json["familyName"] as? String == "Noto Sans")
        #expect(json["weight"] as? Int == weight.rawValue)
        #expect(json["italic"] as? Bool == style.isItalic)
        #expect(json["fallback"] as? Bool == false)
        #expect(json["reason"] is NSNull)
        #expect((json["path"] as? String)?.hasSuffix("/\(name).ttf") == true)
    }

    @Test("resolve with --font-file and --bold-text")
    func resolveRegistered() throws {
        let files = ["Acme-Regular.ttf", "Acme-Medium.ttf", "Acme-DemiBold.ttf"]
            .flatMap { ["--font-file", TestSupport.fixture($0)] }
        let run = try CLIRun(["resolve", "--family", "Acme", "--weight", "medium", "--bold-text", "--json"] + files)
        #expect(run.status == 0)
        let json = try run.json()
        #expect(json["postScriptName"] as? String == "Acme-DemiBold")
        #expect(json["source"] as? String == "registered")
        #expect(json["fallback"] as? Bool == false)
    }

    @Test("an unknown family says it fell back and why")
    func resolveFallback() throws {
        let run = try CLIRun("resolve", "--family", "Brand Sans", "--weight", "bold", "--no-system-fonts", "--json")
        #expect(run.status == 0)
        let json = try run.json()
        #expect(json["requested"] as? String == "BrandSans-Bold")
        #expect(json["postScriptName"] as? String == "NotoSans-Bold")
        #expect(json["fallback"] as? Bool == true)
        #expect((json["reason"] as? String)?.hasPrefix("no Brand Sans font is registered, bundled or installed") == true)
        #expect(json["variations"] as? [String: Double] == [:])
        #expect(json["synthetic"] as? [String: Bool] == ["bold": false, "italic": false])
    }

    @Test("-o - writes the image alone to stdout, the status to stderr; --text-file - reads stdin")
    func standardStreams() throws {
        let png = try CLIRun(["render", "--text-file", "-", "--no-system-fonts", "-o", "-"], stdin: Data("Hi".utf8))
        #expect(png.status == 0)
        #expect(png.stdoutData.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(png.stderr.hasPrefix("-: ") && png.stderr.hasSuffix("bytes\n"))
        #expect(PNGDecoding.rgba(png.stdoutData) != nil)
        let webp = try CLIRun("render", "Hi", "--no-system-fonts", "-o", "-", "--format", "webp")
        #expect(webp.stdoutData.prefix(4) == Data("RIFF".utf8) && (try? WebPDecoder.decode(webp.stdoutData)) != nil)
        let measured = try CLIRun(["measure", "--text-file", "-", "--no-system-fonts", "--json"],
                                  stdin: Data("One\nTwo".utf8)).json()
        #expect((measured["lines"] as? [[String: Any]])?.count == 2)
    }

    @Test("negative option values are numbers, not options")
    func negativeValues() throws {
        let run = try CLIRun("measure", "Hello", "--letter-spacing", "-0.5", "--no-system-fonts", "--json")
        #expect(run.status == 0)
        let plain = try CLIRun("measure", "Hello", "--no-system-fonts", "--json").json()
        let json = try run.json()
        // Five clusters, 0.5 pt less after each.
        #expect(abs(((plain["width"] as? Double) ?? 0) - 2.5 - ((json["width"] as? Double) ?? 0)) < 1e-6)
    }

    @Test("a variable font: --weight 650 is drawn at wght 650; fonts lists its axes and named instances")
    func variableFont() throws {
        let inter = VariableFonts.interRoman
        let resolved = try CLIRun("resolve", "--family", "Inter", "--weight", "650", "--font-file", inter,
                                  "--no-system-fonts", "--json").json()
        #expect(resolved["variations"] as? [String: Double] == ["wght": 650])
        #expect(resolved["synthetic"] as? [String: Bool] == ["bold": false, "italic": false])
        #expect(resolved["fallback"] as? Bool == false)
        let fonts = try CLIRun("fonts", "--font-file", inter, "--json").json()
        let registered = (fonts["fonts"] as? [[String: Any]])?.first { $0["source"] as? String == "registered" }
        #expect((registered?["axes"] as? [[String: Any]])?.first?["tag"] as? String == "wght")
        #expect((registered?["instances"] as? [[String: Any]])?.count == 9)
        // --replace lets the same file be given twice.
        #expect(try CLIRun("fonts", "--font-file", inter, "--font-file", inter).status == 1)
        #expect(try CLIRun("fonts", "--font-file", inter, "--font-file", inter, "--replace").status == 0)
    }

    @Test("--spans: measure concatenates the spans' text; render draws them")
    func spans() throws {
        let directory = try TestSupport.scratchDirectory()
        let spans = directory.appendingPathComponent("spans.json")
        try Data("""
            {"spans": [{"text": "Order "}, {"text": "#1234", "weight": "bold", "color": "#C62828"},
                       {"text": " is ready", "italic": true, "decoration": "underline", "size": 20}]}
            """.utf8).write(to: spans)
        let json = try CLIRun("measure", "--spans", spans.path, "--no-system-fonts", "--json").json()
        let lines = json["lines"] as? [[String: Any]]
        #expect(lines?.count == 1 && lines?.first?["text"] as? String == "Order #1234 is ready")
        #expect(json["height"] as? Double == 24)
        let runs = lines?.first?["runs"] as? [[String: Any]]
        #expect(runs?.map { $0["postScriptName"] as? String ?? "" }
                == ["NotoSans-Regular", "NotoSans-Bold", "NotoSans-Italic"])
        let png = directory.appendingPathComponent("spans.png")
        #expect(try CLIRun("render", "--spans", spans.path, "--no-system-fonts", "-o", png.path).status == 0)
        #expect(FileManager.default.fileExists(atPath: png.path))
    }

    @Test("typesetting: --text-wrap, --text-box and --fit reach the layout; measure reports the fitted size")
    func typesetting() throws {
        let json = try CLIRun("measure", "MatterType renders text exactly as a design system defines it", "--no-system-fonts",
                              "--size", "24", "--line-height", "32", "--width", "240", "--max-height", "60", "--fit",
                              "--text-wrap", "balance", "--text-box", "trim-both cap alphabetic", "--json").json()
        // Untrimmed, 16 pt is the largest that fits (Chromium's size, FitTests); trimmed to cap height and
        // baseline the block is shorter, so a larger size fits, and its height is (lines − 1) line heights plus
        // the cap height (714 / 1000 em, OS/2 of Noto Sans) at that size.
        let size = try #require(json["fontSize"] as? Double)
        let lines = try #require(json["lines"] as? [[String: Any]]).count
        let height = try #require(json["height"] as? Double)
        #expect(size > 16 && height <= 60)
        #expect(abs(height - (Double(lines - 1) * 32 * size / 24 + 714 * size / 1000)) < 1e-5)
    }

    @Test("bad input exits 1 with one line on stderr", arguments: [
        (["resolve", "--family", "Noto Sans", "--weight", "boldest"], "--weight: \"boldest\" is not a weight"),
        (["resolve", "--weight", "bold"], "--family"),
        (["resolve", "--family", " ", "--weight", "bold"], "--family: \" \" names no family"),
        (["fonts", "--font-file", "/no/such/font.ttf"], "/no/such/font.ttf: no such file"),
        (["fonts", "--font-file", "/etc/hostname"], "not a font file"),
        (["fonts", "--font-file", "/"], "it is a directory"),
        (["fonts", "--font-file", "/work/none.ttc", "--json"], "no such file"),
        (["render", "Hi", "-o", "/no/such/dir/out.png"],
         "/no/such/dir/out.png: cannot write the image (No such file or directory)"),
        (["render", "Hi", "-o", "/tmp/out.gif"], "/tmp/out.gif: MatterType writes .png, .webp, .jpg, .svg and .pdf files"),
        (["render", "Hi", "-o", "/", "--format", "png"], "/: cannot write the image (it is a directory)"),
        (["render", "Hi", "-o", "/tmp/x.png", "--page-size", "a4"], "--page-size and --margin are for PDF"),
        (["render", "Hi", "-o", "/tmp/x.pdf", "--page-size", "huge"], "--page-size: \"huge\" is not a page size; use a4, letter or WxH"),
        (["render", "Hi", "-o", "/tmp/x.pdf", "--page-size", "100x100", "--margin", "60"], "\"margin\": 60.0 is not allowed"),
        (["render", "Hi", "-o", "/tmp/x.png", "--svg-text"], "--svg-text is for SVG"),
        (["render", "Hi", "-o", "/tmp/x.webp", "--format", "png"], "is a .webp name but --format is png"),
        (["render", "Hi", "-o", "/tmp/x.png", "--compression", "max"], "--compression: \"max\" is not one of fast, balanced, small"),
        (["render", "Hi", "--color", "reddish", "-o", "/tmp/x.png"], "--color: \"reddish\" is not a color; use #rgb"),
        (["render", "Hi", "--background", "#12", "-o", "/tmp/x.png"], "--background: \"#12\" is not a color"),
        (["render", "Hi", "--scale", "0", "-o", "/tmp/x.png"], "displayScale 0.0 is not allowed"),
        (["render", "Hi", "--padding=-3", "-o", "/tmp/x.png"], "\"padding\": -3.0 is not allowed"),
        (["render", "-o", "/tmp/x.png"], "give the text as an argument, with --text-file or with --spans"),
        (["measure", "Hi", "--size=-16"], "fontSize -16.0 is not allowed"),
        (["measure", "Hi", "--line-height", "nan"], "--line-height: \"nan\" is not a line height"),
        (["measure", "Hi", "--width", "0"], "width 0.0 is not allowed"),
        (["measure", "Hi", "--max-lines=-2"], "maxLines -2 is not allowed"),
        (["measure", "Hi", "--alignment", "middle"], "--alignment: \"middle\" is not one of left, center, right, justified, natural"),
        (["measure", "--text-file", "/no/such/file.txt"], "/no/such/file.txt: no such file"),
        (["shape", "Hi", "--features", "liga=zz"], "'liga=zz' is not an OpenType feature setting"),
        (["shape", "Hi", "--weight", "heaviest"], "--weight: \"heaviest\" is not a weight"),
        (["frobnicate"], "frobnicate"),
        (["measure", "--spans", "/no/such/spans.json"], "/no/such/spans.json: no such file"),
        (["measure", "--spans", TestSupport.fixture("make-fixtures.py")], "not valid JSON"),
        (["measure", "Hi", "--spans", "/x.json"], "give one of TEXT, --text-file and --spans"),
        (["measure", "Hi", "--variations", "wdth"], "--variations: \"wdth\" is not a variation"),
        (["resolve", "--family", "X", "--weight", "1001"], "--weight: \"1001\" is not a weight"),
        (["measure", "Hi", "--text-wrap", "even"], "--text-wrap: \"even\" is not one of wrap, balance, pretty"),
        (["measure", "Hi", "--text-box", "trim-start cap"], "\"cap\" is not allowed there"),
        (["measure", "Hi", "--max-height", "10"], "--max-height is for --fit"),
        (["measure", "Hi", "--fit", "--max-height", "10", "--min-font-size", "99"], "minFontSize 99.0 is not allowed"),
    ])
    func badInput(arguments: [String], message: String) throws {
        let run = try CLIRun(arguments)
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("mattertype: "))
        #expect(run.stderr.contains(message))
        #expect(run.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test("--help prints usage and exits 0")
    func help() throws {
        let run = try CLIRun("resolve", "--help")
        #expect(run.status == 0)
        #expect(run.stdout.contains("--bold-text"))
    }
}
