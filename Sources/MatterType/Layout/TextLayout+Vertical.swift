extension TextLayout {
    /// Each line's box where it is drawn, in points from the layout's top-left corner, x to the right and y
    /// down: in horizontal text the row (from its first glyph's pen position, as wide as ``TextLine/width``, as
    /// tall as the line height); in a vertical writing mode the column (as wide as the line height, placed right
    /// to left or left to right in the order of ``lines``, its glyphs' extent down it). The layout's ``height``
    /// is then the columns' extent across.
    package var lineBoxes: [Rect] {
        let mode = typography.typography.writingMode
        guard mode.isVertical else {
            return lines.map { Rect(x: $0.x, y: $0.top, width: $0.width, height: $0.height) }
        }
        return lines.map { line in
            let x = mode == .verticalRightToLeft ? height - line.top - line.height : line.top
            return Rect(x: x, y: line.x, width: line.height, height: line.width)
        }
    }
}
