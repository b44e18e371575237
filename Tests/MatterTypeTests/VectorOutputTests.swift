import Foundation
@testable import MatterType
import MatterTypeWire
import MatterTypeCards
import Testing

/// SVG and PDF checked by independent readers: librsvg's `rsvg-convert` and poppler's `pdftoppm` rasterize them
/// to compare with the PNG of the same request, `pdftotext` reads the text back, `pdffonts` lists the fonts.
/// (`make test` installs librsvg2-bin and poppler-utils.)
@Suite("Vector output: SVG and PDF against rsvg, poppler and the PNG")
struct VectorOutputTests {
    /// A text to render, in a family, and how close a rasterized SVG or PDF must be to the PNG: the mean channel
    /// difference on white, and the share of pixels off by more than 32 levels. Bitmap emoji are resampled
    /// differently by each reader (MatterType box-filters the 136 px strike), hence their looser bounds.
    struct Sample: CustomTestStringConvertible, Sendable {
        let name: String
        let text: String
        let family: String
        var weight = 400
        var decoration: TextDecoration = .none
        var writingMode: WritingMode = .horizontalTopToBottom
        var meanLimit = 1.5
        var offShareLimit = 0.01
        var testDescription: String { name }
    }

    static let samples: [Sample] = [
        Sample(name: "Latin with ligatures, underlined", text: "The office affine fjord, ffi ffl", family: "Noto Sans",
               decoration: .underline),
        Sample(name: "Hebrew", text: "שלום עולם", family: "Noto Sans Hebrew"),
        Sample(name: "Arabic", text: "مرحبا بالعالم", family: "Noto Sans Arabic"),
        Sample(name: "CJK (CFF outlines)", text: "永和九年，岁在癸丑", family: "Noto Sans CJK SC"),
        Sample(name: "Inter variable at wght 700", text: "Variable Inter", family: "Inter", weight: 700),
        Sample(name: "color emoji (CBDT bitmaps)", text: "Hi 😀🎉 there", family: "Noto Sans", meanLimit: 8,
               offShareLimit: 0.12),
        // Columns: upright kana and kanji (vert alternates), sideways Latin and digits (turned glyphs), the
        // underline on the columns' left. poppler draws turned glyphs 0.16 px higher than the PNG and rsvg do
        // (the ink centroid of "MatterType" measured at y 59.32 in the PNG, 59.34 by rsvg, 59.16 by pdftoppm;
        // upright glyphs identical), hence looser bounds than for rows.
        Sample(name: "vertical-rl: upright CJK, sideways Latin, underlined",
               text: "縦書き「MatterType」は2026年、サーバーで組む。", family: "Noto Sans CJK JP", decoration: .underline,
               writingMode: .verticalRightToLeft, meanLimit: 2.5, offShareLimit: 0.03),
        Sample(name: "vertical-lr", text: "東京から京都まで、新幹線で約2時間です。", family: "Noto Serif CJK JP",
               writingMode: .verticalLeftToRight),
    ]

    static func layout(_ sample: Sample, scale: Double = 1) throws -> TextLayout {
        var typography = Typography(family: .named(sample.family), fontSize: 24, lineHeight: 32)
        typography.fontWeight = FontWeight(rawValue: sample.weight) ?? .regular
        typography.textDecoration = sample.decoration
        typography.writingMode = sample.writingMode
        typography.language = sample.writingMode.isVertical ? "ja" : nil
        return try TextLayout(sample.text, typography: typography,
                              environment: TypographyEnvironment(displayScale: scale),
                              limits: sample.writingMode.isVertical ? LayoutLimits(height: 240) : LayoutLimits(width: 420))
    }

    @Test("rsvg-convert draws the SVG as the PNG", arguments: samples)
    func svgMatchesPNG(_ sample: Sample) throws {
        let layout = try Self.layout(sample)
        let png = try TextRenderer.shared.image(of: layout)
        let svg = try ImageFormat.svg.encode(Drawing(layout))
        let drawn = try Self.rasterized(svg, with: "rsvg-convert", arguments: ["-o"], name: "x.svg")
        try Self.expectClose(drawn, png, sample)
    }

    @Test("pdftoppm draws the PDF as the PNG", arguments: samples)
    func pdfMatchesPNG(_ sample: Sample) throws {
        let layout = try Self.layout(sample)
        let png = try TextRenderer.shared.image(of: layout)
        let pdf = try ImageFormat.pdf.encode(Drawing(layout))
        let drawn = try Self.rasterized(pdf, with: "pdftoppm", arguments: ["-r", "72", "-png", "-singlefile"],
                                        name: "x.pdf", outputSuffix: ".png")
        try Self.expectClose(drawn, png, sample)
    }

    @Test("@2x: the SVG and the PDF page are the image's size in points, drawn at twice the pixels")
    func doubleScale() throws {
        let sample = Self.samples[0]
        let layout = try Self.layout(sample, scale: 2)
        let png = try TextRenderer.shared.image(of: layout)
        let svg = try ImageFormat.svg.encode(Drawing(layout))
        try Self.expectClose(try Self.rasterized(svg, with: "rsvg-convert", arguments: ["-o"], name: "x.svg"), png, sample)
        let pdf = try ImageFormat.pdf.encode(Drawing(layout))
        let drawn = try Self.rasterized(pdf, with: "pdftoppm", arguments: ["-r", "144", "-png", "-singlefile"],
                                        name: "x.pdf", outputSuffix: ".png")
        // poppler snaps the underline's edges to whole pixels at 144 dpi; the glyphs match as at @1x.
        try Self.expectClose(drawn, png, Sample(name: "", text: "", family: "", meanLimit: 4, offShareLimit: 0.08))
    }

    @Test("a synthesized bold italic (Noto Sans Math has one face): outlines emboldened and slanted as the PNG's")
    func synthesizedStyles() throws {
        var typography = Typography(family: "Noto Sans Math", fontSize: 30, lineHeight: 40)
        typography.fontWeight = .bold
        typography.fontStyle = .italic
        let layout = try TextLayout("Fake bold", typography: typography)
        #expect(layout.faces.first?.synthetic.bold == true && layout.faces.first?.synthetic.italic == true)
        let png = try TextRenderer.shared.image(of: layout)
        let sample = Sample(name: "synthesized", text: "", family: "")
        let svg = try ImageFormat.svg.encode(Drawing(layout))
        try Self.expectClose(try Self.rasterized(svg, with: "rsvg-convert", arguments: ["-o"], name: "x.svg"), png, sample)
        // pdftocairo: poppler's Splash backend antialiases filled paths (the bold outlines) more coarsely than glyphs.
        let pdf = try ImageFormat.pdf.encode(Drawing(layout))
        try Self.expectClose(try Self.rasterized(pdf, with: "pdftocairo", arguments: ["-r", "72", "-png", "-singlefile"],
                                                 name: "x.pdf", outputSuffix: ".png"), png, sample)
        #expect(Self.normalized(try Self.run("pdftotext", [Self.scratch(pdf, "x.pdf"), "-"])) == "Fake bold")
    }

    @Test("COLRv0 layers: colored paths in the SVG and the PDF, drawn as the PNG draws them")
    func colorLayers() throws {
        // Fixtures/Layers-Regular.ttf (make-fixtures.py): "A" is O in #D02020 over I in #2040D0.
        let registry = FontRegistry(includesSystemFonts: false)
        try registry.register(fileAt: TestSupport.fixture("Layers-Regular.ttf"))
        let layout = try TextLayout("AbA", typography: Typography(family: "Layers", fontSize: 40, lineHeight: 48),
                                    registry: registry)
        let png = try TextRenderer.shared.image(of: layout)
        let svg = try ImageFormat.svg.encode(Drawing(layout))
        let text = String(decoding: svg, as: UTF8.self)
        #expect(text.contains("fill=\"#d02020\"") && text.contains("fill=\"#2040d0\""))
        let sample = Sample(name: "COLRv0", text: "", family: "")
        try Self.expectClose(try Self.rasterized(svg, with: "rsvg-convert", arguments: ["-o"], name: "x.svg"), png, sample)
        // The layers are filled paths, which poppler's Splash antialiases more coarsely than glyphs (and
        // pdftocairo hints the "b"): a looser bound for the PDF.
        let pdf = try ImageFormat.pdf.encode(Drawing(layout))
        try Self.expectClose(try Self.rasterized(pdf, with: "pdftoppm", arguments: ["-r", "72", "-png", "-singlefile"],
                                                 name: "x.pdf", outputSuffix: ".png"), png,
                             Sample(name: "COLRv0 PDF", text: "", family: "", meanLimit: 2.5, offShareLimit: 0.04))
    }

    @Test("pdftotext reads the text back: ligatures, Hebrew, Arabic, reordered clusters and emoji in logical order")
    func textReadsBack() throws {
        // Devanagari's i-matra is drawn before its consonant and Thai marks are split from their bases: mapped back
        // glyph by glyph they read "दुनिनया" and "ชาวัโลก"; emoji are drawn, not shown as text, and were lost (now
        // each has an empty Type 3 character standing for its text).
        for (text, family) in [("The office affine fjord, ffi ffl", "Noto Sans"), ("שלום עולם", "Noto Sans Hebrew"),
                               ("مرحبا بالعالم", "Noto Sans Arabic"), ("永和九年，岁在癸丑", "Noto Sans CJK SC"),
                               ("नमस्ते दुनिया", "Noto Sans Devanagari"), ("สวัสดีชาวโลก", "Noto Sans Thai"),
                               ("🎉 party 👩‍💻", "Noto Sans"), ("🎉", "Noto Sans"), ("Hello 🎉 world", "Noto Sans")] {
            let layout = try Self.layout(Sample(name: "", text: text, family: family))
            let pdf = try ImageFormat.pdf.encode(Drawing(layout))
            let read = try Self.run("pdftotext", [Self.scratch(pdf, "x.pdf"), "-"])
            #expect(Self.normalized(read) == text, "\(family)")
        }
        // Columns are written in reading order, top to bottom, the first column first, sideways Latin in its
        // order: what pdftotext -raw (content order) reads, and PDFium's text page (pypdfium2 5.15, measured:
        // "縦書き「MatterType」 は2026年、サーバー で組む。"). pdftotext's default layout analysis orders
        // columns left to right.
        let columns = try Self.layout(Sample(name: "", text: "縦書き「MatterType」は2026年、サーバーで組む。",
                                             family: "Noto Sans CJK JP", writingMode: .verticalRightToLeft))
        #expect(columns.lines.count == 3)
        let readColumns = try Self.run("pdftotext", ["-raw", Self.scratch(try ImageFormat.pdf.encode(Drawing(columns)),
                                                                          "x.pdf"), "-"])
        #expect(Self.normalized(readColumns).replacingOccurrences(of: " ", with: "")
                == "縦書き「MatterType」は2026年、サーバーで組む。")
        // A right-to-left line keeps its letters in order and leaves its emoji out: with a character standing for
        // it, PDFium took the line for left-to-right (Scripts/pdf-text-check.py, Docs/pdf-text.txt).
        let layout = try Self.layout(Sample(name: "", text: "שלום 🎉 עולם", family: "Noto Sans Hebrew"))
        let pdf = try Self.scratch(try ImageFormat.pdf.encode(Drawing(layout)), "x.pdf")
        #expect(Self.normalized(try Self.run("pdftotext", [pdf, "-"])) == "שלום עולם")
    }

    @Test("pdffonts: every font embedded as a subset with a ToUnicode map; TrueType and CFF CIDFonts")
    func fontsAreEmbeddedSubsets() throws {
        let text = StyledText("Noto Sans, ").appending("永和", SpanStyle().family("Noto Sans CJK SC"))
            .appending(" Inter", SpanStyle().family("Inter").weight(.bold))
        let layout = try TextLayout(text, typography: Typography(family: "Noto Sans", fontSize: 20, lineHeight: 28))
        let pdf = try ImageFormat.pdf.encode(Drawing(layout))
        let listing = try Self.run("pdffonts", [Self.scratch(pdf, "x.pdf")])
        let rows = listing.split(separator: "\n").dropFirst(2)
        #expect(rows.count == 3)
        for row in rows {
            let columns = row.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            // name type… encoding emb sub uni object ID: the three flags are the 5th to 3rd from the end.
            #expect(columns[0].range(of: #"^[A-Z]{6}\+"#, options: .regularExpression) != nil, "\(row)")
            #expect(columns.suffix(5).prefix(3) == ["yes", "yes", "yes"], "\(row)")
            #expect(row.contains("Identity-H"))
        }
        #expect(listing.contains("CID TrueType") && listing.contains("CID Type 0C"))
    }

    @Test("the same drawing gives the same bytes")
    func deterministic() throws {
        let layout = try Self.layout(Self.samples[0])
        for format in [ImageFormat.svg, .pdf] {
            #expect(try format.encode(Drawing(layout)) == format.encode(Drawing(layout)), "\(format)")
        }
    }

    @Test("each distinct glyph is defined once in the SVG")
    func glyphsDefinedOnce() throws {
        let layout = try Self.layout(Sample(name: "", text: "aaaa bbbb aaaa", family: "Noto Sans"))
        let svg = String(decoding: try ImageFormat.svg.encode(Drawing(layout)), as: UTF8.self)
        #expect(svg.components(separatedBy: "<path id=").count - 1 == 2)  // a, b (the space draws nothing)
        #expect(svg.components(separatedBy: "<use href=\"#g").count - 1 == 12)
    }

    @Test("--svg-text adds the lines as invisible text")
    func svgText() throws {
        let layout = try Self.layout(Sample(name: "", text: "Select <me> & copy", family: "Noto Sans"))
        let svg = String(decoding: try ImageFormat.svg.encode(Drawing(layout), options: VectorOptions(svgText: true)),
                         as: UTF8.self)
        #expect(svg.contains(">Select &lt;me&gt; &amp; copy</text>"))
        #expect(!String(decoding: try ImageFormat.svg.encode(Drawing(layout)), as: UTF8.self).contains("<text"))
    }

    @Test("pages: a long text on A5-sized pages, whole lines on each, every line once")
    func pages() throws {
        let words = (1...220).map { "word\($0)" }.joined(separator: " ")
        var request = RenderRequest(text: words)
        request.output.format = .pdf
        request.output.pageSize = PageSize(width: 420, height: 595)
        request.output.margin = 36
        let layout = try request.layout()
        let pdf = try request.image(of: layout)
        let path = try Self.scratch(pdf, "pages.pdf")
        let info = try Self.run("pdfinfo", [path])
        let pageCount = Int(info.split(separator: "\n").first { $0.hasPrefix("Pages:") }?
            .split(separator: " ").last ?? "") ?? 0
        let perPage = Int((595 - 72) / 24)  // Noto Sans 16 on 24: 21 lines fit 523 points
        #expect(pageCount == (layout.lines.count + perPage - 1) / perPage)
        #expect(layout.lines.count > perPage)
        let read = try Self.run("pdftotext", [path, "-"])
        #expect(read.split(whereSeparator: \.isWhitespace).map(String.init) == words.split(separator: " ").map(String.init))
        for page in 1...pageCount {
            let text = try Self.run("pdftotext", ["-f", "\(page)", "-l", "\(page)", path, "-"])
            let lines = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces.union(["\u{0C}"])).isEmpty }
            #expect(lines.count <= perPage, "page \(page)")
        }
    }

    @Test("a card: SVG and PDF drawn by rsvg and poppler match its PNG; its text reads back",
          arguments: ["card.json", "photo-card.json", "flow-card.json"])
    func card(file: String) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let examples = root.appendingPathComponent("Examples")
        let values = try JSONDecoder().decode([String: String].self,
                                              from: Data(contentsOf: examples.appendingPathComponent(
                                                file == "flow-card.json" ? "flow-card-values.json" : "card-values.json")))
        let card = try Card.decode(from: Data(contentsOf: examples.appendingPathComponent(file)), values: values)
        let renderer = CardRenderer(imageDirectory: examples)
        let png = try renderer.image(of: card)
        // A photograph scaled up by rsvg's and poppler's own filters differs from the bilinear raster in its fine
        // detail (fur, grass): a mean of 3.6 levels against poppler, under 1 % of pixels off by more than 32.
        let loose = Sample(name: file, text: "", family: "", meanLimit: file == "photo-card.json" ? 5 : 2,
                           offShareLimit: 0.02)
        let svg = try renderer.encoded(card, format: .svg)
        try Self.expectClose(try Self.rasterized(svg, with: "rsvg-convert", arguments: ["-o"], name: "card.svg"), png, loose)
        let pdf = try renderer.encoded(card, format: .pdf)
        try Self.expectClose(try Self.rasterized(pdf, with: "pdftoppm", arguments: ["-r", "72", "-png", "-singlefile"],
                                                 name: "card.pdf", outputSuffix: ".png"), png, loose)
        let read = try Self.run("pdftotext", [Self.scratch(pdf, "card.pdf"), "-"])
        #expect(Self.normalized(read).contains(file == "photo-card.json" ? "fitted and balanced" : values["author"] ?? "—"))
    }

    @Test("paths: a frame's shapes (arcs, even-odd holes, a gradient from one point to another) as rsvg and poppler draw them")
    func paths() throws {
        let card = try Card.decode(from: Data(##"""
            {"width": 240, "height": 120, "background": "#FFFFFF", "layers": [
             {"type": "frame", "x": 10, "y": 10, "width": 100, "height": 100,
              "paths": [{"d": "M50 2 A48 48 0 1 1 49.9 2 Z m0 24 a24 24 0 1 0 0.1 0 z", "fillRule": "evenodd",
                         "fill": {"linear": {"from": [0, 0], "to": [1, 0.5], "stops": ["#0B1F3A", "#3A86FF"]}}},
                        {"d": "M20 80 Q50 40 80 80 T 95 95 L20 95 Z", "fill": "#E0245E"}]},
             {"type": "frame", "x": 130, "y": 10, "width": 100, "height": 100,
              "paths": [{"d": "M10 10h80v80h-80z M30 30v40h40v-40z", "fill": "#222222"},
                        {"d": "M10 50 C10 10 90 10 90 50 S 10 90 50 95", "fill": "#F5A62380"}]}]}
            """##.utf8))
        let renderer = CardRenderer(registry: FontRegistry(includesSystemFonts: false))
        let png = try renderer.image(of: card)
        // rsvg (cairo) covers edge pixels by area as we do: a mean of 0.22 levels. poppler's anti-aliasing samples
        // each pixel at 4 × 4 points: 0.75 levels along these curved edges, 0.4 % of pixels off by more than 32.
        try Self.expectVectorsMatch(card, renderer, png: png, name: "paths", file: "paths",
                                    rsvg: (0.4, 0.002), poppler: (1, 0.006))
        // The even-odd hole: the inner circle's center is empty (white), the ring around it painted.
        #expect(png[60, 60] == RGBAImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255))
        #expect(png[60, 20] != RGBAImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255))
    }

    @Test("an inner shadow (CSS inset): rsvg's blur of the SVG's clipped even-odd ring draws what the raster does")
    func innerShadow() throws {
        let card = try Card.decode(from: Data(##"""
            {"width": 200, "height": 120, "background": "#FFFFFF", "layers": [
             {"type": "frame", "x": 20, "y": 20, "width": 160, "height": 80, "fill": "#E8F0FE", "cornerRadius": 16,
              "shadows": [{"x": 6, "y": 6, "blur": 12, "spread": 2, "color": "#0B1F3AAA", "inset": true},
                          {"x": 0, "y": 4, "blur": 8, "color": "#00000033"}]}]}
            """##.utf8))
        let renderer = CardRenderer(registry: FontRegistry(includesSystemFonts: false))
        let png = try renderer.image(of: card)
        try Self.expectVectorsMatch(card, renderer, png: png, name: "inner shadow", file: "inset",
                                    rsvg: (0.8, 0.002), poppler: (1, 0.006))
        // Darkest inside the top-left edge (the shadow falls from there), none at the center, none outside the box
        // but the outer shadow's.
        #expect(png[24, 40].red < 150 && png[100, 60] == RGBAImage.Pixel(red: 232, green: 240, blue: 254, alpha: 255))
        #expect(png[176, 60].red > png[24, 60].red)
    }

    @Test("a blurred frame (a layer blur): rsvg's feGaussianBlur of the SVG draws what the raster does")
    func layerBlur() throws {
        let card = try Card.decode(from: Data(##"""
            {"width": 200, "height": 120, "background": "#FFFFFF", "layers": [
             {"type": "frame", "x": 30, "y": 30, "width": 140, "height": 60, "fill": "#3A86FF", "cornerRadius": 12,
              "blur": 8, "opacity": 0.8, "layers": [{"type": "rect", "x": 20, "y": 20, "width": 40, "height": 20,
                                                     "fill": "#E0245E"}]}]}
            """##.utf8))
        let renderer = CardRenderer(registry: FontRegistry(includesSystemFonts: false))
        let png = try renderer.image(of: card)
        // rsvg approximates the Gaussian with three box blurs (as SVG allows): against an exact 2-D Gaussian of
        // σ = 4 of the unblurred card (numpy), rsvg's is off by 1.25 levels on average, 27 at most; ours by 0.13 and
        // 1.4 (its blurs are checked against the exact Gaussian in CardTests). So the two differ by 1.23 on average.
        try Self.expectVectorsMatch(card, renderer, png: png, name: "layer blur", file: "blur",
                                    rsvg: (1.5, 0.002), poppler: (1, 0.002))
        // Soft edges: the box's corner pixel is neither the page nor the fill; its middle is the fill, faded.
        #expect(png[30, 30] != RGBAImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255))
        #expect(png[30, 30].blue > png[100, 45].red)
    }

    @Test("a frame's mask: rsvg and poppler clip its children to the same outline as the raster")
    func masks() throws {
        let card = try Card.decode(from: Data(##"""
            {"width": 160, "height": 100, "background": "#FFFFFF", "layers": [
             {"type": "frame", "x": 10, "y": 10, "width": 140, "height": 80,
              "mask": {"d": "M40 0A40 40 0 1 1 39.9 0Z M100 10h30v60h-30z", "fillRule": "evenodd"},
              "layers": [{"type": "rect", "x": 0, "y": 0, "width": 140, "height": 80,
                          "fill": {"linear": {"angle": 90, "stops": ["#0B1F3A", "#E0245E"]}}}]}]}
            """##.utf8))
        let renderer = CardRenderer(registry: FontRegistry(includesSystemFonts: false))
        let png = try renderer.image(of: card)
        try Self.expectVectorsMatch(card, renderer, png: png, name: "mask", file: "mask",
                                    rsvg: (0.5, 0.004), poppler: (1, 0.008))
        #expect(png[50, 50].alpha == 255 && png[50, 50] != RGBAImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255))
        #expect(png[95, 50] == RGBAImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255))  // between the shapes
    }

    @Test("a text's inner shadow: rsvg (an SVG filter) and poppler (its image) draw it as the raster, inside the glyphs")
    func textInnerShadow() throws {
        // White glyphs on white: only the shadow shows, along the top inside edge of each stroke (moved 4 down).
        let card = try Card.decode(from: Data(##"""
            {"width": 200, "height": 100, "background": "#FFFFFF", "layers": [{"type": "text", "x": 20, "y": 10,
              "text": "HI", "size": 64, "weight": 700, "color": "#FFFFFF",
              "shadows": [{"x": 0, "y": 4, "blur": 2, "color": "#1D4E89", "inset": true}]}]}
            """##.utf8))
        let renderer = CardRenderer(registry: FontRegistry(includesSystemFonts: false))
        let png = try renderer.image(of: card)
        // poppler resamples the shadow's image (smoothly, at a half pixel's offset along the stems' edges).
        try Self.expectVectorsMatch(card, renderer, png: png, name: "text inner shadow", file: "innershadow",
                                    rsvg: (1.5, 0.01), poppler: (1, 0.02))
        let ink = try #require(try renderer.layout(of: card).boxes.first?.ink)
        // Just inside the top of the H's left stem: blue; well below it, inside the stem: white; outside: white.
        let stem = Int(ink.x + 4), top = Int(ink.y.rounded(.up))
        #expect(png[stem, top + 1].red < 120 && png[stem, top + 20] == RGBAImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255))
        #expect(png[stem, top - 3] == RGBAImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255))
    }

    @Test("a text's link: an <a> in the SVG, a link annotation poppler lists in the PDF; a javascript: link refused")
    func links() throws {
        func card(_ link: String) throws -> Card {
            try Card.decode(from: Data(##"""
                {"width": 300, "height": 80, "layers": [{"type": "text", "x": 10, "y": 10, "text": "Read more",
                  "size": 24, "link": "\##(link)"}]}
                """##.utf8))
        }
        let renderer = CardRenderer(registry: FontRegistry(includesSystemFonts: false))
        let linked = try card("https://example.com/a?b=1&c=(2)")
        let svg = String(decoding: try renderer.encoded(linked, format: .svg), as: UTF8.self)
        #expect(svg.contains(#"<a href="https://example.com/a?b=1&amp;c=(2)"><rect x="10" y="10""#))
        let pdf = try Self.scratch(try renderer.encoded(linked, format: .pdf), "link.pdf")
        // pdfinfo -url: "Page  Type  URL", then one line a link (the parentheses percent-encoded, as URLs allow).
        let listed = try Self.run("pdfinfo", ["-url", pdf]).split(separator: "\n").dropFirst()
            .map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        #expect(listed == [["1", "Annotation", "https://example.com/a?b=1&c=%282%29"]])
        #expect(throws: CardError.self) { try renderer.image(of: try card("javascript:alert(1)")) }
        #expect(try renderer.image(of: linked) == renderer.image(of: try card("mailto:hi@example.com")))
    }

    @Test("a gradient text fill: the glyphs show the gradient laid over the box, in the PNG, rsvg's and poppler's")
    func gradientText() throws {
        let card = try Card.decode(from: Data(##"""
            {"width": 320, "height": 80, "background": "#FFFFFF", "layers": [{"type": "text", "x": 10, "y": 5,
              "width": 300, "text": "MMMMMMMM", "size": 48, "weight": 700, "decoration": "underline",
              "fill": {"linear": {"angle": 90, "stops": ["#E0245E", "#1D4E89"]}}}]}
            """##.utf8))
        let renderer = CardRenderer(registry: FontRegistry(includesSystemFonts: false))
        let png = try renderer.image(of: card)
        // poppler antialiases the glyphs of a soft mask more coarsely than it draws glyphs (the edges differ).
        try Self.expectVectorsMatch(card, renderer, png: png, name: "gradient text", file: "gradienttext",
                                    rsvg: (1.5, 0.01), poppler: (3.5, 0.05))
        // The darkest pixel of the first and of the last M: red at the left, blue at the right.
        func darkest(_ columns: Range<Int>) -> RGBAImage.Pixel {
            var found = RGBAImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255)
            func sum(_ p: RGBAImage.Pixel) -> Int { Int(p.red) + Int(p.green) + Int(p.blue) }
            for x in columns {
                for y in 0..<80 where sum(png[x, y]) < sum(found) { found = png[x, y] }
            }
            return found
        }
        let left = darkest(12..<40), right = darkest(250..<300)
        #expect(left.red > left.blue && right.blue > right.red)
    }

    @Test("alpha and luminance masks: rsvg (<mask>, mask-type) and poppler (soft masks) fade the children as the raster")
    func softMasks() throws {
        // Each frame: a mask whose fill runs from opaque white (luminance 1) at the left to, on the right, black
        // (luminance 0) or transparent white (alpha 0), over a red square.
        func frame(_ x: Int, _ type: String, _ end: String) -> String {
            ##"{"type": "frame", "x": \##(x), "y": 0, "width": 100, "height": 100, "layers": [{"type": "frame", "width": 100, "height": 100, "isMask": true, "maskType": "\##(type)", "fill": {"linear": {"angle": 90, "stops": ["#FFFFFF", "\##(end)"]}}, "layers": []}, {"type": "rect", "width": 100, "height": 100, "fill": "#E0245E"}]}"##
        }
        let card = try Card.decode(from: Data(##"""
            {"width": 200, "height": 100, "background": "#FFFFFF", "layers": [\##(frame(0, "luminance", "#000000")),
             \##(frame(100, "alpha", "#FFFFFF00"))]}
            """##.utf8))
        let renderer = CardRenderer(registry: FontRegistry(includesSystemFonts: false))
        let png = try renderer.image(of: card)
        try Self.expectVectorsMatch(card, renderer, png: png, name: "soft masks", file: "softmask",
                                    rsvg: (1.5, 0.01), poppler: (1.5, 0.01))
        // The red fades out to the right in both: all of it at the left edge, none at the right.
        #expect(png[1, 50].red > 220 && png[1, 50].green < 60 && png[98, 50].green > 240)
        #expect(png[101, 50].green < 60 && png[198, 50].green > 240)
        #expect(png[50, 50].green > 60 && png[50, 50].green < 200)
    }

    @Test("an elliptical radial gradient, its radii turned: rsvg (gradientTransform) and poppler (a shading under cm) agree")
    func ellipticalGradient() throws {
        let card = try Card.decode(from: Data(##"""
            {"width": 220, "height": 120, "background": "#FFFFFF", "layers": [
             {"type": "frame", "x": 10, "y": 10, "width": 200, "height": 100,
              "fill": {"radial": {"center": [0.5, 0.5], "ellipse": [[0.5, 0], [0, 0.5]], "stops": ["#0B1F3A", "#FFD166"]}}},
             {"type": "rect", "x": 125, "y": 30, "width": 85, "height": 60,
              "fill": {"radial": {"center": [0.3, 0.4], "ellipse": [[0.4, 0.3], [-0.2, 0.5]], "stops": ["#E0245E", "#3A86FF"]}}}]}
            """##.utf8))
        let renderer = CardRenderer(registry: FontRegistry(includesSystemFonts: false))
        let png = try renderer.image(of: card)
        try Self.expectVectorsMatch(card, renderer, png: png, name: "elliptical gradient", file: "ellipse",
                                    rsvg: (0.3, 0.002), poppler: (1.5, 0.01))
        // The first ellipse fills the 200 × 100 box: t = √(((x − 110) / 100)² + ((y − 60) / 50)²) at a pixel's
        // center, so its first color at the center and its last at the middle of each edge (within half a level of
        // that formula everywhere, numpy; rsvg's within 0.02 levels of ours).
        #expect(png[110, 60].red <= 15 && png[110, 60].blue <= 59)
        #expect(png[10, 60].red >= 250 && png[110, 10].red >= 250)
    }

    @Test("conic and diamond gradients: the raster follows CSS's and Figma's formulas; SVG and PDF embed its pixels")
    func conicAndDiamondGradients() throws {
        let card = try Card.decode(from: Data(##"""
            {"width": 240, "height": 120, "background": "#FFFFFF", "layers": [
             {"type": "frame", "x": 10, "y": 10, "width": 100, "height": 100, "cornerRadius": 20,
              "fill": {"conic": {"stops": ["#FF0000", "#00FF00", "#0000FF", "#FF0000"]}}},
             {"type": "frame", "x": 130, "y": 10, "width": 100, "height": 100,
              "fill": {"diamond": {"axes": [[0.5, 0], [0, 0.5]], "stops": ["#FFFFFF", "#0B1F3A"]}}}]}
            """##.utf8))
        let renderer = CardRenderer(registry: FontRegistry(includesSystemFonts: false))
        let png = try renderer.image(of: card)
        // Expected from the formulas at each pixel's center (Python's math.atan2): the conic's t is the turn
        // clockwise from up, atan2(dx, −dy) / 2π, around (60, 60); the diamond's t = |dx| / 50 + |dy| / 50 from
        // (180, 60); colors mixed linearly between the stops. poppler resamples the embedded pixels (mean 1.6 levels).
        let expected: [(x: Int, y: Int, rgb: [Double])] = [
            (90, 60, [61.8, 193.2, 0]), (60, 30, [252.9, 2.1, 0]), (30, 60, [61.7, 0, 193.3]),
            (60, 90, [0, 129.5, 125.5]), (180, 60, [250.1, 250.5, 251.1]), (200, 70, [103.7, 116.1, 132.9]),
            (150, 40, [15.9, 35.5, 61.9])]
        for point in expected {
            let pixel = png[point.x, point.y]
            let got = [Double(pixel.red), Double(pixel.green), Double(pixel.blue)]
            #expect(zip(got, point.rgb).allSatisfy { abs($0 - $1) <= 1.5 }, "(\(point.x), \(point.y)): \(got)")
        }
        try Self.expectVectorsMatch(card, renderer, png: png, name: "conic and diamond", file: "conic",
                                    rsvg: (0.5, 0.01), poppler: (2, 0.01))
    }

    @Test("a turned text: a quarter turn is the unturned pixels turned; rsvg and poppler draw the SVG and PDF as the PNG")
    func turnedText() throws {
        let renderer = CardRenderer(registry: FontRegistry(includesSystemFonts: false))
        /// A 200 × 200 card with a 120 × 40 text whose box is centered on (100, 100), turned `degrees`: its x and y
        /// are its turned bounds' (40 × 120 at a quarter turn).
        func card(_ degrees: Double, x: Double = 40, y: Double = 80) throws -> Card {
            try Card.decode(from: Data(#"""
                {"width": 200, "height": 200, "layers": [{"type": "text", "x": \#(x), "y": \#(y), "width": 120, "height": 40,
                  "rotation": \#(degrees), "text": "Turned Ag", "size": 24, "lineHeight": 40, "color": "#1D4E89",
                  "stroke": {"width": 1, "color": "#F5A623"}}]}
                """#.utf8))
        }
        let flat = try renderer.image(of: try card(0)), quarter = try renderer.image(of: try card(90, x: 80, y: 40))
        // Turned 90° clockwise about (100, 100): the pixel at (x, y) shows the unturned one at (y, 199 − x); the
        // centers land on centers, so each is copied exactly.
        var differing = 0
        for y in 0..<200 {
            for x in 0..<200 where quarter[x, y] != flat[y, 199 - x] { differing += 1 }
        }
        #expect(differing == 0)
        let boxes = try renderer.layout(of: try card(90, x: 80, y: 40)).boxes
        #expect(boxes.first.map { [$0.x, $0.y, $0.width, $0.height] } == [80, 40, 40, 120])
        // At 30° the raster resamples its unturned canvas; rsvg and poppler turn the outlines themselves.
        let slanted = try card(30)
        let png = try renderer.image(of: slanted)
        let loose = Sample(name: "turned 30°", text: "", family: "", meanLimit: 3, offShareLimit: 0.03)
        let svg = try renderer.encoded(slanted, format: .svg)
        #expect(String(decoding: svg, as: UTF8.self).contains("rotate(30 "))
        try Self.expectClose(try Self.rasterized(svg, with: "rsvg-convert", arguments: ["-o"], name: "x.svg"), png, loose)
        let pdf = try renderer.encoded(slanted, format: .pdf)
        try Self.expectClose(try Self.rasterized(pdf, with: "pdftoppm", arguments: ["-r", "72", "-png", "-singlefile"],
                                                 name: "x.pdf", outputSuffix: ".png"), png, loose)
        #expect(Self.normalized(try Self.run("pdftotext", [Self.scratch(pdf, "x.pdf"), "-"])).contains("Turned"))
    }

    @Test("blend modes: the raster's, rsvg's (mix-blend-mode) and poppler's (/BM) agree on every mode SVG and PDF have")
    func blendModes() throws {
        // Over a backdrop of #3366CC on the left and #E0E0E0 on the right, a #CC9933 square at 80 % and a white one
        // under it at half opacity, in each mode.
        let modes = BlendMode.allCases.filter { ![.linearBurn, .linearDodge].contains($0) }
        let layers = modes.enumerated().map { index, mode in
            ##"{"type": "frame", "x": \##(index % 8 * 30 + 5), "y": \##(index / 8 * 30 + 5), "width": 20, "height": 20, "blendMode": "\##(mode.rawValue)", "layers": [{"type": "rect", "x": 0, "y": 10, "width": 20, "height": 10, "fill": "#FFFFFF80"}, {"type": "rect", "width": 20, "height": 10, "fill": "#CC9933CC"}]}"##
        }
        let card = try Card.decode(from: Data(##"""
            {"width": 240, "height": 60, "background": {"linear": {"angle": 90, "stops": [{"offset": 0, "color": "#3366CC"}, {"offset": 0.5, "color": "#3366CC"}, {"offset": 0.5, "color": "#E0E0E0"}, {"offset": 1, "color": "#E0E0E0"}]}},
             "layers": [\##(layers.joined(separator: ", "))]}
            """##.utf8))
        let renderer = CardRenderer(registry: FontRegistry(includesSystemFonts: false))
        let png = try renderer.image(of: card)
        try Self.expectVectorsMatch(card, renderer, png: png, name: "blend modes", file: "blend",
                                    rsvg: (0.5, 0.002), poppler: (1, 0.005))
        // Multiply by hand (W3C's formula, an 80 % source over an opaque backdrop): 0.2 cb + 0.8 cb cs, as bytes.
        let multiplied = png[40, 10]  // the second square
        #expect(abs(Int(multiplied.red) - 43) <= 1 && abs(Int(multiplied.green) - 69) <= 1
                && abs(Int(multiplied.blue) - 73) <= 1, "\(multiplied)")
    }

    // MARK: Helpers

    /// Text with poppler's bidi marks (U+202A–U+202E) taken out and whitespace runs made one space.
    static func normalized(_ text: String) -> String {
        let kept = text.unicodeScalars.filter { !(0x202A...0x202E).contains($0.value) }
        return String(String.UnicodeScalarView(kept)).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    static func scratch(_ data: Data, _ name: String) throws -> String {
        try TestSupport.scratchFile(name, contents: data)
    }

    /// Runs a tool and returns its standard output as text; throws when it fails.
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/\(tool)")
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = Pipe()
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(tool) \(arguments.joined(separator: " ")) failed")
        return String(decoding: data, as: UTF8.self)
    }

    /// `data` written to a file `name`, rasterized by `tool` (`arguments`, then the input, then the output path;
    /// pdftoppm adds `outputSuffix` to the name it is given), and decoded.
    static func rasterized(_ data: Data, with tool: String, arguments: [String], name: String,
                           outputSuffix: String = "") throws -> RGBAImage {
        let input = try scratch(data, name)
        let output = input + ".out"
        if tool == "rsvg-convert" {  // rsvg-convert -o OUT IN; pdftoppm and pdftocairo take IN OUT
            _ = try run(tool, arguments + [output, input])
        } else {
            _ = try run(tool, arguments + [input, output])
        }
        return try ImageDecoder.decode(Data(contentsOf: URL(fileURLWithPath: output + outputSuffix)))
    }

    /// Expects `drawn` to be `png`'s size and, on white, within the sample's limits.
    /// `card`'s SVG as rsvg draws it and its PDF as poppler does (72 dpi), each within its (mean difference, share
    /// of pixels off by more than 32) of `png`, the card's own raster; `name` says which in a failure, `file` names
    /// the scratch files.
    static func expectVectorsMatch(_ card: Card, _ renderer: CardRenderer, png: RGBAImage, name: String, file: String,
                                   rsvg: (mean: Double, share: Double), poppler: (mean: Double, share: Double)) throws {
        try expectClose(try rasterized(renderer.encoded(card, format: .svg), with: "rsvg-convert", arguments: ["-o"],
                                       name: file + ".svg"), png,
                        Sample(name: name + " (rsvg)", text: "", family: "", meanLimit: rsvg.mean,
                               offShareLimit: rsvg.share))
        try expectClose(try rasterized(renderer.encoded(card, format: .pdf), with: "pdftoppm",
                                       arguments: ["-r", "72", "-png", "-singlefile"], name: file + ".pdf",
                                       outputSuffix: ".png"), png,
                        Sample(name: name + " (poppler)", text: "", family: "", meanLimit: poppler.mean,
                               offShareLimit: poppler.share))
    }

    static func expectClose(_ drawn: RGBAImage, _ png: RGBAImage, _ sample: Sample) throws {
        try #require(drawn.width == png.width && drawn.height == png.height,
                     "\(drawn.width) × \(drawn.height) vs \(png.width) × \(png.height)")
        var total = 0, off = 0
        for pixel in 0..<png.width * png.height {
            var worst = 0
            for channel in 0..<3 {
                // Premultiplied over white: c + 255 − a.
                let a = Int(drawn.pixels[pixel * 4 + channel]) + 255 - Int(drawn.pixels[pixel * 4 + 3])
                let b = Int(png.pixels[pixel * 4 + channel]) + 255 - Int(png.pixels[pixel * 4 + 3])
                total += abs(a - b)
                worst = max(worst, abs(a - b))
            }
            if worst > 32 { off += 1 }
        }
        let mean = Double(total) / Double(png.width * png.height * 3)
        let share = Double(off) / Double(png.width * png.height)
        #expect(mean <= sample.meanLimit && share <= sample.offShareLimit,
                "\(sample.name): mean difference \(mean), \(share * 100) % of pixels off by more than 32")
    }
}
