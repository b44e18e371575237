import Foundation
import Testing
import MatterType
import MatterTypeCards
import MatterTypeFuzzing

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
}
