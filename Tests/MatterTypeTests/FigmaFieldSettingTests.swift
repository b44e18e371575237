import Foundation
import MatterType
import MatterTypeCards
@testable import MatterTypeFigma
import Testing

/// Setting a Figma template's component properties (MatterTypeFigma/FigmaDocument+Fields.swift): text, boolean,
/// instance swap and variant, as `mattertype figma --set` does.
@Suite("Figma fields set")
struct FigmaFieldSettingTests {
    /// A Button set (Size: Small, Large; a Label text; a Show icon boolean; an Icon swap), two icon components,
    /// and a frame "Card" holding a Large button whose label was set to "Buy now" and whose icon was recolored.
    static let document: String = {
        let text = #""style": {"fontFamily": "Noto Sans", "fontStyle": "Regular", "fontWeight": 400, "fontSize": 12, "lineHeightPx": 16, "lineHeightUnit": "PIXELS", "textAutoResize": "WIDTH_AND_HEIGHT"}, "fills": [{"type": "SOLID", "color": {"r": 0, "g": 0, "b": 0, "a": 1}}]"#
        func button(_ id: String, _ name: String, y: Double, padding: Double, label: String, instance: Bool = false,
                    iconFill: String = #"{"r": 1, "g": 0, "b": 0, "a": 1}"#) -> String {
            let flow = #""layoutMode": "HORIZONTAL", "primaryAxisSizingMode": "AUTO", "counterAxisSizingMode": "AUTO", "itemSpacing": 4, "paddingLeft": \#(padding), "paddingRight": \#(padding), "paddingTop": \#(padding), "paddingBottom": \#(padding)"#
            let own = instance
                ? #""type": "INSTANCE", "componentId": "1:3", "componentProperties": {"Size": {"type": "VARIANT", "value": "Large"}, "Label#1:9": {"type": "TEXT", "value": "\#(label)"}, "Show icon#1:8": {"type": "BOOLEAN", "value": true}, "Icon#1:10": {"type": "INSTANCE_SWAP", "value": "3:1"}}"#
                : #""type": "COMPONENT""#
            let x = instance ? 300 : 0
            let icon = #"{"id": "\#(instance ? "I\(id);1:36" : id + "6")", "name": "Icon", "type": "INSTANCE", "componentId": "3:1", "absoluteBoundingBox": {"x": \#(x), "y": \#(y), "width": 10, "height": 10}, "componentPropertyReferences": {"visible": "Show icon#1:8", "mainComponent": "Icon#1:10"}, "fills": [{"type": "SOLID", "color": \#(iconFill)}]}"#
            let labelNode = #"{"id": "\#(instance ? "I\(id);1:37" : id + "7")", "name": "Label", "type": "TEXT", "absoluteBoundingBox": {"x": \#(x), "y": \#(y), "width": 20, "height": 16}, "characters": "\#(label)", "componentPropertyReferences": {"characters": "Label#1:9"}, \#(text)}"#
            return #"{"id": "\#(id)", "name": "\#(name)", \#(own), "absoluteBoundingBox": {"x": \#(x), "y": \#(y), "width": 80, "height": 30}, \#(flow), "children": [\#(icon), \#(labelNode)]}"#
        }
        return #"""
            {"name": "T", "document": {"id": "0:0", "type": "DOCUMENT", "children": [{"id": "0:1", "type": "CANVAS", "children": [
              {"id": "1:1", "name": "Button", "type": "COMPONENT_SET", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 200, "height": 100},
               "componentPropertyDefinitions": {"Size": {"type": "VARIANT", "defaultValue": "Small", "variantOptions": ["Small", "Large"]},
                                                "Label#1:9": {"type": "TEXT", "defaultValue": "Buy"},
                                                "Show icon#1:8": {"type": "BOOLEAN", "defaultValue": true},
                                                "Icon#1:10": {"type": "INSTANCE_SWAP", "defaultValue": "3:1"}},
               "children": [\#(button("1:2", "Size=Small", y: 0, padding: 2, label: "Buy")),
                            \#(button("1:3", "Size=Large", y: 40, padding: 10, label: "Buy"))]},
              {"id": "3:1", "name": "Star", "type": "COMPONENT", "absoluteBoundingBox": {"x": 0, "y": 200, "width": 10, "height": 10}},
              {"id": "3:2", "name": "Heart", "type": "COMPONENT", "absoluteBoundingBox": {"x": 0, "y": 220, "width": 14, "height": 12}},
              {"id": "2:1", "name": "Card", "type": "FRAME", "absoluteBoundingBox": {"x": 300, "y": 0, "width": 300, "height": 200}, "children": [
                \#(button("2:3", "Buy button", y: 0, padding: 10, label: "Buy now", instance: true,
                          iconFill: #"{"r": 0, "g": 0, "b": 1, "a": 1}"#))]}]}]}}
            """#
    }()

    static let renderer = CardRenderer(registry: FontRegistry(includesSystemFonts: false))

    /// The boxes of node `id` with `values` set, by node id.
    func boxes(_ values: [String: String], of id: String = "2:1") throws -> [String: FigmaNodeBox] {
        let figma = try FigmaDocument(data: Data(Self.document.utf8))
        let (set, placeholders) = try figma.setting(values, of: id)
        let frame = try set.frame(id, renderer: Self.renderer)
        return Dictionary(uniqueKeysWithValues: try frame.nodeBoxes(values: placeholders, renderer: Self.renderer)
            .map { ($0.id, $0) })
    }

    /// The node `id` of the document with `values` set on node 2:1.
    func node(_ id: String, _ values: [String: String]) throws -> FigmaNode? {
        let set = try FigmaDocument(data: Data(Self.document.utf8)).setting(values, of: "2:1").document
        return FigmaDocument.find(id, in: set.roots)
    }

    @Test("a text property replaces the characters of the texts that reference it; the hugging button reflows")
    func text() throws {
        let before = try boxes([:]), after = try boxes(["Buy button/Label": "Add to cart"])
        #expect(try node("I2:3;1:37", ["Buy button/Label": "Add to cart"])?.characters == "Add to cart")
        let grown = try #require(after["2:3"]).width - (try #require(before["2:3"]).width)
        // The button hugs its label: it grows by what the longer label adds. The advances at 12 points, from
        // `hb-shape --font-size=1000 Fonts/NotoSans-Regular.ttf`: "Add to cart" 62.04, "Buy now" 48.324 — each
        // rounded up to a whole point, as Figma's text model sizes a hugging text: 63 − 49.
        #expect(after["I2:3;1:37"]?.width == 63 && before["I2:3;1:37"]?.width == 49)
        #expect(grown == 14, "\(grown)")
        #expect(after["I2:3;1:37"]?.width == (try #require(after["2:3"]).width) - 10 - 10 - 10 - 4)
    }

    @Test("a boolean shows or hides the nodes whose visibility references it; only true or false")
    func boolean() throws {
        #expect(try boxes([:])["I2:3;1:36"] != nil)
        let hidden = try boxes(["Buy button/Show icon": "false"])
        #expect(hidden["I2:3;1:36"] == nil && hidden["I2:3;1:37"] != nil)
        #expect(throws: FigmaError.field(#""Buy button/Show icon" is a boolean; give true or false, not "maybe""#)) {
            try boxes(["Buy button/Show icon": "maybe"])
        }
    }

    @Test("a variant swaps the instance to its set's component: its padding and size, the overrides kept")
    func variant() throws {
        let small = try #require(try node("2:3", ["Buy button/Size": "Small"]))
        #expect(small.componentId == "1:2" && small.id == "2:3" && small.paddingLeft == 2)
        #expect(small.componentProperties["Size"]?.value == .text("Small"))
        // The label property's value and the icon's fill (given over the Large component's) hold.
        let label = small.children.first { $0.name == "Label" }, icon = small.children.first { $0.name == "Icon" }
        #expect(label?.characters == "Buy now" && label?.id == "I2:3;1:27")
        #expect("\(icon?.fills ?? [])".contains("b: 1.0") || "\(icon?.fills ?? [])".contains("b: 1"))
        // Overrides of strokes, visibility and opacity are kept too (Figma keeps any override on a swap): the
        // label hidden and the icon half transparent on the instance stay so on the Small variant.
        var data = Self.document.replacingOccurrences(of: #""id": "I2:3;1:36", "name": "Icon", "#,
                                                      with: #""id": "I2:3;1:36", "name": "Icon", "opacity": 0.5, "#)
        data = data.replacingOccurrences(of: #""id": "I2:3;1:37", "name": "Label", "#,
                                         with: #""id": "I2:3;1:37", "name": "Label", "visible": false, "#)
        let overridden = try FigmaDocument(data: Data(data.utf8)).setting(["Buy button/Size": "Small"], of: "2:1")
            .document
        let swappedLayers = try #require(FigmaDocument.find("2:3", in: overridden.roots)).children
        #expect(swappedLayers.first { $0.name == "Icon" }?.opacity == 0.5)
        #expect(swappedLayers.first { $0.name == "Label" }?.visible == false)
        // At its place in the card, 16 points narrower and shorter (padding 2 instead of 10).
        let large = try boxes([:]), swapped = try boxes(["Buy button/Size": "Small"])
        #expect(swapped["2:3"].map { [$0.x, $0.y] } == large["2:3"].map { [$0.x, $0.y] })
        #expect(swapped["2:3"].map { $0.width + 16 } == large["2:3"]?.width)
        #expect(throws: FigmaError.field(#""Buy button/Size" has no variant "Huge"; use Small, Large"#)) {
            try boxes(["Buy button/Size": "Huge"])
        }
        // Its current value is accepted as it is.
        #expect(try boxes(["Buy button/Size": "Large"])["2:3"]?.width == large["2:3"]?.width)
    }

    @Test("an instance swap takes a component of the document by name or id")
    func instanceSwap() throws {
        for value in ["Heart", "3:2"] {
            let icon = try #require(try node("I2:3;1:36", ["Buy button/Icon": value]))
            #expect(icon.componentId == "3:2" && icon.absoluteBoundingBox?.width == 14)
        }
        #expect(throws: FigmaError.self) { try boxes(["Buy button/Icon": "Moon"]) }
    }

    @Test("an unknown name is an error naming the fields; placeholders pass through to the card")
    func unknown() throws {
        #expect(throws: FigmaError.self) { try boxes(["Colour": "red"]) }
        do {
            _ = try boxes(["Colour": "red"])
        } catch {
            #expect("\(error)".hasPrefix(#""Colour" is not a field of node 2:1; its fields are Buy button/Icon, "#))
        }
    }

    @Test("mattertype figma --set sets a property; an unknown one is one line on standard error")
    func commandLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("figma-set-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("doc.json").path
        try Data(Self.document.utf8).write(to: URL(fileURLWithPath: file))
        let run = try CLIRun(["figma", file, "--node", "2:1", "--json", "--no-system-fonts", "--set",
                              "Buy button/Show icon=false"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stdout.contains("I2:3;1:36") && run.stdout.contains("I2:3;1:37"))
        let drawn = try CLIRun(["figma", file, "--node", "2:1", "-o", folder.appendingPathComponent("a.png").path,
                                "--no-system-fonts", "--set", "Buy button/Size=Small"])
        #expect(drawn.status == 0, "\(drawn.stderr)")
        let refused = try CLIRun(["figma", file, "--node", "2:1", "--json", "--set", "Nope=1"])
        #expect(refused.status != 0 && refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains(#""Nope" is not a field of node 2:1"#))
    }
}

/// Setting the fields of our 47 real documents (Tests/MatterTypeTests/Fixtures/figma/documents).
@Suite("Figma fields set on real documents")
struct FigmaRealFieldSettingTests {
    @Test("every field of every top-level node set to the value it has changes nothing: the same card")
    func realDocuments() throws {
        var unchanged = 0
        for file in FigmaRealDocumentsTests.names {
            let data = try Gzip.decompressed(Data(contentsOf: FigmaRealDocumentsTests.folder.appendingPathComponent(file)),
                                             limit: 64 << 20)
            let figma = try FigmaDocument(data: data)
            for top in figma.topLevelNodes {
                let fields = try figma.fields(of: top.id).filter { $0.type != .placeholder }
                guard !fields.isEmpty else { continue }
                // Every field at the value it has: the same card.
                var current: [String: String] = [:]
                for field in fields {
                    switch field.defaultValue {
                    case .text(let text): current[field.name] = text
                    case .flag(let flag): current[field.name] = flag ? "true" : "false"
                    case nil: break
                    }
                }
                let same = try figma.setting(current, of: top.id).document
                #expect(try same.frame(top.id).card == figma.frame(top.id).card, "\(file) \(top.id)")
                unchanged += current.count
            }
        }
        // Every component property of their instances (FigmaFieldsTests counts 413 with Python); none of these
        // files holds the component set of an instance, so other variants are checked on the hand-made set above.
        #expect(unchanged == 413)
    }
}

extension FigmaFieldSettingTests {
    @Test("a frame converted once takes property values with its placeholders: a batch row's columns")
    func valuesOfAConvertedFrame() throws {
        let figma = try FigmaDocument(data: Data(Self.document.utf8))
        let frame = try figma.frame("2:1", renderer: Self.renderer)
        // The same boxes as setting the property before converting; a column that is no field is left alone.
        let later = try frame.nodeBoxes(values: ["Buy button/Size": "Small", "slug": "a"], renderer: Self.renderer)
        #expect(Set(later.map(\.id)) == Set(try boxes(["Buy button/Size": "Small"]).keys))
        #expect(later.first { $0.id == "2:3" }?.width == (try boxes(["Buy button/Size": "Small"]))["2:3"]?.width)
        #expect(try frame.card(values: ["Buy button/Size": "Small"]) != frame.card)
        #expect(try frame.card(values: ["Buy button/Size": "Large"]) == frame.card)
        #expect(throws: CardError.self) { try frame.card(values: ["Buy button/Show icon": "perhaps"]) }
    }

    @Test("mattertype batch takes a property as a column")
    func batchColumn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("figma-batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("doc.json").path, rows = folder.appendingPathComponent("rows.csv").path
        try Data(Self.document.utf8).write(to: URL(fileURLWithPath: file))
        try Data("slug,Buy button/Size,Buy button/Label\nsmall,Small,Go\nlarge,Large,Add to cart\n".utf8)
            .write(to: URL(fileURLWithPath: rows))
        let run = try CLIRun(["batch", file, "--node", "2:1", "--values", rows, "--out", folder.path + "/{{slug}}.png",
                              "--no-system-fonts"])
        #expect(run.status == 0, "\(run.stderr)")
        // Two different buttons drawn: the rows' own sizes and labels.
        let small = try Data(contentsOf: folder.appendingPathComponent("small.png"))
        let large = try Data(contentsOf: folder.appendingPathComponent("large.png"))
        #expect(!small.isEmpty && small != large)
    }
}

/// Figma's own layout of each variant as the check of a swap: an instance of one variant swapped to another lays
/// its layers out where Figma laid out that variant's (its exported `absoluteBoundingBox`es).
@Suite("Figma variants swapped, against Figma's layout of the variant")
struct FigmaVariantSwapTests {
    /// The variant pairs checked, and the layers compared, over the shared documents.
    @Test("every other variant of every component set in the shared documents", .enabled(if: FileManager.default
        .fileExists(atPath: FigmaDocumentTests.shared.path)))
    func sharedSets() throws {
        var pairs = 0, layers = 0
        for file in try FileManager.default.contentsOfDirectory(atPath: FigmaDocumentTests.shared.path)
        where file.hasSuffix(".json") {
            let data = try Data(contentsOf: FigmaDocumentTests.shared.appendingPathComponent(file))
            let (checkedPairs, checkedLayers) = try Self.check(data, file: file)
            pairs += checkedPairs
            layers += checkedLayers
        }
        // Tomdieu/FigmaToReact's response.json has the one set of two variants (Property 1: Default, Variant2).
        #expect(pairs >= 2 && layers >= 2, "\(pairs) pairs, \(layers) layers")
    }

    /// For each component set of `data` and each ordered pair of its variants (A, B): an instance of A added to
    /// the page (A's layers copied, as Figma exports an instance), swapped to B, and each of its layers' boxes,
    /// relative to the instance, compared with B's as Figma exported them, relative to B.
    static func check(_ data: Data, file: String) throws -> (pairs: Int, layers: Int) {
        guard var root = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { return (0, 0) }
        var sets: [[String: Any]] = []
        func collect(_ node: Any) {
            if let object = node as? [String: Any] {
                if object["type"] as? String == "COMPONENT_SET" { sets.append(object) }
                (object["children"] as? [Any])?.forEach(collect)
                if let document = object["document"] { collect(document) }
            }
        }
        collect(root)
        var pairs = 0, layers = 0
        for set in sets {
            let variants = (set["children"] as? [[String: Any]] ?? []).filter { $0["type"] as? String == "COMPONENT" }
            let definitions = set["componentPropertyDefinitions"] as? [String: Any] ?? [:]
            for a in variants {
                for b in variants where (b["id"] as? String) != (a["id"] as? String) {
                    // The property telling them apart.
                    let valuesA = FigmaDocument.variantValues(of: a["name"] as? String ?? "")
                    let valuesB = FigmaDocument.variantValues(of: b["name"] as? String ?? "")
                    guard let property = valuesB.first(where: { valuesA[$0.key] != $0.value }) else { continue }
                    var instance = Self.instance(of: a, id: "99:1")
                    var properties: [String: Any] = [:]
                    for (key, definition) in definitions {
                        guard let definition = definition as? [String: Any], let type = definition["type"] as? String
                        else { continue }
                        let value = type == "VARIANT" ? valuesA[key] as Any : definition["defaultValue"] as Any
                        properties[key] = ["type": type, "value": value]
                    }
                    instance["componentProperties"] = properties
                    // On the page, beside everything else.
                    var document = root["document"] as? [String: Any] ?? [:]
                    var pages = document["children"] as? [[String: Any]] ?? []
                    guard !pages.isEmpty else { continue }
                    pages[0]["children"] = (pages[0]["children"] as? [Any] ?? []) + [instance]
                    document["children"] = pages
                    root["document"] = document
                    let figma = try FigmaDocument(data: try JSONSerialization.data(withJSONObject: root))
                    // The instance swapped, and the variant component A drawn itself with B's value.
                    guard let aID = a["id"] as? String else { continue }
                    for drawn in ["99:1", aID] {
                        let swapped = try figma.setting([property.key: property.value], of: drawn).document
                        // The machine's fonts (make test installs Inter and the others these documents use).
                        let renderer = CardRenderer()
                        let boxes = try swapped.frame(drawn, renderer: renderer).nodeBoxes(renderer: renderer)
                        guard let origin = boxes.first(where: { $0.id == drawn }) else { continue }
                        let bBox = b["absoluteBoundingBox"] as? [String: Double] ?? [:]
                        func theirs(_ node: [String: Any]) {
                            for child in node["children"] as? [[String: Any]] ?? [] {
                                guard let id = child["id"] as? String, child["visible"] as? Bool != false,
                                      let box = child["absoluteBoundingBox"] as? [String: Double],
                                      let ours = boxes.first(where: { $0.id == "I\(drawn);\(id)" }) else { continue }
                                let relative = [box["x"]! - bBox["x"]!, box["y"]! - bBox["y"]!, box["width"]!, box["height"]!]
                                let mine = [ours.x - origin.x, ours.y - origin.y, ours.width, ours.height]
                                let off = zip(relative, mine).map { abs($0 - $1) }.max() ?? 0
                                #expect(off <= 0.5, "\(file): \(drawn) \(a["name"] ?? "") → \(b["name"] ?? ""), layer \(id): ours \(mine), Figma \(relative)")
                                layers += 1
                                theirs(child)
                            }
                        }
                        theirs(b)
                        // It takes the variant's size.
                        #expect(abs(origin.width - (bBox["width"] ?? 0)) <= 0.5 && abs(origin.height - (bBox["height"] ?? 0)) <= 0.5)
                        pairs += 1
                    }
                    root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
                }
            }
        }
        return (pairs, layers)
    }

    @Test("Examples/figma-modes.json's Button set: each variant, as an instance and drawn itself, swapped to the other")
    func exampleSet() throws {
        let data = try Data(contentsOf: FigmaVariablesTests.examples.appendingPathComponent("figma-modes.json"))
        let (pairs, layers) = try Self.check(data, file: "figma-modes.json")
        #expect(pairs == 4 && layers == 8, "\(pairs) pairs, \(layers) layers")
        // The set itself draws every variant: choosing one there is refused, saying what to draw instead.
        let figma = try FigmaDocument(data: data)
        #expect(throws: FigmaError.field("\"Size\" is a variant of the component set 5:0, which draws every variant; "
                                         + "draw one of its components or an instance of it to choose one")) {
            try figma.setting(["Size": "Large"], of: "5:0")
        }
        // A variant component's fields are its set's, its own variant values their defaults.
        let fields = try figma.fields(of: "12:0")
        #expect(fields.map(\.name) == ["Label", "Size"] && fields.last?.defaultValue == .text("Large"))
        // A text set with the variant lands on the new variant's label.
        let both = try figma.setting(["Size": "Small", "Label": "Buy"], of: "12:0").document
        let renderer = CardRenderer(registry: FontRegistry(includesSystemFonts: false))
        let boxes = try both.frame("12:0", renderer: renderer).nodeBoxes(renderer: renderer)
        #expect(boxes.first?.height == 36 && boxes.contains { $0.id == "I12:0;11:2" })
    }

    /// `component` as an instance `id` of it, exported: its layers copied with ids `I<id>;<layer>`.
    static func instance(of component: [String: Any], id: String) -> [String: Any] {
        func renamed(_ node: [String: Any]) -> [String: Any] {
            var copy = node
            copy["id"] = "I\(id);\(node["id"] as? String ?? "")"
            copy["children"] = (node["children"] as? [[String: Any]] ?? []).map(renamed)
            return copy
        }
        var instance = component
        instance["id"] = id
        instance["type"] = "INSTANCE"
        instance["componentId"] = component["id"]
        instance["children"] = (component["children"] as? [[String: Any]] ?? []).map(renamed)
        return instance
    }
}

extension FigmaFieldSettingTests {
    @Test("a hugging node drawn with a longer text is as wide as it grows, not cut at its exported size")
    func huggingNodeGrows() throws {
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples")
        let figma = try FigmaDocument(data: Data(contentsOf: examples.appendingPathComponent("figma-modes.json")))
        let frame = try figma.frame("22:0", renderer: Self.renderer)
        #expect(frame.card.width == 124)
        // The Small button hugs: padding 14, dot 10, gap 8, the label, padding 14. "A much longer label here" in
        // Noto Sans SemiBold at 14 is 171.374 wide (`hb-shape --font-size=1000 Fonts/NotoSans-SemiBold.ttf`),
        // 172 in Figma's text model.
        #expect(try frame.card(values: ["Label": "A much longer label here"]).width == 14 + 10 + 8 + 172 + 14)
        #expect(try frame.card(values: ["Label": "Get started"]).width == 124)
    }
}
