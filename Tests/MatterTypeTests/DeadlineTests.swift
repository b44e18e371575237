import Foundation
import Testing
@testable import MatterType
import MatterTypeWire
import MatterTypeCards

/// A ``RenderDeadline`` stops a drawing inside it — between layers, items, lines of text, blur passes and stroke
/// levels — with ``RenderError/deadlineExceeded(stage:)``, in every format that rasterizes.
@Suite("Deadlines inside a draw")
struct DeadlineTests {
    let registry = FontRegistry(includesSystemFonts: false)
    let passed = RenderDeadline(.now - .seconds(1))

    /// A card with a rect, then a text layer with a shadow and an outside stroke.
    func card() throws -> Card {
        try Card.decode(from: Data(##"""
            {"width": 600, "height": 300, "layers": [
             {"type": "rect", "x": 0, "y": 0, "width": 600, "height": 300, "fill": "#EEEEEE"},
             {"type": "text", "x": 20, "y": 20, "width": 560, "text": "Deadline", "size": 96, "weight": "bold",
              "shadows": [{"x": 0, "y": 4, "blur": 30, "color": "#0008"}],
              "stroke": {"width": 12, "color": "#FF0000"}}]}
            """##.utf8))
    }

    @Test("a passed deadline stops a card before its first layer, in PNG, WebP and PDF")
    func cardBeforeLayers() throws {
        let renderer = CardRenderer(registry: registry)
        for format in [ImageFormat.png, .webp, .pdf] {
            #expect {
                try renderer.encoded(card(), format: format, until: passed)
            } throws: { error in
                guard case CardError.render(.deadlineExceeded(let stage)) = error else { return false }
                return stage == "layer 0"
            }
        }
        // Without a deadline the same card draws.
        #expect(try renderer.encoded(card(), format: .png).count > 1000)
    }

    @Test("a deadline that passes after layout stops the rasterizer at its next item")
    func drawingItems() throws {
        let drawing = try CardRenderer(registry: registry).drawing(of: card())
        #expect(throws: RenderError.deadlineExceeded(stage: "a fill")) {
            try drawing.rasterized(until: passed)
        }
        #expect(throws: RenderError.deadlineExceeded(stage: "a fill")) {
            try ImageFormat.pdf.encode(drawing, until: passed)
        }
        #expect(try drawing.rasterized().width == 600)
    }

    @Test("text, blurs and strokes check the deadline themselves")
    func insideStages() throws {
        let layout = try TextLayout("Hg@ lines\nof text", typography: Typography(family: "Noto Sans", fontSize: 40,
                                                                                 lineHeight: 48),
                                    registry: registry)
        #expect(throws: RenderError.deadlineExceeded(stage: "text")) {
            try TextRenderer.shared.image(of: layout, until: passed)
        }
        let mask = ink(of: layout)
        #expect(throws: RenderError.deadlineExceeded(stage: "a shadow")) { try mask.blurred(radius: 40, until: passed) }
        #expect(throws: RenderError.deadlineExceeded(stage: "a shadow")) { try mask.blurred(radius: 4, until: passed) }
        #expect(throws: RenderError.deadlineExceeded(stage: "a stroke")) { try mask.dilated(by: 10, until: passed) }
        // A render request's image.
        var request = RenderRequest(text: "Deadline")
        request.typography.size = 30
        let laidOut = try request.layout(registry: registry)
        for format in [ImageFormat.png, .pdf] {
            request.output.format = format
            #expect {
                try request.image(of: laidOut, until: passed)
            } throws: { error in
                guard case RenderRequestError.render(.deadlineExceeded(let stage)) = error else { return false }
                return stage == "text"
            }
        }
    }

    @Test("a deadline that passes in the middle of a long draw stops it there")
    func midDraw() throws {
        // Ten strokes 50 px wide on a large text: each is nine distance transforms over its ink. The deadline is
        // set a little after the start, so it passes while the strokes are drawn (not before the first item).
        let strokes = Array(repeating: ##"{"type": "text", "x": 20, "y": 20, "width": 1900, "text": "Strokes and strokes", "size": 200, "stroke": {"width": 50, "color": "#000"}}"##,
                            count: 10).joined(separator: ",")
        let card = try Card.decode(from: Data(#"{"width": 2000, "height": 400, "layers": [\#(strokes)]}"#.utf8))
        let drawing = try CardRenderer(registry: registry).drawing(of: card)
        let deadline = RenderDeadline(.now + .milliseconds(20))
        #expect {
            try drawing.rasterized(until: deadline)
        } throws: { error in
            guard case RenderError.deadlineExceeded(let stage) = error else { return false }
            return ["a stroke", "text"].contains(stage)
        }
    }

    func ink(of layout: TextLayout) -> GrayBitmap {
        var mask = GrayBitmap(width: 500, height: 200)
        TextRenderer.shared.draw(layout, into: &mask, at: Point(x: 40, y: 26))
        return mask
    }
}
