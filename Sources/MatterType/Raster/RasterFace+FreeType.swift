import CFreeType

/// A FreeType face that rasterizes one ``FontFace``'s glyphs.
///
/// FreeType lets one thread at a time use an `FT_Face`, so `render` holds the face's lock; creating and
/// destroying the face goes through `FreeTypeLibrary.withLibrary`, as FreeType requires. Only cache misses get
/// here.
final class RasterFace: Sendable {
    /// The FT_Face, used only while holding its lock.
    // nonisolated(unsafe): the FT_Face (a C pointer, not Sendable) is used only while holding this lock, as
    // FreeType requires of a face, and never leaves it but to FT_Done_Face in deinit.
    nonisolated(unsafe) private let face: Locked<FT_Face>
    /// Keeps the bytes FreeType reads alive.
    private let file: FontFile
    /// Whether glyphs are loaded in color (FT_LOAD_COLOR): the face has CBDT/CBLC, sbix or COLR tables.
    private let loadsColor: Bool
    /// What is synthesized: emboldened outlines, a 14° slant.
    private let synthetic: SyntheticStyle
    /// The ``FontFace/id`` of the face it draws (the key of its color glyph graphs).
    private let faceID: Int
    /// The paint graphs read, of every face of its ``RasterFaces``.
    private let colorGlyphs: BoundedCache<RasterFaces.GlyphKey, ColorGlyph?>
    private let unitsPerEm: Int
    /// The CPAL palettes' colors, in palette order (none without CPAL).
    let palettes: [[Color]]
    /// The face's COLR table when it is version 1 or later: its glyphs may have paint graphs.
    private let colorTable: ColorPaintTable?

    /// The horizontal shear of a synthesized italic: tan 14°, CSS's default oblique angle (Skia slants fake
    /// italics by a quarter, 14.04°).
    static let syntheticSlant = 0.25
    /// The emboldening of a synthesized bold, as a fraction of the em added to the stroke width (Skia's
    /// FreeType backend embolden outlines by ppem / 24).
    static let syntheticEmboldening = 1.0 / 24
    /// The largest pixel size rendered (a glyph's bitmap is then at most tens of MB); bigger glyphs are not drawn.
    /// A 10,000 pt font at @1x, the largest size a typography accepts, is within it.
    static let maximumPixelSize = 10_000.0

    /// The raster face of `fontFace`, keeping the paint graphs it reads in `colorGlyphs`.
    init(_ fontFace: FontFace, colorGlyphs: BoundedCache<RasterFaces.GlyphKey, ColorGlyph?>) throws(FreeTypeError) {
        let file = fontFace.file
        let index = fontFace.descriptor.faceIndex
        let variations = fontFace.variations
        let created = try FreeTypeLibrary.shared.withLibrary { (library) throws(FreeTypeError) -> CreatedFace in
            let face = try file.openFace(library: library, index: index)
            if !variations.isEmpty { RasterFace.setVariations(variations, of: face, library: library) }
            return CreatedFace(face: face, coordinates: RasterFace.normalizedCoordinates(of: face, library: library))
        }
        self.file = file
        loadsColor = fontFace.hasColorGlyphs
        synthetic = fontFace.synthetic
        faceID = fontFace.id
        self.colorGlyphs = colorGlyphs
        unitsPerEm = fontFace.metrics.unitsPerEm
        palettes = RasterFace.palettes(of: created.face)
        colorTable = RasterFace.colorTable(of: created.face, coordinates: created.coordinates)
        face = Locked(created.face)
    }

    /// The colors of every CPAL palette of `face`.
    private static func palettes(of face: FT_Face) -> [[Color]] {
        var data = FT_Palette_Data()
        guard FT_Palette_Data_Get(face, &data) == 0 else { return [] }
        return (0..<Int(data.num_palettes)).map { index in
            var entries: UnsafeMutablePointer<FT_Color>?
            guard FT_Palette_Select(face, FT_UShort(index), &entries) == 0, let entries else { return [] }
            return (0..<Int(data.num_palette_entries)).map { i in
                Color(red: entries[i].red, green: entries[i].green, blue: entries[i].blue, alpha: entries[i].alpha)
            }
        }
    }

    /// The colors of palette `index` (the first palette when the face has no such palette, as CSS falls back).
    func paletteColors(_ index: Int) -> [Color] {
        palettes.indices.contains(index) ? palettes[index] : (palettes.first ?? [])
    }

    /// A new FT_Face handed out of the library lock to its only owner.
    // @unchecked Sendable: nothing else holds the face yet.
    private struct CreatedFace: @unchecked Sendable {
        let face: FT_Face
        /// Its normalized variation coordinates (``normalizedCoordinates(of:library:)``).
        var coordinates: [Double] = []
    }

    deinit {
        let owned = face.withLock { CreatedFace(face: $0) }
        _ = try? FreeTypeLibrary.shared.withLibrary { (_) throws(FreeTypeError) in FT_Done_Face(owned.face) }
    }

    /// Sets the design coordinates of a variable face's axes to `variations` (by tag, padded with spaces as
    /// HarfBuzz pads them: "HV" is the axis `HV  `; an axis not given keeps its default), so that outlines follow
    /// them as HarfBuzz's advances do.
    private static func setVariations(_ variations: [String: Double], of face: FT_Face, library: FT_Library) {
        var master: UnsafeMutablePointer<FT_MM_Var>?
        guard FT_Get_MM_Var(face, &master) == 0, let master else { return }
        defer { FT_Done_MM_Var(library, master) }
        let byTag = Dictionary(variations.sorted { $0.key < $1.key }.map { (OpenTypeTag($0.key).rawValue, $0.value) },
                               uniquingKeysWith: { _, last in last })
        var coordinates: [FT_Fixed] = (0..<Int(master.pointee.num_axis)).map { a in
            guard let axis = master.pointee.axis?[a] else { return 0 }
            return byTag[OpenTypeTag(rawValue: axis.tag).rawValue].map { FT_Fixed(($0 * 65536).rounded()) } ?? axis.def
        }
        FT_Set_Var_Design_Coordinates(face, FT_UInt(coordinates.count), &coordinates)
    }

    /// The normalized coordinates (−1…1, `avar` applied) `face` is drawn at, one per `fvar` axis, as
    /// FT_Get_Var_Blend_Coordinates gives them; empty for a face that is not variable.
    private static func normalizedCoordinates(of face: FT_Face, library: FT_Library) -> [Double] {
        guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_MULTIPLE_MASTERS) != 0 else { return [] }
        var master: UnsafeMutablePointer<FT_MM_Var>?
        guard FT_Get_MM_Var(face, &master) == 0, let master else { return [] }
        let count = Int(master.pointee.num_axis)
        FT_Done_MM_Var(library, master)
        var coordinates = [FT_Fixed](repeating: 0, count: count)
        guard count > 0, FT_Get_Var_Blend_Coordinates(face, FT_UInt(count), &coordinates) == 0 else { return [] }
        return coordinates.map { Double($0) / 65536 }
    }

    /// Renders `glyph` at `pixelSize` pixels per em, shifted right by `subpixel` quarter pixels, as 8-bit
    /// coverage, or as premultiplied RGBA for a color glyph: a COLRv1 paint graph drawn by
    /// ``ColorGlyphRasterizer`` (preferred, as Chrome prefers it, when the glyph also has bitmaps or COLRv0
    /// layers), CBDT/CBLC and sbix bitmaps scaled from the nearest strike, COLRv0 layers blended by FreeType.
    /// Palette colors come from CPAL palette `palette`, index 0xFFFF from `foreground` (the text color). No
    /// hinting unless `hinted` (then FreeType's light hinting). An outline is drawn at `widthScale` of its width
    /// (a combined run narrowed to an em); color glyphs keep theirs. A glyph with no ink (a space), one FreeType
    /// cannot load, or one too large gives an empty bitmap, so that it is cached like any other.
    func render(glyph: UInt32, pixelSize: Double, subpixel: UInt8, hinted: Bool, palette: Int = 0,
                foreground: Color = .black, widthScale: Double = 1) -> GlyphBitmap {
        guard pixelSize > 0, pixelSize <= RasterFace.maximumPixelSize else { return .empty }
        if colorTable != nil, let colorGlyph = colorGlyph(glyph) {
            return ColorGlyphRasterizer.render(colorGlyph, pixelSize: pixelSize, subpixel: subpixel,
                                               slant: synthetic.italic ? RasterFace.syntheticSlant : 0,
                                               palette: paletteColors(palette), foreground: foreground)
        }
        return self.face.withLock { face -> GlyphBitmap in
            let flags = face.pointee.face_flags
            if loadsColor, flags & FT_Long(FT_FACE_FLAG_SCALABLE) == 0, face.pointee.num_fixed_sizes > 0 {
                return renderStrike(face, glyph: glyph, pixelSize: pixelSize)
            }
            guard FT_Set_Char_Size(face, 0, FT_F26Dot6((pixelSize * 64).rounded()), 72, 72) == 0 else {
                return .empty
            }
            var delta = FT_Vector(x: FT_Pos(subpixel) * 16, y: 0)  // a quarter pixel is 16/64
            var matrix = FT_Matrix(xx: FT_Fixed((widthScale * 65536).rounded()),
                                   xy: synthetic.italic ? FT_Fixed(RasterFace.syntheticSlant * 65536) : 0,
                                   yx: 0, yy: 0x10000)
            if synthetic.italic || widthScale != 1 {
                FT_Set_Transform(face, &matrix, &delta)
            } else {
                FT_Set_Transform(face, nil, &delta)
            }
            if loadsColor, !palettes.isEmpty {  // COLRv0 layers in the palette, 0xFFFF in the text color
                var entries: UnsafeMutablePointer<FT_Color>?
                FT_Palette_Select(face, FT_UShort(palettes.indices.contains(palette) ? palette : 0), &entries)
                FT_Palette_Set_Foreground_Color(face, FT_Color(blue: foreground.blue, green: foreground.green,
                                                               red: foreground.red, alpha: foreground.alpha))
            }
            // FT_LOAD_NO_HINTING, or FT_LOAD_TARGET_LIGHT; embedded bitmaps only as color layers.
            let flagsToLoad = (loadsColor ? Int32(FT_LOAD_COLOR) : Int32(FT_LOAD_NO_BITMAP))
                | (hinted ? mattertype_ft_load_target_light() : Int32(FT_LOAD_NO_HINTING))
            guard FT_Load_Glyph(face, glyph, flagsToLoad) == 0, let slot = face.pointee.glyph else { return .empty }
            if synthetic.bold, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE {
                let strength = FT_Pos((pixelSize * 64 * RasterFace.syntheticEmboldening).rounded())
                FT_Outline_Embolden(&slot.pointee.outline, strength)
            }
            guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return .empty }
            return RasterFace.copy(slot, scale: 1)
        }
    }

    /// A glyph of a bitmap-only color face (CBDT/CBLC, sbix): loaded from the strike nearest `pixelSize` (the
    /// smallest at least that large, else the largest) and scaled to it.
    private func renderStrike(_ face: FT_Face, glyph: UInt32, pixelSize: Double) -> GlyphBitmap {
        let strikes = (0..<Int(face.pointee.num_fixed_sizes)).compactMap { index -> (Int, Double)? in
            guard let sizes = face.pointee.available_sizes else { return nil }
            return (index, Double(sizes[index].y_ppem) / 64)
        }
        guard let strike = strikes.filter({ $0.1 >= pixelSize }).min(by: { $0.1 < $1.1 })
                ?? strikes.max(by: { $0.1 < $1.1 }), strike.1 > 0,
              FT_Select_Size(face, FT_Int(strike.0)) == 0 else { return .empty }
        FT_Set_Transform(face, nil, nil)
        guard FT_Load_Glyph(face, glyph, Int32(FT_LOAD_COLOR)) == 0, let slot = face.pointee.glyph,
              FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return .empty }
        return RasterFace.copy(slot, scale: pixelSize / strike.1)
    }

    /// The glyph slot's bitmap as a ``GlyphBitmap``, scaled by `scale` (color bitmaps of a strike only).
    private static func copy(_ slot: FT_GlyphSlot, scale: Double) -> GlyphBitmap {
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width)
        let height = Int(bitmap.rows)
        let sourcePitch = Int(bitmap.pitch)
        guard width > 0, height > 0, let buffer = bitmap.buffer else { return .empty }
        /// The start of source row `row` (a negative FreeType pitch means the rows are stored bottom up).
        func sourceRow(_ row: Int) -> UnsafeMutablePointer<UInt8> {
            buffer + (sourcePitch >= 0 ? row * sourcePitch : (height - 1 - row) * -sourcePitch)
        }
        let left = Int(slot.pointee.bitmap_left)
        let top = Int(slot.pointee.bitmap_top)
        switch bitmap.pixel_mode {
        case UInt8(FT_PIXEL_MODE_GRAY.rawValue):
            return GlyphBitmap(left: left, top: top, width: width, height: height) { pixels, pitch in
                for row in 0..<height { (pixels + row * pitch).update(from: sourceRow(row), count: width) }
            }
        case UInt8(FT_PIXEL_MODE_BGRA.rawValue):
            // Premultiplied BGRA (FreeType's convention) to premultiplied RGBA, box-filtered when scaled.
            let scaledWidth = max(1, Int((Double(width) * scale).rounded()))
            let scaledHeight = max(1, Int((Double(height) * scale).rounded()))
            return GlyphBitmap(left: Int((Double(left) * scale).rounded()), top: Int((Double(top) * scale).rounded()),
                               width: scaledWidth, height: scaledHeight, isColor: true) { pixels, pitch in
                let xRatio = Double(width) / Double(scaledWidth)
                let yRatio = Double(height) / Double(scaledHeight)
                for y in 0..<scaledHeight {
                    let y0 = Int(Double(y) * yRatio), y1 = max(y0 + 1, min(height, Int(Double(y + 1) * yRatio)))
                    for x in 0..<scaledWidth {
                        let x0 = Int(Double(x) * xRatio), x1 = max(x0 + 1, min(width, Int(Double(x + 1) * xRatio)))
                        var sum: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
                        for sy in y0..<min(y1, height) {
                            let row = sourceRow(sy)
                            for sx in x0..<min(x1, width) {
                                let p = row + sx * 4
                                sum.0 += UInt32(p[2])
                                sum.1 += UInt32(p[1])
                                sum.2 += UInt32(p[0])
                                sum.3 += UInt32(p[3])
                            }
                        }
                        let count = UInt32(max(1, (min(y1, height) - y0) * (min(x1, width) - x0)))
                        let out = pixels + y * pitch + x * 4
                        out[0] = UInt8((sum.0 + count / 2) / count)
                        out[1] = UInt8((sum.1 + count / 2) / count)
                        out[2] = UInt8((sum.2 + count / 2) / count)
                        out[3] = UInt8((sum.3 + count / 2) / count)
                    }
                }
            }
        default:
            return .empty
        }
    }
}

/// The FreeType faces a ``TextRenderer`` draws with and the glyph drawings read from them, by ``FontFace/id``: the
/// renderer's caches beside its ``GlyphCache``, which the vector writers use through the renderer too. Bounded:
/// faces at coordinates from requests are faces of their own.
final class RasterFaces: Sendable {
    /// A glyph of a face.
    struct GlyphKey: Hashable, Sendable {
        var face: Int
        var glyph: UInt32
    }

    /// Every face's raster face (`nil`: FreeType cannot open it).
    private let faces = BoundedCache<Int, RasterFace?>("raster_faces", limit: 256)
    /// Every glyph's vector drawing.
    private let vectorGlyphs = BoundedCache<GlyphKey, VectorGlyph>("vector_glyphs", limit: 50_000)
    /// Every COLRv1 glyph's paint graph (`nil`: the glyph has none).
    private let colorGlyphs = BoundedCache<GlyphKey, ColorGlyph?>("color_glyphs", limit: 50_000)

    /// The raster face of `fontFace`, made on first use; `nil` when FreeType cannot open it.
    func face(of fontFace: FontFace) -> RasterFace? {
        faces.value(for: fontFace.id) { try? RasterFace(fontFace, colorGlyphs: colorGlyphs) }
    }

    /// How `glyph` of `fontFace` draws as vectors, kept after the first call.
    func vectorGlyph(_ glyph: UInt32, of fontFace: FontFace) -> VectorGlyph {
        vectorGlyphs.value(for: GlyphKey(face: fontFace.id, glyph: glyph)) {
            face(of: fontFace)?.vectorGlyph(glyph, unitsPerEm: fontFace.metrics.unitsPerEm) ?? .empty
        }
    }

    /// The colors of CPAL palette `palette` of `fontFace` (its first palette for one it lacks; none without CPAL).
    func paletteColors(_ palette: Int, of fontFace: FontFace) -> [Color] {
        face(of: fontFace)?.paletteColors(palette) ?? []
    }

    /// `colorGlyph` of `fontFace` drawn at `pixelsPerEm` in CPAL palette `palette`, index 0xFFFF in `foreground`:
    /// how the vector writers embed a COLRv1 glyph they cannot draw as vectors (an image at the output's scale).
    func image(of colorGlyph: ColorGlyph, of fontFace: FontFace, pixelsPerEm: Double, palette: Int,
               foreground: Color) -> GlyphBitmap {
        ColorGlyphRasterizer.render(colorGlyph, pixelSize: pixelsPerEm, subpixel: 0,
                                    slant: fontFace.synthetic.italic ? RasterFace.syntheticSlant : 0,
                                    palette: paletteColors(palette, of: fontFace), foreground: foreground)
    }

    /// The caches' sizes.
    var sizes: [CacheSize] { [faces.size, vectorGlyphs.size, colorGlyphs.size] }

    /// Empties the caches (FreeType faces are closed when no drawing in progress holds them).
    func removeAll() {
        faces.removeAll()
        vectorGlyphs.removeAll()
        colorGlyphs.removeAll()
    }
}

extension RasterFace {
    /// `glyph`'s COLRv1 paint graph, read on first use; `nil` when it has none.
    func colorGlyph(_ glyph: UInt32) -> ColorGlyph? {
        guard let colorTable else { return nil }
        return colorGlyphs.value(for: RasterFaces.GlyphKey(face: faceID, glyph: glyph)) {
            face.withLock { readColorGlyph($0, table: colorTable, glyph: glyph, unitsPerEm: unitsPerEm) }
        }
    }

    /// How `glyph` draws as vectors: its COLRv1 paint graph where it has one, the largest strike's bitmap for a
    /// bitmap-only color face, COLRv0 layers where the face has them for the glyph, else its outline (unhinted,
    /// in font units, FT_LOAD_NO_SCALE), with a synthesized bold or slant applied as
    /// ``render(glyph:pixelSize:subpixel:hinted:palette:foreground:)`` applies it.
    func vectorGlyph(_ glyph: UInt32, unitsPerEm: Int) -> VectorGlyph {
        if let colorGlyph = colorGlyph(glyph) { return .paint(colorGlyph) }
        return face.withLock { face -> VectorGlyph in
            if loadsColor, face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) == 0,
               face.pointee.num_fixed_sizes > 0, let sizes = face.pointee.available_sizes {
                let largest = (0..<Int(face.pointee.num_fixed_sizes)).map { Double(sizes[$0].y_ppem) / 64 }.max() ?? 0
                let bitmap = renderStrike(face, glyph: glyph, pixelSize: largest)
                return bitmap.width > 0 ? .bitmap(bitmap, pixelsPerEm: largest) : .empty
            }
            FT_Set_Transform(face, nil, nil)
            if loadsColor, let layers = colorLayers(face, glyph: glyph, unitsPerEm: unitsPerEm) {
                return .layers(layers)
            }
            return outline(face, glyph: glyph, unitsPerEm: unitsPerEm).map { .outline($0) } ?? .empty
        }
    }

    /// The COLRv0 layers of `glyph` with CPAL palette 0's colors (`nil` for the text color, index 0xFFFF);
    /// `nil` when the glyph has none.
    private func colorLayers(_ face: FT_Face, glyph: UInt32,
                             unitsPerEm: Int) -> [(outline: GlyphOutline, color: Color?)]? {
        var palette: UnsafeMutablePointer<FT_Color>?
        var paletteData = FT_Palette_Data()
        let colorCount = FT_Palette_Data_Get(face, &paletteData) == 0 && FT_Palette_Select(face, 0, &palette) == 0
            ? Int(paletteData.num_palette_entries) : 0
        var iterator = FT_LayerIterator()
        iterator.p = nil
        var layerGlyph: FT_UInt = 0
        var colorIndex: FT_UInt = 0
        var layers: [(outline: GlyphOutline, color: Color?)] = []
        while FT_Get_Color_Glyph_Layer(face, glyph, &layerGlyph, &colorIndex, &iterator) != 0 {
            var color: Color?
            if colorIndex != 0xFFFF, Int(colorIndex) < colorCount, let palette {
                let c = palette[Int(colorIndex)]
                color = Color(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha)
            }
            if let outline = outline(face, glyph: layerGlyph, unitsPerEm: unitsPerEm) { layers.append((outline, color)) }
        }
        return layers.isEmpty ? nil : layers
    }

    /// `glyph`'s outline in font units, y up, with the face's synthesized bold and slant unless not `synthesized`
    /// (a COLRv1 glyph's clipping outlines take the slant from the transform); `nil` when it cannot be loaded or
    /// is not an outline.
    func outline(_ face: FT_Face, glyph: UInt32, unitsPerEm: Int, synthesized: Bool = true) -> GlyphOutline? {
        guard FT_Load_Glyph(face, glyph, Int32(FT_LOAD_NO_SCALE) | Int32(FT_LOAD_NO_BITMAP)) == 0,
              let slot = face.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return nil }
        // In 1/64 units from here (and slanted for a synthesized italic): FT_Outline_Decompose puts the on-curve
        // point implied between two off-curve ones at their midpoint in integers, which in whole font units
        // would drop half units. Slanted, then emboldened, as the rasterizer does it.
        let slanted = synthesized && synthetic.italic
        var toSixtyFourths = FT_Matrix(xx: 64 << 16, xy: slanted ? FT_Fixed(RasterFace.syntheticSlant * 64 * 65536) : 0,
                                       yx: 0, yy: 64 << 16)
        FT_Outline_Transform(&slot.pointee.outline, &toSixtyFourths)
        if synthesized && synthetic.bold {
            FT_Outline_Embolden(&slot.pointee.outline,
                                FT_Pos((Double(unitsPerEm) * 64 * RasterFace.syntheticEmboldening).rounded()))
        }
        let recorder = OutlineRecorder()
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in OutlineRecorder.from(user)?.move(to) ?? 1 },
            line_to: { to, user in OutlineRecorder.from(user)?.line(to) ?? 1 },
            conic_to: { control, to, user in
                OutlineRecorder.from(user)?.append(.quadratic(control: OutlineRecorder.point(control),
                                                              to: OutlineRecorder.point(to))) ?? 1
            },
            cubic_to: { c1, c2, to, user in
                OutlineRecorder.from(user)?.append(.cubic(control1: OutlineRecorder.point(c1),
                                                          control2: OutlineRecorder.point(c2),
                                                          to: OutlineRecorder.point(to))) ?? 1
            },
            shift: 0, delta: 0)
        let status = withExtendedLifetime(recorder) {
            FT_Outline_Decompose(&slot.pointee.outline, &funcs, Unmanaged.passUnretained(recorder).toOpaque())
        }
        guard status == 0 else { return nil }
        recorder.closeContour()
        return GlyphOutline(segments: recorder.segments, unitsPerEm: unitsPerEm)
    }
}

/// Collects FT_Outline_Decompose's callbacks into segments (reached through the callbacks' user pointer). A line
/// back to its contour's start closes the contour instead (`Z`, not `L…Z`), and an open contour is closed when the
/// next begins or the outline ends: the path data Unicode's text-rendering-tests and its fonttest write.
private final class OutlineRecorder {
    var segments: [GlyphOutline.Segment] = []
    /// The current contour's first point, and whether it is closed.
    private var start = Point.zero
    private var isClosed = true

    /// The recorder FT_Outline_Decompose was given (it passes the pointer back unchanged).
    static func from(_ user: UnsafeMutableRawPointer?) -> OutlineRecorder? {
        user.map { Unmanaged<OutlineRecorder>.fromOpaque($0).takeUnretainedValue() }
    }

    /// A point of the outline, given in 1/64 font units.
    static func point(_ vector: UnsafePointer<FT_Vector>?) -> Point {
        guard let vector else { return .zero }
        return Point(x: Double(vector.pointee.x) / 64, y: Double(vector.pointee.y) / 64)
    }

    func move(_ to: UnsafePointer<FT_Vector>?) -> Int32 {
        closeContour()
        start = OutlineRecorder.point(to)
        segments.append(.move(to: start))
        isClosed = false
        return 0
    }

    func line(_ to: UnsafePointer<FT_Vector>?) -> Int32 {
        let point = OutlineRecorder.point(to)
        if point == start {
            segments.append(.close)
            isClosed = true
        } else {
            segments.append(.line(to: point))
            isClosed = false
        }
        return 0
    }

    func append(_ segment: GlyphOutline.Segment) -> Int32 {
        segments.append(segment)
        isClosed = false
        return 0
    }

    /// Closes the current contour unless it is closed.
    func closeContour() {
        if !isClosed { segments.append(.close) }
        isClosed = true
    }
}

extension RasterFace {
    /// `glyph`'s name from the font's `post` table or CFF charset (FT_Get_Glyph_Name); `nil` when it has none, as
    /// a CID-keyed CFF font's glyphs (fontTools calls them `cid` and five digits; FreeType, and so the
    /// text-rendering-tests suite, names none).
    func glyphName(_ glyph: UInt32) -> String? {
        face.withLock { face -> String? in
            guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_GLYPH_NAMES) != 0 else { return nil }
            var buffer = [CChar](repeating: 0, count: 128)
            guard FT_Get_Glyph_Name(face, glyph, &buffer, FT_UInt(buffer.count)) == 0, buffer[0] != 0 else { return nil }
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }
}
