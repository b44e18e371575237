#!/usr/bin/env python3
"""Draws the COLRv1 test fonts with Skia (skia-python, an independent COLRv1 renderer: the one Chrome uses) into
the reference images ColorGlyphTests compares MatterType's rasterizer with.

    pip install skia-python==144.1 fonttools    # Skia m144
    python3 Scripts/make-colrv1-references.py

Writes Tests/MatterTypeTests/Fixtures/colrv1/<name>.png and references.json (what each image shows: font, text,
pixel size, baseline, palette, text color). Each text is drawn in one row, glyph i at x = i advances rounded to whole pixels (every
glyph of a text is as wide as its first), the baseline at `baseline` px,
anti-aliased, onto a transparent canvas. A palette other than 0 is drawn from a copy of the font whose CPAL lists that palette first
(skia-python has no palette override), so the reference does not depend on MatterType's palette choice.
"""
import io, json, os, sys
import skia
from fontTools.ttLib import TTFont

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "Tests", "MatterTypeTests", "Fixtures")
OUT = os.path.join(FIXTURES, "colrv1")

PAINTS = "ABCDEFGHJKLMNPQRVWSTUX" + "abcdefghijklmnopqrstuvwxyz01"
EMOJI = "\U0001F600\U0001F602\U0001F60D\U0001F680\U0001F389\U0001F44D\u2764\U0001F308\U0001F31F\U0001F355"
REFERENCES = [
    # name, font, family, text, pixel size, display scale, baseline, palette, text color (RGBA)
    ("paints-64px", "Paints-Regular.ttf", "Paints", PAINTS, 64, 1, 88, 0, [0, 0, 0, 255]),
    ("paints-64px-palette1-green", "Paints-Regular.ttf", "Paints", PAINTS, 64, 1, 88, 1, [30, 140, 60, 255]),
    ("paints-128px", "Paints-Regular.ttf", "Paints", "BEHLPQRWaoz1", 128, 2, 176, 0, [0, 0, 0, 255]),
    ("paints-17px", "Paints-Regular.ttf", "Paints", PAINTS, 17, 1, 24, 0, [0, 0, 0, 255]),
    # The golden COLRv1 emoji line, @1x and @2x (EmojiOne-COLRv1.ttf: Scripts/make-colrv1-emoji-font.sh).
    ("emoji-32px", "EmojiOne-COLRv1.ttf", "Emoji One COLRv1", EMOJI, 32, 1, 36, 0, [0, 0, 0, 255]),
    ("emoji-64px", "EmojiOne-COLRv1.ttf", "Emoji One COLRv1", EMOJI, 64, 2, 72, 0, [0, 0, 0, 255]),
]


def typeface(font_file, palette):
    path = os.path.join(FIXTURES, font_file)
    if palette == 0:
        return skia.Typeface.MakeFromFile(path)
    font = TTFont(path)
    palettes = font["CPAL"].palettes
    palettes.insert(0, palettes.pop(palette))
    data = io.BytesIO()
    font.save(data)
    return skia.Typeface.MakeFromData(skia.Data.MakeWithCopy(data.getvalue()))


def main():
    os.makedirs(OUT, exist_ok=True)
    index = []
    for name, font_file, family, text, size, scale, baseline, palette, color in REFERENCES:
        face = typeface(font_file, palette)
        if face is None:
            sys.exit(f"skia cannot open {font_file}")
        font = skia.Font(face, size)
        glyphs = font.textToGlyphs(text)
        advance = font.getWidths(glyphs)[0]  # every test glyph is as wide as the first
        width = int((len(text) + 1) * advance)
        height = baseline + size
        surface = skia.Surface(skia.ImageInfo.Make(width, height, skia.kRGBA_8888_ColorType, skia.kPremul_AlphaType))
        canvas = surface.getCanvas()
        canvas.clear(skia.ColorTRANSPARENT)
        paint = skia.Paint(AntiAlias=True, Color=skia.Color(color[0], color[1], color[2], color[3]))
        # Glyph i at x = i advances rounded to whole pixels: placed explicitly, since Skia gives a glyph it refuses
        # (a cycle) no advance of its own, where Chrome positions glyphs by HarfBuzz's advances; whole pixels so
        # that the comparison is of drawing, not of subpixel positioning.
        blob = skia.TextBlob.MakeFromPosTextH(text, [round(i * advance) for i in range(len(text))], 0, font)
        canvas.drawTextBlob(blob, 0, baseline, paint)
        surface.makeImageSnapshot().save(os.path.join(OUT, name + ".png"), skia.kPNG)
        index.append({"name": name, "font": font_file, "family": family, "text": text, "pixelSize": size,
                      "scale": scale, "advance": advance, "baseline": baseline,
                      "palette": palette, "color": color, "width": width, "height": height})
        print(f"{name}.png: {width}x{height}")
    with open(os.path.join(OUT, "references.json"), "w") as out:
        json.dump({"skia": skia.__version__, "references": index}, out, indent=1)
        out.write("\n")


main()
