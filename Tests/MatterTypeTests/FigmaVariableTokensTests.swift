import Foundation
import MatterType
import MatterTypeCards
import MatterTypeFigma
import Testing

/// Design tokens standing in for a Figma file's variable values (DesignTokenValues.swift,
/// `FigmaVariables.takingValues(from:byMode:)`): matched by name, a Tokens Studio theme `Collection/Mode` per mode.
@Suite("Figma variables from design tokens")
struct FigmaVariableTokensTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples")

    /// A scratch folder holding `files`, removed after `body`.
    static func withFiles(_ files: [String: String], _ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("figma-tokens-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        try body(folder)
    }

    /// Examples/figma-variables.json as Figma's published-variables response gives it: ids, names and
    /// collections, no values (`GET /v1/files/:key/variables/published`).
    static func publishedVariables() throws -> Data {
        let local = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: examples
            .appendingPathComponent("figma-variables.json"))) as? [String: Any])
        let meta = try #require(local["meta"] as? [String: Any])
        let variables = try #require(meta["variables"] as? [String: [String: Any]])
        let collections = try #require(meta["variableCollections"] as? [String: [String: Any]])
        let published: [String: Any] = ["meta": [
            "variables": variables.mapValues { entry in
                ["id": entry["id"] ?? "", "subscribed_id": entry["id"] ?? "", "name": entry["name"] ?? "",
                 "key": "k", "variableCollectionId": entry["variableCollectionId"] ?? "",
                 "resolvedType": entry["resolvedType"] ?? ""]
            },
            "variableCollections": collections.mapValues { ["id": $0["id"] ?? "", "name": $0["name"] ?? "", "key": "k"] },
        ]]
        return try JSONSerialization.data(withJSONObject: published)
    }

    /// Examples/figma-modes.json's rows (frame 2:0) drawn with `variables`: the color at each row's empty right
    /// end, its page color (make-figma-modes.py: rows 88 high, 8 apart, from 24).
    static func pageColors(_ variables: FigmaVariables, modes: [String] = []) throws -> [RGBAImage.Pixel] {
        let figma = try FigmaDocument(data: Data(contentsOf: examples.appendingPathComponent("figma-modes.json")))
        let renderer = CardRenderer(registry: FontRegistry(includesSystemFonts: false))
        let frame = try figma.resolving(variables, modes: try variables.modes(modes)).document
            .frame("2:0", renderer: renderer)
        let image = try #require(PNGDecoder.decode(try renderer.encoded(frame.card, format: .png)))
        return [68, 164, 260].map { image[540, $0] }
    }

    @Test("values by token path: colors (hex, DTCG objects), dimensions in points, weights, text, booleans, math")
    func tokenValues() throws {
        let tokens = #"""
        {"color": {"$type": "color", "page": {"$value": "#203040"}, "ink": {"$value": "{color.page}"},
                   "accent": {"$value": {"colorSpace": "srgb", "components": [1, 0.5, 0], "alpha": 0.5}}},
         "space": {"$type": "dimension", "m": {"$value": "1.5rem"}, "l": {"$value": "{space.m} * 2"}},
         "weight": {"bold": {"$type": "fontWeight", "$value": "bold"}},
         "family": {"$type": "fontFamily", "$value": ["Inter", "sans-serif"]},
         "flag": {"$type": "boolean", "$value": true},
         "broken": {"$type": "color", "$value": "not a color"}}
        """#
        try Self.withFiles(["t.json": tokens]) { folder in
            let values = try DesignTokens.values(contentsOf: [folder.appendingPathComponent("t.json")])
            #expect(values["color.page"] == .color(Color(red: 0x20, green: 0x30, blue: 0x40)))
            #expect(values["color.ink"] == values["color.page"])
            #expect(values["color.accent"] == .color(Color(red: 255, green: 128, blue: 0, alpha: 128)))
            #expect(values["space.m"] == .number(24) && values["space.l"] == .number(48))
            #expect(values["weight.bold"] == .number(700))  // DTCG's weight names: bold = 700
            #expect(values["family"] == .text("Inter") && values["flag"] == .flag(true))
            #expect(values["broken"] == nil)
        }
    }

    @Test("a published-variables response (names, no values) drawn with a DTCG file's values, matched by name")
    func publishedWithTokens() throws {
        let published = try FigmaVariables(data: try Self.publishedVariables())
        #expect(published.collectionModes.map(\.collection) == ["Theme"])
        let tokens = ##"{"color": {"$type": "color", "page": {"$value": "#203040"}, "surface": {"$value": "#ffffff"}}}"##
        try Self.withFiles(["t.json": tokens]) { folder in
            let values = try DesignTokens.values(contentsOf: [folder.appendingPathComponent("t.json")])
            let (variables, matched) = published.takingValues(from: values)
            #expect(matched == 2)
            // Every row takes the token's page color: the values are the tokens', whatever mode a row sets.
            let page = RGBAImage.Pixel(red: 0x20, green: 0x30, blue: 0x40, alpha: 255)
            #expect(try Self.pageColors(variables) == [page, page, page])
        }
    }

    @Test("a Tokens Studio theme named Collection/Mode gives that mode's values; other modes take the rest")
    func themesAsModes() throws {
        let tokens = #"""
        {"light": {"color": {"page": {"value": "#E0E0E0", "type": "color"}}},
         "dark": {"color": {"page": {"value": "#202020", "type": "color"}}},
         "$themes": [{"id": "1", "name": "Light", "group": "Theme", "selectedTokenSets": {"light": "enabled"}},
                     {"id": "2", "name": "Dark", "group": "Theme", "selectedTokenSets": {"dark": "enabled"}}]}
        """#
        try Self.withFiles(["t.json": tokens]) { folder in
            let urls = [folder.appendingPathComponent("t.json")]
            #expect(try DesignTokens.themes(contentsOf: urls) == ["Theme/Light", "Theme/Dark"])
            let local = try FigmaVariables(data: Data(contentsOf: Self.examples
                .appendingPathComponent("figma-variables.json")))
            let (variables, matched) = local.takingValues(
                from: try DesignTokens.values(contentsOf: urls, themes: ["Theme/Light"]),
                byMode: ["Theme/Dark": try DesignTokens.values(contentsOf: urls, themes: ["Theme/Dark"])])
            #expect(matched == 1)
            // Rows set Light, Dark, Brand (explicitVariableModes): Dark's theme gives Dark's row; the tokens read
            // for every mode (the Light theme) give the others.
            #expect(try Self.pageColors(variables) == [
                RGBAImage.Pixel(red: 0xE0, green: 0xE0, blue: 0xE0, alpha: 255),
                RGBAImage.Pixel(red: 0x20, green: 0x20, blue: 0x20, alpha: 255),
                RGBAImage.Pixel(red: 0xE0, green: 0xE0, blue: 0xE0, alpha: 255),
            ])
            // A token of another kind than the variable's values is not taken.
            let wrongKind = local.takingValues(from: ["color.page": .number(3)])
            #expect(wrongKind.matched == 0)
        }
    }

    @Test("mattertype figma --variables --tokens draws the tokens' values; --tokens alone is refused; no match warns")
    func commandLine() throws {
        let tokens = ##"{"Theme": {"color": {"surface": {"$type": "color", "$value": "#00ff00"}}}}"##
        try Self.withFiles(["t.json": tokens, "none.json": ##"{"other": {"$type": "color", "$value": "#000"}}"##]) { folder in
            let variables = Self.examples.appendingPathComponent("figma-variables.json").path
            let document = Self.examples.appendingPathComponent("figma-modes.json").path
            let output = folder.appendingPathComponent("button.png").path
            let run = try CLIRun(["figma", document, "--node", "22:0", "--variables", variables, "--tokens",
                                  folder.appendingPathComponent("t.json").path, "--mode", "Theme=Dark", "-o", output,
                                  "--no-system-fonts"])
            #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
            // The button's surface (a collection-qualified token path, Theme.color.surface), 3 points below its top.
            let image = try #require(PNGDecoder.decode(try Data(contentsOf: URL(fileURLWithPath: output))))
            #expect(image[image.width / 2, 3] == RGBAImage.Pixel(red: 0, green: 255, blue: 0, alpha: 255))
            let alone = try CLIRun(["figma", document, "--tokens", folder.appendingPathComponent("t.json").path,
                                    "--json"])
            #expect(alone.status != 0 && alone.stderr.contains("--variables"), "\(alone.stderr)")
            let none = try CLIRun(["figma", document, "--node", "22:0", "--variables", variables, "--tokens",
                                   folder.appendingPathComponent("none.json").path, "--json"])
            #expect(none.status == 0 && none.stderr.hasPrefix("warning: no token of --tokens"), "\(none.stderr)")
        }
    }
}
