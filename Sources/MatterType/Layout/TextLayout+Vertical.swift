extension TextLayout {
    /// Each line's box where it is drawn, in points from the layout's top-left corner, x to the right and y
    /// down: in horizontal text the row (from its first glyph's pen position, as wide as ``TextLine/width``, as
    /// tall as the line height); in a vertical writing mode the column (as wide as the line height, placed right
    /// to left or left to right in the order of ``lines``, from its first glyph's pen position down as far as
    /// ``TextLine/width``).
    public var lineBoxes: [Rect] {
        let mode = typography.typography.writingMode
        guard mode.isVertical else {
            return lines.map { Rect(x: $0.x, y: $0.top, width: $0.width, height: $0.height) }
        }
        return lines.map { line in
            Rect(x: mode.left(ofLineAt: line.top, height: line.height, blockExtent: lineExtent), y: line.x,
                 width: line.height, height: line.width)
        }
    }

    /// How far the lines reach across: the layout's ``height`` in horizontal text, its ``width`` in a vertical
    /// writing mode.
    var blockExtent: Double { typography.typography.writingMode.isVertical ? width : height }
}

/// A ruby annotation placed in a ``TextLayout``.
public struct PlacedAnnotation: Sendable, Hashable {
    /// What it reads.
    public let text: String
    /// The line its base is on (0-based).
    public let line: Int
    /// Its box, in points from the layout's top-left corner.
    public let rect: Rect
}

extension WritingMode {
    /// The left edge of a column `top` points from the block's start (the right for `vertical-rl`, the left for
    /// `vertical-lr`) and `height` points wide, in a block `blockExtent` points wide.
    func left(ofLineAt top: Double, height: Double, blockExtent: Double) -> Double {
        self == .verticalRightToLeft ? blockExtent - top - height : top
    }

    /// The x of a point `offset` points across a line laid out as a row (`top` is the row's top, y down), once
    /// the row is turned 90° clockwise into a column: a row's top edge becomes the column's right edge.
    func x(across offset: Double, ofLineAt top: Double, height: Double, blockExtent: Double) -> Double {
        left(ofLineAt: top, height: height, blockExtent: blockExtent) + height - (offset - top)
    }
}

extension TextLine {
    /// The line, laid out as a row, turned 90° clockwise into a column of a block `blockExtent` points across in
    /// `mode`: each glyph and decoration where it is drawn (a row's x is the column's y). ``top``, ``x``,
    /// ``width`` and the runs stay in the line's own axes.
    func turned(_ mode: WritingMode, blockExtent: Double) -> TextLine {
        func x(_ offset: Double) -> Double {
            mode.x(across: offset, ofLineAt: top, height: height, blockExtent: blockExtent)
        }
        let glyphs = glyphs.map { glyph in
            PositionedGlyph(glyphID: glyph.glyphID, face: glyph.face, style: glyph.style, x: x(glyph.y), y: glyph.x,
                            isSideways: glyph.isSideways, narrowing: glyph.narrowing)
        }
        let decorations = decorations.map { rect in
            DecorationRect(x: x(rect.y + rect.height), y: rect.x, width: rect.height, height: rect.width,
                           styleIndex: rect.styleIndex)
        }
        return TextLine(range: range, paragraph: paragraph, top: top, baseline: baseline, height: height, x: self.x,
                        width: width, glyphs: glyphs, decorations: decorations, source: source)
    }
}

extension LineAnnotation {
    /// The annotation of a row turned 90° clockwise into its column `line` of a block `blockExtent` points
    /// across in `mode` (as ``TextLine/turned(_:blockExtent:)`` turns the line's glyphs).
    func turned(_ mode: WritingMode, in line: TextLine, blockExtent: Double) -> LineAnnotation {
        func x(_ offset: Double) -> Double {
            mode.x(across: offset, ofLineAt: line.top, height: line.height, blockExtent: blockExtent)
        }
        return LineAnnotation(text: text, line: self.line, rect: Rect(x: x(rect.y + rect.height), y: rect.x,
                                                                      width: rect.height, height: rect.width),
                              reach: x(reach))
    }
}
