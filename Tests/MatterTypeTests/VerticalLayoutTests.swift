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
                                        limits: LayoutLimits(width: reference.length), registry: registry)
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
}
