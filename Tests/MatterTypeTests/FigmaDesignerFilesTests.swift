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
}
