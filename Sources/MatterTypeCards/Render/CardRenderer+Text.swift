import Foundation
import MatterType
import MatterTypeWire

extension CardRenderer {
    /// Draws a laid-out text layer: in its box, or turned (``CardTextLayer/rotation``) in its own box at the center
    /// of its turned bounds.
    func draw(_ text: CardTextLayer, _ laidOut: LaidOutLayer, into drawing: inout Drawing) throws(CardError) {
        guard let layout = laidOut.text else { return }
        let box = laidOut.frame, path = laidOut.path
        if let link = text.link {
            guard Drawing.isLinkable(link) else {
                throw .layer(path: path, .invalid(field: "link", reason: "\"\(link.prefix(80))\" is not a link a card "
                                                  + "may have; give an http, https, mailto or tel URL of at most 2048 "
                                                  + "printable ASCII characters"))
            }
            drawing.link(to: link, over: box)
        }
        guard let own = laidOut.unturnedSize else {
            return try draw(text, layout, path: path, box: box, top: laidOut.textTop, left: laidOut.textLeft,
                            into: &drawing)
        }
        // Drawn in its own box at the bounds' center, turned about it; the turn's canvas holds the box, the
        // ink and what shadows and strokes reach past them.
        let center = Point(x: box.x + box.width / 2, y: box.y + box.height / 2)
        let unturned = Rect(x: center.x - own.width / 2, y: center.y - own.height / 2, width: own.width,
                            height: own.height)
        let ink = layout.inkBounds
        var reach = 2 + (text.stroke?.width ?? 0)
        for shadow in text.shadows { reach = max(reach, 2 + max(abs(shadow.x), abs(shadow.y)) + 1.5 * shadow.blur) }
        let textLeft = unturned.x + laidOut.textLeft
        let left = min(unturned.x, textLeft + ink.x), top = min(unturned.y, unturned.y + laidOut.textTop + ink.y)
        let right = max(unturned.maxX, textLeft + ink.maxX)
        let bottom = max(unturned.maxY, unturned.y + laidOut.textTop + ink.maxY)
        let bounds = Rect(x: left - reach, y: top - reach, width: right - left + 2 * reach,
                          height: bottom - top + 2 * reach)
        var failure: CardError?
        drawing.turned(by: text.rotation, about: center, bounds: bounds) { turned in
            Self.keep(&failure) { () throws(CardError) in
                try draw(text, layout, path: path, box: unturned, top: laidOut.textTop, left: laidOut.textLeft,
                         into: &turned)
            }
        }
        if let failure { throw failure }
    }

    /// Draws a text layer laid out as `layout` in `box`, its lines `top` below the box's top and `left` right of
    /// its left edge.
    private func draw(_ text: CardTextLayer, _ layout: TextLayout, path: [Int], box: Rect, top: Double, left: Double,
                      into drawing: inout Drawing) throws(CardError) {
        try check([("baselineOffset", text.baselineOffset)], path: path)
        guard text.shadows.count <= CardTextLayer.maximumShadows else {
            throw .layer(path: path, .invalid(field: "shadows", reason: "\(text.shadows.count) shadows; a text "
                                              + "layer has at most \(CardTextLayer.maximumShadows)"))
        }
        for shadow in text.shadows {
            try check([("shadow x", shadow.x), ("shadow y", shadow.y)], path: path)
            guard shadow.blur.isFinite, (0...100).contains(shadow.blur) else {
                throw .layer(path: path, .invalid(field: "blur", reason: "\(shadow.blur) is not allowed; use 0 to 100 points"))
            }
        }
        if let stroke = text.stroke, !stroke.width.isFinite || !(0...50).contains(stroke.width) {
            throw .layer(path: path, .invalid(field: "stroke", reason: "width \(stroke.width) is not allowed; use 0 to 50 points"))
        }
        let origin = Point(x: box.x + left, y: box.y + top)
        var pictures: [Int: RGBAImage] = [:]
        for (index, boxImage) in text.boxImages {
            pictures[index] = try picture(boxImage.source, place: "\(CardError.place(path)), box \(index)")
        }
        guard text.request.output.clip == true else {
            paint(text, layout, pictures: pictures, at: origin, box: box, into: &drawing)
            return
        }
        // Clipped to the box (to its whole pixels when rasterized).
        drawing.clip(to: box) { paint(text, layout, pictures: pictures, at: origin, box: box, into: &$0) }
    }

    /// Draws a text layer's shadows (the last listed first, so the first is on top, as CSS), its outside stroke,
    /// its glyphs (in its color, or its fill laid over `box`), its inset shadows, its centered stroke, then the
    /// images of its inline boxes (`pictures`, by box), with the text's top-left corner at `origin` (points).
    /// Shadows are the glyphs blurred by a Gaussian of σ = blur / 2; strokes grow or straddle their outlines.
    private func paint(_ text: CardTextLayer, _ layout: TextLayout, pictures: [Int: RGBAImage], at origin: Point,
                       box: Rect, into drawing: inout Drawing) {
        let request = text.request
        let hinting = request.output.hinting ?? TextRenderer.Hinting.none
        for shadow in text.shadows.reversed() where !shadow.isInset {
            drawing.drawShadow(of: layout, at: Point(x: origin.x + shadow.x, y: origin.y + shadow.y), blur: shadow.blur,
                               color: shadow.color, hinting: hinting)
        }
        let stroke = text.stroke.flatMap { $0.width > 0 ? $0 : nil }
        if let stroke, stroke.position == .outside {
            drawing.drawStroke(of: layout, at: origin, width: stroke.width, color: stroke.color, centered: false,
                               hinting: hinting)
        }
        if let fill = text.fill {
            // The paint over the box, as much as the glyphs (and decorations) cover each pixel.
            drawing.mask(luminance: false, { $0.draw(layout, at: origin, color: .black, hinting: hinting) },
                         content: { $0.fill(box, paint: fill) })
        } else {
            drawing.draw(layout, at: origin, color: request.output.color ?? .black, hinting: hinting)
        }
        for shadow in text.shadows.reversed() where shadow.isInset {
            drawing.drawInnerShadow(of: layout, at: origin, x: shadow.x, y: shadow.y, blur: shadow.blur,
                                    color: shadow.color, hinting: hinting)
        }
        if let stroke, stroke.position == .center {
            drawing.drawStroke(of: layout, at: origin, width: stroke.width, color: stroke.color, centered: true,
                               hinting: hinting)
        }
        for placed in layout.inlineBoxes {
            guard let picture = pictures[placed.index], let fit = text.boxImages[placed.index]?.fit else { continue }
            let box = placed.rect
            drawing.draw(picture, in: Rect(x: origin.x + box.x, y: origin.y + box.y, width: box.width,
                                           height: box.height), fit: fit)
        }
    }
}
