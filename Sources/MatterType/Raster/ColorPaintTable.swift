import Foundation

/// Reads COLRv1 paint graphs from a font's `COLR` table (OpenType 1.9.1 §COLR), every offset and count checked
/// against the table's bytes: a hostile font gets a refused glyph, never a read out of bounds.
///
/// Our own reader rather than FreeType's paint API: Debian 12's FreeType 2.12.1 ships that API disabled
/// (debian/patches/disable_COLRv1.patch, Debian bug #1051816: 2.12's experimental API predates the final
/// COLRv1 one), so `FT_Get_Color_Glyph_Paint` answers "no paint" for every glyph. The variable formats
/// (`PaintVar…`, `VarColorLine`, ClipBox format 2) get the deltas of the face's instance (``ColorVariations``).
struct ColorPaintTable: Sendable {
    private let bytes: [UInt8]
    private let baseGlyphList: Int?
    private let layerList: Int?
    private let clipList: Int?
    /// The deltas of the face's instance; `nil` for a face that is not variable or a table without variations.
    private let variations: ColorVariations?

    /// How deep a paint graph may nest (Skia draws deeper graphs; a font needing more is treated as hostile):
    /// past it the glyph draws nothing, as a cycle does.
    static let depthLimit = 128
    /// How many paint nodes one glyph may expand to (PaintColrGlyph and shared layers repeat subgraphs, so a
    /// small hostile font can describe an exponential one): past it the glyph draws nothing.
    static let nodeLimit = 20_000

    /// The table in `bytes` of a face at `coordinates` (normalized, one per `fvar` axis; empty for a face that is
    /// not variable); `nil` unless it is a COLR table of version 1 or later with a base glyph list.
    init?(_ bytes: [UInt8], coordinates: [Double] = []) {
        self.bytes = bytes
        guard bytes.count >= 34, let version = bytes.uint16(at: 0), version >= 1 else { return nil }
        func offset(_ at: Int) -> Int? {
            guard let value = bytes.uint32(at: at), value > 0, value < bytes.count else { return nil }
            return value
        }
        baseGlyphList = offset(14)
        layerList = offset(18)
        clipList = offset(22)
        guard baseGlyphList != nil else { return nil }
        variations = offset(30).flatMap { store in
            ColorVariations(bytes, store: store, indexMap: offset(26), coordinates: coordinates)
        }
    }

    /// `glyph`'s paint graph; `nil` when the table has none for it. A graph that cannot be read — a cycle of
    /// PaintColrGlyph or of layers, nesting past ``depthLimit``, more than ``nodeLimit`` nodes, an offset out of
    /// the table, an unknown format — is refused: the glyph then draws nothing (as Skia and Chrome draw
    /// nothing), rather than some of its layers. `outline` gives a PaintGlyph's outline in font units.
    func glyph(_ glyph: UInt32, unitsPerEm: Int, outline: (UInt32) -> GlyphOutline) -> ColorGlyph? {
        guard let root = paintOffset(of: glyph) else { return nil }
        let paint = withoutActuallyEscaping(outline) { outline in
            var reader = Reader(table: self, outline: outline)
            reader.visiting.insert(glyph)
            return (try? reader.read(at: root, depth: 0)) ?? .layers([])
        }
        return ColorGlyph(paint: paint, clipBox: clipBox(of: glyph), unitsPerEm: unitsPerEm)
    }

    /// Where `glyph`'s root paint is, by binary search of the base glyph list (sorted by glyph id).
    private func paintOffset(of glyph: UInt32) -> Int? {
        guard let list = baseGlyphList, let count = bytes.uint32(at: list) else { return nil }
        var low = 0, high = min(count, (bytes.count - list - 4) / 6)
        while low < high {
            let middle = (low + high) / 2
            let record = list + 4 + middle * 6
            guard let id = bytes.uint16(at: record) else { return nil }
            if id == glyph {
                guard let offset = bytes.uint32(at: record + 2), offset > 0 else { return nil }
                return list + offset < bytes.count ? list + offset : nil
            }
            if id < glyph { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// The clip box the table gives `glyph`, in font units; `nil` when it gives none.
    fileprivate func clipBox(of glyph: UInt32) -> FontBox? {
        guard let list = clipList, bytes.count > list, bytes[list] == 1,
              let count = bytes.uint32(at: list + 1) else { return nil }
        for index in 0..<min(count, (bytes.count - list - 5) / 7) {
            let record = list + 5 + index * 7
            guard let first = bytes.uint16(at: record), let last = bytes.uint16(at: record + 2),
                  let offset = bytes.uint24(at: record + 4) else { return nil }
            guard (first...max(first, last)).contains(Int(glyph)) else { continue }
            let box = list + offset
            guard box < bytes.count, bytes[box] == 1 || bytes[box] == 2,
                  let minX = bytes.int16(at: box + 1), let minY = bytes.int16(at: box + 3),
                  let maxX = bytes.int16(at: box + 5), let maxY = bytes.int16(at: box + 7)
            else { return nil }
            // Format 2 is a variable clip box: its VarIndexBase follows the four bounds.
            let d = bytes[box] == 2 ? deltas(at: box + 9, count: 4) : [0, 0, 0, 0]
            let clip = FontBox(minX: Double(minX) + d[0], minY: Double(minY) + d[1], maxX: Double(maxX) + d[2],
                               maxY: Double(maxY) + d[3])
            return clip.minX < clip.maxX && clip.minY < clip.maxY ? clip : nil
        }
        return nil
    }

    /// The deltas of `count` varied fields whose VarIndexBase is at `at`, in the fields' units (all 0 at the
    /// default instance, for a face that is not variable, or when the index cannot be read).
    fileprivate func deltas(at: Int, count: Int) -> [Double] {
        guard let variations, let base = bytes.uint32(at: at) else {
            return Array(repeating: 0, count: count)
        }
        return variations.deltas(base: base, count: count)
    }

    /// Why a paint graph is refused.
    private enum Refusal: Error {
        case cycle, tooDeep, tooLarge, malformed
    }

    /// Walks one glyph's paint graph into a ``ColorPaint`` tree.
    private struct Reader {
        let table: ColorPaintTable
        let outline: (UInt32) -> GlyphOutline
        /// The PaintColrGlyph glyphs being read (a cycle returns to one).
        var visiting: Set<UInt32> = []
        var nodes = 0
        /// Outlines read so far, by glyph: shapes are reused across layers.
        var outlines: [UInt32: GlyphOutline] = [:]

        init(table: ColorPaintTable, outline: @escaping (UInt32) -> GlyphOutline) {
            self.table = table
            self.outline = outline
        }

        private var bytes: [UInt8] { table.bytes }

        private func u8(_ at: Int) throws(Refusal) -> Int {
            guard at >= 0, at < bytes.count else { throw .malformed }
            return Int(bytes[at])
        }
        private func u16(_ at: Int) throws(Refusal) -> Int {
            guard let value = bytes.uint16(at: at) else { throw .malformed }
            return value
        }
        private func s16(_ at: Int) throws(Refusal) -> Double {
            guard let value = bytes.int16(at: at) else { throw .malformed }
            return Double(value)
        }
        /// An F2DOT14 number.
        private func f2dot14(_ at: Int) throws(Refusal) -> Double { try s16(at) / 16384 }
        /// A Fixed (16.16) number.
        private func fixed(_ at: Int) throws(Refusal) -> Double {
            guard let value = bytes.uint32(at: at) else { throw .malformed }
            return Double(Int32(truncatingIfNeeded: value)) / 65536
        }
        /// The paint at the 24-bit offset stored at `at`, relative to the paint table starting at `base`.
        private func child(_ base: Int, _ at: Int) throws(Refusal) -> Int {
            guard let offset = bytes.uint24(at: at), offset > 0, base + offset < bytes.count else {
                throw .malformed
            }
            return base + offset
        }

        mutating func read(at p: Int, depth: Int) throws(Refusal) -> ColorPaint {
            guard depth < ColorPaintTable.depthLimit else { throw .tooDeep }
            nodes += 1
            guard nodes <= ColorPaintTable.nodeLimit else { throw .tooLarge }
            let format = try u8(p)
            // A PaintVar… format is laid out as the one before it, with a VarIndexBase after.
            let isVariable = format >= 3 && format <= 31 && format % 2 == 1 && format != 11
            let base = isVariable ? format - 1 : format
            /// The deltas of a paint's `count` varied fields, whose VarIndexBase (in a PaintVar… format) is at `at`.
            func deltas(at: Int, count: Int) -> [Double] {
                isVariable ? table.deltas(at: at, count: count) : Array(repeating: 0, count: count)
            }
            switch base {
            case 1:  // PaintColrLayers
                let count = try u8(p + 1)
                guard let first = bytes.uint32(at: p + 2), let list = table.layerList,
                      let total = bytes.uint32(at: list), first <= total, count <= total - first else {
                    throw .malformed
                }
                var layers: [ColorPaint] = []
                for index in first..<(first + count) {
                    guard let offset = bytes.uint32(at: list + 4 + index * 4), offset > 0,
                          list + offset < bytes.count else { throw .malformed }
                    layers.append(try read(at: list + offset, depth: depth + 1))
                }
                return .layers(layers)
            case 2:  // PaintSolid
                let d = deltas(at: p + 5, count: 1)
                return .solid(PaletteColor(index: UInt16(try u16(p + 1)),
                                           alpha: min(1, max(0, try f2dot14(p + 3) + d[0] / 16384))))
            case 4:  // PaintLinearGradient
                let line = try colorLine(at: try child(p, p + 1), variable: isVariable)
                let d = deltas(at: p + 16, count: 6)
                return .linear(p0: Point(x: try s16(p + 4) + d[0], y: try s16(p + 6) + d[1]),
                               p1: Point(x: try s16(p + 8) + d[2], y: try s16(p + 10) + d[3]),
                               p2: Point(x: try s16(p + 12) + d[4], y: try s16(p + 14) + d[5]), line)
            case 6:  // PaintRadialGradient
                let line = try colorLine(at: try child(p, p + 1), variable: isVariable)
                let d = deltas(at: p + 16, count: 6)
                return .radial(c0: Point(x: try s16(p + 4) + d[0], y: try s16(p + 6) + d[1]),
                               r0: Double(try u16(p + 8)) + d[2],
                               c1: Point(x: try s16(p + 10) + d[3], y: try s16(p + 12) + d[4]),
                               r1: Double(try u16(p + 14)) + d[5], line)
            case 8:  // PaintSweepGradient: angles are biased by one half turn (fontTools' BiasedAngle)
                let line = try colorLine(at: try child(p, p + 1), variable: isVariable)
                let d = deltas(at: p + 12, count: 4)
                return .sweep(center: Point(x: try s16(p + 4) + d[0], y: try s16(p + 6) + d[1]),
                              startAngle: (try f2dot14(p + 8) + d[2] / 16384 + 1) * 180,
                              endAngle: (try f2dot14(p + 10) + d[3] / 16384 + 1) * 180, line)
            case 10:  // PaintGlyph
                let glyph = UInt32(try u16(p + 4))
                let shape = outlines[glyph] ?? outline(glyph)
                outlines[glyph] = shape
                return .glyph(shape, try read(at: try child(p, p + 1), depth: depth + 1))
            case 11:  // PaintColrGlyph
                let glyph = UInt32(try u16(p + 1))
                guard !visiting.contains(glyph) else { throw .cycle }
                guard let root = table.paintOffset(of: glyph) else { throw .malformed }
                visiting.insert(glyph)
                defer { visiting.remove(glyph) }
                let reused = try read(at: root, depth: depth + 1)
                return table.clipBox(of: glyph).map { .clip($0, reused) } ?? reused
            case 12:  // PaintTransform: Affine2x3 xx, yx, xy, yy, dx, dy (VarAffine2x3: its VarIndexBase after)
                let m = try child(p, p + 4)
                let d = deltas(at: m + 24, count: 6).map { $0 / 65536 }
                let matrix = AffineTransform(a: try fixed(m) + d[0], b: try fixed(m + 4) + d[1],
                                             c: try fixed(m + 8) + d[2], d: try fixed(m + 12) + d[3],
                                             tx: try fixed(m + 16) + d[4], ty: try fixed(m + 20) + d[5])
                return .transform(matrix, try read(at: try child(p, p + 1), depth: depth + 1))
            case 14:  // PaintTranslate
                let d = deltas(at: p + 8, count: 2)
                let move = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: try s16(p + 4) + d[0], ty: try s16(p + 6) + d[1])
                return .transform(move, try read(at: try child(p, p + 1), depth: depth + 1))
            case 16, 18, 20, 22:  // PaintScale, …AroundCenter, …Uniform, …UniformAroundCenter
                let uniform = base >= 20, around = base == 18 || base == 22
                let scales = uniform ? 1 : 2, fields = scales + (around ? 2 : 0)
                let d = deltas(at: p + 4 + fields * 2, count: fields)
                let sx = try f2dot14(p + 4) + d[0] / 16384
                let sy = uniform ? sx : try f2dot14(p + 6) + d[1] / 16384
                let centerAt = p + 4 + scales * 2
                let center = around ? Point(x: try s16(centerAt) + d[scales], y: try s16(centerAt + 2) + d[scales + 1])
                    : .zero
                let scale = AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
                return .transform(.around(center, scale), try read(at: try child(p, p + 1), depth: depth + 1))
            case 24, 26:  // PaintRotate, PaintRotateAroundCenter: the angle in half turns
                let d = deltas(at: base == 26 ? p + 10 : p + 6, count: base == 26 ? 3 : 1)
                let radians = (try f2dot14(p + 4) + d[0] / 16384) * .pi
                let center = base == 26 ? Point(x: try s16(p + 6) + d[1], y: try s16(p + 8) + d[2]) : .zero
                let rotation = AffineTransform(a: cos(radians), b: sin(radians), c: -sin(radians), d: cos(radians),
                                               tx: 0, ty: 0)
                return .transform(.around(center, rotation), try read(at: try child(p, p + 1), depth: depth + 1))
            case 28, 30:  // PaintSkew, PaintSkewAroundCenter
                // x′ = x − tan(xSkew)·y, y′ = y + tan(ySkew)·x: angles counter-clockwise, as fontTools and Skia
                // read PaintSkew.
                let d = deltas(at: base == 30 ? p + 12 : p + 8, count: base == 30 ? 4 : 2)
                let xSkew = (try f2dot14(p + 4) + d[0] / 16384) * .pi, ySkew = (try f2dot14(p + 6) + d[1] / 16384) * .pi
                let center = base == 30 ? Point(x: try s16(p + 8) + d[2], y: try s16(p + 10) + d[3]) : .zero
                let skew = AffineTransform(a: 1, b: tan(ySkew), c: -tan(xSkew), d: 1, tx: 0, ty: 0)
                return .transform(.around(center, skew), try read(at: try child(p, p + 1), depth: depth + 1))
            case 32:  // PaintComposite
                guard let mode = CompositeMode(rawValue: try u8(p + 4)) else { throw .malformed }
                let backdrop = try read(at: try child(p, p + 5), depth: depth + 1)
                return .composite(source: try read(at: try child(p, p + 1), depth: depth + 1), mode: mode,
                                  backdrop: backdrop)
            default:
                throw .malformed
            }
        }

        /// A ColorLine (or VarColorLine, whose stops carry a VarIndexBase more: offset and alpha vary), stops
        /// sorted by offset (after their variation).
        private func colorLine(at p: Int, variable: Bool) throws(Refusal) -> ColorLine {
            let extend: ColorLine.Extend = switch try u8(p) {
            case 1: .repeat
            case 2: .reflect
            default: .pad
            }
            let count = try u16(p + 1), size = variable ? 10 : 6
            var stops: [(offset: Double, color: PaletteColor)] = []
            for index in 0..<count {
                let stop = p + 3 + index * size
                let d = variable ? table.deltas(at: stop + 6, count: 2) : [0, 0]
                let alpha = try f2dot14(stop + 4) + d[1] / 16384
                stops.append((try f2dot14(stop) + d[0] / 16384,
                              PaletteColor(index: UInt16(try u16(stop + 2)), alpha: min(1, max(0, alpha)))))
            }
            // Sorted by offset, stops at one offset keeping their order.
            let sorted = stops.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }
            return ColorLine(extend: extend, stops: sorted.map(\.element))
        }
    }
}
