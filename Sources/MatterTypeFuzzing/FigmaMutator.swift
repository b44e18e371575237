import Foundation
import MatterTypeFigma

/// Figma documents for the request generator: a real document (the shared ones a test passes, or
/// ``builtInDocument``) with a few of its nodes changed at random — layout modes, sizing, spacing, boxes, text and
/// its styles, paints, strokes, effects, path data, transforms, types — to values Figma writes and to values it
/// never would.
struct FigmaMutator {
    let documents: [Data]

    /// The mutated document for `random`, values for its placeholders (and fields, and a mode), and (one time in
    /// four) the variables its nodes were bound to (``builtInVariables``).
    func document(_ random: inout SeededGenerator) -> (body: Data, values: [String: String], variables: Data?) {
        // The built-in document (the first) half the time: real documents are large, and slow to lay out.
        let source = random.chance(0.5) ? documents[0] : documents[Int.random(in: 0..<documents.count, using: &random)]
        guard var tree = try? JSONSerialization.jsonObject(with: source) else { return (source, [:], nil) }
        var count = 0
        Self.countNodes(tree, into: &count)
        for _ in 0..<Int.random(in: 1...6, using: &random) where count > 0 {
            let target = Int.random(in: 0..<count, using: &random)
            tree = Self.changingNode(tree, at: target) { node in change(&node, &random) }
        }
        var body = (try? JSONSerialization.data(withJSONObject: tree)) ?? source
        var values = random.chance(0.9) ? ["title": random.pick(RequestGenerator.pieces) + random.pick(["", " and more words to wrap"])] : [:]
        if random.chance(0.3) { Self.setFields(of: body, into: &values, &random) }
        guard random.chance(0.25) else { return (body, values, nil) }
        tree = Self.bindVariables(tree, nodes: count, values: &values, &random)
        body = (try? JSONSerialization.data(withJSONObject: tree)) ?? body
        return (body, values, Self.builtInVariables)
    }

    /// One or two component property fields of the document's first top-level node (the one the checker draws)
    /// given values: a variant's options, a boolean's words, a text, a component's id or name, and values none of
    /// them takes.
    private static func setFields(of body: Data, into values: inout [String: String], _ random: inout SeededGenerator) {
        guard let figma = try? FigmaDocument(data: body), let first = figma.topLevelNodes.first,
              let fields = try? figma.fields(of: first.id).filter({ $0.type != .placeholder }), !fields.isEmpty else {
            return
        }
        for _ in 0..<Int.random(in: 1...2, using: &random) {
            let field = random.pick(fields)
            let value: String = switch field.type {
            case .variant: random.pick(field.options ?? ["Default"], else: ["", "Nope", "Size=Large"])
            case .boolean: random.pick(["true", "false"], else: ["maybe", "", "1"])
            case .text: random.pick(RequestGenerator.pieces) + random.pick(["", " and more words to wrap"])
            case .instance: random.pick(["0:1", "1:2", "Icon"], else: ["", "\u{0}"])
            case .placeholder: ""
            }
            values[field.name] = value
        }
    }

    /// Counts the objects with a `type` (nodes) in `tree`.
    private static func countNodes(_ tree: Any, into count: inout Int) {
        if let object = tree as? [String: Any] {
            if object["type"] is String, object["id"] != nil { count += 1 }
            for value in object.values { countNodes(value, into: &count) }
        } else if let array = tree as? [Any] {
            for item in array { countNodes(item, into: &count) }
        }
    }

    /// `tree` with its `target`-th node (in the order the walk meets them) changed by `change`.
    static func changingNode(_ tree: Any, at target: Int, _ change: (inout [String: Any]) -> Void) -> Any {
        var remaining = target
        func visit(_ tree: Any) -> Any {
            if var object = tree as? [String: Any] {
                if object["type"] is String, object["id"] != nil {
                    if remaining == 0 {
                        remaining -= 1
                        change(&object)
                        return object
                    }
                    remaining -= 1
                }
                for (key, value) in object where remaining >= 0 {
                    if value is [String: Any] || value is [Any] { object[key] = visit(value) }
                }
                return object
            }
            if let array = tree as? [Any] { return array.map { remaining >= 0 ? visit($0) : $0 } }
            return tree
        }
        return visit(tree)
    }

    private static let paths = ["M0 0L40 0L20 30Z", "M20 2A18 18 0 1 1 19.9 2Z", "M0 0h40v40h-40z m10 10v20h20v-20z",
                                "M0 20C0 0 40 0 40 20S0 40 20 40Q30 50 40 40T60 60", "M-1e6 -1e6L1e6 1e6L-1e6 1e6Z",
                                "M0 0 X", "", "M1e308 0L0 1e308Z"]

    private static func color(_ random: inout SeededGenerator) -> [String: Any] {
        ["r": random.pick([0, 0.5, 1], else: [-1, 7]), "g": random.pick([0, 0.2, 1]), "b": random.pick([0, 1]),
         "a": random.pick([1, 0.5, 0], else: [3])]
    }

    private static func paint(_ random: inout SeededGenerator) -> [String: Any] {
        let type = random.pick(["SOLID", "SOLID", "GRADIENT_LINEAR", "GRADIENT_RADIAL", "GRADIENT_ANGULAR",
                                "GRADIENT_DIAMOND", "IMAGE"], else: ["EMOJI", ""])
        var paint: [String: Any] = ["type": type, "color": color(&random)]
        if random.chance(0.2) { paint["opacity"] = random.pick([0, 0.4, 1], else: [-2, 9]) }
        if random.chance(0.1) { paint["visible"] = false }
        if type.hasPrefix("GRADIENT") {
            let handles: [[String: Any]] = random.pick([
                [["x": 0, "y": 0.5], ["x": 1, "y": 0.5], ["x": 0, "y": 1]],
                [["x": 0.5, "y": 0.5], ["x": 0.5, "y": 0.5], ["x": 0.5, "y": 0.5]],  // degenerate
                [["x": 0, "y": 0], ["x": 1e9, "y": 1]],
            ], else: [[]])
            paint["gradientHandlePositions"] = handles
            paint["gradientStops"] = random.pick([
                [["position": 0, "color": color(&random)], ["position": 1, "color": color(&random)]],
                [["position": 0.5, "color": color(&random)]],
            ], else: [[], [["position": -3, "color": color(&random)], ["position": 9, "color": color(&random)]]])
        }
        if type == "IMAGE" {
            paint["imageRef"] = random.pick(["0123abcd", "../../etc/passwd"])
            paint["scaleMode"] = random.pick(["FILL", "FIT", "CROP", "TILE"])
            if random.chance(0.5) {
                paint["imageTransform"] = random.pick([[[0.5, 0, 0.25], [0, 1, 0]], [[0, 1, 0], [-1, 0, 1]]],
                                                      else: [[[1, 0]], [[0, 0, 0], [0, 0, 0]]])
            }
            if random.chance(0.5) { paint["scalingFactor"] = random.pick([0.5, 2], else: [0, -1, 1e-9]) }
        }
        return paint
    }

    /// Values of every JSON kind, for any property: numbers Figma writes and ones it never would, the enum words
    /// of its schema, booleans, arrays and objects of the shapes its properties take, and null.
    /// (Made on each use: `[Any]` is not `Sendable`, so it cannot be a shared constant.)
    static var anyValues: [Any] { [
        0, 1, -1, 0.5, 16, 400, 16777200, -1e6, 1e300, true, false, NSNull(), "", "bogus",
        "NONE", "AUTO", "FIXED", "HUG", "FILL", "MIN", "CENTER", "MAX", "STRETCH", "SPACE_BETWEEN", "BASELINE", "WRAP",
        "ABSOLUTE", "GRID", "HORIZONTAL", "VERTICAL", "INSIDE", "OUTSIDE", "ROUND", "SQUARE", "MITER", "BEVEL",
        "LINE_ARROW", "ORDERED", "UNORDERED", "ENDING", "UPPER", "SMALL_CAPS_FORCED", "UNDERLINE", "PROGRESSIVE",
        "LUMINANCE", "ALPHA", "TILE", "FIT", "CROP", "SCALE", "LEFT_RIGHT", "TOP_BOTTOM", "MULTIPLY", "TEXTURE",
        "NOISE", "PATTERN", "URL", "repeat(3, minmax(0, 1fr))", "120px auto 1fr", "repeat(1000000, 1fr)",
        [], [0, 1], [4, 2], ["ORDERED", "UNORDERED", "NONE"], [-1, 1e300], [[1, 0, 5], [0, 1, 5]],
        [:], ["x": 1, "y": 2], ["x": 0, "y": 0, "width": 10, "height": 10], ["r": 1, "g": 0, "b": 0, "a": 1],
        ["type": "URL", "url": "https://example.com"], ["TNUM": 1, "LIGA": 0], ["exposure": 0.5, "contrast": -2],
        ["1": ["fills": [["type": "SOLID", "color": ["r": 1, "g": 0, "b": 0, "a": 1]]]], "2": NSNull()],
        ["vertical": "BOTTOM", "horizontal": "SCALE"], ["top": 1, "right": 0, "bottom": 4, "left": 2],
    ] }

    /// A property of ``FigmaSupport/rows`` (the REST API's whole list) set on the node, on its text style, on a
    /// paint or an effect of it, or on its constraints or layout grids, to any value: every property Figma
    /// documents is sent, plausible or hostile. `row` picks the property (by its index in the list), `value` the
    /// value (by its index in ``anyValues``).
    static func setProperty(_ row: Int, value: Int, on node: inout [String: Any]) {
        let property = FigmaSupport.rows[row % FigmaSupport.rows.count]
        let value = anyValues[value % anyValues.count]
        switch property.group {
        case "node type":
            node["type"] = property.name
        case "node":
            node[property.name] = value
        case "type style":
            var style = node["style"] as? [String: Any] ?? [:]
            style[property.name] = value
            node["style"] = style
        case "paint type", "paint":
            var paints = node["fills"] as? [[String: Any]] ?? []
            var paint = paints.first ?? ["type": "SOLID", "color": ["r": 0, "g": 0, "b": 1, "a": 1]]
            if property.group == "paint type" { paint["type"] = property.name } else { paint[property.name] = value }
            paints = [paint] + paints.dropFirst()
            node["fills"] = paints
        case "effect type", "effect":
            var effect: [String: Any] = ["type": "DROP_SHADOW", "radius": 4, "visible": true]
            if property.group == "effect type" { effect["type"] = property.name } else { effect[property.name] = value }
            node["effects"] = [effect]
        default:
            // layout: LayoutConstraint.* and LayoutGrid.*
            let parts = property.name.split(separator: ".").map(String.init)
            guard parts.count == 2 else { return }
            if parts[0] == "LayoutConstraint" {
                var constraints = node["constraints"] as? [String: Any] ?? [:]
                constraints[parts[1]] = value
                node["constraints"] = constraints
            } else {
                node["layoutGrids"] = [[parts[1]: value]]
            }
        }
    }

    /// The document `tree` with property `row` set to value `value` on one of its nodes (the `row`-th, counting
    /// round), as JSON.
    static func withProperty(_ row: Int, value: Int, in tree: Any) -> Data {
        var count = 0
        countNodes(tree, into: &count)
        let changed = changingNode(tree, at: count > 0 ? row % count : 0) { setProperty(row, value: value, on: &$0) }
        return (try? JSONSerialization.data(withJSONObject: changed)) ?? builtInDocument
    }

    /// One change to a node.
    private func change(_ node: inout [String: Any], _ random: inout SeededGenerator) {
        switch Int.random(in: 0..<17, using: &random) {
        case 16:
            Self.setProperty(Int.random(in: 0..<FigmaSupport.rows.count, using: &random),
                             value: Int.random(in: 0..<Self.anyValues.count, using: &random), on: &node)
        case 0:
            node["layoutMode"] = random.pick(["HORIZONTAL", "VERTICAL", "NONE"], else: ["GRID", "DIAGONAL"])
            if random.chance(0.3) { node["layoutWrap"] = random.pick(["WRAP", "NO_WRAP"]) }
        case 1:
            node[random.pick(["layoutSizingHorizontal", "layoutSizingVertical"])] = random.pick(["FIXED", "HUG", "FILL"], else: ["AUTO"])
            if random.chance(0.3) { node["layoutGrow"] = random.pick([0, 1], else: [-1, 5]) }
            if random.chance(0.3) { node["layoutAlign"] = random.pick(["STRETCH", "INHERIT", "MIN", "CENTER", "MAX"]) }
            if random.chance(0.2) { node["layoutPositioning"] = random.pick(["ABSOLUTE", "AUTO"]) }
        case 2:
            node[random.pick(["itemSpacing", "paddingLeft", "paddingTop", "counterAxisSpacing", "minWidth", "maxWidth",
                              "minHeight", "maxHeight"])] = random.pick([0, 8, 24], else: [-10, 1e7, 1e300])
        case 3:
            node["primaryAxisAlignItems"] = random.pick(["MIN", "CENTER", "MAX", "SPACE_BETWEEN"])
            node["counterAxisAlignItems"] = random.pick(["MIN", "CENTER", "MAX", "BASELINE"])
            node["primaryAxisSizingMode"] = random.pick(["FIXED", "AUTO"])
            node["counterAxisSizingMode"] = random.pick(["FIXED", "AUTO"])
        case 4:
            var box = node["absoluteBoundingBox"] as? [String: Any] ?? [:]
            box[random.pick(["x", "y", "width", "height"])] = random.pick([0, 17.5, 300], else: [-50, 1e9, 1e300])
            node["absoluteBoundingBox"] = random.chance(0.05) ? NSNull() : box
        case 5:
            node["characters"] = random.pick(["{{title}}", "Hello {{title}}!", "{{title}}\n{{title}}", "",
                                              random.pick(RequestGenerator.pieces)])
        case 6:
            var style = node["style"] as? [String: Any] ?? [:]
            style["fontSize"] = random.pick([12, 16, 48], else: [0, -3, 1e6])
            style["fontFamily"] = random.pick(["Noto Sans", "Inter", "Roboto", "No Such Family"])
            style["fontStyle"] = random.pick(["Regular", "Bold Italic", "Semi Bold", "Wide"])
            style["lineHeightUnit"] = random.pick(["PIXELS", "FONT_SIZE_%", "INTRINSIC_%"])
            style["lineHeightPx"] = random.pick([20, 24.5, 0], else: [-4, 1e9])
            style["letterSpacing"] = random.pick([0, 0.5, -1], else: [1e5])
            style["textAutoResize"] = random.pick(["NONE", "HEIGHT", "WIDTH_AND_HEIGHT", "TRUNCATE"])
            if random.chance(0.3) { style["textCase"] = random.pick(["UPPER", "LOWER", "TITLE", "SMALL_CAPS"]) }
            if random.chance(0.3) { style["textAlignHorizontal"] = random.pick(["LEFT", "CENTER", "RIGHT", "JUSTIFIED"]) }
            if random.chance(0.2) { style["textTruncation"] = "ENDING"; style["maxLines"] = random.pick([1, 2], else: [-1]) }
            if random.chance(0.2) { style["paragraphSpacing"] = random.pick([0, 12], else: [-20]) }
            if random.chance(0.2) { style["leadingTrim"] = random.pick(["CAP_HEIGHT", "NONE"] as [Any], else: [7]) }
            if random.chance(0.2) { node["layoutVersion"] = random.pick([0, 4, 5] as [Any], else: ["zero", -1]) }
            node["style"] = style
        case 7:
            node["characterStyleOverrides"] = random.pick([[0, 1, 1, 2], [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
                                                           [], [5, 9]], else: [[-1]])
            node["styleOverrideTable"] = ["1": ["fontWeight": random.pick([700, 300]), "fills": [Self.paint(&random)]],
                                          "2": ["fontSize": random.pick([8, 30], else: [-1]), "textDecoration": "UNDERLINE"]]
        case 8:
            node["fills"] = (0..<Int.random(in: 0...3, using: &random)).map { _ in Self.paint(&random) }
        case 9:
            node["strokes"] = [Self.paint(&random)]
            node["strokeWeight"] = random.pick([0, 1, 4], else: [-1, 1e6])
            node["strokeAlign"] = random.pick(["INSIDE", "OUTSIDE", "CENTER"])
            if random.chance(0.3) { node["individualStrokeWeights"] = ["top": 1, "right": 0, "bottom": 4, "left": 2] }
            if random.chance(0.2) { node["strokeDashes"] = [4, 2] }
        case 10:
            node["effects"] = [["type": random.pick(["DROP_SHADOW", "INNER_SHADOW", "LAYER_BLUR", "BACKGROUND_BLUR"]),
                                "radius": random.pick([0, 4, 40], else: [-5, 1e9]), "spread": random.pick([0, 4], else: [1e6]),
                                "offset": ["x": random.pick([0, 4, -300]), "y": 8], "color": Self.color(&random),
                                "visible": random.pick([true, true, false])]]
        case 11:
            node["fillGeometry"] = [["path": random.pick(Self.paths), "windingRule": random.pick(["NONZERO", "EVENODD"])]]
            if random.chance(0.5) { node["strokeGeometry"] = [["path": random.pick(Self.paths)]] }
        case 12:
            node["relativeTransform"] = random.pick([[[0, 1, 10], [-1, 0, 30]], [[0.7071, -0.7071, 0], [0.7071, 0.7071, 0]],
                                                     [[-1, 0, 0], [0, 1, 0]]], else: [[[0, 0, 0], [0, 0, 0]], [[1e300, 0, 0]]])
            if random.chance(0.5) { node["size"] = ["x": random.pick([10, 200]), "y": random.pick([5, 80])] }
        case 13:
            node["type"] = random.pick(["FRAME", "GROUP", "TEXT", "RECTANGLE", "ELLIPSE", "LINE", "VECTOR",
                                        "BOOLEAN_OPERATION", "INSTANCE", "SECTION"], else: ["STICKY", "WIDGET", ""])
        case 14:
            if random.chance(0.5) { node["visible"] = false } else { node["opacity"] = random.pick([0, 0.5], else: [-1, 3]) }
            if random.chance(0.3) { node["clipsContent"] = true }
            if random.chance(0.2) { node["isMask"] = true }
            if random.chance(0.2) {
                node["blendMode"] = random.pick(["MULTIPLY", "SCREEN", "LINEAR_BURN", "HUE"], else: ["BOGUS"])
            }
        default:
            // Keys taken out, or a child copied in (deeper nesting, repeated ids).
            if random.chance(0.5) {
                node.removeValue(forKey: random.pick(["absoluteBoundingBox", "style", "children", "fills", "characters"]))
            } else if var children = node["children"] as? [Any], let first = children.first {
                children.append(random.chance(0.5) ? first : ["id": "x:1", "type": "FRAME", "children": [first]])
                node["children"] = children
            }
            node["rectangleCornerRadii"] = random.pick([[0, 4, 8, 12]], else: [[1, 2], [-3, 0, 0, 0]])
            node["cornerRadius"] = random.pick([0, 8, 1e6], else: [-2])
        }
    }

    /// A small Figma file (the REST API's form) holding one of each node, layout and paint kind, for when no real
    /// documents are given.
    static let builtInDocument = Data(#"""
        {"name": "Fuzz", "document": {"id": "0:0", "type": "DOCUMENT", "children": [{"id": "0:1", "type": "CANVAS", "children": [
         {"id": "1:1", "name": "Card", "type": "FRAME", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 320, "height": 180},
          "fills": [{"type": "GRADIENT_LINEAR", "gradientHandlePositions": [{"x": 0, "y": 0}, {"x": 1, "y": 1}, {"x": 0, "y": 1}],
                     "gradientStops": [{"position": 0, "color": {"r": 0.04, "g": 0.12, "b": 0.23, "a": 1}},
                                       {"position": 1, "color": {"r": 0.23, "g": 0.53, "b": 1, "a": 1}}]}],
          "clipsContent": true, "cornerRadius": 16, "effects": [{"type": "DROP_SHADOW", "radius": 8, "offset": {"x": 0, "y": 4},
                                                                  "color": {"r": 0, "g": 0, "b": 0, "a": 0.3}}],
          "children": [
           {"id": "1:2", "name": "Column", "type": "FRAME", "layoutMode": "VERTICAL", "itemSpacing": 8, "paddingLeft": 16,
            "paddingRight": 16, "paddingTop": 16, "paddingBottom": 16, "primaryAxisSizingMode": "AUTO",
            "counterAxisSizingMode": "FIXED", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 320, "height": 120},
            "children": [
             {"id": "1:3", "name": "Title", "type": "TEXT", "characters": "{{title}}",
              "absoluteBoundingBox": {"x": 16, "y": 16, "width": 288, "height": 32}, "layoutSizingHorizontal": "FILL",
              "layoutSizingVertical": "HUG", "fills": [{"type": "SOLID", "color": {"r": 1, "g": 1, "b": 1, "a": 1}}],
              "style": {"fontFamily": "Noto Sans", "fontStyle": "Bold", "fontWeight": 700, "fontSize": 24,
                        "lineHeightPx": 32, "lineHeightUnit": "PIXELS", "textAutoResize": "HEIGHT", "letterSpacing": 0}},
             {"id": "1:4", "name": "Row", "type": "FRAME", "layoutMode": "HORIZONTAL", "itemSpacing": 6,
              "counterAxisAlignItems": "CENTER", "absoluteBoundingBox": {"x": 16, "y": 56, "width": 120, "height": 20},
              "children": [
               {"id": "1:5", "name": "Dot", "type": "ELLIPSE", "absoluteBoundingBox": {"x": 16, "y": 58, "width": 16, "height": 16},
                "fills": [{"type": "SOLID", "color": {"r": 1, "g": 0.82, "b": 0.4, "a": 1}}],
                "strokes": [{"type": "SOLID", "color": {"r": 1, "g": 1, "b": 1, "a": 1}}], "strokeWeight": 2, "strokeAlign": "OUTSIDE"},
               {"id": "1:6", "name": "Byline", "type": "TEXT", "characters": "Ada Lovelace",
                "absoluteBoundingBox": {"x": 38, "y": 56, "width": 80, "height": 20},
                "style": {"fontFamily": "Noto Sans", "fontSize": 14, "lineHeightUnit": "INTRINSIC_%", "lineHeightPercent": 100,
                          "lineHeightPx": 19, "textAutoResize": "WIDTH_AND_HEIGHT"},
                "characterStyleOverrides": [1, 1, 1], "styleOverrideTable": {"1": {"fontWeight": 700}}}]}]},
           {"id": "2:1", "name": "Logo", "type": "GROUP", "absoluteBoundingBox": {"x": 260, "y": 130, "width": 40, "height": 40},
            "relativeTransform": [[0, 1, 260], [-1, 0, 170]],
            "children": [
             {"id": "2:2", "name": "Mark", "type": "BOOLEAN_OPERATION", "absoluteBoundingBox": {"x": 260, "y": 130, "width": 40, "height": 40},
              "fills": [{"type": "GRADIENT_RADIAL", "gradientHandlePositions": [{"x": 0.5, "y": 0.5}, {"x": 1, "y": 0.5}, {"x": 0.5, "y": 1}],
                         "gradientStops": [{"position": 0, "color": {"r": 1, "g": 1, "b": 1, "a": 1}},
                                           {"position": 1, "color": {"r": 1, "g": 0.3, "b": 0.4, "a": 1}}]}],
              "fillGeometry": [{"path": "M0 0h40v40h-40z m10 10v20h20v-20z", "windingRule": "EVENODD"}],
              "children": [{"id": "2:3", "name": "Square", "type": "RECTANGLE",
                            "absoluteBoundingBox": {"x": 260, "y": 130, "width": 40, "height": 40}}]}]},
           {"id": "3:1", "name": "Rule", "type": "LINE", "absoluteBoundingBox": {"x": 16, "y": 150, "width": 200, "height": 0},
            "strokes": [{"type": "SOLID", "color": {"r": 1, "g": 1, "b": 1, "a": 0.5}}], "strokeWeight": 1},
           {"id": "3:2", "name": "Arrow", "type": "VECTOR", "absoluteBoundingBox": {"x": 220, "y": 140, "width": 24, "height": 24},
            "fills": [{"type": "SOLID", "color": {"r": 1, "g": 1, "b": 1, "a": 1}}],
            "fillGeometry": [{"path": "M0 0L24 12L0 24Z", "windingRule": "NONZERO"}],
            "effects": [{"type": "LAYER_BLUR", "radius": 2}]}]}]}]}}
        """#.utf8)
}
