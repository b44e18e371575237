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

    @Flag(help: "Print JSON: {postScriptName, fontSize, glyphs: [{id, cluster, xAdvance, yAdvance, xOffset, yOffset}], width}.")
    var json = false

    func run() throws {
        let layout = try typography.resolve()
        let shaped = layout.shape(text)
        if json {
            try printJSON(ShapeJSON(postScriptName: layout.font.font.postScriptName, fontSize: points(layout.fontSize),
                                    glyphs: shaped.glyphs.map(GlyphJSON.init), width: points(shaped.width)))
            return
        }
        print("\(layout.font.font.postScriptName) \(points(layout.fontSize)) pt, width \(points(shaped.width)) pt")
        print("[" + shaped.glyphs.map { "\($0.glyphID)=\($0.cluster)+\(points($0.xAdvance))" }.joined(separator: "|") + "]")
    }
}

private struct ShapeJSON: Encodable {
    let postScriptName: String
    let fontSize: Double
    let glyphs: [GlyphJSON]
    let width: Double
}

private struct GlyphJSON: Encodable {
    let id: UInt32
    let cluster: Int
    let xAdvance: Double
    let yAdvance: Double
    let xOffset: Double
    let yOffset: Double

    init(_ glyph: ShapedGlyph) {
        id = glyph.glyphID
        cluster = glyph.cluster
        xAdvance = points(glyph.xAdvance)
        yAdvance = points(glyph.yAdvance)
        xOffset = points(glyph.xOffset)
        yOffset = points(glyph.yOffset)
    }
}
