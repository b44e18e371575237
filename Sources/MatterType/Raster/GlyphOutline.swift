/// A glyph's outline as FreeType reads it from the font, unhinted and unscaled: contours of lines and quadratic
/// (TrueType) or cubic (CFF) Bézier curves, in font units with y up, the glyph origin at (0, 0).
///
/// Vector output (SVG, PDF) draws these; ``TextLayout/outline(of:)`` gives a laid-out glyph's, with any synthesized
/// bold or slant applied as the rasterizer applies it.
public struct GlyphOutline: Sendable, Hashable {
    /// One step of a contour.
    public enum Segment: Sendable, Hashable {
        /// Starts a contour at a point.
        case move(to: Point)
        /// A straight line to a point.
        case line(to: Point)
        /// A quadratic Bézier curve through one control point (TrueType's on/off-curve points).
        case quadratic(control: Point, to: Point)
        /// A cubic Bézier curve through two control points (CFF, CFF2).
        case cubic(control1: Point, control2: Point, to: Point)
        /// Closes the contour back to its start.
        case close
    }

    /// The contours, each from a `move` to a `close`.
    public var segments: [Segment]
    /// The font's units per em: the outline at a size of `s` points is scaled by `s / unitsPerEm`.
    public var unitsPerEm: Int

    /// An outline of `segments` in a font of `unitsPerEm` units per em.
    public init(segments: [Segment], unitsPerEm: Int) {
        self.segments = segments
        self.unitsPerEm = unitsPerEm
    }

    /// Whether it has no contours (a space).
    public var isEmpty: Bool { segments.isEmpty }

    /// SVG path data (`M`, `L`, `Q`, `C`, `Z`, absolute) for the outline scaled by `scale` (1: font units) with y
    /// flipped down, as SVG's y axis runs; numbers as ``VectorNumber`` writes them, with `fractionDigits` decimals
    /// at most (integers stay integers).
    public func svgPathData(scale: Double = 1, fractionDigits: Int = 3) -> String {
        pathData(xScale: scale, yScale: -scale, fractionDigits: fractionDigits)
    }

    /// SVG path data in font units with y up, as the outline's own (for drawings inside a y-flipped group).
    func svgPathDataYUp(fractionDigits: Int) -> String {
        pathData(xScale: 1, yScale: 1, fractionDigits: fractionDigits)
    }

    private func pathData(xScale: Double, yScale: Double, fractionDigits: Int) -> String {
        var data = ""
        data.reserveCapacity(segments.count * 12)
        func point(_ p: Point) {
            VectorNumber.append(p.x * xScale, fractionDigits: fractionDigits, to: &data)
            data += " "
            VectorNumber.append(p.y * yScale, fractionDigits: fractionDigits, to: &data)
        }
        for segment in segments {
            switch segment {
            case .move(let p): data += "M"; point(p)
            case .line(let p): data += "L"; point(p)
            case .quadratic(let c, let p): data += "Q"; point(c); data += " "; point(p)
            case .cubic(let c1, let c2, let p): data += "C"; point(c1); data += " "; point(c2); data += " "; point(p)
            case .close: data += "Z"
            }
        }
        return data
    }
}

/// How one glyph is drawn as vectors: an outline in the text's color, colored layers (COLRv0), or a color
/// bitmap (CBDT/CBLC, sbix emoji).
enum VectorGlyph: Sendable {
    /// Nothing to draw (a space, a glyph the font cannot load).
    case empty
    /// An outline filled with the text's color.
    case outline(GlyphOutline)
    /// COLRv0 layers, bottom first: each an outline and its palette color (`nil`: the text's color).
    case layers([(outline: GlyphOutline, color: Color?)])
    /// A premultiplied RGBA bitmap from a strike of `pixelsPerEm` pixels per em; its `left` and `top` are in
    /// those pixels from the glyph origin.
    case bitmap(GlyphBitmap, pixelsPerEm: Double)
    /// A COLRv1 paint graph (gradients, transforms, compositing), in font units.
    case paint(ColorGlyph)
}

/// Writes numbers for vector formats: at most `fractionDigits` decimals, no trailing zeros, no exponent, no
/// "-0", so that the same drawing always gives the same bytes.
public enum VectorNumber {
    /// `value` rounded to `fractionDigits` (0 to 6) decimals, written shortest (`12`, `12.5`, `-0.25`).
    public static func format(_ value: Double, fractionDigits: Int = 3) -> String {
        var text = ""
        append(value, fractionDigits: fractionDigits, to: &text)
        return text
    }

    /// Appends `value` as ``format(_:fractionDigits:)`` writes it.
    public static func append(_ value: Double, fractionDigits: Int = 3, to text: inout String) {
        let digits = min(max(fractionDigits, 0), 6)
        var power = 1.0
        for _ in 0..<digits { power *= 10 }
        guard value.isFinite, abs(value) < 1e12 else {
            text += "0"
            return
        }
        var scaled = Int64((value * power).rounded())
        if scaled == 0 {
            text += "0"
            return
        }
        if scaled < 0 {
            text += "-"
            scaled = -scaled
        }
        let unit = Int64(power)
        text += String(scaled / unit)
        var fraction = scaled % unit
        guard fraction != 0 else { return }
        var width = digits
        while fraction % 10 == 0 {
            fraction /= 10
            width -= 1
        }
        let written = String(fraction)
        text += "."
        text += String(repeating: "0", count: width - written.count)
        text += written
    }
}

extension TextLayout {
    /// The outline of a laid-out glyph (in its font's units, y up, synthesized bold and slant applied); `nil` for
    /// a color glyph (emoji) or one the font cannot load. Kept once read, by `renderer`.
    public func outline(of glyph: PositionedGlyph, renderer: TextRenderer = .shared) -> GlyphOutline? {
        faces.indices.contains(glyph.fontIndex) ? renderer.outline(of: glyph.glyphID, in: faces[glyph.fontIndex]) : nil
    }

    /// A laid-out glyph's name in its font (the `post` table's or the CFF charset's, FT_Get_Glyph_Name), or
    /// `gid` and its index when the font names none; read with `renderer`'s FreeType face.
    public func glyphName(of glyph: PositionedGlyph, renderer: TextRenderer = .shared) -> String {
        faces.indices.contains(glyph.fontIndex) ? renderer.glyphName(of: glyph.glyphID, in: faces[glyph.fontIndex])
            : "gid\(glyph.glyphID)"
    }
}

extension ShapedText {
    /// `glyph`'s outline in font units, y up (FreeType's, unhinted, at the typography's variation coordinates);
    /// `nil` for a glyph that draws nothing, a color glyph or one the font cannot load. Kept once read, by
    /// `renderer`.
    public func outline(of glyph: ShapedGlyph, renderer: TextRenderer = .shared) -> GlyphOutline? {
        faces.indices.contains(glyph.fontIndex) ? renderer.outline(of: glyph.glyphID, in: faces[glyph.fontIndex]) : nil
    }

    /// `glyph`'s name in its font as FreeType reads it (the `post` table's or the CFF charset's), or `gid` and its
    /// index when the font names none; read with `renderer`'s FreeType face.
    public func glyphName(of glyph: ShapedGlyph, renderer: TextRenderer = .shared) -> String {
        faces.indices.contains(glyph.fontIndex) ? renderer.glyphName(of: glyph.glyphID, in: faces[glyph.fontIndex])
            : "gid\(glyph.glyphID)"
    }
}

extension TextRenderer {
    /// `glyph`'s outline in `face`, or `nil` when it is not an outline glyph.
    func outline(of glyph: UInt32, in face: FontFace) -> GlyphOutline? {
        guard case .outline(let outline) = rasterFaces.vectorGlyph(glyph, of: face) else { return nil }
        return outline
    }

    /// `glyph`'s name in `face` as FreeType reads it, or `gid` and its index when the font names none.
    func glyphName(of glyph: UInt32, in face: FontFace) -> String {
        rasterFaces.face(of: face)?.glyphName(glyph) ?? "gid\(glyph)"
    }
}
