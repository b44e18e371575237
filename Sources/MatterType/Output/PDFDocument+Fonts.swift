import Foundation

/// A number as PDF writes it (at most 3 decimals).
private func n(_ value: Double) -> String { VectorNumber.format(value) }

/// The fonts of a PDF: each face's glyphs embedded as a subset with its widths and ToUnicode map, and the Type 3
/// fonts whose empty characters stand for color glyphs' text.
extension PDFDocument {
    /// Notes every glyph drawn as text in `items`.
    mutating func collectGlyphs(_ items: [Drawing.Item], scale: Double) {
        for item in items {
            switch item {
            case .text(let layout, let lines, let origin, let color, _):
                collect(layout.placedGlyphs(at: origin, scale: scale, color: color, lines: lines))
            case .stroke(let layout, let origin, _, let color, _, _):
                collect(layout.placedGlyphs(at: origin, scale: scale, color: color))
            case .clip(_, let inner), .group(_, _, _, let inner), .clipPath(_, _, let inner),
                 .turned(_, _, _, let inner):
                collectGlyphs(inner, scale: scale)
            case .softMask(_, let mask, let inner):
                collectGlyphs(mask, scale: scale)
                collectGlyphs(inner, scale: scale)
            case .fill, .border, .path, .image, .shadow, .textInnerShadow, .boxShadow, .innerShadow, .backdropBlur,
                 .link:
                break
            }
        }
    }

    /// Notes `glyphs` shown as text, each under its face's font.
    mutating func collect(_ glyphs: [PlacedGlyph]) {
        for glyph in glyphs where isText(glyph) {
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
    func isText(_ glyph: PlacedGlyph) -> Bool {
        switch renderer.rasterFaces.vectorGlyph(glyph.glyph, of: glyph.face) {
        case .outline, .empty: true
        case .layers, .bitmap, .paint: false
        }
    }

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
    static func subsetTag(_ use: FontUse) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325  // FNV-1a
        for byte in use.face.descriptor.postScriptName.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        for glyph in use.glyphs.sorted() { hash = (hash ^ UInt64(glyph)) &* 0x100_0000_01B3 }
        return String((0..<6).map { i in Character(Unicode.Scalar(UInt8(65 + (hash >> (i * 5)) % 26))) })
    }

    /// A PostScript name with only the characters a PDF name may hold unescaped.
    static func postScriptName(_ name: String) -> String {
        let kept = name.unicodeScalars.filter { $0.value > 0x20 && $0.value < 0x7F && !"()<>[]{}/%#".unicodeScalars.contains($0) }
        return kept.isEmpty ? "Font" : String(String.UnicodeScalarView(kept))
    }

    /// The ToUnicode CMap: each subset glyph with a text, to that text in UTF-16.
    static func toUnicode(_ use: FontUse, subset: FontSubset) -> String {
        toUnicode(use.texts.compactMap { old, text in subset.newGlyphs[old].map { ($0, text) } }, digits: 4)
    }

    /// A ToUnicode CMap of codes `digits` hex digits long, each to its text in UTF-16.
    static func toUnicode(_ codes: [(UInt32, String)], digits: Int) -> String {
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

    static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }


    /// The index in ``colorCharacters`` of the empty character that stands for `glyph`'s text, as wide as its
    /// advance (readers find word breaks in the gaps between characters), made on first use.
    mutating func colorCharacter(_ glyph: PlacedGlyph) -> Int {
        let width = Double(glyph.face.advance(of: glyph.glyph)) * 1000 / Double(glyph.face.metrics.unitsPerEm)
        let key = ColorCharacterKey(text: glyph.text, width: width)
        if let known = colorCharacterIndex[key] { return known }
        let index = colorCharacters.count
        colorCharacters.append((glyph.text, width))
        colorCharacterIndex[key] = index
        return index
    }

    /// A Type 3 glyph procedure that paints nothing over `width` thousandths of an em: `d1` declares its box (an em
    /// from a quarter below the baseline), which PDFium needs to keep the character.
    static func emptyGlyph(width: Double) -> String {
        "\(n(width)) 0 0 -250 \(n(width)) 1000 d1\n"
    }

    /// The Type 3 fonts of ``colorCharacters``, ``colorCharactersPerFont`` characters each: a thousand glyph units
    /// an em, each character drawing nothing over its width, ToUnicode mapping each code to its text, and an
    /// empty `m` 0.6 em wide after them: poppler guesses a Type 3 font's scale from its `m` (else from any
    /// character, taking it for half an em), and without one it took emoji for characters three times their size,
    /// lines apart from their text.
    mutating func makeColorFonts() throws(RenderError) -> [Int] {
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
}

private extension String {
    /// The text with "0" before it up to `width` characters.
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
