import CImageCodecs
public import Foundation

/// How a PNG stores the pixels.
public enum PNGEncoding: String, NamedChoice, Sendable, Hashable, CaseIterable {
    /// The smallest exact representation: 8-bit gray when every pixel is opaque gray; else indexed color (a
    /// palette with transparency, 1, 2, 4 or 8 bits a pixel) when there are at most 256 colors; else gray + alpha
    /// when every pixel is gray; else RGB when every pixel is opaque; else RGBA. Decoded, every one gives the
    /// pixels ``rgba`` gives.
    case auto
    /// Always 8-bit RGBA.
    case rgba
}

/// How hard the encoder compresses: the trade between time and bytes.
public enum ImageCompression: String, NamedChoice, Sendable, Hashable, CaseIterable {
    /// libdeflate level 1.
    case fast
    /// libdeflate level 6 for text and PDF streams, 7 for drawn color images (cards), 1 for photographs.
    case balanced
    /// libdeflate level 12: the smallest files, many times slower.
    case small

    /// libdeflate's level (1–12; 6 is zlib's default level's ratio, faster) for text, gray images and PDF streams.
    var deflateLevel: Int32 {
        switch self {
        case .fast: 1
        case .balanced: 6
        case .small: 12
        }
    }

    /// The level for a color image whose rows compress best unfiltered: drawn content (flat colors, gradients,
    /// text, shadows). Balanced is level 7 there: on Examples/card.json, level 6 gives 126,144 bytes, 7 gives
    /// 124,439 in 1.1× the time, 8 and 9 give more bytes in 1.5–2× (libdeflate 1.14; `Scripts/card-vs-takumi.py`).
    var drawnLevel: Int32 {
        self == .balanced ? 7 : deflateLevel
    }

    /// The level for a color image whose rows compress best Paeth-filtered: photographs, whose noise no match
    /// finder gets far with. Balanced is level 1 there: on Examples/photo-card.json, level 1 gives 1.05 MB in
    /// 18 ms, level 6 0.99 MB in 76 ms.
    var photographLevel: Int32 {
        self == .balanced ? 1 : deflateLevel
    }
}

/// PNG encoding: the image is classified in one pass over its pixels, then its rows, in the representation chosen,
/// are filtered as they are made and compressed once with libdeflate: peak memory is the image, its filtered rows
/// (a quarter of it for indexed or gray pixels) and the compressed bytes.
public enum PNGEncoder {
    /// The PNG of `image` (alpha divided out, as PNG stores it).
    /// - Throws: ``RenderError/pngEncodingFailed(reason:)`` when the image cannot be encoded (out of memory).
    public static func encode(_ image: RGBAImage, encoding: PNGEncoding = .auto,
                              compression: ImageCompression = .balanced) throws(RenderError) -> Data {
        try encode(image, plan: encoding == .rgba ? PNGPlan.rgba : PNGPlan(classifying: image),
                   compression: compression)
    }

    /// The PNG of `image` in `plan`'s representation, with `head` and `tail` (rows compressed before from an image
    /// whose first and last rows are this one's) joined in for its first and last rows when given.
    static func encode(_ image: RGBAImage, plan: PNGPlan, compression: ImageCompression,
                       head: CompressedRows? = nil, tail: CompressedRows? = nil) throws(RenderError) -> Data {
        try image.pixels.withUnsafeBufferPointer { (pixels) throws(RenderError) in
            var source = RowSource(pixels: pixels, width: image.width, plan: plan)
            return try write(width: image.width, height: image.height, plan: plan, compression: compression,
                             head: head, tail: tail, source: &source)
        }
    }

    /// `rows` of `image` in `plan`'s representation (RGB or RGBA), unfiltered and compressed at `level` on their
    /// own, to be joined into PNGs of images whose rows there are the same; `nil` when out of memory.
    static func compressedRows(of image: RGBAImage, plan: PNGPlan, rows: Range<Int>, level: Int32) -> CompressedRows? {
        guard rows.lowerBound >= 0, rows.upperBound <= image.height, !rows.isEmpty else { return nil }
        return image.pixels.withUnsafeBufferPointer { pixels in
            var source = RowSource(pixels: pixels, width: image.width, plan: plan)
            var out = mattertype_buffer()
            defer { mattertype_buffer_free(&out) }
            var made = mattertype_png_rows()
            let ok = withUnsafeMutablePointer(to: &source) { context in
                mattertype_png_compress_rows(UInt32(image.width), plan.colorType, plan.bitDepth,
                                             UInt32(rows.lowerBound), UInt32(rows.count), level, fillRow, context,
                                             &made, &out)
            }
            guard ok != 0, let data = out.data else { return nil }
            return CompressedRows(bytes: Array(UnsafeBufferPointer(start: data, count: out.size)),
                                  finalBit: made.final_bit, endBit: made.end_bit, adler: made.adler,
                                  rawSize: made.raw_size, rows: rows.count)
        }
    }

    /// The row callback: the ``RowSource`` at `context` fills row `y`.
    private static let fillRow: mattertype_row_fn = { context, y, row in
        guard let context, let row else { return }
        RowSource.fill(UnsafePointer(context.assumingMemoryBound(to: RowSource.self)), row: Int(y), into: row)
    }

    /// An 8-bit gray PNG of a coverage bitmap (255 is full ink, drawn white on black).
    public static func encode(_ bitmap: GrayBitmap,
                              compression: ImageCompression = .balanced) throws(RenderError) -> Data {
        try bitmap.pixels.withUnsafeBufferPointer { (pixels) throws(RenderError) in
            var source = RowSource(pixels: pixels, width: bitmap.width, plan: .coverage)
            return try write(width: bitmap.width, height: bitmap.height, plan: .coverage, compression: compression,
                             head: nil, tail: nil, source: &source)
        }
    }

    private static func write(width: Int, height: Int, plan: PNGPlan, compression: ImageCompression,
                              head: CompressedRows?, tail: CompressedRows?,
                              source: inout RowSource) throws(RenderError) -> Data {
        guard width > 0, height > 0, width <= Int(Int32.max) / 4, height <= Int(Int32.max) else {
            throw .pngEncodingFailed(reason: "the image is \(width) × \(height) pixels; both must be 1 to 2^31 / 4")
        }
        // Gray text on a flat background compresses best unfiltered (Benchmarks/paragraph.txt at 600 pt, zlib
        // level 6: None 614 KB, Sub 696 KB, libpng's adaptive choice per row 665 KB). Color images differ: at
        // libdeflate level 6, Examples/card.json's gradient card is 86 KB unfiltered, 140 KB with Sub, 131 KB with
        // Paeth (a diagonal gradient's rows repeat, shifted, which deflate finds unfiltered); emoji on a transparent
        // background 17 KB unfiltered, 22 KB with Sub; a photograph drawn into the card 1.82 MB unfiltered, 1.11 MB
        // with Paeth. So the encoder looks at how often pixels repeat their neighbours (drawn: None; else Paeth: -1).
        // Indexed rows are not filtered (as the PNG specification advises).
        let filter: Int32 = plan.kind == .gray || plan.kind == .coverage || plan.kind == .indexed ? 0 : -1
        let level = filter == 0 ? compression.deflateLevel : compression.drawnLevel
        var out = mattertype_buffer()
        defer { mattertype_buffer_free(&out) }
        let palette = plan.paletteRGB
        let alpha = plan.paletteAlpha
        let ok = palette.withUnsafeBufferPointer { palette in
            alpha.withUnsafeBufferPointer { alpha in
                CompressedRows.withC(head) { head in
                    CompressedRows.withC(tail) { tail in
                        withUnsafeMutablePointer(to: &source) { context in
                            mattertype_png_write(UInt32(width), UInt32(height), plan.colorType, plan.bitDepth,
                                                 palette.baseAddress, Int32(palette.count / 3), alpha.baseAddress,
                                                 Int32(alpha.count), level, compression.photographLevel, filter,
                                                 head, tail, fillRow, context, &out)
                        }
                    }
                }
            }
        }
        guard ok != 0, let data = out.data else {
            let message = withUnsafeBytes(of: out.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw .pngEncodingFailed(reason: message.isEmpty ? "unknown error" : message)
        }
        return Data(bytes: data, count: out.size)
    }
}

/// Rows of a PNG compressed on their own (a raw deflate stream of whole unfiltered rows), to be joined into the
/// PNGs of images whose rows there are the same: with the bit offsets of the stream's final block and of its end,
/// and the Adler-32 and count of the bytes it holds (what joining needs; see png_writer.c).
struct CompressedRows: Sendable {
    let bytes: [UInt8]
    let finalBit: UInt64
    let endBit: UInt64
    let adler: UInt32
    let rawSize: UInt64
    /// How many rows.
    let rows: Int

    /// `body` given `rows` as the C encoder takes them (`nil` for none).
    static func withC<R>(_ rows: CompressedRows?, _ body: (UnsafePointer<mattertype_png_rows>?) -> R) -> R {
        guard let rows else { return body(nil) }
        return rows.bytes.withUnsafeBufferPointer { bytes in
            var c = mattertype_png_rows(data: bytes.baseAddress, size: bytes.count, final_bit: rows.finalBit,
                                        end_bit: rows.endBit, adler: rows.adler, raw_size: rows.rawSize,
                                        rows: UInt32(rows.rows))
            return body(&c)
        }
    }
}

/// The representation a PNG is written in, and for indexed color, its palette.
struct PNGPlan {
    enum Kind {
        case gray, grayAlpha, rgb, rgba, indexed
        /// A ``GrayBitmap``'s coverage as gray.
        case coverage
    }

    let kind: Kind
    /// The palette's colors, unpremultiplied RGBA packed as `r << 24 | g << 16 | b << 8 | a`, alpha-less entries
    /// last (so tRNS can stop early).
    let palette: [UInt32]
    /// Each palette color's index.
    let indexOfColor: ColorTable

    static let rgba = PNGPlan(kind: .rgba)
    static let coverage = PNGPlan(kind: .coverage)

    private init(kind: Kind, palette: [UInt32] = [], indexOfColor: ColorTable = ColorTable()) {
        self.kind = kind
        self.palette = palette
        self.indexOfColor = indexOfColor
    }

    /// The smallest exact plan for `image`, from one pass over its pixels (runs of one pixel value, the most of
    /// any text image, cost one comparison each).
    init(classifying image: RGBAImage) {
        if image.isOpaqueGray {  // the renderer knows: gray ink on an opaque gray background
            self.init(kind: .gray)
            return
        }
        var isOpaque = true
        var isGray = true
        var colors = ColorTable()
        var tooManyColors = false
        image.pixels.withUnsafeBytes { raw in
            let pixels = raw.bindMemory(to: UInt32.self)
            guard var previous = pixels.first.map({ $0 &+ 1 }) else { return }
            var rest = pixels.endIndex
            for (index, value) in pixels.enumerated() where value != previous {
                previous = value
                let color = PNGPlan.unpremultiplied(value)
                let a = color & 0xFF, r = color >> 24, g = color >> 16 & 0xFF, b = color >> 8 & 0xFF
                if a != 255 { isOpaque = false }
                if r != g || g != b { isGray = false }
                if !colors.insert(color) {
                    tooManyColors = true
                    rest = index + 1
                    break
                }
            }
            // Past 256 colors only opacity and grayness are left to learn: whole-buffer reductions without
            // branches, which vectorize (a card's gradient has thousands of colors).
            guard rest < pixels.endIndex, isOpaque || isGray else { return }
            var alphas: UInt32 = 0xFF00_0000, colorful: UInt32 = 0
            for value in pixels[rest...] {
                alphas &= value
                colorful |= (value ^ value >> 8) & 0xFFFF  // r ≠ g or g ≠ b (premultiplied: same test)
            }
            if alphas != 0xFF00_0000 { isOpaque = false }
            if colorful != 0 { isGray = false }
        }
        if isGray && isOpaque {
            self.init(kind: .gray)
        } else if !tooManyColors {
            // Translucent colors first: tRNS lists alphas for the first entries and 255 for the rest.
            let ordered = colors.colors.sorted {
                ($0 & 0xFF == 255 ? 1 : 0, $0) < ($1 & 0xFF == 255 ? 1 : 0, $1)
            }
            var index = ColorTable()
            for color in ordered { _ = index.insert(color) }
            self.init(kind: .indexed, palette: ordered, indexOfColor: index)
        } else if isGray {
            self.init(kind: .grayAlpha)
        } else {
            self.init(kind: isOpaque ? .rgb : .rgba)
        }
    }

    /// A premultiplied RGBA pixel (in memory order) unpremultiplied, as `r << 24 | g << 16 | b << 8 | a`, with the
    /// rounding ``RGBAImage/unpremultipliedPixels`` uses.
    @inline(__always)
    static func unpremultiplied(_ pixel: UInt32) -> UInt32 {
        let r = pixel & 0xFF, g = pixel >> 8 & 0xFF, b = pixel >> 16 & 0xFF, a = pixel >> 24
        guard a > 0, a < 255 else { return r << 24 | g << 16 | b << 8 | a }
        func channel(_ c: UInt32) -> UInt32 { min(255, (c * 255 + a / 2) / a) }
        return channel(r) << 24 | channel(g) << 16 | channel(b) << 8 | a
    }

    var colorType: Int32 {
        switch kind {
        case .gray, .coverage: Int32(MATTERTYPE_PNG_GRAY)
        case .grayAlpha: Int32(MATTERTYPE_PNG_GRAY_ALPHA)
        case .rgb: Int32(MATTERTYPE_PNG_RGB)
        case .rgba: Int32(MATTERTYPE_PNG_RGBA)
        case .indexed: Int32(MATTERTYPE_PNG_PALETTE)
        }
    }

    /// Bits a sample: fewer for a small palette (2, 4 or 16 colors).
    var bitDepth: Int32 {
        guard kind == .indexed else { return 8 }
        return palette.count <= 2 ? 1 : palette.count <= 4 ? 2 : palette.count <= 16 ? 4 : 8
    }

    /// PLTE: 3 bytes a color.
    var paletteRGB: [UInt8] {
        palette.flatMap { [UInt8($0 >> 24), UInt8($0 >> 16 & 0xFF), UInt8($0 >> 8 & 0xFF)] }
    }

    /// tRNS: the alphas of the palette up to its last translucent color.
    var paletteAlpha: [UInt8] {
        let translucent = palette.prefix { $0 & 0xFF != 255 }
        return translucent.map { UInt8($0 & 0xFF) }
    }
}

/// Turns rows of an image into rows of a ``PNGPlan``'s representation, for libpng's row callback.
struct RowSource {
    let pixels: UnsafeBufferPointer<UInt8>
    let width: Int
    let plan: PNGPlan

    init(pixels: UnsafeBufferPointer<UInt8>, width: Int, plan: PNGPlan) {
        self.pixels = pixels
        self.width = width
        self.plan = plan
    }

    /// Fills `out` with row `y` of the source at `source`: read through the pointer, as a copy of the source
    /// (what calling a method on `pointee` made) retained and released its plan's arrays for every row.
    static func fill(_ source: UnsafePointer<RowSource>, row y: Int, into out: UnsafeMutablePointer<UInt8>) {
        let kind = source.pointee.plan.kind, width = source.pointee.width
        guard let base = source.pointee.pixels.baseAddress else { return }
        if kind == .coverage {
            out.update(from: base + y * width, count: width)
            return
        }
        let row = UnsafeRawPointer(base + y * width * 4).bindMemory(to: UInt32.self, capacity: width)
        switch kind {
        case .coverage:
            break
        case .gray:  // opaque: the red channel as it is
            for x in 0..<width { out[x] = UInt8(truncatingIfNeeded: row[x]) }
        case .grayAlpha:
            for x in 0..<width {
                let color = PNGPlan.unpremultiplied(row[x])
                out[2 * x] = UInt8(truncatingIfNeeded: color >> 24)
                out[2 * x + 1] = UInt8(truncatingIfNeeded: color)
            }
        case .rgb:  // opaque: the channels as they are, four pixels (three words out) a step
            let bytes = UnsafeRawPointer(row), target = UnsafeMutableRawPointer(out)
            var x = 0
            while x + 4 <= width {
                let p0 = row[x], p1 = row[x + 1], p2 = row[x + 2], p3 = row[x + 3]
                target.storeBytes(of: (p0 & 0xFF_FFFF | p1 << 24).littleEndian, toByteOffset: 3 * x, as: UInt32.self)
                target.storeBytes(of: (p1 >> 8 & 0xFFFF | p2 << 16).littleEndian, toByteOffset: 3 * x + 4,
                                  as: UInt32.self)
                target.storeBytes(of: (p2 >> 16 & 0xFF | p3 << 8).littleEndian, toByteOffset: 3 * x + 8,
                                  as: UInt32.self)
                x += 4
            }
            for x in x..<width {
                out[3 * x] = bytes.load(fromByteOffset: 4 * x, as: UInt8.self)
                out[3 * x + 1] = bytes.load(fromByteOffset: 4 * x + 1, as: UInt8.self)
                out[3 * x + 2] = bytes.load(fromByteOffset: 4 * x + 2, as: UInt8.self)
            }
        case .rgba:
            for x in 0..<width {
                let color = PNGPlan.unpremultiplied(row[x])
                out[4 * x] = UInt8(truncatingIfNeeded: color >> 24)
                out[4 * x + 1] = UInt8(truncatingIfNeeded: color >> 16)
                out[4 * x + 2] = UInt8(truncatingIfNeeded: color >> 8)
                out[4 * x + 3] = UInt8(truncatingIfNeeded: color)
            }
        case .indexed:
            source.pointee.fillIndexed(row, width: width, into: out)
        }
    }

    /// An indexed row: each pixel's palette index, packed most significant bits first, as PNG wants.
    private func fillIndexed(_ row: UnsafePointer<UInt32>, width: Int, into out: UnsafeMutablePointer<UInt8>) {
        let bits = Int(plan.bitDepth)
        let perByte = 8 / bits
        let bytes = (width * bits + 7) / 8
        out.update(repeating: 0, count: bytes)
        var previous: UInt32 = row[0] &+ 1
        var index: UInt8 = 0
        for x in 0..<width {
            if row[x] != previous {
                previous = row[x]
                index = plan.indexOfColor.index(of: PNGPlan.unpremultiplied(previous))
            }
            let shift = 8 - bits * (x % perByte + 1)
            out[x / perByte] |= index << shift
        }
    }
}

/// At most 256 colors in an open-addressed table of 1,024 slots: what classifying and indexing an image look up
/// for every change of pixel value, a few instructions where a dictionary takes a hash and a probe sequence.
struct ColorTable {
    private static let slots = 1024
    /// The colors, and each one's order of insertion plus one (0: an empty slot).
    private var keys = [UInt32](repeating: 0, count: ColorTable.slots)
    private var order = [UInt16](repeating: 0, count: ColorTable.slots)
    /// The colors in the order they were inserted.
    private(set) var colors: [UInt32] = []

    /// Adds `color`; false (and nothing added) when the table already holds 256 others.
    mutating func insert(_ color: UInt32) -> Bool {
        var slot = ColorTable.slot(of: color)
        while order[slot] != 0 {
            if keys[slot] == color { return true }
            slot = (slot + 1) & (ColorTable.slots - 1)
        }
        guard colors.count < 256 else { return false }
        keys[slot] = color
        colors.append(color)
        order[slot] = UInt16(colors.count)
        return true
    }

    /// The insertion index of `color` (0 for a color never inserted).
    func index(of color: UInt32) -> UInt8 {
        var slot = ColorTable.slot(of: color)
        while order[slot] != 0 {
            if keys[slot] == color { return UInt8(truncatingIfNeeded: order[slot] - 1) }
            slot = (slot + 1) & (ColorTable.slots - 1)
        }
        return 0
    }

    @inline(__always)
    private static func slot(of color: UInt32) -> Int {
        Int(truncatingIfNeeded: (color &* 0x9E37_79B1) >> 22)
    }
}
