import Foundation
import Testing
@testable import MatterType
import MatterTypeCards
import MatterTypeWire

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
        let ruby: [Line]
    }

    /// A line's or an annotation's text and box.
    struct Line: Decodable {
        let text: String
        let x, y, width, height: Double
    }

    static func reference() throws -> [Case] {
        try JSONDecoder().decode(Reference.self, from: Data(contentsOf: URL(fileURLWithPath:
            TestSupport.fixture("chromium-vertical.json")))).cases
    }

    /// The spans of a case's markup: `[tcy]12[/tcy]` combined upright, `[ruby]漢字|かんじ[/ruby]` annotated.
    static func styledText(_ markup: String) -> StyledText {
        var spans: [TextSpan] = []
        var rest = Substring(markup)
        while !rest.isEmpty {
            let tcy = rest.range(of: "[tcy]"), ruby = rest.range(of: "[ruby]")
            guard let open = [tcy, ruby].compactMap({ $0 }).min(by: { $0.lowerBound < $1.lowerBound }) else {
                spans.append(TextSpan(String(rest)))
                break
            }
            if open.lowerBound > rest.startIndex { spans.append(TextSpan(String(rest[..<open.lowerBound]))) }
            let isRuby = open == ruby
            let close = rest.range(of: isRuby ? "[/ruby]" : "[/tcy]", range: open.upperBound..<rest.endIndex)!
            let inner = rest[open.upperBound..<close.lowerBound]
            if isRuby {
                let parts = inner.split(separator: "|")
                spans.append(TextSpan(String(parts[0]), style: SpanStyle().ruby(String(parts[1]))))
            } else {
                spans.append(TextSpan(String(inner), style: SpanStyle().textCombineUpright(.all)))
            }
            rest = rest[close.upperBound...]
        }
        return StyledText(spans)
    }

    /// Every case: each line's text is Chromium's and its box within 1 px, and so is each ruby annotation's box.
    /// Columns are broken on each character's advance down the column (upright: `vmtx`; sideways Latin and
    /// digits: their width), fullwidth punctuation trimmed with `vhal` as Chromium's `text-spacing-trim: normal`
    /// does, a combined run (`[tcy]`) one em and unbreakable, a ruby base unbreakable and spread under a longer
    /// annotation, which overhangs its neighbours. Measured 2026-11-29: all 350 cases (40 with combined runs, 90
    /// with ruby, 30 of those in rows), every line's text Chromium's, boxes within 0.5 px (Noto Serif CJK's and
    /// 34 px lines' half pixel; the rest exact).
    @Test("Lines break where Chromium's do; line and annotation boxes within 1 px")
    func columnTexts() throws {
        let registry = try SystemFonts.registry(SystemFonts.notoSansCJK, SystemFonts.notoSerifCJK)
        var compared = 0, annotations = 0, differing: [String] = [], worst = 0.0
        for reference in try Self.reference() {
            var typography = Typography(family: .named(reference.family), fontSize: reference.size,
                                        lineHeight: reference.lineHeight, language: reference.language)
            typography.writingMode = try #require(WritingMode(rawValue: reference.writingMode))
            typography.textOrientation = try #require(TextOrientation(rawValue: reference.textOrientation))
            let limits = typography.writingMode.isVertical ? LayoutLimits(height: reference.length)
                : LayoutLimits(width: reference.length)
            let layout = try TextLayout(Self.styledText(reference.text), typography: typography, limits: limits,
                                        registry: registry)
            compared += 1
            let ours = layout.lines.map(\.text), theirs = reference.lines.map(\.text)
            let name = "\(reference.family) \(reference.writingMode) \(reference.textOrientation) "
                + "\(reference.size)/\(reference.lineHeight) in \(reference.length): \(reference.text.prefix(12))"
            if ours != theirs {
                differing.append("\(name): ours \(ours), Chromium's \(theirs)")
                continue
            }
            // Each box within 1 px of Chromium's (which rounds its characters' inline boxes to whole pixels
            // across the line). A row's box is its line box: as tall as the line height.
            var pairs = zip(layout.lineBoxes, reference.lines).map { box, line in
                (box, Rect(x: line.x, y: line.y, width: line.width, height: line.height))
            }
            let placed = layout.annotations
            annotations += placed.count
            if placed.map(\.text) != reference.ruby.map(\.text) {
                differing.append("\(name): annotations \(placed.map(\.text)), Chromium's \(reference.ruby.map(\.text))")
                continue
            }
            pairs += zip(placed, reference.ruby).map { ($0.rect, Rect(x: $1.x, y: $1.y, width: $1.width, height: $1.height)) }
            for (box, theirs) in pairs {
                let offsets = [box.x - theirs.x, box.y - theirs.y, box.width - theirs.width, box.height - theirs.height]
                worst = max(worst, offsets.map(abs).max() ?? 0)
                if offsets.contains(where: { abs($0) > 1 }) {
                    differing.append("\(name): ours \(box), Chromium's \(theirs)")
                }
            }
        }
        #expect(compared == 350 && annotations == 330)
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

    /// Tate-chu-yoko: "12" in the font's half-width forms (`hwid`: 500 units each in Noto Sans CJK, so exactly an
    /// em), "109" narrowed to an em (three half-width digits, 1.5 em, at 2/3), both centred across the column
    /// and in one em down it; horizontal text ignores the property.
    @Test("A combined run takes one em down the column, in half-width forms, narrowed when still wider")
    func combinedRuns() throws {
        let registry = try SystemFonts.registry(SystemFonts.notoSansCJK)
        let typography = Typography(family: .named("Noto Sans CJK JP"), fontSize: 20, lineHeight: 30, language: "ja")
        let text = StyledText([TextSpan("第"), TextSpan("12", style: SpanStyle().textCombineUpright(.all)),
                               TextSpan("号、"), TextSpan("109", style: SpanStyle().textCombineUpright(.all)), TextSpan("円")])
        let layout = try TextLayout(text, typography: typography.writingMode(.verticalRightToLeft), registry: registry)
        #expect(layout.lines.map(\.text) == ["第12号、109円"])
        #expect(layout.height == 6 * 20)  // 第, 12, 号, 、, 109, 円: an em each
        let glyphs = layout.lines[0].glyphs
        #expect(glyphs.count == 9 && glyphs.allSatisfy { !$0.isSideways })
        let twelve = Array(glyphs[1...2]), hundredNine = Array(glyphs[5...7])
        #expect(twelve.allSatisfy { $0.widthScale == 1 })
        #expect(hundredNine.allSatisfy { abs($0.widthScale - 2.0 / 3) < 1e-4 })
        for (run, top) in [(twelve, 20.0), (hundredNine, 80.0)] {
            let inks = run.compactMap { glyph in layout.ink(of: glyph).map { (glyph, $0) } }
            let left = inks.map { $0.0.x + $0.1.left }.min() ?? 0, right = inks.map { $0.0.x + $0.1.right }.max() ?? 0
            let up = inks.map { $0.0.y + $0.1.top }.min() ?? 0, down = inks.map { $0.0.y + $0.1.bottom }.max() ?? 0
            #expect(left >= 5 && right <= 25, "across the 30 pt column: \(left)…\(right)")
            #expect(abs((left + right) / 2 - 15) < 1.5)
            #expect(up >= top && down <= top + 20, "within its em down the column: \(up)…\(down)")
        }
        let horizontal = try TextLayout(text, typography: typography, registry: registry)
        #expect(horizontal.lines[0].glyphs.allSatisfy { $0.widthScale == 1 && !$0.isSideways })
        #expect(horizontal.width > 6 * 20)
    }

    /// A card's text layer in columns: its box's height is the column length, its width hugs the columns (plus
    /// what the first column's annotation adds on the right), and in a wider box vertical-rl columns stand at its
    /// right; measure's JSON gives each column's box and each annotation's.
    @Test("Cards set a text layer in columns as tall as its box; measure --json gives columns and annotations")
    func cardsAndMeasurement() throws {
        let registry = try SystemFonts.registry(SystemFonts.notoSansCJK)
        let renderer = CardRenderer(registry: registry)
        func boxes(_ width: String) throws -> (box: CardLayout.Box, columns: Int) {
            let json = #"{"width": 300, "height": 200, "layers": [{"type": "text", "x": 20, "y": 10, \#(width) "height": 96, "#
                + #""family": "Noto Sans CJK JP", "language": "ja", "size": 16, "lineHeight": 24, "writingMode": "vertical-rl", "#
                + #""spans": [{"text": "漢字", "ruby": "かんじ"}, {"text": "の読み方を学ぶのは大切です。"}]}]}"#
            let card = try Card.decode(from: Data(json.utf8))
            let layout = try renderer.layout(of: card)
            let box = try #require(layout.boxes.first)
            return (box, try #require(box.lines))
        }
        // Chromium's block for this text in 96 px columns (the fixture's first ruby case): 3 columns, 76 px wide.
        let hugging = try boxes("")
        #expect(hugging.columns == 3 && hugging.box.width == 76 && hugging.box.height == 96)
        let wide = try boxes(#""width": 200,"#)
        let ink = try #require(wide.box.ink)
        #expect(ink.x > 20 + 200 - 76 - 1 && ink.x + ink.width <= 20 + 200 + 1, "columns at the box's right: \(ink)")

        var request = RenderRequest(text: "東京から京都まで")
        request.typography.family = ["Noto Sans CJK JP"]
        request.typography.writingMode = .verticalRightToLeft
        request.limits.height = 64
        let measured = TextMeasurement(try request.layout(registry: registry))
        #expect(measured.lines.map(\.text) == ["東京から", "京都まで"])
        #expect(measured.lines.map(\.x) == [24, 0] && measured.lines.map(\.y) == [0, 0])
        #expect(measured.lines.map(\.height) == [64, 64] && measured.lines.map(\.width) == [24, 24])
        #expect(measured.width == 48 && measured.height == 64 && measured.ruby == nil)
    }

    /// What vertical text added to a glyph and a cluster fits in their padding: layout's hot loops write one of
    /// each per character, and a 40-byte glyph made `bench --task lines` 4 % slower.
    @Test("A positioned glyph stays 32 bytes and a cluster 24")
    func recordSizes() {
        #expect(MemoryLayout<PositionedGlyph>.stride == 32)
        #expect(MemoryLayout<Cluster>.stride == 24)
    }

    /// What shapes rows shapes columns: `balance` evens their lengths, `fit` shrinks the size until the columns
    /// fit the width (the extent across, as `maxHeight` is for rows), `maxLines` counts columns.
    @Test("balance, fit and maxLines work on columns")
    func typesettingOnColumns() throws {
        let registry = try SystemFonts.registry(SystemFonts.notoSansCJK)
        let text = "東京は日本の首都です。人口は約千四百万人で、世界有数の大都市です。"  // 33 characters
        let column = Typography(family: .named("Noto Sans CJK JP"), fontSize: 16, lineHeight: 24, language: "ja")
            .writingMode(.verticalRightToLeft)
        let greedy = try TextLayout(text, typography: column, limits: LayoutLimits(height: 160), registry: registry)
        let balanced = try TextLayout(text, typography: column.textWrap(.balance), limits: LayoutLimits(height: 160),
                                      registry: registry)
        #expect(greedy.lines.count == 4 && balanced.lines.count == 4)
        let lengths = balanced.lineBoxes.map(\.height)
        #expect((lengths.max() ?? 0) - (lengths.min() ?? 0) < (greedy.lineBoxes.map(\.height).max() ?? 0)
                - (greedy.lineBoxes.map(\.height).min() ?? 0))
        let fitted = try TextLayout(text, typography: column, limits: LayoutLimits(width: 48, height: 160,
                                                                                    fit: TextFit(minimumFontSize: 4)),
                                    registry: registry)
        #expect(fitted.width <= 48 && fitted.typography.fontSize < 16 && !fitted.isTruncated)
        let two = try TextLayout(text, typography: column, limits: LayoutLimits(height: 160, maxLines: 2,
                                                                                 lineBreakMode: .byTruncatingTail),
                                 registry: registry)
        #expect(two.lines.count == 2 && two.isTruncated && two.width == 48)
    }
}
