import Foundation

/// Writes ``Drawing``s as the pages of a PDF 1.7 file, with its own small writer: numbered objects, a
/// cross-reference table, content and font streams compressed by libdeflate (FlateDecode).
///
/// Text is real text: each face's glyphs are embedded as a subset (``FontSubset``, HarfBuzz's subsetter) in a
/// Type 0 font with Identity-H encoding (CIDFontType2 for TrueType outlines, CIDFontType0 with an OpenType file for
/// CFF), its widths, and a ToUnicode map from each glyph to the text of its cluster, so that text extraction
/// (`pdftotext`) gives the text back. Color glyphs: bitmaps (CBDT, sbix) as images, COLRv0 layers as filled paths,
/// COLRv1 paint graphs as form XObjects of paths, clips and shadings where PDF draws them exactly, else as images.
/// Gradients are axial and radial shadings (translucent stops through a luminosity soft mask); blurred text
/// shadows are images of the blurred coverage (at the drawing's scale) with a soft mask. The same pages always give
/// the same bytes: no dates, no random ids.
struct PDFWriter {
    let pages: [Drawing]
    let compression: ImageCompression
    let renderer: TextRenderer
    let deadline: RenderDeadline

    init(pages: [Drawing], compression: ImageCompression, renderer: TextRenderer = .shared,
         until deadline: RenderDeadline = .never) {
        self.pages = pages
        self.compression = compression
        self.renderer = renderer
        self.deadline = deadline
    }

    /// The PDF file.
    /// - Throws: ``RenderError/pdfEncodingFailed(reason:)`` when a font cannot be subset or a stream compressed.
    func write() throws(RenderError) -> Data {
        var document = PDFDocument(compression: compression, renderer: renderer, deadline: deadline)
        // First every glyph each face shows, so that each face is subset once for the whole file.
        for page in pages { document.collectGlyphs(page.items, scale: page.scale) }
        try document.makeFonts()
        var pageObjects: [Int] = []
        for page in pages {
            var content = "1 0 0 -1 0 \(n(page.height)) cm\n"  // y down from the top-left, as the drawing
            document.links = []
            try document.write(page.items, page: page, into: &content)
            let contents = document.add(try document.stream(Data(content.utf8)))
            // Each link an annotation over its rectangle, in the page's own coordinates (y up).
            let annotations = document.links.map { rect, url in
                document.add("<< /Type /Annot /Subtype /Link /Rect [\(n(rect.x)) \(n(page.height - rect.maxY)) "
                    + "\(n(rect.maxX)) \(n(page.height - rect.y))] /Border [0 0 0] /A << /S /URI /URI (\(url)) >> >>")
            }
            let annots = annotations.isEmpty ? "" : " /Annots [" + annotations.map { "\($0) 0 R" }.joined(separator: " ") + "]"
            pageObjects.append(document.add("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(n(page.width)) "
                + "\(n(page.height))] /Resources \(PDFDocument.resources) 0 R /Contents \(contents) 0 R\(annots) >>"))
        }
        return try document.finish(pages: pageObjects)
    }
}

/// A number as PDF writes it (at most 3 decimals).
private func n(_ value: Double) -> String { VectorNumber.format(value) }

/// The objects of a PDF being written and the resources its pages share.
struct PDFDocument {
    let compression: ImageCompression
    let renderer: TextRenderer
    /// Checked before each item drawn and inside shadows' blurs.
    let deadline: RenderDeadline
    /// Object bodies by number − 1 (`nil`: reserved, written later). Objects 1, 2 and 3 are the catalog, the
    /// page tree and ``resources``.
    var objects: [Data?] = [nil, nil, nil]
    /// The object of the one resources dictionary every page and form shares, written once all are named.
    static let resources = 3
    /// Each face drawn as text, in order of first use.
    var fonts: [FontUse] = []
    var fontIndex: [Int: Int] = [:]
    /// Images (and shadow masks) by their pixels, as resource names.
    var imageIndex: [RGBAImage: String] = [:]
    /// Each color glyph's image (a strike's bitmap, or a COLRv1 glyph drawn in a palette and text color at a
    /// size) and its resource name, made once however often the glyph is drawn.
    var colorGlyphImages: [GlyphDrawingKey: (bitmap: GlyphBitmap, name: String)] = [:]
    /// Each font's objects, by resource name.
    var fontObjects: [String: Int] = [:]
    /// What color glyphs stand for, as empty characters of Type 3 fonts (``colorCharactersPerFont`` a font,
    /// resources `T0`, `T1`, …): each one's text and width (thousandths of an em), in the order first shown.
    var colorCharacters: [(text: String, width: Double)] = []
    /// Each color character's index in ``colorCharacters``, by its text and width.
    var colorCharacterIndex: [ColorCharacterKey: Int] = [:]
    /// Color characters a Type 3 font holds: a byte's codes, less the one for its `m`.
    static let colorCharactersPerFont = 255
    /// How each COLRv1 glyph in a palette and text color is drawn: its form's resource name, or `nil` when PDF
    /// cannot draw it exactly (it is then an image in ``colorGlyphImages``).
    var colorGlyphForms: [GlyphDrawingKey: String?] = [:]
    /// Fill opacities, as ExtGState resources.
    var opacities: [Double: String] = [:]
    /// The resources the pages name, in order: XObjects (images and forms), graphics states and shadings.
    var xObjectResources: [(String, Int)] = []
    /// The links of the page being written: rectangles in the drawing's points (y down) and their URLs.
    var links: [(Rect, String)] = []
    var opacityResources: [(String, String)] = []
    var shadingResources: [(String, Int)] = []

    /// A face whose glyphs are shown as text: the glyphs, what each stands for, and its font once subset.
    struct FontUse {
        let face: FontFace
        let resource: String
        var glyphs: Set<UInt32> = [0]
        var texts: [UInt32: String] = [:]
        var subset: FontSubset?
    }

    init(compression: ImageCompression, renderer: TextRenderer, deadline: RenderDeadline) {
        self.compression = compression
        self.renderer = renderer
        self.deadline = deadline
    }

    // MARK: Objects

    mutating func add(_ body: Data) -> Int {
        objects.append(body)
        return objects.count
    }

    mutating func add(_ body: String) -> Int { add(Data(body.utf8)) }

    mutating func set(_ number: Int, _ body: String) { objects[number - 1] = Data(body.utf8) }

    /// A stream object's body: `data` compressed, with `dictionary`'s other entries.
    func stream(_ data: Data, dictionary: String = "") throws(RenderError) -> Data {
        let compressed = try FlateStream.compressed(data, compression: compression)
        var body = Data("<< /Length \(compressed.count) /Filter /FlateDecode\(dictionary) >>\nstream\n".utf8)
        body += compressed
        body += Data("\nendstream".utf8)
        return body
    }

    /// The file: the header, every object, the cross-reference table and the trailer; the shared resources
    /// dictionary goes into ``resources``.
    mutating func finish(pages: [Int]) throws(RenderError) -> Data {
        var resources = "<<"
        let colorFonts = try makeColorFonts()
        if !fonts.isEmpty || !colorFonts.isEmpty {
            resources += " /Font <<" + fonts.map { " /\($0.resource) \(fontObjects[$0.resource] ?? 0) 0 R" }.joined()
                + colorFonts.enumerated().map { " /T\($0.offset) \($0.element) 0 R" }.joined() + " >>"
        }
        if !xObjectResources.isEmpty {
            resources += " /XObject <<" + xObjectResources.map { " /\($0.0) \($0.1) 0 R" }.joined() + " >>"
        }
        if !opacityResources.isEmpty {
            resources += " /ExtGState <<" + opacityResources.map { " /\($0.0) \($0.1)" }.joined() + " >>"
        }
        if !shadingResources.isEmpty {
            resources += " /Shading <<" + shadingResources.map { " /\($0.0) \($0.1) 0 R" }.joined() + " >>"
        }
        resources += " >>"
        set(PDFDocument.resources, resources)
        set(1, "<< /Type /Catalog /Pages 2 0 R >>")
        set(2, "<< /Type /Pages /Kids [" + pages.map { "\($0) 0 R" }.joined(separator: " ") + "] /Count \(pages.count) >>")
        let info = add("<< /Producer (MatterType) >>")
        var file = Data("%PDF-1.7\n%\u{E2}\u{E3}\u{CF}\u{D3}\n".utf8)
        var offsets: [Int] = []
        for (index, body) in objects.enumerated() {
            offsets.append(file.count)
            file += Data("\(index + 1) 0 obj\n".utf8)
            file += body ?? Data("null".utf8)
            file += Data("\nendobj\n".utf8)
        }
        let table = file.count
        var xref = "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets {
            let digits = String(offset)
            xref += String(repeating: "0", count: max(0, 10 - digits.count)) + digits + " 00000 n \n"
        }
        xref += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R /Info \(info) 0 R >>\nstartxref\n\(table)\n%%EOF\n"
        file += Data(xref.utf8)
        return file
    }

    // MARK: Content

    /// Writes the operators drawing `items` of `page`.
    mutating func write(_ items: [Drawing.Item], page: Drawing, into content: inout String) throws(RenderError) {
        for item in items {
            try deadline.check(item.stage)
            switch item {
            case .backdropBlur:
                continue  // no backdrop to read: see Drawing.blurBackdrop(inside:at:radius:)
            case .fill(let rect, let corners, let paint, let opacity):
                try fill(path(rect, corners: corners), evenOdd: false, paint: paint, box: rect, opacity: opacity,
                         scale: page.scale, into: &content)
            case .border(let rect, let corners, let widths, let paint, let opacity):
                try fill(path(rect, corners: corners)
                         + path(widths.inset(rect), corners: widths.inner(corners.fitted(to: rect))), evenOdd: true,
                         paint: paint, box: rect, opacity: opacity, scale: page.scale, into: &content)
            case .path(let shape, let origin, let box, let paint, let opacity):
                try fill(path(shape, at: origin), evenOdd: shape.fillRule == .evenodd, paint: paint, box: box,
                         opacity: opacity, scale: page.scale, into: &content)
            case .image(let picture, let box, let fit, let radius, let opacity):
                let target = VectorGeometry.target(of: (picture.width, picture.height), in: box, fit: fit)
                content += "q\n"
                if fit == .cover || radius > 0 { content += path(box, corners: CornerRadii(radius)) + "W n\n" }
                if opacity < 1 { content += "/\(opacityResource(max(opacity, 0))) gs\n" }
                let name = try image(picture)
                content += "\(n(target.width)) 0 0 \(n(-target.height)) \(n(target.x)) \(n(target.y + target.height)) cm "
                    + "/\(name) Do\nQ\n"
            case .text(let layout, let lines, let origin, let color, _):
                // Left-to-right lines spell their text runs out (see text(_:into:stroke:spelled:)). Not a line with
                // right-to-left runs: poppler reorders ActualText as if it were visual, reversing it, while glyph by
                // glyph it reads those lines right.
                for index in lines {
                    let spelled = !layout.lines[index].runs.contains { $0.direction == .rightToLeft }
                    try text(layout.placedGlyphs(at: origin, scale: page.scale, color: color, lines: index..<index + 1),
                             into: &content, spelled: spelled)
                }
                for decoration in layout.placedDecorations(at: origin, scale: page.scale, color: color, lines: lines) {
                    let r = decoration.rect
                    content += colorOperators(decoration.color)
                        + "\(n(r.x)) \(n(r.y)) \(n(r.width)) \(n(r.height)) re f\n"
                }
            case .shadow(let layout, let origin, let blur, let color, let hinting):
                try shadow(layout, origin: origin, blur: blur, color: color, hinting: hinting, page: page,
                           into: &content)
            case .textInnerShadow(let layout, let origin, let offset, let blur, let color, let hinting):
                try innerShadow(layout, origin: origin, offset: offset, blur: blur, color: color, hinting: hinting,
                                page: page, into: &content)
            case .innerShadow(let hole, let corners, let blur, let color, let box, let boxCorners):
                try innerShadow(hole: hole, corners: corners, blur: blur, color: color, box: box,
                                boxCorners: boxCorners, page: page, into: &content)
            case .boxShadow(let rect, let corners, let blur, let color, let box, let boxCorners):
                try boxShadow(rect, corners: corners, blur: blur, color: color, box: box, boxCorners: boxCorners,
                              page: page, into: &content)
            case .stroke(let layout, let origin, let width, let color, let centered, _):
                let glyphs = layout.placedGlyphs(at: origin, scale: page.scale, color: color)
                try text(glyphs, into: &content, stroke: (centered ? width : 2 * width, centered, color))
            case .clip(let rect, let inner):
                let box = VectorGeometry.wholePixels(rect, scale: page.scale)  // as the raster clips
                content += "q \(n(box.x)) \(n(box.y)) \(n(box.width)) \(n(box.height)) re W n\n"
                try write(inner, page: page, into: &content)
                content += "Q\n"
            case .link(let rect, let url):
                // Checked when added (Drawing.isLinkable): ASCII without parentheses or backslashes to escape.
                links.append((rect, url.replacingOccurrences(of: "(", with: "%28").replacingOccurrences(of: ")", with: "%29")))
            case .softMask(let luminance, let mask, let inner):
                // The mask's items as a transparency group (on black, for luminosity), named by a soft mask in a
                // graphics state that the content is drawn under.
                var shape = ""
                try write(mask, page: page, into: &shape)
                let bounds = "0 0 \(n(page.width)) \(n(page.height))"
                let form = add(try stream(Data(shape.utf8), dictionary: " /Type /XObject /Subtype /Form /BBox [\(bounds)] "
                                          + "/Group << /S /Transparency /CS /DeviceRGB >> /Resources "
                                          + "\(PDFDocument.resources) 0 R"))
                let state = "M\(opacityResources.count + 1)"
                opacityResources.append((state, "<< /SMask << /Type /Mask /S /\(luminance ? "Luminosity" : "Alpha") "
                                         + "/G \(form) 0 R >> >>"))
                content += "q /\(state) gs\n"
                try write(inner, page: page, into: &content)
                content += "Q\n"
            case .turned(let degrees, let center, _, let inner):
                // The page's y runs down (its matrix flips it), as the turn's.
                let turn = AffineTransform.turn(degrees: degrees, about: center)
                let m = [turn.a, turn.b, turn.c, turn.d].map { VectorNumber.format($0, fractionDigits: 6) }
                content += "q \(m.joined(separator: " ")) \(n(turn.tx)) \(n(turn.ty)) cm\n"
                try write(inner, page: page, into: &content)
                content += "Q\n"
            case .clipPath(let shape, let origin, let inner):
                content += "q\n" + path(shape, at: origin) + (shape.fillRule == .evenodd ? "W* n\n" : "W n\n")
                try write(inner, page: page, into: &content)
                content += "Q\n"
            case .group(let opacity, let blur, let blend, let inner) where blur > 0:
                // PDF has no blur: the group is drawn as the raster draws it, and embedded as an image.
                guard page.pixelSize.fits(pixelCount: TextRenderer.maximumPixelCount) else { continue }
                var part = try Drawing.group(inner, width: page.pixelSize.width, height: page.pixelSize.height,
                                             shift: .zero, scale: page.scale, blur: blur, renderer: renderer,
                                             until: deadline)
                part.fade(by: opacity)
                let name = try image(part)
                content += "q " + blendOperator(blend)
                    + "\(n(page.width)) 0 0 \(n(-page.height)) 0 \(n(page.height)) cm /\(name) Do Q\n"
            case .group(let opacity, _, let blend, let inner):
                // A transparency group: a form drawn with the page's resources, then painted at the opacity.
                var group = ""
                try write(inner, page: page, into: &group)
                let bounds = "0 0 \(n(page.width)) \(n(page.height))"
                let form = add(try stream(Data(group.utf8), dictionary: " /Type /XObject /Subtype /Form /BBox [\(bounds)] "
                                          + "/Group << /S /Transparency >> /Resources \(PDFDocument.resources) 0 R"))
                let name = "F\(xObjectResources.count + 1)"
                xObjectResources.append((name, form))
                content += "q " + blendOperator(blend) + "/\(opacityResource(opacity)) gs /\(name) Do Q\n"
            }
        }
    }

    /// The image XObject resource of `picture` (premultiplied RGBA): its colors with alpha divided out, and a
    /// soft mask of its alpha unless it is opaque; each distinct image written once.
    mutating func image(_ picture: RGBAImage) throws(RenderError) -> String {
        if let known = imageIndex[picture] { return known }
        if let jpeg = picture.sourceJPEG {
            // The file itself, as its own compression: DCTDecode.
            var body = Data(("<< /Length \(jpeg.data.count) /Filter /DCTDecode /Type /XObject /Subtype /Image "
                + "/Width \(picture.width) /Height \(picture.height) /ColorSpace /"
                + (jpeg.isGray ? "DeviceGray" : "DeviceRGB") + " /BitsPerComponent 8 >>\nstream\n").utf8)
            body += jpeg.data
            body += Data("\nendstream".utf8)
            let name = "I\(xObjectResources.count + 1)"
            xObjectResources.append((name, add(body)))
            imageIndex[picture] = name
            return name
        }
        let count = picture.width * picture.height
        var rgb = [UInt8](repeating: 0, count: count * 3)
        var alpha = [UInt8](repeating: 0, count: count)
        var opaque = true
        let pixels = picture.pixels
        for i in 0..<count {
            let a = Int(pixels[i * 4 + 3])
            alpha[i] = UInt8(a)
            if a < 255 { opaque = false }
            guard a > 0 else { continue }
            for c in 0..<3 { rgb[i * 3 + c] = UInt8(min(255, (Int(pixels[i * 4 + c]) * 255 + a / 2) / a)) }
        }
        var mask = ""
        if !opaque {
            let soft = add(try stream(Data(alpha), dictionary: " /Type /XObject /Subtype /Image /Width \(picture.width) "
                                      + "/Height \(picture.height) /ColorSpace /DeviceGray /BitsPerComponent 8"))
            mask = " /SMask \(soft) 0 R"
        }
        let object = add(try stream(Data(rgb), dictionary: " /Type /XObject /Subtype /Image /Width \(picture.width) "
                                    + "/Height \(picture.height) /ColorSpace /DeviceRGB /BitsPerComponent 8" + mask))
        let name = "I\(xObjectResources.count + 1)"
        xObjectResources.append((name, object))
        imageIndex[picture] = name
        return name
    }

    /// Shows glyphs: outline glyphs as text in their subset font (filled, or stroked `stroke.width` wide with
    /// round joins, filled too unless centered), color glyphs (filled only) drawn (bitmaps as images, COLRv0
    /// layers as paths, COLRv1 as forms), in `spelled` lines with an empty character of a Type 3 font over each,
    /// whose ToUnicode gives its text (see ``makeColorFonts()``).
    ///
    /// `spelled` (one left-to-right line's glyphs): each run of outline glyphs is a marked-content span whose
    /// /ActualText is its text, so that a reader copies that rather than mapping glyphs back one by one, which
    /// split or reordered clusters (a Devanagari vowel sign drawn before its consonant, Thai marks), and each
    /// color glyph has its stand-in character. Color glyphs stay outside the spans: PDFium keeps only the
    /// ActualText characters the span's font can show, which drops every emoji, while their ToUnicode reads right.
    mutating func text(_ glyphs: [PlacedGlyph], into content: inout String,
                               stroke: (width: Double, centered: Bool, color: Color)? = nil,
                               spelled: Bool = false) throws(RenderError) {
        var inText = false
        var font: (String, Double)?
        var color: Color?
        var mode: Int?
        var spanOpen = false
        var runEnd = 0
        /// Opens a text object, its state unknown.
        func beginText() {
            guard !inText else { return }
            content += "BT\n"
            inText = true
            font = nil
            color = nil
            mode = nil
        }
        for (position, glyph) in glyphs.enumerated() {
            if spelled, position == runEnd {
                // A span ends at a text object's end, so that the two nest.
                if spanOpen {
                    if inText { content += "ET\n" }
                    content += "EMC\n"
                    inText = false
                    spanOpen = false
                }
                runEnd = glyphs[position...].firstIndex { !isText($0) } ?? glyphs.count
                if runEnd == position {
                    runEnd += 1  // a color glyph
                } else {
                    // Without the spaces that hang at the line's end: a reader puts its own break between lines.
                    var shown = glyphs[position..<runEnd].map(\.text).joined()
                    if runEnd == glyphs.count { while let last = shown.last, last.isWhitespace { shown.removeLast() } }
                    if !shown.isEmpty {
                        if inText { content += "ET\n" }
                        inText = false
                        content += "/Span << /ActualText \(PDFDocument.textString(shown)) >> BDC\n"
                        spanOpen = true
                    }
                }
            }
            switch renderer.rasterFaces.vectorGlyph(glyph.glyph, of: glyph.face) {
            case .outline(let outline):
                // A synthesized bold is its emboldened outline filled as a path (a stroke is not FreeType's
                // emboldening: poppler draws it a pixel bolder), with the glyph as invisible text over it.
                if glyph.face.synthetic.bold, stroke == nil {
                    if inText {
                        content += "ET\n"
                        inText = false
                    }
                    let unit = VectorNumber.format(glyph.size / Double(glyph.face.metrics.unitsPerEm), fractionDigits: 6)
                    content += "q \(glyphMatrix(glyph, widthScale: glyph.widthScale)) cm \(unit) 0 0 \(unit) 0 0 cm\n"
                        + colorOperators(glyph.color) + PDFDocument.path(outline) + "f\nQ\n"
                }
            case .empty:
                // A space: shown as text all the same (nothing to stroke), so that extracted text has its word breaks.
                guard stroke == nil, fontIndex[glyph.face.id] != nil else { continue }
                beginText()
                try show(glyph, font: &font, into: &content)
                continue
            case let vector:
                if inText {
                    content += "ET\n"
                    inText = false
                }
                guard stroke == nil else { continue }
                // Drawn in the page, where every viewer paints it in color (cairo paints a Type 3 glyph's colors
                // black), then shown as an empty character that stands for its text.
                if inText {
                    content += "ET\n"
                    inText = false
                }
                content += "q \(glyphMatrix(glyph)) cm \(n(glyph.size)) 0 0 \(n(glyph.size)) 0 0 cm\n"
                    + (try colorGlyphDrawing(glyph, vector)) + "Q\n"
                // Not in a line with right-to-left runs: PDFium then took the line for left-to-right and copied
                // its Hebrew backwards ("ם ל ו ע 🎉 ם ו ל ש"); it loses the emoji alone that way.
                guard spelled, !glyph.text.isEmpty else { continue }
                let index = colorCharacter(glyph)
                beginText()
                if mode != 0 {
                    mode = 0
                    content += "0 Tr\n"
                }
                let resource = "T\(index / PDFDocument.colorCharactersPerFont)"
                if font?.0 != resource || font?.1 != glyph.size {
                    font = (resource, glyph.size)
                    content += "/\(resource) \(n(glyph.size)) Tf\n"
                }
                let code = PDFDocument.hex(UInt32(index % PDFDocument.colorCharactersPerFont), digits: 2)
                content += "\(glyphMatrix(glyph)) Tm <\(code)> Tj\n"
                continue
            }
            guard fontIndex[glyph.face.id] != nil else { continue }
            beginText()
            let ink = stroke?.color ?? glyph.color
            if color != ink {
                color = ink
                content += colorOperators(ink)
                if stroke != nil { content += components(ink) + " RG\n" }
            }
            // Text rendering mode: 0 fill, 1 stroke, 2 fill and stroke, 3 invisible (a synthesized bold, drawn above).
            let wanted = stroke.map { $0.centered ? 1 : 2 } ?? (glyph.face.synthetic.bold ? 3 : 0)
            if mode != wanted {
                mode = wanted
                content += "\(wanted) Tr" + (stroke.map { " \(n($0.width)) w 1 j" } ?? "") + "\n"
            }
            try show(glyph, font: &font, into: &content)
        }
        if inText { content += "ET\n" }
        if spanOpen { content += "EMC\n" }
    }

    /// Shows one glyph of a face embedded as a font: its font and size when they change, its place, its index.
    func show(_ glyph: PlacedGlyph, font: inout (String, Double)?,
                      into content: inout String) throws(RenderError) {
        guard let index = fontIndex[glyph.face.id], let subset = fonts[index].subset,
              let cid = subset.newGlyphs[glyph.glyph] else { return }
        let resource = fonts[index].resource
        if font?.0 != resource || font?.1 != glyph.size {
            font = (resource, glyph.size)
            content += "/\(resource) \(n(glyph.size)) Tf\n"
        }
        content += "\(glyphMatrix(glyph, slanted: glyph.face.synthetic.italic, widthScale: glyph.widthScale)) Tm "
            + "<\(PDFDocument.hex(cid, digits: 4))> Tj\n"
    }

    /// The matrix from a glyph's space (y up) to the page's (y down) at its pen: upright, or turned 90° clockwise
    /// for a sideways glyph; `slanted` by the synthetic italic's slant, its width times `widthScale`.
    func glyphMatrix(_ glyph: PlacedGlyph, slanted: Bool = false, widthScale: Double = 1) -> String {
        let slant = slanted ? n(RasterFace.syntheticSlant) : "0"
        let width = VectorNumber.format(widthScale, fractionDigits: 6)
        return (glyph.isSideways ? "0 \(width) 1 \(slant)" : "\(width) 0 \(slant) -1") + " \(n(glyph.x)) \(n(glyph.y))"
    }

}

/// A color glyph's stand-in Type 3 character: the text it stands for, and its width.
struct ColorCharacterKey: Hashable {
    let text: String
    let width: Double
}

/// What a glyph's drawing in a vector file depends on: its face and glyph, for a COLRv1 glyph its palette and text
/// color, and for one drawn as an image its pixel size too. SVG defines each once; PDF makes each color glyph's
/// form or image once.

struct GlyphDrawingKey: Hashable {
    let face: Int
    let glyph: UInt32
    var palette = 0
    var color: Color?
    var pixelsPerEm = 0.0
}
