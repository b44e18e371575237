#!/usr/bin/env python3
"""Draws the COLRv1 test fonts with Skia (skia-python, an independent COLRv1 renderer: the one Chrome uses) into
the reference images ColorGlyphTests compares MatterType's rasterizer with.

    pip install skia-python==144.1 fonttools    # Skia m144
    python3 Scripts/make-colrv1-references.py

Writes Tests/MatterTypeTests/Fixtures/colrv1/<name>.png and references.json (what each image shows: font, text,
pixel size, baseline, palette, text color, variation coordinates). Each text is drawn in one row, glyph i at x = i
advances rounded to whole pixels (every glyph of a text is as wide as its first), the baseline at `baseline` px,
anti-aliased, onto a transparent canvas. A palette other than 0 is drawn from a copy of the font whose CPAL lists
that palette first (skia-python has no palette override), so the reference does not depend on MatterType's palette
choice. Variation coordinates are design coordinates by axis tag (Typography.variations), set with
FontArguments.setVariationDesignPosition; Skia applies the COLR table's deltas at them.

Also writes colrv1/var-deltas.json: for VarPaints-Regular.ttf at each instance drawn, its normalized coordinates
(fontTools' normalizeLocation, then avar) and the delta of every variation index of its COLR table, as fontTools'
VarStoreInstancer computes them through the DeltaSetIndexMap. Skia m144 reads 32-bit deltas (LONG_WORDS)
truncated to their low 16 bits (an xx delta of -32769 draws as +32767), so the glyph whose deltas need 32 bits
(VarPaints "L": PaintVarTransform's dx, dy) is checked against these numbers rather than against Skia's picture.
"""
import io, json, os, sys
import skia
from fontTools.ttLib import TTFont

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "Tests", "MatterTypeTests", "Fixtures")
OUT = os.path.join(FIXTURES, "colrv1")

PAINTS = "ABCDEFGHJKLMNPQRVWSTUX" + "abcdefghijklmnopqrstuvwxyz01" + "IYZ"
VAR_PAINTS = "ABCDEFGHJKLM"
EMOJI = "\U0001F600\U0001F602\U0001F60D\U0001F680\U0001F389\U0001F44D\u2764\U0001F308\U0001F31F\U0001F355"
REFERENCES = [
    # name, font, family, text, pixel size, display scale, baseline, palette, text color (RGBA)[, variations]
    ("paints-64px", "Paints-Regular.ttf", "Paints", PAINTS, 64, 1, 88, 0, [0, 0, 0, 255]),
    ("paints-64px-palette1-green", "Paints-Regular.ttf", "Paints", PAINTS, 64, 1, 88, 1, [30, 140, 60, 255]),
    ("paints-128px", "Paints-Regular.ttf", "Paints", "BEHLPQRWaoz1", 128, 2, 176, 0, [0, 0, 0, 255]),
    ("paints-17px", "Paints-Regular.ttf", "Paints", PAINTS, 17, 1, 24, 0, [0, 0, 0, 255]),
    # The golden COLRv1 emoji line, @1x and @2x (EmojiOne-COLRv1.ttf: Scripts/make-colrv1-emoji-font.sh).
    ("emoji-32px", "EmojiOne-COLRv1.ttf", "Emoji One COLRv1", EMOJI, 32, 1, 36, 0, [0, 0, 0, 255]),
    ("emoji-64px", "EmojiOne-COLRv1.ttf", "Emoji One COLRv1", EMOJI, 64, 2, 72, 0, [0, 0, 0, 255]),
    # The variable COLRv1 font (every PaintVar… format) at its default and at four instances (design coordinates).
    ("var-paints-default", "VarPaints-Regular.ttf", "Var Paints", VAR_PAINTS, 64, 1, 88, 0, [0, 0, 0, 255], {}),
    ("var-paints-w700-s50", "VarPaints-Regular.ttf", "Var Paints", VAR_PAINTS, 64, 1, 88, 0, [0, 0, 0, 255],
     {"wght": 700, "SHFT": 50}),
    ("var-paints-w900-s100", "VarPaints-Regular.ttf", "Var Paints", VAR_PAINTS, 64, 1, 88, 0, [0, 0, 0, 255],
     {"wght": 900, "SHFT": 100}),
    ("var-paints-w100", "VarPaints-Regular.ttf", "Var Paints", VAR_PAINTS, 64, 1, 88, 0, [0, 0, 0, 255],
     {"wght": 100}),
    ("var-paints-128px-w550-s25", "VarPaints-Regular.ttf", "Var Paints", VAR_PAINTS, 128, 2, 176, 1,
     [30, 140, 60, 255], {"wght": 550, "SHFT": 25}),
]


def typeface(font_file, palette, variations):
    path = os.path.join(FIXTURES, font_file)
    if palette == 0:
        face = skia.Typeface.MakeFromFile(path)
    else:
        font = TTFont(path)
        palettes = font["CPAL"].palettes
        palettes.insert(0, palettes.pop(palette))
        data = io.BytesIO()
        font.save(data)
        face = skia.Typeface.MakeFromData(skia.Data.MakeWithCopy(data.getvalue()))
    if not variations or face is None:
        return face
    # Design coordinates by axis tag, as MatterType's Typography.variations takes them.
    position = skia.FontArguments.VariationPosition
    coordinates = position.Coordinates([position.Coordinate(int.from_bytes(tag.encode(), "big"), float(value))
                                        for tag, value in variations.items()])
    arguments = skia.FontArguments()
    arguments.setVariationDesignPosition(position(coordinates))
    varied = face.makeClone(arguments)
    applied = {c.axis: c.value for c in varied.getVariationDesignPosition()}
    for tag, value in variations.items():
        if applied.get(int.from_bytes(tag.encode(), "big")) != value:
            sys.exit(f"skia did not set {tag}={value} on {font_file}")
    return varied


def main():
    os.makedirs(OUT, exist_ok=True)
    index = []
    for name, font_file, family, text, size, scale, baseline, palette, color, *rest in REFERENCES:
        variations = rest[0] if rest else {}
        face = typeface(font_file, palette, variations)
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
                      "palette": palette, "color": color, "variations": variations, "width": width,
                      "height": height})
        print(f"{name}.png: {width}x{height}")
    with open(os.path.join(OUT, "references.json"), "w") as out:
        json.dump({"skia": skia.__version__, "references": index}, out, indent=1)
        out.write("\n")
    write_variation_deltas([r[-1] for r in REFERENCES if r[1] == "VarPaints-Regular.ttf"])


def write_variation_deltas(instances):
    import fontTools
    from fontTools.varLib.models import normalizeLocation, piecewiseLinearMap
    from fontTools.varLib.varStore import VarStoreInstancer
    font = TTFont(os.path.join(FIXTURES, "VarPaints-Regular.ttf"))
    axes = font["fvar"].axes
    colr = font["COLR"].table
    mapping = colr.VarIndexMap.mapping
    out = []
    for design in instances:
        location = normalizeLocation({a.axisTag: design.get(a.axisTag, a.defaultValue) for a in axes},
                                     {a.axisTag: (a.minValue, a.defaultValue, a.maxValue) for a in axes})
        location = {tag: piecewiseLinearMap(value, font["avar"].segments[tag]) for tag, value in location.items()}
        instancer = VarStoreInstancer(colr.VarStore, axes, location)
        out.append({"variations": design, "coordinates": [location[a.axisTag] for a in axes],
                    "deltas": [instancer[varIdx] for varIdx in mapping]})
    with open(os.path.join(OUT, "var-deltas.json"), "w") as file:
        head = json.dumps({"fonttools": fontTools.version, "font": "VarPaints-Regular.ttf"})[:-1]
        file.write(head + ', "instances": [\n' + ",\n".join(json.dumps(i) for i in out) + "\n]}\n")
    print(f"var-deltas.json: {len(mapping)} variation indexes at {len(out)} instances")


main()
