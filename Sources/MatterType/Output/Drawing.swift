public import Foundation

/// A drawing kept as shapes, text and images, in points: rasterized for PNG and WebP
/// (``rasterized(renderer:cache:until:)``), written as paths, glyph outlines and embedded fonts for SVG and PDF, from
/// the same items in the same order.
///
/// ```swift
/// var drawing = Drawing(width: 320, height: 80)
/// drawing.fill(Rect(x: 0, y: 0, width: 320, height: 80), paint: .color(.white))
/// drawing.draw(layout, at: Point(x: 16, y: 16), color: .black)
/// let svg = try ImageFormat.svg.encode(drawing)
/// ```
///
/// Glyphs are placed where the raster at ``scale`` puts them (x to a quarter pixel, baselines on whole pixel rows,
/// decorations on whole rows), so that a rasterized SVG or PDF matches the PNG.
public struct Drawing: Sendable {
    /// The width in points.
    public let width: Double
    /// The height in points.
    public let height: Double
    /// Pixels a point of the PNG this drawing matches.
    public let scale: Double
    /// The pixel size of the PNG it matches: `ceil(width × scale)` × `ceil(height × scale)`, at least 1 × 1.
    public let pixelSize: PixelSize
    /// What is drawn, first to last.
    var items: [Item] = []

    /// One thing drawn.
    enum Item: Sendable {
        case fill(Rect, corners: CornerRadii, paint: Paint, opacity: Double)
        case border(Rect, corners: CornerRadii, widths: EdgeWidths, paint: Paint, opacity: Double)
        /// A path moved to `origin`, filled with `paint` laid over `box`.
        case path(VectorPath, origin: Point, box: Rect, paint: Paint, opacity: Double)
        case image(RGBAImage, box: Rect, fit: ImageFit, cornerRadius: Double, opacity: Double)
        case text(TextLayout, lines: Range<Int>, origin: Point, color: Color, hinting: TextRenderer.Hinting)
        case shadow(TextLayout, origin: Point, blur: Double, color: Color, hinting: TextRenderer.Hinting)
        /// A text's inner shadow: where its glyphs are, the outside of the glyphs moved by `offset` and blurred.
        case textInnerShadow(TextLayout, origin: Point, offset: Point, blur: Double, color: Color,
                             hinting: TextRenderer.Hinting)
        /// An outer box shadow: `rect` (spread already added) blurred, shown outside `box` only.
        case boxShadow(Rect, corners: CornerRadii, blur: Double, color: Color, box: Rect, boxCorners: CornerRadii)
        /// An inner box shadow: all but `hole` (the box moved, spread taken off) blurred, shown inside `box` only.
        case innerShadow(hole: Rect, corners: CornerRadii, blur: Double, color: Color, box: Rect,
                         boxCorners: CornerRadii)
        case stroke(TextLayout, origin: Point, width: Double, color: Color, centered: Bool,
                    hinting: TextRenderer.Hinting)
        case clip(Rect, [Item])
        /// Items drawn only inside a path moved to `origin` (anti-aliased: each pixel by the area it covers).
        case clipPath(VectorPath, origin: Point, [Item])
        /// Items composited together, blurred by `blur` (σ = blur / 2; 0 for none), then over what is below at
        /// `opacity`, blended as `blend` says (CSS and Figma's group opacity, CSS `filter: blur()` and Figma's layer
        /// blur, CSS `mix-blend-mode` and Figma's blend modes).
        case group(opacity: Double, blur: Double, blend: BlendMode, [Item])
        /// A link to `url` over `rect`: nothing in pixels, an `<a>` in SVG, a link annotation in PDF.
        case link(Rect, url: String)
        /// Items drawn only as much as `mask`'s items cover: by their alpha, or (`luminance`) by their luminance
        /// times alpha (CSS `mask-type`, Figma's ALPHA and LUMINANCE masks).
        case softMask(luminance: Bool, mask: [Item], [Item])
        /// Items drawn turned `degrees` clockwise about `center` (points); `bounds` holds what they draw unturned.
        case turned(degrees: Double, center: Point, bounds: Rect, [Item])
        /// What is drawn so far, blurred (σ = blur / 2) inside a path moved to `origin` (Figma's background blur;
        /// CSS `backdrop-filter: blur()` of half this): raster only, SVG and PDF leave it out.
        case backdropBlur(VectorPath, origin: Point, blur: Double)

        /// What the item is, for a ``RenderError/deadlineExceeded(stage:)``.
        var stage: String {
            switch self {
            case .fill: "a fill"
            case .border: "a border"
            case .path: "a path"
            case .image: "an image"
            case .text: "text"
            case .shadow: "a shadow"
            case .textInnerShadow: "a text's inner shadow"
            case .boxShadow: "a box shadow"
            case .innerShadow: "an inner shadow"
            case .stroke: "a stroke"
            case .clip: "a clipped group"
            case .clipPath: "a masked group"
            case .group: "a translucent group"
            case .turned: "a turned group"
            case .softMask: "a soft-masked group"
            case .link: "a link"
            case .backdropBlur: "a background blur"
            }
        }
    }

    /// An empty drawing of `width` × `height` points matching a PNG of `scale` pixels a point.
    public init(width: Double, height: Double, scale: Double = 1) {
        let scale = scale.isFinite && scale > 0 ? scale : 1
        self.width = width.isFinite ? max(width, 0) : 0
        self.height = height.isFinite ? max(height, 0) : 0
        self.scale = scale
        func pixels(_ points: Double) -> Int { max(1, Int(min((points * scale).rounded(.up), 1e9))) }
        pixelSize = PixelSize(width: pixels(self.width), height: pixels(self.height))
    }

    /// An empty drawing the size of an image of `pixelSize` at `scale` pixels a point (a text image's
    /// ``TextImageFrame``).
    public init(pixelSize: PixelSize, scale: Double = 1) {
        let scale = scale.isFinite && scale > 0 ? scale : 1
        width = Double(max(pixelSize.width, 1)) / scale
        height = Double(max(pixelSize.height, 1)) / scale
        self.scale = scale
        self.pixelSize = PixelSize(width: max(pixelSize.width, 1), height: max(pixelSize.height, 1))
    }

    /// A drawing of `layout` as ``TextRenderer/image(of:color:background:padding:clip:hinting:)`` draws it: the
    /// same frame, background, origin and colors.
    public init(_ layout: TextLayout, color: Color = .black, background: Color = .clear, padding: Double = 0,
                clip: Bool = false, hinting: TextRenderer.Hinting = .none) {
        let frame = TextRenderer.frame(for: layout, padding: padding, clip: clip)
        self.init(pixelSize: frame.size, scale: layout.typography.environment.displayScale)
        if background.alpha > 0 { fill(Rect(x: 0, y: 0, width: width, height: height), paint: .color(background)) }
        draw(layout, at: frame.origin, color: color, hinting: hinting)
    }

    /// `layout` on pages of `pageSize` points inside `margin` points, for a PDF document: as many whole lines on
    /// each page as fit its height less the margins (a line taller than that gets a page of its own), never a
    /// line split; each page on `background`, the text in `color`.
    public static func pages(of layout: TextLayout, pageSize: Size, margin: Double, color: Color = .black,
                             background: Color = .clear) -> [Drawing] {
        let mode = layout.typography.typography.writingMode
        if mode.isVertical { return columnPages(of: layout, pageSize: pageSize, margin: margin, color: color,
                                                background: background) }
        let available = pageSize.height - 2 * margin
        var pages: [Drawing] = []
        var first = 0
        while first < layout.lines.count || pages.isEmpty {
            var end = first
            let top = first < layout.lines.count ? layout.lines[first].top : 0
            while end < layout.lines.count,
                  end == first || layout.lines[end].top + layout.lines[end].height - top <= available + 1e-9 {
                end += 1
            }
            var page = Drawing(width: pageSize.width, height: pageSize.height)
            if background.alpha > 0 {
                page.fill(Rect(x: 0, y: 0, width: pageSize.width, height: pageSize.height), paint: .color(background))
            }
            if end > first { page.draw(layout, lines: first..<end, at: Point(x: margin, y: margin - top), color: color) }
            pages.append(page)
            first = max(end, first + 1)
        }
        return pages
    }

    /// ``pages(of:pageSize:margin:color:background:)`` for columns: as many whole columns on each page as fit its
    /// width less the margins, the first at the right margin (`vertical-rl`) or the left (`vertical-lr`), at the
    /// top margin.
    private static func columnPages(of layout: TextLayout, pageSize: Size, margin: Double, color: Color,
                                    background: Color) -> [Drawing] {
        let available = pageSize.width - 2 * margin
        let boxes = layout.lineBoxes
        let fromRight = layout.typography.typography.writingMode == .verticalRightToLeft
        var pages: [Drawing] = []
        var first = 0
        while first < boxes.count || pages.isEmpty {
            var end = first
            var (left, right) = (Double.infinity, -Double.infinity)
            while end < boxes.count {
                let newLeft = min(left, boxes[end].x), newRight = max(right, boxes[end].x + boxes[end].width)
                guard end == first || newRight - newLeft <= available + 1e-9 else { break }
                (left, right) = (newLeft, newRight)
                end += 1
            }
            var page = Drawing(width: pageSize.width, height: pageSize.height)
            if background.alpha > 0 {
                page.fill(Rect(x: 0, y: 0, width: pageSize.width, height: pageSize.height), paint: .color(background))
            }
            if end > first {
                let x = fromRight ? pageSize.width - margin - right : margin - left
                page.draw(layout, lines: first..<end, at: Point(x: x, y: margin), color: color)
            }
            pages.append(page)
            first = max(end, first + 1)
        }
        return pages
    }

    /// `pages` as one PDF document, streams compressed at `compression`.
    /// - Throws: ``RenderError/pdfEncodingFailed(reason:)`` when a font cannot be subset or a stream compressed;
    ///   ``RenderError/deadlineExceeded(stage:)`` when `deadline` passes (checked before each item and in blurs).
    public static func pdf(pages: [Drawing], compression: ImageCompression = .balanced,
                           renderer: TextRenderer = .shared,
                           until deadline: RenderDeadline = .never) throws(RenderError) -> Data {
        try PDFWriter(pages: pages, compression: compression, renderer: renderer, until: deadline).write()
    }

    /// Fills a rectangle (points) with rounded corners with `paint` at `opacity` (0…1), as
    /// ``RGBAImage/fill(_:corners:paint:opacity:scale:)`` does.
    public mutating func fill(_ rect: Rect, corners: CornerRadii = 0, paint: Paint, opacity: Double = 1) {
        items.append(.fill(rect, corners: corners, paint: paint, opacity: opacity))
    }

    /// Strokes the inside of a rounded rectangle's outline `widths` points wide (a CSS border), as
    /// ``RGBAImage/strokeBorder(_:corners:widths:paint:opacity:scale:)`` does.
    public mutating func strokeBorder(_ rect: Rect, corners: CornerRadii = 0, widths: EdgeWidths, paint: Paint,
                                      opacity: Double = 1) {
        guard widths.all.contains(where: { $0 > 0 && $0.isFinite }) else { return }
        items.append(.border(rect, corners: corners, widths: widths, paint: paint, opacity: opacity))
    }

    /// Fills `path` (points) moved to `origin` with `paint` at `opacity`; a gradient is laid over `box` (points,
    /// the path's own bounds when `nil`), as a shape's fill is over its box.
    public mutating func fill(_ path: VectorPath, at origin: Point, box: Rect? = nil, paint: Paint,
                              opacity: Double = 1) {
        guard !path.segments.isEmpty, let bounds = path.controlBounds else { return }
        let box = box ?? Rect(x: origin.x + bounds.x, y: origin.y + bounds.y, width: bounds.width,
                              height: bounds.height)
        items.append(.path(path, origin: origin, box: box, paint: paint, opacity: opacity))
    }

    /// Draws `image` into `box` (points) as `fit` says, clipped to the box with rounded corners, at `opacity`.
    public mutating func draw(_ image: RGBAImage, in box: Rect, fit: ImageFit, cornerRadius: Double = 0,
                              opacity: Double = 1) {
        guard image.width > 0, image.height > 0, box.width > 0, box.height > 0 else { return }
        items.append(.image(image, box: box, fit: fit, cornerRadius: cornerRadius, opacity: opacity))
    }

    /// Draws `layout`'s glyphs and decorations (of its `lines` only, when given: a page's share of a long text)
    /// with its top-left corner at `origin`, each in its style's color (`color` where the style has none);
    /// rasterized with `hinting` (vector formats draw unhinted outlines).
    public mutating func draw(_ layout: TextLayout, lines: Range<Int>? = nil, at origin: Point, color: Color = .black,
                              hinting: TextRenderer.Hinting = .none) {
        let all = 0..<layout.lines.count
        items.append(.text(layout, lines: lines?.clamped(to: all) ?? all, origin: origin, color: color,
                           hinting: hinting))
    }

    /// Draws `layout`'s glyphs at `origin` in `color`, blurred by a Gaussian of σ = `blur` / 2 points (a card's
    /// text shadow).
    public mutating func drawShadow(of layout: TextLayout, at origin: Point, blur: Double, color: Color,
                                    hinting: TextRenderer.Hinting = .none) {
        items.append(.shadow(layout, origin: origin, blur: max(blur.isFinite ? blur : 0, 0), color: color,
                             hinting: hinting))
    }

    /// Draws an inner shadow in `layout`'s glyphs at `origin` (Figma's inner shadow of a text): inside the glyphs,
    /// `color` as much as the space outside them, moved (`x`, `y`) points and blurred by `blur` points (σ = blur /
    /// 2), covers them. The move is rounded to whole pixels.
    public mutating func drawInnerShadow(of layout: TextLayout, at origin: Point, x: Double, y: Double, blur: Double,
                                         color: Color, hinting: TextRenderer.Hinting = .none) {
        guard x.isFinite, y.isFinite else { return }
        items.append(.textInnerShadow(layout, origin: origin, offset: Point(x: x, y: y),
                                      blur: max(blur.isFinite ? blur : 0, 0), color: color, hinting: hinting))
    }

    /// The mask of a text's inner shadow in pixels (``drawInnerShadow(of:at:x:y:blur:color:hinting:)``): the glyphs'
    /// coverage times the blurred coverage of what is outside them, moved; `nil` without ink.
    static func innerShadowMask(of layout: TextLayout, at origin: Point, offset: Point, blur: Double, scale: Double,
                                canvas: PixelSize, renderer: TextRenderer, hinting: TextRenderer.Hinting,
                                until deadline: RenderDeadline) throws(RenderError) -> (bitmap: GrayBitmap, left: Int,
                                                                                         top: Int)? {
        let dx = Int(min(max((offset.x * scale).rounded(), -1e6), 1e6))
        let dy = Int(min(max((offset.y * scale).rounded(), -1e6), 1e6))
        let margin = 1.5 * blur * scale + Double(max(abs(dx), abs(dy))) + 2
        guard let glyphs = try renderer.coverage(of: layout, at: origin, canvas: canvas,
                                                 margin: Int(min(margin.rounded(.up), 1e7)), hinting: hinting,
                                                 until: deadline) else { return nil }
        let bitmap = glyphs.bitmap, width = bitmap.width, height = bitmap.height
        var outside = GrayBitmap(width: width, height: height)
        for row in 0..<height {
            for column in 0..<width {
                let x = column - dx, y = row - dy
                let inside = x >= 0 && y >= 0 && x < width && y < height ? bitmap.pixels[y * width + x] : 0
                outside.pixels[row * width + column] = 255 - inside
            }
        }
        if blur * scale > 0.01 { outside = try outside.blurred(radius: blur * scale, until: deadline) }
        var mask = GrayBitmap(width: width, height: height)
        for i in 0..<(width * height) {
            mask.pixels[i] = UInt8((UInt32(bitmap.pixels[i]) * UInt32(outside.pixels[i]) + 127) / 255)
        }
        return (mask, glyphs.left, glyphs.top)
    }

    /// Strokes the outlines of `layout`'s glyphs at `origin` in `color`, `width` points wide with round joins: on
    /// the outline when `centered`, else outside it only (drawn before the glyphs, which cover its inner half).
    public mutating func drawStroke(of layout: TextLayout, at origin: Point, width: Double, color: Color,
                                    centered: Bool, hinting: TextRenderer.Hinting = .none) {
        guard width > 0, width.isFinite else { return }
        items.append(.stroke(layout, origin: origin, width: width, color: color, centered: centered, hinting: hinting))
    }

    /// Draws what `body` draws clipped to `rect` (points).
    public mutating func clip(to rect: Rect, _ body: (inout Drawing) -> Void) {
        var inner = Drawing(width: width, height: height, scale: scale)
        body(&inner)
        items.append(.clip(rect, inner.items))
    }

    /// Draws what `body` draws only inside `path` (points) moved to `origin` (a mask's outline).
    public mutating func clip(to path: VectorPath, at origin: Point, _ body: (inout Drawing) -> Void) {
        var inner = Drawing(width: width, height: height, scale: scale)
        body(&inner)
        guard !inner.items.isEmpty, path.controlBounds != nil else { return }
        items.append(.clipPath(path, origin: origin, inner.items))
    }

    /// Draws the outer shadow of the rounded rectangle `box` (points), as CSS `box-shadow` does: the box moved by
    /// (`x`, `y`), grown by `spread` (its corners' radius too), blurred by `blur` (σ = blur / 2), in `color`, and
    /// shown only outside `box` itself.
    public mutating func drawShadow(of box: Rect, corners: CornerRadii, x: Double, y: Double, blur: Double,
                                    spread: Double, color: Color) {
        guard color.alpha > 0, [x, y, blur, spread].allSatisfy(\.isFinite) else { return }
        let shadow = Rect(x: box.x + x - spread, y: box.y + y - spread, width: box.width + 2 * spread,
                          height: box.height + 2 * spread)
        guard shadow.width > 0, shadow.height > 0 else { return }
        items.append(.boxShadow(shadow, corners: corners.map { $0 > 0 ? max($0 + spread, 0) : 0 },
                                blur: max(blur, 0), color: color, box: box, boxCorners: corners))
    }

    /// Draws the inner shadow of the rounded rectangle `box` (points), as CSS `box-shadow: inset` does: everything
    /// outside the box moved by (`x`, `y`) and shrunk by `spread` (its corners too), blurred by `blur` (σ = blur /
    /// 2), in `color`, shown only inside `box`.
    public mutating func drawInnerShadow(of box: Rect, corners: CornerRadii, x: Double, y: Double, blur: Double,
                                         spread: Double, color: Color) {
        guard color.alpha > 0, [x, y, blur, spread].allSatisfy(\.isFinite), box.width > 0, box.height > 0 else { return }
        let hole = Rect(x: box.x + x + spread, y: box.y + y + spread, width: max(box.width - 2 * spread, 0),
                        height: max(box.height - 2 * spread, 0))
        items.append(.innerShadow(hole: hole, corners: corners.map { max($0 - spread, 0) }, blur: max(blur, 0),
                                  color: color, box: box, boxCorners: corners))
    }

    /// Blurs what is drawn so far inside `path` moved to `origin` (points) by `radius` points (σ = radius / 2;
    /// Figma's background blur, CSS `backdrop-filter: blur()` of half this). PNG and WebP only: SVG and PDF have
    /// no backdrop to read and leave it out.
    public mutating func blurBackdrop(inside path: VectorPath, at origin: Point, radius: Double) {
        guard radius > 0, radius.isFinite, path.controlBounds != nil else { return }
        items.append(.backdropBlur(path, origin: origin, blur: radius))
    }

    /// The schemes a link may have: web pages, mail and telephone (never `javascript:` or `data:`, which an SVG
    /// shown in a browser would run or open).
    public static let linkSchemes: Set<String> = ["http", "https", "mailto", "tel"]

    /// Makes `rect` (points) a link to `url` in SVG and PDF (pixels are unchanged); a `url` whose scheme is not one
    /// of ``linkSchemes``, or that is longer than 2,048 characters, makes none.
    public mutating func link(to url: String, over rect: Rect) {
        guard Self.isLinkable(url), [rect.x, rect.y, rect.width, rect.height].allSatisfy(\.isFinite),
              rect.width > 0, rect.height > 0 else { return }
        items.append(.link(rect, url: url))
    }

    /// Whether `url` may be a link: at most 2,048 characters, printable ASCII without spaces or quotes, and a
    /// scheme of ``linkSchemes``.
    public static func isLinkable(_ url: String) -> Bool {
        guard url.utf8.count <= 2_048, url.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value)
                                                                        && !"\"'<>\\`".unicodeScalars.contains($0) }),
              let colon = url.firstIndex(of: ":") else { return false }
        return linkSchemes.contains(url[..<colon].lowercased())
    }

    /// Draws what `content` draws only as much as what `mask` draws covers each pixel: by its alpha, or with
    /// `luminance` by its luminance (0.2126 R + 0.7152 G + 0.0722 B of sRGB, premultiplied: times its alpha), as CSS
    /// `mask-type` and Figma's alpha and luminance masks do. What `mask` draws is not drawn itself.
    public mutating func mask(luminance: Bool, _ mask: (inout Drawing) -> Void, content: (inout Drawing) -> Void) {
        var shape = Drawing(width: width, height: height, scale: scale)
        mask(&shape)
        var inner = Drawing(width: width, height: height, scale: scale)
        content(&inner)
        guard !shape.items.isEmpty, !inner.items.isEmpty else { return }
        items.append(.softMask(luminance: luminance, mask: shape.items, inner.items))
    }

    /// Draws what `body` draws turned `degrees` clockwise (as CSS `rotate()` turns) about `center`
    /// (points). `bounds` (points, unturned) must hold everything `body` draws, shadows and strokes included: the
    /// raster draws it there on a canvas of its own, then turns that canvas onto the image (each pixel sampled
    /// bilinearly); SVG and PDF turn the shapes themselves. A turn of a whole number of turns draws as is.
    public mutating func turned(by degrees: Double, about center: Point, bounds: Rect,
                                _ body: (inout Drawing) -> Void) {
        var inner = Drawing(width: width, height: height, scale: scale)
        body(&inner)
        guard degrees.isFinite, center.x.isFinite, center.y.isFinite,
              [bounds.x, bounds.y, bounds.width, bounds.height].allSatisfy(\.isFinite),
              degrees.truncatingRemainder(dividingBy: 360) != 0 else { return items += inner.items }
        items.append(.turned(degrees: degrees, center: center, bounds: bounds, inner.items))
    }

    /// Draws what `body` draws as one group, blurred by `blur` points (a Gaussian of σ = blur / 2, as shadows' blur
    /// radius; 0 for none) and composited over what is below at `opacity` (0 to 1), its colors blended with what
    /// is below as `blendMode` says: where its parts overlap, the upper hides the lower, as in CSS and Figma, before
    /// the whole is blurred, fades and blends.
    public mutating func group(opacity: Double, blur: Double = 0, blendMode: BlendMode = .normal,
                               _ body: (inout Drawing) -> Void) {
        var inner = Drawing(width: width, height: height, scale: scale)
        body(&inner)
        let opacity = min(max(opacity.isFinite ? opacity : 0, 0), 1)
        let blur = min(max(blur.isFinite ? blur : 0, 0), 1_000)
        guard opacity < 1 || blur > 0 || blendMode != .normal else { return items += inner.items }
        guard opacity > 0 else { return }
        items.append(.group(opacity: opacity, blur: blur, blend: blendMode, inner.items))
    }
}

extension Drawing {
    /// The drawing in pixels: ``pixelSize``, each item composited in order in premultiplied RGBA, text by
    /// `renderer` (whose glyph cache it shares); with a `cache`, the opening shapes and images (up to the first
    /// text) are copied from there when it holds equal ones, and kept there when not.
    /// - Throws: ``RenderError/imageTooLarge(width:height:)`` past ``TextRenderer/maximumPixelCount``;
    ///   ``RenderError/deadlineExceeded(stage:)`` when `deadline` passes (checked before each item, each line of
    ///   text, and between the passes of blurs and strokes).
    public func rasterized(renderer: TextRenderer = .shared, cache: DrawingCache? = nil,
                           until deadline: RenderDeadline = .never) throws(RenderError) -> RGBAImage {
        try rasterizedOnOpening(renderer: renderer, cache: cache, until: deadline).image
    }

    /// ``rasterized(renderer:cache:until:)``, with the opening `cache` kept that the image was drawn on (`nil`
    /// when none).
    func rasterizedOnOpening(renderer: TextRenderer, cache: DrawingCache?,
                             until deadline: RenderDeadline) throws(RenderError) -> (image: RGBAImage,
                                                                                      opening: DrawingCache.Kept?) {
        let size = pixelSize
        guard size.fits(pixelCount: TextRenderer.maximumPixelCount) else {
            throw .imageTooLarge(width: size.width, height: size.height)
        }
        if let cache {
            return try cache.rasterize(items, size: size, scale: scale, renderer: renderer, until: deadline)
        }
        var image = RGBAImage(width: size.width, height: size.height)
        try Drawing.rasterize(items, into: &image, shift: .zero, scale: scale, renderer: renderer, until: deadline)
        return (image, nil)
    }

    /// The text layouts the drawing draws (its text items', clipped ones too), in order: what a caller
    /// reports warnings from (``TextLayout/familySubstitutions``, ``TextLayout/hyphenationWarnings``).
    public var layouts: [TextLayout] {
        func collect(_ items: [Item], into found: inout [TextLayout]) {
            for item in items {
                switch item {
                case .text(let layout, _, _, _, _):
                    found.append(layout)
                case .clip(_, let inner), .group(_, _, _, let inner), .clipPath(_, _, let inner),
                     .turned(_, _, _, let inner), .softMask(_, _, let inner):
                    collect(inner, into: &found)
                case .fill, .border, .path, .image, .shadow, .textInnerShadow, .boxShadow, .innerShadow, .stroke,
                     .backdropBlur, .link:
                    continue
                }
            }
        }
        var found: [TextLayout] = []
        collect(items, into: &found)
        return found
    }

    /// What rasterizing this drawing would cost, in pixel operations (about a nanosecond each on a current core),
    /// from each item's pixels cut to the canvas: an opaque color fill 2 operations a pixel, any other fill 15
    /// (gradients, translucency, rounded corners), a border 30 a pixel of its ring, an image 90 a pixel of its box
    /// (sampled, clipped, composited) and 3 a source pixel when it is scaled down; a shadow's blur 20 a pixel of
    /// its text's ink grown by its reach (coverage, six box passes, composite), a path 20 a pixel of its bounds and
    /// 300 + 30 a row of its height a segment, a stroke's dilation 150 (a distance
    /// transform for each of nine coverage levels), a centered stroke two dilations. Text itself is bounded by
    /// its length and counts nothing here. Measured with `mattertype card` (release) on 50-megapixel canvases of
    /// each kind (Scripts/worst-requests.py). Known before anything is drawn, so that a caller can refuse a
    /// drawing that would take too long (``CardRenderer`` does); saturates at `Int.max`.
    public var work: Int {
        Drawing.work(of: items, scale: scale, canvas: pixelSize)
    }

    static func work(of items: [Item], scale: Double, canvas: PixelSize) -> Int {
        func span(_ start: Double, _ length: Double, grow margin: Double, _ limit: Int) -> Int {
            let low = max((start * scale - margin).rounded(.down), 0)
            let high = min(((start + length) * scale + margin).rounded(.up), Double(limit))
            return high > low && high.isFinite && low.isFinite ? Int(high - low) : 0
        }
        /// The pixels of `rect` (points) grown by `margin` pixels, cut to the canvas.
        func pixels(_ rect: Rect, margin: Double = 1) -> Int {
            span(rect.x, rect.width, grow: margin, canvas.width) * span(rect.y, rect.height, grow: margin, canvas.height)
        }
        /// The pixels of `layout`'s ink at `origin` grown by `margin` pixels, cut to the canvas.
        func pixels(_ layout: TextLayout, at origin: Point, margin: Double) -> Int {
            let ink = layout.inkBounds
            guard ink.width > 0 || ink.height > 0 else { return 0 }
            return pixels(Rect(x: origin.x + ink.x, y: origin.y + ink.y, width: ink.width, height: ink.height),
                          margin: margin + 2)
        }
        var total = 0
        func add(_ operations: Int, _ count: Int) {
            let (product, overflow) = operations.multipliedReportingOverflow(by: count)
            let (sum, tooMuch) = total.addingReportingOverflow(product)
            total = overflow || tooMuch ? Int.max : sum
        }
        for item in items {
            switch item {
            case .fill(let rect, let corners, let paint, let opacity):
                let square = corners.all.allSatisfy { $0 <= 0 }
                let opaque = square && opacity >= 1 && { if case .color(let color) = paint { color.alpha == 255 } else { false } }()
                add(opaque ? 2 : 15, pixels(rect))
            case .border(let rect, _, let widths, _, _):
                add(30, max(pixels(rect) - pixels(widths.inset(rect), margin: -1), 0))
            case .path(let path, let origin, _, _, _):
                // A sum and a composite a pixel of its bounds; each segment flattened (up to 256 lines) and each of
                // its lines' rows across the bounds' height worked out (a curve crosses it at most three times).
                guard let bounds = path.controlBounds else { continue }
                let rect = Rect(x: origin.x + bounds.x, y: origin.y + bounds.y, width: bounds.width,
                                height: bounds.height)
                add(20, pixels(rect))
                add(300 + 30 * span(rect.y, rect.height, grow: 1, canvas.height), path.segments.count)
            case .image(let picture, let box, _, _, _):
                add(90, pixels(box))
                let boxPixels = box.width * scale * box.height * scale
                if Double(picture.width) * Double(picture.height) > boxPixels { add(3, picture.width * picture.height) }
            case .text, .link:
                continue
            case .shadow(let layout, let origin, let blur, _, _):
                guard blur * scale > 0.01 else { continue }
                add(20, pixels(layout, at: origin, margin: 1.5 * blur * scale))
            case .textInnerShadow(let layout, let origin, let offset, let blur, _, _):
                // Coverage, the outside moved, its blur (a shadow's 20), the product and a composite.
                add(30, pixels(layout, at: origin, margin: 1.5 * blur * scale + max(abs(offset.x), abs(offset.y)) * scale))
            case .boxShadow(let rect, _, let blur, _, _, _):
                add(25, pixels(rect, margin: 1.5 * blur * scale + 2))
            case .innerShadow(_, _, let blur, _, let box, _):
                add(25, pixels(box, margin: 1.5 * blur * scale + 2))
            case .stroke(let layout, let origin, let width, _, let centered, _):
                add(centered ? 300 : 150, pixels(layout, at: origin, margin: width * scale + 1))
            case .clip(_, let inner):
                add(1, work(of: inner, scale: scale, canvas: canvas))
            case .clipPath(let path, _, let inner):
                // Its own canvas, masked by the path's coverage and composited: a fill's cost a pixel of the page.
                add(1, work(of: inner, scale: scale, canvas: canvas))
                add(15, canvas.width * canvas.height)
                add(300, path.segments.count)
            case .group(_, let blur, _, let inner):
                // Its own canvas, faded and composited: about a fill's cost a pixel of the page; blurred, four
                // channels' blurs (a shadow's 20 a pixel each) over the page grown by the blur's reach.
                add(1, work(of: inner, scale: scale, canvas: canvas))
                let reach = blur > 0 ? 2 * blurReach(blur, scale: scale) : 0
                add(blur > 0 ? 95 : 15, (canvas.width + reach) * (canvas.height + reach))
            case .softMask(_, let mask, let inner):
                // Two canvases of the page's size, then each pixel's factor and a composite.
                add(1, work(of: mask, scale: scale, canvas: canvas))
                add(1, work(of: inner, scale: scale, canvas: canvas))
                add(30, canvas.width * canvas.height)
            case .turned(_, _, let bounds, let inner):
                // Its own canvas over the bounds, then each pixel of the turned bounds sampled from four of it and
                // composited (about 30 operations).
                add(1, work(of: inner, scale: scale, canvas: canvas))
                let diagonal = (bounds.width * bounds.width + bounds.height * bounds.height).squareRoot()
                add(5, pixels(bounds, margin: 2))
                add(30, pixels(Rect(x: bounds.x + bounds.width / 2 - diagonal / 2,
                                    y: bounds.y + bounds.height / 2 - diagonal / 2, width: diagonal, height: diagonal)))
            case .backdropBlur(let path, let origin, let blur):
                // Four channels' blurs over the path's bounds grown by the blur's reach, its coverage, a blend.
                guard let bounds = path.controlBounds else { continue }
                add(110, pixels(Rect(x: origin.x + bounds.x, y: origin.y + bounds.y, width: bounds.width,
                                     height: bounds.height), margin: 1.5 * blur * scale + 2))
            }
        }
        return total
    }
}
