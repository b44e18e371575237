import Foundation
@testable import MatterType
import MatterTypeCards
import MatterTypeWire
import Testing

/// DrawingCache: a card drawn from its kept opening layers has the pixels of the same card drawn whole.
@Suite("Drawing cache")
struct DrawingCacheTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples")
    let registry = FontRegistry(includesSystemFonts: false)

    /// Examples/card.json (a gradient, a bordered translucent panel, a logo and a radial disc, then text) with
    /// `title` as its title.
    func exampleCard(title: String) throws -> Card {
        let data = try Data(contentsOf: DrawingCacheTests.examples.appendingPathComponent("card.json"))
        return try Card.decode(from: data, values: ["title": title, "author": "Ada Lovelace"])
    }

    func renderer(_ drawings: DrawingCache) -> CardRenderer {
        CardRenderer(registry: registry, imageDirectory: DrawingCacheTests.examples, drawings: drawings)
    }

    @Test("A template drawn for other values starts from its kept opening, and draws the same pixels")
    func templateRedrawnFromItsOpening() throws {
        let cache = DrawingCache()
        let warm = renderer(cache), cold = renderer(DrawingCache(maximumBytes: 0))
        for (index, title) in ["Fitted and balanced headlines", "Another title, longer, on two lines or three at most",
                               "Fitted and balanced headlines", "A fourth"].enumerated() {
            let card = try exampleCard(title: title)
            let drawn = try warm.image(of: card)
            #expect(drawn == (try cold.image(of: card)), "\(title)")
            // Drawn once, the opening is only remembered; from the second drawing on it is kept.
            #expect(cache.count == (index == 0 ? 0 : 1))
        }
        #expect(cache.statistics.hits == 2)
        #expect(cache.statistics.misses == 2)
        #expect(cache.bytes == 1200 * 630 * 4)
        #expect(cold.drawings.count == 0)
    }

    @Test("A different opening is drawn, not copied; one not worth a copy is not kept")
    func differentOpenings() throws {
        let cache = DrawingCache()
        let warm = renderer(cache), cold = renderer(DrawingCache(maximumBytes: 0))
        func card(_ background: String) throws -> Card {
            try Card.decode(from: Data(#"""
                {"width": 300, "height": 200, "background": \#(background),
                 "layers": [{"type": "rect", "x": 20, "y": 20, "width": 260, "height": 160, "fill": "#FFFFFF33",
                             "cornerRadius": 16, "border": {"width": 2, "color": "#FFFFFF88"}},
                            {"type": "text", "x": 40, "y": 40, "width": 220, "text": "Kept", "size": 24}]}
                """#.utf8))
        }
        let blue = try card(##"{"linear": {"angle": 135, "stops": ["#0B1F3A", "#1D4E89"]}}"##)
        let red = try card(##"{"linear": {"angle": 135, "stops": ["#3A0B1F", "#891D4E"]}}"##)
        for card in [blue, blue, red, blue, red, red] {
            #expect(try warm.image(of: card) == (try cold.image(of: card)))
        }
        // Blue: remembered, kept, found; red: remembered, kept, found.
        #expect(cache.statistics.misses == 4)
        #expect(cache.statistics.hits == 2)
        // An opaque color and text: copying the canvas would cost more than filling it.
        let plain = try Card.decode(from: Data(#"""
            {"width": 300, "height": 200, "background": "#FFFFFF",
             "layers": [{"type": "text", "x": 10, "y": 10, "width": 280, "text": "Not kept", "size": 24}]}
            """#.utf8))
        #expect(try warm.image(of: plain) == (try cold.image(of: plain)))
        #expect(try warm.image(of: plain) == (try cold.image(of: plain)))
        #expect(cache.count == 2)
        #expect(cache.statistics.hits + cache.statistics.misses == 6)
    }

    @Test("A full cache drops what it keeps for a new opening")
    func fullCacheStartsOver() throws {
        let cache = DrawingCache(maximumBytes: 1200 * 630 * 4 + 1)
        let warm = renderer(cache)
        var card = try exampleCard(title: "First")
        _ = try warm.image(of: card)
        _ = try warm.image(of: card)
        #expect(cache.count == 1)
        card.background = .paint(.color(Color(red: 20, green: 30, blue: 40, alpha: 200)))
        _ = try warm.image(of: card)
        _ = try warm.image(of: card)
        #expect(cache.count == 1)
        #expect(cache.bytes == 1200 * 630 * 4)
        #expect(cache.statistics.misses == 4)
    }

    @Test("Images in an opening compare by their pixels: decoded anew, the opening is still found")
    func imagesCompareByPixels() throws {
        let cache = DrawingCache()
        // No image cache: each card decodes the logo anew, into new pixels.
        let warm = CardRenderer(registry: registry, imageDirectory: DrawingCacheTests.examples,
                                images: CardImageCache(maximumBytes: 0), drawings: cache)
        let card = try exampleCard(title: "Decoded three times")
        let first = try warm.image(of: card), second = try warm.image(of: card), third = try warm.image(of: card)
        #expect(first == second && second == third)
        #expect(cache.statistics.hits == 1)
    }

    @Test("Threads drawing through one cache get the pixels each card has drawn whole")
    func concurrentDraws() async throws {
        let warm = renderer(DrawingCache()), cold = renderer(DrawingCache(maximumBytes: 0))
        let titles = (0..<8).map { "Title number \($0) of eight" }
        let expected = try titles.map { try cold.image(of: exampleCard(title: $0)) }
        let drawn = try await withThrowingTaskGroup(of: (Int, RGBAImage).self) { group in
            for (index, title) in titles.enumerated() {
                group.addTask { (index, try warm.image(of: try self.exampleCard(title: title))) }
            }
            var images = [RGBAImage?](repeating: nil, count: titles.count)
            for try await (index, image) in group { images[index] = image }
            return images
        }
        for index in titles.indices { #expect(drawn[index] == expected[index], "\(titles[index])") }
        #expect(warm.drawings.count == 1)
    }

    @Test("A card's PNG joins the kept rows above and below its text: the same pixels, within 200 bytes")
    func pngJoinsKeptRows() throws {
        let cache = DrawingCache()
        let warm = renderer(cache), cold = renderer(DrawingCache(maximumBytes: 0))
        let titles = ["Fitted and balanced headlines", "Fitted and balanced headlines", "Fitted and balanced headlines",
                      "Fitted and balanced headlines", "Short", "Short", "Short"]
        var keptBytes: [Int] = []
        for title in titles {
            let card = try exampleCard(title: title)
            let joined = try warm.encoded(card), whole = try cold.encoded(card)
            // Decoded by libpng (zlib checks the joined stream's Adler-32): the pixels of the card drawn whole.
            let decoded = try #require(PNGDecoder.decode(joined), "\(title)")
            #expect(decoded == (try #require(PNGDecoder.decode(whole))), "\(title)")
            // Each join starts new blocks (their code tables) and rows that cannot refer to those before it, which
            // level 12 for the kept rows about makes up for: Examples/card.json with card-values.json is 78 bytes
            // smaller joined (124,408 against 124,486); these titles 68 and 108 bytes larger (a diagonal gradient's
            // first row after a join costs most: it cannot be the row above it, shifted).
            #expect(joined.count <= whole.count + 200, "\(title): \(joined.count) bytes joined, \(whole.count) whole")
            keptBytes.append(cache.bytes - 1200 * 630 * 4)
        }
        // Card 1 remembers the opening, 2 keeps it (rows asked for once), 3 compresses the rows above and below
        // the headline and byline and keeps them, 4 joins them. A short title, one line at the largest size,
        // reaches other rows: asked for once (5), kept (6), joined (7).
        #expect(keptBytes[0] == -1200 * 630 * 4 && keptBytes[1] == 0)
        #expect(keptBytes[2] > 0 && keptBytes[3] == keptBytes[2])
        #expect(keptBytes[4] == keptBytes[3] && keptBytes[5] > keptBytes[4] && keptBytes[6] == keptBytes[5])
    }

    @Test("Joining takes whatever blocks libdeflate wrote, at every level, and any number of rows")
    func joinsAtEveryLevel() throws {
        // A 135° gradient with a band of text across the middle rows: stored blocks (level 0), fixed and dynamic
        // codes, one block or many.
        var drawing = Drawing(width: 301, height: 97)
        drawing.fill(Rect(x: 0, y: 0, width: 301, height: 97),
                     paint: .linear(LinearGradient(angle: 135, stops: [
                         GradientStop(offset: 0, color: Color(red: 11, green: 31, blue: 58)),
                         GradientStop(offset: 1, color: Color(red: 29, green: 78, blue: 137))])))
        let opening = try drawing.rasterized()
        let layout = try TextLayout("Joined rows", typography: Typography(family: "Noto Sans", fontSize: 18,
                                                                          lineHeight: 24),
                                    limits: LayoutLimits(width: 280), registry: registry)
        drawing.draw(layout, at: Point(x: 10, y: 30), color: .white)
        let image = try drawing.rasterized()
        let (top, bottom) = DrawingCache.unchangedRows(of: image, from: opening)
        #expect(top > 20 && bottom > 20 && top + bottom < 97)
        let expected = PNGDecoder.decode(try PNGEncoder.encode(image))
        for plan in [PNGPlan(classifying: image), PNGPlan.rgba] {  // RGB, and RGBA as `"png": "rgba"` asks
            for level: Int32 in [0, 1, 6, 7, 12] {
                for (headRows, tailRows) in [(top, bottom), (1, 0), (0, 1), (top - 3, 5)] {
                    let head = headRows > 0 ? PNGEncoder.compressedRows(of: opening, plan: plan, rows: 0..<headRows,
                                                                        level: level) : nil
                    let tail = tailRows > 0 ? PNGEncoder.compressedRows(of: opening, plan: plan,
                                                                        rows: 97 - tailRows..<97, level: level) : nil
                    let png = try PNGEncoder.encode(image, plan: plan, compression: .balanced, head: head, tail: tail)
                    #expect(PNGDecoder.decode(png) == expected,
                            "\(plan.kind), level \(level), \(headRows) rows on top, \(tailRows) below")
                }
            }
        }
    }
}
