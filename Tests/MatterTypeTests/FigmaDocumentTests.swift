import Foundation
import MatterType
import MatterTypeCards
@testable import MatterTypeFigma
import Testing

/// Figma documents in (MatterTypeFigma): small documents written here for each node, layout and sizing kind, and
/// the shared real documents (../shared/data/figma/frames, when present) laid out from what their designers set.
@Suite("Figma documents")
struct FigmaDocumentTests {
    let renderer = CardRenderer(registry: FontRegistry(includesSystemFonts: false))

    /// A file response with one page holding `nodes` (JSON objects).
    func document(_ nodes: String) throws -> FigmaDocument {
        try FigmaDocument(data: Data(#"{"name": "Test", "document": {"id": "0:0", "type": "DOCUMENT", "children": [{"id": "0:1", "type": "CANVAS", "children": [\#(nodes)]}]}}"#.utf8))
    }

    /// Every node's box of the document's first top-level node, by id: [x, y, width, height].
    func boxes(_ document: FigmaDocument, values: [String: String] = [:]) throws -> [String: [Double]] {
        let frame = try document.frame(document.topLevelNodes[0].id)
        let boxes = try frame.nodeBoxes(values: values, renderer: renderer)
        return Dictionary(uniqueKeysWithValues: boxes.map { ($0.id, [$0.x, $0.y, $0.width, $0.height]) })
    }

    static func box(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> String {
        #""absoluteBoundingBox": {"x": \#(x), "y": \#(y), "width": \#(width), "height": \#(height)}"#
    }

    static func text(_ id: String, _ characters: String, resize: String = "WIDTH_AND_HEIGHT", width: Double = 10,
                     extra: String = "") -> String {
        #"{"id": "\#(id)", "name": "t", "type": "TEXT", \#(box(0, 0, width, 10)), "characters": "\#(characters)", "style": {"fontFamily": "Noto Sans", "fontStyle": "Regular", "fontWeight": 400, "fontSize": 16, "lineHeightPx": 24, "lineHeightUnit": "PIXELS", "textAutoResize": "\#(resize)", "letterSpacing": 0}, "fills": [{"type": "SOLID", "color": {"r": 0, "g": 0, "b": 0, "a": 1}}]\#(extra)}"#
    }

    @Test("a hugging row: padding, item spacing, a fixed child and a hugging text; positions in Figma's coordinates")
    func huggingRow() throws {
        let doc = try document(#"""
            {"id": "1:1", "name": "Row", "type": "FRAME", \#(Self.box(100, 50, 999, 999)), "layoutMode": "HORIZONTAL",
             "primaryAxisSizingMode": "AUTO", "counterAxisSizingMode": "AUTO", "itemSpacing": 8, "paddingLeft": 12,
             "paddingRight": 12, "paddingTop": 6, "paddingBottom": 6, "counterAxisAlignItems": "CENTER",
             "children": [{"id": "1:2", "name": "Icon", "type": "RECTANGLE", \#(Self.box(0, 0, 20, 20)),
                           "fills": [{"type": "SOLID", "color": {"r": 1, "g": 0, "b": 0, "a": 1}}]},
                          \#(Self.text("1:3", "Label"))]}
            """#)
        let laidOut = try boxes(doc)
        let text = try #require(laidOut["1:3"])
        // Figma's text model: an auto-width box is its line's advance rounded up to a whole pixel, 24 px high.
        #expect(text[2] == text[2].rounded(.up) && text[3] == 24)
        #expect(laidOut["1:1"] == [100, 50, 12 + 20 + 8 + text[2] + 12, 36])
        #expect(laidOut["1:2"] == [112, 58, 20, 20])
        #expect(text[0] == 140 && text[1] == 56)
    }

    @Test("FILL shares a fixed row; STRETCH (or FILL across) takes the column's width even where the column hugs")
    func fillAndStretch() throws {
        let doc = try document(#"""
            {"id": "2:1", "name": "Column", "type": "FRAME", \#(Self.box(0, 0, 999, 999)), "layoutMode": "VERTICAL",
             "layoutSizingHorizontal": "HUG", "layoutSizingVertical": "HUG", "itemSpacing": 10,
             "children": [
               {"id": "2:2", "name": "Row", "type": "FRAME", \#(Self.box(0, 0, 300, 40)), "layoutMode": "HORIZONTAL",
                "primaryAxisSizingMode": "FIXED", "counterAxisSizingMode": "FIXED", "itemSpacing": 20,
                "children": [{"id": "2:3", "name": "a", "type": "RECTANGLE", \#(Self.box(0, 0, 1, 10)), "layoutGrow": 1},
                             {"id": "2:4", "name": "b", "type": "RECTANGLE", \#(Self.box(0, 0, 1, 10)),
                              "layoutSizingHorizontal": "FILL"},
                             {"id": "2:5", "name": "c", "type": "RECTANGLE", \#(Self.box(0, 0, 60, 10)),
                              "layoutAlign": "STRETCH"}]},
               {"id": "2:6", "name": "Button", "type": "FRAME", \#(Self.box(0, 0, 5, 30)), "layoutMode": "HORIZONTAL",
                "layoutSizingHorizontal": "FILL", "layoutSizingVertical": "FIXED", "primaryAxisAlignItems": "CENTER",
                "counterAxisAlignItems": "CENTER", "children": [\#(Self.text("2:7", "Go"))]}]}
            """#)
        let laidOut = try boxes(doc)
        #expect(laidOut["2:1"] == [0, 0, 300, 80])
        #expect(laidOut["2:3"] == [0, 0, 100, 10] && laidOut["2:4"] == [120, 0, 100, 10])
        #expect(laidOut["2:5"] == [240, 0, 60, 40])
        #expect(laidOut["2:6"] == [0, 50, 300, 30])
        let label = try #require(laidOut["2:7"])
        #expect(abs(label[0] - (300 - label[2]) / 2) < 1e-9 && label[1] == 53)
    }

    @Test("frames without Auto Layout keep children where the designer put them; groups hug; absolute children")
    func placesAndGroups() throws {
        let doc = try document(#"""
            {"id": "3:1", "name": "Card", "type": "FRAME", \#(Self.box(-50, -20, 400, 300)), "children": [
              {"id": "3:2", "name": "Group", "type": "GROUP", \#(Self.box(-30, 10, 999, 999)), "children": [
                {"id": "3:3", "name": "r", "type": "RECTANGLE", \#(Self.box(-30, 10, 40, 40))},
                {"id": "3:4", "name": "e", "type": "ELLIPSE", \#(Self.box(20, 30, 50, 50))}]},
              {"id": "3:5", "name": "hidden", "type": "RECTANGLE", "visible": false, \#(Self.box(0, 0, 10, 10))},
              {"id": "3:6", "name": "Stack", "type": "FRAME", \#(Self.box(100, 100, 200, 100)), "layoutMode": "VERTICAL",
               "primaryAxisSizingMode": "FIXED", "counterAxisSizingMode": "FIXED", "children": [
                 {"id": "3:7", "name": "badge", "type": "RECTANGLE", "layoutPositioning": "ABSOLUTE",
                  \#(Self.box(270, 90, 20, 20))},
                 {"id": "3:8", "name": "first", "type": "RECTANGLE", \#(Self.box(0, 0, 50, 10))}]}]}
            """#)
        let laidOut = try boxes(doc)
        #expect(laidOut["3:2"] == [-30, 10, 100, 70])
        #expect(laidOut["3:3"] == [-30, 10, 40, 40] && laidOut["3:4"] == [20, 30, 50, 50])
        #expect(laidOut["3:5"] == nil)
        #expect(laidOut["3:7"] == [270, 90, 20, 20] && laidOut["3:8"] == [100, 100, 50, 10])
    }

    @Test("constraints: a longer {{title}} widens a filling frame without Auto Layout; its children follow as pinned")
    func constraintsFollowATemplate() throws {
        // A hugging column: a title, then a banner that fills its width and has no Auto Layout, holding a badge
        // pinned right, a bar pinned left and right, a dot centered and a tile scaled. Figma's rules (Help Center,
        // "Apply constraints to define how layers resize"): RIGHT keeps the distance to the right edge, LEFT_RIGHT
        // both distances (the width changes), CENTER the offset from the middle, SCALE the share of the width.
        func child(_ id: String, _ x: Double, _ width: Double, _ horizontal: String) -> String {
            #"{"id": "\#(id)", "name": "\#(horizontal)", "type": "RECTANGLE", \#(Self.box(x, 40, width, 10)), "constraints": {"horizontal": "\#(horizontal)", "vertical": "TOP"}}"#
        }
        let doc = try document(#"""
            {"id": "9:1", "name": "Card", "type": "FRAME", \#(Self.box(0, 0, 999, 999)), "layoutMode": "VERTICAL",
             "layoutSizingHorizontal": "HUG", "layoutSizingVertical": "HUG",
             "children": [\#(Self.text("9:2", "{{title}}")),
               {"id": "9:3", "name": "Banner", "type": "FRAME", \#(Self.box(0, 24, 999, 40)),
                "layoutSizingHorizontal": "FILL", "layoutSizingVertical": "FIXED", "children": [
                  \#(child("9:4", 999 - 30, 20, "RIGHT")), \#(child("9:5", 10, 999 - 20, "LEFT_RIGHT")),
                  \#(child("9:6", 10, 20, "CENTER")), \#(child("9:7", 20, 10, "SCALE")),
                  \#(child("9:8", 10, 20, "LEFT"))]}]}
            """#)
        func laidOut(_ values: [String: String]) throws -> [String: [Double]] {
            let frame = try doc.frame("9:1", renderer: renderer)
            let boxes = try frame.nodeBoxes(values: values, renderer: renderer)
            return Dictionary(uniqueKeysWithValues: boxes.map { ($0.id, [$0.x, $0.y, $0.width, $0.height]) })
        }
        // As designed, the banner is as wide as "{{title}}" and its children where the file puts them (the
        // file's banner was 999 wide: its own size is what the layout makes of it, the design size).
        let designed = try laidOut([:])
        let short = try #require(designed["9:3"])[2]
        let long = try laidOut(["title": "A title three times as long as the placeholder"])
        let wide = try #require(long["9:3"])[2], grown = wide - short
        #expect(grown > 100)
        #expect(long["9:4"]?[0] == designed["9:4"].map { $0[0] + grown })
        #expect(long["9:5"]?[2] == designed["9:5"].map { $0[2] + grown })
        #expect(long["9:6"]?[0] == designed["9:6"].map { $0[0] + grown / 2 })
        let scaled = try #require(long["9:7"])
        #expect(abs(scaled[0] - 20 * wide / short) < 1e-9 && abs(scaled[2] - 10 * wide / short) < 1e-9)
        #expect(long["9:8"] == designed["9:8"])
    }

    @Test("a {{title}} in a text node is a placeholder: a longer value wraps the fixed-width text and grows its frame")
    func templateReflows() throws {
        let doc = try document(#"""
            {"id": "4:1", "name": "Notification", "type": "FRAME", \#(Self.box(0, 0, 240, 10)),
             "layoutMode": "VERTICAL", "primaryAxisSizingMode": "AUTO", "counterAxisSizingMode": "FIXED",
             "paddingTop": 16, "paddingBottom": 16, "itemSpacing": 4,
             "children": [\#(Self.text("4:2", "{{title}}", resize: "HEIGHT", width: 240)),
                          {"id": "4:3", "name": "bar", "type": "RECTANGLE", \#(Self.box(0, 0, 240, 4))}]}
            """#)
        let short = try boxes(doc, values: ["title": "Hello"])
        let long = try boxes(doc, values: ["title": "A much longer title that cannot fit on one line of this card at all"])
        #expect(short["4:2"]?[3] == 24 && short["4:1"]?[3] == 16 + 24 + 4 + 4 + 16)
        let lines = try #require(try doc.frame("4:1").nodeBoxes(values: ["title": String(repeating: "word ", count: 20)],
                                                                 renderer: renderer).first { $0.id == "4:2" }?.lines)
        #expect(lines > 2)
        #expect(try #require(long["4:2"])[3] == 48 && long["4:3"]?[1] == 16 + 48 + 4)
        #expect { try doc.frame("4:1").card(values: [:]) } throws: { "\($0)" == "no value for {{title}}" }
    }

    @Test("what is not drawn as Figma draws it is named in a warning, and still laid out")
    func warnings() throws {
        let doc = try document(#"""
            {"id": "5:1", "name": "F", "type": "FRAME", \#(Self.box(0, 0, 100, 100)),
             "effects": [{"type": "LAYER_BLUR", "radius": 4}, {"type": "BACKGROUND_BLUR", "radius": 10},
                         {"type": "INNER_SHADOW", "radius": 6, "offset": {"x": 2, "y": 3}, "spread": 1,
                          "color": {"r": 0, "g": 0, "b": 0, "a": 0.5}}],
             "children": [{"id": "5:2", "name": "Star", "type": "STAR", \#(Self.box(10, 10, 20, 20)),
                           "fills": [{"type": "SOLID", "color": {"r": 1, "g": 0, "b": 0, "a": 1}}]},
                          {"id": "5:3", "name": "Slice", "type": "SLICE", \#(Self.box(0, 0, 5, 5))},
                          \#(Self.text("5:4", "Turned", extra: #", "relativeTransform": [[-1, 0, 10], [0, 1, 0]]"#))]}
            """#)
        let frame = try doc.frame("5:1")
        let messages = frame.warnings.map(\.description)
        #expect(!messages.contains { $0.contains("BLUR") })
        // The layer blur blurs the frame as one group; the inner shadow falls inside it; the background blur, with
        // no fill to be seen through, shows nothing (as in Figma).
        guard case .frame(let drawn) = frame.card.layers[0] else {
            Issue.record("not a frame")
            return
        }
        #expect(drawn.blur == 4 && drawn.backgroundBlur == 0)
        #expect(drawn.shadows == [CardBoxShadow(x: 2, y: 3, blur: 6, spread: 1, color: Color(red: 0, green: 0, blue: 0,
                                                                                             alpha: 128), isInset: true)])
        #expect(messages.contains { $0.contains("5:3") && $0.contains("SLICE") })
        #expect(messages.contains { $0.contains("5:4") && $0.contains("flipped or skewed text") })
        #expect(try boxes(doc)["5:2"] == [10, 10, 20, 20])
        _ = try renderer.encoded(frame.card)
    }

    @Test("bad documents are one-line errors saying what is wrong")
    func errors() throws {
        #expect(throws: FigmaError.self) { try FigmaDocument(data: Data("not json".utf8)) }
        do {
            _ = try FigmaDocument(data: Data(#"{"document": {"id": "0:0", "type": "DOCUMENT", "children": 3}}"#.utf8))
            Issue.record("a number of children was read")
        } catch {
            #expect(error.description.contains("children"))
        }
        do {
            _ = try FigmaDocument(data: Data(#"{"hello": 1}"#.utf8))
            Issue.record("an object that is no Figma response was read")
        } catch {
            #expect(error.description.contains("GET /v1/files"))
        }
        #expect(throws: FigmaError.unknownNode("9:9", topLevel: [])) { try document("").frame("9:9") }
        // The nodes to choose from are named in the message, in no interface's words (the CLI's --node, the
        // server's ?node= and the playground's field all read it).
        let two = try document(#"{"id": "1:2", "name": "Card", "type": "FRAME", \#(Self.box(0, 0, 10, 10))}, "#
                               + #"{"id": "1:3", "name": "Old", "type": "FRAME", "visible": false, \#(Self.box(0, 0, 10, 10))}"#)
        #expect(throws: FigmaError.unknownNode("9:9", topLevel: [#"1:2 "Card""#, #"1:3 "Old" (hidden)"#])) {
            try two.frame("9:9")
        }
        #expect(FigmaError.unknownNode("9:9", topLevel: [#"1:2 "Card""#]).description
                == #"the document has no node 9:9; its top-level nodes: 1:2 "Card""#)
        // A /nodes response, wrapped as some tools store it.
        let nodes = try FigmaDocument(data: Data(#"{"default": {"nodes": {"7:1": {"document": {"id": "7:1", "name": "N", "type": "FRAME", \#(Self.box(0, 0, 10, 10))}}}}}"#.utf8))
        #expect(nodes.topLevelNodes.map(\.id) == ["7:1"])
    }

    /// The first top-level node drawn.
    func image(_ document: FigmaDocument) throws -> RGBAImage {
        try renderer.image(of: try document.frame(document.topLevelNodes[0].id).card)
    }

    static let white = RGBAImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255)
    static let red = RGBAImage.Pixel(red: 255, green: 0, blue: 0, alpha: 255)
    static let blue = RGBAImage.Pixel(red: 0, green: 0, blue: 255, alpha: 255)
    static let solidRed = #"{"type": "SOLID", "color": {"r": 1, "g": 0, "b": 0, "a": 1}}"#
    static let solidBlue = #"{"type": "SOLID", "color": {"r": 0, "g": 0, "b": 1, "a": 1}}"#
    static let solidWhite = #"{"type": "SOLID", "color": {"r": 1, "g": 1, "b": 1, "a": 1}}"#

    @Test("vectors draw their path data: even-odd holes, stroke geometry, a boolean operation's result and not its operands")
    func vectors() throws {
        let doc = try document(#"""
            {"id": "6:1", "name": "F", "type": "FRAME", \#(Self.box(0, 0, 100, 60)), "fills": [\#(Self.solidWhite)],
             "children": [
               {"id": "6:2", "name": "Ring", "type": "VECTOR", \#(Self.box(5, 5, 40, 40)), "fills": [\#(Self.solidRed)],
                "fillGeometry": [{"path": "M0 0H40V40H0Z M10 10V30H30V10Z", "windingRule": "EVENODD"}],
                "strokes": [\#(Self.solidBlue)], "strokeWeight": 2, "strokeAlign": "OUTSIDE",
                "strokeGeometry": [{"path": "M-2 -2H42V0H-2Z", "windingRule": "NONZERO"}]},
               {"id": "6:3", "name": "Union", "type": "BOOLEAN_OPERATION", \#(Self.box(50, 0, 40, 40)),
                "fills": [\#(Self.solidBlue)], "fillGeometry": [{"path": "M0 0H20V20H0Z", "windingRule": "NONZERO"}],
                "children": [{"id": "6:4", "name": "a", "type": "RECTANGLE", \#(Self.box(50, 0, 40, 40)),
                              "fills": [\#(Self.solidRed)]}]}]}
            """#)
        let image = try image(doc)
        #expect(image[10, 10] == Self.red && image[25, 25] == Self.white && image[25, 50] == Self.white)
        #expect(image[25, 3] == Self.blue && image[25, 6] == Self.red)  // Figma's outlined stroke, where it puts it
        #expect(image[55, 5] == Self.blue && image[80, 30] == Self.white)  // the operand (red, 40 × 40) is not drawn
        #expect(try boxes(doc)["6:4"] == [50, 0, 40, 40])  // but is laid out
    }

    @Test("ellipses, lines and outside or centered strokes without path data are drawn from the box")
    func shapesWithoutGeometry() throws {
        let doc = try document(#"""
            {"id": "7:1", "name": "F", "type": "FRAME", \#(Self.box(0, 0, 120, 60)), "fills": [\#(Self.solidWhite)],
             "clipsContent": true,
             "children": [
               {"id": "7:2", "name": "Dot", "type": "ELLIPSE", \#(Self.box(0, 0, 40, 20)), "fills": [\#(Self.solidRed)]},
               {"id": "7:3", "name": "Box", "type": "RECTANGLE", \#(Self.box(60, 10, 20, 20)), "fills": [\#(Self.solidRed)],
                "strokes": [\#(Self.solidBlue)], "strokeWeight": 4, "strokeAlign": "OUTSIDE"},
               {"id": "7:4", "name": "Rule", "type": "LINE", \#(Self.box(0, 50, 120, 0)), "strokes": [\#(Self.solidBlue)],
                "strokeWeight": 2},
               {"id": "7:5", "name": "Pill", "type": "LINE", \#(Self.box(90, 20, 20, 0)), "strokes": [\#(Self.solidBlue)],
                "strokeWeight": 10, "strokeCap": "ROUND"}]}
            """#)
        let image = try image(doc)
        #expect(image[20, 10] == Self.red && image[1, 1] == Self.white && image[38, 10] == Self.red)
        #expect(image[70, 20] == Self.red && image[58, 20] == Self.blue && image[70, 8] == Self.blue)
        #expect(image[60, 49] == Self.blue && image[60, 50] == Self.blue && image[60, 52] == Self.white)
        // A round cap: a half disc of radius 5 past each end (at 86, 20 inside it; its corner, 86, 16, outside).
        #expect(image[86, 19] == Self.blue && image[113, 20] == Self.blue && image[86, 15] == Self.white)
        #expect(try doc.frame("7:1").warnings.isEmpty)
    }

    @Test("dashes without stroke geometry: rsvg draws the same dash arrays (SVG stroke-dasharray) as the PNG")
    func dashesWithoutGeometry() throws {
        let doc = try document(#"""
            {"id": "7:1", "name": "F", "type": "FRAME", \#(Self.box(0, 0, 140, 80)), "fills": [\#(Self.solidWhite)],
             "children": [
               {"id": "7:2", "name": "Dashed", "type": "LINE", \#(Self.box(10, 20, 120, 0)), "strokes": [\#(Self.solidBlue)],
                "strokeWeight": 4, "strokeAlign": "CENTER", "strokeDashes": [10, 5]},
               {"id": "7:3", "name": "Box", "type": "RECTANGLE", \#(Self.box(10, 40, 120, 30)), "strokes": [\#(Self.solidBlue)],
                "strokeWeight": 2, "strokeAlign": "INSIDE", "strokeDashes": [6, 3]},
               {"id": "7:4", "name": "Dots", "type": "LINE", \#(Self.box(10, 76, 120, 0)), "strokes": [\#(Self.solidBlue)],
                "strokeWeight": 4, "strokeAlign": "CENTER", "strokeDashes": [2, 8], "strokeCap": "ROUND"}]}
            """#)
        let png = try image(doc)
        #expect(try doc.frame("7:1").warnings.isEmpty)
        // The same strokes in SVG: an inside stroke 2 wide is SVG's centered one on the box inset by 1; a rect's
        // and a line's dashes start at its first corner and run clockwise.
        let svg = #"""
            <svg xmlns="http://www.w3.org/2000/svg" width="140" height="80"><rect width="140" height="80" fill="#fff"/>
            <g fill="none" stroke="#00f"><line x1="10" y1="20" x2="130" y2="20" stroke-width="4" stroke-dasharray="10 5"/>
            <rect x="11" y="41" width="118" height="28" stroke-width="2" stroke-dasharray="6 3"/>
            <line x1="10" y1="76" x2="130" y2="76" stroke-width="4" stroke-linecap="round" stroke-dasharray="2 8"/></g></svg>
            """#
        let drawn = try VectorOutputTests.rasterized(Data(svg.utf8), with: "rsvg-convert", arguments: ["-o"], name: "x.svg")
        try VectorOutputTests.expectClose(drawn, png, .init(name: "dashes", text: "", family: "", meanLimit: 2,
                                                            offShareLimit: 0.01))
        // Within a dash and within a gap of the first line.
        #expect(png[5 + 10, 20] == Self.blue && png[12 + 10, 20] == Self.white)
    }

    @Test("a mask clips the siblings after it to its outline; it is listed, not drawn; those before it are not clipped")
    func masks() throws {
        let doc = try document(#"""
            {"id": "12:1", "name": "F", "type": "FRAME", \#(Self.box(0, 0, 100, 60)), "fills": [\#(Self.solidWhite)],
             "children": [
               {"id": "12:2", "name": "Before", "type": "RECTANGLE", \#(Self.box(70, 0, 30, 30)), "fills": [\#(Self.solidRed)]},
               {"id": "12:3", "name": "Mask", "type": "ELLIPSE", "isMask": true, \#(Self.box(10, 10, 40, 40)),
                "fills": [\#(Self.solidRed)]},
               {"id": "12:4", "name": "Masked", "type": "RECTANGLE", \#(Self.box(0, 0, 60, 60)), "fills": [\#(Self.solidBlue)]}]}
            """#)
        let image = try image(doc)
        #expect(image[30, 30] == Self.blue && image[12, 12] == Self.white && image[55, 30] == Self.white)
        #expect(image[85, 15] == Self.red)
        let laidOut = try boxes(doc)
        #expect(laidOut["12:3"] == [10, 10, 40, 40] && laidOut["12:4"] == [0, 0, 60, 60] && laidOut["12:2"] == [70, 0, 30, 30])
        // SVG and PDF draw the same clip: VectorOutputTests' masks.
    }

    @Test("a group mask clips by its children's outlines together; a vector mask without path data hides, warned")
    func groupAndPathlessMasks() throws {
        let square = #"\#(Self.box(0, 0, 20, 20)), "fills": [\#(Self.solidRed)], "fillGeometry": [{"path": "M0 0H20V20H0Z"}]"#
        let doc = try document(#"""
            {"id": "13:1", "name": "F", "type": "FRAME", \#(Self.box(0, 0, 100, 40)), "fills": [\#(Self.solidWhite)],
             "children": [
               {"id": "13:2", "name": "G", "type": "FRAME", \#(Self.box(0, 0, 50, 40)), "children": [
                 {"id": "13:3", "name": "Mask", "type": "GROUP", "isMask": true, \#(Self.box(0, 0, 50, 20)), "children": [
                   {"id": "13:4", "name": "a", "type": "VECTOR", \#(square)},
                   {"id": "13:5", "name": "b", "type": "VECTOR", \#(square.replacingOccurrences(of: #""x": 0"#, with: #""x": 30"#))}]},
                 {"id": "13:6", "name": "Masked", "type": "RECTANGLE", \#(Self.box(0, 0, 50, 40)), "fills": [\#(Self.solidBlue)]}]},
               {"id": "13:7", "name": "H", "type": "FRAME", \#(Self.box(50, 0, 50, 40)), "children": [
                 {"id": "13:8", "name": "Star", "type": "VECTOR", "isMask": true, \#(Self.box(60, 10, 20, 20)),
                  "fills": [\#(Self.solidRed)]},
                 {"id": "13:9", "name": "Masked", "type": "RECTANGLE", \#(Self.box(50, 0, 50, 40)), "fills": [\#(Self.solidBlue)]}]}]}
            """#)
        let image = try image(doc)
        // Inside either square of the group, blue; between them and below them, white.
        #expect(image[10, 10] == Self.blue && image[40, 10] == Self.blue)
        #expect(image[25, 10] == Self.white && image[10, 30] == Self.white)
        // The star's outline is not in the file: nothing of what it masks, rather than a blue square.
        #expect(image[70, 20] == Self.white && image[55, 5] == Self.white)
        #expect(try doc.frame("13:1").warnings.filter { $0.nodeID == "13:8" }.map(\.message).contains(
            "a mask without path data hides what it masks; fetch the file with geometry=paths"))
    }

    @Test("mask types: an opaque solid ALPHA mask or a VECTOR one clips by its outline; a gradient ALPHA one and a LUMINANCE one by what they draw")
    func maskTypes() throws {
        func maskType(_ type: String, fill: String) throws -> CardMaskType? {
            let doc = try document(#"""
                {"id": "14:1", "name": "F", "type": "FRAME", \#(Self.box(0, 0, 40, 40)), "children": [
                  {"id": "14:2", "name": "Mask", "type": "RECTANGLE", "isMask": true, "maskType": "\#(type)",
                   \#(Self.box(0, 0, 40, 40)), "fills": [\#(fill)]},
                  {"id": "14:3", "name": "Masked", "type": "RECTANGLE", \#(Self.box(0, 0, 40, 40)), "fills": [\#(Self.solidBlue)]}]}
                """#)
            guard case .frame(let root) = try doc.frame("14:1").card.layers[0],
                  case .frame(let mask) = root.layers[0] else { return nil }
            return mask.maskType
        }
        let fade = #"{"type": "GRADIENT_LINEAR", "gradientHandlePositions": [{"x": 0, "y": 0.5}, {"x": 1, "y": 0.5}, {"x": 0, "y": 1}], "gradientStops": [{"position": 0, "color": {"r": 1, "g": 1, "b": 1, "a": 1}}, {"position": 1, "color": {"r": 1, "g": 1, "b": 1, "a": 0}}]}"#
        #expect(try maskType("ALPHA", fill: Self.solidRed) == .outline)
        #expect(try maskType("VECTOR", fill: fade) == .outline)
        #expect(try maskType("ALPHA", fill: fade) == .alpha)
        #expect(try maskType("LUMINANCE", fill: Self.solidRed) == .luminance)
    }

    @Test("a text's hyperlink is its layer's link; one on some characters links it whole, warned; a node link is not kept")
    func hyperlinks() throws {
        func layer(_ style: String, overrides: String = "") throws -> (CardTextLayer?, [String]) {
            let node = Self.text("16:1", "Terms").replacingOccurrences(of: #""letterSpacing": 0"#,
                                                                     with: #""letterSpacing": 0\#(style)"#)
                .replacingOccurrences(of: #""characters": "Terms""#, with: #""characters": "Terms"\#(overrides)"#)
            let frame = try document(node).frame("16:1")
            guard case .text(let text) = frame.card.layers[0] else { return (nil, []) }
            return (text, frame.warnings.map(\.message))
        }
        let own = try layer(#", "hyperlink": {"type": "URL", "url": "https://example.com/terms"}"#)
        #expect(own.0?.link == "https://example.com/terms" && own.1.isEmpty)
        let spans = try layer("", overrides: #", "characterStyleOverrides": [0, 0, 1], "styleOverrideTable": {"1": {"hyperlink": {"type": "URL", "url": "https://example.com/r"}}}"#)
        #expect(spans.0?.link == "https://example.com/r" && spans.1 == ["a link on some characters links the whole text"])
        let toNode = try layer(#", "hyperlink": {"type": "NODE", "nodeID": "1:2"}"#)
        #expect(toNode.0?.link == nil && toNode.1.count == 1)
    }

    @Test("a gradient text fill is the text layer's fill, over its box; no warning")
    func gradientTextFill() throws {
        let fade = #"{"type": "GRADIENT_LINEAR", "gradientHandlePositions": [{"x": 0, "y": 0.5}, {"x": 1, "y": 0.5}, {"x": 0, "y": 1}], "gradientStops": [{"position": 0, "color": {"r": 1, "g": 0, "b": 0, "a": 1}}, {"position": 1, "color": {"r": 0, "g": 0, "b": 1, "a": 1}}]}"#
        let solid = #""fills": [{"type": "SOLID", "color": {"r": 0, "g": 0, "b": 0, "a": 1}}]"#
        let doc = try document(Self.text("15:1", "Gradient").replacingOccurrences(of: solid, with: #""fills": [\#(fade)]"#))
        let frame = try doc.frame("15:1")
        #expect(frame.warnings.isEmpty)
        guard case .text(let text) = frame.card.layers[0] else { Issue.record("not a text"); return }
        // Red at the box's left edge to blue at its right (the handles run across the middle).
        guard case .linear(let gradient)? = text.fill, let start = gradient.start, let end = gradient.end else {
            Issue.record("no linear gradient: \(String(describing: text.fill))")
            return
        }
        #expect(abs(start.x) < 1e-9 && abs(end.x - 1) < 1e-9 && abs(start.y - end.y) < 1e-9)
        #expect(gradient.stops.map(\.color) == [Color(red: 255, green: 0, blue: 0), Color(red: 0, green: 0, blue: 255)])
    }

    @Test("a mask in an Auto Layout row takes its place in the flow and clips what follows it, up to the next mask")
    func masksInAutoLayout() throws {
        // A row (padding 10, spacing 10): a red square; a 20 × 20 circle mask in the next slot, over which an
        // absolute blue bar lies; a 40 × 20 rectangle mask in the slot after, half under an absolute red bar.
        let doc = try document(#"""
            {"id": "15:1", "name": "Row", "type": "FRAME", \#(Self.box(0, 0, 200, 40)), "fills": [\#(Self.solidWhite)],
             "layoutMode": "HORIZONTAL", "itemSpacing": 10, "paddingLeft": 10, "paddingTop": 10, "paddingRight": 10,
             "paddingBottom": 10, "primaryAxisSizingMode": "FIXED", "counterAxisSizingMode": "FIXED", "children": [
               {"id": "15:2", "name": "A", "type": "RECTANGLE", \#(Self.box(10, 10, 20, 20)), "fills": [\#(Self.solidRed)]},
               {"id": "15:3", "name": "Circle", "type": "ELLIPSE", "isMask": true, \#(Self.box(40, 10, 20, 20)),
                "fills": [\#(Self.solidRed)]},
               {"id": "15:4", "name": "Bar", "type": "RECTANGLE", "layoutPositioning": "ABSOLUTE",
                \#(Self.box(40, 10, 30, 20)), "fills": [\#(Self.solidBlue)]},
               {"id": "15:5", "name": "Box", "type": "RECTANGLE", "isMask": true, \#(Self.box(70, 10, 40, 20)),
                "fills": [\#(Self.solidBlue)]},
               {"id": "15:6", "name": "After", "type": "RECTANGLE", "layoutPositioning": "ABSOLUTE",
                \#(Self.box(50, 10, 40, 20)), "fills": [\#(Self.solidRed)]}]}
            """#)
        let frame = try doc.frame("15:1")
        #expect(frame.warnings.isEmpty, "\(frame.warnings)")
        let laidOut = try boxes(doc)
        #expect(laidOut["15:3"] == [40, 10, 20, 20] && laidOut["15:5"] == [70, 10, 40, 20])
        let image = try renderer.image(of: frame.card)
        // The blue bar shows inside the circle only (not its corner, not past it); the red bar only inside the
        // second mask (not over the circle: that run ended at the second mask); the masks are not drawn.
        #expect(image[20, 20] == Self.red && image[50, 20] == Self.blue && image[41, 11] == Self.white
                && image[65, 20] == Self.white)
        #expect(image[80, 20] == Self.red && image[55, 20] == Self.blue && image[100, 20] == Self.white)
    }

    @Test("a linear gradient follows Figma's handles, also where the box is not square and the handles skew")
    func gradientHandles() throws {
        // Handles (fractions of the node): start (0, 0), end (1, 1), and the third along which colors stay the
        // same at (0, 1)... skewed: offset t solves p = h0 + t (h1 − h0) + s (h2 − h0), so t = u (the x fraction)
        // wherever the point is: a left-to-right ramp, whatever the box's proportions.
        let doc = try document(#"""
            {"id": "8:1", "name": "G", "type": "RECTANGLE", \#(Self.box(0, 0, 200, 50)), "fills": [{"type": "GRADIENT_LINEAR",
             "gradientHandlePositions": [{"x": 0, "y": 0}, {"x": 1, "y": 1}, {"x": 0, "y": 1}],
             "gradientStops": [{"position": 0, "color": {"r": 0, "g": 0, "b": 0, "a": 1}},
                               {"position": 1, "color": {"r": 1, "g": 1, "b": 1, "a": 1}}]}]}
            """#)
        let image = try image(doc)
        for (x, y) in [(50, 5), (50, 45), (150, 10), (150, 40)] {
            let expected = Double(x) + 0.5  // t = (x + ½) / 200 of 255
            #expect(abs(Double(image[x, y].red) - expected / 200 * 255) <= 1, "(\(x), \(y))")
        }
        let line = try #require(FigmaConverter.gradientLine([Point(x: 0.5, y: 0), Point(x: 0.5, y: 1), Point(x: 1, y: 0)],
                                                            size: Rect(x: 0, y: 0, width: 300, height: 100)))
        // Offsets run down the box (t = v): the line from where t = 0 nearest the corner, (0, 0), to (0, 1).
        #expect(line.start == Point(x: 0, y: 0) && line.end == Point(x: 0, y: 1))
    }

    @Test("angular and diamond gradients are measured in the frame of Figma's handles, also on a box not square")
    func angularAndDiamondGradients() throws {
        // Handles center (0.5, 0.5), (1, 0.5), (0.5, 1) on a 200 × 100 box: u = dx / 100, v = dy / 50 from (100, 50).
        // Angular: t = atan2(v, u) / 2π (clockwise from the first handle); diamond: t = |u| + |v|. Expected levels
        // from those formulas at each pixel's center (Python's math.atan2), black to white.
        func gradient(_ type: String, id: String) -> String {
            #"""
            {"id": "\#(id)", "name": "G", "type": "RECTANGLE", \#(Self.box(0, 0, 200, 100)), "fills": [{"type": "\#(type)",
             "gradientHandlePositions": [{"x": 0.5, "y": 0.5}, {"x": 1, "y": 0.5}, {"x": 0.5, "y": 1}],
             "gradientStops": [{"position": 0, "color": {"r": 0, "g": 0, "b": 0, "a": 1}},
                               {"position": 1, "color": {"r": 1, "g": 1, "b": 1, "a": 1}}]}]}
            """#
        }
        let angular = try image(try document(gradient("GRADIENT_ANGULAR", id: "8:2")))
        for (x, y, level) in [(150, 50, 0.8), (100, 90, 63.5), (10, 50, 127.0), (100, 10, 191.5), (175, 75, 24.1)] {
            #expect(abs(Double(angular[x, y].red) - level) <= 1.5, "angular (\(x), \(y)): \(angular[x, y].red)")
        }
        let diamond = try image(try document(gradient("GRADIENT_DIAMOND", id: "8:3")))
        for (x, y, level) in [(125, 60, 118.6), (60, 40, 149.2), (175, 75, 255.0)] {
            #expect(abs(Double(diamond[x, y].red) - level) <= 1.5, "diamond (\(x), \(y)): \(diamond[x, y].red)")
        }
        #expect(try document(gradient("GRADIENT_DIAMOND", id: "8:3")).frame("8:3").warnings.isEmpty)
    }

    @Test("a rotated group turns its vectors with it")
    func rotatedGroup() throws {
        // A group turned −90° (Figma's relativeTransform [[0, 1], [−1, 0]]) holding a 20 × 10 bar: drawn 10 wide,
        // 20 high, where its bounding box is.
        let doc = try document(#"""
            {"id": "9:1", "name": "F", "type": "FRAME", \#(Self.box(0, 0, 40, 40)), "fills": [\#(Self.solidWhite)],
             "children": [{"id": "9:2", "name": "G", "type": "GROUP", \#(Self.box(10, 10, 10, 20)),
                           "relativeTransform": [[0, 1, 10], [-1, 0, 30]],
               "children": [{"id": "9:3", "name": "Bar", "type": "VECTOR", \#(Self.box(10, 10, 10, 20)),
                             "size": {"x": 20, "y": 10}, "relativeTransform": [[1, 0, 0], [0, 1, 0]],
                             "fills": [\#(Self.solidRed)], "fillGeometry": [{"path": "M0 0H20V10H0Z"}]}]}]}
            """#)
        let image = try image(doc)
        #expect(image[15, 12] == Self.red && image[15, 28] == Self.red && image[25, 15] == Self.white)
    }

    @Test("a turned text: its own size turned about its bounds' center, laid out by those bounds; a flipped one warned")
    func turnedText() throws {
        // Figma's relativeTransform [[0, 1], [−1, 0]]: turned 90° counter-clockwise, reading bottom to top; its
        // own box is 100 × 24 (size), its bounding box 24 × 100.
        let turned = #"""
            {"id": "8:2", "name": "Side", "type": "TEXT", \#(Self.box(10, 20, 24, 100)), "size": {"x": 100, "y": 24},
             "relativeTransform": [[0, 1, 10], [-1, 0, 120]], "characters": "Sideways",
             "style": {"fontFamily": "Noto Sans", "fontStyle": "Regular", "fontWeight": 400, "fontSize": 16,
                       "lineHeightPx": 24, "lineHeightUnit": "PIXELS", "textAutoResize": "NONE", "letterSpacing": 0},
             "fills": [{"type": "SOLID", "color": {"r": 0, "g": 0, "b": 0, "a": 1}}]}
            """#
        let doc = try document(#"{"id": "8:1", "name": "F", "type": "FRAME", \#(Self.box(0, 0, 60, 140)), "children": [\#(turned)]}"#)
        let frame = try doc.frame("8:1", renderer: renderer)
        #expect(frame.warnings.isEmpty)
        let box = try #require(try frame.nodeBoxes(renderer: renderer).first { $0.id == "8:2" })
        #expect([box.x, box.y, box.width, box.height] == [10, 20, 24, 100])
        // The glyphs run up the box: ink taller than wide, inside it.
        let ink = try #require(box.ink)
        #expect(ink.height > 50 && ink.width < 20 && ink.x >= 10 && ink.maxY <= 120)
        let flipped = turned.replacingOccurrences(of: "[[0, 1, 10], [-1, 0, 120]]", with: "[[-1, 0, 110], [0, 1, 20]]")
        let warned = try document(#"{"id": "8:1", "name": "F", "type": "FRAME", \#(Self.box(0, 0, 60, 140)), "children": [\#(flipped)]}"#)
        #expect(try warned.frame("8:1", renderer: renderer).warnings.map(\.message)
            == ["a flipped or skewed text (or one without its size) is drawn unturned in its bounding box"])
    }

    @Test("an image fill's opacity draws it translucent over the fills below it")
    func translucentImageFill() throws {
        let png = try PNGEncoder.encode(RGBAImage(width: 4, height: 4, background: Color(red: 0, green: 0, blue: 255)))
        let uri = "data:image/png;base64," + png.base64EncodedString()
        let doc = try document(#"""
            {"id": "17:1", "name": "F", "type": "FRAME", \#(Self.box(0, 0, 20, 20)), "fills": [\#(Self.solidWhite),
              {"type": "IMAGE", "imageRef": "blue", "scaleMode": "FILL", "opacity": 0.5}]}
            """#)
        let frame = try doc.frame("17:1", images: ["blue": uri])
        #expect(frame.warnings.isEmpty)
        // Blue at half over white: 255 × (1 − 0.5) = 127.5 in red and green (rounded either way), blue full.
        let pixel = try renderer.image(of: frame.card)[10, 10]
        #expect((127...128).contains(pixel.red) && (127...128).contains(pixel.green) && pixel.blue == 255)
    }

    @Test("an image fill draws the file its imageRef names, fitted as its scale mode says; without it, a gray placeholder and a warning")
    func imageFills() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("figma-images-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try PNGEncoder.encode(RGBAImage(width: 4, height: 4, background: Color(red: 0, green: 0, blue: 255)))
            .write(to: folder.appendingPathComponent("abc123.png"))
        let doc = try document(#"""
            {"id": "10:1", "name": "F", "type": "FRAME", \#(Self.box(0, 0, 60, 30)), "fills": [\#(Self.solidWhite)],
             "children": [{"id": "10:2", "name": "Photo", "type": "RECTANGLE", \#(Self.box(0, 0, 20, 10)),
                           "fills": [\#(Self.solidRed), {"type": "IMAGE", "imageRef": "abc123", "scaleMode": "FIT"}]},
                          {"id": "10:3", "name": "Missing", "type": "RECTANGLE", \#(Self.box(30, 0, 20, 10)),
                           "fills": [{"type": "IMAGE", "imageRef": "nothere", "scaleMode": "FILL"}]}]}
            """#)
        let frame = try doc.frame("10:1", images: ["abc123": "abc123.png"])
        let image = try CardRenderer(registry: FontRegistry(includesSystemFonts: false), imageDirectory: folder)
            .image(of: frame.card)
        // FIT: a square image in a 20 × 10 box is 10 × 10, centered; the red fill shows beside it.
        // The image not given: a neutral gray where it goes (D9D9D9), the white frame beside it.
        #expect(image[10, 5] == Self.blue && image[2, 5] == Self.red && image[55, 5] == Self.white)
        #expect(image[35, 5] == RGBAImage.Pixel(red: 0xD9, green: 0xD9, blue: 0xD9, alpha: 255))
        #expect(frame.warnings.contains { $0.nodeID == "10:3" && $0.message.contains("nothere") })
        // Sent beside the document as data: URIs (how a template upload carries them), no folder needed.
        let png = try PNGEncoder.encode(RGBAImage(width: 4, height: 4, background: Color(red: 0, green: 0, blue: 255)))
        let embedded = try FigmaDocument(data: Data(#"""
            {"images": {"abc123": "data:image/png;base64,\#(png.base64EncodedString())", "other": "https://example.com/x.png"},
             "document": {"id": "0:0", "type": "DOCUMENT", "children": [{"id": "0:1", "type": "CANVAS", "children": [
              {"id": "11:1", "name": "Photo", "type": "RECTANGLE", \#(Self.box(0, 0, 20, 10)),
               "fills": [{"type": "IMAGE", "imageRef": "abc123", "scaleMode": "FILL"}]}]}]}}
            """#.utf8))
        #expect(embedded.embeddedImages.keys.sorted() == ["abc123"])
        #expect(try renderer.image(of: try embedded.frame("11:1").card)[3, 5] == Self.blue)
    }

    @Test("a cropped image shows the part its imageTransform names; a tiled one repeats at its scaling factor")
    func croppedAndTiledImages() throws {
        // A 40 × 10 image, its left half blue and its right half red (its pixels as large as the box's: nothing
        // is blended across the crop's edge); and a 2 × 2 one, blue at the top left only.
        var halves = RGBAImage(width: 40, height: 10, background: Color(red: 255, green: 0, blue: 0))
        halves.fill(Rect(x: 0, y: 0, width: 20, height: 10), paint: .color(Color(red: 0, green: 0, blue: 255)))
        var corner = RGBAImage(width: 2, height: 2, background: Color(red: 255, green: 0, blue: 0))
        corner.fill(Rect(x: 0, y: 0, width: 1, height: 1), paint: .color(Color(red: 0, green: 0, blue: 255)))
        func uri(_ image: RGBAImage) throws -> String {
            "data:image/png;base64," + (try PNGEncoder.encode(image)).base64EncodedString()
        }
        // Figma's imageTransform maps the node's unit square into the image's: [[0.5, 0, 0.5], [0, 1, 0]] shows
        // its right half; the tile is the 2 × 2 image at 5 points a pixel, 10 × 10, from the box's corner.
        let doc = try FigmaDocument(data: Data(#"""
            {"images": {"halves": "\#(try uri(halves))", "corner": "\#(try uri(corner))"},
             "document": {"id": "0:0", "type": "DOCUMENT", "children": [{"id": "0:1", "type": "CANVAS", "children": [
              {"id": "12:1", "name": "F", "type": "FRAME", \#(Self.box(0, 0, 40, 20)), "fills": [\#(Self.solidWhite)],
               "children": [
                {"id": "12:2", "name": "Crop", "type": "RECTANGLE", \#(Self.box(0, 0, 20, 10)),
                 "fills": [{"type": "IMAGE", "imageRef": "halves", "scaleMode": "STRETCH",
                            "imageTransform": [[0.5, 0, 0.5], [0, 1, 0]]}]},
                {"id": "12:3", "name": "Tile", "type": "RECTANGLE", \#(Self.box(20, 0, 20, 20)),
                 "fills": [{"type": "IMAGE", "imageRef": "corner", "scaleMode": "TILE", "scalingFactor": 5}]}]}]}]}}
            """#.utf8))
        let frame = try doc.frame("12:1")
        #expect(frame.warnings.isEmpty, "\(frame.warnings)")
        let image = try renderer.image(of: frame.card)
        #expect([(0, 2), (10, 5), (19, 8)].allSatisfy { image[$0.0, $0.1] == Self.red })
        // Tiles at x 20, 30 and y 0, 10: each one's top-left 5 × 5 blue, the rest red.
        #expect([(22, 2), (32, 2), (22, 12), (32, 12)].allSatisfy { image[$0.0, $0.1] == Self.blue })
        #expect([(27, 7), (37, 7), (27, 17), (37, 17)].allSatisfy { image[$0.0, $0.1] == Self.red })
        // As card JSON, both round-trip; too many tiles is an error naming the layer.
        let json = try JSONEncoder().encode(frame.card)
        #expect(try Card.decode(from: json) == frame.card)
        var tiny = frame.card
        guard case .frame(var outer) = tiny.layers[0], case .frame(var tile) = outer.layers[1] else {
            Issue.record("the frame's second child is not a frame")
            return
        }
        tile.image?.placement = .tiled(scale: 0.01)
        outer.layers[1] = .frame(tile)
        tiny.layers[0] = .frame(outer)
        #expect(throws: CardError.self) { try renderer.image(of: tiny) }
    }

    @Test("a background blur blurs what is behind inside the node, through its translucent fill, inside a clip too")
    func backgroundBlur() throws {
        // Red on the left half, blue on the right; a frame that clips holds a 20 × 20 glass pane across the edge
        // (a white fill at 10 %, background blur 8) and an unfilled one, whose blur Figma does not show.
        let doc = try document(#"""
            {"id": "13:1", "name": "F", "type": "FRAME", \#(Self.box(0, 0, 80, 40)), "fills": [\#(Self.solidRed)],
             "children": [
              {"id": "13:2", "name": "Blue", "type": "RECTANGLE", \#(Self.box(40, 0, 40, 40)), "fills": [\#(Self.solidBlue)]},
              {"id": "13:3", "name": "Clip", "type": "FRAME", \#(Self.box(0, 0, 80, 40)), "clipsContent": true, "fills": [],
               "children": [
                {"id": "13:4", "name": "Glass", "type": "RECTANGLE", \#(Self.box(30, 0, 20, 20)),
                 "fills": [{"type": "SOLID", "opacity": 0.1, "color": {"r": 1, "g": 1, "b": 1, "a": 1}}],
                 "effects": [{"type": "BACKGROUND_BLUR", "visible": true, "radius": 8}]},
                {"id": "13:5", "name": "Bare", "type": "RECTANGLE", \#(Self.box(30, 20, 20, 20)), "fills": [],
                 "effects": [{"type": "BACKGROUND_BLUR", "visible": true, "radius": 8}]}]}]}
            """#)
        let frame = try doc.frame("13:1")
        #expect(frame.warnings.isEmpty, "\(frame.warnings)")
        let image = try renderer.image(of: frame.card)
        // Inside the pane, beside the edge, red and blue mix (σ = 4 points); the pane's white tints both a little.
        let left = image[38, 10], right = image[41, 10]
        #expect(left.blue > 40 && left.red > 120 && right.red > 40 && right.blue > 120, "\(left) \(right)")
        // Below it, under the unfilled pane, the edge stays sharp.
        #expect(image[39, 30] == Self.red && image[40, 30] == Self.blue)
        // SVG and PDF leave the blur out and still draw the pane.
        _ = try renderer.encoded(frame.card, format: .svg)
        _ = try renderer.encoded(frame.card, format: .pdf)
    }

    @Test("a node's blend mode is its frame's, by CSS's name; a text's and a paint's are named in warnings")
    func blendModes() throws {
        let doc = try document(#"""
            {"id": "14:1", "name": "F", "type": "FRAME", \#(Self.box(0, 0, 40, 20)), "fills": [\#(Self.solidWhite)],
             "blendMode": "PASS_THROUGH", "children": [
              {"id": "14:2", "name": "Burn", "type": "RECTANGLE", \#(Self.box(0, 0, 20, 20)), "blendMode": "LINEAR_BURN",
               "fills": [\#(Self.solidRed)]},
              {"id": "14:3", "name": "Dodge", "type": "RECTANGLE", \#(Self.box(20, 0, 20, 20)), "blendMode": "COLOR_DODGE",
               "fills": [{"type": "SOLID", "blendMode": "MULTIPLY", "color": {"r": 0, "g": 0, "b": 1, "a": 1}}]},
              \#(Self.text("14:4", "Hi", extra: #", "blendMode": "SCREEN""#))]}
            """#)
        let frame = try doc.frame("14:1")
        guard case .frame(let outer) = frame.card.layers[0], case .frame(let burn) = outer.layers[0],
              case .frame(let dodge) = outer.layers[1] else {
            Issue.record("not frames: \(frame.card.layers)")
            return
        }
        #expect(outer.blendMode == .normal && burn.blendMode == .linearBurn && dodge.blendMode == .colorDodge)
        #expect(frame.warnings.map(\.nodeID).sorted() == ["14:3", "14:4"], "\(frame.warnings)")
        // Linear burn of red over white: max(0, b + s − 1) = red.
        #expect(try renderer.image(of: frame.card)[18, 19] == Self.red)  // beside the text
    }

    // MARK: - The shared documents

    static let shared = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "../../../shared/data/figma/frames").standardizedFileURL
    static let stripper = shared.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("tools/figma/strip_computed.py")

    @Test("the shared Figma documents, with what Figma's layout computed taken out, come back to Figma's boxes",
          .enabled(if: FileManager.default.fileExists(atPath: FigmaDocumentTests.shared.path)))
    func sharedDocuments() throws {
        let renderer = CardRenderer(registry: FontRegistry(includesSystemFonts: true))
        var within = 0, near = 0, count = 0, inkWithin = 0, inkCount = 0
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.shared.path).filter { $0.hasSuffix(".json") }
        for file in files.sorted() {
            let original = Self.shared.appendingPathComponent(file)
            let stripped = FileManager.default.temporaryDirectory.appendingPathComponent("stripped-\(UUID()).json")
            defer { try? FileManager.default.removeItem(at: stripped) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", Self.stripper.path, original.path, stripped.path]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            try #require(process.terminationStatus == 0)
            let figma = try FigmaDocument(data: Data(contentsOf: stripped))
            var ours: [String: FigmaNodeBox] = [:]
            for (index, node) in figma.topLevelNodes.enumerated() {
                let frame = try figma.frame(node.id)
                for box in try frame.nodeBoxes(renderer: renderer) { ours[box.id] = box }
                // The first top-level node draws, too (`Scripts/compare-with-figma.py` and the CLI draw them all).
                if index == 0 { _ = try renderer.encoded(frame.card(values: [:])) }
            }
            // Figma's own boxes, from the original file.
            let tree = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: original)) as? [String: Any])
            func visit(_ node: [String: Any], top: Bool) {
                guard node["visible"] as? Bool != false else { return }
                if !top, let box = node["absoluteBoundingBox"] as? [String: Double], let id = node["id"] as? String {
                    count += 1
                    if let mine = ours[id] {
                        let error = max(abs(mine.x - box["x", default: 0]), abs(mine.y - box["y", default: 0]),
                                        abs(mine.width - box["width", default: 0]),
                                        abs(mine.height - box["height", default: 0]))
                        within += error <= 0.5 ? 1 : 0
                        near += error <= 2 ? 1 : 0
                        if node["type"] as? String == "TEXT", let theirs = node["absoluteRenderBounds"] as? [String: Double] {
                            inkCount += 1
                            if let ink = mine.ink, max(abs(ink.x - theirs["x", default: 0]), abs(ink.y - theirs["y", default: 0]),
                                                       abs(ink.width - theirs["width", default: 0]),
                                                       abs(ink.height - theirs["height", default: 0])) <= 0.5 {
                                inkWithin += 1
                            }
                        }
                    }
                }
                for child in node["children"] as? [[String: Any]] ?? [] { visit(child, top: false) }
            }
            visit(try #require(tree["document"] as? [String: Any]), top: true)
        }
        // Scripts/compare-with-figma.py --documents prints the same comparison by node type, with the worst cases.
        #expect(Double(within) >= 0.9 * Double(count), "\(within)/\(count) within 0.5 px")
        #expect(Double(near) >= 0.98 * Double(count), "\(near)/\(count) within 2 px")
        #expect(inkCount > 100 && Double(inkWithin) >= 0.95 * Double(inkCount), "ink: \(inkWithin)/\(inkCount) within 0.5 px")
    }
}
