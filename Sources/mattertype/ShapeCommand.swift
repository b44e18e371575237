import ArgumentParser
import Foundation
import MatterType

/// `mattertype shape`: HarfBuzz's glyphs for a text and typography.
struct ShapeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shape",
        abstract: "Shape a text with a typography's font and print the glyphs (as hb-shape, in points).")

    @Argument(help: "The text to shape.")
    var text: String

    @OptionGroup var typography: TypographyOptions

    @Flag(name: .customLong("no-fallback"),
          help: "Shape every cluster with the typography's face: characters it lacks show as its .notdef.")
    var noFallback = false

    @Flag(name: .customLong("no-dotted-circle"),
          help: "Do not let HarfBuzz insert a dotted circle (U+25CC) before a mark without a base.")
    var noDottedCircle = false

    @Flag(help: "Print JSON: {postScriptName, fontSize, ascender, descender, lineGap, fonts: [postScriptName], glyphs: [{id, font, cluster, xAdvance, xOffset, yOffset}], width, missingCharacters}.")
    var json = false

    @Flag(help: ArgumentHelp("Print an SVG of the glyphs: each distinct glyph's outline once, as a <symbol> named font.glyphname (FreeType's name, or gid and the index), placed by a <use> in visual order (trailing spaces included, in the viewBox too); in points at the font size with the baseline at y 0 and y down (at --size 1000, 1/1000 em). --no-fallback and --no-dotted-circle apply.",
                             discussion: "Outlines are FreeType's, unhinted and unscaled (quadratic for TrueType, cubic for CFF), at the typography's variation coordinates."))
    var svg = false

    func run() throws {
        let layout = try typography.resolve()
        let options = ShapingOptions(usesFallback: !noFallback, insertsDottedCircle: !noDottedCircle)
        if svg {
            print(outlineSVG(layout, options: options), terminator: "")
            return
        }
        let shaped = layout.shape(text, options: options)
        let fonts = shaped.fonts.map(\.postScriptName)
        if json {
            try printJSON(ShapeJSON(postScriptName: layout.font.font.postScriptName, fontSize: points(layout.fontSize),
                                    ascender: points(layout.ascent), descender: points(-layout.descent),
                                    lineGap: points(layout.lineGap), fonts: fonts, glyphs: shaped.glyphs.map(GlyphJSON.init), width: points(shaped.width),
                                    missingCharacters: shaped.missingCharacters.map { String($0) }))
            return
        }
        print("\(layout.font.font.postScriptName) \(points(layout.fontSize)) pt, width \(points(shaped.width)) pt")
        if fonts.count > 1 { print("fonts: " + fonts.enumerated().map { "\($0.offset)=\($0.element)" }.joined(separator: " ")) }
        print("[" + shaped.glyphs.map { glyph in
            (fonts.count > 1 ? "\(glyph.fontIndex):" : "") + "\(glyph.glyphID)=\(glyph.cluster)+\(points(glyph.xAdvance))"
        }.joined(separator: "|") + "]")
        if !shaped.missingCharacters.isEmpty {
            print("missing: " + shaped.missingCharacters.map(unicodeName).joined(separator: " "))
        }
    }
}

extension ShapeCommand {
    /// The text shaped on one line with `typography`, as an SVG of glyph outlines (see `--svg`): glyphs in visual
    /// order, trailing spaces included, as Unicode's text-rendering-tests write them but y down.
    private func outlineSVG(_ typography: TypographyLayout, options: ShapingOptions) -> String {
        let shaped = typography.shape(text, options: options)
        let size = typography.fontSize
        let fonts = shaped.fonts.map(\.postScriptName)
        func number(_ value: Double) -> String { VectorNumber.format(value) }
        var symbols: [String] = []
        var uses: [String] = []
        var defined: Set<String> = []
        for glyph in shaped.glyphs.sorted(by: { $0.x < $1.x }) {
            let id = "\(fonts[glyph.fontIndex]).\(shaped.glyphName(of: glyph))"
            if defined.insert(id).inserted {
                let outline = shaped.outline(of: glyph)
                let path = outline.map { $0.svgPathData(scale: size / Double($0.unitsPerEm)) } ?? ""
                symbols.append("<symbol id=\"\(id)\" overflow=\"visible\"><path d=\"\(path)\"/></symbol>")
            }
            uses.append("<use xlink:href=\"#\(id)\" x=\"\(number(glyph.x + glyph.xOffset))\" y=\"\(number(-glyph.yOffset))\"/>")
        }
        let top = -typography.ascent, height = typography.ascent + typography.descent
        return "<svg version=\"1.1\" xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
            + "viewBox=\"0 \(number(top)) \(number(max(shaped.width, 1))) \(number(height))\">\n"
            + (symbols + uses).map { "  " + $0 + "\n" }.joined() + "</svg>\n"
    }
}

private struct ShapeJSON: Encodable {
    let postScriptName: String
    let fontSize: Double
    /// The primary face's hhea ascender, descender (negative) and line gap at the font size.
    let ascender: Double
    let descender: Double
    let lineGap: Double
    let fonts: [String]
    let glyphs: [GlyphJSON]
    let width: Double
    let missingCharacters: [String]
}

private struct GlyphJSON: Encodable {
    let id: UInt32
    let font: Int
    let cluster: Int
    let xAdvance: Double
    let xOffset: Double
    let yOffset: Double

    init(_ glyph: ShapedGlyph) {
        id = glyph.glyphID
        font = glyph.fontIndex
        cluster = glyph.cluster
        xAdvance = points(glyph.xAdvance)
        xOffset = points(glyph.xOffset)
        yOffset = points(glyph.yOffset)
    }
}
