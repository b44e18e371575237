import CFreeType

/// A FreeType face that rasterizes one ``FontFace``'s glyphs.
///
/// FreeType lets one thread at a time use an `FT_Face`, so `render` holds the face's lock; creating and
/// destroying the face goes through `FreeTypeLibrary.withLibrary`, as FreeType requires. Only cache misses get
/// here.
final class RasterFace: Sendable {
    /// The FT_Face, used only while holding its lock.
    private let face: Locked<FT_Face>
    /// Keeps the bytes FreeType reads alive.
    private let file: FontFile

    /// The largest pixel size rendered (a glyph's bitmap is then at most tens of MB); bigger glyphs are not drawn.
    /// A 10,000 pt font at @1x, the largest size a typography accepts, is within it.
    static let maximumPixelSize = 10_000.0

    init(_ fontFace: FontFace) throws(FreeTypeError) {
        let file = fontFace.file
        let index = fontFace.descriptor.faceIndex
        let created = try FreeTypeLibrary.shared.withLibrary { (library) throws(FreeTypeError) -> CreatedFace in
            CreatedFace(face: try file.openFace(library: library, index: index))
        }
        self.file = file
        face = Locked(created.face)
    }

    /// A new FT_Face handed out of the library lock to its only owner.
    // @unchecked Sendable: nothing else holds the face yet.
    private struct CreatedFace: @unchecked Sendable {
        let face: FT_Face
    }

    deinit {
        let owned = face.withLock { CreatedFace(face: $0) }
        _ = try? FreeTypeLibrary.shared.withLibrary { (_) throws(FreeTypeError) in FT_Done_Face(owned.face) }
    }

    /// The raster face of `fontFace`, made on first use; `nil` when FreeType cannot open it.
    static func of(_ fontFace: FontFace) -> RasterFace? {
        fontFace.rasterFace.withLock { slot in
            if let existing = slot { return existing }
            slot = try? RasterFace(fontFace)
            return slot
        }
    }

    /// Renders `glyph` at `pixelSize` pixels per em, shifted right by `subpixel` quarter pixels, as 8-bit
    /// coverage. No hinting unless `hinted` (then FreeType's light hinting). A glyph with no ink (a space), one
    /// FreeType cannot load, or one too large gives an empty bitmap, so that it is cached like any other.
    func render(glyph: UInt32, pixelSize: Double, subpixel: UInt8, hinted: Bool) -> GlyphBitmap {
        guard pixelSize > 0, pixelSize <= RasterFace.maximumPixelSize else { return .empty }
        return self.face.withLock { face -> GlyphBitmap in
            guard FT_Set_Char_Size(face, 0, FT_F26Dot6((pixelSize * 64).rounded()), 72, 72) == 0 else {
                return .empty
            }
            var delta = FT_Vector(x: FT_Pos(subpixel) * 16, y: 0)  // a quarter pixel is 16/64
            FT_Set_Transform(face, nil, &delta)
            // FT_LOAD_NO_HINTING, or FT_LOAD_TARGET_LIGHT; never embedded bitmaps.
            let flags = Int32(FT_LOAD_NO_BITMAP)
                | (hinted ? mattertype_ft_load_target_light() : Int32(FT_LOAD_NO_HINTING))
            guard FT_Load_Glyph(face, glyph, flags) == 0, let slot = face.pointee.glyph,
                  FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return .empty }
            let bitmap = slot.pointee.bitmap
            let width = Int(bitmap.width)
            let height = Int(bitmap.rows)
            guard width > 0, height > 0, let buffer = bitmap.buffer,
                  bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) else { return .empty }
            let sourcePitch = Int(bitmap.pitch)
            return GlyphBitmap(left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
                               width: width, height: height) { pixels, pitch in
                for row in 0..<height {
                    // A negative FreeType pitch means the rows are stored bottom up.
                    let source = buffer + (sourcePitch >= 0 ? row * sourcePitch : (height - 1 - row) * -sourcePitch)
                    (pixels + row * pitch).update(from: source, count: width)
                }
            }
        }
    }
}
