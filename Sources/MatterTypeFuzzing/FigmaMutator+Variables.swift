import Foundation

extension FigmaMutator {
    /// Variables for the generated documents' bindings (a `GET /v1/files/:key/variables/local` response): a `Theme`
    /// collection whose `Odd` mode holds values Figma allows but a layout strains at (negative spacing, a "full"
    /// radius, a huge size, a transparent color, an empty label), a `Density` collection, an alias, and an alias
    /// cycle.
    static let builtInVariables = Data(#"""
        {"status": 200, "error": false, "meta": {
         "variableCollections": {
          "C:1": {"id": "C:1", "name": "Theme", "defaultModeId": "1:0",
                  "modes": [{"modeId": "1:0", "name": "Light"}, {"modeId": "1:1", "name": "Dark"}, {"modeId": "1:2", "name": "Odd"}]},
          "C:2": {"id": "C:2", "name": "Density", "defaultModeId": "2:0",
                  "modes": [{"modeId": "2:0", "name": "Compact"}, {"modeId": "2:1", "name": "Comfortable"}]}},
         "variables": {
          "V:1": {"id": "V:1", "name": "color/surface", "variableCollectionId": "C:1", "resolvedType": "COLOR",
                  "valuesByMode": {"1:0": {"r": 1, "g": 1, "b": 1, "a": 1}, "1:1": {"r": 0.1, "g": 0.1, "b": 0.15, "a": 1},
                                   "1:2": {"r": 0, "g": 0, "b": 0, "a": 0}}},
          "V:2": {"id": "V:2", "name": "color/ink", "variableCollectionId": "C:1", "resolvedType": "COLOR",
                  "valuesByMode": {"1:0": {"type": "VARIABLE_ALIAS", "id": "V:1"}, "1:1": {"r": 0.9, "g": 0.9, "b": 1, "a": 1}}},
          "V:3": {"id": "V:3", "name": "space", "variableCollectionId": "C:2", "resolvedType": "FLOAT",
                  "valuesByMode": {"2:0": 4, "2:1": 24}},
          "V:4": {"id": "V:4", "name": "odd/number", "variableCollectionId": "C:1", "resolvedType": "FLOAT",
                  "valuesByMode": {"1:0": 12, "1:1": -12, "1:2": 16777200}},
          "V:5": {"id": "V:5", "name": "odd/size", "variableCollectionId": "C:1", "resolvedType": "FLOAT",
                  "valuesByMode": {"1:0": 48, "1:1": 0, "1:2": 1000000}},
          "V:6": {"id": "V:6", "name": "show", "variableCollectionId": "C:1", "resolvedType": "BOOLEAN",
                  "valuesByMode": {"1:0": true, "1:1": false, "1:2": true}},
          "V:7": {"id": "V:7", "name": "label", "variableCollectionId": "C:1", "resolvedType": "STRING",
                  "valuesByMode": {"1:0": "Hello", "1:1": "A much longer label that wraps onto more lines", "1:2": ""}},
          "V:8": {"id": "V:8", "name": "weight", "variableCollectionId": "C:1", "resolvedType": "FLOAT",
                  "valuesByMode": {"1:0": 400, "1:1": 700, "1:2": 1}},
          "V:9": {"id": "V:9", "name": "family", "variableCollectionId": "C:1", "resolvedType": "STRING",
                  "valuesByMode": {"1:0": "Noto Sans", "1:1": "Noto Serif", "1:2": "No Such Family"}},
          "V:10": {"id": "V:10", "name": "cycle/a", "variableCollectionId": "C:1", "resolvedType": "FLOAT",
                   "valuesByMode": {"1:0": {"type": "VARIABLE_ALIAS", "id": "V:11"}}},
          "V:11": {"id": "V:11", "name": "cycle/b", "variableCollectionId": "C:1", "resolvedType": "FLOAT",
                   "valuesByMode": {"1:0": {"type": "VARIABLE_ALIAS", "id": "V:10"}}}}}}
        """#.utf8)

    /// The keys a node binds (each with the variables it may bind, `VariableID:missing` among them: a variable
    /// the file has not), and where: the node's own `boundVariables`, or its text style's.
    private static let bindings: [(key: String, ids: [String], inStyle: Bool)] = [
        ("fills", ["V:1", "V:2", "V:4"], false), ("strokes", ["V:2"], false),
        ("itemSpacing", ["V:3", "V:4", "V:10"], false), ("paddingLeft", ["V:3", "V:4"], false),
        ("paddingTop", ["V:3"], false), ("topLeftRadius", ["V:4"], false), ("opacity", ["V:4", "V:3"], false),
        ("visible", ["V:6", "V:1"], false), ("characters", ["V:7"], false), ("width", ["V:5"], false),
        ("height", ["V:5"], false), ("minWidth", ["V:5"], false), ("strokeWeight", ["V:3"], false),
        ("fontSize", ["V:4", "V:3"], true), ("fontWeight", ["V:8"], true), ("fontFamily", ["V:9", "V:7"], true),
        ("lineHeight", ["V:5", "V:3"], true), ("letterSpacing", ["V:4"], true),
    ]

    /// Binds one to four nodes of `tree` to ``builtInVariables`` (or a variable it has not), and the mode to draw
    /// in as the `mode` value: a real one, several, or names it has not.
    static func bindVariables(_ tree: Any, nodes count: Int, values: inout [String: String],
                              _ random: inout SeededGenerator) -> Any {
        var tree = tree
        for _ in 0..<Int.random(in: 1...4, using: &random) where count > 0 {
            let binding = random.pick(bindings)
            let id = random.pick(binding.ids, else: ["VariableID:missing"])
            let alias: Any = ["type": "VARIABLE_ALIAS", "id": id]
            let value: Any = binding.key == "fills" || binding.key == "strokes" ? [alias] : alias
            tree = changingNode(tree, at: Int.random(in: 0..<count, using: &random)) { node in
                if binding.inStyle {
                    var style = node["style"] as? [String: Any] ?? [:]
                    var bound = style["boundVariables"] as? [String: Any] ?? [:]
                    bound[binding.key] = value
                    style["boundVariables"] = bound
                    node["style"] = style
                } else {
                    var bound = node["boundVariables"] as? [String: Any] ?? [:]
                    bound[binding.key] = value
                    node["boundVariables"] = bound
                }
            }
        }
        values["mode"] = random.pick(["Theme=Dark", "Theme=Odd", "Theme=Light,Density=Comfortable", "Density=Compact"],
                                     else: ["Theme=Sepia", "Theme", "=", "", "Nope=Dark"])
        return tree
    }
}
