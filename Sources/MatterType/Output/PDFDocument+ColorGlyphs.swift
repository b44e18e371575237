import Foundation

/// A number as PDF writes it (at most 3 decimals).
private func n(_ value: Double) -> String { VectorNumber.format(value) }

/// Color glyphs drawn in a PDF: bitmaps as images, COLRv0 layers as paths, COLRv1 paint graphs as forms of paths,
/// clips and shadings (or images where PDF cannot draw them exactly).
extension PDFDocument {
    /// The operators drawing a color glyph in ems, y up, from its pen position: a bitmap as an image, COLRv0
    /// layers as filled paths, a COLRv1 paint graph as its form (or, when PDF cannot draw it exactly, as an image
    /// at the glyph's resolution).
    mutating func colorGlyphDrawing(_ glyph: PlacedGlyph, _ vector: VectorGlyph) throws(RenderError) -> String {
        let em = VectorNumber.format(1 / Double(glyph.face.metrics.unitsPerEm), fractionDigits: 9)
        /// The color bitmap `draw` makes (once for each key) of `ppem` pixels per em, placed as an image.
        func placed(_ key: GlyphDrawingKey, ppem: Double, _ draw: () -> GlyphBitmap) throws(RenderError) -> String {
            let made: (bitmap: GlyphBitmap, name: String)
            if let known = colorGlyphImages[key] {
                made = known
            } else {
                let bitmap = draw()
                made = (bitmap, bitmap.width > 0 ? try image(bitmap.image) : "")
                colorGlyphImages[key] = made
            }
            let bitmap = made.bitmap
            guard bitmap.width > 0 else { return "" }
            let width = Double(bitmap.width) / ppem, height = Double(bitmap.height) / ppem
            let left = Double(bitmap.left) / ppem, bottom = Double(bitmap.top - bitmap.height) / ppem
            func f(_ value: Double) -> String { VectorNumber.format(value, fractionDigits: 6) }
            return "q \(f(width)) 0 0 \(f(height)) \(f(left)) \(f(bottom)) cm /\(made.name) Do Q\n"
        }
        switch vector {
        case .bitmap(let bitmap, let ppem):
            return try placed(GlyphDrawingKey(face: glyph.face.id, glyph: glyph.glyph), ppem: ppem) { bitmap }
        case .paint(let colorGlyph):
            if let form = try colorGlyphForm(colorGlyph, glyph) { return "q \(em) 0 0 \(em) 0 0 cm /\(form) Do Q\n" }
            let key = GlyphDrawingKey(face: glyph.face.id, glyph: glyph.glyph, palette: glyph.palette,
                                      color: glyph.color, pixelsPerEm: glyph.pixelsPerEm)
            return try placed(key, ppem: glyph.pixelsPerEm) {
                renderer.rasterFaces.image(of: colorGlyph, of: glyph.face, pixelsPerEm: glyph.pixelsPerEm,
                                           palette: glyph.palette, foreground: glyph.color)
            }
        case .layers(let layers):
            return "q \(em) 0 0 \(em) 0 0 cm\n" + layers.map { layer in
                colorOperators(layer.color ?? glyph.color) + PDFDocument.path(layer.outline) + "f\n"
            }.joined() + "Q\n"
        case .outline, .empty:
            return ""
        }
    }

    /// The form XObject drawing a COLRv1 glyph in its palette and text color in font units (y up), made on first
    /// use; `nil` when PDF cannot draw it exactly.
    mutating func colorGlyphForm(_ colorGlyph: ColorGlyph,
                                         _ glyph: PlacedGlyph) throws(RenderError) -> String? {
        let key = GlyphDrawingKey(face: glyph.face.id, glyph: glyph.glyph, palette: glyph.palette, color: glyph.color)
        if let known = colorGlyphForms[key] { return known }
        guard let drawing = VectorColorGlyph(colorGlyph, of: glyph.face, palette: glyph.palette,
                                             foreground: glyph.color, format: .pdf, faces: renderer.rasterFaces) else {
            colorGlyphForms[key] = .some(nil)
            return nil
        }
        var content = ""
        try draw(drawing.root, of: drawing, transform: .identity, into: &content)
        let box = drawing.bounds
        let object = add(try stream(Data(content.utf8), dictionary: " /Type /XObject /Subtype /Form /BBox ["
            + [box.minX - 1, box.minY - 1, box.maxX + 1, box.maxY + 1].map(n).joined(separator: " ")
            + "] /Resources \(PDFDocument.resources) 0 R"))
        let name = "G\(xObjectResources.count + 1)"
        xObjectResources.append((name, object))
        colorGlyphForms[key] = name
        return name
    }

    /// Draws `node` of a COLRv1 `glyph` (font units, y up) under `transform` from the glyph's root.
    mutating func draw(_ node: VectorColorGlyph.Node, of glyph: VectorColorGlyph, transform: AffineTransform,
                               into content: inout String) throws(RenderError) {
        switch node {
        case .group(let nodes):
            for child in nodes { try draw(child, of: glyph, transform: transform, into: &content) }
        case .clip(let outline, let child):
            try draw(child, clippedTo: PDFDocument.path(outline), of: glyph, transform: transform, into: &content)
        case .clipBox(let box, let child):
            try draw(child, clippedTo: Self.rectangle(box), of: glyph, transform: transform, into: &content)
        case .transform(let m, let child):
            content += "q " + Self.concatenation(m)
            try draw(child, of: glyph, transform: transform.concatenating(m), into: &content)
            content += "Q\n"
        case .fill(let fill):
            guard let region = glyph.region(under: transform) else { return }
            try self.fill(fill, in: Self.rectangle(region), transform: .identity, into: &content)
        }
    }

    /// Draws `child` clipped to `path`: the path filled when the child is a fill, else the child's drawing
    /// within the path as a clip.
    mutating func draw(_ child: VectorColorGlyph.Node, clippedTo path: String, of glyph: VectorColorGlyph,
                               transform: AffineTransform, into content: inout String) throws(RenderError) {
        if let (fill, inner) = VectorColorGlyph.fill(under: child) {
            try self.fill(fill, in: path, transform: inner, into: &content)
            return
        }
        content += "q\n" + path + "W n\n"
        try draw(child, of: glyph, transform: transform, into: &content)
        content += "Q\n"
    }

    /// Fills `path` with a COLRv1 fill whose gradient lies under `transform`: a color, or an axial (type 2) or
    /// radial (type 3) shading through the clip of the path, at the stops' shared opacity.
    mutating func fill(_ fill: VectorColorGlyph.Fill, in path: String, transform m: AffineTransform,
                               into content: inout String) throws(RenderError) {
        let shading: String, stops: [GradientStop]
        switch fill {
        case .solid(let color):
            content += "q\n" + colorOperators(color) + path + "f\nQ\n"
            return
        case .linear(let start, let end, let gradient):
            stops = gradient.stops
            shading = try shadingResource(type: 2, coords: [start.x, start.y, end.x, end.y], stops: stops)
        case .radial(let focus, let focusRadius, let center, let radius, let gradient):
            stops = gradient.stops
            shading = try shadingResource(type: 3, coords: [focus.x, focus.y, focusRadius, center.x, center.y, radius],
                                          stops: stops)
        }
        let alpha = Double(stops.first?.color.alpha ?? 255) / 255
        content += "q\n" + path + "W n\n" + (m != .identity ? Self.concatenation(m) : "")
            + (alpha < 1 ? "/\(opacityResource(alpha)) gs\n" : "") + "/\(shading) sh\nQ\n"
    }

    /// `a b c d e f cm`: `m` made the current transform's innermost step.
    static func concatenation(_ m: AffineTransform) -> String {
        [m.a, m.b, m.c, m.d].map { VectorNumber.format($0, fractionDigits: 6) }.joined(separator: " ")
            + " \(n(m.tx)) \(n(m.ty)) cm\n"
    }

    /// Path operators for a box in font units.
    static func rectangle(_ box: FontBox) -> String {
        "\(n(box.minX)) \(n(box.minY)) \(n(box.maxX - box.minX)) \(n(box.maxY - box.minY)) re\n"
    }

    /// An outline's path operators in font units (quadratic curves raised to cubic).
    static func path(_ outline: GlyphOutline) -> String {
        var ops = ""
        var current = Point.zero
        func p(_ point: Point) -> String { VectorNumber.format(point.x, fractionDigits: 2) + " " + VectorNumber.format(point.y, fractionDigits: 2) }
        for segment in outline.segments {
            switch segment {
            case .move(let to): ops += p(to) + " m\n"; current = to
            case .line(let to): ops += p(to) + " l\n"; current = to
            case .quadratic(let c, let to):
                let c1 = Point(x: current.x + (c.x - current.x) * 2 / 3, y: current.y + (c.y - current.y) * 2 / 3)
                let c2 = Point(x: to.x + (c.x - to.x) * 2 / 3, y: to.y + (c.y - to.y) * 2 / 3)
                ops += p(c1) + " " + p(c2) + " " + p(to) + " c\n"
                current = to
            case .cubic(let c1, let c2, let to): ops += p(c1) + " " + p(c2) + " " + p(to) + " c\n"; current = to
            case .close: ops += "h\n"
            }
        }
        return ops
    }

    /// A blurred text shadow: the glyphs' coverage rasterized at the page's scale, blurred as the PNG blurs it,
    /// cut to its ink, and drawn as an image of the shadow's color through that coverage as a soft mask.
    mutating func shadow(_ layout: TextLayout, origin: Point, blur: Double, color: Color,
                                 hinting: TextRenderer.Hinting, page: Drawing, into content: inout String) throws(RenderError) {
        let size = page.pixelSize
        guard size.fits(pixelCount: TextRenderer.maximumPixelCount) else { return }
        guard let coverage = try renderer.coverage(of: layout, at: origin, canvas: size,
                                                   margin: Int(min((1.5 * blur * page.scale).rounded(.up), 1e7)),
                                                   hinting: hinting, until: deadline) else { return }
        let blurred = try coverage.bitmap.blurred(radius: blur * page.scale, until: deadline)
        try shadow(blurred, left: coverage.left, top: coverage.top, color: color, page: page, into: &content)
    }

    /// Draws a text's inner shadow as the raster makes it: an image of its mask in `color`.
    mutating func innerShadow(_ layout: TextLayout, origin: Point, offset: Point, blur: Double, color: Color,
                              hinting: TextRenderer.Hinting, page: Drawing, into content: inout String) throws(RenderError) {
        guard page.pixelSize.fits(pixelCount: TextRenderer.maximumPixelCount),
              let mask = try Drawing.innerShadowMask(of: layout, at: origin, offset: offset, blur: blur,
                                                     scale: page.scale, canvas: page.pixelSize, renderer: renderer,
                                                     hinting: hinting, until: deadline) else { return }
        try shadow(mask.bitmap, left: mask.left, top: mask.top, color: color, page: page, into: &content)
    }

    /// Draws an outer box shadow (a ``Drawing`` box-shadow item's values) as the raster makes it: an image.
    mutating func boxShadow(_ rect: Rect, corners: CornerRadii, blur: Double, color: Color, box: Rect,
                            boxCorners: CornerRadii, page: Drawing, into content: inout String) throws(RenderError) {
        let scale = page.scale
        func pixels(_ r: Rect) -> Rect { Rect(x: r.x * scale, y: r.y * scale, width: r.width * scale, height: r.height * scale) }
        guard page.pixelSize.fits(pixelCount: TextRenderer.maximumPixelCount),
              let mask = try GrayBitmap.boxShadow(pixels(rect), corners: corners.map { $0 * scale }, blur: blur * scale,
                                                  cutout: pixels(box), cutoutCorners: boxCorners.map { $0 * scale },
                                                  canvas: page.pixelSize, until: deadline) else { return }
        try shadow(mask.bitmap, left: mask.left, top: mask.top, color: color, page: page, into: &content)
    }

    /// Draws an inner box shadow (points) as an image of its mask, as the raster computes it.
    mutating func innerShadow(hole: Rect, corners: CornerRadii, blur: Double, color: Color, box: Rect,
                              boxCorners: CornerRadii, page: Drawing, into content: inout String) throws(RenderError) {
        let scale = page.scale
        func pixels(_ r: Rect) -> Rect { Rect(x: r.x * scale, y: r.y * scale, width: r.width * scale, height: r.height * scale) }
        guard page.pixelSize.fits(pixelCount: TextRenderer.maximumPixelCount),
              let mask = try GrayBitmap.innerShadow(hole: pixels(hole), corners: corners.map { $0 * scale },
                                                    blur: blur * scale, box: pixels(box),
                                                    boxCorners: boxCorners.map { $0 * scale }, canvas: page.pixelSize,
                                                    until: deadline) else { return }
        try shadow(mask.bitmap, left: mask.left, top: mask.top, color: color, page: page, into: &content)
    }

    /// Draws a shadow's mask (pixels, its corner at `left`, `top`) in `color` as an image of its inked part.
    private mutating func shadow(_ blurred: GrayBitmap, left: Int, top: Int, color: Color, page: Drawing,
                                 into content: inout String) throws(RenderError) {
        guard let found = blurred.inkBounds() else { return }
        let coverage = (left: left, top: top)
        let ink = (x: found.x.lowerBound + coverage.left..<found.x.upperBound + coverage.left,
                   y: found.y.lowerBound + coverage.top..<found.y.upperBound + coverage.top)
        var picture = RGBAImage(width: ink.x.count, height: ink.y.count)
        var pixels = [UInt8](repeating: 0, count: ink.x.count * ink.y.count * 4)
        let alpha = Int(color.alpha)
        for (row, y) in ink.y.enumerated() {
            for (column, x) in ink.x.enumerated() {
                let a = (Int(blurred[x - coverage.left, y - coverage.top]) * alpha + 127) / 255
                let out = (row * ink.x.count + column) * 4
                pixels[out] = UInt8((Int(color.red) * a + 127) / 255)
                pixels[out + 1] = UInt8((Int(color.green) * a + 127) / 255)
                pixels[out + 2] = UInt8((Int(color.blue) * a + 127) / 255)
                pixels[out + 3] = UInt8(a)
            }
        }
        picture.pixels = pixels
        let name = try image(picture)
        let scale = page.scale
        let x = Double(ink.x.lowerBound) / scale, y = Double(ink.y.lowerBound) / scale
        let width = Double(ink.x.count) / scale, height = Double(ink.y.count) / scale
        content += "q \(n(width)) 0 0 \(n(-height)) \(n(x)) \(n(y + height)) cm /\(name) Do Q\n"
    }
}
