import Foundation
import MatterType
import MatterTypeCards
@testable import MatterTypeFigma
import Testing

/// Figma variables and modes (MatterTypeFigma/FigmaVariables.swift, FigmaDocument+Variables.swift): values bound to
/// variables drawn in the mode chosen.
@Suite("Figma variables")
struct FigmaVariablesTests {
    /// Our real document with the most color bindings (104: fills, strokes, gradient stops).
    static let file = "paleophonix--test--verbatica_paywall.json.gz"

    static func documentData() throws -> Data {
        try Gzip.decompressed(Data(contentsOf: FigmaRealDocumentsTests.folder.appendingPathComponent(file)),
                              limit: 64 << 20)
    }

    /// Each bound variable's color as the document was exported with it (read from its paints' own bindings).
    static func exportedColors(_ data: Data) throws -> [String: [String: Double]] {
        var colors: [String: [String: Double]] = [:]
        func visit(_ node: Any) {
            if let object = node as? [String: Any] {
                if let bound = object["boundVariables"] as? [String: Any],
                   let alias = bound["color"] as? [String: Any], let id = alias["id"] as? String,
                   let color = object["color"] as? [String: Double] {
                    colors[id] = color
                }
                object.values.forEach(visit)
            } else if let array = node as? [Any] {
                array.forEach(visit)
            }
        }
        visit(try JSONSerialization.jsonObject(with: data))
        return colors
    }

    /// A variables response (GET /v1/files/:key/variables/local's shape) of one collection "Theme": Light, the
    /// exported colors; Dark, each inverted. `leavingOut` is not in it.
    static func variables(_ colors: [String: [String: Double]], leavingOut: String? = nil) throws -> Data {
        var variables: [String: Any] = [:]
        for (id, color) in colors where id != leavingOut {
            var dark = color
            for channel in ["r", "g", "b"] { dark[channel] = 1 - (color[channel] ?? 0) }
            variables[id] = ["id": id, "name": "color/\(id)", "variableCollectionId": "VariableCollectionId:1:1",
                             "resolvedType": "COLOR", "valuesByMode": ["1:0": color, "1:1": dark]]
        }
        let collection: [String: Any] = ["id": "VariableCollectionId:1:1", "name": "Theme", "defaultModeId": "1:0",
                                         "modes": [["modeId": "1:0", "name": "Light"], ["modeId": "1:1", "name": "Dark"]]]
        return try JSONSerialization.data(withJSONObject: ["status": 200, "error": false, "meta": [
            "variables": variables, "variableCollections": ["VariableCollectionId:1:1": collection]]])
    }

    @Test("the exported values as a mode change nothing; another mode recolors every bound paint, and only those")
    func modes() throws {
        let data = try Self.documentData()
        let colors = try Self.exportedColors(data)
        #expect(colors.count == 9)
        let figma = try FigmaDocument(data: data)
        let variables = try FigmaVariables(data: try Self.variables(colors))
        let node = try #require(figma.defaultNode?.id)
        let light = figma.resolving(variables, modes: try variables.modes(["Theme=Light"]))
        #expect(light.warnings.isEmpty)
        #expect(try light.document.frame(node).card == figma.frame(node).card)
        // The default mode is Light too.
        #expect(try figma.resolving(variables, modes: [:]).document.frame(node).card == figma.frame(node).card)
        let dark = figma.resolving(variables, modes: try variables.modes(["Theme=Dark"])).document
        #expect(try dark.frame(node).card != figma.frame(node).card)
        // Every paint bound to a variable is its inverse; the others are as exported.
        var bound = 0, unbound = 0
        func compare(_ a: FigmaNode, _ b: FigmaNode) {
            for (ours, theirs) in zip(a.fills + a.strokes, b.fills + b.strokes) {
                guard let color = ours.color, let original = theirs.color else { continue }
                if theirs.boundVariables["color"] != nil {
                    let inverted: Bool = abs(color.r - (1 - original.r)) < 1e-9 && abs(color.b - (1 - original.b)) < 1e-9
                    #expect(inverted)
                    bound += 1
                } else if a.boundVariables["fills"] == nil && a.boundVariables["strokes"] == nil {
                    let same: Bool = color.r == original.r && color.g == original.g && color.b == original.b
                    #expect(same)
                    unbound += 1
                }
            }
            for (x, y) in zip(a.children, b.children) { compare(x, y) }
        }
        for (a, b) in zip(dark.roots, figma.roots) { compare(a, b) }
        // Python over the file (json + gzip) counts 38 solid fills and strokes with a color bound to a variable.
        #expect(bound == 38 && unbound > 0, "\(bound) bound, \(unbound) unbound")
    }

    @Test("a variable the file has not keeps its exported value, named once in a warning")
    func missingVariable() throws {
        let data = try Self.documentData()
        let variables = try FigmaVariables(data: try Self.variables(try Self.exportedColors(data),
                                                                    leavingOut: "VariableID:7:1163"))
        let figma = try FigmaDocument(data: data)
        let dark = figma.resolving(variables, modes: try variables.modes(["Theme=Dark"]))
        #expect(dark.warnings.map(\.message) == ["variable VariableID:7:1163 is not in the variables given; its "
                                                 + "exported value is kept"])
    }

    @Test("modes are chosen by collection and mode name; an unknown one names those there are")
    func modeNames() throws {
        let variables = try FigmaVariables(data: try Self.variables(["VariableID:1:2": ["r": 1, "g": 0, "b": 0, "a": 1]]))
        #expect(try variables.modes(["Theme=Dark"]) == ["VariableCollectionId:1:1": "1:1"])
        #expect(throws: FigmaError.field("--mode Theme=Dusk: \"Theme\" has no mode \"Dusk\"; its modes are Light, Dark")) {
            try variables.modes(["Theme=Dusk"])
        }
        #expect(throws: FigmaError.field("--mode Brand=A: no collection \"Brand\"; the collections are Theme")) {
            try variables.modes(["Brand=A"])
        }
        #expect(throws: FigmaError.self) { try FigmaVariables(data: Data("[]".utf8)) }
        #expect(throws: FigmaError.self) { try FigmaVariables(data: Data("{}".utf8)) }
    }

    @Test("a DTCG export with Figma ids (figma/sds's shape): aliases across collections, a color per mode")
    func dtcgExport() throws {
        // The shape of figma/sds's scripts/tokens/tokens.json (MIT): collections with their modes, tokens with
        // their Figma id and a value per mode name, `{@collection.path}` aliases (case aside).
        let export = #"""
            {"@color_primitives": {"$extensions": {"com.figma.sds": {"figmaId": "VariableCollectionId:3:1", "modes": ["value"]}},
               "white": {"1000": {"$type": "color", "$value": "#ffffff", "$extensions": {"com.figma.sds": {"figmaId": "VariableID:3:10", "modes": {"value": "#ffffff"}}}}},
               "gray": {"900": {"$type": "color", "$value": "#1e1e1e", "$extensions": {"com.figma.sds": {"figmaId": "VariableID:3:11", "modes": {"value": "#1e1e1e"}}}}}},
             "@color": {"$extensions": {"com.figma.sds": {"figmaId": "VariableCollectionId:3:2", "modes": ["sds_light", "sds_dark"]}},
               "background": {"default": {"$type": "color", "$value": "{@color_primitives.White.1000}", "$extensions": {"com.figma.sds": {"figmaId": "VariableID:3:20", "modes": {"sds_light": "{@color_primitives.White.1000}", "sds_dark": "{@color_primitives.Gray.900}"}}}}}},
             "@size": {"$extensions": {"com.figma.sds": {"figmaId": "VariableCollectionId:3:3", "modes": ["default"]}},
               "space": {"400": {"$type": "number", "$value": 16, "$extensions": {"com.figma.sds": {"figmaId": "VariableID:3:30", "modes": {"default": 16}}}}}}}
            """#
        let variables = try FigmaVariables(data: Data(export.utf8))
        let dark = try variables.modes(["color=sds_dark"])
        let gray: Double = 30.0 / 255.0  // #1e1e1e
        let darkGray = FigmaVariables.Value.color(red: gray, green: gray, blue: gray, alpha: 1)
        let white = FigmaVariables.Value.color(red: 1, green: 1, blue: 1, alpha: 1)
        let inDark = variables.value(of: "VariableID:3:20", modes: dark, fallback: [:])
        let inLight = variables.value(of: "VariableID:3:20", modes: [:], fallback: [:])
        let space = variables.value(of: "VariableID:3:30", modes: [:], fallback: [:])
        #expect(inDark == darkGray)
        #expect(inLight == white)
        #expect(space == .number(16))
        // Bound in a frame: its fill and its gap.
        let frame = #"""
            {"name": "T", "document": {"id": "0:0", "type": "DOCUMENT", "children": [{"id": "0:1", "type": "CANVAS", "children": [
              {"id": "1:1", "name": "F", "type": "FRAME", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 100, "height": 40},
               "layoutMode": "HORIZONTAL", "itemSpacing": 8, "boundVariables": {"itemSpacing": {"type": "VARIABLE_ALIAS", "id": "VariableID:3:30"}},
               "fills": [{"type": "SOLID", "color": {"r": 1, "g": 1, "b": 1, "a": 1}, "boundVariables": {"color": {"type": "VARIABLE_ALIAS", "id": "VariableID:3:20"}}}],
               "children": [{"id": "1:2", "name": "t", "type": "TEXT", "characters": "Hi", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 20, "height": 20},
                             "style": {"fontFamily": "Noto Sans", "fontSize": 12, "lineHeightPx": 16, "boundVariables": {"fontSize": {"type": "VARIABLE_ALIAS", "id": "VariableID:3:30"}}}}]}]}]}}
            """#
        let resolved = try FigmaDocument(data: Data(frame.utf8)).resolving(variables, modes: dark).document
        let node = try #require(FigmaDocument.find("1:1", in: resolved.roots))
        let red: Double = node.fills.first?.color?.r ?? 0
        #expect(node.itemSpacing == 16)
        #expect(abs(red - gray) < 1e-12)
        #expect(FigmaDocument.find("1:2", in: resolved.roots)?.style?.fontSize == 16)
    }

    @Test("mattertype figma --variables --mode draws a mode; --mode without --variables is refused")
    func commandLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("figma-vars-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = try Self.documentData()
        let document = folder.appendingPathComponent("doc.json").path
        let variables = folder.appendingPathComponent("variables.json").path
        try data.write(to: URL(fileURLWithPath: document))
        try Self.variables(try Self.exportedColors(data)).write(to: URL(fileURLWithPath: variables))
        let light = folder.appendingPathComponent("light.png").path, dark = folder.appendingPathComponent("dark.png").path
        for (mode, output) in [("Theme=Light", light), ("Theme=Dark", dark)] {
            let run = try CLIRun(["figma", document, "--variables", variables, "--mode", mode, "-o", output,
                                  "--no-system-fonts"])
            #expect(run.status == 0, "\(run.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: light)) != Data(contentsOf: URL(fileURLWithPath: dark)))
        let refused = try CLIRun(["figma", document, "--mode", "Theme=Dark", "--json"])
        #expect(refused.status != 0 && refused.stderr.contains("--variables"))
    }
}

extension FigmaVariablesTests {
    /// The repository's Examples folder.
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples")

    @Test("Examples/figma-modes.json: each row drawn in the mode its frame sets, each variant its own size")
    func modesExample() throws {
        let figma = try FigmaDocument(data: Data(contentsOf: Self.examples.appendingPathComponent("figma-modes.json")))
        let variables = try FigmaVariables(data: Data(contentsOf: Self.examples
            .appendingPathComponent("figma-variables.json")))
        let renderer = CardRenderer(registry: FontRegistry(includesSystemFonts: false))
        let frame = try figma.resolving(variables, modes: [:]).document.frame("2:0", renderer: renderer)
        let image = try #require(PNGDecoder.decode(try renderer.encoded(frame.card, format: .png)))
        // Each row's empty right end is its mode's page color (make-figma-modes.py): Light #F4F6FA, Dark #10141C,
        // Brand #FFF4E8 — rows 88 high, 8 apart, from 24.
        let expected: [(Int, RGBAImage.Pixel)] = [
            (68, RGBAImage.Pixel(red: 0xF4, green: 0xF6, blue: 0xFA, alpha: 255)),
            (164, RGBAImage.Pixel(red: 0x10, green: 0x14, blue: 0x1C, alpha: 255)),
            (260, RGBAImage.Pixel(red: 0xFF, green: 0xF4, blue: 0xE8, alpha: 255)),
        ]
        for (y, color) in expected { #expect(image[540, y] == color, "row at \(y)") }
        // A mode chosen for the whole collection wins over the rows' own: every row dark.
        let dark = try figma.resolving(variables, modes: try variables.modes(["Theme=Dark"])).document
        let darkImage = try #require(PNGDecoder.decode(try renderer.encoded(dark.frame("2:0", renderer: renderer).card,
                                                                             format: .png)))
        for (y, _) in expected { #expect(darkImage[540, y] == expected[1].1, "row at \(y)") }
    }
}

extension FigmaVariablesTests {
    @Test("a converted frame takes a mode as a value (a batch column, a query parameter), with property values too")
    func modeAsValue() throws {
        let figma = try FigmaDocument(data: Data(contentsOf: Self.examples.appendingPathComponent("figma-modes.json")))
        let variables = try FigmaVariables(data: Data(contentsOf: Self.examples
            .appendingPathComponent("figma-variables.json")))
        let renderer = CardRenderer(registry: FontRegistry(includesSystemFonts: false))
        let frame = try figma.resolving(variables, modes: [:]).document.frame("2:0", renderer: renderer)
        let darkFrame = try figma.resolving(variables, modes: try variables.modes(["Theme=Dark"])).document
            .frame("2:0", renderer: renderer)
        #expect(try frame.card(values: ["mode": "Theme=Dark"]) == darkFrame.card)
        // The mode it was converted in: nothing to convert again. (Light given is not the default: it overrides
        // the rows' own modes, as --mode does.)
        #expect(try darkFrame.card(values: ["mode": "Theme=Dark"]) == darkFrame.card)
        #expect(try frame.card(values: ["mode": "Theme=Light"]) != frame.card)
        // A mode and a variant together: the same as setting both before converting.
        let both = try figma.resolving(variables, modes: try variables.modes(["Theme=Brand"])).document
            .setting(["Button Small/Size (22:0)": "Large"], of: "2:0").document.frame("2:0", renderer: renderer).card
        #expect(try frame.card(values: ["mode": "Theme=Brand", "Button Small/Size (22:0)": "Large"]) == both)
        #expect(throws: CardError.self) { try frame.card(values: ["mode": "Theme=Sepia"]) }
    }

    @Test("mattertype batch draws a Figma template in each row's mode and variant")
    func batchModes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("figma-modes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let rows = folder.appendingPathComponent("rows.csv").path
        try Data("slug,mode,Button Small/Size (22:0)\nlight,Theme=Light,Small\ndark,Theme=Dark,Large\n".utf8)
            .write(to: URL(fileURLWithPath: rows))
        let run = try CLIRun(["batch", Self.examples.appendingPathComponent("figma-modes.json").path, "--node", "2:0",
                              "--variables", Self.examples.appendingPathComponent("figma-variables.json").path,
                              "--values", rows, "--out", folder.path + "/{{slug}}.png", "--no-system-fonts"])
        #expect(run.status == 0, "\(run.stderr)")
        let light = try #require(PNGDecoder.decode(try Data(contentsOf: folder.appendingPathComponent("light.png"))))
        let dark = try #require(PNGDecoder.decode(try Data(contentsOf: folder.appendingPathComponent("dark.png"))))
        // The first row's right end: Light's page color, then Dark's (make-figma-modes.py).
        #expect(light[540, 68] == RGBAImage.Pixel(red: 0xF4, green: 0xF6, blue: 0xFA, alpha: 255))
        #expect(dark[540, 68] == RGBAImage.Pixel(red: 0x10, green: 0x14, blue: 0x1C, alpha: 255))
    }
}

extension FigmaVariablesTests {
    @Test("batch --matrix draws a component in every variant × mode, each named by its combination")
    func matrix() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("figma-matrix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = Self.examples.appendingPathComponent("figma-modes.json").path
        let run = try CLIRun(["batch", document, "--node", "22:0", "--matrix", "--variables",
                              Self.examples.appendingPathComponent("figma-variables.json").path,
                              "--out", folder.path + "/{{matrix}}.png", "--no-system-fonts"])
        #expect(run.status == 0, "\(run.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ["Large-Brand.png", "Large-Dark.png", "Large-Light.png", "Small-Brand.png", "Small-Dark.png",
                          "Small-Light.png"])
        // Each variant's own size (make-figma-modes.py: Small 124 × 36, Large 170 × 53), each mode's surface
        // color in the middle of the button's left padding.
        let large = try #require(PNGDecoder.decode(try Data(contentsOf: folder.appendingPathComponent("Large-Dark.png"))))
        let small = try #require(PNGDecoder.decode(try Data(contentsOf: folder.appendingPathComponent("Small-Brand.png"))))
        #expect(large.width == 170 && large.height == 53 && small.width == 124 && small.height == 36)
        #expect(large[12, 26] == RGBAImage.Pixel(red: 0x1E, green: 0x25, blue: 0x32, alpha: 255))
        #expect(small[7, 18] == RGBAImage.Pixel(red: 0xFF, green: 0x6A, blue: 0x3D, alpha: 255))
        // Nothing to expand on a card document; neither rows nor --matrix is refused.
        let card = try CLIRun(["batch", Self.examples.appendingPathComponent("card.json").path, "--matrix",
                               "--out", folder.path + "/{{matrix}}.png"])
        #expect(card.status != 0 && card.stderr.contains("--matrix"))
        let nothing = try CLIRun(["batch", document, "--out", folder.path + "/x.png"])
        #expect(nothing.status != 0 && nothing.stderr.contains("--values"))
    }
}
