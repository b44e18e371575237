import Foundation
import MatterType
import MatterTypeCards
import MatterTypeSnapshotTesting
import SnapshotTesting
import Testing

/// MatterTypeSnapshotTesting as a team would use it (the first test), and that its strategies fail when the
/// layout or the pixels move and pass within the tolerance (the others, against the same committed snapshots).
///
/// The fonts are the bundled Noto Sans only, so that the snapshots are the same on every machine; the snapshots in
/// `__Snapshots__` were recorded by the first test (`withSnapshotTesting(record: .all)`), and their numbers are
/// checked against HarfBuzz's own `hb-shape` below, so that they are not only our output written back.
@Suite("swift-snapshot-testing strategies")
struct SnapshotStrategyTests {
    /// Fonts from the package's bundled Noto Sans alone.
    static let registry = FontRegistry(includesSystemFonts: false)

    /// "Ship it, today" in Noto Sans 16 on 24 at `width` points.
    static func layout(width: Double? = 200, letterSpacing: Double = 0, weight: FontWeight = .regular) throws
        -> TextLayout {
        var typography = Typography(family: "Noto Sans", fontWeight: weight, fontSize: 16, lineHeight: 24)
        typography.letterSpacing = letterSpacing
        return try TextLayout("Ship it, today", typography: typography, limits: LayoutLimits(width: width),
                              registry: registry)
    }

    /// A 240 × 80 card: a white title on blue; `extra` layers after it.
    static func card(scale: Double = 1, extra: String = "") throws -> Card {
        try Card.decode(from: Data(##"""
            {"width": 240, "height": 80, "scale": \##(scale), "background": "#1A4DCC", "layers": [
              {"type": "text", "x": 16, "y": 16, "width": 208, "text": "Ship it, today", "color": "#FFFFFF",
               "size": 24, "weight": "bold"}\##(extra)]}
            """##.utf8))
    }

    @Test func example() throws {
        let layout = try Self.layout()
        assertSnapshot(of: layout, as: .metrics, named: "metrics")
        assertSnapshot(of: layout, as: .image, named: "image")
        assertSnapshot(of: try Self.card(), as: .image(renderer: CardRenderer(registry: Self.registry)), named: "card")
    }

    @Test("the committed metrics are HarfBuzz's: the line's width is hb-shape's advances")
    func metricsAreHarfBuzzs() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__/SnapshotStrategyTests/example.metrics.json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let lines = try #require(json["lines"] as? [[String: Any]])
        // `hb-shape --font-size=16000 --output-format=json Fonts/NotoSans-Regular.ttf "Ship it, today"`: the x
        // advances sum to 97584, 97.584 points at 16 (HarfBuzz 6.0.0).
        #expect(lines.count == 1 && abs((lines[0]["width"] as? Double ?? 0) - 97.584) < 0.001, "\(lines)")
        // The baseline: half of 24 less the hhea height (ascender 1069, descender -293 of 1000 units, from
        // `ttx -t hhea`), plus the ascender: 1.104 + 17.104 = 18.208 points.
        #expect(abs((lines[0]["baseline"] as? Double ?? 0) - 18.208) < 0.001)
        #expect(json["height"] as? Double == 24 && json["fonts"] as? [String] == ["NotoSans-Regular"])
    }

    @Test("metrics: a second line, a wider face or a width fail naming what moved; a hundredth of a point passes")
    func metricsFailWhenTheLayoutMoves() throws {
        func verify(_ layout: TextLayout, as strategy: Snapshotting<TextLayout, String> = .metrics) -> String? {
            verifySnapshot(of: layout, as: strategy, named: "metrics", record: .never, testName: "example()")
        }
        #expect(verify(try Self.layout()) == nil)
        // 14 characters × 0.0005 pt of letter spacing moves the line's width by 0.007 pt: within 0.01.
        #expect(verify(try Self.layout(letterSpacing: 0.0005)) == nil)
        #expect(verify(try Self.layout(letterSpacing: 0.0005), as: .metrics(tolerance: 0.001))?
            .contains("line 1 width 97.584 → 97.591") == true)
        let narrow = verify(try Self.layout(width: 60)) ?? ""
        #expect(narrow.contains("width 200 → 60") && narrow.contains("lines 1 → 2"), "\(narrow)")
        // Bold: hb-shape gives 104.784 points for the same text in NotoSans-Bold.ttf.
        let bold = verify(try Self.layout(weight: .bold)) ?? ""
        #expect(bold.contains("line 1 width 97.584 → 104.784") && bold.contains("NotoSans-Bold"), "\(bold)")
    }

    @Test("image: other pixels fail with their count; a drawing that fails never matches")
    func imageFailsWhenPixelsMove() throws {
        let moved = verifySnapshot(of: try Self.layout(), as: .image(color: Color(red: 51, green: 0, blue: 0)),
                                   named: "image", record: .never, testName: "example()") ?? ""
        #expect(moved.contains("pixels differ") && moved.contains(".diff.png"), "\(moved)")
        let doubled = verifySnapshot(of: try Self.card(scale: 2), as: .image(renderer: CardRenderer(registry: Self.registry)),
                                     named: "card", record: .never, testName: "example()") ?? ""
        #expect(doubled.contains("(240 × 80 → 480 × 160)"), "\(doubled)")
        // An image layer naming a file, which a renderer without an image folder does not read: the card cannot be
        // drawn, and the reason is the failure.
        let broken = try Self.card(extra: ##", {"type": "image", "x": 0, "y": 0, "width": 10, "height": 10, "src": "missing.png"}"##)
        let failed = verifySnapshot(of: broken, as: .image(renderer: CardRenderer(registry: Self.registry)),
                                    named: "card", record: .never, testName: "example()") ?? ""
        #expect(failed.contains("could not draw: layer 1: images here are data: URIs"), "\(failed)")
    }
}
