import Foundation
import MatterType
import MatterTypeCards
import MatterTypeFigma
import MatterTypeWire
import Testing

/// `Docs/Figma.md#every-property` is ``FigmaSupport``'s rows written out, one for every property of Figma's REST API
/// that `Docs/figma-rest-properties.tsv` lists (made from Figma's OpenAPI document by
/// `Scripts/figma-rest-properties.py`): a property added to the list fails this test until it has a row, and the
/// section is regenerated with `MATTERTYPE_WRITE_DOCS=1 swift test --filter FigmaSupportTests`.
@Suite("Every property of Figma's REST API has a row")
struct FigmaSupportTests {
    static let start = "<!-- generated from FigmaSupport.rows: MATTERTYPE_WRITE_DOCS=1 swift test --filter FigmaSupportTests -->"
    static let end = "<!-- end of generated section -->"
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The list: (group, property, type), in its order.
    static func listed() throws -> [(group: String, name: String, type: String)] {
        let text = try String(contentsOf: root.appendingPathComponent("Docs/figma-rest-properties.tsv"), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return (fields[0], fields[1], fields.count > 2 ? fields[2] : "")
        }
    }

    /// The section the rows make: a table a group, in the list's order, and the count of each level.
    static func section() throws -> String {
        let listed = try listed()
        let rows = Dictionary(FigmaSupport.rows.map { ("\($0.group)\t\($0.name)", $0) }) { first, _ in first }
        var counts: [FigmaSupport.Level: Int] = [:]
        for row in FigmaSupport.rows { counts[row.level, default: 0] += 1 }
        var lines = [start, "",
                     "\(listed.count) properties: " + FigmaSupport.Level.allCases.map { "\(counts[$0] ?? 0) \($0.rawValue)" }
                        .joined(separator: ", ") + "."]
        var group = ""
        for item in listed {
            if item.group != group {
                group = item.group
                lines += ["", "### \(group.prefix(1).uppercased() + group.dropFirst())", "",
                          "| Property | Type | Becomes | How |", "|---|---|---|---|"]
            }
            let row = rows["\(item.group)\t\(item.name)"]
            func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
            let type = item.type.count > 60 ? String(item.type.prefix(57)) + "…" : item.type
            lines.append("| `\(item.name)` | \(cell(type)) | \(row?.level.rawValue ?? "?") | \(cell(row?.how ?? "")) |")
        }
        lines += ["", end]
        return lines.joined(separator: "\n")
    }

    @Test("every listed property has a row, and every row a listed property")
    func everyPropertyHasARow() throws {
        let listed = Set(try Self.listed().map { "\($0.group)\t\($0.name)" })
        let rows = FigmaSupport.rows.map { "\($0.group)\t\($0.name)" }
        #expect(listed.count > 200)
        #expect(listed.subtracting(rows).sorted() == [], "listed without a row in FigmaSupport.rows")
        #expect(Set(rows).subtracting(listed).sorted() == [], "rows for properties the list does not have")
        #expect(rows.count == Set(rows).count, "a property with two rows")
        #expect(FigmaSupport.rows.allSatisfy { !$0.how.isEmpty })
    }

    @Test("Docs/Figma.md's property table is what the rows make")
    func sectionIsCurrent() throws {
        let url = Self.root.appendingPathComponent("Docs/Figma.md")
        var page = try String(contentsOf: url, encoding: .utf8)
        let range = try #require(page.range(of: Self.start).flatMap { start in
            page.range(of: Self.end, range: start.lowerBound..<page.endIndex).map { start.lowerBound..<$0.upperBound }
        }, "Docs/Figma.md has no generated section")
        if ProcessInfo.processInfo.environment["MATTERTYPE_WRITE_DOCS"] == "1" {
            page.replaceSubrange(range, with: try Self.section())
            try Data(page.utf8).write(to: url)
            return
        }
        #expect(String(page[range]) == (try Self.section()),
                "Docs/Figma.md is out of date: MATTERTYPE_WRITE_DOCS=1 swift test --filter FigmaSupportTests")
    }

    @Test("warned properties are named in a warning; opentypeFlags become features")
    func warnedProperties() throws {
        let text = FigmaDesignerFilesTests.text("23:2", style: #""fontStyle": "Regular", "opentypeFlags": {"TNUM": 1, "LIGA": 0, "bad!": 1}, "hyperlink": {"type": "NODE", "nodeID": "23:5"}"#)
        let image = #"{"id": "23:3", "name": "Photo", "type": "RECTANGLE", "absoluteBoundingBox": {"x": 0, "y": 30, "width": 40, "height": 40}, "fills": [{"type": "IMAGE", "imageRef": "abc", "scaleMode": "FILL", "filters": {"exposure": 0.3, "contrast": 0}}]}"#
        let blurred = #"{"id": "23:4", "name": "Glass", "type": "FRAME", "absoluteBoundingBox": {"x": 50, "y": 30, "width": 40, "height": 40}, "fills": [{"type": "SOLID", "color": {"r": 1, "g": 1, "b": 1, "a": 0.5}}], "effects": [{"type": "LAYER_BLUR", "blurType": "PROGRESSIVE", "radius": 8, "startRadius": 0, "visible": true}, {"type": "DROP_SHADOW", "radius": 4, "showShadowBehindNode": true, "blendMode": "MULTIPLY", "visible": true, "color": {"r": 0, "g": 0, "b": 0, "a": 0.5}}]}"#
        let vector = #"{"id": "23:5", "name": "Flag", "type": "VECTOR", "absoluteBoundingBox": {"x": 100, "y": 30, "width": 10, "height": 10}, "fills": [{"type": "SOLID", "color": {"r": 0, "g": 0, "b": 1, "a": 1}}], "fillGeometry": [{"path": "M0 0L10 0L10 10Z", "windingRule": "NONZERO", "overrideID": 1}], "fillOverrideTable": {"1": {"fills": [{"type": "SOLID", "color": {"r": 1, "g": 0, "b": 0, "a": 1}}]}, "2": null}}"#
        let frame = try FigmaDesignerFilesTests.document(#"{"id": "23:1", "name": "F", "type": "FRAME", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 200, "height": 100}, "children": [\#(text), \#(image), \#(blurred), \#(vector)]}"#).frame("23:1", images: ["abc": "photo.png"])
        let messages = Set(frame.warnings.map { "\($0.nodeID): \($0.message)" })
        for expected in ["23:2: a link to a node, to several URLs or to one that is not http, https, mailto or tel is not kept",
                         "23:3: an image's filters (exposure, contrast, saturation …) are not applied",
                         "23:4: a progressive blur is drawn even, at its radius",
                         "23:4: a shadow shown behind a translucent node is cut out beneath it, as CSS draws one",
                         "23:4: an effect's blend mode MULTIPLY is drawn as normal",
                         "23:5: regions of a vector with fills of their own are drawn in the vector's fills"] {
            #expect(messages.contains(expected), "\(expected) not in \(messages.sorted())")
        }
        let layers = try FigmaDesignerFilesTests.textLayers(text)
        #expect(layers.first?.request.typography.features == ["liga=0", "tnum=1"])
    }
}
