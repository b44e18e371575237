import Foundation
import MatterType
@testable import MatterTypeFigma
import Testing

/// A Figma template's fields (MatterTypeFigma/FigmaField.swift): component properties and placeholders, named as
/// `mattertype figma --fields` prints them.
@Suite("Figma fields")
struct FigmaFieldsTests {
    /// A page with a Button component set (Size: Small, Large; Label text; Show icon boolean) and a frame "Card"
    /// holding an instance of it, a nested Badge instance twice, a hidden instance and a `{{title}}` text.
    static let document = #"""
        {"name": "T", "document": {"id": "0:0", "type": "DOCUMENT", "children": [{"id": "0:1", "type": "CANVAS", "children": [
          {"id": "1:1", "name": "Button", "type": "COMPONENT_SET", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 200, "height": 100},
           "componentPropertyDefinitions": {"Size": {"type": "VARIANT", "defaultValue": "Small", "variantOptions": ["Small", "Large"]},
                                            "Label#1:9": {"type": "TEXT", "defaultValue": "Buy"},
                                            "Show icon#1:8": {"type": "BOOLEAN", "defaultValue": true}},
           "children": [
             {"id": "1:2", "name": "Size=Small", "type": "COMPONENT", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 80, "height": 30}},
             {"id": "1:3", "name": "Size=Large", "type": "COMPONENT", "absoluteBoundingBox": {"x": 0, "y": 40, "width": 120, "height": 40}}]},
          {"id": "2:1", "name": "Card", "type": "FRAME", "absoluteBoundingBox": {"x": 300, "y": 0, "width": 300, "height": 200}, "children": [
            {"id": "2:2", "name": "Title", "type": "TEXT", "absoluteBoundingBox": {"x": 300, "y": 0, "width": 100, "height": 20},
             "characters": "{{title}} and {{title}} by {{author}}"},
            {"id": "2:3", "name": "Buy button", "type": "INSTANCE", "componentId": "1:3",
             "absoluteBoundingBox": {"x": 300, "y": 40, "width": 120, "height": 40},
             "componentProperties": {"Size": {"type": "VARIANT", "value": "Large"},
                                     "Label#1:9": {"type": "TEXT", "value": "Buy now"},
                                     "Show icon#1:8": {"type": "BOOLEAN", "value": false}},
             "children": [{"id": "I2:3;4:1", "name": "Badge", "type": "INSTANCE", "componentId": "9:9",
                           "absoluteBoundingBox": {"x": 300, "y": 40, "width": 10, "height": 10},
                           "componentProperties": {"Count#4:2": {"type": "TEXT", "value": "3"}}}]},
            {"id": "2:4", "name": "Badge", "type": "INSTANCE", "componentId": "9:9",
             "absoluteBoundingBox": {"x": 500, "y": 40, "width": 10, "height": 10},
             "componentProperties": {"Count#4:2": {"type": "TEXT", "value": "7"}}},
            {"id": "2:5", "name": "Hidden", "type": "INSTANCE", "componentId": "9:8", "visible": false,
             "absoluteBoundingBox": {"x": 500, "y": 80, "width": 10, "height": 10},
             "componentProperties": {"Icon#5:1": {"type": "INSTANCE_SWAP", "value": "7:7"}}}]}]}]}}
        """#

    func fields(_ id: String) throws -> [FigmaField] {
        try FigmaDocument(data: Data(Self.document.utf8)).fields(of: id)
    }

    @Test("an instance's properties under bare names, a variant's options from its set; nested instances after their names")
    func instance() throws {
        let card = try fields("2:1")
        #expect(card.map(\.name) == ["Buy button/Label", "Buy button/Show icon", "Buy button/Size",
                                     "Badge/Count (I2:3;4:1)", "Badge/Count (2:4)", "Hidden/Icon", "title", "author"])
        #expect(card.map(\.type) == [.text, .boolean, .variant, .text, .text, .instance, .placeholder, .placeholder])
        #expect(card[2].options == ["Small", "Large"] && card[2].defaultValue == .text("Large"))
        #expect(card[1].defaultValue == .flag(false) && card[0].defaultValue == .text("Buy now"))
        #expect(card[6].node == "2:2" && card[6].defaultValue == nil)
        // The instance drawn itself: its own properties bare, its nested one after its name.
        #expect(try fields("2:3").map(\.name) == ["Label", "Show icon", "Size", "Badge/Count"])
        // A hidden node lists its fields too.
        #expect(try fields("2:5").map(\.name) == ["Icon"])
    }

    @Test("a component set lists its definitions with their defaults and a variant's options")
    func componentSet() throws {
        let set = try fields("1:1")
        #expect(set.map(\.name) == ["Label", "Show icon", "Size"])
        #expect(set.map(\.defaultValue) == [.text("Buy"), .flag(true), .text("Small")])
        #expect(set[2].options == ["Small", "Large"] && set.allSatisfy { $0.node == "1:1" })
        #expect(throws: FigmaError.self) { try fields("404:1") }
    }

    @Test("JSON as --fields prints it: default, and options only for variants")
    func json() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let set = try fields("1:1")
        #expect(String(decoding: try encoder.encode(set[1]), as: UTF8.self)
            == #"{"default":true,"name":"Show icon","node":"1:1","type":"boolean"}"#)
        let title = try fields("2:1").first { $0.type == .placeholder }
        #expect(String(decoding: try encoder.encode(title), as: UTF8.self)
            == #"{"default":null,"name":"title","node":"2:2","type":"placeholder"}"#)
    }

    @Test("mattertype figma --fields prints them; with -o or --json it is a one-line error")
    func command() throws {
        let path = try TestSupport.scratchDirectory().appendingPathComponent("set.json")
        try Data(Self.document.utf8).write(to: path)
        let run = try CLIRun(["figma", path.path, "--node", "2:3", "--fields"])
        #expect(run.status == 0, "\(run.stderr)")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: [[String: Any]]])
        #expect(answer["fields"]?.compactMap { $0["name"] as? String } == ["Label", "Show icon", "Size", "Badge/Count"])
        let refused = try CLIRun(["figma", path.path, "--fields", "--json"])
        #expect(refused.status != 0 && refused.stderr.contains("--fields prints the node's fields"))
    }

    /// Checks that every instance's `componentProperties` in `data` (a Figma document, as Figma wrote it) are fields
    /// of the top-level node holding it; the number of properties checked.
    static func everyPropertyListed(_ data: Data, file: String) throws -> Int {
        let figma = try FigmaDocument(data: data)
        // Figma's own properties, instance by instance, from the JSON.
        var expected: [String: Set<String>] = [:]
        func visit(_ node: Any) {
            if let object = node as? [String: Any] {
                if object["type"] as? String == "INSTANCE", let id = object["id"] as? String,
                   let properties = object["componentProperties"] as? [String: Any] {
                    expected[id] = Set(properties.keys.map(FigmaDocument.bareName))
                }
                object.values.forEach(visit)
            } else if let array = node as? [Any] {
                array.forEach(visit)
            }
        }
        visit(try JSONSerialization.jsonObject(with: data))
        var found: [String: Set<String>] = [:]
        for top in figma.topLevelNodes {
            for field in try figma.fields(of: top.id) where field.type != .placeholder {
                let bare = field.name.split(separator: "/").last.map(String.init) ?? field.name
                found[field.node, default: []].insert(bare.replacingOccurrences(of: " (\(field.node))", with: ""))
            }
        }
        for (id, names) in expected where !names.isEmpty {
            #expect(found[id] == names, "\(file): instance \(id)")
        }
        return expected.values.map(\.count).reduce(0, +)
    }

    @Test("every component property of the instances in the shared documents is a field of its page",
          .enabled(if: FileManager.default.fileExists(atPath: FigmaDocumentTests.shared.path)))
    func sharedDocuments() throws {
        let folder = FigmaDocumentTests.shared
        var listed = 0
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".json") {
            listed += try Self.everyPropertyListed(Data(contentsOf: folder.appendingPathComponent(file)), file: file)
        }
        #expect(listed > 0)
    }

    @Test("every component property of the instances in our 47 real documents is a field of its page")
    func ourDocuments() throws {
        var listed = 0
        for file in FigmaRealDocumentsTests.names {
            let data = try Gzip.decompressed(Data(contentsOf: FigmaRealDocumentsTests.folder.appendingPathComponent(file)),
                                             limit: 64 << 20)
            listed += try Self.everyPropertyListed(data, file: file)
        }
        // Python over the same files counts 413 keys of instances' componentProperties (json + gzip modules).
        #expect(listed == 413)
    }
}
