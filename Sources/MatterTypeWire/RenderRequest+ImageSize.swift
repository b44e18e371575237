public import MatterType

extension RenderRequest {
    /// The pixels an image's side may be asked to fit inside: a render request's `imageWidth` and `imageHeight`, a
    /// card's `width` and `height` (``CardImageSize``).
    public static let fittedPixels: ClosedRange<Int> = 1...100_000

    /// The pixels ``OutputFields/imageWidth`` and ``OutputFields/imageHeight`` ask the image to fit inside; `nil`
    /// when neither is given.
    /// - Throws: ``RenderRequestError/invalid(field:reason:)`` for a size out of 1…100,000 pixels, one given with
    ///   ``OutputFields/scale``, or for a PDF (its pages are points, not pixels).
    func imageSizeAsked() throws(RenderRequestError) -> (width: Int?, height: Int?)? {
        guard output.imageWidth != nil || output.imageHeight != nil else { return nil }
        for (field, value) in [("imageWidth", output.imageWidth), ("imageHeight", output.imageHeight)] {
            if let value, !Self.fittedPixels.contains(value) {
                throw .invalid(field: field, reason: "\(value) is not allowed; use 1 to 100000 pixels")
            }
        }
        let field = output.imageWidth != nil ? "imageWidth" : "imageHeight"
        if output.scale != nil {
            throw .invalid(field: field, reason: "give scale or imageWidth/imageHeight (pixels to fit inside), not both")
        }
        if output.format == .pdf {
            throw .invalid(field: field, reason: "a PDF is sized in points; give scale, or another format")
        }
        return (output.imageWidth, output.imageHeight)
    }

    /// The most display scale fitting chooses: the range's top, as for ``OutputFields/scale``.
    static let fittedScales: ClosedRange<Double> = 0.25...8

    /// The layout (`laidOut` at a display scale) at the largest scale at which the image — padding and the ink
    /// the frame grows to hold included, sides in whole pixels — is at most `asked` pixels, up to 8: first the
    /// scale the layout at 1 suggests, then corrected from the frame each scale gives (pixel rounding moves it by
    /// a pixel or so), keeping the largest that fits.
    /// - Throws: ``RenderRequestError/invalid(field:reason:)`` when the size would need a scale under 0.25 (the
    ///   text is too large for so few pixels).
    func fitting(_ asked: (width: Int?, height: Int?),
                 _ laidOut: (Double?) throws(RenderRequestError) -> TextLayout) throws(RenderRequestError) -> TextLayout {
        /// The factor `size` must grow by (below 1: shrink) to fill the size asked for.
        func ratio(_ size: PixelSize) -> Double {
            let factors = [asked.width.map { Double($0) / Double(max(size.width, 1)) },
                           asked.height.map { Double($0) / Double(max(size.height, 1)) }]
            return factors.compactMap { $0 }.min() ?? 1
        }
        func fits(_ size: PixelSize) -> Bool {
            size.width <= asked.width ?? .max && size.height <= asked.height ?? .max
        }
        var scale = 1.0
        var best: TextLayout?
        var tried: Set<Double> = []
        for _ in 0..<6 {
            let layout = try laidOut(scale)
            tried.insert(scale)
            let size = imageFrame(of: layout).size
            if fits(size), best.map({ scale > $0.typography.environment.displayScale }) ?? true { best = layout }
            var next = min(scale * ratio(size), Self.fittedScales.upperBound)
            // Past the size asked for: shrink by the last bit more, so that a rounded-up side comes in.
            if !fits(size) { next = min(next, scale).nextDown }
            if next < Self.fittedScales.lowerBound {
                guard best == nil else { break }
                let field = asked.width != nil ? "imageWidth" : "imageHeight"
                let pixels = asked.width ?? asked.height ?? 0
                throw .invalid(field: field, reason: "\(pixels) pixels would need a display scale of "
                               + "\((next * 1000).rounded() / 1000), under the least, \(Self.fittedScales.lowerBound); "
                               + "ask for more pixels or draw less text")
            }
            // Settled: a fitting scale that the next step would not grow by a pixel, or one tried already.
            if fits(size), ratio(size) < 1 + 1 / Double(max(size.width, size.height, 1)) { break }
            if tried.contains(next) { break }
            scale = next
        }
        guard let best else {
            throw .invalid(field: asked.width != nil ? "imageWidth" : "imageHeight",
                           reason: "no display scale draws the text inside \(asked.width.map(String.init) ?? "any") × "
                               + "\(asked.height.map(String.init) ?? "any") pixels; ask for more pixels")
        }
        return best
    }
}
