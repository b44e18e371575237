import Foundation

/// Writes a ``Drawing`` as SVG: `width`/`height` in pixels, the `viewBox` in points; each distinct glyph defined
/// once in `<defs>` (an outline as a `<path>` in font units, COLRv0 layers as a `<g>` of colored paths, a COLRv1
/// paint graph as a `<g>` of paths, clip paths and gradients — or an `<image>` when SVG cannot draw it exactly —,
/// a color bitmap as an `<image>`) and placed by `<use>` in a group scaled to its size; rectangles, borders,
/// gradients, images (PNG `data:` URIs, each defined once), clips, blurred shadows and strokes as SVG draws them.
/// The same drawing always gives the same bytes: ids are numbered in order of first use, numbers written by
/// ``VectorNumber``.
struct SVGWriter {
    private let drawing: Drawing
    /// Whether each line is also written as invisible `<text>`, for selection and screen readers.
    private let includesText: Bool
    private var definitions = ""
    private var body = ""
    /// Each glyph's definition id (a COLRv1 glyph's per palette, text color and size).
    private var glyphIDs: [GlyphDrawingKey: Int] = [:]
    private var imageIDs: [Data: Int] = [:]
    private var nextID = 0
    /// Where glyph drawings are read: the renderer's faces.
    private let faces: RasterFaces

    /// A writer of `drawing`, reading glyphs with `renderer`'s faces.
    init(_ drawing: Drawing, includesText: Bool, renderer: TextRenderer) {
        self.drawing = drawing
        self.includesText = includesText
        faces = renderer.rasterFaces
    }

    /// The SVG document.
    /// - Throws: ``RenderError`` when an embedded image cannot be encoded as PNG.
    mutating func write() throws(RenderError) -> Data {
        try write(drawing.items)
        let size = drawing.pixelSize
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(size.width)\" height=\"\(size.height)\" "
            + "viewBox=\"0 0 \(n(drawing.width)) \(n(drawing.height))\">\n"
        if !definitions.isEmpty { svg += "<defs>\n" + definitions + "</defs>\n" }
        svg += body + "</svg>\n"
        return Data(svg.utf8)
    }

    private mutating func newID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    private func n(_ value: Double, _ digits: Int = 3) -> String { VectorNumber.format(value, fractionDigits: digits) }

    private mutating func write(_ items: [Drawing.Item]) throws(RenderError) {
        for item in items {
            switch item {
            case .backdropBlur:
                continue  // no backdrop to read: see Drawing.blurBackdrop(inside:at:radius:)
            case .fill(let rect, let corners, let paint, let opacity):
                let fitted = corners.fitted(to: rect)
                let filled = try fill(paint, over: rect, opacity: opacity)
                if fitted.isUniform {
                    let r = fitted.topLeft
                    body += "<rect x=\"\(n(rect.x))\" y=\"\(n(rect.y))\" width=\"\(n(rect.width))\" height=\"\(n(rect.height))\""
                        + (r > 0 ? " rx=\"\(n(r))\"" : "") + filled + "/>\n"
                } else {
                    body += "<path d=\"" + path(rect, corners: fitted) + "\"" + filled + "/>\n"
                }
            case .border(let rect, let corners, let widths, let paint, let opacity):
                let filled = try fill(paint, over: rect, opacity: opacity)
                body += "<path fill-rule=\"evenodd\" d=\"" + path(rect, corners: corners)
                    + path(widths.inset(rect), corners: widths.inner(corners.fitted(to: rect))) + "\"" + filled + "/>\n"
            case .path(let shape, let origin, let box, let paint, let opacity):
                let filled = try fill(paint, over: box, opacity: opacity)
                body += "<path" + (shape.fillRule == .evenodd ? " fill-rule=\"evenodd\"" : "") + " d=\""
                    + shape.svgPathData(dx: origin.x, dy: origin.y) + "\"" + filled + "/>\n"
            case .image(let picture, let box, let fit, let radius, let opacity):
                try image(picture, box: box, fit: fit, radius: radius, opacity: opacity)
            case .text(let layout, let lines, let origin, let color, _):
                text(layout, lines: lines, origin: origin, color: color)
            case .shadow(let layout, let origin, let blur, let color, _):
                let id = newID()
                definitions += "<filter id=\"f\(id)\" filterUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" "
                    + "width=\"\(n(drawing.width))\" height=\"\(n(drawing.height))\">"
                    + "<feGaussianBlur stdDeviation=\"\(n(blur / 2))\"/></filter>\n"
                body += "<g filter=\"url(#f\(id))\">\n"
                text(layout, origin: origin, color: color, override: color)
                body += "</g>\n"
            case .textInnerShadow(let layout, let origin, let offset, let blur, let color, _):
                // Inside the glyphs (SourceAlpha), what is outside them (its alpha inverted), moved and blurred, in
                // the shadow's color.
                let id = newID()
                definitions += "<filter id=\"f\(id)\" filterUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" "
                    + "width=\"\(n(drawing.width))\" height=\"\(n(drawing.height))\">"
                    + "<feComponentTransfer in=\"SourceAlpha\"><feFuncA type=\"table\" tableValues=\"1 0\"/>"
                    + "</feComponentTransfer><feOffset dx=\"\(n(offset.x))\" dy=\"\(n(offset.y))\"/>"
                    + (blur > 0 ? "<feGaussianBlur stdDeviation=\"\(n(blur / 2))\"/>" : "")
                    + "<feComposite in2=\"SourceAlpha\" operator=\"in\" result=\"s\"/>"
                    + "<feFlood flood-color=\"\(hex(color))\" flood-opacity=\"\(n(Double(color.alpha) / 255))\"/>"
                    + "<feComposite in2=\"s\" operator=\"in\"/></filter>\n"
                body += "<g filter=\"url(#f\(id))\">\n"
                text(layout, origin: origin, color: color, override: color)
                body += "</g>\n"
            case .boxShadow(let rect, let corners, let blur, let color, let box, let boxCorners):
                // The shape blurred, clipped to outside the box (an even-odd path: the page grown, less the box).
                let id = newID(), reach = 1.5 * blur + 1
                let page = Rect(x: min(rect.x, 0) - reach, y: min(rect.y, 0) - reach,
                                width: max(rect.x + rect.width, drawing.width) - min(rect.x, 0) + 2 * reach,
                                height: max(rect.y + rect.height, drawing.height) - min(rect.y, 0) + 2 * reach)
                definitions += "<clipPath id=\"c\(id)\"><path clip-rule=\"evenodd\" d=\"" + path(page, corners: 0)
                    + path(box, corners: boxCorners) + "\"/></clipPath>\n"
                var filter = ""
                if blur > 0 {
                    definitions += "<filter id=\"f\(id)\" filterUnits=\"userSpaceOnUse\" x=\"\(n(page.x))\" "
                        + "y=\"\(n(page.y))\" width=\"\(n(page.width))\" height=\"\(n(page.height))\">"
                        + "<feGaussianBlur stdDeviation=\"\(n(blur / 2))\"/></filter>\n"
                    filter = " filter=\"url(#f\(id))\""
                }
                body += "<g clip-path=\"url(#c\(id))\"><path d=\"" + path(rect, corners: corners) + "\""
                    + fill(color, opacity: 1) + filter + "/></g>\n"
            case .innerShadow(let hole, let corners, let blur, let color, let box, let boxCorners):
                // Everything but the hole (an even-odd path: the box grown by the blur's reach, less the hole),
                // blurred, clipped to the box.
                let id = newID(), reach = 1.5 * blur + 1
                let around = Rect(x: min(box.x, hole.x) - reach, y: min(box.y, hole.y) - reach,
                                  width: max(box.x + box.width, hole.x + hole.width) - min(box.x, hole.x) + 2 * reach,
                                  height: max(box.y + box.height, hole.y + hole.height) - min(box.y, hole.y) + 2 * reach)
                definitions += "<clipPath id=\"c\(id)\"><path d=\"" + path(box, corners: boxCorners) + "\"/></clipPath>\n"
                var filter = ""
                if blur > 0 {
                    definitions += "<filter id=\"f\(id)\" filterUnits=\"userSpaceOnUse\" x=\"\(n(around.x))\" "
                        + "y=\"\(n(around.y))\" width=\"\(n(around.width))\" height=\"\(n(around.height))\">"
                        + "<feGaussianBlur stdDeviation=\"\(n(blur / 2))\"/></filter>\n"
                    filter = " filter=\"url(#f\(id))\""
                }
                body += "<g clip-path=\"url(#c\(id))\"><path fill-rule=\"evenodd\" d=\"" + path(around, corners: 0)
                    + path(hole, corners: corners) + "\"" + fill(color, opacity: 1) + filter + "/></g>\n"
            case .stroke(let layout, let origin, let width, let color, let centered, _):
                text(layout, origin: origin, color: color, override: color,
                     stroke: (centered ? width : 2 * width, centered))
            case .clip(let rect, let inner):
                // The raster clips to whole pixels: so does the SVG.
                let box = VectorGeometry.wholePixels(rect, scale: drawing.scale)
                let id = newID()
                definitions += "<clipPath id=\"c\(id)\"><rect x=\"\(n(box.x))\" y=\"\(n(box.y))\" "
                    + "width=\"\(n(box.width))\" height=\"\(n(box.height))\"/></clipPath>\n"
                body += "<g clip-path=\"url(#c\(id))\">\n"
                try write(inner)
                body += "</g>\n"
            case .link(let rect, let url):
                // Checked when added (Drawing.isLinkable): no quote or angle bracket; only & is escaped.
                body += "<a href=\"\(url.replacingOccurrences(of: "&", with: "&amp;"))\"><rect x=\"\(n(rect.x))\" "
                    + "y=\"\(n(rect.y))\" width=\"\(n(rect.width))\" height=\"\(n(rect.height))\" fill=\"none\" "
                    + "pointer-events=\"all\"/></a>\n"
            case .softMask(let luminance, let mask, let inner):
                // The mask's items in a <mask> over the page (luminance is SVG's default; alpha by mask-type).
                let id = newID(), outer = body
                body = ""
                try write(mask)
                let shape = body
                body = outer
                definitions += "<mask id=\"m\(id)\" maskUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" "
                    + "width=\"\(n(drawing.width))\" height=\"\(n(drawing.height))\""
                    + (luminance ? "" : " mask-type=\"alpha\" style=\"mask-type:alpha\"") + ">\n" + shape + "</mask>\n"
                body += "<g mask=\"url(#m\(id))\">\n"
                try write(inner)
                body += "</g>\n"
            case .turned(let degrees, let center, _, let inner):
                body += "<g transform=\"rotate(\(n(degrees, 6)) \(n(center.x)) \(n(center.y)))\">\n"
                try write(inner)
                body += "</g>\n"
            case .clipPath(let shape, let origin, let inner):
                let id = newID()
                definitions += "<clipPath id=\"c\(id)\"><path" + (shape.fillRule == .evenodd ? " clip-rule=\"evenodd\"" : "")
                    + " d=\"" + shape.svgPathData(dx: origin.x, dy: origin.y) + "\"/></clipPath>\n"
                body += "<g clip-path=\"url(#c\(id))\">\n"
                try write(inner)
                body += "</g>\n"
            case .group(let opacity, let blur, let blend, let inner):
                var filter = ""
                if blur > 0 {
                    let id = newID()
                    definitions += "<filter id=\"f\(id)\" filterUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" "
                        + "width=\"\(n(drawing.width))\" height=\"\(n(drawing.height))\">"
                        + "<feGaussianBlur stdDeviation=\"\(n(blur / 2))\"/></filter>\n"
                    filter = " filter=\"url(#f\(id))\""
                }
                // CSS's mix-blend-mode; SVG has no linear burn or dodge (drawn as normal).
                let blending = [.normal, .linearBurn, .linearDodge].contains(blend) ? ""
                    : " style=\"mix-blend-mode:\(blend.rawValue)\""
                body += "<g" + (opacity < 1 ? " opacity=\"\(n(opacity))\"" : "") + filter + blending + ">\n"
                try write(inner)
                body += "</g>\n"
            }
        }
    }

    /// ` fill="…"` (and `fill-opacity`) for `paint` over `box` at `opacity`; a gradient is defined first.
    private mutating func fill(_ paint: Paint, over box: Rect, opacity: Double) throws(RenderError) -> String {
        let opacity = min(max(opacity.isFinite ? opacity : 0, 0), 1)
        switch paint {
        case .color(let color):
            return fill(color, opacity: opacity)
        case .linear(let gradient):
            let id = newID()
            let line = VectorGeometry.line(of: gradient, over: box)
            definitions += "<linearGradient id=\"p\(id)\" gradientUnits=\"userSpaceOnUse\" x1=\"\(n(line.start.x))\" "
                + "y1=\"\(n(line.start.y))\" x2=\"\(n(line.end.x))\" y2=\"\(n(line.end.y))\">" + stops(gradient.stops)
                + "</linearGradient>\n"
            return " fill=\"url(#p\(id))\"" + (opacity < 1 ? " fill-opacity=\"\(n(opacity))\"" : "")
        case .radial(let gradient):
            let id = newID()
            if let m = gradient.ellipseMatrix(over: box) {
                // The unit circle at the origin, mapped onto the ellipse.
                definitions += "<radialGradient id=\"p\(id)\" gradientUnits=\"userSpaceOnUse\" cx=\"0\" cy=\"0\" r=\"1\" "
                    + "gradientTransform=\"matrix(\(n(m.a, 6)) \(n(m.b, 6)) \(n(m.c, 6)) \(n(m.d, 6)) \(n(m.tx)) \(n(m.ty)))\">"
                    + stops(gradient.stops) + "</radialGradient>\n"
            } else {
                let circle = VectorGeometry.circle(of: gradient, over: box)
                definitions += "<radialGradient id=\"p\(id)\" gradientUnits=\"userSpaceOnUse\" cx=\"\(n(circle.center.x))\" "
                    + "cy=\"\(n(circle.center.y))\" r=\"\(n(circle.radius))\">" + stops(gradient.stops) + "</radialGradient>\n"
            }
            return " fill=\"url(#p\(id))\"" + (opacity < 1 ? " fill-opacity=\"\(n(opacity))\"" : "")
        case .conic, .diamond:
            // SVG has no such gradient: its pixels, as a pattern of one tile over the box.
            let picture = VectorGeometry.pictured(paint, over: box, scale: drawing.scale)
            let image = try imageID(picture)
            let id = newID()
            let sx = box.width / Double(picture.width), sy = box.height / Double(picture.height)
            definitions += "<pattern id=\"p\(id)\" patternUnits=\"userSpaceOnUse\" x=\"\(n(box.x))\" y=\"\(n(box.y))\" "
                + "width=\"\(n(box.width))\" height=\"\(n(box.height))\"><use href=\"#i\(image)\" transform=\"scale("
                + "\(n(sx, 6)) \(n(sy, 6)))\"/></pattern>\n"
            return " fill=\"url(#p\(id))\"" + (opacity < 1 ? " fill-opacity=\"\(n(opacity))\"" : "")
        }
    }

    private func stops(_ stops: [GradientStop]) -> String {
        stops.map { stop in
            "<stop offset=\"\(n(min(max(stop.offset, 0), 1)))\" stop-color=\"\(hex(stop.color))\""
                + (stop.color.alpha < 255 ? " stop-opacity=\"\(n(Double(stop.color.alpha) / 255))\"" : "") + "/>"
        }.joined()
    }

    /// `#rrggbb`.
    private func hex(_ color: Color) -> String {
        let digits = Array("0123456789abcdef")
        var text = "#"
        for channel in [color.red, color.green, color.blue] {
            text.append(digits[Int(channel >> 4)])
            text.append(digits[Int(channel & 15)])
        }
        return text
    }

    private func fill(_ color: Color, opacity: Double = 1) -> String {
        let alpha = Double(color.alpha) / 255 * opacity
        return " fill=\"\(hex(color))\"" + (alpha < 1 ? " fill-opacity=\"\(n(alpha))\"" : "")
    }

    /// Path data for a rounded rectangle.
    private func path(_ rect: Rect, corners: CornerRadii) -> String {
        var d = ""
        VectorGeometry.roundedRect(rect, corners: corners, move: { d += "M\(n($0.x)) \(n($0.y))" },
                                   line: { d += "L\(n($0.x)) \(n($0.y))" },
                                   curve: { d += "C\(n($0.x)) \(n($0.y)) \(n($1.x)) \(n($1.y)) \(n($2.x)) \(n($2.y))" },
                                   close: { d += "Z" })
        return d
    }

    /// An image placed as `fit` says in `box`, clipped to the box's rounded outline when it may overflow it.
    private mutating func image(_ picture: RGBAImage, box: Rect, fit: ImageFit, radius: Double,
                                opacity: Double) throws(RenderError) {
        let id = try imageID(picture)
        let target = VectorGeometry.target(of: (picture.width, picture.height), in: box, fit: fit)
        var attributes = ""
        if fit == .cover || radius > 0 {
            let clip = newID()
            definitions += "<clipPath id=\"c\(clip)\"><path d=\"\(path(box, corners: CornerRadii(radius)))\"/></clipPath>\n"
            attributes += " clip-path=\"url(#c\(clip))\""
        }
        if opacity < 1 { attributes += " opacity=\"\(n(max(opacity, 0)))\"" }
        let sx = target.width / Double(picture.width), sy = target.height / Double(picture.height)
        body += "<g\(attributes)><use href=\"#i\(id)\" transform=\"matrix(\(n(sx, 6)) 0 0 \(n(sy, 6)) "
            + "\(n(target.x)) \(n(target.y)))\"/></g>\n"
    }

    /// The id of an image's definition (one pixel a unit), defined on first use.
    private mutating func imageID(_ picture: RGBAImage) throws(RenderError) -> Int {
        // A JPEG as the file it came from; anything else as PNG.
        let bytes: Data, type: String
        if let jpeg = picture.sourceJPEG {
            (bytes, type) = (jpeg.data, "jpeg")
        } else {
            (bytes, type) = (try PNGEncoder.encode(picture), "png")
        }
        if let known = imageIDs[bytes] { return known }
        let id = newID()
        imageIDs[bytes] = id
        definitions += "<image id=\"i\(id)\" width=\"\(picture.width)\" height=\"\(picture.height)\" "
            + "href=\"data:image/\(type);base64,\(bytes.base64EncodedString())\"/>\n"
        return id
    }

    /// A layout's glyphs (each style run in a group scaled from font units to its size) and decorations; with
    /// `override`, all in that color (a shadow or stroke); with `stroke`, outlines stroked that wide (centered:
    /// not filled).
    private mutating func text(_ layout: TextLayout, lines: Range<Int>? = nil, origin: Point, color: Color,
                               override: Color? = nil, stroke: (width: Double, centered: Bool)? = nil) {
        let glyphs = layout.placedGlyphs(at: origin, scale: drawing.scale, color: color, lines: lines)
        // One group per run of glyphs on one baseline in one color and size, moved to the baseline and scaled
        // from font units: each glyph is then `<use>` and its x alone.
        // A sideways glyph's group is turned 90° clockwise about its baseline's column: `<use>` then moves it down.
        // A narrowed glyph's group is narrower by its width scale.
        var open: (color: Color, unit: Double, baseline: Double, sideways: Bool, widthScale: Double)?
        for glyph in glyphs {
            guard let id = glyphID(glyph) else { continue }
            let unit = glyph.size / Double(glyph.face.metrics.unitsPerEm)
            let color = override ?? glyph.color
            let (baseline, pen) = glyph.isSideways ? (glyph.x, glyph.y) : (glyph.y, glyph.x)
            let widthScale = glyph.widthScale
            if open?.color != color || open?.unit != unit || open?.baseline != baseline
                || open?.sideways != glyph.isSideways || open?.widthScale != widthScale {
                if open != nil { body += "</g>\n" }
                open = (color, unit, baseline, glyph.isSideways, widthScale)
                var attributes = stroke?.centered == true ? " fill=\"none\"" : fill(color)
                if let stroke {
                    let alpha = Double(color.alpha) / 255
                    attributes += " stroke=\"\(hex(color))\" stroke-width=\"\(n(stroke.width / unit, 2))\" "
                        + "stroke-linejoin=\"round\"" + (alpha < 1 ? " stroke-opacity=\"\(n(alpha))\"" : "")
                }
                let along = unit * widthScale
                let matrix = glyph.isSideways ? "0 \(n(along, 6)) \(n(-unit, 6)) 0 \(n(baseline)) 0"
                    : "\(n(along, 6)) 0 0 \(n(unit, 6)) 0 \(n(baseline))"
                body += "<g\(attributes) transform=\"matrix(\(matrix))\">"
            }
            body += "<use href=\"#g\(id)\" x=\"\(n(pen / (unit * widthScale), 1))\"/>"
        }
        if open != nil { body += "</g>\n" }
        if stroke == nil || stroke?.centered == false {
            for decoration in layout.placedDecorations(at: origin, scale: drawing.scale, color: color, lines: lines) {
                let r = decoration.rect
                body += "<rect x=\"\(n(r.x))\" y=\"\(n(r.y))\" width=\"\(n(r.width))\" height=\"\(n(r.height))\""
                    + fill(override ?? decoration.color) + "/>\n"
            }
        }
        if includesText, override == nil { accessibleText(layout, lines: lines, origin: origin) }
    }

    /// Each line's text as invisible `<text>` over its glyphs, stretched to the line's width, so that the text can
    /// be selected, searched and read aloud.
    private mutating func accessibleText(_ layout: TextLayout, lines: Range<Int>?, origin: Point) {
        let typography = layout.typography
        let family = escaped(typography.font.font.familyName)
        let isVertical = typography.typography.writingMode.isVertical
        let boxes = isVertical ? layout.lineBoxes : []
        for index in lines ?? layout.lines.indices {
            let line = layout.lines[index]
            let shown = line.text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !shown.isEmpty, line.width > 0 else { continue }
            // A column's text runs down its middle.
            let (x, y) = isVertical ? (boxes[index].x + boxes[index].width / 2, boxes[index].y) : (line.x, line.baseline)
            body += "<text x=\"\(n(origin.x + x))\" y=\"\(n(origin.y + y))\" "
                + (isVertical ? "writing-mode=\"vertical-rl\" " : "") + "font-family=\"\(family)\" font-size=\"\(n(typography.fontSize))\" textLength=\"\(n(line.width))\" "
                + "lengthAdjust=\"spacingAndGlyphs\" fill-opacity=\"0\">\(escaped(shown))</text>\n"
        }
    }

    private func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\u{9}", "\u{A}", "\u{D}": out += " "
            default:
                // XML 1.0 allows no other C0 controls, nor U+FFFE/U+FFFF.
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A color glyph's image definition in font units (`unit` font units a pixel), with the next id.
    private func imageDefinition(_ bitmap: GlyphBitmap, png: Data, unit: Double) -> String {
        "<image id=\"g\(nextID)\" x=\"\(n(Double(bitmap.left) * unit, 2))\" "
            + "y=\"\(n(-Double(bitmap.top) * unit, 2))\" width=\"\(n(Double(bitmap.width) * unit, 2))\" "
            + "height=\"\(n(Double(bitmap.height) * unit, 2))\" href=\"data:image/png;base64,\(png.base64EncodedString())\"/>"
    }

    /// The elements drawing `node` of a COLRv1 `glyph` (font units, y up) under `transform` from the glyph's root;
    /// the gradients and clip paths they use are defined on the way.
    private mutating func elements(_ node: VectorColorGlyph.Node, of glyph: VectorColorGlyph,
                                   transform: AffineTransform) -> String {
        switch node {
        case .group(let nodes):
            var out = ""
            for child in nodes { out += elements(child, of: glyph, transform: transform) }
            return out
        case .clip(let outline, let child):
            return clipped(to: "<path d=\"\(outline.svgPathDataYUp(fractionDigits: 2))\"", child, of: glyph,
                           transform: transform)
        case .clipBox(let box, let child):
            return clipped(to: rectangle(box), child, of: glyph, transform: transform)
        case .transform(let matrix, let child):
            return "<g transform=\"\(svgMatrix(matrix))\">"
                + elements(child, of: glyph, transform: transform.concatenating(matrix)) + "</g>"
        case .fill(let fill):
            guard let region = glyph.region(under: transform) else { return "" }
            return rectangle(region) + attributes(of: fill, transform: .identity) + "/>"
        }
    }

    /// `child` clipped to `shape` (an element's start, unclosed): the shape itself filled when the child is a
    /// fill, else a clip path around the child's elements.
    private mutating func clipped(to shape: String, _ child: VectorColorGlyph.Node, of glyph: VectorColorGlyph,
                                  transform: AffineTransform) -> String {
        if let (fill, inner) = VectorColorGlyph.fill(under: child) {
            return shape + attributes(of: fill, transform: inner) + "/>"
        }
        let id = newID()
        definitions += "<clipPath id=\"c\(id)\">" + shape + "/></clipPath>\n"
        return "<g clip-path=\"url(#c\(id))\">" + elements(child, of: glyph, transform: transform) + "</g>"
    }

    /// `<rect` of a box in font units.
    private func rectangle(_ box: FontBox) -> String {
        "<rect x=\"\(n(box.minX, 2))\" y=\"\(n(box.minY, 2))\" width=\"\(n(box.maxX - box.minX, 2))\" "
            + "height=\"\(n(box.maxY - box.minY, 2))\""
    }

    /// `matrix(a b c d e f)` of a transform in font units.
    private func svgMatrix(_ m: AffineTransform) -> String {
        "matrix(\(n(m.a, 6)) \(n(m.b, 6)) \(n(m.c, 6)) \(n(m.d, 6)) \(n(m.tx, 2)) \(n(m.ty, 2)))"
    }

    /// ` fill="…"` for a COLRv1 fill whose gradient lies under `transform`; a gradient is defined first.
    private mutating func attributes(of fill: VectorColorGlyph.Fill, transform: AffineTransform) -> String {
        let id: Int
        func common(_ gradient: VectorColorGlyph.Gradient) -> String {
            var text = " gradientUnits=\"userSpaceOnUse\""
            switch gradient.extend {
            case .pad: break
            case .repeat: text += " spreadMethod=\"repeat\""
            case .reflect: text += " spreadMethod=\"reflect\""
            }
            if transform != .identity { text += " gradientTransform=\"\(svgMatrix(transform))\"" }
            return text + ">" + stops(gradient.stops)
        }
        switch fill {
        case .solid(let color):
            return self.fill(color)
        case .linear(let start, let end, let gradient):
            id = newID()
            definitions += "<linearGradient id=\"p\(id)\" x1=\"\(n(start.x, 2))\" y1=\"\(n(start.y, 2))\" "
                + "x2=\"\(n(end.x, 2))\" y2=\"\(n(end.y, 2))\"" + common(gradient) + "</linearGradient>\n"
        case .radial(let focus, let focusRadius, let center, let radius, let gradient):
            id = newID()
            definitions += "<radialGradient id=\"p\(id)\" cx=\"\(n(center.x, 2))\" cy=\"\(n(center.y, 2))\" "
                + "r=\"\(n(radius, 2))\" fx=\"\(n(focus.x, 2))\" fy=\"\(n(focus.y, 2))\" fr=\"\(n(focusRadius, 2))\""
                + common(gradient) + "</radialGradient>\n"
        }
        return " fill=\"url(#p\(id))\""
    }

    /// The id of a glyph's definition, defined on first use; `nil` for a glyph that draws nothing.
    private mutating func glyphID(_ glyph: PlacedGlyph) -> Int? {
        let vector = faces.vectorGlyph(glyph.glyph, of: glyph.face)
        var key = GlyphDrawingKey(face: glyph.face.id, glyph: glyph.glyph)
        if case .paint = vector {
            key.palette = glyph.palette
            key.color = glyph.color
            key.pixelsPerEm = glyph.pixelsPerEm
        }
        if let known = glyphIDs[key] { return known }
        let unitsPerEm = Double(glyph.face.metrics.unitsPerEm)
        let definition: String
        switch vector {
        case .empty:
            return nil
        case .outline(let outline):
            guard !outline.isEmpty else { return nil }
            definition = "<path id=\"g\(nextID)\" d=\"\(outline.svgPathData(fractionDigits: 2))\"/>"
        case .layers(let layers):
            definition = "<g id=\"g\(nextID)\">" + layers.map { layer in
                "<path d=\"\(layer.outline.svgPathData(fractionDigits: 2))\"" + (layer.color.map { fill($0) } ?? "") + "/>"
            }.joined() + "</g>"
        case .paint(let colorGlyph):
            if let drawing = VectorColorGlyph(colorGlyph, of: glyph.face, palette: glyph.palette,
                                              foreground: glyph.color, format: .svg, faces: faces) {
                // In font units with y up inside; drawn as an image would be: in its own colors, never stroked.
                let content = elements(drawing.root, of: drawing, transform: .identity)
                definition = "<g id=\"g\(nextID)\" transform=\"matrix(1 0 0 -1 0 0)\" fill-opacity=\"1\" "
                    + "stroke=\"none\">" + content + "</g>"
                break
            }
            let bitmap = faces.image(of: colorGlyph, of: glyph.face, pixelsPerEm: glyph.pixelsPerEm,
                                     palette: glyph.palette, foreground: glyph.color)
            guard bitmap.width > 0, let png = try? PNGEncoder.encode(bitmap.image) else { return nil }
            definition = imageDefinition(bitmap, png: png, unit: unitsPerEm / glyph.pixelsPerEm)
        case .bitmap(let bitmap, let ppem):
            guard let png = try? PNGEncoder.encode(bitmap.image) else { return nil }
            definition = imageDefinition(bitmap, png: png, unit: unitsPerEm / ppem)
        }
        let id = newID()
        glyphIDs[key] = id
        definitions += definition + "\n"
        return id
    }
}
