public import MatterType

/// The output options of a request: the display scale, colors, padding, hinting and the image format with its
/// own options.
///
/// Declared once in ``fields`` (see ``RequestField``).
public struct OutputFields: FieldGroup {
    /// The display scale (1, 2, 3 for @1x, @2x, @3x).
    public var scale: Double?
    /// The most pixels wide the image may be: drawn at the largest display scale at which it fits inside
    /// ``imageWidth`` and ``imageHeight`` (not with ``scale``).
    public var imageWidth: Int?
    /// The most pixels high the image may be (with ``imageWidth``, fit inside both).
    public var imageHeight: Int?
    /// The text color (default black).
    public var color: Color?
    /// The background (default transparent).
    public var background: Color?
    /// Points of space around the text (0 … 10,000).
    public var padding: Double?
    /// Cut the image to exactly the layout and padding.
    public var clip: Bool?
    /// Hinting of the drawn glyphs (default none).
    public var hinting: TextRenderer.Hinting?
    /// The image format: png (the default), webp, jpeg, svg or pdf.
    public var format: ImageFormat?
    /// PDF only: the page size; the text then flows over as many pages as it needs.
    public var pageSize: PageSize?
    /// PDF only, with ``pageSize``: the margin on every side in points (default 36).
    public var margin: Double?
    /// SVG only: also write each line as invisible `<text>`.
    public var svgText: Bool?
    /// The PNG representation (default auto).
    public var pngEncoding: PNGEncoding?
    /// Time against bytes when encoding (default balanced).
    public var compression: ImageCompression?
    /// WebP and JPEG: the quality, 1–100 (WebP: lossy at it, lossless without; JPEG: 85 by default).
    public var quality: Int?

    /// No field set.
    public init() {}

    /// The group's fields, each declared once: key, help, value, span key and what it changes.
    public static let fields: [RequestField<OutputFields>] = [
        .init("scale", \.scale, Double.self, help: "The display scale: 1, 2 or 3 for @1x, @2x, @3x (default 1).",
              schema: ##"{"type": "number", "minimum": 0.25, "maximum": 8}"##,
              examples: FieldExamples(accepted: ["1", "1.5", "2", "2.5", "3", "0.5"], refused: ["0", "9"])),
        .init("imageWidth", \.imageWidth, Int.self,
              help: "The most pixels wide: drawn at the largest display scale (up to 8) at which the image fits inside imageWidth and imageHeight, padding and ink included, as Figma's export constraints choose one; not with scale or a PDF.",
              schema: ##"{"type": "integer", "minimum": 1, "maximum": 100000}"##,
              examples: FieldExamples(accepted: ["1200", "630", "400", "256", "2000"], refused: ["0", "-5", "200000"])),
        .init("imageHeight", \.imageHeight, Int.self,
              help: "The most pixels high (with imageWidth, fit inside both).",
              schema: ##"{"type": "integer", "minimum": 1, "maximum": 100000}"##,
              examples: FieldExamples(accepted: ["630", "400", "120", "1000"], refused: ["0", "-1"])),
        .init("color", \.color, Color.self,
              help: "The text color: #rgb, #rgba, #rrggbb, #rrggbbaa or a CSS color name (default black).",
              span: \.color),
        .init("background", \.background, Color.self,
              help: "The background: #rgb, #rgba, #rrggbb, #rrggbbaa, a CSS color name or transparent (the default)."),
        .init("padding", \.padding, Double.self, help: "Points of space around the text, 0 … 10,000.",
              schema: ##"{"type": "number", "minimum": 0, "maximum": 10000}"##,
              examples: FieldExamples(accepted: ["0", "1", "8", "24.5", "100", "10000"], refused: ["-3", "20000"])),
        .init("clip", \.clip, Bool.self,
              help: "Cut the image to exactly the layout and padding; by default it grows to hold ink that reaches past them (the text's origin moves: the CLI prints it, the server sends MatterType-Text-Origin)."),
        .init("hinting", \.hinting, Choice<TextRenderer.Hinting>.self,
              help: "Hinting: none (glyphs exactly where laid out, the default) or light."),
        .init("format", \.format, Choice<ImageFormat>.self,
              help: "png, webp, jpeg, svg or pdf (default: the CLI's from the -o extension; the server's from an Accept header naming image/svg+xml, application/pdf, image/webp or image/jpeg, else png)."),
        .init("pageSize", \.pageSize, PageSize.self,
              help: "PDF: a4, letter or WxH in points; the text flows over as many pages as it needs, whole lines on each (its width defaults to the page's less the margins)."),
        .init("margin", \.margin, Double.self, help: "PDF with pageSize: the margin on every side, in points (36).",
              schema: ##"{"type": "number", "minimum": 0}"##, examples: FieldExamples(accepted: ["0", "10", "20", "36", "100"], refused: ["-1"])),
        .init("svgText", \.svgText, Bool.self,
              help: "SVG: also write each line as invisible <text>, for selection, search and screen readers."),
        .init("pngEncoding", \.pngEncoding, Choice<PNGEncoding>.self,
              help: "auto (the smallest exact PNG: indexed, gray, gray + alpha, RGB or RGBA, the default) or rgba."),
        .init("compression", \.compression, Choice<ImageCompression>.self,
              help: "fast, balanced (the default) or small: time against bytes."),
        .init("quality", \.quality, Int.self,
              help: "WebP and JPEG: the quality, 1–100 (WebP lossy at it, lossless without; JPEG 85 without).",
              schema: ##"{"type": "integer", "minimum": 1, "maximum": 100}"##,
              examples: FieldExamples(accepted: ["1", "50", "85", "100"], refused: ["0", "101"])),
    ]
}
