import Foundation

/// A drawing's raster: every item composited into premultiplied RGBA pixels, as
/// ``Drawing/rasterized(renderer:cache:until:)`` draws them.
extension Drawing {
    /// Composites `items` into `image`, each moved by `shift` points (a clip's box image starts inside the page).
    static func rasterize(_ items: [Item], into image: inout RGBAImage, shift: Point, scale: Double,
                                  renderer: TextRenderer, until deadline: RenderDeadline) throws(RenderError) {
        func pixels(_ rect: Rect) -> Rect {
            Rect(x: (rect.x + shift.x) * scale, y: (rect.y + shift.y) * scale, width: rect.width * scale,
                 height: rect.height * scale)
        }
        func moved(_ point: Point) -> Point { Point(x: point.x + shift.x, y: point.y + shift.y) }
        /// The text's coverage with room for `margin` pixels around its ink, and where it goes on the image.
        func coverage(_ layout: TextLayout, at origin: Point, margin: Double,
                      hinting: TextRenderer.Hinting) throws(RenderError) -> (bitmap: GrayBitmap, left: Int, top: Int)? {
            try renderer.coverage(of: layout, at: moved(origin),
                                  canvas: PixelSize(width: image.width, height: image.height),
                                  margin: Int(min(margin.rounded(.up), 1e7)), hinting: hinting, until: deadline)
        }
        for item in items {
            try deadline.check(item.stage)
            switch item {
            case .fill(let rect, let corners, let paint, let opacity):
                image.fill(pixels(rect), corners: corners.map { $0 * scale }, paint: paint, opacity: opacity, scale: scale)
            case .path(let path, let origin, let box, let paint, let opacity):
                image.fill(path, transform: AffineTransform(a: scale, b: 0, c: 0, d: scale, tx: (origin.x + shift.x) * scale,
                                                            ty: (origin.y + shift.y) * scale),
                           paint: paint, box: pixels(box), opacity: opacity, scale: scale)
            case .border(let rect, let corners, let widths, let paint, let opacity):
                image.strokeBorder(pixels(rect), corners: corners.map { $0 * scale }, widths: widths.map { $0 * scale },
                                   paint: paint,
                                   opacity: opacity, scale: scale)
            case .image(let picture, let box, let fit, let radius, let opacity):
                image.draw(picture, in: pixels(box), fit: fit, cornerRadius: radius * scale, opacity: opacity)
            case .text(let layout, let lines, let origin, let color, let hinting):
                try renderer.draw(layout, lines: lines, into: &image, at: moved(origin), color: color, hinting: hinting,
                                  until: deadline)
            case .shadow(let layout, let origin, let blur, let color, let hinting):
                // The Gaussian's reach (3σ, σ = blur / 2) around the ink.
                guard let ink = try coverage(layout, at: origin, margin: 1.5 * blur * scale, hinting: hinting) else {
                    continue
                }
                image.fill(mask: try ink.bitmap.blurred(radius: blur * scale, until: deadline), atX: ink.left,
                           y: ink.top, color: color)
            case .textInnerShadow(let layout, let origin, let offset, let blur, let color, let hinting):
                guard let mask = try innerShadowMask(of: layout, at: moved(origin), offset: offset, blur: blur,
                                                     scale: scale,
                                                     canvas: PixelSize(width: image.width, height: image.height),
                                                     renderer: renderer, hinting: hinting, until: deadline) else {
                    continue
                }
                image.fill(mask: mask.bitmap, atX: mask.left, y: mask.top, color: color)
            case .boxShadow(let rect, let corners, let blur, let color, let box, let boxCorners):
                guard let mask = try GrayBitmap.boxShadow(pixels(rect), corners: corners.map { $0 * scale },
                                                          blur: blur * scale, cutout: pixels(box),
                                                          cutoutCorners: boxCorners.map { $0 * scale },
                                                          canvas: PixelSize(width: image.width, height: image.height),
                                                          until: deadline) else { continue }
                image.fill(mask: mask.bitmap, atX: mask.left, y: mask.top, color: color)
            case .innerShadow(let hole, let corners, let blur, let color, let box, let boxCorners):
                guard let mask = try GrayBitmap.innerShadow(hole: pixels(hole), corners: corners.map { $0 * scale },
                                                            blur: blur * scale, box: pixels(box),
                                                            boxCorners: boxCorners.map { $0 * scale },
                                                            canvas: PixelSize(width: image.width, height: image.height),
                                                            until: deadline) else { continue }
                image.fill(mask: mask.bitmap, atX: mask.left, y: mask.top, color: color)
            case .stroke(let layout, let origin, let width, let color, let centered, let hinting):
                guard let ink = try coverage(layout, at: origin, margin: width * scale + 1, hinting: hinting) else {
                    continue
                }
                let mask: GrayBitmap
                if centered {
                    let half = width * scale / 2
                    mask = try ink.bitmap.dilated(by: half, until: deadline)
                        .subtracting(ink.bitmap.dilated(by: -half, until: deadline))
                } else {
                    mask = try ink.bitmap.dilated(by: width * scale, until: deadline)
                }
                image.fill(mask: mask, atX: ink.left, y: ink.top, color: color)
            case .clip(let rect, let inner):
                // Drawn over a copy of the clip's whole pixels at the same place modulo whole pixels (so each glyph
                // is rasterized as it would be unclipped, and a background blur inside reads what is behind), then
                // copied back.
                let box = clipPixels(rect, shift: shift, scale: scale, within: image)
                guard box.right > box.left, box.bottom > box.top else { continue }
                var part = image.region(left: box.left, top: box.top, width: box.right - box.left,
                                        height: box.bottom - box.top)
                try rasterize(inner, into: &part, shift: Point(x: shift.x - Double(box.left) / scale,
                                                               y: shift.y - Double(box.top) / scale),
                              scale: scale, renderer: renderer, until: deadline)
                image.copy(part, atX: box.left, y: box.top)
            case .clipPath(let path, let origin, let inner):
                var part = RGBAImage(width: image.width, height: image.height)
                try rasterize(inner, into: &part, shift: shift, scale: scale, renderer: renderer, until: deadline)
                let coverage = PathCoverage(width: image.width, height: image.height).coverage(
                    of: path.segments, transform: AffineTransform(a: scale, b: 0, c: 0, d: scale,
                                                                  tx: (origin.x + shift.x) * scale,
                                                                  ty: (origin.y + shift.y) * scale),
                    fillRule: path.fillRule)
                part.mask(by: coverage)
                image.draw(part, atX: 0, y: 0)
            case .backdropBlur(let path, let origin, let blur):
                // The part of the image the shape covers, with the blur's reach (3σ) around it to read from.
                guard blur * scale > 0.01, let bounds = path.controlBounds else { continue }
                let reach = (1.5 * blur * scale + 2) / scale
                let area = clipPixels(Rect(x: origin.x + bounds.x - reach, y: origin.y + bounds.y - reach,
                                           width: bounds.width + 2 * reach, height: bounds.height + 2 * reach),
                                      shift: shift, scale: scale, within: image)
                guard area.right > area.left, area.bottom > area.top else { continue }
                let width = area.right - area.left, height = area.bottom - area.top
                let blurred = try image.region(left: area.left, top: area.top, width: width, height: height)
                    .blurred(radius: blur * scale, until: deadline)
                let coverage = PathCoverage(width: width, height: height).coverage(
                    of: path.segments, transform: AffineTransform(a: scale, b: 0, c: 0, d: scale,
                                                                  tx: (origin.x + shift.x) * scale - Double(area.left),
                                                                  ty: (origin.y + shift.y) * scale - Double(area.top)),
                    fillRule: path.fillRule)
                image.replace(with: blurred, atX: area.left, y: area.top, coverage: coverage)
            case .link:
                continue  // nothing to see: SVG and PDF make it a link
            case .softMask(let luminance, let mask, let inner):
                var shape = RGBAImage(width: image.width, height: image.height)
                try rasterize(mask, into: &shape, shift: shift, scale: scale, renderer: renderer, until: deadline)
                var part = RGBAImage(width: image.width, height: image.height)
                try rasterize(inner, into: &part, shift: shift, scale: scale, renderer: renderer, until: deadline)
                part.mask(by: shape, luminance: luminance)
                image.draw(part, atX: 0, y: 0)
            case .turned(let degrees, let center, let whole, let inner):
                // Drawn unturned on a canvas of the bounds' whole pixels (so each glyph is rasterized as it would
                // be unturned), then turned onto the image; only the part the image shows once turned: the image
                // turned back, its bounds, cut to the bounds.
                let page = Rect(x: -shift.x, y: -shift.y, width: Double(image.width) / scale,
                                height: Double(image.height) / scale).turned(by: -degrees, about: center)
                let seenLeft = max(whole.x, page.x), seenTop = max(whole.y, page.y)
                let bounds = Rect(x: seenLeft, y: seenTop, width: min(whole.maxX, page.maxX) - seenLeft,
                                  height: min(whole.maxY, page.maxY) - seenTop)
                guard bounds.width > 0, bounds.height > 0 else { continue }
                func pixel(_ value: Double, _ rule: FloatingPointRoundingRule) -> Double {
                    min(max((value * scale).rounded(rule), -1e9), 1e9)
                }
                let left = pixel(bounds.x + shift.x, .down), top = pixel(bounds.y + shift.y, .down)
                let width = Int(pixel(bounds.x + shift.x + bounds.width, .up) - left)
                let height = Int(pixel(bounds.y + shift.y + bounds.height, .up) - top)
                guard width > 0, height > 0, PixelSize(width: width, height: height)
                    .fits(pixelCount: TextRenderer.maximumPixelCount) else { continue }
                var part = RGBAImage(width: width, height: height)
                try rasterize(inner, into: &part, shift: Point(x: shift.x - left / scale, y: shift.y - top / scale),
                              scale: scale, renderer: renderer, until: deadline)
                image.draw(part, at: Point(x: left, y: top), through: .turn(degrees: degrees, about: Point(
                    x: (center.x + shift.x) * scale, y: (center.y + shift.y) * scale)))
            case .group(let opacity, let blur, let blend, let inner):
                var part = try group(inner, width: image.width, height: image.height, shift: shift, scale: scale,
                                     blur: blur, renderer: renderer, until: deadline)
                part.fade(by: opacity)
                image.draw(part, blendMode: blend)
            }
        }
    }

    /// A group's items drawn on an image `width` × `height` of their own and blurred by `blur` points (none for 0).
    /// Blurred, they are drawn with the blur's reach (3σ) around the image, so that what lies just outside it (past
    /// a clip, past the page) still blurs in, as Figma's and CSS's blurs do; where that canvas would be over
    /// ``TextRenderer/maximumPixelCount``, without it.
    static func group(_ items: [Item], width: Int, height: Int, shift: Point, scale: Double, blur: Double,
                      renderer: TextRenderer, until deadline: RenderDeadline) throws(RenderError) -> RGBAImage {
        var reach = blur > 0 ? blurReach(blur, scale: scale) : 0
        if !PixelSize(width: width + 2 * reach, height: height + 2 * reach)
            .fits(pixelCount: TextRenderer.maximumPixelCount) { reach = 0 }
        var part = RGBAImage(width: width + 2 * reach, height: height + 2 * reach)
        let margin = Double(reach) / scale
        try rasterize(items, into: &part, shift: Point(x: shift.x + margin, y: shift.y + margin), scale: scale,
                      renderer: renderer, until: deadline)
        guard blur > 0 else { return part }
        part = try part.blurred(radius: blur * scale, until: deadline)
        return reach > 0 ? part.region(left: reach, top: reach, width: width, height: height) : part
    }

    /// How far a blur of `blur` points reaches, in whole pixels: 3σ (σ = blur / 2), at most 2,000.
    static func blurReach(_ blur: Double, scale: Double) -> Int {
        Int(min((1.5 * blur * scale).rounded(.up), 2_000))
    }

    /// The whole pixels a clip rectangle covers (rounded out), cut to `image`.
    static func clipPixels(_ rect: Rect, shift: Point, scale: Double,
                           within image: RGBAImage) -> (left: Int, top: Int, right: Int, bottom: Int) {
        func pixel(_ value: Double, _ rule: FloatingPointRoundingRule) -> Int {
            Int(min(max((value * scale).rounded(rule), -1e9), 1e9))
        }
        return (max(pixel(rect.x + shift.x, .down), 0), max(pixel(rect.y + shift.y, .down), 0),
                min(pixel(rect.x + shift.x + rect.width, .up), image.width),
                min(pixel(rect.y + shift.y + rect.height, .up), image.height))
    }
}
