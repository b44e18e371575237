import Foundation
@testable import MatterType
import Testing

/// Ink that reaches past the line boxes (a tight line height, emoji) is measured and never cut off unless asked.
@Suite("Ink bounds")
struct InkBoundsTests {
    static let inter = Typography(family: "Inter", fontWeight: .extraBold, fontSize: 64, lineHeight: 64)

    func interRegistry() throws -> FontRegistry {
        let registry = FontRegistry(includesSystemFonts: false)
        let path = "/usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf"
        try #require(FileManager.default.fileExists(atPath: path), "fonts-inter-variable is not installed")
        try registry.register(fileAt: path)
        return registry
    }

    @Test("inkBounds follows the glyph extents hb-shape gives, past a 64/64 line box")
    func inkMatchesHarfBuzz() throws {
        let registry = try interRegistry()
        let layout = try TextLayout("j", typography: TypographyLayout(typography: InkBoundsTests.inter,
                                                                       registry: registry))
        let line = try #require(layout.lines.first)
        let unit = 64 / Double(layout.faces[0].metrics.unitsPerEm)
        // `hb-shape --variations=wght=800 --show-extents --font-funcs=ot Inter-roman.var.ttf j` (HarfBuzz 6.0,
        // fonts-inter-variable 4.0~beta7): j = <x_bearing -84, y_bearing 2182, width 734, height -2758> in font units.
        let ink = layout.inkBounds
        #expect(abs(ink.x - (-84 * unit)) < 0.01)
        #expect(abs(ink.y - (line.baseline - 2182 * unit)) < 0.01)
        #expect(abs(ink.maxY - (line.baseline + (2758 - 2182) * unit)) < 0.01)
        #expect(abs(ink.width - 734 * unit) < 0.01)
        #expect(ink.maxY > layout.height)  // the descender hangs below the 64 pt line box
        #expect(layout.height == 64)  // which stays exactly the line height
    }

    @Test("the image grows to hold descenders and emoji; --clip keeps the layout box")
    func imageHoldsInk() throws {
        _ = try interRegistry()  // Inter must be installed; the emoji comes from the system's color font
        let layout = try TextLayout("Typography gjpqy 😀", typography: TypographyLayout(
            typography: InkBoundsTests.inter, registry: FontRegistry()))
        let frame = TextRenderer.frame(for: layout)
        let clipped = TextRenderer.frame(for: layout, clip: true)
        #expect(clipped.size == TextRenderer.imageSize(for: layout))
        #expect(clipped.origin == Point(x: 0, y: 0))
        #expect(frame.size.height > clipped.size.height)
        let image = try TextRenderer.shared.image(of: layout)
        #expect(image.width == frame.size.width && image.height == frame.size.height)
        func alpha(_ image: RGBAImage, rows: Range<Int>) -> Int {
            rows.reduce(0) { sum, y in (0..<image.width).reduce(sum) { $0 + Int(image[$1, y].alpha) } }
        }
        // Clipped, the ink under the 64 px line box is lost; grown, every row of it is drawn.
        let cut = try TextRenderer.shared.image(of: layout, clip: true)
        #expect(cut.height == 64)
        #expect(alpha(image, rows: 0..<image.height) > alpha(cut, rows: 0..<cut.height))
        let dy = Int(frame.origin.y.rounded()), dx = Int(frame.origin.x.rounded())
        #expect(alpha(image, rows: (64 + dy)..<image.height) > 0)
        // Inside the line box, the two images agree pixel for pixel (the origin moved by whole pixels).
        var same = true
        for y in 0..<64 { for x in 0..<cut.width where cut[x, y] != image[x + dx, y + dy] { same = false } }
        #expect(same)
        // Without emoji the frame is tight: the last row holds the descenders' ink.
        let letters = try TextLayout("gjpqy", typography: TypographyLayout(typography: InkBoundsTests.inter,
                                                                           registry: FontRegistry()))
        let tight = try TextRenderer.shared.image(of: letters)
        #expect(tight.height > 64)
        #expect(alpha(tight, rows: (tight.height - 1)..<tight.height) > 0)
    }

    @Test("text whose ink fits the layout keeps the image size it always had")
    func fittingInkUnchanged() throws {
        let body = Typography(family: "Noto Sans", fontSize: 16, lineHeight: 24)
        let layout = try TextLayout("Hello, world", typography: body,
                                    registry: FontRegistry(includesSystemFonts: false))
        let frame = TextRenderer.frame(for: layout, padding: 4)
        #expect(frame.size == TextRenderer.imageSize(for: layout, padding: 4))
        #expect(frame.origin == Point(x: 4, y: 4))
    }

    @Test("measure --json reports inkBounds and the face's hhea metrics; render prints the moved origin")
    func cli() throws {
        let measure = try CLIRun("measure", "--family", "Inter", "--weight", "800", "--size", "64",
                                 "--line-height", "64", "gjpqy", "--json")
        let json = try measure.json()
        let ink = try #require(json["inkBounds"] as? [String: Double])
        #expect((ink["y"] ?? 0) + (ink["height"] ?? 0) > 64)
        #expect((json["ascender"] as? Double ?? 0) > 0)
        #expect((json["descender"] as? Double ?? 0) < 0)
        #expect(json["lineGap"] as? Double != nil)
        let out = try TestSupport.scratchDirectory().appendingPathComponent("ink.png").path
        let render = try CLIRun("render", "--family", "Inter", "--weight", "800", "--size", "64",
                                "--line-height", "64", "😀 gjpqy", "-o", out)
        #expect(render.status == 0)
        #expect(render.stdout.contains("text origin at"))
        let clipped = try CLIRun("render", "--clip", "--family", "Inter", "--weight", "800", "--size", "64",
                                 "--line-height", "64", "😀 gjpqy", "-o", out)
        #expect(clipped.stdout.contains("× 64 px"))
    }
}
