public import Foundation

/// How a text layout is drawn into an image: colors, the space around it, hinting, and what each format takes.
/// What `RenderRequest` (its `output` keys) and the CLI's `render` give
/// ``ImageFormat/encode(_:style:renderer:until:onDrawn:)``.
public struct TextImageStyle: Sendable, Hashable {
    /// The text's color.
    public var color: Color
    /// The image's background.
    public var background: Color
    /// Points of space on every side of the text's box.
    public var padding: Double
    /// Whether the image is the box alone, ink outside it cut off (else it grows to hold the ink).
    public var clip: Bool
    /// How glyph outlines are fitted to the pixel grid.
    public var hinting: TextRenderer.Hinting
    /// PNG: how the pixels are stored.
    public var pngEncoding: PNGEncoding
    /// PNG, WebP and PDF: how hard the encoder works.
    public var compression: ImageCompression
    /// WebP and JPEG: the quality, 1–100 (WebP: lossy; without it lossless; JPEG: ``JPEGEncoder/defaultQuality``).
    public var quality: Int?
    /// SVG: whether the text is written too.
    public var vector: VectorOptions
    /// PDF: pages of this size the text flows across, `margin` points in from each edge; `nil`: one page the
    /// image's size.
    public var pages: PDFPages?

    /// PDF pages of `size` with `margin` points on every side.
    public struct PDFPages: Sendable, Hashable {
        /// The page's size.
        public var size: PageSize
        /// Points between each edge of a page and the text.
        public var margin: Double

        /// Pages of `size` with `margin` points on every side.
        public init(size: PageSize, margin: Double) {
            self.size = size
            self.margin = margin
        }
    }

    /// A style: black text on a transparent background, no padding, no hinting, by default.
    public init(color: Color = .black, background: Color = .clear, padding: Double = 0, clip: Bool = false,
                hinting: TextRenderer.Hinting = .none, pngEncoding: PNGEncoding = .auto,
                compression: ImageCompression = .balanced, quality: Int? = nil, vector: VectorOptions = VectorOptions(),
                pages: PDFPages? = nil) {
        self.color = color
        self.background = background
        self.padding = padding
        self.clip = clip
        self.hinting = hinting
        self.pngEncoding = pngEncoding
        self.compression = compression
        self.quality = quality
        self.vector = vector
        self.pages = pages
    }
}

extension ImageFormat {
    /// `layout` drawn in `style` and encoded in this format: PNG and WebP rasterized by `renderer` (whose glyph
    /// cache holds hinted and unhinted bitmaps alike), SVG and PDF as vectors (a PDF on `style.pages` when given,
    /// the text flowing across them). `onDrawn` is called between the two stages of a raster format, as
    /// ``encode(_:renderer:cache:pngEncoding:compression:quality:options:until:onDrawn:)`` calls it.
    /// - Throws: ``RenderError`` when the image is too large or cannot be encoded, or `deadline` passes while it
    ///   is drawn (``RenderError/deadlineExceeded(stage:)``).
    public func encode(_ layout: TextLayout, style: TextImageStyle, renderer: TextRenderer = .shared,
                       until deadline: RenderDeadline = .never,
                       onDrawn: () -> Void = {}) throws(RenderError) -> Data {
        if let pages = style.pages, self == .pdf {
            return try Drawing.pdf(pages: Drawing.pages(of: layout, pageSize: pages.size.size, margin: pages.margin,
                                                        color: style.color, background: style.background),
                                   compression: style.compression, renderer: renderer, until: deadline)
        }
        if isVector {
            let drawing = Drawing(layout, color: style.color, background: style.background, padding: style.padding,
                                  clip: style.clip, hinting: style.hinting)
            guard drawing.pixelSize.fits(pixelCount: TextRenderer.maximumPixelCount) else {
                throw .imageTooLarge(width: drawing.pixelSize.width, height: drawing.pixelSize.height)
            }
            return try encode(drawing, renderer: renderer, compression: style.compression, options: style.vector,
                              until: deadline)
        }
        try check(TextRenderer.frame(for: layout, padding: style.padding, clip: style.clip).size)
        let image = try renderer.image(of: layout, color: style.color, background: style.background,
                                       padding: style.padding, clip: style.clip, hinting: style.hinting,
                                       until: deadline)
        onDrawn()
        return try encode(image, pngEncoding: style.pngEncoding, compression: style.compression, quality: style.quality)
    }
}
