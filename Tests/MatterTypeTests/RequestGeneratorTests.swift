import Foundation
import Testing
import MatterType
import MatterTypeFuzzing
import MatterTypeWire
import MatterTypeCards
import MatterTypeFigma

/// The request generator over the whole request space (`mattertype fuzz`), and regression tests for the traps it
/// and the attack pass found.
@Suite("Request generator")
struct RequestGeneratorTests {
    let registry = FontRegistry()

    @Test("1,500 generated requests, cards and Figma documents keep every invariant, and none traps")
    func generatedCases() throws {
        let progress = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-progress-\(UUID()).txt")
        defer { try? FileManager.default.removeItem(at: progress) }
        let mattertype = URL(fileURLWithPath: Bundle.main.bundlePath).appendingPathComponent("mattertype").path
        // 1,500 (2,000 until paths, masks and Figma documents made a case cost more: 35–40 s for 2,000 in debug):
        // `make test` stays under 15 minutes on 2 cores; Scripts/fuzz-requests.py runs the generator for minutes.
        var arguments = ["fuzz", "--seed", "1", "--cases", "1500", "--threads", "2", "--progress", progress.path]
        // Real Figma documents, mutated: our own set, and the shared ones where this checkout has them (CI does).
        arguments += ["--figma", FigmaRealDocumentsTests.folder.path]
        for shared in [FigmaDocumentTests.shared, FigmaDocumentTests.shared.deletingLastPathComponent()
                        .appendingPathComponent("pixels")] where FileManager.default.fileExists(atPath: shared.path) {
            arguments += ["--figma", shared.path]
        }
        let (status, reason, printed) = try TestSupport.run(mattertype, arguments)
        if reason == .uncaughtSignal {
            // The cases the threads were running when the process trapped; each replays alone.
            let running = (try? String(contentsOf: progress, encoding: .utf8))?
                .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0 != "-" } ?? []
            let replay = running.map { "mattertype fuzz --seed 1 --case \($0)" }.joined(separator: " or ")
            Issue.record(Comment(rawValue: "mattertype fuzz died of signal \(status) in case(s) "
                                 + "\(running.joined(separator: ", ")); replay \(replay)"))
            return
        }
        #expect(status == 0, "\(printed)")
        #expect(printed.contains("1500 cases from 0"), "\(printed)")
    }

    /// Every property of Figma's REST API set on the built-in document, two values each (plausible and hostile),
    /// by the property's index in ``FigmaSupport/rows``.
    static let figmaPropertyRequests = RequestGenerator.everyFigmaProperty(valuesPerProperty: 2)

    @Test("every listed Figma property is sent")
    func everyFigmaPropertySent() {
        #expect(Self.figmaPropertyRequests.count == 2 * FigmaSupport.rows.count)
        // Every listed property is in some request's body (a type of node, of paint, of effect: as a value).
        let bodies = Self.figmaPropertyRequests.map { String(decoding: $0.body, as: UTF8.self) }
        for row in FigmaSupport.rows {
            let name = row.name.split(separator: ".").last.map(String.init) ?? row.name
            #expect(bodies.contains { $0.contains("\"\(name)\"") }, "\(row.group) \(row.name) is never sent")
        }
    }

    @Test("every property of Figma's REST API, set to plausible and hostile values, keeps every invariant",
          arguments: FigmaSupport.rows.indices)
    func everyFigmaProperty(_ row: Int) {
        let checker = RequestChecker(registry: registry)
        for request in Self.figmaPropertyRequests[2 * row ..< 2 * row + 2] {
            let (problems, _) = checker.check(request)
            let body = String(decoding: request.body, as: UTF8.self).prefix(400)
            #expect(problems.isEmpty, "\(FigmaSupport.rows[row].name): \(problems) for \(body)")
        }
    }

    @Test("a case is the same bytes every time; seeds and indexes differ")
    func determinism() {
        let generator = RequestGenerator(seed: 7)
        for index in [0, 1, 999] {
            #expect(generator.request(index) == generator.request(index))
        }
        #expect(generator.request(3).body != generator.request(4).body)
        #expect(generator.request(3).body != RequestGenerator(seed: 8).request(3).body)
    }

    @Test("the generator reaches every key of a render request")
    func coverage() throws {
        var seen = Set<String>()
        let generator = RequestGenerator(seed: 1)
        for index in 0..<2_000 where generator.request(index).kind == .render {
            let object = try #require(try JSONSerialization.jsonObject(with: generator.request(index).body) as? [String: Any])
            seen.formUnion(object.keys)
        }
        // `token` needs a token file, which the generator does not make.
        #expect(Set(RenderRequest.keys).subtracting(seen) == ["token"])
    }

    @Test("the checker carries a body out: refused when it is not a request, drawn when it is")
    func checkerOutcomes() {
        let checker = RequestChecker(registry: registry)
        let bad = checker.check(GeneratedRequest(kind: .render, body: Data(#"{"text": "x", "size": "big"}"#.utf8)))
        #expect(bad.outcome == .refusedDecoding && bad.problems.isEmpty)
        let good = checker.check(GeneratedRequest(kind: .render, body: Data(#"{"text": "Hello", "width": 80}"#.utf8)))
        #expect(good.outcome == .drawn && good.problems.isEmpty)
        let card = checker.check(GeneratedRequest(kind: .card, body: Data(#"{"width": 0, "height": 10, "layers": []}"#.utf8)))
        #expect(card.outcome == .refusedLayout)
    }

    @Test("a value with a line break in it does not break a refusal's message in two (libFuzzer found it)")
    func oneLineRefusals() throws {
        let bad = #"{"text": "x", "hyphens": "manu\nal", "family": "A\u2028B"}"#
        let error = #expect(throws: RenderRequestError.self) { try RenderRequest.decode(from: Data(bad.utf8)) }
        let message = try #require(error?.description)
        #expect(!message.contains("\n") && message.contains(#"manu\nal"#), "\(message)")
        let checked = RequestChecker(registry: registry).check(GeneratedRequest(kind: .render, body: Data(bad.utf8)))
        #expect(checked.problems.isEmpty && checked.outcome == .refusedDecoding)
        let card = #"{"width": 10, "height": 10, "layers": [{"type": "text\r\nx", "x": 0, "y": 0}]}"#
        let cardError = #expect(throws: CardError.self) { try Card.decode(from: Data(card.utf8)) }
        #expect(cardError.map { !$0.description.contains("\r") && !$0.description.contains("\n") } == true)
    }

    @Test("an underlined or struck-through text with a padding of 10⁷⁵ points is framed and refused (libFuzzer: it trapped)")
    func hugePaddingWithDecoration() throws {
        // The 30-minute libFuzzer run's crash (session 17), reduced: the frame of a decorated line converted a
        // decoration's top to Int before checking its size, and the padding was refused only when drawing. Now
        // the layout refuses the padding, and the frame of any padding a caller passes does not trap.
        var request = RenderRequest(text: "The quick brown fox")
        request.typography.decoration = .strikethrough
        request.limits.width = 1.69
        let layout = try request.layout(registry: registry)
        for padding in [6.6e75, -1e300, .infinity, .nan] {
            let frame = TextRenderer.frame(for: layout, padding: padding)
            #expect(frame.size.width >= 1 && frame.size.height >= 1, "\(padding)")
        }
        let body = #"{"text": "The quick brown fox", "decoration": "strikethrough", "width": 1.69, "padding": 6.6e75}"#
        let huge = try RenderRequest.decode(from: Data(body.utf8))
        #expect(throws: RenderRequestError.self) { try huge.layout(registry: registry) }
        let checked = RequestChecker(registry: registry).check(GeneratedRequest(kind: .render, body: Data(body.utf8)))
        #expect(checked.problems.isEmpty && checked.outcome == .refusedLayout)
    }

    @Test("a WebP wider or taller than libwebp allows is refused before drawing (it was a 500 over HTTP)")
    func webpTooLarge() throws {
        var request = RenderRequest(text: "x")
        request.limits.width = 20_000
        request.output.format = .webp
        let layout = try request.layout(registry: registry)
        #expect {
            try request.image(of: layout)
        } throws: { error in
            guard case RenderRequestError.render(.tooLargeForWebP(20_000, 24)) = error else { return false }
            return true
        }
        let card = try Card.decode(from: Data(#"{"width": 17000, "height": 2, "layers": []}"#.utf8))
        #expect {
            try CardRenderer(registry: registry).encoded(card, format: .webp)
        } throws: { error in
            "\(error)".contains("a 17000 × 2 image is too large for WebP (at most 16383 pixels wide and tall)")
        }
    }

    // MARK: - The traps the attack pass found

    @Test("fit with a character from a fallback font lays out, measures and draws (it trapped in ink(of:))",
          arguments: ["Launch 🚀 day and a very long line of words", "★ 见 مرحبا fit me into one short line"])
    func fitWithFallback(text: String) throws {
        let typography = Typography(family: "Noto Sans", fontSize: 32, lineHeight: 40)
        let layout = try TextLayout(text, typography: typography,
                                    limits: LayoutLimits(width: 100, maxLines: 1, fit: TextFit(minimumFontSize: 4)),
                                    registry: registry)
        #expect(layout.typography.fontSize < 32)
        #expect(layout.fonts.count > 1)
        #expect(layout.inkBounds.width > 0)
        _ = try TextRenderer().image(of: layout)
        var drawing = Drawing(layout)
        drawing.fill(Rect(x: 0, y: 0, width: 1, height: 1), paint: .color(.black))
        #expect(try ImageFormat.svg.encode(drawing).count > 0)
        let run = try CLIRun("measure", text, "--width", "100", "--fit", "--max-lines", "1", "--json")
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test("image and rect layers partly or wholly off the canvas are drawn clipped (they trapped in a range)",
          arguments: [(150.0, 0.0), (90.0, 0.0), (0.0, 111.0), (-200.0, -200.0), (-5.0, 50.0)])
    func offCanvasLayers(x: Double, y: Double) throws {
        let image = try PNGEncoder.encode(RGBAImage(width: 4, height: 4))
        let card = """
            {"width": 100, "height": 100, "layers": [
              {"type": "image", "x": \(x), "y": \(y), "width": 40, "height": 40,
               "src": "data:image/png;base64,\(image.base64EncodedString())"},
              {"type": "rect", "x": \(x), "y": \(y), "width": 30, "height": 30, "fill": "#f00", "cornerRadius": 4,
               "border": {"width": 2, "color": "#000"}}]}
            """
        let decoded = try Card.decode(from: Data(card.utf8))
        for format in [ImageFormat.png, .svg, .pdf] {
            #expect(try CardRenderer(registry: registry).encoded(decoded, format: format).count > 0)
        }
    }

    @Test("an inline box image pushed below the canvas by a long value draws nothing there, and does not trap")
    func boxImageBelowCanvas() throws {
        let image = try PNGEncoder.encode(RGBAImage(width: 4, height: 4))
        let words = String(repeating: "word ", count: 200)
        let card = """
            {"width": 200, "height": 100, "layers": [{"type": "text", "x": 10, "y": 10, "width": 180, "spans": [
              {"text": "\(words)"}, {"box": {"width": 20, "height": 20, "src": "data:image/png;base64,\(image.base64EncodedString())"}}]}]}
            """
        let png = try CardRenderer(registry: registry).encoded(try Card.decode(from: Data(card.utf8)))
        #expect(RequestCheckerProbe.pixelSize(of: png) == PixelSize(width: 200, height: 100))
    }

    @Test("a frame's shadow wholly off the canvas draws nothing (its mask's bounds crossed and trapped)")
    func shadowOffCanvas() throws {
        // `mattertype fuzz --seed 1 --case 1406` (session 23): a frame far right of the canvas, with a shadow.
        for x in [5_000, -5_000] {
            let card = ##"{"width": 100, "height": 60, "layers": [{"type": "frame", "x": \##(x), "y": 5000, "width": 40, "height": 20, "fill": "#fff", "shadows": [{"x": 4, "y": 4, "blur": 12, "color": "#00000066"}], "layers": []}]}"##
            let png = try CardRenderer(registry: registry).encoded(try Card.decode(from: Data(card.utf8)))
            #expect(RequestCheckerProbe.pixelSize(of: png) == PixelSize(width: 100, height: 60))
        }
    }

    @Test("an inline box taller than its line grows a render's image, as glyph ink does")
    func boxGrowsFrame() throws {
        let text = StyledText([TextSpan("a "), TextSpan(box: InlineBox(width: 10, height: 300))])
        let layout = try TextLayout(text, typography: Typography(family: "Noto Sans", fontSize: 16, lineHeight: 24),
                                    registry: registry)
        let frame = TextRenderer.frame(for: layout)
        // The box stands on the baseline (18.208 pt from the top: Noto Sans' hhea 1069/293 at 16 pt in 24), so it
        // reaches 300 − 18.208 pt above the line box; the image grows by whole pixels to hold it.
        #expect(frame.origin.y == (300 - layout.lines[0].baseline).rounded(.up))
        #expect(Double(frame.size.height) >= 300)
    }
}

/// Reads an encoded image's size as the checker does (the PNG header's).
enum RequestCheckerProbe {
    static func pixelSize(of png: Data) -> PixelSize? {
        let bytes = [UInt8](png.prefix(24))
        guard bytes.count == 24 else { return nil }
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return PixelSize(width: word(16), height: word(20))
    }
}
