import Foundation
import Testing
@testable import MatterType

/// Vertical lines (columns) against Chromium's: `Fixtures/chromium-vertical.json`, written by
/// `Scripts/chromium-vertical-reference.py --write-fixture` (Chromium 156 with the same Debian fonts).
@Suite("Vertical text against Chromium")
struct VerticalLayoutTests {
    struct Reference: Decodable {
        let cases: [Case]
    }

    struct Case: Decodable {
        let text, family, language, writingMode, textOrientation: String
        let size, lineHeight, length: Double
        let lines: [Line]
    }

    struct Line: Decodable {
        let text: String
        let x, y, width, height: Double
    }

    static func reference() throws -> [Case] {
        try JSONDecoder().decode(Reference.self, from: Data(contentsOf: URL(fileURLWithPath:
            TestSupport.fixture("chromium-vertical.json")))).cases
    }

    /// Every column of the plain cases (no tate-chu-yoko, no ruby): its text is Chromium's and its box within 1 px.
    /// Lines are broken on each character's advance down the column (upright: `vmtx`; sideways Latin and digits:
    /// their width), fullwidth punctuation trimmed with `vhal` as Chromium's `text-spacing-trim: normal` does.
    /// Measured 2026-11-29: 220 cases, every column's text Chromium's, boxes within 0.5 px (Noto Serif CJK's
    /// half pixel; the rest exact).
    @Test("Columns break where Chromium's do, their boxes within 1 px")
    func columnTexts() throws {
        let registry = try SystemFonts.registry(SystemFonts.notoSansCJK, SystemFonts.notoSerifCJK)
        var compared = 0, differing: [String] = [], worst = 0.0
        for reference in try Self.reference() where reference.writingMode != "horizontal-tb"
            && !reference.text.contains("[") {
            var typography = Typography(family: .named(reference.family), fontSize: reference.size,
                                        lineHeight: reference.lineHeight, language: reference.language)
            typography.writingMode = try #require(WritingMode(rawValue: reference.writingMode))
            typography.textOrientation = try #require(TextOrientation(rawValue: reference.textOrientation))
            let layout = try TextLayout(reference.text, typography: typography,
                                        limits: LayoutLimits(height: reference.length), registry: registry)
            compared += 1
            let ours = layout.lines.map(\.text), theirs = reference.lines.map(\.text)
            let name = "\(reference.family) \(reference.writingMode) \(reference.textOrientation) "
                + "\(reference.size)/\(reference.lineHeight) in \(reference.length)"
            if ours != theirs {
                differing.append("\(name): ours \(ours), Chromium's \(theirs)")
                continue
            }
            // Each column's box within 1 px of Chromium's (which rounds its characters' inline boxes to whole
            // pixels across the column).
            for (box, line) in zip(layout.lineBoxes, reference.lines) {
                let offsets = [box.x - line.x, box.y - line.y, box.width - line.width, box.height - line.height]
                worst = max(worst, offsets.map(abs).max() ?? 0)
                if offsets.contains(where: { abs($0) > 1 }) {
                    differing.append("\(name), column \(line.text): ours \(box), Chromium's \(line)")
                }
            }
        }
        #expect(compared > 200)
        #expect(worst <= 1)
        #expect(differing.isEmpty, "\(differing.count) of \(compared) differ:\n\(differing.joined(separator: "\n"))")
    }

    /// Drawing positions: upright glyphs centred across their column (HarfBuzz's vertical origin from `vmtx`/`VORG`),
    /// sideways glyphs turned 90° clockwise so their ink lies along it; every column's ink inside its box across.
    @Test("Each column's ink is inside its box; Latin is turned, kana and kanji stand upright in its middle")
    func glyphsInColumns() throws {
        let registry = try SystemFonts.registry(SystemFonts.notoSansCJK)
        for mode in [WritingMode.verticalRightToLeft, .verticalLeftToRight] {
            let typography = Typography(family: .named("Noto Sans CJK JP"), fontSize: 16, lineHeight: 24,
                                        language: "ja").writingMode(mode)
            let layout = try TextLayout("2026年11月29日、MatterTypeはLinuxサーバーで縦書きを組みます。", typography: typography,
                                        limits: LayoutLimits(height: 160), registry: registry)
            #expect(layout.lines.count > 2)
            #expect(layout.width == Double(layout.lines.count) * 24)
            let boxes = layout.lineBoxes
            for (index, box) in boxes.enumerated() {
                let ink = layout.inkBounds(ofLine: index)
                #expect(ink.x >= box.x && ink.x + ink.width <= box.x + box.width, "\(mode) column \(index): \(ink) in \(box)")
                #expect(ink.y >= box.y - 1 && ink.y + ink.height <= box.y + box.height + 1)
            }
            let glyphs = layout.lines.flatMap(\.glyphs)
            // "l" of "Linux" (sideways: as wide as a Latin letter is tall) and "縦" (upright: centred across).
            let sideways = glyphs.filter(\.isSideways)
            #expect(sideways.count == "2026 11 29 MatterType Linux".filter { $0 != " " }.count)
            for glyph in glyphs where !glyph.isSideways {
                guard let ink = layout.ink(of: glyph), ink.right - ink.left > 12 else { continue }  // a full-width glyph
                let column = try #require(boxes.first { glyph.x >= $0.x && glyph.x < $0.x + $0.width })
                let middle = glyph.x + (ink.left + ink.right) / 2
                #expect(abs(middle - (column.x + column.width / 2)) < 1.5, "\(glyph) in \(column)")
            }
            let l = try #require(sideways.first { layout.ink(of: $0).map { $0.right - $0.left > 8 } ?? false })
            let lInk = try #require(layout.ink(of: l))
            #expect(lInk.right - lInk.left > lInk.bottom - lInk.top)
        }
    }
}
