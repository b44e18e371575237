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

    func run() throws {
        let layout = try typography.resolve()
        let shaped = layout.shape(text, options: ShapingOptions(usesFallback: !noFallback,
                                                                insertsDottedCircle: !noDottedCircle))
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
