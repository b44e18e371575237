public import Foundation

extension TextRenderer {
    /// Lays `text` out and renders it as PNG bytes (see ``PNGEncoding`` and ``ImageCompression``), in one call.
    /// - Throws: ``RenderError/layout(_:)`` for an invalid typography or limits, ``RenderError`` when the image
    ///   is too large or cannot be encoded.
    public func renderPNG(_ text: String, typography: Typography, environment: TypographyEnvironment = .default,
                          limits: LayoutLimits = LayoutLimits(), color: Color = .black, background: Color = .clear,
                          padding: Double = 0, encoding: PNGEncoding = .auto, compression: ImageCompression = .balanced,
                          registry: FontRegistry = .shared) throws(RenderError) -> Data {
        try renderPNG(StyledText(text), typography: typography, environment: environment, limits: limits,
                      color: color, background: background, padding: padding, encoding: encoding,
                      compression: compression, registry: registry)
    }

    /// Lays styled text out and renders it as PNG bytes, in one call: each span in its own color (`color` where
    /// it has none) and decoration.
    /// - Throws: ``RenderError/layout(_:)`` for an invalid typography, span or limits, ``RenderError`` when the
    ///   image is too large or cannot be encoded.
    public func renderPNG(_ text: StyledText, typography: Typography, environment: TypographyEnvironment = .default,
                          limits: LayoutLimits = LayoutLimits(), color: Color = .black, background: Color = .clear,
                          padding: Double = 0, encoding: PNGEncoding = .auto, compression: ImageCompression = .balanced,
                          registry: FontRegistry = .shared) throws(RenderError) -> Data {
        let layout: TextLayout
        do {
            layout = try TextLayout(text, typography: typography, environment: environment, limits: limits,
                                    registry: registry)
        } catch {
            throw .layout(error)
        }
        return try PNGEncoder.encode(image(of: layout, color: color, background: background, padding: padding),
                                     encoding: encoding, compression: compression)
    }
}
