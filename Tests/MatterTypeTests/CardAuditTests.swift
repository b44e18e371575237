import Foundation
import MatterType
import MatterTypeCards
import Testing

/// The audit of a card's text layers (MatterTypeCards/Render/CardRenderer+Audit.swift, AuditedText.swift): each
/// kind of problem found where it is, none on a clean card.
@Suite("Card audit")
struct CardAuditTests {
    /// The bundled Noto Sans only, so that fallbacks are what the test says.
    static let bundled = CardRenderer(registry: FontRegistry(includesSystemFonts: false))

    /// The card of `layers` (JSON) on a 400 × 200 white canvas.
    static func card(_ layers: String, background: String = ##""#FFFFFF""##) throws -> Card {
        try CardTemplate(Data(##"{"width": 400, "height": 200, "background": \##(background), "layers": [\##(layers)]}"##.utf8))
            .card(values: [:])
    }

    /// The problems of `card`, but the line counts.
    static func problems(_ card: Card, renderer: CardRenderer = bundled,
                         options: CardAuditOptions = CardAuditOptions()) throws -> [CardAuditProblem] {
        try renderer.audit(of: card, options: options).filter { $0.kind != .lines }
    }

    @Test("a clean card: only each layer's line count")
    func clean() throws {
        let card = try Self.card(#"""
            {"type": "text", "x": 20, "y": 20, "width": 360, "text": "A title that fits", "size": 32, "color": "#111111"},
            {"type": "text", "x": 20, "y": 120, "width": 360, "text": "A byline well below it", "color": "#333333"}
            """#)
        let all = try Self.bundled.audit(of: card)
        #expect(all.map(\.kind) == [.lines, .lines] && all.map(\.lines) == [1, 1], "\(all)")
    }

    @Test("overflow: past its fixed box's bottom, past the canvas's right edge, past a clipping frame")
    func overflow() throws {
        // Five words in 60 points: more lines than a 30-point box holds (24-point lines: Noto Sans 16 on 24).
        let card = try Self.card(#"""
            {"type": "text", "x": 20, "y": 20, "width": 60, "height": 30, "text": "one two three four five"},
            {"type": "text", "x": 330, "y": 100, "text": "Wider than what is left"},
            {"type": "frame", "x": 20, "y": 150, "width": 100, "height": 30, "clip": true, "layers": [
              {"type": "text", "x": 0, "y": 0, "text": "Cut by its frame, far past the right"}]}
            """#)
        let found = try Self.problems(card)
        let lines = try Self.bundled.audit(of: card).filter { $0.kind == .lines }.compactMap(\.lines)
        let layout = try Self.bundled.layout(of: card)
        // The first layer: its lines (lines × 24 points) past its 30-point box.
        let box = try #require(found.first { $0.layer == "/layers/0" })
        #expect(box.kind == .overflow && box.edge == .bottom && box.container == .box
                && box.points == Double(lines[0] * 24 - 30), "\(found)")
        // The second: its ink (its glyphs) cut by the 400-point canvas; its own hugging box holds its line.
        let ink = try #require(layout.boxes.first { $0.path == "/layers/1" }?.ink)
        let canvas = try #require(found.first { $0.layer == "/layers/1" })
        #expect(canvas.edge == .right && canvas.container == .canvas
                && abs((canvas.points ?? 0) - (ink.x + ink.width - 400)) < 0.01, "\(found)")
        // The third: past its clipping frame's right edge (its own box hugs it; the canvas holds it).
        let clipped = found.filter { $0.layer == "/layers/2/layers/0" }
        #expect(clipped.map(\.container) == [.clip] && clipped.first?.edge == .right, "\(clipped)")
        #expect(found.allSatisfy { $0.kind == .overflow })
        // Not overflows: a line box taller than the box it is centered in, and a text wholly
        // outside a clipping frame (scrolled out of view: not drawn).
        let fine = try Self.card(#"""
            {"type": "text", "x": 20, "y": 20, "width": 200, "height": 14, "verticalAlign": "middle", "text": "A tight box", "lineHeight": 30},
            {"type": "frame", "x": 20, "y": 100, "width": 200, "height": 40, "clip": true, "layers": [
              {"type": "text", "x": 0, "y": 60, "text": "Below the fold"}]}
            """#)
        let none = try Self.problems(fine)
        #expect(none.isEmpty, "\(none)")
    }

    @Test("truncated: maxLines drops lines, and the text lost is named; fit-minimum when fitting runs out")
    func truncatedAndFit() throws {
        let card = try Self.card(#"""
            {"type": "text", "x": 20, "y": 20, "width": 120, "maxLines": 1, "text": "First line then the rest of it"},
            {"type": "text", "x": 20, "y": 80, "width": 100, "height": 20, "fit": true, "minFontSize": 12,
             "text": "Far too much text to fit in this small box at any size"}
            """#)
        let found = try Self.problems(card)
        let truncated = try #require(found.first { $0.kind == .truncated && $0.layer == "/layers/0" })
        #expect(truncated.lost.map { "First line then the rest of it".hasSuffix($0) && !$0.isEmpty } == true,
                "\(truncated)")
        let fit = try #require(found.first { $0.kind == .fitMinimum })
        #expect(fit.layer == "/layers/1" && fit.fontSize == 12, "\(found)")
    }

    @Test("missing-glyph names the character; fallback names the family that drew the characters")
    func characters() throws {
        // U+0378 is unassigned: no font has it. CJK is not in Noto Sans: with the machine's fonts a CJK family draws it.
        let card = try Self.card(#"""
            {"type": "text", "x": 20, "y": 20, "width": 360, "text": "Odd \u0378 here"},
            {"type": "text", "x": 20, "y": 80, "width": 360, "text": "Tokyo 東京"}
            """#)
        let found = try Self.problems(card, renderer: CardRenderer())
        let missing = try #require(found.first { $0.kind == .missingGlyph })
        #expect(missing.layer == "/layers/0" && missing.characters == ["U+0378"], "\(found)")
        let fallback = try #require(found.first { $0.kind == .fallback })
        #expect(fallback.layer == "/layers/1" && fallback.characters == ["U+6771", "U+4EAC"]
                && fallback.designed == ["Noto Sans"] && fallback.family?.contains("CJK") == true, "\(found)")
        // A planned fallback is accepted.
        let allowed = try Self.problems(card, renderer: CardRenderer(),
                                        options: CardAuditOptions(allowedFallbacks: [fallback.family ?? ""]))
        #expect(!allowed.contains { $0.kind == .fallback })
    }

    @Test("collision: a title run into its byline is reported on the later layer, naming the other")
    func collision() throws {
        let card = try Self.card(#"""
            {"type": "text", "x": 20, "y": 20, "width": 360, "text": "A long title that wraps onto a second line", "size": 28},
            {"type": "text", "x": 20, "y": 50, "width": 360, "text": "The byline under it"}
            """#)
        let found = try Self.problems(card)
        #expect(found.map(\.kind) == [.collision] && found.first?.layer == "/layers/1"
                && found.first?.other == "/layers/0", "\(found)")
    }

    @Test("contrast: hand-computed WCAG ratios on a flat background and a hard-stop gradient")
    func contrast() throws {
        // #CCCCCC on white: L = ((0.8 + 0.055) / 1.055)^2.4 = 0.6038; 1.05 / (0.6038 + 0.05) = 1.606, cut to 1.60.
        let flat = try Self.problems(try Self.card(##"{"type": "text", "x": 20, "y": 20, "text": "Faint", "color": "#CCCCCC"}"##))
        #expect(flat.count == 1 && flat.first?.ratio == 1.6 && flat.first?.minimum == 4.5, "\(flat)")
        // #767676 on white is 4.54: passes at 4.5 (WCAG's own example of the lightest passing gray).
        let gray = try Self.problems(try Self.card(##"{"type": "text", "x": 20, "y": 20, "text": "Gray", "color": "#767676"}"##))
        #expect(gray.isEmpty, "\(gray)")
        // Large text (32 points) is held to 3: #949494 on white passes (L = 0.2962; 1.05 / 0.3462 = 3.03), #959595
        // does not (L = 0.3005; 1.05 / 0.3505 = 2.996, cut to 2.99).
        let large = try Self.problems(try Self.card(##"{"type": "text", "x": 20, "y": 20, "text": "Large", "size": 32, "color": "#949494"}"##))
        #expect(large.isEmpty, "\(large)")
        let lighter = try Self.problems(try Self.card(##"{"type": "text", "x": 20, "y": 20, "text": "Large", "size": 32, "color": "#959595"}"##))
        #expect(lighter.first?.ratio == 2.99 && lighter.first?.minimum == 3, "\(lighter)")
        // White text across a gradient that is black then, from the middle, white: the tenth of its pixels that
        // contrast least are on white, 1:1. The same text all on the black half: 21:1, no problem.
        let gradient = ##"{"linear": {"angle": 90, "stops": [{"color": "#000000", "offset": 0}, {"color": "#000000", "offset": 0.5}, {"color": "#FFFFFF", "offset": 0.5}, {"color": "#FFFFFF", "offset": 1}]}}"##
        let across = try Self.problems(try Self.card(##"{"type": "text", "x": 150, "y": 20, "text": "Across the edge", "color": "#FFFFFF"}"##,
                                                      background: gradient))
        #expect(across.first?.kind == .contrast && across.first?.ratio == 1, "\(across)")
        let dark = try Self.problems(try Self.card(##"{"type": "text", "x": 20, "y": 20, "text": "On black", "color": "#FFFFFF"}"##,
                                                    background: gradient))
        #expect(dark.isEmpty, "\(dark)")
    }
}
