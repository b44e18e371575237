#!/usr/bin/python3
"""Glyph outlines read by fontTools 4.38 (Debian python3-fonttools; independent of FreeType), for GlyphOutlineTests.

Run from the repository root:  /usr/bin/python3 Tests/MatterTypeTests/Fixtures/vector/make-outlines.py
Writes outlines.json: for each case, the font file, the glyph name, the variation location, and the contours as
fontTools' pens draw them, TrueType quadratic splines split into single quadratic segments (as FreeType's
FT_Outline_Decompose gives them), in font units, y up.
"""
import json
import os
from fontTools.ttLib import TTFont
from fontTools.pens.basePen import BasePen, decomposeQuadraticSegment

CASES = [
    # (font file, face index, glyph name or character, location); "ffi" shapes to the one glyph f_f_i
    ("Fonts/NotoSans-Regular.ttf", 0, "ffi", {}),  # a quadratic ligature glyph
    ("Fonts/NotoSans-Regular.ttf", 0, "g", {}),
    ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", 0, "永", {}),  # CFF: cubic
    ("/usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf", 0, "a", {"wght": 700}),  # gvar at a location
    ("/usr/share/fonts/truetype/noto/NotoSansHebrew-Regular.ttf", 0, "ש", {}),
]


class SegmentPen(BasePen):
    def __init__(self, glyphset):
        super().__init__(glyphset)
        self.contours = []

    def _moveTo(self, p):
        self.contours.append([["move", list(p)]])

    def _lineTo(self, p):
        self.contours[-1].append(["line", list(p)])

    def _curveToOne(self, p1, p2, p3):
        self.contours[-1].append(["cubic", list(p1), list(p2), list(p3)])

    def _qCurveToOne(self, p1, p2):
        self.contours[-1].append(["quadratic", list(p1), list(p2)])

    def qCurveTo(self, *points):
        # BasePen would turn quadratics into cubics unless _qCurveToOne is there; splitting is BasePen's own.
        super().qCurveTo(*points)

    def _closePath(self):
        pass


def main():
    out = []
    for path, index, glyph, location in CASES:
        font = TTFont(path, fontNumber=index)
        name = glyph
        if glyph == "ffi":
            name = "f_f_i"
        elif len(glyph) == 1:
            name = font.getBestCmap()[ord(glyph)]
        glyphset = font.getGlyphSet(location=location or None)
        pen = SegmentPen(glyphset)
        glyphset[name].draw(pen)
        rounded = [[[seg[0]] + [[round(c, 3) for c in p] for p in seg[1:]] for seg in contour]
                   for contour in pen.contours]
        out.append({"file": path, "index": index, "text": glyph, "glyph": name,
                    "location": location, "unitsPerEm": font["head"].unitsPerEm, "contours": rounded})
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "outlines.json"), "w") as f:
        json.dump(out, f, ensure_ascii=False, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
