import Foundation
import MatterType
import MatterTypeCards
import MatterTypeFigma
import MatterTypeWire
import Testing

/// Figma documents as designers send them (issue 58): the values real files carry that the six shared documents
/// did not, each in a small document written after the shape the real ones have.
@Suite("Figma files as designers send them")
struct FigmaDesignerFilesTests {
    /// The text layers of the frame `nodes` make (one page, its first node drawn), in document order.
    static func textLayers(_ nodes: String) throws -> [CardTextLayer] {
        let data = Data(#"{"name": "Test", "document": {"id": "0:0", "type": "DOCUMENT", "children": [{"id": "0:1", "type": "CANVAS", "children": [\#(nodes)]}]}}"#.utf8)
        let document = try FigmaDocument(data: data)
        let frame = try document.frame(document.topLevelNodes[0].id)
        func texts(_ layers: [CardLayer]) -> [CardTextLayer] {
            layers.flatMap { layer -> [CardTextLayer] in
                switch layer {
                case .text(let text): [text]
                case .frame(let frame): texts(frame.layers)
                case .rect, .image: []
                }
            }
        }
        return texts(frame.card.layers)
    }

    /// A text node whose style is `style` (JSON members), with Figma's box.
    static func text(_ id: String, style: String, extra: String = "") -> String {
        #"{"id": "\#(id)", "name": "t", "type": "TEXT", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 100, "height": 24}, "characters": "Label", "style": {"fontFamily": "Inter", "fontSize": 16, "lineHeightPx": 24, "lineHeightUnit": "PIXELS", "textAutoResize": "WIDTH_AND_HEIGHT", \#(style)}, "fills": [{"type": "SOLID", "color": {"r": 0, "g": 0, "b": 0, "a": 1}}]\#(extra)}"#
    }

    @Test("a text's face is its fontStyle, else the style of its PostScript name, else its fontWeight")
    func faceWithoutFontStyle() throws {
        // Shapes from real exports: no fontStyle at all (348 texts in 4 of 29 files), and a PostScript name that
        // says SemiBold beside fontWeight 400 (Figma draws SemiBold: its widths match SemiBold's).
        let styles = [
            #""fontPostScriptName": "Inter-Black", "fontWeight": 900"#,
            #""fontPostScriptName": "Inter-SemiBold", "fontWeight": 400"#,
            #""fontWeight": 700"#,
            #""fontPostScriptName": "Inter-BoldItalic", "fontWeight": 700"#,
            #""fontPostScriptName": "Inter", "fontWeight": 300"#,
            #""fontStyle": "Medium", "fontPostScriptName": "Inter-Bold", "fontWeight": 400"#,
            #""fontStyle": "Italic", "fontWeight": 400"#,
        ]
        let children = styles.enumerated().map { Self.text("1:\($0.offset + 2)", style: $0.element) }
        let layers = try Self.textLayers(#"{"id": "1:1", "name": "F", "type": "FRAME", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 400, "height": 400}, "children": [\#(children.joined(separator: ","))]}"#)
        #expect(layers.map(\.request.typography.weight) == [.black, .semibold, .bold, .bold, .light, .medium, .regular])
        #expect(layers.map { $0.request.typography.italic ?? false } == [false, false, false, true, false, false, true])
    }

    @Test("a character override's face follows the same rule")
    func overrideFace() throws {
        let layers = try Self.textLayers(Self.text("2:1", style: #""fontPostScriptName": "Inter-Regular", "fontWeight": 400"#,
                                                   extra: #", "characterStyleOverrides": [0, 0, 1, 1, 1], "styleOverrideTable": {"1": {"fontPostScriptName": "Inter-ExtraBold", "fontWeight": 400}}"#))
        let spans = try #require(layers.first?.request.spans)
        #expect(spans.map(\.text) == ["La", "bel"])
        #expect(spans.last?.style.weight == .extraBold)
    }

    @Test("leadingTrim CAP_HEIGHT trims the box to cap height and baseline; layoutVersion 0 is Figma's first layout")
    func leadingTrimAndFirstLayout() throws {
        // Shapes from a real export (finance-club, 201 trimmed texts, none in the published schema): "Join Us",
        // Nunito Sans SemiBold 14 px on 40, a box 10 high; and its texts of layoutVersion 0.
        let texts = [Self.text("4:2", style: #""fontStyle": "Regular", "leadingTrim": "CAP_HEIGHT""#),
                     Self.text("4:3", style: #""fontStyle": "Regular", "leadingTrim": "NONE""#, extra: #", "layoutVersion": 0"#),
                     Self.text("4:4", style: #""fontStyle": "Regular""#, extra: #", "layoutVersion": 5"#)]
        let layers = try Self.textLayers(#"{"id": "4:1", "name": "F", "type": "FRAME", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 400, "height": 400}, "children": [\#(texts.joined(separator: ","))]}"#)
        #expect(layers.map(\.request.typography.textBox) == [TextBox(trim: .both, over: .cap, under: .alphabetic), nil, nil])
        #expect(layers.map(\.request.limits.model) == [.figma, .figmaVersion0, .figma])
    }

    /// Every node's box of the document's first top-level node, by id: [x, y, width, height], and text line counts.
    static func boxes(_ nodes: String) throws -> [String: FigmaNodeBox] {
        let data = Data(#"{"name": "Test", "document": {"id": "0:0", "type": "DOCUMENT", "children": [{"id": "0:1", "type": "CANVAS", "children": [\#(nodes)]}]}}"#.utf8)
        let document = try FigmaDocument(data: data)
        let frame = try document.frame(document.topLevelNodes[0].id)
        let renderer = CardRenderer(registry: FontRegistry(includesSystemFonts: false))
        return Dictionary(uniqueKeysWithValues: try frame.nodeBoxes(renderer: renderer).map { ($0.id, $0) })
    }

    @Test("fill inside hug is hug: a FILL text alone in a HUG column is one line, and the column its width")
    func fillTextInHuggingColumn() throws {
        // The shape that broke a text after every letter (a FILL width, textAutoResize HEIGHT, in a HUG column).
        let text = Self.text("3:2", style: #""fontStyle": "Regular", "fontWeight": 400, "textAutoResize": "HEIGHT""#,
                             extra: #", "layoutSizingHorizontal": "FILL", "layoutSizingVertical": "HUG""#)
            .replacingOccurrences(of: #""textAutoResize": "WIDTH_AND_HEIGHT", "#, with: "")
        let boxes = try Self.boxes(#"{"id": "3:1", "name": "Column", "type": "FRAME", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 200, "height": 40}, "layoutMode": "VERTICAL", "layoutSizingHorizontal": "HUG", "layoutSizingVertical": "HUG", "paddingLeft": 8, "paddingRight": 8, "children": [\#(text)]}"#)
        let label = try #require(boxes["3:2"]), column = try #require(boxes["3:1"])
        #expect(label.lines == 1 && label.width > 30, "\(label)")
        #expect(column.width == label.width + 16 && column.height == 24)
    }

    @Test("fill inside hug is hug: children that all fill a HUG column size it by their own content")
    func allFillingChildren() throws {
        // As limbo-light-theme-06's "Image Card" (../shared/data/figma/pixels): a 168 px column of an image frame
        // and a copy frame, both FILL, whose content is 152 px wide; Figma's boxes: 168 and 152.
        let image = #"{"id": "4:2", "name": "image", "type": "FRAME", "layoutSizingHorizontal": "FILL", "layoutSizingVertical": "FIXED", "absoluteBoundingBox": {"x": 8, "y": 8, "width": 152, "height": 152}, "children": [{"id": "4:3", "name": "r", "type": "RECTANGLE", "absoluteBoundingBox": {"x": 8, "y": 8, "width": 152, "height": 152}}]}"#
        let copy = #"{"id": "4:4", "name": "copy", "type": "FRAME", "layoutMode": "VERTICAL", "layoutSizingHorizontal": "FILL", "layoutSizingVertical": "HUG", "absoluteBoundingBox": {"x": 8, "y": 168, "width": 152, "height": 24}, "children": [{"id": "4:5", "name": "b", "type": "RECTANGLE", "layoutSizingHorizontal": "FIXED", "layoutSizingVertical": "FIXED", "absoluteBoundingBox": {"x": 8, "y": 168, "width": 152, "height": 24}}]}"#
        let boxes = try Self.boxes(#"{"id": "4:1", "name": "Image Card", "type": "FRAME", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 168, "height": 200}, "layoutMode": "VERTICAL", "layoutSizingHorizontal": "HUG", "layoutSizingVertical": "HUG", "itemSpacing": 8, "paddingLeft": 8, "paddingRight": 8, "paddingTop": 8, "paddingBottom": 8, "children": [\#(image), \#(copy)]}"#)
        #expect(boxes["4:1"].map { [$0.width, $0.height] } == [168, 8 + 152 + 8 + 24 + 8])
        #expect(boxes["4:2"]?.width == 152 && boxes["4:4"]?.width == 152)
    }

    @Test("values Figma writes are read as Figma means them: a 0 line height, a negative gap, a pill's radius")
    func valuesFigmaWrites() throws {
        // lineHeightPx 0: Figma draws the glyphs, the box (all but) 0 high.
        let flat = Self.text("5:2", style: #""fontStyle": "Regular", "lineHeightPx": 0"#)
            .replacingOccurrences(of: #""lineHeightPx": 24, "#, with: "")
        let lines = try Self.boxes(#"{"id": "5:1", "name": "F", "type": "FRAME", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 300, "height": 100}, "children": [\#(flat)]}"#)
        let text = try #require(lines["5:2"])
        #expect(text.height <= 1 && (text.ink?.height ?? 0) > 5, "\(text)")
        // itemSpacing -10: the second rectangle overlaps the first by 10 points; the row hugs 40 + 40 - 10.
        func rect(_ id: String, _ extra: String = "") -> String {
            #"{"id": "\#(id)", "name": "r", "type": "RECTANGLE", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 40, "height": 20}, "fills": [{"type": "SOLID", "color": {"r": 1, "g": 0, "b": 0, "a": 1}}]\#(extra)}"#
        }
        let row = try Self.boxes(#"{"id": "6:1", "name": "Row", "type": "FRAME", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 70, "height": 20}, "layoutMode": "HORIZONTAL", "primaryAxisSizingMode": "AUTO", "counterAxisSizingMode": "AUTO", "itemSpacing": -10, "children": [\#(rect("6:2")), \#(rect("6:3"))]}"#)
        #expect(row["6:1"]?.width == 70 && row["6:3"]?.x == 30)
        // cornerRadius 16777200, Figma's "full": a pill, its corner pixel left unpainted.
        let document = try FigmaDocument(data: Data(#"{"name": "T", "document": {"id": "0:0", "type": "DOCUMENT", "children": [{"id": "0:1", "type": "CANVAS", "children": [\#(rect("7:1", #", "cornerRadius": 16777200"#))]}]}}"#.utf8))
        let image = try CardRenderer(registry: FontRegistry(includesSystemFonts: false))
            .image(of: try document.frame("7:1").card)
        #expect(image[0, 0].alpha == 0 && image[20, 10].alpha == 255)
    }

    @Test("frames nest as deep as Figma files do (20 and more levels)")
    func deepNesting() throws {
        var node = Self.text("8:99", style: #""fontStyle": "Regular""#)
        for level in 0..<24 {
            node = #"{"id": "8:\#(level)", "name": "f", "type": "FRAME", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 100, "height": 24}, "layoutMode": "VERTICAL", "primaryAxisSizingMode": "AUTO", "counterAxisSizingMode": "AUTO", "children": [\#(node)]}"#
        }
        let boxes = try Self.boxes(node)
        #expect(boxes.count == 25 && boxes["8:99"]?.lines == 1)
    }

    @Test("a fixed size less than the padding stays, its content centered past the padding, as Figma draws it")
    func fixedSizeUnderPadding() throws {
        // manual-login-version-9's "Input Area": 46 px high, 27 px of padding above and below, a 21 px text
        // centered; Figma's boxes: the frame 46 high, the text 12.5 px from its top ((46 - 21) / 2).
        let text = Self.text("9:2", style: #""fontStyle": "Regular", "lineHeightPx": 21"#)
            .replacingOccurrences(of: #""lineHeightPx": 24, "#, with: "")
        let boxes = try Self.boxes(#"{"id": "9:1", "name": "Input Area", "type": "FRAME", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 300, "height": 46}, "layoutMode": "HORIZONTAL", "layoutSizingHorizontal": "FIXED", "layoutSizingVertical": "FIXED", "counterAxisAlignItems": "CENTER", "paddingTop": 27, "paddingBottom": 27, "paddingLeft": 16, "paddingRight": 16, "children": [\#(text)]}"#)
        #expect(boxes["9:1"]?.height == 46)
        #expect(boxes["9:2"]?.y == 12.5 && boxes["9:2"]?.height == 21)
    }

    @Test("a line height every character overrides alike is the text's; set on some only, a warning names it")
    func lineHeightOnEveryCharacter() throws {
        // As dashboards export it: the style says 24, every character's override says 28 (Figma lays out at 28).
        let all = Self.text("10:2", style: #""fontStyle": "Regular""#,
                            extra: #", "characterStyleOverrides": [1, 1, 1, 1, 1], "styleOverrideTable": {"1": {"lineHeightPx": 28, "lineHeightUnit": "PIXELS"}}"#)
        let some = Self.text("10:3", style: #""fontStyle": "Regular""#,
                             extra: #", "characterStyleOverrides": [1, 1], "styleOverrideTable": {"1": {"lineHeightPx": 28, "lineHeightUnit": "PIXELS"}}"#)
        let data = Data(#"{"name": "Test", "document": {"id": "0:0", "type": "DOCUMENT", "children": [{"id": "0:1", "type": "CANVAS", "children": [{"id": "10:1", "name": "F", "type": "FRAME", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 300, "height": 100}, "children": [\#(all), \#(some)]}]}]}}"#.utf8)
        let document = try FigmaDocument(data: data)
        let frame = try document.frame("10:1")
        let boxes = Dictionary(uniqueKeysWithValues: try frame.nodeBoxes(renderer: CardRenderer(registry: FontRegistry(includesSystemFonts: false))).map { ($0.id, $0) })
        #expect(boxes["10:2"]?.height == 28 && boxes["10:3"]?.height == 24)
        #expect(frame.warnings.map(\.nodeID) == ["10:3"], "\(frame.warnings)")
    }

    @Test("larger characters under an Auto line height are named in a warning (Figma grows their lines)")
    func autoLineHeightWithLargerCharacters() throws {
        // The investor deck's (2019) "Q1\n2016": "Q1" overridden to 30 px over a 22 px Auto style; a smaller or
        // equal override, or a fixed line height, says nothing.
        func auto(_ text: String) -> String {
            text.replacingOccurrences(of: #""fontSize": 16, "lineHeightPx": 24, "lineHeightUnit": "PIXELS""#,
                                      with: #""fontSize": 22, "lineHeightUnit": "INTRINSIC_%", "lineHeightPercent": 100"#)
        }
        let style = #""fontStyle": "Regular""#
        let larger = auto(Self.text("16:2", style: style, extra: #", "characterStyleOverrides": [1, 1], "styleOverrideTable": {"1": {"fontSize": 30}}"#))
        let smaller = auto(Self.text("16:3", style: style, extra: #", "characterStyleOverrides": [1, 1], "styleOverrideTable": {"1": {"fontSize": 12}}"#))
        let fixed = Self.text("16:4", style: #""fontStyle": "Regular""#, extra: #", "characterStyleOverrides": [1, 1], "styleOverrideTable": {"1": {"fontSize": 30}}"#)
        let data = Data(#"{"name": "Test", "document": {"id": "0:0", "type": "DOCUMENT", "children": [{"id": "0:1", "type": "CANVAS", "children": [{"id": "16:1", "name": "F", "type": "FRAME", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 300, "height": 100}, "children": [\#(larger), \#(smaller), \#(fixed)]}]}]}}"#.utf8)
        let warnings = try FigmaDocument(data: data).frame("16:1").warnings
        #expect(warnings.map(\.nodeID) == ["16:2"], "\(warnings)")
        #expect(warnings.first?.message.contains("Auto line height") == true)
    }

    @Test("an error in a frame's card names the Figma node, not the converted card's layer path")
    func errorsNameTheNode() throws {
        let huge = Self.text("11:2", style: #""fontStyle": "Regular", "lineHeightPx": 20000"#)
            .replacingOccurrences(of: #""lineHeightPx": 24, "#, with: "")
        let data = Data(#"{"name": "Test", "document": {"id": "0:0", "type": "DOCUMENT", "children": [{"id": "0:1", "type": "CANVAS", "children": [{"id": "11:1", "name": "F", "type": "FRAME", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 300, "height": 100}, "children": [\#(huge)]}]}]}}"#.utf8)
        let frame = try FigmaDocument(data: data).frame("11:1")
        do throws(CardError) {
            _ = try CardRenderer(registry: FontRegistry(includesSystemFonts: false)).layout(of: frame.card)
            Issue.record("a line height of 20000 was laid out")
        } catch {
            #expect("\(error)".hasPrefix("layer 0, layer 0: "))
            #expect(frame.describe(error).hasPrefix(#"node 11:2 "t": "#), "\(frame.describe(error))")
            #expect(CardSource.figma(frame).describe(error) == frame.describe(error))
        }
    }

    @Test("figma --json without --node lays out every top-level node it can and lists the others under errors")
    func jsonKeepsGoing() throws {
        let good = #"{"id": "12:1", "name": "Good", "type": "FRAME", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 50, "height": 50}, "children": []}"#
        let bad = #"{"id": "13:1", "name": "Bad", "type": "FRAME", "absoluteBoundingBox": {"x": 100, "y": 0, "width": 300, "height": 100}, "children": [\#(Self.text("13:2", style: #""fontStyle": "Regular", "lineHeightPx": 20000"#).replacingOccurrences(of: #""lineHeightPx": 24, "#, with: ""))]}"#
        let folder = try TestSupport.scratchDirectory()
        let path = folder.appendingPathComponent("two.json").path
        try Data(#"{"name": "T", "document": {"id": "0:0", "type": "DOCUMENT", "children": [{"id": "0:1", "type": "CANVAS", "children": [\#(bad), \#(good)]}]}}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        let run = try CLIRun(["figma", path, "--json", "--no-system-fonts"])
        #expect(run.status == 0, "\(run.stderr)")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect((answer["nodes"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == ["12:1"])
        let errors = try #require(answer["errors"] as? [[String: String]])
        #expect(errors.map { $0["id"] } == ["13:1"] && errors.first?["message"]?.hasPrefix(#"node 13:2 "t": "#) == true,
                "\(errors)")
    }

    @Test("warnings are one line a kind, counted, the first nodes named, at most 25 lines")
    func warningSummary() throws {
        // 40 vectors saved without geometry=paths (as 25 of 29 real files were) and one text in a blend mode.
        let vectors = (0..<40).map { #"{"id": "14:\#($0 + 10)", "name": "Star", "type": "VECTOR", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 10, "height": 10}, "fills": [{"type": "SOLID", "color": {"r": 1, "g": 0, "b": 0, "a": 1}}]}"# }
        let blended = Self.text("14:2", style: #""fontStyle": "Regular""#)
            .replacingOccurrences(of: #""type": "TEXT""#, with: #""type": "TEXT", "blendMode": "MULTIPLY""#)
        let data = Data(#"{"name": "T", "document": {"id": "0:0", "type": "DOCUMENT", "children": [{"id": "0:1", "type": "CANVAS", "children": [{"id": "14:1", "name": "F", "type": "FRAME", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 300, "height": 100}, "children": [\#(blended), \#(vectors.joined(separator: ","))]}]}]}}"#.utf8)
        let frame = try FigmaDocument(data: data).frame("14:1")
        #expect(frame.warnings.count == 41)
        let lines = FigmaWarning.summary(frame.warnings)
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.first?.hasPrefix(#"node 14:2 "t": "#) == true)
        #expect(lines.last?.hasPrefix("40 nodes: ") == true && lines.last?.hasSuffix(#"node 14:10 "Star", node 14:11 "Star", node 14:12 "Star", …)"#) == true,
                "\(lines)")
        // Past the limit, the last line says how many kinds are left out.
        let kinds = try (0..<30).map { kind in
            try FigmaDocument(data: Data(#"{"name": "T", "document": {"id": "0:0", "type": "DOCUMENT", "children": [{"id": "0:1", "type": "CANVAS", "children": [{"id": "15:1", "name": "F", "type": "FRAME", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 10, "height": 10}, "children": [{"id": "15:2", "name": "e", "type": "FRAME", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 10, "height": 10}, "effects": [{"type": "KIND_\#(kind)", "visible": true}]}]}]}]}}"#.utf8)).frame("15:1").warnings
        }.flatMap { $0 }
        let capped = FigmaWarning.summary(kinds)
        #expect(kinds.count >= 30 && capped.count == 25 && capped.last?.hasPrefix("\(Set(kinds.map(\.message)).count - 24) more kinds") == true,
                "\(capped.suffix(2))")
    }

    /// A one-page document of `nodes`.
    static func document(_ nodes: String) throws -> FigmaDocument {
        try FigmaDocument(data: Data(#"{"name": "T", "document": {"id": "0:0", "type": "DOCUMENT", "children": [{"id": "0:1", "type": "CANVAS", "children": [\#(nodes)]}]}}"#.utf8))
    }

    @Test("a document is bounded by the work of laying it out, not by a count of its layers")
    func layersBoundedByWork() throws {
        // Real documents have 1,081, 1,103 and 2,726 layers; each here is a small rectangle in a wrapping row.
        let rects = (0..<2_800).map { #"{"id": "16:\#($0 + 10)", "name": "r", "type": "RECTANGLE", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 4, "height": 4}, "fills": [{"type": "SOLID", "color": {"r": 0, "g": 0, "b": 1, "a": 1}}]}"# }
        let frame = try Self.document(#"{"id": "16:1", "name": "Many", "type": "FRAME", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 400, "height": 400}, "layoutMode": "HORIZONTAL", "layoutWrap": "WRAP", "children": [\#(rects.joined(separator: ","))]}"#).frame("16:1")
        let renderer = CardRenderer(registry: FontRegistry(includesSystemFonts: false))
        #expect(try frame.nodeBoxes(renderer: renderer).count == 2_801)
        #expect(try renderer.image(of: frame.card).width == 400)
        // The same document against a renderer allowed less work: refused, naming the estimate and the setting.
        let frugal = CardRenderer(registry: FontRegistry(includesSystemFonts: false), maximumWork: 10_000_000)
        #expect(CardRenderer.layoutWork(of: frame.card) > 10_000_000)
        do {
            _ = try frugal.layout(of: frame.card)
            Issue.record("a card over the work allowed was laid out")
        } catch {
            #expect("\(error)".contains("laying out 2801 layers") && "\(error)".contains("--max-work"), "\(error)")
        }
    }

    @Test("a frame too large to draw still lays out, and drawing it names the scale that would fit")
    func largeFrame() throws {
        // The size of a real dashboard canvas: 29,474 × 11,323 points, 334 megapixels at 1x.
        let frame = try Self.document(#"{"id": "17:1", "name": "Board", "type": "FRAME", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 29474, "height": 11323}, "children": [{"id": "17:2", "name": "r", "type": "RECTANGLE", "absoluteBoundingBox": {"x": 10, "y": 10, "width": 40, "height": 40}}]}"#).frame("17:1")
        let renderer = CardRenderer(registry: FontRegistry(includesSystemFonts: false))
        #expect(try frame.nodeBoxes(renderer: renderer).map(\.id) == ["17:1", "17:2"])
        do {
            _ = try renderer.drawing(of: frame.card)
            Issue.record("a 334-megapixel frame was drawn")
        } catch {
            // √(100,000,000 / (29,474 × 11,323)) = 0.547: at 0.54, 15,916 × 6,115 pixels fit.
            #expect("\(error)".contains("0.54 times the size or scale would fit"), "\(error)")
        }
    }

    @Test("a frame is drawn at Figma's export bounds: its shadow and the content it does not clip included")
    func exportBounds() throws {
        // As limbo-light-theme-06 (../shared/data/figma/pixels): a 390 × 844 frame with a drop shadow of radius 24
        // and no offset, whose absoluteRenderBounds (Figma's) are 438 × 892, 24 points out on every side.
        let shadowed = try Self.document(#"{"id": "18:1", "name": "Screen", "type": "FRAME", "clipsContent": true, "absoluteBoundingBox": {"x": 1323, "y": -359, "width": 390, "height": 844}, "fills": [{"type": "SOLID", "color": {"r": 1, "g": 1, "b": 1, "a": 1}}], "effects": [{"type": "DROP_SHADOW", "visible": true, "radius": 24, "offset": {"x": 0, "y": 0}, "color": {"r": 0, "g": 0, "b": 0, "a": 0.25}}], "children": [{"id": "18:2", "name": "spill", "type": "RECTANGLE", "absoluteBoundingBox": {"x": 1323, "y": 400, "width": 390, "height": 200}}]}"#).frame("18:1")
        #expect([shadowed.card.width, shadowed.card.height] == [438, 892])
        #expect([shadowed.card.layers[0].box.x, shadowed.card.layers[0].box.y] == [24, 24])
        let renderer = CardRenderer(registry: FontRegistry(includesSystemFonts: false))
        let boxes = try shadowed.nodeBoxes(renderer: renderer)
        #expect(boxes.first.map { [$0.x, $0.y, $0.width, $0.height] } == [1323, -359, 390, 844])
        // Not clipping, the frame's export takes in a child hanging 30 points below it and an outside stroke of 4.
        let spilling = try Self.document(#"{"id": "19:1", "name": "Card", "type": "FRAME", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 100, "height": 100}, "strokes": [{"type": "SOLID", "color": {"r": 0, "g": 0, "b": 0, "a": 1}}], "strokeWeight": 4, "strokeAlign": "OUTSIDE", "children": [{"id": "19:2", "name": "badge", "type": "RECTANGLE", "absoluteBoundingBox": {"x": 20, "y": 80, "width": 40, "height": 50}, "fills": [{"type": "SOLID", "color": {"r": 1, "g": 0, "b": 0, "a": 1}}]}]}"#).frame("19:1")
        #expect([spilling.card.width, spilling.card.height] == [108, 134])
        let image = try renderer.image(of: spilling.card)
        #expect([image.width, image.height] == [108, 134] && image[40, 132].red == 255)
    }

    @Test("--scale, --width and --height size what card, figma and batch draw; --width and --height fit inside both")
    func sizeOptions() throws {
        let folder = try TestSupport.scratchDirectory()
        let figma = folder.appendingPathComponent("frame.json").path
        // A 1,549 × 944 frame, as a real dashboard's, made a 1,200-wide og:image or fitted into 1,200 × 630.
        try Data(#"{"name": "T", "document": {"id": "0:0", "type": "DOCUMENT", "children": [{"id": "0:1", "type": "CANVAS", "children": [{"id": "22:1", "name": "Dashboard", "type": "FRAME", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 1549, "height": 944}, "fills": [{"type": "SOLID", "color": {"r": 0, "g": 0.5, "b": 1, "a": 1}}]}]}]}}"#.utf8)
            .write(to: URL(fileURLWithPath: figma))
        let card = folder.appendingPathComponent("card.json").path
        try Data(##"{"width": 600, "height": 315, "scale": 1, "background": "#102030", "layers": []}"##.utf8)
            .write(to: URL(fileURLWithPath: card))
        func size(_ arguments: [String]) throws -> [Int] {
            let output = folder.appendingPathComponent("out.png").path
            let run = try CLIRun(arguments + ["-o", output, "--no-system-fonts"])
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            let image = try #require(PNGDecoder.decode(try Data(contentsOf: URL(fileURLWithPath: output))))
            return [image.width, image.height]
        }
        // 1,549 × 944 at 1200/1549: 1,200 × 731.3, rounded up; fitted into 1,200 × 630: 630/944, 1,033.7 → 1,034.
        #expect(try size(["figma", figma, "--width", "1200"]) == [1200, 732])
        #expect(try size(["figma", figma, "--width", "1200", "--height", "630"]) == [1034, 630])
        #expect(try size(["figma", figma, "--scale", "0.5"]) == [775, 472])
        #expect(try size(["card", card, "--scale", "2"]) == [1200, 630])
        #expect(try size(["card", card, "--height", "100"]) == [191, 100])
        let both = try CLIRun(["card", card, "--scale", "2", "--width", "10", "-o", folder.appendingPathComponent("x.png").path])
        #expect(both.status != 0 && both.stderr.contains("--scale or --width/--height"), "\(both.stderr)")
        // batch: every row's card at the size asked for.
        let rows = folder.appendingPathComponent("rows.csv").path
        try Data("slug\na\nb\n".utf8).write(to: URL(fileURLWithPath: rows))
        let batch = try CLIRun(["batch", card, "--values", rows, "--out", folder.path + "/{{slug}}.png", "--width", "300",
                                "--no-system-fonts"])
        #expect(batch.status == 0, "\(batch.stderr)")
        let drawn = try #require(PNGDecoder.decode(try Data(contentsOf: folder.appendingPathComponent("b.png"))))
        #expect(drawn.width == 300 && drawn.height == 158, "\(drawn.width) × \(drawn.height)")
    }

    @Test("a GRID frame lays its children out in its tracks, as CSS grid does")
    func gridLayout() throws {
        // Expected boxes: CSS grid by hand — three minmax(0, 1fr) columns of (400 − 2 × 10 − 2 × 12) / 3 = 118.667,
        // rows as tall as their tallest child — confirmed by Chromium 156 (`chromium --headless --dump-dom` of a
        // <div style="display:grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 8px 12px; padding: 10px">
        // with the five children placed, justify-self/align-self as Figma's child alignments): a 10,10,118.656,30;
        // b 174.984,10; c 271.328,10,118.656,50; d 10,68; e 369.984,78 (its layout unit is 1/64 px).
        func rect(_ id: String, _ row: Int, _ column: Int, _ size: (Double, Double), _ extra: String = "") -> String {
            #"{"id": "\#(id)", "name": "r", "type": "RECTANGLE", "absoluteBoundingBox": {"x": 0, "y": 0, "width": \#(size.0), "height": \#(size.1)}, "gridRowAnchorIndex": \#(row), "gridColumnAnchorIndex": \#(column), "fills": [{"type": "SOLID", "color": {"r": 1, "g": 0, "b": 0, "a": 1}}]\#(extra)}"#
        }
        let children = [
            rect("24:2", 0, 0, (10, 30), #", "layoutSizingHorizontal": "FILL", "layoutSizingVertical": "FIXED""#),
            rect("24:3", 0, 1, (50, 50), #", "gridChildHorizontalAlign": "CENTER", "gridChildVerticalAlign": "CENTER""#),
            rect("24:4", 0, 2, (10, 10), #", "layoutSizingHorizontal": "FILL", "layoutSizingVertical": "FILL""#),
            rect("24:5", 1, 0, (40, 20)),
            rect("24:6", 1, 2, (20, 10), #", "gridChildHorizontalAlign": "MAX", "gridChildVerticalAlign": "MAX""#),
        ]
        let boxes = try Self.boxes(#"{"id": "24:1", "name": "Grid", "type": "FRAME", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 400, "height": 300}, "layoutMode": "GRID", "layoutSizingHorizontal": "FIXED", "layoutSizingVertical": "HUG", "paddingLeft": 10, "paddingRight": 10, "paddingTop": 10, "paddingBottom": 10, "gridRowCount": 2, "gridColumnCount": 3, "gridColumnsSizing": "repeat(3, minmax(0, 1fr))", "gridRowGap": 8, "gridColumnGap": 12, "children": [\#(children.joined(separator: ","))]}"#)
        func rounded(_ id: String) -> [Double]? {
            boxes[id].map { [$0.x, $0.y, $0.width, $0.height].map { ($0 * 1_000).rounded() / 1_000 } }
        }
        #expect(rounded("24:1") == [0, 0, 400, 98])
        #expect(rounded("24:2") == [10, 10, 118.667, 30])
        #expect(rounded("24:3") == [175, 10, 50, 50])
        #expect(rounded("24:4") == [271.333, 10, 118.667, 50])
        #expect(rounded("24:5") == [10, 68, 40, 20])
        #expect(rounded("24:6") == [370, 78, 20, 10])
        // A fixed track and repeat(): 100 px, then (340 − 100) / 2 each.
        let fill = #", "layoutSizingHorizontal": "FILL", "layoutSizingVertical": "FIXED""#
        let tracks = try Self.boxes(#"{"id": "25:1", "name": "Grid", "type": "FRAME", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 340, "height": 10}, "layoutMode": "GRID", "gridColumnsSizing": "100px repeat(2, 1fr)", "children": [\#(rect("25:2", 0, 0, (1, 10), fill)), \#(rect("25:3", 0, 1, (1, 10), fill)), \#(rect("25:4", 0, 2, (1, 10), fill))]}"#)
        #expect(["25:2", "25:3", "25:4"].map { tracks[$0].map { [$0.x, $0.width] } } == [[0, 100], [100, 120], [220, 120]])
        // Unequal shares and spans, by CSS Grid's rules by hand and confirmed by Chromium 156 (the same grid as a
        // <div style="display:grid; grid-template-columns: minmax(0, 2fr) minmax(0, 1fr)">): 2fr 1fr of 300 are
        // 200 and 100; a child spanning both columns is 300 wide; the 40-high child spanning rows 1 and 2 finds
        // row 1 at its most (its own 10-high child's), so what it lacks (30) goes to row 2: rows 10, 10, 30.
        let uneven = try Self.boxes(#"{"id": "26:1", "name": "Grid", "type": "FRAME", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 300, "height": 10}, "layoutMode": "GRID", "layoutSizingVertical": "HUG", "gridColumnsSizing": "2fr 1fr", "children": [\#(rect("26:2", 0, 0, (1, 10), fill + #", "gridColumnSpan": 2"#)), \#(rect("26:3", 1, 1, (1, 10), fill)), \#(rect("26:4", 1, 0, (5, 40), #", "gridRowSpan": 2"#))]}"#)
        #expect(uneven["26:2"].map { [$0.x, $0.width] } == [0, 300])
        #expect(uneven["26:3"].map { [$0.x, $0.y, $0.width] } == [200, 10, 100])
        #expect(uneven["26:1"].map(\.height) == 50)
        // A kilobyte asking for 1,000 × 1,000 cells (once 57 s and 5 GB): its children keep their places, warned.
        let huge = try Self.document(#"{"id": "26:5", "name": "Grid", "type": "FRAME", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 400, "height": 400}, "layoutMode": "GRID", "gridRowCount": 1000, "gridColumnsSizing": "repeat(1000, 1fr)", "children": [\#(rect("26:6", 999, 999, (4, 4)))]}"#).frame("26:5")
        #expect(huge.warnings.map(\.message) == ["a grid of 1000 × 1000 cells keeps its children at their places (at most 4096 cells are laid out)"])
        #expect(try huge.nodeBoxes(renderer: CardRenderer(registry: FontRegistry(includesSystemFonts: false))).count == 2)
    }

    @Test("families no font has are summed up: each family, its text nodes, and what to do")
    func fontFallbackSummary() throws {
        let texts = ["27:2", "27:3", "27:4", "27:5", "27:6"].enumerated().map { index, id in
            Self.text(id, style: #""fontStyle": "Regular""#)
                .replacingOccurrences(of: #""fontFamily": "Inter""#, with: index == 4 ? #""fontFamily": "Noto Sans""# : #""fontFamily": "Nope Sans""#)
        }
        let frame = try Self.document(#"{"id": "27:1", "name": "F", "type": "FRAME", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 300, "height": 300}, "children": [\#(texts.joined(separator: ","))]}"#).frame("27:1")
        let fallbacks = frame.fontFallbacks(in: FontRegistry(includesSystemFonts: false))
        #expect(fallbacks.map(\.family) == ["Nope Sans"])
        #expect(fallbacks.first?.nodes.count == 4 && fallbacks.first?.replacement == "Noto Sans")
        #expect(FigmaFontFallback.summary(fallbacks) == #"fonts not installed: Nope Sans for 4 text nodes (node 27:2 "t", node 27:3 "t", node 27:4 "t", …; drawn in Noto Sans); install them or give --font-dir"#)
        #expect(FigmaFontFallback.summary([]) == nil)
    }

    @Test("a boolean operation's box is its result's, not its operands' union")
    func booleanBox() throws {
        // As meditation/choose_topic (Fixtures/figma/documents): an INTERSECT of a 51.7-high vector and a 167-high
        // rectangle is 51.7 high in Figma's box; its group is as tall as that, not the rectangle.
        let operands = #"[{"id": "28:3", "name": "v", "type": "VECTOR", "absoluteBoundingBox": {"x": -1, "y": 10, "width": 180, "height": 52}}, {"id": "28:4", "name": "r", "type": "RECTANGLE", "absoluteBoundingBox": {"x": 0, "y": -34, "width": 176, "height": 167}}]"#
        let boxes = try Self.boxes(#"{"id": "28:1", "name": "G", "type": "GROUP", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 176, "height": 62}, "children": [{"id": "28:5", "name": "top", "type": "RECTANGLE", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 20, "height": 20}}, {"id": "28:2", "name": "Intersect", "type": "BOOLEAN_OPERATION", "booleanOperation": "INTERSECT", "absoluteBoundingBox": {"x": 0, "y": 10, "width": 176, "height": 52}, "children": \#(operands)}]}"#)
        #expect(boxes["28:2"].map { [$0.x, $0.y, $0.width, $0.height] } == [0, 10, 176, 52])
        #expect(boxes["28:1"].map { [$0.width, $0.height] } == [176, 62])
    }

    @Test("wrapped lines spaced between (counterAxisAlignContent SPACE_BETWEEN) share the frame's height")
    func wrappedLinesSpacedBetween() throws {
        // A 200 × 150 wrapping row of three 120 × 20 rectangles: one a line; 150 − 3 × 20 = 90 left, 45 between
        // (CSS align-content: space-between gives the same; Chromium agrees on the generated trees).
        let rects = (2...4).map { #"{"id": "29:\#($0)", "name": "r", "type": "RECTANGLE", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 120, "height": 20}}"# }
        let boxes = try Self.boxes(#"{"id": "29:1", "name": "Wrap", "type": "FRAME", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 200, "height": 150}, "layoutMode": "HORIZONTAL", "layoutWrap": "WRAP", "primaryAxisSizingMode": "FIXED", "counterAxisSizingMode": "FIXED", "counterAxisSpacing": 8, "counterAxisAlignContent": "SPACE_BETWEEN", "children": [\#(rects.joined(separator: ","))]}"#)
        #expect(["29:2", "29:3", "29:4"].map { boxes[$0]?.y } == [0, 65, 130])
    }
}
