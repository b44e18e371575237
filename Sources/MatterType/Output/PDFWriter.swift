import Foundation

/// Writes ``Drawing``s as the pages of a PDF 1.7 file, with its own small writer: numbered objects, a
/// cross-reference table, content and font streams compressed by libdeflate (FlateDecode).
///
/// Text is real text: each face's glyphs are embedded as a subset (``FontSubset``, HarfBuzz's subsetter) in a
/// Type 0 font with Identity-H encoding (CIDFontType2 for TrueType outlines, CIDFontType0 with an OpenType file for
/// CFF), its widths, and a ToUnicode map from each glyph to the text of its cluster, so that text extraction
/// (`pdftotext`) gives the text back. Color glyphs: bitmaps (CBDT, sbix) as images, COLRv0 layers as filled paths,
/// COLRv1 paint graphs as form XObjects of paths, clips and shadings where PDF draws them exactly, else as images.
/// Gradients are axial and radial shadings; blurred text shadows are images of the blurred coverage (at the
/// drawing's scale) with a soft mask. The same pages always give the same bytes: no dates, no random ids.
struct PDFWriter {
    private let pages: [Drawing]
    private let compression: ImageCompression
    private let renderer: TextRenderer
    private let deadline: RenderDeadline

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
            try document.write(page.items, page: page, into: &content)
            let contents = document.add(try document.stream(Data(content.utf8)))
            pageObjects.append(document.add("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(n(page.width)) "
                + "\(n(page.height))] /Resources \(PDFDocument.resources) 0 R /Contents \(contents) 0 R >>"))
        }
        return try document.finish(pages: pageObjects)
    }
}

/// A number as PDF writes it (at most 3 decimals).
private func n(_ value: Double) -> String { VectorNumber.format(value) }

/// The objects of a PDF being written and the resources its pages share.
private struct PDFDocument {
    let compression: ImageCompression
    let renderer: TextRenderer
    /// Checked before each item drawn and inside shadows' blurs.
    let deadline: RenderDeadline
    /// Object bodies by number − 1 (`nil`: reserved, written later). Objects 1, 2 and 3 are the catalog, the
    /// page tree and ``resources``.
    private var objects: [Data?] = [nil, nil, nil]
    /// The object of the one resources dictionary every page and form shares, written once all are named.
    static let resources = 3
    /// Each face drawn as text, in order of first use.
    private var fonts: [FontUse] = []
    private var fontIndex: [Int: Int] = [:]
    /// Images (and shadow masks) by their pixels, as resource names.
    private var imageIndex: [RGBAImage: String] = [:]
    /// Each color glyph's image (a strike's bitmap, or a COLRv1 glyph drawn in a palette and text color at a
    /// size) and its resource name, made once however often the glyph is drawn.
    private var colorGlyphImages: [GlyphDrawingKey: (bitmap: GlyphBitmap, name: String)] = [:]
    /// What color glyphs stand for, as empty characters of Type 3 fonts (``colorCharactersPerFont`` a font,
    /// resources `T0`, `T1`, …): each one's text and width (thousandths of an em), in the order first shown.
    private var colorCharacters: [(text: String, width: Double)] = []
    /// Each color character's index in ``colorCharacters``, by its text and width.
    private var colorCharacterIndex: [ColorCharacterKey: Int] = [:]
    /// Color characters a Type 3 font holds: a byte's codes, less the one for its `m`.
    private static let colorCharactersPerFont = 255
    /// How each COLRv1 glyph in a palette and text color is drawn: its form's resource name, or `nil` when PDF
    /// cannot draw it exactly (it is then an image in ``colorGlyphImages``).
    private var colorGlyphForms: [GlyphDrawingKey: String?] = [:]
    /// Fill opacities, as ExtGState resources.
    private var opacities: [Double: String] = [:]
    /// The resources the pages name, in order: XObjects (images and forms), graphics states and shadings.
    private var xObjectResources: [(String, Int)] = []
    private var opacityResources: [(String, String)] = []
    private var shadingResources: [(String, Int)] = []

    /// A face whose glyphs are shown as text: the glyphs, what each stands for, and its font once subset.
    private struct FontUse {
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

    // MARK: Fonts

    /// Notes every glyph drawn as text in `items`.
    mutating func collectGlyphs(_ items: [Drawing.Item], scale: Double) {
        for item in items {
            switch item {
            case .text(let layout, let lines, let origin, let color, _):
                collect(layout.placedGlyphs(at: origin, scale: scale, color: color, lines: lines))
            case .stroke(let layout, let origin, _, let color, _, _):
                collect(layout.placedGlyphs(at: origin, scale: scale, color: color))
            case .clip(_, let inner):
                collectGlyphs(inner, scale: scale)
            case .fill, .border, .image, .shadow:
                break
            }
        }
    }

    private mutating func collect(_ glyphs: [PlacedGlyph]) {
        for glyph in glyphs where PDFDocument.isText(glyph) {
            let index = fontIndex[glyph.face.id] ?? {
                fonts.append(FontUse(face: glyph.face, resource: "F\(fonts.count + 1)"))
                fontIndex[glyph.face.id] = fonts.count - 1
                return fonts.count - 1
            }()
            fonts[index].glyphs.insert(glyph.glyph)
            if !glyph.text.isEmpty, fonts[index].texts[glyph.glyph] == nil { fonts[index].texts[glyph.glyph] = glyph.text }
        }
    }

    /// `text` as a PDF text string: UTF-16BE with a byte-order mark, in hex (PDF 32000-1 §7.9.2.2).
    static func textString(_ text: String) -> String {
        "<FEFF" + text.utf16.map { String($0, radix: 16, uppercase: true).leftPadded(to: 4) }.joined() + ">"
    }

    /// Whether a glyph is shown as text (an outline, or nothing: a space) rather than drawn (a color glyph).
    private static func isText(_ glyph: PlacedGlyph) -> Bool {
        switch RasterFace.vectorGlyph(glyph.glyph, of: glyph.face) {
        case .outline, .empty: true
        case .layers, .bitmap, .paint: false
        }
    }

    /// Each font's objects, by resource name.
    private var fontObjects: [String: Int] = [:]

    /// Subsets and embeds every face noted.
    mutating func makeFonts() throws(RenderError) {
        for index in fonts.indices {
            let use = fonts[index]
            let subset = try FontSubset(of: use.face, glyphs: use.glyphs)
            fonts[index].subset = subset
            let name = PDFDocument.subsetTag(use) + "+" + PDFDocument.postScriptName(use.face.descriptor.postScriptName)
            let file = add(try stream(subset.data, dictionary: subset.isCFF ? " /Subtype /OpenType"
                                                                            : " /Length1 \(subset.data.count)"))
            let metrics = use.face.metrics
            let unit = 1000 / Double(metrics.unitsPerEm)
            let ascent = Double(metrics.ascender) * unit, descent = Double(metrics.descender) * unit
            let descriptor = add("<< /Type /FontDescriptor /FontName /\(name) /Flags 4 "
                + "/FontBBox [-1000 \(n(descent)) 2000 \(n(ascent))] /ItalicAngle 0 /Ascent \(n(ascent)) "
                + "/Descent \(n(descent)) /CapHeight \(n(ascent)) /StemV 80 "
                + (subset.isCFF ? "/FontFile3" : "/FontFile2") + " \(file) 0 R >>")
            // Widths by new glyph index, in runs of consecutive indices.
            let widths = use.glyphs.compactMap { old in subset.newGlyphs[old].map { ($0, subset.widths[old] ?? 0) } }
                .sorted { $0.0 < $1.0 }
            var w = ""
            var run: (start: UInt32, values: [String])?
            for (cid, width) in widths {
                if let open = run, open.start + UInt32(open.values.count) == cid {
                    run?.values.append(n(width))
                } else {
                    if let open = run { w += "\(open.start) [\(open.values.joined(separator: " "))] " }
                    run = (cid, [n(width)])
                }
            }
            if let open = run { w += "\(open.start) [\(open.values.joined(separator: " "))]" }
            let cidFont = add("<< /Type /Font /Subtype /" + (subset.isCFF ? "CIDFontType0" : "CIDFontType2")
                + " /BaseFont /\(name) /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> "
                + "/FontDescriptor \(descriptor) 0 R /DW 0 /W [\(w)]" + (subset.isCFF ? "" : " /CIDToGIDMap /Identity")
                + " >>")
            let toUnicode = add(try stream(Data(PDFDocument.toUnicode(use, subset: subset).utf8)))
            fontObjects[use.resource] = add("<< /Type /Font /Subtype /Type0 /BaseFont /\(name) /Encoding /Identity-H "
                + "/DescendantFonts [\(cidFont) 0 R] /ToUnicode \(toUnicode) 0 R >>")
        }
    }

    /// Six capital letters naming the subset (PDF's convention), from the face's name and its glyphs: the same
    /// glyphs always get the same tag.
    private static func subsetTag(_ use: FontUse) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325  // FNV-1a
        for byte in use.face.descriptor.postScriptName.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        for glyph in use.glyphs.sorted() { hash = (hash ^ UInt64(glyph)) &* 0x100_0000_01B3 }
        return String((0..<6).map { i in Character(Unicode.Scalar(UInt8(65 + (hash >> (i * 5)) % 26))) })
    }

    /// A PostScript name with only the characters a PDF name may hold unescaped.
    private static func postScriptName(_ name: String) -> String {
        let kept = name.unicodeScalars.filter { $0.value > 0x20 && $0.value < 0x7F && !"()<>[]{}/%#".unicodeScalars.contains($0) }
        return kept.isEmpty ? "Font" : String(String.UnicodeScalarView(kept))
    }

    /// The ToUnicode CMap: each subset glyph with a text, to that text in UTF-16.
    private static func toUnicode(_ use: FontUse, subset: FontSubset) -> String {
        toUnicode(use.texts.compactMap { old, text in subset.newGlyphs[old].map { ($0, text) } }, digits: 4)
    }

    /// A ToUnicode CMap of codes `digits` hex digits long, each to its text in UTF-16.
    private static func toUnicode(_ codes: [(UInt32, String)], digits: Int) -> String {
        let entries = codes.sorted { $0.0 < $1.0 }
        let range = "<" + String(repeating: "0", count: digits) + "> <" + String(repeating: "F", count: digits) + ">"
        var cmap = "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"
            + "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
            + "/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n1 begincodespacerange\n\(range)\nendcodespacerange\n"
        for start in stride(from: 0, to: entries.count, by: 100) {
            let block = entries[start..<min(start + 100, entries.count)]
            cmap += "\(block.count) beginbfchar\n"
            for (cid, text) in block {
                cmap += "<" + hex(cid, digits: digits) + "> <" + text.utf16.map { hex(UInt32($0), digits: 4) }.joined() + ">\n"
            }
            cmap += "endbfchar\n"
        }
        return cmap + "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n"
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    // MARK: Content

    /// Writes the operators drawing `items` of `page`.
    mutating func write(_ items: [Drawing.Item], page: Drawing, into content: inout String) throws(RenderError) {
        for item in items {
            try deadline.check(item.stage)
            switch item {
            case .fill(let rect, let radius, let paint, let opacity):
                try fill(path(rect, radius: radius), evenOdd: false, paint: paint, box: rect, opacity: opacity,
                         into: &content)
            case .border(let rect, let radius, let width, let paint, let opacity):
                let inner = Rect(x: rect.x + width, y: rect.y + width, width: max(rect.width - 2 * width, 0),
                                 height: max(rect.height - 2 * width, 0))
                try fill(path(rect, radius: radius) + path(inner, radius: max(radius - width, 0)), evenOdd: true,
                         paint: paint, box: rect, opacity: opacity, into: &content)
            case .image(let picture, let box, let fit, let radius, let opacity):
                let target = VectorGeometry.target(of: (picture.width, picture.height), in: box, fit: fit)
                content += "q\n"
                if fit == .cover || radius > 0 { content += path(box, radius: radius) + "W n\n" }
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
            case .stroke(let layout, let origin, let width, let color, let centered, _):
                let glyphs = layout.placedGlyphs(at: origin, scale: page.scale, color: color)
                try text(glyphs, into: &content, stroke: (centered ? width : 2 * width, centered, color))
            case .clip(let rect, let inner):
                let box = VectorGeometry.wholePixels(rect, scale: page.scale)  // as the raster clips
                content += "q \(n(box.x)) \(n(box.y)) \(n(box.width)) \(n(box.height)) re W n\n"
                try write(inner, page: page, into: &content)
                content += "Q\n"
            }
        }
    }

    /// Path operators for a rounded rectangle.
    private func path(_ rect: Rect, radius: Double) -> String {
        var ops = ""
        VectorGeometry.roundedRect(rect, radius: radius, move: { ops += "\(n($0.x)) \(n($0.y)) m\n" },
                                   line: { ops += "\(n($0.x)) \(n($0.y)) l\n" },
                                   curve: { ops += "\(n($0.x)) \(n($0.y)) \(n($1.x)) \(n($1.y)) \(n($2.x)) \(n($2.y)) c\n" },
                                   close: { ops += "h\n" })
        return ops
    }

    /// Fills `path` with `paint` over `box` at `opacity`.
    private mutating func fill(_ path: String, evenOdd: Bool, paint: Paint, box: Rect, opacity: Double,
                               into content: inout String) throws(RenderError) {
        let opacity = min(max(opacity.isFinite ? opacity : 0, 0), 1)
        switch paint {
        case .color(let color):
            content += "q\n" + colorOperators(color, opacity: opacity) + path + (evenOdd ? "f*\n" : "f\n") + "Q\n"
        case .linear(let gradient):
            let line = VectorGeometry.line(of: gradient, over: box)
            let shading = try shadingResource(type: 2, coords: [line.start.x, line.start.y, line.end.x, line.end.y],
                                              stops: gradient.stops)
            content += "q\n" + (opacity < 1 ? "/\(opacityResource(opacity)) gs\n" : "") + path
                + (evenOdd ? "W* n\n" : "W n\n") + "/\(shading) sh\nQ\n"
        case .radial(let gradient):
            let circle = VectorGeometry.circle(of: gradient, over: box)
            let shading = try shadingResource(type: 3, coords: [circle.center.x, circle.center.y, 0, circle.center.x,
                                                                 circle.center.y, circle.radius], stops: gradient.stops)
            content += "q\n" + (opacity < 1 ? "/\(opacityResource(opacity)) gs\n" : "") + path
                + (evenOdd ? "W* n\n" : "W n\n") + "/\(shading) sh\nQ\n"
        }
    }

    /// `r g b rg` (and an opacity state when not opaque).
    private mutating func colorOperators(_ color: Color, opacity: Double = 1) -> String {
        let alpha = Double(color.alpha) / 255 * opacity
        return (alpha < 1 ? "/\(opacityResource(alpha)) gs " : "") + components(color) + " rg\n"
    }

    private func components(_ color: Color) -> String {
        [color.red, color.green, color.blue].map { VectorNumber.format(Double($0) / 255, fractionDigits: 4) }
            .joined(separator: " ")
    }

    /// The ExtGState resource filling and stroking at `opacity`.
    private mutating func opacityResource(_ opacity: Double) -> String {
        let key = (opacity * 1000).rounded() / 1000
        if let known = opacities[key] { return known }
        let name = "A\(opacities.count + 1)"
        opacities[key] = name
        opacityResources.append((name, "<< /ca \(n(key)) /CA \(n(key)) >>"))
        return name
    }

    /// An axial (type 2) or radial (type 3) shading through `stops` (colors only: a stop's alpha is not kept).
    private mutating func shadingResource(type: Int, coords: [Double], stops: [GradientStop]) throws(RenderError) -> String {
        var points = stops.map { (min(max($0.offset, 0), 1), $0.color) }.sorted { $0.0 < $1.0 }
        if points.isEmpty { points = [(0, .clear)] }
        if let first = points.first, first.0 > 0 { points.insert((0, first.1), at: 0) }
        if let last = points.last, last.0 < 1 { points.append((1, last.1)) }
        if points.count == 1 { points.append((1, points[0].1)) }
        func exponential(_ a: Color, _ b: Color) -> String {
            "<< /FunctionType 2 /Domain [0 1] /C0 [\(components(a))] /C1 [\(components(b))] /N 1 >>"
        }
        let function: String
        if points.count == 2 {
            function = exponential(points[0].1, points[1].1)
        } else {
            let pieces = (0..<points.count - 1).map { exponential(points[$0].1, points[$0 + 1].1) }
            function = "<< /FunctionType 3 /Domain [0 1] /Functions [" + pieces.joined(separator: " ") + "] /Bounds ["
                + points.dropFirst().dropLast().map { n($0.0) }.joined(separator: " ") + "] /Encode ["
                + pieces.map { _ in "0 1" }.joined(separator: " ") + "] >>"
        }
        let object = add("<< /ShadingType \(type) /ColorSpace /DeviceRGB /Coords [" + coords.map(n).joined(separator: " ")
                         + "] /Function " + function + " /Extend [true true] >>")
        let name = "S\(shadingResources.count + 1)"
        shadingResources.append((name, object))
        return name
    }

    /// The image XObject resource of `picture` (premultiplied RGBA): its colors with alpha divided out, and a
    /// soft mask of its alpha unless it is opaque; each distinct image written once.
    private mutating func image(_ picture: RGBAImage) throws(RenderError) -> String {
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
    private mutating func text(_ glyphs: [PlacedGlyph], into content: inout String,
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
                runEnd = glyphs[position...].firstIndex { !PDFDocument.isText($0) } ?? glyphs.count
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
            switch RasterFace.vectorGlyph(glyph.glyph, of: glyph.face) {
            case .outline(let outline):
                // A synthesized bold is its emboldened outline filled as a path (a stroke is not FreeType's
                // emboldening: poppler draws it a pixel bolder), with the glyph as invisible text over it.
                if glyph.face.synthetic.bold, stroke == nil {
                    if inText {
                        content += "ET\n"
                        inText = false
                    }
                    let unit = VectorNumber.format(glyph.size / Double(glyph.face.metrics.unitsPerEm), fractionDigits: 6)
                    content += "q 1 0 0 -1 \(n(glyph.x)) \(n(glyph.y)) cm \(unit) 0 0 \(unit) 0 0 cm\n"
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
                content += "q 1 0 0 -1 \(n(glyph.x)) \(n(glyph.y)) cm \(n(glyph.size)) 0 0 \(n(glyph.size)) 0 0 cm\n"
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
                content += "1 0 0 -1 \(n(glyph.x)) \(n(glyph.y)) Tm <\(code)> Tj\n"
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
    private func show(_ glyph: PlacedGlyph, font: inout (String, Double)?,
                      into content: inout String) throws(RenderError) {
        guard let index = fontIndex[glyph.face.id], let subset = fonts[index].subset,
              let cid = subset.newGlyphs[glyph.glyph] else { return }
        let resource = fonts[index].resource
        if font?.0 != resource || font?.1 != glyph.size {
            font = (resource, glyph.size)
            content += "/\(resource) \(n(glyph.size)) Tf\n"
        }
        let slant = glyph.face.synthetic.italic ? n(RasterFace.syntheticSlant) : "0"
        content += "1 0 \(slant) -1 \(n(glyph.x)) \(n(glyph.y)) Tm <\(PDFDocument.hex(cid, digits: 4))> Tj\n"
    }

    /// The index in ``colorCharacters`` of the empty character that stands for `glyph`'s text, as wide as its
    /// advance (readers find word breaks in the gaps between characters), made on first use.
    private mutating func colorCharacter(_ glyph: PlacedGlyph) -> Int {
        let width = Double(glyph.face.advance(of: glyph.glyph)) * 1000 / Double(glyph.face.metrics.unitsPerEm)
        let key = ColorCharacterKey(text: glyph.text, width: width)
        if let known = colorCharacterIndex[key] { return known }
        let index = colorCharacters.count
        colorCharacters.append((glyph.text, width))
        colorCharacterIndex[key] = index
        return index
    }

    /// The operators drawing a color glyph in ems, y up, from its pen position: a bitmap as an image, COLRv0
    /// layers as filled paths, a COLRv1 paint graph as its form (or, when PDF cannot draw it exactly, as an image
    /// at the glyph's resolution).
    private mutating func colorGlyphDrawing(_ glyph: PlacedGlyph, _ vector: VectorGlyph) throws(RenderError) -> String {
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
                RasterFace.image(of: colorGlyph, of: glyph.face, pixelsPerEm: glyph.pixelsPerEm,
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

    /// A Type 3 glyph procedure that paints nothing over `width` thousandths of an em: `d1` declares its box (an em
    /// from a quarter below the baseline), which PDFium needs to keep the character.
    private static func emptyGlyph(width: Double) -> String {
        "\(n(width)) 0 0 -250 \(n(width)) 1000 d1\n"
    }

    /// The Type 3 fonts of ``colorCharacters``, ``colorCharactersPerFont`` characters each: a thousand glyph units
    /// an em, each character drawing nothing over its width, ToUnicode mapping each code to its text, and an
    /// empty `m` 0.6 em wide after them: poppler guesses a Type 3 font's scale from its `m` (else from any
    /// character, taking it for half an em), and without one it took emoji for characters three times their size,
    /// lines apart from their text.
    private mutating func makeColorFonts() throws(RenderError) -> [Int] {
        var objects: [Int] = []
        let perFont = PDFDocument.colorCharactersPerFont
        let emptyM = colorCharacters.isEmpty ? 0 : add(try stream(Data(PDFDocument.emptyGlyph(width: 600).utf8)))
        for start in stride(from: 0, to: colorCharacters.count, by: perFont) {
            let characters = Array(colorCharacters[start..<min(start + perFont, colorCharacters.count)])
            var texts: [(UInt32, String)] = []
            var procedures = "", names = "", widths = ""
            for (code, character) in characters.enumerated() {
                texts.append((UInt32(code), character.text))
                let procedure = add(try stream(Data(PDFDocument.emptyGlyph(width: character.width).utf8)))
                procedures += " /c\(code) \(procedure) 0 R"
                names += " /c\(code)"
                widths += (code == 0 ? "" : " ") + n(character.width)
            }
            procedures += " /m \(emptyM) 0 R"
            names += " /m"
            widths += " 600"
            let toUnicode = add(try stream(Data(PDFDocument.toUnicode(texts, digits: 2).utf8)))
            objects.append(add("<< /Type /Font /Subtype /Type3 /FontBBox [0 -250 1000 1000] "
                + "/FontMatrix [0.001 0 0 0.001 0 0] /CharProcs <<\(procedures) >> /Encoding << /Type /Encoding /Differences [0\(names)] >> "
                + "/FirstChar 0 /LastChar \(characters.count) /Widths [\(widths)] "
                + "/Resources \(PDFDocument.resources) 0 R /ToUnicode \(toUnicode) 0 R >>"))
        }
        return objects
    }

    /// The form XObject drawing a COLRv1 glyph in its palette and text color in font units (y up), made on first
    /// use; `nil` when PDF cannot draw it exactly.
    private mutating func colorGlyphForm(_ colorGlyph: ColorGlyph,
                                         _ glyph: PlacedGlyph) throws(RenderError) -> String? {
        let key = GlyphDrawingKey(face: glyph.face.id, glyph: glyph.glyph, palette: glyph.palette, color: glyph.color)
        if let known = colorGlyphForms[key] { return known }
        guard let drawing = VectorColorGlyph(colorGlyph, of: glyph.face, palette: glyph.palette,
                                             foreground: glyph.color, format: .pdf) else {
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
    private mutating func draw(_ node: VectorColorGlyph.Node, of glyph: VectorColorGlyph, transform: AffineTransform,
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
    private mutating func draw(_ child: VectorColorGlyph.Node, clippedTo path: String, of glyph: VectorColorGlyph,
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
    private mutating func fill(_ fill: VectorColorGlyph.Fill, in path: String, transform m: AffineTransform,
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
    private static func concatenation(_ m: AffineTransform) -> String {
        [m.a, m.b, m.c, m.d].map { VectorNumber.format($0, fractionDigits: 6) }.joined(separator: " ")
            + " \(n(m.tx)) \(n(m.ty)) cm\n"
    }

    /// Path operators for a box in font units.
    private static func rectangle(_ box: FontBox) -> String {
        "\(n(box.minX)) \(n(box.minY)) \(n(box.maxX - box.minX)) \(n(box.maxY - box.minY)) re\n"
    }

    /// An outline's path operators in font units (quadratic curves raised to cubic).
    private static func path(_ outline: GlyphOutline) -> String {
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
    private mutating func shadow(_ layout: TextLayout, origin: Point, blur: Double, color: Color,
                                 hinting: TextRenderer.Hinting, page: Drawing, into content: inout String) throws(RenderError) {
        let size = page.pixelSize
        guard size.fits(pixelCount: TextRenderer.maximumPixelCount) else { return }
        guard let coverage = try renderer.coverage(of: layout, at: origin, canvas: size,
                                                   margin: Int(min((1.5 * blur * page.scale).rounded(.up), 1e7)),
                                                   hinting: hinting, until: deadline) else { return }
        let blurred = try coverage.bitmap.blurred(radius: blur * page.scale, until: deadline)
        guard let found = blurred.inkBounds() else { return }
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

/// What a glyph's drawing in a vector file depends on: its face and glyph, for a COLRv1 glyph its palette and text
/// color, and for one drawn as an image its pixel size too. SVG defines each once; PDF makes each color glyph's
/// form or image once.
/// A color glyph's stand-in Type 3 character: the text it stands for, and its width.
private struct ColorCharacterKey: Hashable {
    let text: String
    let width: Double
}

struct GlyphDrawingKey: Hashable {
    let face: Int
    let glyph: UInt32
    var palette = 0
    var color: Color?
    var pixelsPerEm = 0.0
}

private extension String {
    /// The text with "0" before it up to `width` characters.
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
