import Foundation
import MatterType

/// A component property's value: the characters of a TEXT property, a BOOLEAN's flag, an INSTANCE_SWAP's component
/// id, a VARIANT's option.
public enum FigmaPropertyValue: Sendable, Hashable, Codable {
    /// Characters, a component id or a variant option.
    case text(String)
    /// A BOOLEAN property's value.
    case flag(Bool)

    /// Reads a JSON string or boolean.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let flag = try? c.decode(Bool.self) { self = .flag(flag) } else { self = .text(try c.decode(String.self)) }
    }

    /// Writes it as the JSON string or boolean it was read from.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .text(let text): try c.encode(text)
        case .flag(let flag): try c.encode(flag)
        }
    }
}

/// An instance's value of one component property (Figma's `ComponentProperty`).
struct FigmaComponentProperty: Sendable, Decodable {
    var type: String
    var value: FigmaPropertyValue?
}

/// A component's or component set's definition of one property (Figma's `ComponentPropertyDefinition`).
struct FigmaComponentPropertyDefinition: Sendable, Decodable {
    var type: String
    var defaultValue: FigmaPropertyValue?
    var variantOptions: [String]?
}

/// A node's constraints (Figma's `LayoutConstraint`): `LEFT`, `RIGHT`, `CENTER`, `LEFT_RIGHT` or `SCALE` across,
/// `TOP`, `BOTTOM`, `CENTER`, `TOP_BOTTOM` or `SCALE` down.
struct FigmaLayoutConstraint: Sendable, Decodable {
    var horizontal: String?
    var vertical: String?
}

/// One node of a Figma REST document (`GET /v1/files/:key`, `/v1/files/:key/nodes`), with the properties
/// MatterType lays out and draws; the rest of Figma's keys are read past. Property names are Figma's.
struct FigmaNode: Sendable, Decodable {
    var id: String
    var name: String
    var type: String
    var visible: Bool
    var opacity: Double
    var blendMode: String?
    var absoluteBoundingBox: FigmaRect?
    var size: FigmaVector?
    var relativeTransform: [[Double]]?
    var children: [FigmaNode]

    // Paint
    var fills: [FigmaPaint]
    var strokes: [FigmaPaint]
    var strokeWeight: Double
    var individualStrokeWeights: FigmaStrokeWeights?
    var strokeAlign: String?
    var strokeDashes: [Double]?
    var strokeCap: String?
    var strokeJoin: String?
    var cornerRadius: Double?
    var rectangleCornerRadii: [Double]?
    var effects: [FigmaEffect]
    var clipsContent: Bool
    var isMask: Bool
    var maskType: String?
    var fillGeometry: [FigmaPath]?
    var strokeGeometry: [FigmaPath]?
    var arcData: FigmaArc?
    /// A vector's regions that have fills of their own, by the `overrideID` of their paths (`null`: none).
    var fillOverrideTable: [String: FigmaFillOverride?]

    // Auto Layout
    var layoutMode: String?
    var itemSpacing: Double
    var counterAxisSpacing: Double?
    var paddingLeft: Double
    var paddingRight: Double
    var paddingTop: Double
    var paddingBottom: Double
    var primaryAxisSizingMode: String?
    var counterAxisSizingMode: String?
    var primaryAxisAlignItems: String?
    var counterAxisAlignItems: String?
    var counterAxisAlignContent: String?
    var layoutWrap: String?
    var layoutSizingHorizontal: String?
    var layoutSizingVertical: String?
    var layoutGrow: Double
    var layoutAlign: String?
    var layoutPositioning: String?
    /// How a child placed at its x and y follows its frame's size: `{"horizontal": "LEFT", "vertical": "TOP"}`.
    var constraints: FigmaLayoutConstraint?
    var minWidth: Double?
    var maxWidth: Double?
    var minHeight: Double?
    var maxHeight: Double?
    var strokesIncludedInLayout: Bool
    var itemReverseZIndex: Bool

    // GRID Auto Layout: the frame's tracks and gaps, a child's cell
    var gridRowCount: Int?
    var gridColumnCount: Int?
    var gridRowGap: Double
    var gridColumnGap: Double
    var gridRowsSizing: String?
    var gridColumnsSizing: String?
    var gridRowAnchorIndex: Int?
    var gridColumnAnchorIndex: Int?
    var gridRowSpan: Int
    var gridColumnSpan: Int
    var gridChildHorizontalAlign: String?
    var gridChildVerticalAlign: String?

    // Components: an instance's component and property values, a component's or set's property definitions, a
    // layer's references to its component's properties (`characters`, `visible`, `mainComponent`)
    var componentId: String?
    var componentProperties: [String: FigmaComponentProperty]
    var componentPropertyDefinitions: [String: FigmaComponentPropertyDefinition]
    var componentPropertyReferences: [String: String]

    // Variables: what is bound to one (`fills`, `itemSpacing`, `paddingLeft`, `topLeftRadius`, `characters`, …),
    // and the mode of each collection this node and its children use (collection id → mode id)
    var boundVariables: [String: FigmaBinding]
    var explicitVariableModes: [String: String]

    // Text
    var characters: String?
    var style: FigmaTypeStyle?
    var characterStyleOverrides: [Int]
    var styleOverrideTable: [String: FigmaTypeStyle]
    var lineTypes: [String]?
    /// Which of Figma's text layouts laid the text out: 0, its first (see `LayoutModel.figmaVersion0`), or later.
    var layoutVersion: Int?

    private enum Keys: String, CodingKey {
        case id, name, type, visible, opacity, blendMode, absoluteBoundingBox, size, relativeTransform, children
        case fills, strokes, strokeWeight, individualStrokeWeights, strokeAlign, strokeDashes, strokeCap, strokeJoin
        case cornerRadius, rectangleCornerRadii, effects, clipsContent, isMask, maskType, fillGeometry, strokeGeometry
        case arcData, fillOverrideTable
        case layoutMode, itemSpacing, counterAxisSpacing, paddingLeft, paddingRight, paddingTop, paddingBottom
        case primaryAxisSizingMode, counterAxisSizingMode, primaryAxisAlignItems, counterAxisAlignItems
        case counterAxisAlignContent, layoutWrap, layoutSizingHorizontal, layoutSizingVertical, layoutGrow
        case layoutAlign, layoutPositioning, constraints, minWidth, maxWidth, minHeight, maxHeight, strokesIncludedInLayout
        case itemReverseZIndex, gridRowCount, gridColumnCount, gridRowGap, gridColumnGap, gridRowsSizing
        case gridColumnsSizing, gridRowAnchorIndex, gridColumnAnchorIndex, gridRowSpan, gridColumnSpan
        case gridChildHorizontalAlign, gridChildVerticalAlign
        case characters, style, characterStyleOverrides, styleOverrideTable, lineTypes, layoutVersion
        case componentId, componentProperties, componentPropertyDefinitions, componentPropertyReferences
        case boundVariables, explicitVariableModes
    }

    init(from decoder: any Decoder) throws {
        if let budget = decoder.userInfo[.figmaNodeBudget] as? FigmaNodeBudget, !budget.take() {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "more than \(budget.limit) nodes"))
        }
        let c = try decoder.container(keyedBy: Keys.self)
        func value<T: Decodable>(_ key: Keys) throws -> T? { try c.decodeIfPresent(T.self, forKey: key) }
        id = try value(.id) ?? ""
        name = try value(.name) ?? ""
        type = try value(.type) ?? ""
        visible = try value(.visible) ?? true
        opacity = try value(.opacity) ?? 1
        blendMode = try value(.blendMode)
        absoluteBoundingBox = try value(.absoluteBoundingBox)
        size = try value(.size)
        relativeTransform = try value(.relativeTransform)
        children = try value(.children) ?? []
        fills = try value(.fills) ?? []
        strokes = try value(.strokes) ?? []
        strokeWeight = try value(.strokeWeight) ?? 0
        individualStrokeWeights = try value(.individualStrokeWeights)
        strokeAlign = try value(.strokeAlign)
        strokeDashes = try value(.strokeDashes)
        strokeCap = try value(.strokeCap)
        strokeJoin = try value(.strokeJoin)
        cornerRadius = try value(.cornerRadius)
        rectangleCornerRadii = try value(.rectangleCornerRadii)
        effects = try value(.effects) ?? []
        clipsContent = try value(.clipsContent) ?? false
        isMask = try value(.isMask) ?? false
        maskType = try value(.maskType)
        fillGeometry = try value(.fillGeometry)
        strokeGeometry = try value(.strokeGeometry)
        arcData = try value(.arcData)
        fillOverrideTable = try value(.fillOverrideTable) ?? [:]
        layoutMode = try value(.layoutMode)
        itemSpacing = try value(.itemSpacing) ?? 0
        counterAxisSpacing = try value(.counterAxisSpacing)
        paddingLeft = try value(.paddingLeft) ?? 0
        paddingRight = try value(.paddingRight) ?? 0
        paddingTop = try value(.paddingTop) ?? 0
        paddingBottom = try value(.paddingBottom) ?? 0
        primaryAxisSizingMode = try value(.primaryAxisSizingMode)
        counterAxisSizingMode = try value(.counterAxisSizingMode)
        primaryAxisAlignItems = try value(.primaryAxisAlignItems)
        counterAxisAlignItems = try value(.counterAxisAlignItems)
        counterAxisAlignContent = try value(.counterAxisAlignContent)
        layoutWrap = try value(.layoutWrap)
        layoutSizingHorizontal = try value(.layoutSizingHorizontal)
        layoutSizingVertical = try value(.layoutSizingVertical)
        layoutGrow = try value(.layoutGrow) ?? 0
        layoutAlign = try value(.layoutAlign)
        layoutPositioning = try value(.layoutPositioning)
        constraints = try value(.constraints)
        minWidth = try value(.minWidth)
        maxWidth = try value(.maxWidth)
        minHeight = try value(.minHeight)
        maxHeight = try value(.maxHeight)
        strokesIncludedInLayout = try value(.strokesIncludedInLayout) ?? false
        itemReverseZIndex = try value(.itemReverseZIndex) ?? false
        gridRowCount = try value(.gridRowCount)
        gridColumnCount = try value(.gridColumnCount)
        gridRowGap = try value(.gridRowGap) ?? 0
        gridColumnGap = try value(.gridColumnGap) ?? 0
        gridRowsSizing = try value(.gridRowsSizing)
        gridColumnsSizing = try value(.gridColumnsSizing)
        gridRowAnchorIndex = try value(.gridRowAnchorIndex)
        gridColumnAnchorIndex = try value(.gridColumnAnchorIndex)
        gridRowSpan = try value(.gridRowSpan) ?? 1
        gridColumnSpan = try value(.gridColumnSpan) ?? 1
        componentId = try value(.componentId)
        componentProperties = try value(.componentProperties) ?? [:]
        componentPropertyDefinitions = try value(.componentPropertyDefinitions) ?? [:]
        componentPropertyReferences = try value(.componentPropertyReferences) ?? [:]
        boundVariables = (try? value(.boundVariables)) ?? [:]
        explicitVariableModes = (try? value(.explicitVariableModes)) ?? [:]
        gridChildHorizontalAlign = try value(.gridChildHorizontalAlign)
        gridChildVerticalAlign = try value(.gridChildVerticalAlign)
        characters = try value(.characters)
        style = try value(.style)
        characterStyleOverrides = try value(.characterStyleOverrides) ?? []
        styleOverrideTable = try value(.styleOverrideTable) ?? [:]
        lineTypes = try value(.lineTypes)
        layoutVersion = try? value(.layoutVersion)  // informative: a value of another type is as none
    }

    /// Whether Figma lays out this node's children in a row or a column.
    var flowsChildren: Bool { layoutMode == "HORIZONTAL" || layoutMode == "VERTICAL" }

    /// The node's box in the canvas's coordinates (`absoluteBoundingBox`), or an empty box at the origin.
    var bounds: Rect {
        guard let box = absoluteBoundingBox else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        return Rect(x: box.x, y: box.y, width: box.width, height: box.height)
    }
}

/// `{"x", "y", "width", "height"}`.
struct FigmaRect: Sendable, Decodable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double
}

/// `{"x", "y"}`.
struct FigmaVector: Sendable, Decodable {
    var x: Double
    var y: Double
}

/// `{"top", "right", "bottom", "left"}`.
struct FigmaStrokeWeights: Sendable, Decodable {
    var top: Double
    var right: Double
    var bottom: Double
    var left: Double
}

/// A color with channels 0…1: `{"r", "g", "b", "a"}`.
struct FigmaColor: Sendable, Decodable {
    var r: Double
    var g: Double
    var b: Double
    var a: Double

    private enum Keys: String, CodingKey { case r, g, b, a }

    init(r: Double, g: Double, b: Double, a: Double) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        r = try c.decodeIfPresent(Double.self, forKey: .r) ?? 0
        g = try c.decodeIfPresent(Double.self, forKey: .g) ?? 0
        b = try c.decodeIfPresent(Double.self, forKey: .b) ?? 0
        a = try c.decodeIfPresent(Double.self, forKey: .a) ?? 1
    }

    /// The color with its alpha multiplied by `opacity`, in 8-bit channels.
    func color(opacity: Double = 1) -> Color {
        func byte(_ value: Double) -> UInt8 { UInt8((min(max(value, 0), 1) * 255).rounded()) }
        return Color(red: byte(r), green: byte(g), blue: byte(b), alpha: byte(a * opacity))
    }
}

/// A fill or stroke: solid, a gradient or an image.
struct FigmaPaint: Sendable, Decodable {
    var type: String
    var visible: Bool
    var opacity: Double
    var color: FigmaColor?
    var gradientHandlePositions: [FigmaVector]?
    var gradientStops: [FigmaColorStop]?
    var scaleMode: String?
    var imageRef: String?
    var imageTransform: [[Double]]?
    var scalingFactor: Double?
    var rotation: Double?
    var blendMode: String?
    /// An image's adjustments (`exposure`, `contrast`, `saturation`, `temperature`, `tint`, `highlights`,
    /// `shadows`: -1…1, 0 unchanged).
    var filters: [String: Double]?
    /// Its `color` bound to a variable.
    var boundVariables: [String: FigmaBinding]

    private enum Keys: String, CodingKey {
        case type, visible, opacity, color, gradientHandlePositions, gradientStops, scaleMode, imageRef
        case imageTransform, scalingFactor, rotation, blendMode, filters, boundVariables
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        type = try c.decodeIfPresent(String.self, forKey: .type) ?? ""
        visible = try c.decodeIfPresent(Bool.self, forKey: .visible) ?? true
        opacity = try c.decodeIfPresent(Double.self, forKey: .opacity) ?? 1
        color = try c.decodeIfPresent(FigmaColor.self, forKey: .color)
        gradientHandlePositions = try c.decodeIfPresent([FigmaVector].self, forKey: .gradientHandlePositions)
        gradientStops = try c.decodeIfPresent([FigmaColorStop].self, forKey: .gradientStops)
        scaleMode = try c.decodeIfPresent(String.self, forKey: .scaleMode)
        imageRef = try c.decodeIfPresent(String.self, forKey: .imageRef)
        imageTransform = try c.decodeIfPresent([[Double]].self, forKey: .imageTransform)
        scalingFactor = try c.decodeIfPresent(Double.self, forKey: .scalingFactor)
        rotation = try c.decodeIfPresent(Double.self, forKey: .rotation)
        blendMode = try c.decodeIfPresent(String.self, forKey: .blendMode)
        filters = try c.decodeIfPresent([String: Double].self, forKey: .filters)
        boundVariables = (try? c.decodeIfPresent([String: FigmaBinding].self, forKey: .boundVariables)) ?? [:]
    }
}

/// What a region of a vector overrides: its fills.
struct FigmaFillOverride: Sendable, Decodable {
    var fills: [FigmaPaint]?
}

/// A gradient stop: `{"position", "color"}`.
struct FigmaColorStop: Sendable, Decodable {
    var position: Double
    var color: FigmaColor
    /// Its `color` bound to a variable.
    var boundVariables: [String: FigmaBinding]?
}

/// An effect: a shadow or a blur.
struct FigmaEffect: Sendable, Decodable {
    var type: String
    var visible: Bool
    var radius: Double
    var color: FigmaColor?
    var offset: FigmaVector?
    var spread: Double
    var showShadowBehindNode: Bool
    var blendMode: String?
    /// A blur's kind: `NORMAL`, or `PROGRESSIVE` (from `startRadius` to `radius`).
    var blurType: String?

    /// Its `color`, `radius`, `spread`, `offsetX`, `offsetY` bound to variables.
    var boundVariables: [String: FigmaBinding]

    private enum Keys: String, CodingKey {
        case type, visible, radius, color, offset, spread, showShadowBehindNode, blendMode, blurType, boundVariables
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        type = try c.decodeIfPresent(String.self, forKey: .type) ?? ""
        visible = try c.decodeIfPresent(Bool.self, forKey: .visible) ?? true
        radius = try c.decodeIfPresent(Double.self, forKey: .radius) ?? 0
        color = try c.decodeIfPresent(FigmaColor.self, forKey: .color)
        offset = try c.decodeIfPresent(FigmaVector.self, forKey: .offset)
        spread = try c.decodeIfPresent(Double.self, forKey: .spread) ?? 0
        showShadowBehindNode = try c.decodeIfPresent(Bool.self, forKey: .showShadowBehindNode) ?? false
        blendMode = try c.decodeIfPresent(String.self, forKey: .blendMode)
        blurType = try c.decodeIfPresent(String.self, forKey: .blurType)
        boundVariables = (try? c.decodeIfPresent([String: FigmaBinding].self, forKey: .boundVariables)) ?? [:]
    }
}

/// A vector's geometry (with `geometry=paths`): SVG path data and its winding rule.
struct FigmaPath: Sendable, Decodable {
    var path: String
    var windingRule: String?
}

/// An ellipse's arc: `{"startingAngle", "endingAngle", "innerRadius"}` (radians; inner radius 0…1).
struct FigmaArc: Sendable, Decodable {
    var startingAngle: Double
    var endingAngle: Double
    var innerRadius: Double
}

/// A text's style, or (in `styleOverrideTable`) the properties some characters override.
struct FigmaTypeStyle: Sendable, Decodable {
    var fontFamily: String?
    var fontPostScriptName: String?
    var fontStyle: String?
    var fontWeight: Double?
    var italic: Bool?
    var fontSize: Double?
    var textCase: String?
    var textDecoration: String?
    var textAutoResize: String?
    var textTruncation: String?
    var maxLines: Int?
    var textAlignHorizontal: String?
    var textAlignVertical: String?
    var letterSpacing: Double?
    var lineHeightPx: Double?
    var lineHeightPercent: Double?
    var lineHeightPercentFontSize: Double?
    var lineHeightUnit: String?
    var paragraphSpacing: Double?
    var paragraphIndent: Double?
    var listSpacing: Double?
    /// `CAP_HEIGHT` trims the box to the first line's cap height and the last line's baseline ("vertical trim");
    /// Figma writes it, its published schema does not list it.
    var leadingTrim: String?
    var fills: [FigmaPaint]?
    var opentypeFlags: [String: Int]?
    var hyperlink: FigmaHyperlink?
    /// Its typography bound to variables (`fontFamily`, `fontSize`, `fontWeight`, `lineHeight`, …).
    var boundVariables: [String: FigmaBinding]?

    /// What decides its line height: two runs of a text with the same one have the same line height.
    struct LineHeight: Hashable {
        var unit: String?
        var pixels, percent, percentOfSize: Double?
    }

    /// Its line height's settings.
    var lineHeight: LineHeight {
        LineHeight(unit: lineHeightUnit, pixels: lineHeightPx, percent: lineHeightPercent,
                   percentOfSize: lineHeightPercentFontSize)
    }
}

/// A text's link: to a URL (`{"type": "URL", "url"}`) or to a node of the file (`{"type": "NODE", "nodeID"}`).
struct FigmaHyperlink: Sendable, Hashable, Decodable {
    var type: String?
    var url: String?
    var nodeID: String?
}

/// Counts the nodes one document's decoding makes, so that it stops at the limit instead of building them all.
// @unchecked Sendable: one instance belongs to one `JSONDecoder.decode` call, which runs on one thread.
final class FigmaNodeBudget: @unchecked Sendable {
    /// The most nodes the document may have.
    let limit: Int
    /// The nodes decoded so far (one past the limit at most: decoding stops there).
    private(set) var count = 0

    init(limit: Int) {
        self.limit = limit
    }

    /// Counts one more node: whether it is still within the limit.
    func take() -> Bool {
        count += 1
        return count <= limit
    }
}

extension CodingUserInfoKey {
    /// Where a ``FigmaNodeBudget`` rides along a document's decoding.
    static let figmaNodeBudget = CodingUserInfoKey(rawValue: "MatterTypeFigma.nodeBudget")!  // a constant, valid key
}
