public import Foundation
public import MatterType
public import MatterTypeCards
import MatterTypeWire

/// A Figma document as its REST API gives it — the JSON of `GET /v1/files/:key` or `GET /v1/files/:key/nodes?ids=…`
/// (best with `geometry=paths`) — ready to lay out and draw its frames on the server. MatterType does not call
/// Figma; pass the JSON.
///
/// ```swift
/// let document = try FigmaDocument(data: Data(contentsOf: URL(fileURLWithPath: "file.json")))
/// let frame = try document.frame(document.topLevelNodes[0].id)
/// let png = try CardRenderer().encoded(frame.card)
/// ```
///
/// Each frame becomes a ``Card``: frames, instances, components and sections become frames with Figma's Auto Layout
/// (``CardFlow``), texts become text layers laid out with ``LayoutModel/figma``. What MatterType cannot draw as
/// Figma does is named in ``FigmaFrame/warnings``, never silently dropped; such a node is still laid out.
public struct FigmaDocument: Sendable {
    /// The file's name, when the JSON has one.
    public let name: String?
    /// The nodes a render starts from: every child of every page (`CANVAS`) of a file, or every node of a
    /// `/nodes` response, in document order.
    public let topLevelNodes: [FigmaNodeSummary]
    /// What is drawn when no node is named: the first visible frame, component or instance of the first page
    /// (one inside a section too), else the first visible top-level node; `nil` when nothing is visible.
    public let defaultNode: FigmaNodeSummary?
    /// Images sent beside the document (a top-level `"images"` object of `imageRef` → `data:` URI): how a
    /// template upload carries its image fills.
    public let embeddedImages: [String: String]
    /// The values its placeholders may take, sent beside the document as a card document has them (a top-level
    /// `"choices"` object: placeholder → name → text): a template's image URL then names one of them, 422 for
    /// any other value (``CardTemplate``).
    public let choices: [String: [String: String]]
    /// The top-level nodes (a page's children), as read (or with fields set: ``setting(_:of:)``).
    var roots: [FigmaNode]
    /// What ``resolving(_:modes:)`` resolved its variables from, to resolve them again in other modes; `nil` when
    /// its values are as exported.
    var variableSource: VariableSource?

    /// The nodes as exported, the variables, the modes chosen (collection id → mode id), and what could not be
    /// resolved.
    struct VariableSource: Sendable {
        var roots: [FigmaNode]
        var variables: FigmaVariables
        var modes: [String: String]
        var warnings: [FigmaWarning]
    }

    /// The most bytes a Figma document may have.
    public static let maximumBytes = 50_000_000

    /// The most nodes a Figma document may have, every page's counted: real files of whole design systems have
    /// a few thousand; past this, export only the frames to draw (`GET /v1/files/:key/nodes?ids=…`).
    public static let maximumNodes = 50_000

    /// The node types of Figma's REST API (its `Node` union): a JSON object with an `id` and one of these as its
    /// `type` is a bare node, read as a document of that one node.
    public static let nodeTypes: Set<String> = [
        "DOCUMENT", "CANVAS", "FRAME", "GROUP", "SECTION", "COMPONENT", "COMPONENT_SET", "INSTANCE", "TEXT",
        "RECTANGLE", "VECTOR", "ELLIPSE", "LINE", "STAR", "REGULAR_POLYGON", "BOOLEAN_OPERATION", "SLICE", "TABLE",
        "TABLE_CELL", "STICKY", "SHAPE_WITH_TEXT", "CONNECTOR", "WASHI_TAPE", "EMBED", "LINK_UNFURL", "TEXT_PATH",
        "TRANSFORM_GROUP",
    ]

    private static var tooManyNodes: FigmaError {
        .invalidDocument("more than \(maximumNodes) nodes; export only the frames to draw "
                         + "(GET /v1/files/:key/nodes?ids=…)")
    }

    /// Reads a Figma REST response. A thin wrapper around it (`{"default": …}`, `{"result": …}`, `{"data": …}`) is
    /// unwrapped; a bare node (one node's JSON, as repositories save a frame) is a document of that node.
    /// - Throws: ``FigmaError`` when the data is not JSON, not a Figma file or nodes response, or a node's
    ///   property has the wrong type (named by its place).
    public init(data: Data) throws(FigmaError) {
        guard data.count <= Self.maximumBytes else {
            throw .invalidDocument("\(data.count) bytes; a Figma document may have at most \(Self.maximumBytes)")
        }
        let response: FigmaResponse
        // Counted while decoding: 80,000 empty nodes fit in a megabyte and took seconds and gigabytes as nodes.
        let budget = FigmaNodeBudget(limit: Self.maximumNodes)
        let decoder = JSONDecoder()
        decoder.userInfo[.figmaNodeBudget] = budget
        do {
            response = try decoder.decode(FigmaResponse.self, from: data)
        } catch let error as DecodingError {
            guard budget.count <= budget.limit else { throw Self.tooManyNodes }
            throw .invalidDocument(Self.describe(error, in: data))
        } catch {
            throw .invalidDocument("not valid JSON")
        }
        guard budget.count <= budget.limit else { throw Self.tooManyNodes }
        guard let body = response.body else {
            throw .invalidDocument("neither a file (\"document\"), a nodes response (\"nodes\") nor a node (\"id\" and "
                                   + "\"type\"): give the JSON of GET /v1/files/:key or /v1/files/:key/nodes")
        }
        name = body.name
        embeddedImages = body.images
        choices = body.choices
        var roots: [FigmaNode] = []
        var firstPage: [FigmaNode]?
        func open(_ node: FigmaNode) {
            switch node.type {
            case "DOCUMENT": node.children.forEach(open)
            case "CANVAS":
                roots.append(contentsOf: node.children)
                firstPage = firstPage ?? node.children
            default: roots.append(node)
            }
        }
        if let document = body.document { open(document) }
        for document in body.nodes { open(document) }
        self.roots = roots
        topLevelNodes = roots.map(FigmaNodeSummary.init)
        defaultNode = Self.firstDrawable(in: firstPage ?? roots).map(FigmaNodeSummary.init)
            ?? roots.first(where: \.visible).map(FigmaNodeSummary.init)
    }

    /// The types a designer draws as a picture: a frame, a component (or a set of them), an instance.
    private static let drawableTypes: Set<String> = ["FRAME", "COMPONENT", "COMPONENT_SET", "INSTANCE"]

    /// The first visible frame, component or instance of `nodes`, looking into visible sections.
    private static func firstDrawable(in nodes: [FigmaNode]) -> FigmaNode? {
        for node in nodes where node.visible {
            if drawableTypes.contains(node.type) { return node }
            if node.type == "SECTION", let inside = firstDrawable(in: node.children) { return inside }
        }
        return nil
    }

    /// The node `id` and its subtree as a card the size of Figma's export of it: the node's box, grown by what it
    /// draws outside it (an outside stroke, drop shadows, a layer blur, and content it does not clip). Its `{{name}}`
    /// placeholders stay in the card's text, to be filled as a card template's. `images` gives the image fills'
    /// bytes by `imageRef` (what `GET /v1/files/:key/images` lists): a file name under the renderer's image folder,
    /// or a `data:` URI; with ``embeddedImages`` (these win); an image fill without either is not drawn (a warning
    /// says so).
    ///
    /// A frame that hugs or fills and holds children with constraints (RIGHT, CENTER, LEFT_RIGHT, SCALE, …) gets
    /// the size `renderer` lays it out at as the document has it, its design size: filled with other text, it
    /// grows or shrinks from there and those children follow it as Figma's do.
    /// - Throws: ``FigmaError/unknownNode(_:topLevel:)`` when the document has no node `id`.
    public func frame(_ id: String, images: [String: String] = [:],
                      renderer: CardRenderer = CardRenderer()) throws(FigmaError) -> FigmaFrame {
        guard let node = Self.find(id, in: roots) else { throw .unknownNode(id, topLevel: topLevelNodes.map(\.choice)) }
        var converter = FigmaConverter(images: embeddedImages.merging(images) { _, given in given })
        var layer = converter.layer(node, parent: nil, path: [0])
        // The card is what Figma exports: the node's box and what it draws outside it (shadows, content it does
        // not clip), the node placed in it where its box is.
        let bounds = node.bounds, export = node.exportBounds
        layer.box.x = bounds.x - export.x
        layer.box.y = bounds.y - export.y
        var card = Card(width: max(export.width, 1), height: max(export.height, 1), layers: [layer])
        if !converter.constrainedFrames.isEmpty {
            Self.setDesignSizes(of: converter.constrainedFrames, in: &card, renderer: renderer)
        }
        let template: CardTemplate
        do throws(CardError) {
            template = try CardTemplate(card, choices: choices)
        } catch {
            throw .invalidDocument("node \(id) could not be read as a card: \(error)")
        }
        // Its component properties' values, to convert it again when a card asks for others.
        var current: [String: String] = [:]
        for field in (try? fields(of: id)) ?? [] {
            switch field.defaultValue {
            case .text(let text): current[field.name] = text
            case .flag(let flag): current[field.name] = flag ? "true" : "false"
            case nil: break
            }
        }
        // Variables it could not resolve, where they are bound in this node.
        let inside = Set(converter.nodeIDs.values)
        let unresolved = (variableSource?.warnings ?? []).filter { inside.contains($0.nodeID) }
        return FigmaFrame(nodeID: node.id, name: node.name, card: card, template: template,
                          origin: Point(x: export.x, y: export.y), warnings: converter.warnings + unresolved,
                          nodeIDs: converter.nodeIDs, nodeNames: converter.nodeNames,
                          properties: FigmaFrame.Properties(document: self, images: images, renderer: renderer,
                                                            values: current),
                          margins: Size(width: export.maxX - bounds.maxX, height: export.maxY - bounds.maxY))
    }

    /// Sets the design size of each frame at `paths` in `card` that hugs or fills (a fixed size is its own design
    /// size) to the size `renderer` lays it out at; a card that cannot be laid out keeps none (its constraints
    /// then keep the children where the file puts them, and laying it out again says what is wrong).
    private static func setDesignSizes(of paths: [[Int]], in card: inout Card, renderer: CardRenderer) {
        guard let layout = try? renderer.layout(of: card) else { return }
        var sizes: [String: (width: Double, height: Double)] = [:]
        for box in layout.boxes { sizes[box.path] = (box.width, box.height) }
        func set(_ path: ArraySlice<Int>, in layers: inout [CardLayer], size: (width: Double, height: Double)) {
            guard let index = path.first, layers.indices.contains(index),
                  case .frame(var frame) = layers[index] else { return }
            if path.count == 1 {
                if frame.box.width.points == nil { frame.designWidth = size.width }
                if frame.box.height.points == nil { frame.designHeight = size.height }
            } else {
                set(path.dropFirst(), in: &frame.layers, size: size)
            }
            layers[index] = .frame(frame)
        }
        for path in paths {
            guard let size = sizes[path.map { "/layers/\($0)" }.joined()] else { continue }
            set(path[...], in: &card.layers, size: size)
        }
    }

    static func find(_ id: String, in nodes: [FigmaNode]) -> FigmaNode? {
        for node in nodes {
            if node.id == id { return node }
            if let found = find(id, in: node.children) { return found }
        }
        return nil
    }

    /// What is wrong with `data`, which `error` refused: the place and type, or for data that is no JSON at all
    /// the parser's words (where, and whether it nests too deep for it), which JSONDecoder does not give.
    private static func describe(_ error: DecodingError, in data: Data) -> String {
        let description = describe(error)
        guard description == "not valid JSON" else { return description }
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return description
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            return description + (detail.map { " (\($0))" } ?? "")
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        func place(_ path: [any CodingKey]) -> String {
            path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        switch error {
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return "\(place(context.codingPath)): not a \(type)"
        case .keyNotFound(let key, let context):
            return "\(place(context.codingPath)): \"\(key.stringValue)\" is missing"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "\(place(context.codingPath)): not readable"
        @unknown default:
            return "not a Figma document"
        }
    }
}

/// A top-level node of a ``FigmaDocument``: what to pass to ``FigmaDocument/frame(_:)``.
public struct FigmaNodeSummary: Sendable, Hashable, Codable {
    /// The node's id (`"1:2"`).
    public let id: String
    /// Its name in the file.
    public let name: String
    /// Its Figma type (`FRAME`, `COMPONENT`, `TEXT`…).
    public let type: String
    /// Its size in points (its `absoluteBoundingBox`'s).
    public let width, height: Double
    /// Whether it is shown (`visible` is not false).
    public let visible: Bool

    /// `1:2 "Card"`, and `(hidden)` after a node that is not shown: how errors name a node to choose.
    public var choice: String { "\(id) \"\(name)\"" + (visible ? "" : " (hidden)") }

    /// `choices` joined by commas, the first 12 and how many more.
    static func list(_ choices: [String]) -> String {
        choices.prefix(12).joined(separator: ", ") + (choices.count > 12 ? " and \(choices.count - 12) more" : "")
    }

    /// The summary of `node`.
    init(_ node: FigmaNode) {
        id = node.id
        name = node.name
        type = node.type
        width = node.bounds.width
        height = node.bounds.height
        visible = node.visible
    }
}

/// What a Figma node is drawn differently from Figma, or not at all: its id, its name and why.
public struct FigmaWarning: Sendable, Hashable, CustomStringConvertible {
    /// The node's id.
    public let nodeID: String
    /// The node's name in the file.
    public let nodeName: String
    /// What differs: "a GRADIENT_LINEAR text fill is drawn in its first color".
    public let message: String

    /// `node 1:2 "Title": message`.
    public var description: String { "node \(nodeID) \"\(nodeName)\": \(message)" }

    /// `warnings` as a designer reads them: one line a kind of warning, in the order each first comes — the node
    /// for a kind one node has, else how many and the first three (`112 nodes: a VECTOR without path data is not
    /// drawn; …; node 1:2 "Star", node 1:3 "Star", …`) — at most `limit` lines (at least one), the last then saying
    /// how many kinds are left out.
    public static func summary(_ warnings: [FigmaWarning], limit: Int = 25) -> [String] {
        var order: [String] = []
        var nodes: [String: [FigmaWarning]] = [:]
        var seen = Set<FigmaWarning>()
        for warning in warnings where seen.insert(warning).inserted {
            if nodes[warning.message] == nil { order.append(warning.message) }
            nodes[warning.message, default: []].append(warning)
        }
        var lines = order.map { message -> String in
            let found = nodes[message] ?? []
            guard found.count > 1 else { return found.first?.description ?? message }
            let named = found.prefix(3).map { "node \($0.nodeID) \"\($0.nodeName)\"" }.joined(separator: ", ")
            return "\(found.count) nodes: \(message) (\(named)\(found.count > 3 ? ", …" : ""))"
        }
        let limit = max(limit, 1)
        if lines.count > limit {
            let left = lines.count - (limit - 1)
            lines = Array(lines.prefix(limit - 1)) + ["\(left) more kinds of warning; --verbose lists every warning"]
        }
        return lines
    }
}

/// Why a Figma document cannot be read.
public enum FigmaError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The data is not a Figma REST response, or a property is not what Figma writes; says where.
    case invalidDocument(String)
    /// The document has no node of this id; `topLevel` names the nodes it has at the top (`1:2 "Card"`), to
    /// choose from.
    case unknownNode(String, topLevel: [String])
    /// A field cannot be set so (an unknown name, a value it cannot take): names it and what to do.
    case field(String)
    /// The data is not Figma variables (``FigmaVariables``); says what to give.
    case invalidVariables(String)

    /// One line naming what is wrong and what to do.
    public var description: String {
        switch self {
        case .invalidDocument(let reason): "not a Figma document: \(reason)"
        case .unknownNode(let id, let topLevel):
            "the document has no node \(id)" + (topLevel.isEmpty ? "" : "; its top-level nodes: "
                                                + FigmaNodeSummary.list(topLevel))
        case .field(let reason): reason
        case .invalidVariables(let reason): "not Figma variables: \(reason)"
        }
    }
}

/// The JSON of a file (`document`) or nodes (`nodes`: id → `{"document": …}`) response, maybe wrapped.
private struct FigmaResponse: Decodable {
    struct Body: Decodable {
        var name: String?
        var document: FigmaNode?
        var nodes: [FigmaNode]
        /// Image bytes sent beside the document: `imageRef` → `data:` URI.
        var images: [String: String]
        /// Placeholders' choices sent beside the document: placeholder → name → text.
        var choices: [String: [String: String]]

        private enum Keys: String, CodingKey { case name, document, nodes, images, choices }
        private struct NodeEntry: Decodable { var document: FigmaNode? }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Keys.self)
            name = try c.decodeIfPresent(String.self, forKey: .name)
            document = try c.decodeIfPresent(FigmaNode.self, forKey: .document)
            // A nodes response keeps its ids' order as the request listed them; JSON objects have none, so by id.
            let entries = try c.decodeIfPresent([String: NodeEntry?].self, forKey: .nodes) ?? [:]
            nodes = entries.sorted { $0.key < $1.key }.compactMap { $0.value?.document }
            // Figma's own `images` keys (in other responses) hold URLs; only `data:` URIs are bytes sent along.
            let images = (try? c.decodeIfPresent([String: String].self, forKey: .images)) ?? nil
            self.images = (images ?? [:]).filter { $0.value.hasPrefix("data:") }
            choices = try c.decodeIfPresent([String: [String: String]].self, forKey: .choices) ?? [:]
        }

        var isEmpty: Bool { document == nil && nodes.isEmpty }

        /// A body of one bare node (what a repository saves of one frame: the node's own JSON).
        init(bare node: FigmaNode) {
            name = node.name
            document = nil
            nodes = [node]
            images = [:]
            choices = [:]
        }
    }

    var body: Body?

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let own = try Body(from: decoder)
        if !own.isEmpty {
            body = own
            return
        }
        let c = try decoder.container(keyedBy: Key.self)
        for wrapper in ["default", "Result", "result", "data"] {
            let key = Key(stringValue: wrapper)
            if c.contains(key), let inner = try? c.decode(Body.self, forKey: key), !inner.isEmpty {
                body = inner
                return
            }
        }
        // A bare node: its own `id` and a node `type` at the top.
        if let type = try? c.decode(String.self, forKey: Key(stringValue: "type")),
           FigmaDocument.nodeTypes.contains(type), c.contains(Key(stringValue: "id")) {
            body = Body(bare: try FigmaNode(from: decoder))
            return
        }
        body = nil
    }
}

/// A Figma node converted to a card, with what it takes to name the card's layers by their Figma nodes again.
public struct FigmaFrame: Sendable {
    /// The node's id.
    public let nodeID: String
    /// The node's name in the file.
    public let name: String
    /// The node as a card the size Figma gave it, the node its one top-level layer; `{{name}}` placeholders in
    /// its texts unfilled.
    public let card: Card
    /// ``card`` as a template: its placeholders are its fields; its document is the card a Figma template is
    /// stored as.
    public let template: CardTemplate
    /// The node's top-left corner in Figma's canvas coordinates (its `absoluteBoundingBox`'s).
    public let origin: Point
    /// What is drawn differently from Figma, or not at all, node by node.
    public let warnings: [FigmaWarning]
    /// Each layer's node id, by its path in the card.
    let nodeIDs: [[Int]: String]
    /// Each layer's node name, by its path in the card.
    let nodeNames: [[Int]: String]
    /// The document it came from and how: what converting the node again with other component property values
    /// or modes takes.
    let properties: Properties?
    /// How far the export reaches past the node's right and bottom edges (shadows, an outside stroke, content it
    /// does not clip): kept when a hugging node grows or shrinks with its values.
    let margins: Size

    /// Its fields (``FigmaDocument/fields(of:)``): its component properties, with the values it was converted
    /// with, and its placeholders.
    public var fields: [FigmaField] { (try? properties?.document.fields(of: nodeID)) ?? [] }

    /// The document a frame came from and how it was converted, with its component properties' values.
    struct Properties: Sendable {
        var document: FigmaDocument
        var images: [String: String]
        var renderer: CardRenderer
        /// Each property field's value as converted, by field name.
        var values: [String: String]
    }

    /// `error` (from drawing or laying out this frame's card) in a designer's words: a layer's error names its
    /// Figma node (`node 269:7100 "Pill": "blur": …`), not its place in the converted card.
    public func describe(_ error: CardError) -> String {
        guard case .layer(let path, let reason) = error, let id = nodeIDs[path] else { return error.description }
        return "node \(id) \"\(nodeNames[path] ?? "")\": \(reason)".escapingControls
    }

    /// The Figma node a layer of ``card`` is, by the layer's JSON Pointer (`/layers/0/layers/2`, as
    /// ``CardLayout/Box/path`` gives it), in a designer's words: `node 1:2 "Title"`; `nil` for a path that is no
    /// layer of it.
    public func node(atPointer pointer: String) -> String? {
        guard let path = Self.path(ofPointer: pointer), let id = nodeIDs[path] else { return nil }
        return "node \(id) \"\(nodeNames[path] ?? "")\"".escapingControls
    }

    /// `/layers/0/layers/2` as `[0, 2]`; `nil` for another pointer.
    static func path(ofPointer pointer: String) -> [Int]? {
        let parts = pointer.split(separator: "/")
        guard parts.count % 2 == 0 else { return nil }
        var path: [Int] = []
        for index in stride(from: 0, to: parts.count, by: 2) {
            guard parts[index] == "layers", let number = Int(parts[index + 1]) else { return nil }
            path.append(number)
        }
        return path
    }

    /// The card with its placeholders filled from `values` (a card template's rules: a name without a value is
    /// ``CardError/missingValue(_:)``), and its component properties set from those naming one with another value
    /// than the frame was converted with (the node converted again: ``FigmaDocument/setting(_:of:)``; a value the
    /// property cannot take is ``CardError/invalid(field:reason:)``). Other names are left alone.
    public func card(values: [String: String]) throws(CardError) -> Card {
        try drawn(values: values).card
    }

    /// ``card(values:)``, and the frame it was converted as (this one, or the node converted again for other
    /// property values): whose ``nodeIDs`` name its layers.
    func drawn(values: [String: String]) throws(CardError) -> (frame: FigmaFrame, card: Card) {
        let frame = try converted(for: values) ?? self
        let card = try frame.template.card(values: values)
        return (frame, values.isEmpty ? card : frame.sizedToNode(card))
    }

    /// `card` (filled with values) sized to its node where the node hugs its content on an axis: laid out, the
    /// canvas follows the node's size (what Figma's export of it would be for these values), its margins kept;
    /// unchanged where it cannot be laid out (drawing it then says why). Without values the canvas is the size
    /// Figma exported.
    private func sizedToNode(_ card: Card) -> Card {
        guard let top = card.layers.first, top.box.width == .hug || top.box.height == .hug,
              let renderer = properties?.renderer, let layout = try? renderer.layout(of: card),
              let box = layout.boxes.first(where: { $0.path == "/layers/0" }) else { return card }
        var sized = card
        if top.box.width == .hug { sized.width = max(box.x + box.width + margins.width, 1) }
        if top.box.height == .hug { sized.height = max(box.y + box.height + margins.height, 1) }
        return sized
    }

    /// The node converted again with the component property values in `values` that differ from its own; `nil`
    /// when none does.
    private func converted(for values: [String: String]) throws(CardError) -> FigmaFrame? {
        guard let properties else { return nil }
        var changed = values.filter { name, value in properties.values[name].map { $0 != value } ?? false }
        var document = properties.document
        // `mode`: `Collection=Mode`, several separated by commas, over the modes it was resolved in.
        if let mode = values[Self.modeField], let source = document.variableSource {
            let choices = mode.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            do throws(FigmaError) {
                let modes = source.modes.merging(try source.variables.modes(choices)) { _, chosen in chosen }
                if modes != source.modes {
                    var exported = document
                    exported.roots = source.roots
                    document = exported.resolving(source.variables, modes: modes).document
                    // Resolved again from the nodes as exported: every property value given is set again.
                    changed = values.filter { properties.values[$0.key] != nil }
                }
            } catch {
                throw .invalid(field: Self.modeField, reason: error.description)
            }
        }
        guard document.variableSource?.modes != properties.document.variableSource?.modes || !changed.isEmpty else {
            return nil
        }
        do throws(FigmaError) {
            return try document.setting(changed, of: nodeID).document
                .frame(nodeID, images: properties.images, renderer: properties.renderer)
        } catch {
            throw .invalid(field: changed.keys.sorted().first ?? Self.modeField, reason: error.description)
        }
    }

    /// The value naming the variables' modes to draw in (`Collection=Mode`, several separated by commas): a batch
    /// column, a query parameter.
    public static let modeField = "mode"

    /// Every node laid out as `renderer` lays out ``card(values:)`` (component properties set too): its box in
    /// Figma's canvas coordinates (the frame of the document's `absoluteBoundingBox`), a text's line count and
    /// ink, in document order.
    public func nodeBoxes(values: [String: String] = [:], renderer: CardRenderer = CardRenderer(),
                          until deadline: RenderDeadline = .never) throws(CardError) -> [FigmaNodeBox] {
        if let converted = try converted(for: values) {
            return try converted.nodeBoxes(values: values, renderer: renderer, until: deadline)
        }
        let layout = try renderer.layout(of: values.isEmpty ? card : template.card(values: values), until: deadline)
        var ids: [String: String] = [:]
        for (path, id) in nodeIDs { ids[path.map { "/layers/\($0)" }.joined()] = id }
        return layout.boxes.compactMap { box in
            guard let id = ids[box.path] else { return nil }
            return FigmaNodeBox(id: id, x: origin.x + box.x, y: origin.y + box.y, width: box.width,
                                height: box.height, lines: box.lines,
                                ink: box.ink.map { Rect(x: origin.x + $0.x, y: origin.y + $0.y, width: $0.width,
                                                        height: $0.height) })
        }
    }
}

/// A Figma node's laid-out box: what `mattertype figma --json` prints for each node.
public struct FigmaNodeBox: Sendable, Hashable, Codable {
    /// The node's id.
    public var id: String
    /// Its left edge in Figma's canvas coordinates.
    public var x: Double
    /// Its top edge in Figma's canvas coordinates.
    public var y: Double
    /// Its width.
    public var width: Double
    /// Its height.
    public var height: Double
    /// A text's line count; `nil` for other nodes.
    public var lines: Int?
    /// A text's ink (its glyphs' outlines and decorations) in Figma's canvas coordinates, as Figma's
    /// `absoluteRenderBounds`; `nil` for other nodes.
    public var ink: Rect?
}
