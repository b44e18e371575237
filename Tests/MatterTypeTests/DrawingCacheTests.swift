import Foundation
import MatterType
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
}
