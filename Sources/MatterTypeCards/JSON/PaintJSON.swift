public import Foundation
public import MatterType
public import MatterTypeWire

/// A ``Paint`` in JSON: a color string (`"#0A66C2"`, `"navy"`), `{"linear": {"angle": 135, "stops": [...]}}` (or
/// `"from": [0, 0], "to": [1, 1]` instead of the angle: fractions of the box), or
/// `{"radial": {"center": [0.5, 0.5], "radius": 300, "stops": [...]}}` (or `"ellipse": [[0.5, 0], [0, 0.5]]`, the
/// ends of two radii from the center in fractions of the box, instead of the radius),
/// `{"conic": {"center": [0.5, 0.5], "angle": 90, "stops": [...]}}` (CSS's `from`; or `"axes": [[0.5, 0], [0, 0.5]]`,
/// the sweep from the first toward the second), or `{"diamond": {"center": [0.5, 0.5], "axes": [[0.5, 0], [0, 0.5]],
/// "stops": [...]}}`; stops are colors (spread evenly) or `{"offset": 0.4, "color": "#fff"}`.
struct PaintJSON: Codable {
    var paint: Paint

    init(_ paint: Paint) { self.paint = paint }

    private enum Keys: String, CodingKey, CaseIterable { case linear, radial, conic, diamond }
    private enum LinearKeys: String, CodingKey, CaseIterable { case angle, from, to, stops }
    private enum RadialKeys: String, CodingKey, CaseIterable { case center, radius, ellipse, stops }
    private enum ConicKeys: String, CodingKey, CaseIterable { case center, angle, axes, stops }
    private enum DiamondKeys: String, CodingKey, CaseIterable { case center, axes, stops }
    private enum StopKeys: String, CodingKey, CaseIterable { case offset, color }

    init(from decoder: any Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            do {
                paint = .color(try Color.parse(text, allowsTransparent: true))
            } catch {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                        debugDescription: error.description))
            }
            return
        }
        try decoder.rejectUnknownKeys(Keys.self, in: "a paint (a color, or one of linear, radial, conic and diamond)")
        let c = try decoder.container(keyedBy: Keys.self)
        if c.contains(.linear) {
            let nested = try c.superDecoder(forKey: .linear)
            try nested.rejectUnknownKeys(LinearKeys.self, in: "a linear gradient")
            let g = try nested.container(keyedBy: LinearKeys.self)
            let stops = try PaintJSON.stops(g.superDecoder(forKey: .stops))
            if g.contains(.from) || g.contains(.to) {
                func point(_ key: LinearKeys) throws -> Point {
                    let pair = try g.decode([Double].self, forKey: key)
                    guard pair.count == 2, pair.allSatisfy(\.isFinite) else {
                        throw DecodingError.dataCorruptedError(forKey: key, in: g, debugDescription:
                            "give the point as [x, y] fractions of the box")
                    }
                    return Point(x: pair[0], y: pair[1])
                }
                guard !g.contains(.angle) else {
                    throw DecodingError.dataCorruptedError(forKey: .angle, in: g, debugDescription:
                        "give an angle or from and to, not both")
                }
                paint = .linear(LinearGradient(from: try point(.from), to: try point(.to), stops: stops))
            } else {
                paint = .linear(LinearGradient(angle: try g.decodeIfPresent(Double.self, forKey: .angle) ?? 180,
                                               stops: stops))
            }
        } else if c.contains(.radial) {
            let nested = try c.superDecoder(forKey: .radial)
            try nested.rejectUnknownKeys(RadialKeys.self, in: "a radial gradient")
            let g = try nested.container(keyedBy: RadialKeys.self)
            let center = try PaintJSON.center(g, .center)
            var gradient = RadialGradient(centerX: center.x, centerY: center.y,
                                          radius: try g.decodeIfPresent(Double.self, forKey: .radius),
                                          stops: try PaintJSON.stops(g.superDecoder(forKey: .stops)))
            if g.contains(.ellipse) {
                guard !g.contains(.radius) else {
                    throw DecodingError.dataCorruptedError(forKey: .radius, in: g, debugDescription:
                        "give a radius or an ellipse, not both")
                }
                gradient.ellipse = try PaintJSON.axes(g, .ellipse)
            }
            paint = .radial(gradient)
        } else if c.contains(.conic) {
            let nested = try c.superDecoder(forKey: .conic)
            try nested.rejectUnknownKeys(ConicKeys.self, in: "a conic gradient")
            let g = try nested.container(keyedBy: ConicKeys.self)
            let center = try PaintJSON.center(g, .center)
            let angle = try g.decodeIfPresent(Double.self, forKey: .angle) ?? 0
            guard angle.isFinite else {
                throw DecodingError.dataCorruptedError(forKey: .angle, in: g,
                                                       debugDescription: "give the angle in degrees")
            }
            paint = .conic(ConicGradient(centerX: center.x, centerY: center.y, angle: angle,
                                         axes: g.contains(.axes) ? try PaintJSON.axes(g, .axes) : nil,
                                         stops: try PaintJSON.stops(g.superDecoder(forKey: .stops))))
        } else if c.contains(.diamond) {
            let nested = try c.superDecoder(forKey: .diamond)
            try nested.rejectUnknownKeys(DiamondKeys.self, in: "a diamond gradient")
            let g = try nested.container(keyedBy: DiamondKeys.self)
            let center = try PaintJSON.center(g, .center)
            paint = .diamond(DiamondGradient(centerX: center.x, centerY: center.y, axes: try PaintJSON.axes(g, .axes),
                                             stops: try PaintJSON.stops(g.superDecoder(forKey: .stops))))
        } else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription:
                "give a color, or {\"linear\": …}, {\"radial\": …}, {\"conic\": …} or {\"diamond\": …}"))
        }
    }

    /// A gradient's center, [x, y] in fractions of the box; the box's middle when not given.
    private static func center<K: CodingKey>(_ g: KeyedDecodingContainer<K>, _ key: K) throws -> Point {
        let center = try g.decodeIfPresent([Double].self, forKey: key) ?? [0.5, 0.5]
        guard center.count == 2, center.allSatisfy(\.isFinite) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: g,
                                                   debugDescription: "give the center as [x, y] fractions of the box")
        }
        return Point(x: center[0], y: center[1])
    }

    /// A gradient's two axes, [[x, y], [x, y]]: their ends from the center in fractions of the box.
    private static func axes<K: CodingKey>(_ g: KeyedDecodingContainer<K>, _ key: K) throws -> GradientAxes {
        let ends = try g.decode([[Double]].self, forKey: key)
        guard ends.count == 2, ends.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isFinite) }) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: g, debugDescription:
                "give the ends of two axes from the center, [[x, y], [x, y]] in fractions of the box")
        }
        return GradientAxes(first: Point(x: ends[0][0], y: ends[0][1]), second: Point(x: ends[1][0], y: ends[1][1]))
    }

    /// Stops: colors spread evenly, or objects with an offset each; at least two, offsets within 0…1 and ascending.
    private static func stops(_ decoder: any Decoder) throws -> [GradientStop] {
        var list = try decoder.unkeyedContainer()
        var stops: [GradientStop] = []
        while !list.isAtEnd {
            let item = try list.superDecoder()
            if let text = try? item.singleValueContainer().decode(String.self) {
                do {
                    stops.append(GradientStop(offset: .nan, color: try Color.parse(text, allowsTransparent: true)))
                } catch {
                    throw DecodingError.dataCorrupted(.init(codingPath: item.codingPath, debugDescription: error.description))
                }
            } else {
                try item.rejectUnknownKeys(StopKeys.self, in: "a gradient stop")
                let s = try item.container(keyedBy: StopKeys.self)
                guard let color = try s.decodeColorIfPresent(forKey: .color) else {
                    throw DecodingError.keyNotFound(StopKeys.color, .init(codingPath: item.codingPath, debugDescription: ""))
                }
                stops.append(GradientStop(offset: try s.decode(Double.self, forKey: .offset), color: color))
            }
        }
        guard stops.count >= 2 else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "a gradient needs at least 2 stops"))
        }
        for index in stops.indices where stops[index].offset.isNaN {
            stops[index].offset = Double(index) / Double(stops.count - 1)
        }
        guard stops.allSatisfy({ (0...1).contains($0.offset) }),
              zip(stops, stops.dropFirst()).allSatisfy({ $0.offset <= $1.offset }) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "stop offsets go from 0 to 1, in order"))
        }
        return stops
    }

    func encode(to encoder: any Encoder) throws {
        switch paint {
        case .color(let color):
            var c = encoder.singleValueContainer()
            try c.encode(color.description)
        case .linear(let gradient):
            var c = encoder.container(keyedBy: Keys.self)
            var g = c.nestedContainer(keyedBy: LinearKeys.self, forKey: .linear)
            if let start = gradient.start, let end = gradient.end {
                try g.encode([start.x, start.y], forKey: .from)
                try g.encode([end.x, end.y], forKey: .to)
            } else {
                try g.encode(gradient.angle, forKey: .angle)
            }
            var list = g.nestedUnkeyedContainer(forKey: .stops)
            for stop in gradient.stops { try list.encode(StopJSON(stop)) }
        case .radial(let gradient):
            var c = encoder.container(keyedBy: Keys.self)
            var g = c.nestedContainer(keyedBy: RadialKeys.self, forKey: .radial)
            try g.encode([gradient.centerX, gradient.centerY], forKey: .center)
            if let ellipse = gradient.ellipse {
                try g.encode(PaintJSON.ends(ellipse), forKey: .ellipse)
            } else {
                try g.encodeIfPresent(gradient.radius, forKey: .radius)
            }
            var list = g.nestedUnkeyedContainer(forKey: .stops)
            for stop in gradient.stops { try list.encode(StopJSON(stop)) }
        case .conic(let gradient):
            var c = encoder.container(keyedBy: Keys.self)
            var g = c.nestedContainer(keyedBy: ConicKeys.self, forKey: .conic)
            try g.encode([gradient.centerX, gradient.centerY], forKey: .center)
            try g.encode(gradient.angle, forKey: .angle)
            try g.encodeIfPresent(gradient.axes.map(PaintJSON.ends), forKey: .axes)
            var list = g.nestedUnkeyedContainer(forKey: .stops)
            for stop in gradient.stops { try list.encode(StopJSON(stop)) }
        case .diamond(let gradient):
            var c = encoder.container(keyedBy: Keys.self)
            var g = c.nestedContainer(keyedBy: DiamondKeys.self, forKey: .diamond)
            try g.encode([gradient.centerX, gradient.centerY], forKey: .center)
            try g.encode(PaintJSON.ends(gradient.axes), forKey: .axes)
            var list = g.nestedUnkeyedContainer(forKey: .stops)
            for stop in gradient.stops { try list.encode(StopJSON(stop)) }
        }
    }

    /// Axes as JSON gives them: [[x, y], [x, y]].
    private static func ends(_ axes: GradientAxes) -> [[Double]] {
        [[axes.first.x, axes.first.y], [axes.second.x, axes.second.y]]
    }

    /// A stop in JSON, with its offset.
    private struct StopJSON: Encodable {
        var stop: GradientStop
        init(_ stop: GradientStop) { self.stop = stop }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: StopKeys.self)
            try c.encode(stop.offset, forKey: .offset)
            try c.encode(stop.color.description, forKey: .color)
        }
    }
}

extension PaintJSON: CardJSONForm {
    typealias Value = Paint
    var value: Paint { paint }

    /// The OpenAPI schema, as JSON.
    static var schema: String { ##"{"$ref": "#/components/schemas/Paint"}"## }

    /// Colors and gradients of every kind: turned, flat, far outside the box, with stops given either way.
    static var examples: FieldExamples {
        FieldExamples(accepted: [
            ##""#0B1F3A""##, ##""white""##, ##""#FFFFFF1A""##, ##""transparent""##, ##""#f00""##,
            ##"{"linear": {"angle": 135, "stops": ["#0B1F3A", "#1D4E89", "#fff"]}}"##,
            ##"{"linear": {"angle": 370, "stops": ["#0B1F3A", "#fff"]}}"##,
            ##"{"linear": {"from": [0, 0], "to": [1, 1], "stops": ["#0B1F3A", "#fff"]}}"##,
            ##"{"linear": {"from": [0.5, 0.5], "to": [0.5, 0.5], "stops": ["#0B1F3A", "#fff"]}}"##,
            ##"{"linear": {"from": [-3, 1e6], "to": [0, 1], "stops": ["#0B1F3A", "#fff"]}}"##,
            ##"{"radial": {"radius": 60, "stops": ["#FFD166", {"offset": 0.4, "color": "#EF476F"}]}}"##,
            ##"{"radial": {"center": [2, 0.5], "radius": 0, "stops": ["#FFD166", "#EF476F"]}}"##,
            ##"{"radial": {"ellipse": [[0.4, 0.3], [-0.2, 0.5]], "stops": ["#FFD166", "#EF476F"]}}"##,
            ##"{"conic": {"center": [0.5, 0.5], "angle": 90, "stops": ["#FFD166", "#EF476F", "#FFD166"]}}"##,
            ##"{"conic": {"angle": 1e300, "axes": [[0, 0], [0, 0]], "stops": ["#FFD166", "#EF476F"]}}"##,
            ##"{"diamond": {"center": [0.5, 0.5], "axes": [[0.5, 0], [0, 0.5]], "stops": ["#fff", "#06D6A080", "#0B1F3A"]}}"##,
            ##"{"diamond": {"center": [-1, 0.5], "axes": [[0, 0], [0, 0]], "stops": ["#fff", "#0B1F3A"]}}"##,
        ], refused: [
            ##""#12""##, ##"{"linear": {"from": [1, 2, 3], "to": [0, 1], "stops": ["#fff", "#000"]}}"##,
            ##"{"diamond": {"axes": [[1]], "stops": ["#fff", "#000"]}}"##, ##"{"spiral": {}}"##,
        ])
    }
}
