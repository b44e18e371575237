extension TypographyLayout {
    /// The size `text` takes in `limits`: the ``TextLayout/width`` and ``TextLayout/height`` of the very layout
    /// that ``TextRenderer`` draws, so measuring and drawing never disagree.
    /// - Throws: ``LayoutError`` for a width that is not finite and positive, or a negative `maxLines`.
    public func measure(_ text: String, limits: LayoutLimits = LayoutLimits()) throws(LayoutError)
        -> Size {
        try TextLayout(text, typography: self, limits: limits).size
    }
}
