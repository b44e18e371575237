extension TextLayout {
    /// The grid fitted sizes are on, in points.
    static let fitStep = 0.25

    /// The layout at the largest size on the 0.25 pt grid, from `fit`'s minimum up to `typography`'s size, that
    /// fits `limits` (see ``TextFit``).
    ///
    /// The text is shaped and laid out once at the typography's size; sizes are then tried by a binary search
    /// that only breaks the shaped paragraphs again at the width divided by the scale (``LineLayouter/probe``:
    /// advances scale with the size), and the size found is laid out in full and checked (a step down while it
    /// does not fit, for rounding at the width's 1/64 pt). `prepare` gives the text and styles at a resolved
    /// size and the factor from the typography's size.
    static func fitted(_ typography: TypographyLayout, limits: LayoutLimits, fit: TextFit,
                       prepare: (TypographyLayout, Double) throws(LayoutError) -> (String, LayoutStyles))
        throws(LayoutError) -> TextLayout {
        try check(limits)
        let base = typography.typography.fontSize
        try LayoutError.check("minFontSize", fit.minimumFontSize, in: .leastNonzeroMagnitude...base,
                              allowed: "a size above 0 and at most the typography's \(base) points")
        if let maxHeight = limits.maxHeight {
            try LayoutError.check("maxHeight", maxHeight, in: .leastNonzeroMagnitude...1_000_000,
                                  allowed: "a height above 0 and at most 1000000 points")
        }
        // Rows' extent is bounded by maxHeight, columns' by the width.
        let maxHeight = limits.alongLines(of: typography.typography.writingMode).maxHeight ?? .infinity
        func layout(_ size: Double) throws(LayoutError) -> TextLayout {
            var resolved = typography
            if size != base {
                var scaled = typography.typography
                scaled.fontSize = size
                scaled.lineHeight *= size / base
                scaled.scaleClusterSpacing(by: size / base)
                resolved = try TypographyLayout(typography: scaled, environment: typography.environment,
                                                registry: typography.shaping.registry)
            }
            let (text, styles) = try prepare(resolved, size / base)
            var layouter = LineLayouter(text: text, styles: styles, limits: limits)
            // Run first: the layout takes the faces the run added (fallbacks) from the layouter.
            let result = layouter.run()
            return TextLayout(layouter, result)
        }
        func fits(height: Double, isTruncated: Bool, breaksInsideWord: Bool) -> Bool {
            height <= maxHeight + 1e-9 && !isTruncated && !breaksInsideWord
        }
        func fits(_ layout: TextLayout) -> Bool {
            fits(height: layout.blockExtent, isTruncated: layout.isTruncated, breaksInsideWord: layout.breaksInsideWord)
        }
        let (text, styles) = try prepare(typography, 1)
        var layouter = LineLayouter(text: text, styles: styles, limits: limits)
        let result = layouter.run()
        let whole = TextLayout(layouter, result)
        if fits(whole) { return whole }
        // The grid's sizes below the typography's: k × 0.25 for k in lowest...highest.
        let lowest = Int((fit.minimumFontSize / fitStep).rounded(.up))
        var highest = Int((base / fitStep).rounded(.down))
        if Double(highest) * fitStep >= base { highest -= 1 }
        var low = lowest - 1  // the largest size known to fit (none yet)
        var high = highest + 1  // the smallest known not to
        while high - low > 1 {
            let middle = (low + high) / 2
            let probe = layouter.probe(result.paragraphs, scale: Double(middle) * fitStep / base)
            if fits(height: probe.height, isTruncated: probe.isTruncated, breaksInsideWord: probe.breaksInsideWord) {
                low = middle
            } else {
                high = middle
            }
        }
        // Checked in full; a probe that was wrong twice (advances that do not scale with the size: an optical
        // size axis that follows it) hands over to a search of full layouts.
        for _ in 0..<2 where low >= lowest {
            let candidate = try layout(Double(low) * fitStep)
            if fits(candidate) { return candidate }
            low -= 1
        }
        var found: TextLayout?
        high = low + 1
        low = lowest - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            let candidate = try layout(Double(middle) * fitStep)
            if fits(candidate) { (low, found) = (middle, candidate) } else { high = middle }
        }
        if let found { return found }
        return try layout(fit.minimumFontSize)
    }
}

extension StyledText {
    /// The spans with their sizes, letter spacing and boxes multiplied by `factor` (for fitting).
    func scaled(by factor: Double) -> StyledText {
        guard factor != 1 else { return self }
        return StyledText(spans.map { span in
            var span = span
            if let size = span.style.size { span.style.size = size * factor }
            span.style.scaleClusterSpacing(by: factor)
            if let box = span.box {  // boxes scale with the text, as icons sized in em
                span.box = InlineBox(width: box.width * factor, height: box.height * factor, alignment: box.alignment)
            }
            return span
        })
    }
}
