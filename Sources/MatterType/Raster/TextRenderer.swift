import Foundation

/// Draws laid-out text: FreeType grayscale anti-aliasing, glyph x positions kept to a quarter pixel, baselines
/// snapped to whole device pixels, at the layout's display scale.
///
/// ```swift
/// let body = Typography(family: "Noto Sans", fontSize: 16, lineHeight: 24)
/// let png = try TextRenderer.shared.renderPNG("Hello", typography: body, limits: LayoutLimits(width: 200))
/// ```
///
/// A renderer is shared safely between tasks; its ``glyphCache`` is too.
public final class TextRenderer: Sendable {
    /// How glyph outlines are fitted to the pixel grid.
    public enum Hinting: String, NamedChoice, Sendable, Hashable, CaseIterable {
        /// No hinting: glyphs land exactly where the layout put them (FreeType's FT_LOAD_NO_HINTING).
        case none
        /// Light hinting: vertical stems snap for crisper small text (FT_LOAD_TARGET_LIGHT).
        case light
    }

    /// The largest image rendered, in pixels (100 megapixels, 400 MB of RGBA).
    public static let maximumPixelCount = 100_000_000

    /// A renderer with the default cache budget and no hinting.
    public static let shared = TextRenderer()

    /// Where rendered glyphs are kept.
    public let glyphCache: GlyphCache
    /// How glyphs are hinted when a draw does not say (each draw may ask for the other; bitmaps are cached per
    /// hinting).
    public let hinting: Hinting

    /// The FreeType faces it draws with and the glyph drawings read from them (the vector writers' too).
    let rasterFaces = RasterFaces()

    /// A renderer using `glyphCache` and `hinting`.
    public init(glyphCache: GlyphCache = GlyphCache(), hinting: Hinting = .none) {
        self.glyphCache = glyphCache
        self.hinting = hinting
    }

    /// Empties the renderer's caches — glyph bitmaps, FreeType faces and glyph drawings — to give back their
    /// memory; they fill again as text is drawn. Drawings in progress are not disturbed.
    public func clearCaches() {
        glyphCache.removeAll()
        rasterFaces.removeAll()
    }

    /// The sizes of the renderer's caches of faces and glyph drawings, each with its bound, for monitoring; the
    /// glyph bitmaps' bytes, hits and misses are ``GlyphCache/statistics``.
    public var cacheSizes: [CacheSize] { rasterFaces.sizes }

    /// The pixel size of an image holding `layout` with `padding` points around it: `ceil((W + 2 × padding) ×
    /// scale)` by `ceil((H + 2 × padding) × scale)`, where W is the limits' width when given, else the layout's,
    /// and H the layout's height (in a vertical writing mode, W the layout's width and H the limits' height when
    /// given, else the layout's); at least 1 × 1 (an empty text is 0 points wide, and PNG has no empty images).
    public static func imageSize(for layout: TextLayout, padding: Double = 0) -> PixelSize {
        let scale = layout.typography.environment.displayScale
        // The line length asked for, else the text's: the width of rows, the height of columns.
        let isVertical = layout.typography.typography.writingMode.isVertical
        let width = isVertical ? layout.width : layout.limits.width ?? layout.width
        let height = isVertical ? layout.limits.height ?? layout.height : layout.height
        func pixels(_ points: Double) -> Int {
            let value = (points * scale).rounded(.up)
            // NaN (a padding no request can send, but a caller can) is 1 pixel, as anything below 1.
            return !(value >= 1) ? 1 : (value > 1e15 ? Int(1e15) : Int(value))
        }
        return PixelSize(width: pixels(width + 2 * padding), height: pixels(height + 2 * padding))
    }

    /// The pixel size of an image of `layout` with `padding` points around it and where the layout's top-left
    /// corner goes in it: ``imageSize(for:padding:)`` with the layout at (`padding`, `padding`), grown by whole
    /// pixels on any side where glyphs, decorations or inline boxes reach past it (a tight line height's
    /// descenders, tall marks, emoji, a box taller than its line), the layout moving right and down by what was
    /// added on the left and top. With `clip`, the image is exactly ``imageSize(for:padding:)`` and ink outside it
    /// is cut off.
    public static func frame(for layout: TextLayout, padding: Double = 0, clip: Bool = false) -> TextImageFrame {
        let size = imageSize(for: layout, padding: padding)
        let scale = layout.typography.environment.displayScale
        guard !clip else { return TextImageFrame(size: size, origin: Point(x: padding, y: padding)) }
        // The pixels each glyph touches, placed as `composite` places it: x to a quarter pixel, the baseline on
        // a pixel row, its outline box rounded out to whole pixels (as FreeType's rasterizer does).
        var minX = 0, minY = 0, maxX = size.width, maxY = size.height
        let isVertical = layout.typography.typography.writingMode.isVertical
        for line in layout.lines {
            for glyph in line.glyphs {
                guard let ink = layout.ink(of: glyph) else { continue }
                let x = (padding + glyph.x) * scale, y = (padding + glyph.y) * scale
                guard x.magnitude < 1e9, y.magnitude < 1e9 else { continue }
                // As `composite` places it: a sideways glyph's pen to a quarter pixel down, its baseline on a column.
                let pen = glyph.isSideways ? PixelPen(x: y, y: x) : PixelPen(x: x, y: y)
                let (penX, baseline) = glyph.isSideways ? (Double(pen.baseline), pen.x) : (pen.x, Double(pen.baseline))
                minX = min(minX, floorToInt(penX + ink.left * scale))
                maxX = max(maxX, -floorToInt(-(penX + ink.right * scale)))
                minY = min(minY, floorToInt(baseline + ink.top * scale))
                maxY = max(maxY, -floorToInt(-(baseline + ink.bottom * scale)))
            }
            for rect in line.decorations {
                // As `fill` covers it: whole rows across a row's decoration (whole columns across a column's),
                // partial pixels at its ends.
                let (along, across, alongSize, acrossSize) = isVertical
                    ? (padding + rect.y, padding + rect.x, rect.height, rect.width)
                    : (padding + rect.x, padding + rect.y, rect.width, rect.height)
                let a0 = along * scale, a1 = a0 + alongSize * scale
                let start = (across * scale).rounded(), thickness = (acrossSize * scale).rounded()
                // Checked before converting: a padding of 10⁷⁵ points (refused later, when drawn) trapped here.
                guard a0.magnitude < 1e9, a1.magnitude < 1e9, start.magnitude < 1e9, thickness.magnitude < 1e9 else {
                    continue
                }
                let first = Int(start), count = max(1, Int(thickness))
                if isVertical {
                    minY = min(minY, floorToInt(a0))
                    maxY = max(maxY, -floorToInt(-a1))
                    minX = min(minX, first)
                    maxX = max(maxX, first + count)
                } else {
                    minX = min(minX, floorToInt(a0))
                    maxX = max(maxX, -floorToInt(-a1))
                    minY = min(minY, first)
                    maxY = max(maxY, first + count)
                }
            }
        }
        // Inline boxes are ink too (``TextLayout/inkBounds``): what the caller draws in one that overflows its
        // line must fit.
        for placed in layout.inlineBoxes {
            let x0 = (padding + placed.x) * scale, y0 = (padding + placed.y) * scale
            let x1 = x0 + placed.box.width * scale, y1 = y0 + placed.box.height * scale
            guard placed.box.width > 0, placed.box.height > 0, x0.magnitude < 1e9, x1.magnitude < 1e9,
                  y0.magnitude < 1e9, y1.magnitude < 1e9 else { continue }
            minX = min(minX, floorToInt(x0))
            maxX = max(maxX, -floorToInt(-x1))
            minY = min(minY, floorToInt(y0))
            maxY = max(maxY, -floorToInt(-y1))
        }
        let limit = 1 << 30  // past any image size allowed; keeps the sums below from overflowing
        let left = min(-minX, limit), top = min(-minY, limit)
        return TextImageFrame(size: PixelSize(width: min(maxX, limit) + left, height: min(maxY, limit) + top),
                              origin: Point(x: padding + Double(left) / scale, y: padding + Double(top) / scale))
    }

    /// Draws `layout` into `image` with its top-left corner at `origin` (points), in `color`, with `hinting`
    /// (`nil`: the renderer's ``hinting``).
    public func draw(_ layout: TextLayout, into image: inout RGBAImage, at origin: Point = .zero,
                     color: Color = .black, hinting: Hinting? = nil) {
        composite(layout, lines: layout.lines.indices, into: &image, origin: origin, color: color,
                  hinting: hinting ?? self.hinting)
    }

    /// Draws `lines` of `layout` (a page's share) into `image` as ``draw(_:into:at:color:hinting:)`` draws them all,
    /// checking `deadline` before each line.
    func draw(_ layout: TextLayout, lines: Range<Int>, into image: inout RGBAImage, at origin: Point,
              color: Color, hinting: Hinting, until deadline: RenderDeadline) throws(RenderError) {
        guard composite(layout, lines: lines, into: &image, origin: origin, color: color, hinting: hinting,
                        until: deadline) else { throw .deadlineExceeded(stage: "text") }
    }

    /// Draws `layout`'s coverage into `bitmap` with its top-left corner at `origin` (points), with `hinting`
    /// (`nil`: the renderer's ``hinting``).
    public func draw(_ layout: TextLayout, into bitmap: inout GrayBitmap,
                     at origin: Point = .zero, hinting: Hinting? = nil) {
        composite(layout, lines: layout.lines.indices, into: &bitmap, origin: origin, color: .black,
                  hinting: hinting ?? self.hinting)
    }

    /// `layout`'s coverage as ``draw(_:into:at:hinting:)`` draws it into a bitmap of `canvas` pixels with the
    /// layout's top-left corner at `origin` (points), but into a bitmap only as large as the layout's ink
    /// (``TextLayout/inkBounds``) grown by `margin` pixels and cut to the canvas, with where its top-left pixel is
    /// on the canvas: glyphs keep their place modulo whole pixels, so the pixels are the same. What blurs or grows
    /// the coverage then works on the text's pixels, not the canvas's. `nil` when no ink falls on the canvas.
    /// - Throws: ``RenderError/deadlineExceeded(stage:)`` when `deadline` passes (checked before each line).
    func coverage(of layout: TextLayout, at origin: Point, canvas: PixelSize, margin: Int, hinting: Hinting,
                  until deadline: RenderDeadline) throws(RenderError) -> (bitmap: GrayBitmap, left: Int, top: Int)? {
        let ink = layout.inkBounds
        let scale = layout.typography.environment.displayScale
        guard ink.width > 0 || ink.height > 0 else { return nil }
        // A pixel more on each side than the ink's box: glyphs are placed to a quarter pixel and rounded out.
        let margin = min(max(margin, 0), 1 << 20) + 2
        func pixel(_ points: Double, _ rule: FloatingPointRoundingRule, _ grow: Int) -> Int {
            Int(min(max((points * scale).rounded(rule), -1e9), 1e9)) + grow
        }
        let xs = (pixel(origin.x + ink.x, .down, -margin)..<pixel(origin.x + ink.x + ink.width, .up, margin))
            .clamped(to: 0..<canvas.width)
        let ys = (pixel(origin.y + ink.y, .down, -margin)..<pixel(origin.y + ink.y + ink.height, .up, margin))
            .clamped(to: 0..<canvas.height)
        guard !xs.isEmpty, !ys.isEmpty else { return nil }
        var bitmap = GrayBitmap(width: xs.count, height: ys.count)
        guard composite(layout, lines: layout.lines.indices, into: &bitmap,
                        origin: Point(x: origin.x - Double(xs.lowerBound) / scale,
                                      y: origin.y - Double(ys.lowerBound) / scale),
                        color: .black, hinting: hinting, until: deadline) else {
            throw .deadlineExceeded(stage: "text")
        }
        return (bitmap, xs.lowerBound, ys.lowerBound)
    }

    /// An image of `layout` on `background`, framed by ``frame(for:padding:clip:)``: large enough for all of its
    /// ink unless `clip` asks for exactly ``imageSize(for:padding:)``; drawn with `hinting` (`nil`: the renderer's).
    /// - Throws: ``RenderError/imageTooLarge(width:height:)`` past ``maximumPixelCount``;
    ///   ``RenderError/deadlineExceeded(stage:)`` when `deadline` passes (checked before each line).
    public func image(of layout: TextLayout, color: Color = .black, background: Color = .clear,
                      padding: Double = 0, clip: Bool = false, hinting: Hinting? = nil,
                      until deadline: RenderDeadline = .never) throws(RenderError) -> RGBAImage {
        let frame = TextRenderer.frame(for: layout, padding: padding, clip: clip)
        let size = frame.size
        guard size.fits(pixelCount: TextRenderer.maximumPixelCount) else {
            throw .imageTooLarge(width: size.width, height: size.height)
        }
        var image = RGBAImage(width: size.width, height: size.height, background: background)
        try draw(layout, lines: layout.lines.indices, into: &image, at: frame.origin, color: color,
                 hinting: hinting ?? self.hinting, until: deadline)
        return image
    }

    /// Composites every glyph and decoration of `layout`'s `lines` into `canvas`, clipped to it: each in its style's size
    /// and color (`color` where the style has none). False when `deadline` passed before a line (the rest undrawn).
    @discardableResult
    private func composite<Canvas: CoverageCanvas>(_ layout: TextLayout, lines: Range<Int>, into canvas: inout Canvas,
                                                   origin: Point, color: Color, hinting: Hinting,
                                                   until deadline: RenderDeadline = .never) -> Bool {
        let scale = layout.typography.environment.displayScale
        let table = layout.styleTable
        let hinted = hinting == .light  // bitmaps are cached per hinting: one renderer serves both
        // Gray ink: every style's color gray and no face with color glyphs (emoji keep their own colors).
        let inkIsGray = table.fontSizes.indices.allSatisfy { index in
            let color = table.colors[index] ?? color
            return color.red == color.green && color.green == color.blue
        } && !layout.faces.contains(where: \.hasColorGlyphs)
        let width = canvas.width
        let height = canvas.height
        let isVertical = layout.typography.typography.writingMode.isVertical
        var faces: [RasterFace?] = []  // made on the first glyph not in the memo
        var finished = true
        // Each style's ink and each face's id in stack buffers (a draw allocates no arrays of its own), read
        // through buffers: an array captured by the per-glyph closures is retained on every glyph.
        withUnsafeTemporaryAllocation(of: StyleInk.self, capacity: table.fontSizes.count) { styles in
            let palette = layout.typography.fontPalette
            for index in table.fontSizes.indices {
                let pixelSize = table.fontSizes[index] * scale
                let color = table.colors[index] ?? color
                let ink = UInt64(UInt32(truncatingIfNeeded: palette)) << 32 | UInt64(color.red) | UInt64(color.green) << 8
                    | UInt64(color.blue) << 16 | UInt64(color.alpha) << 24
                styles.initializeElement(at: index, to: StyleInk(pixelSize: pixelSize,
                                                                 pixelSize64: Int((pixelSize * 64).rounded()),
                                                                 color: color, ink: ink))
            }
            // Each face's id, negated for a face whose glyphs take palette colors (their bitmaps are keyed by
            // palette and text color too).
            withUnsafeTemporaryAllocation(of: Int.self, capacity: layout.faces.count) { faceIDs in
                for (index, face) in layout.faces.enumerated() {
                    faceIDs.initializeElement(at: index, to: face.hasPaletteColors ? ~face.id : face.id)
                }
                glyphCache.withMemo(glyphs: layout.lines[lines].reduce(0) { $0 + $1.glyphs.count }) { memo in
                    canvas.withPixels(inkIsGray: inkIsGray) { canvasPixels in
                        for line in layout.lines[lines] {
                            if deadline.hasPassed {
                                finished = false
                                break
                            }
                            for glyph in line.glyphs {
                                let x = (origin.x + glyph.x) * scale
                                let y = (origin.y + glyph.y) * scale
                                guard x.magnitude < 1e9, y.magnitude < 1e9 else { continue }  // NaN too
                                // A sideways glyph's pen runs down: a quarter pixel along y, its baseline on a
                                // pixel column.
                                let sideways = isVertical && glyph.isSideways
                                let pen = sideways ? PixelPen(x: y, y: x) : PixelPen(x: x, y: y)
                                let style = styles[glyph.styleIndex]
                                let faceID = faceIDs[glyph.fontIndex]
                                let key = GlyphCache.Key(face: faceID, pixelSize64: style.pixelSize64,
                                                         glyph: glyph.glyphID, subpixel: pen.subpixel, hinted: hinted,
                                                         ink: faceID < 0 ? style.ink : 0, sideways: sideways,
                                                         narrowing: glyph.narrowing)
                                memo.withGlyph(for: key, in: glyphCache) {
                                    if faces.isEmpty { faces = layout.faces.map { rasterFaces.face(of: $0) } }
                                    let face = faces[glyph.fontIndex]
                                    let bitmap = face?.render(glyph: glyph.glyphID, pixelSize: style.pixelSize,
                                                              subpixel: pen.subpixel, hinted: hinted, palette: palette,
                                                              foreground: style.color,
                                                              widthScale: glyph.widthScale) ?? .empty
                                    return sideways ? bitmap.turnedClockwise() : bitmap
                                } draw: { bitmap in
                                    Self.composite(bitmap, at: sideways ? (pen.baseline, pen.pixelX)
                                                                        : (pen.pixelX, pen.baseline),
                                                   into: canvasPixels, width: width, height: height,
                                                   color: style.color, canvas: Canvas.self)
                                }
                            }
                            for rect in line.decorations {
                                fill(rect, into: canvasPixels, width: width, height: height, origin: origin,
                                     scale: scale, color: styles[rect.styleIndex].color, across: isVertical,
                                     canvas: Canvas.self)
                            }
                        }
                    }
                }
                faceIDs.deinitialize()
            }
            styles.deinitialize()
        }
        return finished
    }

    /// How a style's glyphs are drawn: their pixel size (also as the cache key's 1/64 px), color, and the
    /// palette and color packed as the cache key's ``GlyphCache/Key/ink``.
    private struct StyleInk {
        var pixelSize: Double
        var pixelSize64: Int
        var color: Color
        var ink: UInt64
    }

    /// Composites one glyph with its pen position at `pen` (pixels; y on the baseline), clipped to the canvas.
    @inline(__always)
    private static func composite<Canvas: CoverageCanvas>(_ glyph: GlyphMemo.Glyph, at pen: (x: Int, y: Int),
                                                          into pixels: UnsafeMutablePointer<UInt8>, width: Int,
                                                          height: Int, color: Color, canvas _: Canvas.Type) {
        guard let source = glyph.pixels else { return }
        let left = pen.x + glyph.left
        let top = pen.y - glyph.top
        // Clip to the canvas; a glyph wholly outside it draws nothing.
        let firstRow = max(0, -top), endRow = min(glyph.height, height - top)
        let firstColumn = max(0, -left), endColumn = min(glyph.width, width - left)
        guard firstRow < endRow, firstColumn < endColumn else { return }
        let stride = Canvas.bytesPerPixel
        let rowBytes = width &* stride
        var sourceRow = source + firstRow &* glyph.pitch
        var destination = pixels + ((top &+ firstRow) &* width &+ left) &* stride
        if glyph.isColor {  // emoji: their own colors, not the text color
            for _ in firstRow..<endRow {
                Canvas.compositeColor(sourceRow + firstColumn &* 4, count: endColumn &- firstColumn,
                                      onto: destination + firstColumn &* stride)
                sourceRow += glyph.pitch
                destination += rowBytes
            }
            return
        }
        // Unclipped left and right, padding included: whole 16-pixel chunks, no scalar tail.
        if left >= 0 && left &+ glyph.pitch <= width {
            if glyph.pitch == 16 {  // most glyphs of body text
                // Counted down with plain pointer steps: the loop is a few instructions around the vector ones.
                var rows = endRow &- firstRow
                repeat {
                    Canvas.composite16(sourceRow, onto: destination, color: color)
                    sourceRow += 16
                    destination += rowBytes
                    rows &-= 1
                } while rows > 0
            } else {
                for _ in firstRow..<endRow {
                    var chunk = 0
                    while chunk < glyph.pitch {
                        Canvas.composite16(sourceRow + chunk, onto: destination + chunk &* stride, color: color)
                        chunk &+= 16
                    }
                    sourceRow += glyph.pitch
                    destination += rowBytes
                }
            }
        } else {
            for _ in firstRow..<endRow {
                Canvas.composite(sourceRow + firstColumn, count: endColumn &- firstColumn,
                                 onto: destination + firstColumn &* stride, color: color)
                sourceRow += glyph.pitch
                destination += rowBytes
            }
        }
    }

    /// Fills a decoration: whole rows from its snapped top, partial coverage at its left and right ends; `across`
    /// (a vertical line's), whole columns from its snapped left, partial coverage at its top and bottom.
    private func fill<Canvas: CoverageCanvas>(_ rect: DecorationRect, into pixels: UnsafeMutablePointer<UInt8>,
                                              width: Int, height: Int, origin: Point,
                                              scale: Double, color: Color, across: Bool, canvas: Canvas.Type) {
        if across {
            let y0 = (origin.y + rect.y) * scale, y1 = y0 + rect.height * scale
            let x = ((origin.x + rect.x) * scale).rounded(), thickness = (rect.width * scale).rounded()
            guard y0.magnitude < 1e9, y1.magnitude < 1e9, x.magnitude < 1e9, thickness.magnitude < 1e9 else { return }
            let firstColumn = max(0, Int(x)), endColumn = min(width, Int(x) + max(1, Int(thickness)))
            let firstRow = max(0, Int(y0.rounded(.down))), endRow = min(height, Int(y1.rounded(.up)))
            guard firstColumn < endColumn, firstRow < endRow else { return }
            var coverage = [UInt8](repeating: 0, count: endColumn - firstColumn)
            for y in firstRow..<endRow {
                let covered = min(y1, Double(y + 1)) - max(y0, Double(y))
                for i in coverage.indices { coverage[i] = UInt8((max(0, min(1, covered)) * 255).rounded()) }
                coverage.withUnsafeBufferPointer { span in
                    guard let span = span.baseAddress else { return }
                    Canvas.composite(span, count: endColumn - firstColumn,
                                     onto: pixels + (y * width + firstColumn) * Canvas.bytesPerPixel, color: color)
                }
            }
            return
        }
        let x0 = (origin.x + rect.x) * scale
        let x1 = x0 + rect.width * scale
        let y = ((origin.y + rect.y) * scale).rounded(), thickness = (rect.height * scale).rounded()
        // As glyphs: a decoration a billion pixels away (or NaN) is not on any canvas, and must not trap.
        guard x0.magnitude < 1e9, x1.magnitude < 1e9, y.magnitude < 1e9, thickness.magnitude < 1e9 else { return }
        let top = Int(y)
        let rows = max(1, Int(thickness))
        let firstColumn = max(0, Int(x0.rounded(.down)))
        let lastColumn = min(width, Int(x1.rounded(.up)))
        guard firstColumn < lastColumn else { return }
        let coverage = (firstColumn..<lastColumn).map { x -> UInt8 in
            let covered = min(x1, Double(x + 1)) - max(x0, Double(x))
            return UInt8((max(0, min(1, covered)) * 255).rounded())
        }
        coverage.withUnsafeBufferPointer { span in
            guard let span = span.baseAddress else { return }
            let firstRow = max(0, top), endRow = min(height, top + rows)
            guard firstRow < endRow else { return }
            for y in firstRow..<endRow {
                Canvas.composite(span, count: coverage.count,
                                 onto: pixels + (y * width + firstColumn) * Canvas.bytesPerPixel, color: color)
            }
        }
    }
}

/// The pixel size of an image of a layout and where in it the layout's top-left corner is drawn.
public struct TextImageFrame: Sendable, Hashable {
    /// The image's size in pixels.
    public var size: PixelSize
    /// Where the layout's top-left corner is, in points from the image's top-left corner (the padding, plus
    /// what was added for ink that reaches left of or above the layout).
    public var origin: Point
}
