import MatterType
import Testing

/// The Layout stage's fitting (Layout/TextLayout+Fit.swift): the largest size on the 0.25 pt grid that fits.
///
/// Expected sizes are Chromium 156's, found by a search in the page on the same grid
/// (`Scripts/compare-with-chromium.py --only fit`, which compares 126 such cases).
@Suite("Fit to a box")
struct FitTests: NotoLayoutSuite {
    let registry = FontRegistry(includesSystemFonts: false)
    let body = Typography(family: "Noto Sans", fontSize: 24, lineHeight: 32)
    let headline = "MatterType renders text exactly as a design system defines it"

    func fitted(_ text: String, width: Double, maxHeight: Double, maxLines: Int = 0,
                minimum: Double = 1) throws -> TextLayout {
        try TextLayout(text, typography: body, limits: LayoutLimits(width: width, maxLines: maxLines,
                                                                    maxHeight: maxHeight,
                                                                    fit: TextFit(minimumFontSize: minimum)),
                       registry: registry)
    }

    @Test("the largest size on the grid that fits the height, the line limit and the width, as Chromium's")
    func sizes() throws {
        for (width, maxHeight, maxLines, size) in [(160.0, 60.0, 0, 14.75), (160, 100, 0, 18), (160, 400, 2, 10.75),
                                                   (240, 60, 0, 16), (240, 100, 0, 22), (320, 60, 0, 21.5)] {
            let layout = try fitted(headline, width: width, maxHeight: maxHeight, maxLines: maxLines)
            #expect(layout.typography.fontSize == size, "\(width) × \(maxHeight), \(maxLines) lines")
            #expect(layout.height <= maxHeight && !layout.isTruncated)
            // The line height and letter spacing scale with the size: 32 / 24 of it.
            #expect(abs(layout.typography.lineHeight - size * 32 / 24) < 1e-9)
        }
        // Fitting already: the typography's own size.
        #expect(try fitted(headline, width: 320, maxHeight: 100).typography.fontSize == 24)
    }

    @Test("a word wider than the line shrinks the text until it fits whole; the minimum when nothing fits")
    func words() throws {
        let word = try fitted("Supercalifragilisticexpialidocious", width: 100, maxHeight: 200)
        #expect(word.lines.count == 1 && word.lines[0].width <= 100)
        let larger = try TextLayout("Supercalifragilisticexpialidocious", typography: body.fontSize(word.typography.fontSize + 0.25)
            .lineHeight(32 * (word.typography.fontSize + 0.25) / 24), limits: LayoutLimits(width: 100), registry: registry)
        #expect(larger.lines.count > 1)  // a quarter point more breaks the word
        let none = try fitted(headline, width: 160, maxHeight: 10, minimum: 6)
        #expect(none.typography.fontSize == 6)
    }

    @Test("span sizes scale with the text; bad minimums and heights are errors")
    func spansAndErrors() throws {
        let styled = StyledText([TextSpan("Big ", style: SpanStyle().size(36)), TextSpan("and body text that wraps")])
        let layout = try TextLayout(styled, typography: body, limits: LayoutLimits(width: 200, maxHeight: 40, fit: TextFit()),
                                    registry: registry)
        #expect(layout.typography.fontSize < 24 && layout.height <= 40)
        #expect(throws: LayoutError.self) { try fitted(headline, width: 200, maxHeight: 50, minimum: 30) }
        #expect(throws: LayoutError.self) { try fitted(headline, width: 200, maxHeight: -1) }
    }
}
