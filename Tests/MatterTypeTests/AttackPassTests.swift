import Foundation
import Testing
import MatterType
@testable import MatterTypeCards
import MatterTypeFigma
import MatterTypeFuzzing
import MatterTypeWire

/// The findings of the attack pass over the doors the card and Figma wave added (frames, Figma documents,
/// `batch`): each reproduction, refused with a clear error or served, never a trap.
@Suite("Attack pass: cards, frames, Figma, batch")
struct AttackPassTests {
    let registry = FontRegistry()

    @Test("B1: the 231-byte frame with a 2,000,000,000-point top padding is refused, naming the padding (it trapped)")
    func hugeOneSidedPadding() throws {
        // The body as the attack pass sent it: only the smallest side was range-checked, and the rect it pushed
        // past 2³⁰ pixels made RoundedRect.bounds a range whose lower bound passed its upper.
        let body = """
            {"width": 100, "height": 100, "layers": [{"type": "frame", "x": 0, "y": 0, "width": 100, "height": 100,
              "layout": {"direction": "vertical", "padding": [2000000000, 0, 0, 0]},
              "layers": [{"type": "rect", "width": 10, "height": 10, "fill": "#FF0000"}]}]}
            """
        let card = try Card.decode(from: Data(body.utf8))
        let error = #expect(throws: CardError.self) { try CardRenderer(registry: registry).encoded(card) }
        #expect(error?.description.contains("\"padding\": 2000000000.0 is not allowed") == true, "\(String(describing: error))")
        for sides in ["[0, 0, 0, -1]", "[0, 1e300, 0, 0]"] {
            let other = try Card.decode(from: Data(body.replacingOccurrences(of: "[2000000000, 0, 0, 0]", with: sides).utf8))
            #expect(throws: CardError.self) { try CardRenderer(registry: registry).layout(of: other) }
        }
        let checked = RequestChecker(registry: registry).check(GeneratedRequest(kind: .card, body: Data(body.utf8)))
        #expect(checked.problems.isEmpty && checked.outcome == .refusedLayout)
    }

    @Test("B1: 140 children with gaps of 1,000,000 points at scale 8, each value allowed, are refused where they add up")
    func gapsThatAddUp() throws {
        let rect = ##"{"type": "rect", "width": 10, "height": 10, "fill": "#F00"}"##
        let body = """
            {"width": 100, "height": 100, "scale": 8, "layers": [{"type": "frame", "x": 0, "y": 0, "width": 100,
              "height": 100, "layout": {"direction": "vertical", "gap": 1000000},
              "layers": [\(Array(repeating: rect, count: 140).joined(separator: ", "))]}]}
            """
        let card = try Card.decode(from: Data(body.utf8))
        let error = #expect(throws: CardError.self) { try CardRenderer(registry: registry).encoded(card) }
        // 11 children × (10 + 1,000,000) points: the eleventh's top is the first past 10,000,000.
        #expect(error?.description == "layer 0, layer 10: \"layers\": its y lands at 10000100.0 points, beyond the "
                + "±10000000 a card's layers may reach; use smaller positions, gaps and padding")
        // Nine children stay within reach and are drawn (all but the first off the canvas).
        let nine = try Card.decode(from: Data(body.replacingOccurrences(
            of: Array(repeating: rect, count: 140).joined(separator: ", "),
            with: Array(repeating: rect, count: 9).joined(separator: ", ")).utf8))
        #expect(try CardRenderer(registry: registry).encoded(nine).count > 0)
    }

    @Test("B1: every drawing primitive takes any finite geometry, however far off the image (an empty span there)",
          arguments: [3e9, -3e9, 1e18, -1e18, 1e300, -1e300])
    func primitivesFarOff(offset: Double) {
        var image = RGBAImage(width: 8, height: 8)
        let far = Rect(x: offset, y: offset, width: 10, height: 10)
        image.fill(far, corners: 4, paint: .color(.black))
        image.strokeBorder(far, corners: 4, widths: 2, paint: .color(.black))
        // A rect reaching from far off across the image still covers it.
        image.fill(Rect(x: -abs(offset), y: 0, width: abs(offset) + 8, height: 8), paint: .color(.black))
        let position = Int(max(min(offset, 4e18), -4e18))
        image.draw(RGBAImage(width: 4, height: 4), atX: position, y: position)
        image.draw(RGBAImage(width: 4, height: 4), atX: Int.max - 1, y: Int.min + 1)
        var gray = RGBAImage(width: 8, height: 8)
        gray.fill(mask: GrayBitmap(width: 4, height: 4), atX: Int.max - 2, y: position, color: .black)
        // Only the rect that crosses the image was drawn (where its far edge plus 8 is still a different double).
        #expect(abs(offset) > 1e15 || image.pixels[3] == 255)
        #expect(gray.pixels.allSatisfy { $0 == 0 })
    }

    /// A Figma file response with one page holding `nodes` (JSON objects).
    func figma(_ nodes: String) throws -> FigmaDocument {
        try FigmaDocument(data: Data(#"{"document": {"id": "0:0", "type": "DOCUMENT", "children": [{"id": "0:1", "type": "CANVAS", "children": [\#(nodes)]}]}}"#.utf8))
    }

    /// A text node of `characters` whose UTF-16 units take the style overrides `overrides`.
    func styledText(_ characters: String, overrides: [Int]) -> String {
        #"{"id": "1:1", "name": "t", "type": "TEXT", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 400, "height": 20}, "characters": "\#(characters)", "style": {"fontFamily": "Noto Sans", "fontSize": 12, "lineHeightPx": 18, "lineHeightUnit": "PIXELS"}, "characterStyleOverrides": \#(overrides), "styleOverrideTable": {"1": {"fontSize": 14}}}"#
    }

    @Test("B2: a document is counted while it is decoded: past FigmaDocument.maximumNodes it stops, naming the limit")
    func nodesCountedWhileDecoding() throws {
        let node = #"{"id": "2:1", "type": "RECTANGLE"}"#
        let frame = { (count: Int) in
            #"{"id": "1:1", "type": "FRAME", "children": ["# + Array(repeating: node, count: count).joined(separator: ",") + "]}"
        }
        // The page and the frame are nodes too: 49,998 rectangles make 50,000 (the document node is the third).
        #expect(try figma(frame(FigmaDocument.maximumNodes - 3)).topLevelNodes.count == 1)
        let error = #expect(throws: FigmaError.self) { try figma(frame(FigmaDocument.maximumNodes - 2)) }
        #expect(error?.description == "not a Figma document: more than 50000 nodes; export only the frames to draw "
                + "(GET /v1/files/:key/nodes?ids=…)")
        // Inside a wrapper the same (a wrapper's body is read with try?, which must not hide the count).
        let wrapped = #"{"data": {"document": {"id": "0:0", "type": "DOCUMENT", "children": [{"id": "0:1", "type": "CANVAS", "children": [\#(frame(FigmaDocument.maximumNodes))]}]}}}"#
        #expect { try FigmaDocument(data: Data(wrapped.utf8)) } throws: { "\($0)".contains("more than 50000 nodes") }
    }

    @Test("B2: a placeholder after a long run of braces is found whole; braces without a close stay text")
    func placeholderScan() throws {
        // The Figma scan looked for a close from every "{{" again: 300,000 braces took 18 s. Now one pass, in which
        // each "}}" closes the last "{{" before it, as a card's placeholders are found.
        let braces = String(repeating: "{", count: 2_000)
        let characters = braces + "{{name}} and {{tail" + "!"
        // Every character in the node's style but the last.
        let document = try figma(styledText(characters, overrides: Array(repeating: 0, count: characters.utf16.count - 1) + [1]))
        let frame = try document.frame("1:1")
        guard case .text(let layer) = frame.card.layers.first else { Issue.record("not a text layer"); return }
        #expect(layer.request.spans?.map(\.text) == [braces + "{{name}} and {{tail", "!"])
        let filled = try frame.card(values: ["name": "Ada"])
        guard case .text(let filledLayer) = filled.layers.first else { Issue.record("not a text layer"); return }
        #expect(filledLayer.request.spans?.map(\.text) == [braces + "Ada and {{tail", "!"])
        // In a card's own strings the same rule: a triple brace keeps one brace, an empty or spaced name is text.
        #expect(Card.placeholders(in: "{{{a}}} {{}} {{b c}} {{d.e-f_1}}").map(\.name) == ["a", "d.e-f_1"])
    }

    @Test("B2: a text of alternating style overrides becomes at most 1,000 spans, the rest in the last one's style")
    func styleRunsBounded() throws {
        let characters = String(repeating: "ab", count: 1_500)
        let document = try figma(styledText(characters, overrides: Array(repeating: [0, 1], count: 1_500).flatMap { $0 }))
        let frame = try document.frame("1:1")
        guard case .text(let layer) = frame.card.layers.first else { Issue.record("not a text layer"); return }
        let spans = try #require(layer.request.spans)
        #expect(spans.count == 1_000)
        #expect(spans.map(\.text).joined() == characters)
        #expect(frame.warnings.map(\.message) == ["more than 1000 style runs: the characters from the 1000th run on "
                                                  + "are drawn in its style"])
        // 999 runs and fewer: no warning, every run kept.
        let fewer = try figma(styledText(String(characters.prefix(999)), overrides: Array(repeating: [0, 1], count: 500).flatMap { $0 }))
        #expect(try fewer.frame("1:1").warnings.isEmpty)
    }

    @Test("B3: the text of every layer, frames' children included, counts in a card's scalarCount")
    func nestedTextCounted() throws {
        let body = #"{"width": 100, "height": 100, "layers": [{"type": "text", "x": 0, "y": 0, "text": "ab"}, {"type": "frame", "x": 0, "y": 0, "width": 100, "height": 100, "layers": [{"type": "frame", "x": 0, "y": 0, "width": 100, "height": 100, "layers": [{"type": "text", "x": 0, "y": 0, "spans": [{"text": "cdé"}, {"text": "👩‍💻"}]}]}]}]}"#
        // 2 + 3 + 3 (the emoji is three scalars: woman, zero-width joiner, laptop).
        #expect(try Card.decode(from: Data(body.utf8)).scalarCount == 8)
    }

    @Test("B10: a card's images are counted from their headers before any is decoded (30 × 25 megapixels: refused)")
    func imagesCountedBeforeDecoding() throws {
        // Small PNGs each declaring 5,000 × 5,000 pixels: 12 GB to decode in all; the card is refused naming it,
        // before one is decoded (a decode would fail on the broken data and say so instead).
        func png(_ index: Int) -> String {
            var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
            data.append(Data("IHDR".utf8) + Data([0, 0, 0x13, 0x88, 0, 0, 0x13, 0x88, 8, 6, 0, 0, 0]))
            data.append(Data([0, 0, 0, 0]) + Data("\(index)".utf8))
            return data.base64EncodedString()
        }
        let layers = (0..<30).map {
            #"{"type": "image", "x": 0, "y": 0, "width": 10, "height": 10, "src": "data:image/png;base64,\#(png($0))"}"#
        }
        let card = try Card.decode(from: Data(#"{"width": 20, "height": 20, "layers": [\#(layers.joined(separator: ","))]}"#.utf8))
        let error = #expect(throws: CardError.self) { try CardRenderer(registry: registry).drawing(of: card) }
        #expect(error?.description.contains("its images would take 11444 MiB to decode, over the 1024 MiB a card may") == true,
                "\(String(describing: error))")
    }

    @Test("B10: a Figma document nested deeper than the JSON reader goes says so, not only \"not valid JSON\"")
    func tooDeepSaysSo() throws {
        var node = #"{"id": "9:9", "type": "RECTANGLE"}"#
        for level in 0..<600 { node = #"{"id": "1:\#(level)", "type": "FRAME", "children": [\#(node)]}"# }
        let error = #expect(throws: FigmaError.self) { try figma(node) }
        #expect(error?.description.hasPrefix("not a Figma document: not valid JSON (Too many nested arrays or dictionaries") == true,
                "\(String(describing: error))")
    }
}

