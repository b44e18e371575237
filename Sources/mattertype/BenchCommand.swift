import ArgumentParser
import Dispatch
import Foundation
import MatterType
import MatterTypeWire
import MatterTypeCards
import Synchronization

/// `mattertype bench`: the workload other renderers were measured on (run it from a release build).
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure shaping, layout and rasterizing speed (use a release build: swift build -c release).",
        discussion: """
            lines: every line of the corpus shaped, laid out as one line in Noto Sans Regular 16/24 and \
            rasterized into a fresh 8-bit 800 × 24 coverage bitmap, then discarded.
            paragraph: the whole corpus laid out at --width (600) in 16/24 and rasterized.
            spans: the paragraph task with the corpus as styled spans: every 7th word bold, every 11th italic, \
            every 13th red and underlined (compare its time with paragraph's).
            png: the whole path, text in and image bytes out: the corpus laid out at --width, drawn #212121 on \
            white into an RGBA image at --scale and encoded (--format, --compression) in memory.
            request: the render behind mattertype-server's POST /v1/render, in process: the JSON request in \
            --request (Benchmarks/card.json), decoded once, then laid out, drawn and encoded --repeat times a pass \
            on each of --threads threads (Scripts/load.sh compares the server's requests/s with this).
            balance, pretty: layout alone (no drawing), each corpus line a paragraph at --width (the corpus \
            whole when it is one line), with text-wrap balance or pretty, against the same layouts greedy; prints \
            both and their ratio (Benchmarks/lines.txt at --width 240 is the headline corpus).
            fit: as balance, each paragraph fitted into --max-height (48: two lines of 16/24) at --width.
            hyphens: as balance, with hyphens auto in en-US (hyph_en_US.dic) against manual.
            --writing-mode vertical-rl (or -lr) lays lines and paragraph out in columns, --width long, drawn into a \
            bitmap as tall (Benchmarks/japanese.txt with --font-file NotoSansCJK-Regular.ttc is the Japanese corpus).
            """)

    enum Task: String, ExpressibleByArgument, CaseIterable {
        case lines, paragraph, spans, png, request, card, balance, pretty, fit, hyphens
    }

    @Option(help: "lines, paragraph, spans, png, request, card, balance, pretty, fit or hyphens.")
    var task: Task

    @Option(help: ArgumentHelp("The corpus file (Benchmarks/lines.txt, Benchmarks/paragraph.txt); not for request.",
                               valueName: "file"))
    var corpus: String?

    @Option(help: ArgumentHelp("The request task's JSON body, as POST /v1/render takes it.", valueName: "file.json"))
    var request: String?

    @Option(help: ArgumentHelp("The card task's card document (Examples/card.json) and its placeholder values.",
                               valueName: "card.json"))
    var card: String?

    @Option(help: ArgumentHelp("The card task's placeholder values (Examples/card-values.json).",
                               valueName: "values.json"))
    var values: String?

    @Option(help: "The request and card tasks' renders a pass on each thread.")
    var `repeat` = 100

    @Option(help: "Line width for the paragraph task, in points.")
    var width = 600.0

    @Option(name: .customLong("max-height"), help: "The fit task's box height, in points.")
    var maxHeight = 48.0

    @Option(help: "Timed passes after one warm-up pass; the median is reported.")
    var passes = 5

    @Option(help: "Tasks the lines are split across.")
    var threads = 1

    @Option(name: .customLong("font-file"),
            help: ArgumentHelp("Lay out in this font's family instead of the bundled Noto Sans.", valueName: "path"))
    var fontFile: String?

    @Option(name: .customLong("writing-mode"),
            help: "Rows (horizontal-tb, the default) or columns (vertical-rl, vertical-lr), for lines and paragraph.",
            transform: { try parseChoice($0, WritingMode.self, "--writing-mode") })
    var writingMode: WritingMode = .horizontalTopToBottom

    @Option(help: "The png task's display scale.")
    var scale = 1.0

    @Option(help: "Font size in points (the workload's 16 by default).")
    var size = 16.0

    @Option(name: .customLong("line-height"), help: "Line height in points (24 by default).")
    var lineHeight = 24.0

    @Option(help: "The png and card tasks' format: png, webp, jpeg, svg or pdf (SVG and PDF written from the same drawing, not rasterized).",
            transform: { try parseChoice($0, ImageFormat.self, "--format") })
    var format: ImageFormat = .png

    @Option(help: "The png task's compression: fast, balanced or small.",
            transform: { try parseChoice($0, ImageCompression.self, "--compression") })
    var compression: ImageCompression = .balanced

    @Option(help: ArgumentHelp("The png and card tasks' WebP or JPEG quality, 1–100 (WebP lossy at it, lossless "
                               + "without; JPEG \(JPEGEncoder.defaultQuality) without).", valueName: "1-100"))
    var quality: Int?

    @Flag(name: .customLong("cold-glyphs"),
          help: ArgumentHelp("Empty the glyph cache before each timed pass (untimed), so that every pass draws each "
                             + "glyph anew: the cost of a glyph's first sight. Shaping caches and read COLRv1 paint "
                             + "graphs stay warm; for lines, paragraph, spans and png."))
    var coldGlyphs = false

    @Flag(name: .customLong("cold-images"),
          help: ArgumentHelp("Keep no decoded image and no drawn layer between cards, so that every card decodes "
                             + "its images (a photo background) and draws all its layers anew; for card."))
    var coldImages = false

    @Flag(help: "Print JSON.")
    var json = false

    func validate() throws {
        guard passes >= 1, passes <= 1000 else { throw ValidationError("--passes must be 1 to 1000") }
        guard threads >= 1, threads <= 256 else { throw ValidationError("--threads must be 1 to 256") }
        guard width.isFinite, width > 0 else { throw ValidationError("--width must be above 0") }
        guard (1...1_000_000).contains(`repeat`) else { throw ValidationError("--repeat must be 1 to 1000000") }
        if let quality, !(1...100).contains(quality) { throw ValidationError("--quality must be 1 to 100") }
        if task == .request {
            guard request != nil else { throw ValidationError("the request task needs --request FILE.json") }
        } else if task == .card {
            guard card != nil else { throw ValidationError("the card task needs --card FILE.json") }
        } else if corpus == nil {
            throw ValidationError("the \(task.rawValue) task needs --corpus FILE")
        }
    }

    func run() throws {
        if task == .request { return try runRequests() }
        if task == .card { return try runCards() }
        guard let corpus, let data = FileManager.default.contents(atPath: corpus),
              let text = String(data: data, encoding: .utf8) else {
            throw CLIError(description: "\(corpus ?? ""): cannot read the corpus (no such file or not UTF-8)")
        }
        let registry = FontRegistry(includesSystemFonts: false)
        let family = try fontFile.map { try registry.register(fileAt: $0).first?.familyName ?? "Noto Sans" }
            ?? "Noto Sans"
        let typography = try TypographyLayout(
            typography: Typography(family: .named(family), fontSize: size, lineHeight: lineHeight)
                .writingMode(writingMode),
            environment: TypographyEnvironment(displayScale: scale), registry: registry)
        if task == .balance || task == .pretty || task == .fit || task == .hyphens {
            return try runAgainstGreedy(text: text, typography: typography.typography, registry: registry)
        }
        let renderer = TextRenderer()
        let work: [[String]]
        switch task {
        case .lines:
            let lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            work = (0..<threads).map { t in stride(from: t, to: lines.count, by: threads).map { lines[$0] } }
        case .paragraph, .png:
            work = (0..<threads).map { _ in [text] }
        case .spans, .request, .card, .balance, .pretty, .fit, .hyphens:
            work = []
        }
        // The spans task: each thread lays out the whole styled corpus, as paragraph does the plain one.
        let styled = task == .spans ? BenchCommand.styled(text) : nil
        let isVertical = writingMode.isVertical
        let limits = task == .lines ? LayoutLimits() : isVertical ? LayoutLimits(height: width) : LayoutLimits(width: width)
        let bitmapWidth = task == .lines ? 800 : Int(width.rounded(.up))

        // Options read once: an `@Option` read goes through ArgumentParser's generic storage (a metadata lookup
        // each time), which inside the loop was the harness's cost, not the engine's.
        let (task, format, compression, quality) = (self.task, self.format, self.compression, self.quality)
        /// One pass: every task lays out and rasterizes its share; returns (lines, glyphs).
        func pass() throws -> (lines: Int, glyphs: Int) {
            let results = PassResults()
            DispatchQueue.concurrentPerform(iterations: threads) { t in
                var lines = 0
                var glyphs = 0
                var encoded: EncodedImage?
                func draw(_ layout: TextLayout) throws {
                    if task == .png, format.isVector {
                        let drawing = Drawing(layout, color: Color(red: 0x21, green: 0x21, blue: 0x21), background: .white)
                        let bytes = try format.encode(drawing, renderer: renderer, compression: compression)
                        encoded = EncodedImage(bytes: bytes.count, width: drawing.pixelSize.width,
                                               height: drawing.pixelSize.height)
                    } else if task == .png {
                        let image = try renderer.image(of: layout, color: Color(red: 0x21, green: 0x21, blue: 0x21),
                                                       background: .white)
                        let bytes = try format.encode(image, compression: compression, quality: quality)
                        encoded = EncodedImage(bytes: bytes.count, width: image.width, height: image.height)
                    } else {
                        // Columns: the bitmap turned, as long as a row is wide.
                        let across = task == .lines ? 24 : Int((isVertical ? layout.width : layout.height).rounded(.up))
                        var bitmap = isVertical ? GrayBitmap(width: across, height: bitmapWidth)
                            : GrayBitmap(width: bitmapWidth, height: across)
                        renderer.draw(layout, into: &bitmap)
                    }
                    lines += layout.lines.count
                    glyphs += layout.lines.reduce(0) { $0 + $1.glyphs.count }
                }
                do {
                    if let styled {
                        try draw(try TextLayout(styled, typography: typography, limits: limits))
                    } else {
                        for item in work[t] { try draw(try TextLayout(item, typography: typography, limits: limits)) }
                    }
                    results.add(lines: lines, glyphs: glyphs, image: encoded, error: nil)
                } catch {
                    results.add(lines: lines, glyphs: glyphs, image: encoded, error: "\(error)")
                }
            }
            let totals = results.totals
            if let error = totals.error { throw CLIError(description: error) }
            image = totals.image
            return (totals.lines, totals.glyphs)
        }

        var image: EncodedImage?
        _ = try pass()  // warm-up: fills the word and glyph caches, as a running server has them
        var seconds: [Double] = []
        var counts = (lines: 0, glyphs: 0)
        for _ in 0..<passes {
            if coldGlyphs { renderer.glyphCache.removeAll() }
            let start = DispatchTime.now().uptimeNanoseconds
            counts = try pass()
            seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        let median = seconds.sorted()[seconds.count / 2]
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let result = BenchResult(task: task.rawValue, threads: threads, coldGlyphs: coldGlyphs, lines: counts.lines,
                                 glyphs: counts.glyphs,
                                 seconds: median, linesPerSecond: Double(counts.lines) / median,
                                 glyphsPerSecond: Double(counts.glyphs) / median,
                                 peakRSSBytes: Int(usage.ru_maxrss) * 1024,
                                 glyphCache: CacheJSON(renderer.glyphCache.statistics),
                                 pngBytes: image?.bytes, width: image?.width, height: image?.height)
        if json {
            try printJSON(result)
        } else {
            print("\(task.rawValue), \(threads) thread(s)" + (coldGlyphs ? ", cold glyph cache" : "")
                + ": \(counts.lines) lines, \(counts.glyphs) glyphs in "
                + String(format: "%.4f s (median of %d)", median, passes)
                + String(format: " = %.0f lines/s, %.3g glyphs/s, peak RSS %.1f MB", result.linesPerSecond,
                         result.glyphsPerSecond, Double(result.peakRSSBytes) / 1e6)
                + "; glyph cache \(result.glyphCache.hits) hits, \(result.glyphCache.misses) misses, "
                + "\(result.glyphCache.evictions) evictions, \(result.glyphCache.bytes) bytes")
        }
    }
}

extension BenchCommand {
    /// The balance, pretty and fit tasks: the corpus laid out with the feature and greedily, pass by pass in turn
    /// (so that drift on the host touches both), on one thread; prints the medians and their ratio.
    func runAgainstGreedy(text: String, typography: Typography, registry: FontRegistry) throws {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        let items = lines.count > 1 ? lines : [text]
        let limits = LayoutLimits(width: width)
        var featureLimits = limits
        var featureTypography = typography
        if let wrap = TextWrap(rawValue: task.rawValue) {
            featureTypography.textWrap = wrap
        } else if task == .hyphens {
            featureTypography.hyphens = .auto
            featureTypography.language = "en-US"
        } else {
            featureLimits.maxHeight = maxHeight
            featureLimits.fit = TextFit()
        }
        let plain = try TypographyLayout(typography: typography, environment: .default, registry: registry)
        let featured = try TypographyLayout(typography: featureTypography, environment: .default, registry: registry)
        func pass(_ layout: TypographyLayout, _ limits: LayoutLimits) throws -> (seconds: Double, lines: Int) {
            let start = DispatchTime.now().uptimeNanoseconds
            var count = 0
            for item in items { count += try TextLayout(item, typography: layout, limits: limits).lines.count }
            return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, count)
        }
        _ = try pass(plain, limits)
        _ = try pass(featured, featureLimits)  // warm-up: the word caches filled, as a running server has them
        var plainSeconds: [Double] = []
        var wrapSeconds: [Double] = []
        var counts = (plain: 0, wrapped: 0)
        for _ in 0..<passes {
            let p = try pass(plain, limits)
            let w = try pass(featured, featureLimits)
            plainSeconds.append(p.seconds)
            wrapSeconds.append(w.seconds)
            counts = (p.lines, w.lines)
        }
        let plainMedian = plainSeconds.sorted()[passes / 2]
        let wrapMedian = wrapSeconds.sorted()[passes / 2]
        let result = FeatureBenchResult(task: task.rawValue, paragraphs: items.count, width: width,
                                         lines: counts.wrapped, greedyLines: counts.plain, seconds: wrapMedian,
                                         greedySeconds: plainMedian, ratio: wrapMedian / plainMedian)
        if json {
            try printJSON(result)
        } else {
            print("\(task.rawValue): \(items.count) paragraph(s) at \(width) pt, \(counts.wrapped) lines in "
                + String(format: "%.4f s; greedy %d lines in %.4f s (median of %d): %.2f× one plain layout",
                         wrapMedian, counts.plain, plainMedian, passes, result.ratio))
        }
    }

    /// The request task: the server's render path in process, as renders a second over all threads.
    /// Runs `render` (which returns its image's size in bytes) `repeat` times a pass on each of `threads` threads:
    /// one warm-up pass (the caches filled, as in a running server), then `passes` timed ones.
    /// - Returns: the median pass's seconds and the last image's bytes.
    func timeRenders(_ render: @escaping @Sendable () throws -> Int) throws -> (seconds: Double, bytes: Int) {
        let (threads, repeats) = (self.threads, self.repeat)
        func pass() throws -> Int {
            let results = PassResults()
            DispatchQueue.concurrentPerform(iterations: threads) { _ in
                do {
                    var bytes = 0
                    for _ in 0..<repeats { bytes = try render() }
                    results.add(lines: repeats, glyphs: 0, image: EncodedImage(bytes: bytes, width: 0, height: 0),
                                error: nil)
                } catch {
                    results.add(lines: 0, glyphs: 0, image: nil, error: "\(error)")
                }
            }
            let totals = results.totals
            if let error = totals.error { throw CLIError(description: error) }
            return totals.image?.bytes ?? 0
        }
        _ = try pass()
        var seconds: [Double] = []
        var bytes = 0
        for _ in 0..<passes {
            let start = DispatchTime.now().uptimeNanoseconds
            bytes = try pass()
            seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return (seconds.sorted()[seconds.count / 2], bytes)
    }

    /// The card task: the card drawn and encoded (--format) `repeat` times a pass on each of `threads` threads.
    func runCards() throws {
        guard let path = card, let data = FileManager.default.contents(atPath: path) else {
            throw CLIError(description: "\(card ?? ""): cannot read the card file")
        }
        var placeholderValues: [String: String] = [:]
        if let values {
            guard let valuesData = FileManager.default.contents(atPath: values),
                  let object = try? JSONSerialization.jsonObject(with: valuesData) as? [String: String] else {
                throw CLIError(description: "\(values): not a JSON object of string values")
            }
            placeholderValues = object
        }
        let document = try Card.decode(from: data, values: placeholderValues)
        // Caches of no bytes keep nothing: every card decodes its images and draws every layer.
        let renderer = CardRenderer(registry: FontRegistry(includesSystemFonts: false),
                                    imageDirectory: URL(fileURLWithPath: path).deletingLastPathComponent(),
                                    images: coldImages ? CardImageCache(maximumBytes: 0) : CardImageCache(),
                                    drawings: coldImages ? DrawingCache(maximumBytes: 0) : DrawingCache())
        let (format, quality) = (self.format, self.quality)
        let (median, bytes) = try timeRenders { try renderer.encoded(document, format: format, quality: quality).count }
        let cards = threads * self.repeat
        if json {
            try printJSON(RequestBenchResult(threads: threads, renders: cards, seconds: median,
                                             rendersPerSecond: Double(cards) / median, imageBytes: bytes))
        } else {
            print("card, \(threads) thread(s): \(cards) cards in " + String(format: "%.4f s (median of %d)", median, passes)
                + String(format: " = %.1f cards/s, %.2f ms a card, %d ", Double(cards) / median,
                         median / Double(self.repeat) * 1000, bytes) + format.rawValue.uppercased() + " bytes")
        }
    }

    func runRequests() throws {
        guard let path = request, let body = FileManager.default.contents(atPath: path) else {
            throw CLIError(description: "\(request ?? ""): cannot read the request file")
        }
        let renderRequest = try RenderRequest.decode(from: body)
        let registry = FontRegistry(includesSystemFonts: false)
        let (median, bytes) = try timeRenders {
            try renderRequest.image(of: renderRequest.layout(registry: registry)).count
        }
        let renders = threads * self.repeat
        let perSecond = Double(renders) / median
        if json {
            try printJSON(RequestBenchResult(threads: threads, renders: renders, seconds: median,
                                             rendersPerSecond: perSecond, imageBytes: bytes))
        } else {
            print("request, \(threads) thread(s): \(renders) renders in "
                + String(format: "%.4f s (median of %d) = %.1f renders/s, %.3f ms each; %d-byte image",
                         median, passes, perSecond, median * 1000 / Double(self.repeat), bytes))
        }
    }

    /// `text` as spans of words: every 7th word bold, every 11th italic, every 13th red and underlined.
    static func styled(_ text: String) -> StyledText {
        let bold = SpanStyle().weight(.bold)
        let italic = SpanStyle().italic()
        let marked = SpanStyle().color(Color(red: 200, green: 30, blue: 30)).decoration(.underline)
        var spans: [TextSpan] = []
        for (index, word) in text.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
            let style = index % 7 == 3 ? bold : index % 11 == 5 ? italic : index % 13 == 8 ? marked : SpanStyle()
            let piece = (index == 0 ? "" : " ") + word
            if let last = spans.last, last.style == style { spans[spans.count - 1].text += piece } else {
                spans.append(TextSpan(piece, style: style))
            }
        }
        return StyledText(spans)
    }
}

/// What the tasks of one pass did, added up.
private final class PassResults: Sendable {
    private let state = Mutex((lines: 0, glyphs: 0, image: EncodedImage?.none, error: String?.none))

    func add(lines: Int, glyphs: Int, image: EncodedImage?, error: String?) {
        state.withLock { $0 = ($0.lines + lines, $0.glyphs + glyphs, image ?? $0.image, $0.error ?? error) }
    }

    var totals: (lines: Int, glyphs: Int, image: EncodedImage?, error: String?) { state.withLock { $0 } }
}

/// What the png task encoded: its size in bytes and pixels.
private struct EncodedImage: Sendable {
    let bytes: Int
    let width: Int
    let height: Int
}

private struct BenchResult: Encodable {
    let task: String
    let threads: Int
    /// Whether the glyph cache was emptied before each pass (`--cold-glyphs`).
    let coldGlyphs: Bool
    let lines: Int
    let glyphs: Int
    let seconds: Double
    let linesPerSecond: Double
    let glyphsPerSecond: Double
    let peakRSSBytes: Int
    let glyphCache: CacheJSON
    /// The png task's image: its encoded bytes (PNG or WebP) and pixel size; absent for the other tasks.
    let pngBytes: Int?
    let width: Int?
    let height: Int?
}

/// What the balance, pretty and fit tasks print with --json.
private struct FeatureBenchResult: Encodable {
    let task: String
    let paragraphs: Int
    let width: Double
    let lines: Int
    let greedyLines: Int
    /// The median pass with the feature, in seconds.
    let seconds: Double
    /// The median greedy pass of the same text, in seconds.
    let greedySeconds: Double
    /// `seconds / greedySeconds`.
    let ratio: Double
}

/// What the request task prints with --json.
private struct RequestBenchResult: Encodable {
    var task = "request"
    let threads: Int
    let renders: Int
    /// The median pass, in seconds.
    let seconds: Double
    let rendersPerSecond: Double
    /// The encoded image's size.
    let imageBytes: Int
}

/// The glyph cache's counters after the run.
private struct CacheJSON: Encodable {
    let hits: Int
    let misses: Int
    let evictions: Int
    let bytes: Int

    init(_ statistics: GlyphCache.Statistics) {
        hits = statistics.hits
        misses = statistics.misses
        evictions = statistics.evictions
        bytes = statistics.bytes
    }
}
