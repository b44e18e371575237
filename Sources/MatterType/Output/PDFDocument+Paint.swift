import Foundation

/// A number as PDF writes it (at most 3 decimals).
private func n(_ value: Double) -> String { VectorNumber.format(value) }

/// Paths, paints, colors, blend modes and opacities as PDF operators and resources.
extension PDFDocument {
    /// Path operators for a rounded rectangle.
    func path(_ rect: Rect, corners: CornerRadii) -> String {
        var ops = ""
        VectorGeometry.roundedRect(rect, corners: corners, move: { ops += "\(n($0.x)) \(n($0.y)) m\n" },
                                   line: { ops += "\(n($0.x)) \(n($0.y)) l\n" },
                                   curve: { ops += "\(n($0.x)) \(n($0.y)) \(n($1.x)) \(n($1.y)) \(n($2.x)) \(n($2.y)) c\n" },
                                   close: { ops += "h\n" })
        return ops
    }

    /// Path operators for `shape` moved to `origin` (quadratic curves written as the cubic curves they are).
    func path(_ shape: VectorPath, at origin: Point) -> String {
        var ops = ""
        var current = Point.zero, start = Point.zero
        func p(_ point: Point) -> String { "\(n(point.x + origin.x)) \(n(point.y + origin.y))" }
        for segment in shape.segments {
            switch segment {
            case .move(let to):
                ops += p(to) + " m\n"
                current = to
                start = to
            case .line(let to):
                ops += p(to) + " l\n"
                current = to
            case .quadratic(let control, let to):
                let c1 = Point(x: current.x + 2 / 3 * (control.x - current.x), y: current.y + 2 / 3 * (control.y - current.y))
                let c2 = Point(x: to.x + 2 / 3 * (control.x - to.x), y: to.y + 2 / 3 * (control.y - to.y))
                ops += p(c1) + " " + p(c2) + " " + p(to) + " c\n"
                current = to
            case .cubic(let c1, let c2, let to):
                ops += p(c1) + " " + p(c2) + " " + p(to) + " c\n"
                current = to
            case .close:
                ops += "h\n"
                current = start
            }
        }
        return ops
    }

    /// Fills `path` with `paint` over `box` at `opacity`, on a page of `scale` pixels a point (for the density of
    /// what is embedded as pixels).
    mutating func fill(_ path: String, evenOdd: Bool, paint: Paint, box: Rect, opacity: Double, scale: Double,
                       into content: inout String) throws(RenderError) {
        let opacity = min(max(opacity.isFinite ? opacity : 0, 0), 1)
        switch paint {
        case .color(let color):
            content += "q\n" + colorOperators(color, opacity: opacity) + path + (evenOdd ? "f*\n" : "f\n") + "Q\n"
        case .linear(let gradient):
            let line = VectorGeometry.line(of: gradient, over: box)
            try fillShading(type: 2, coords: [line.start.x, line.start.y, line.end.x, line.end.y],
                            stops: gradient.stops, path: path, evenOdd: evenOdd, box: box, opacity: opacity,
                            into: &content)
        case .radial(let gradient):
            if let m = gradient.ellipseMatrix(over: box) {
                // The unit circle at the origin, mapped onto the ellipse (after clipping, before painting).
                try fillShading(type: 3, coords: [0, 0, 0, 0, 0, 1], stops: gradient.stops, path: path,
                                evenOdd: evenOdd, box: box, opacity: opacity,
                                matrix: [m.a, m.b, m.c, m.d, m.tx, m.ty].map { n($0) }.joined(separator: " ") + " cm\n",
                                into: &content)
            } else {
                let circle = VectorGeometry.circle(of: gradient, over: box)
                try fillShading(type: 3, coords: [circle.center.x, circle.center.y, 0, circle.center.x,
                                                  circle.center.y, circle.radius],
                                stops: gradient.stops, path: path, evenOdd: evenOdd, box: box, opacity: opacity,
                                into: &content)
            }
        case .conic, .diamond:
            // PDF has no such shading: its pixels, clipped to the path.
            let name = try image(VectorGeometry.pictured(paint, over: box, scale: scale))
            content += "q\n" + (opacity < 1 ? "/\(opacityResource(opacity)) gs\n" : "") + path
                + (evenOdd ? "W* n\n" : "W n\n")
                + "\(n(box.width)) 0 0 \(n(-box.height)) \(n(box.x)) \(n(box.y + box.height)) cm /\(name) Do\nQ\n"
        }
    }

    /// Fills `path` with the shading of `stops` (axial, type 2, or radial, type 3) at `opacity`. Stops that are
    /// not opaque take a soft mask: the same shading of their alphas in gray, as luminosity (a PDF shading has
    /// colors only). Colors are interpolated unpremultiplied, as PDF does; the raster interpolates premultiplied,
    /// which differs only between stops of different colors and alphas.
    private mutating func fillShading(type: Int, coords: [Double], stops: [GradientStop], path: String,
                                      evenOdd: Bool, box: Rect, opacity: Double, matrix: String = "",
                                      into content: inout String) throws(RenderError) {
        let colors = try shadingResource(type: type, coords: coords, stops: stops)
        var state = opacity < 1 ? "/\(opacityResource(opacity)) gs\n" : ""
        if stops.contains(where: { $0.color.alpha < 255 }) {
            let alphas = shading(type: type, coords: coords, stops: stops, alphas: true)
            // The mask covers the box (a pixel more): outside it, luminosity's black backdrop hides nothing drawn.
            let bounds = [box.x - 1, box.y - 1, box.x + box.width + 1, box.y + box.height + 1].map(n)
                .joined(separator: " ")
            let form = add(try stream(Data((matrix + "/A sh\n").utf8), dictionary: " /Type /XObject /Subtype /Form "
                                      + "/BBox [\(bounds)] /Group << /S /Transparency /CS /DeviceGray >> /Resources "
                                      + "<< /Shading << /A \(alphas) 0 R >> >>"))
            let name = "M\(opacityResources.count + 1)"
            opacityResources.append((name, "<< /SMask << /Type /Mask /S /Luminosity /G \(form) 0 R >> >>"))
            state += "/\(name) gs\n"
        }
        content += "q\n" + state + path + (evenOdd ? "W* n\n" : "W n\n") + matrix + "/\(colors) sh\nQ\n"
    }


    /// `r g b rg` (and an opacity state when not opaque).
    mutating func colorOperators(_ color: Color, opacity: Double = 1) -> String {
        let alpha = Double(color.alpha) / 255 * opacity
        return (alpha < 1 ? "/\(opacityResource(alpha)) gs " : "") + components(color) + " rg\n"
    }

    func components(_ color: Color) -> String {
        [color.red, color.green, color.blue].map { VectorNumber.format(Double($0) / 255, fractionDigits: 4) }
            .joined(separator: " ")
    }

    /// `/Bn gs ` setting `mode` (the ExtGState written once a mode); "" for normal, and for the linear modes, which
    /// PDF does not have (drawn as normal).
    mutating func blendOperator(_ mode: BlendMode) -> String {
        let name: String
        switch mode {
        case .normal, .linearBurn, .linearDodge: return ""
        case .multiply: name = "Multiply"
        case .screen: name = "Screen"
        case .overlay: name = "Overlay"
        case .darken: name = "Darken"
        case .lighten: name = "Lighten"
        case .colorDodge: name = "ColorDodge"
        case .colorBurn: name = "ColorBurn"
        case .hardLight: name = "HardLight"
        case .softLight: name = "SoftLight"
        case .difference: name = "Difference"
        case .exclusion: name = "Exclusion"
        case .hue: name = "Hue"
        case .saturation: name = "Saturation"
        case .color: name = "Color"
        case .luminosity: name = "Luminosity"
        }
        let dictionary = "<< /BM /\(name) >>"
        if let known = opacityResources.first(where: { $0.1 == dictionary }) { return "/\(known.0) gs " }
        let resource = "B\(opacityResources.count + 1)"
        opacityResources.append((resource, dictionary))
        return "/\(resource) gs "
    }

    /// The ExtGState resource filling and stroking at `opacity`.
    mutating func opacityResource(_ opacity: Double) -> String {
        let key = (opacity * 1000).rounded() / 1000
        if let known = opacities[key] { return known }
        let name = "A\(opacities.count + 1)"
        opacities[key] = name
        opacityResources.append((name, "<< /ca \(n(key)) /CA \(n(key)) >>"))
        return name
    }

    /// The page resource of an axial (type 2) or radial (type 3) shading through `stops`' colors.
    mutating func shadingResource(type: Int, coords: [Double], stops: [GradientStop]) throws(RenderError) -> String {
        let object = shading(type: type, coords: coords, stops: stops, alphas: false)
        let name = "S\(shadingResources.count + 1)"
        shadingResources.append((name, object))
        return name
    }

    /// The object of an axial (type 2) or radial (type 3) shading through `stops`: their colors, or with `alphas`
    /// their alphas as DeviceGray (for a soft mask).
    private mutating func shading(type: Int, coords: [Double], stops: [GradientStop], alphas: Bool) -> Int {
        var points = stops.map { (min(max($0.offset, 0), 1), $0.color) }.sorted { $0.0 < $1.0 }
        if points.isEmpty { points = [(0, .clear)] }
        if let first = points.first, first.0 > 0 { points.insert((0, first.1), at: 0) }
        if let last = points.last, last.0 < 1 { points.append((1, last.1)) }
        if points.count == 1 { points.append((1, points[0].1)) }
        func values(_ color: Color) -> String {
            alphas ? VectorNumber.format(Double(color.alpha) / 255, fractionDigits: 4) : components(color)
        }
        func exponential(_ a: Color, _ b: Color) -> String {
            "<< /FunctionType 2 /Domain [0 1] /C0 [\(values(a))] /C1 [\(values(b))] /N 1 >>"
        }
        let function: String
        if points.count == 2 {
            function = exponential(points[0].1, points[1].1)
        } else {
            let pieces = (0..<points.count - 1).map { exponential(points[$0].1, points[$0 + 1].1) }
            function = "<< /FunctionType 3 /Domain [0 1] /Functions [" + pieces.joined(separator: " ") + "] /Bounds ["
                + points.dropFirst().dropLast().map { n($0.0) }.joined(separator: " ") + "] /Encode ["
                + pieces.map { _ in "0 1" }.joined(separator: " ") + "] >>"
        }
        return add("<< /ShadingType \(type) /ColorSpace /\(alphas ? "DeviceGray" : "DeviceRGB") /Coords ["
                   + coords.map(n).joined(separator: " ") + "] /Function " + function + " /Extend [true true] >>")
    }
}
