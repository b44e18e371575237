#!/usr/bin/python3
"""Regenerates the test fixture fonts from the bundled Noto Sans (OFL-1.1 allows modified versions).

Run with Debian's fontTools (`apt-get install python3-fonttools`): /usr/bin/python3 make-fixtures.py
Each fixture is Noto Sans subset to printable ASCII and renamed, so tests have real fonts whose names MatterType
did not write itself:
  Acme-Regular.ttf, Acme-Medium.ttf, Acme-DemiBold.ttf  family "Acme", weights 400/500/600; 600 is "DemiBold"
  Duo.ttc                                              a collection: Duo-Regular (400) and Duo-BoldItalic (700, italic)
  Webby-Regular.woff, Webby-Regular.woff2               family "Webby" as WOFF and WOFF2
  Layers-Regular.ttf                                   family "Layers": "A" is a COLRv0 color glyph of two layers,
                                                       "O" in palette color 0 (#D02020) and "I" in 1 (#2040D0)
"""
import os, sys
from fontTools.ttLib import TTFont, TTCollection
from fontTools import subset
from fontTools.colorLib.builder import buildCOLR, buildCPAL

HERE = os.path.dirname(os.path.abspath(__file__))
# "X" nests 300 paints deep: fontTools 4.68 compiles it recursively, past Python's default limit of 1,000 frames.
sys.setrecursionlimit(20_000)
FONTS = os.path.join(HERE, "..", "..", "..", "Fonts")


def make(source, family, style, postscript):
    font = TTFont(os.path.join(FONTS, source))
    options = subset.Options()
    options.layout_features = ["*"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=range(0x20, 0x7F))
    subsetter.subset(font)
    name = font["name"]
    name.names = [n for n in name.names if n.nameID not in (1, 2, 3, 4, 6, 16, 17)]
    full = f"{family} {style}"
    for platform, encoding, language in ((3, 1, 0x409), (1, 0, 0)):
        name.setName(family, 1, platform, encoding, language)
        name.setName("Regular" if style in ("DemiBold", "Medium") else style, 2, platform, encoding, language)
        name.setName(f"{postscript};MatterType fixture", 3, platform, encoding, language)
        name.setName(full, 4, platform, encoding, language)
        name.setName(postscript, 6, platform, encoding, language)
        name.setName(family, 16, platform, encoding, language)
        name.setName(style, 17, platform, encoding, language)
    return font


for source, style, postscript in (("NotoSans-Regular.ttf", "Regular", "Acme-Regular"),
                                  ("NotoSans-Medium.ttf", "Medium", "Acme-Medium"),
                                  ("NotoSans-SemiBold.ttf", "DemiBold", "Acme-DemiBold")):
    make(source, "Acme", style, postscript).save(os.path.join(HERE, f"{postscript}.ttf"))

collection = TTCollection()
collection.fonts = [make("NotoSans-Regular.ttf", "Duo", "Regular", "Duo-Regular"),
                    make("NotoSans-BoldItalic.ttf", "Duo", "Bold Italic", "Duo-BoldItalic")]
collection.save(os.path.join(HERE, "Duo.ttc"))

layers = make("NotoSans-Regular.ttf", "Layers", "Regular", "Layers-Regular")
layers["COLR"] = buildCOLR({"A": [("O", 0), ("I", 1)]}, version=0)
layers["CPAL"] = buildCPAL([[(0xD0 / 255, 0x20 / 255, 0x20 / 255, 1.0), (0x20 / 255, 0x40 / 255, 0xD0 / 255, 1.0)]])
layers.save(os.path.join(HERE, "Layers-Regular.ttf"))

# Web fonts: the same "Webby" face (Noto Sans Regular subset to ASCII) in WOFF (zlib) and WOFF2 (Brotli, with
# the glyf/loca transform); needs python3-brotli for WOFF2.
for flavor in ("woff", "woff2"):
    webby = make("NotoSans-Regular.ttf", "Webby", "Regular", "Webby-Regular")
    webby.flavor = flavor
    webby.save(os.path.join(HERE, f"Webby-Regular.{flavor}"))

# A face without a PostScript name (name ID 6): family "Nameless Sans", style "Bold" (weight 700). MatterType must
# load it under the name Fontconfig derives (fc-scan --format "%{postscriptname}" prints NamelessSans-Bold).
nameless = make("NotoSans-Bold.ttf", "Nameless Sans", "Bold", "NamelessSans-Bold")
nameless["name"].names = [n for n in nameless["name"].names if n.nameID != 6]
nameless.save(os.path.join(HERE, "NamelessSans-Bold.ttf"))

# A variable font "Flexi" with wght 300–700, wdth 75–125 and slnt −10–0 axes (no deltas: the axes exist so that
# matching, coordinates and named instances can be tested) and two named instances, one at slnt −8 (a negative
# coordinate). Its OS/2 width class stays 5 (normal).
from fontTools.ttLib.tables._f_v_a_r import Axis, NamedInstance, table__f_v_a_r
flexi = make("NotoSans-Regular.ttf", "Flexi", "Regular", "Flexi-Regular")
fvar = table__f_v_a_r()
fvar.axes = []
for tag, name_id_name, low, default, high in (("wght", "Weight", 300, 400, 700), ("wdth", "Width", 75, 100, 125),
                                               ("slnt", "Slant", -10, 0, 0)):
    axis = Axis()
    axis.axisTag, axis.minValue, axis.defaultValue, axis.maxValue = tag, low, default, high
    axis.axisNameID = flexi["name"].addName(name_id_name)
    fvar.axes.append(axis)
fvar.instances = []
for style, coordinates in (("Regular", {"wght": 400, "wdth": 100, "slnt": 0}),
                           ("Condensed Slanted", {"wght": 400, "wdth": 75, "slnt": -8})):
    instance = NamedInstance()
    instance.subfamilyNameID = flexi["name"].addName(style)
    instance.coordinates = coordinates
    fvar.instances.append(instance)
flexi["fvar"] = fvar
# FreeType treats a TrueType font as variable only with a `gvar` table: an empty one (no glyph has deltas).
from fontTools.ttLib import newTable
gvar = newTable("gvar")
gvar.version, gvar.reserved = 1, 0
gvar.variations = {glyph: [] for glyph in flexi.getGlyphOrder()}
flexi["gvar"] = gvar
flexi.save(os.path.join(HERE, "Flexi-Variable.ttf"))

# A condensed static face of the family "Acme": OS/2 usWidthClass 3 (condensed, 75 %), weight 400. Matching must
# not pick it for a normal-width request while a normal face exists, and must pick it for --font-width condensed.
acme_condensed = make("NotoSans-Regular.ttf", "Acme", "Condensed", "Acme-Condensed")
acme_condensed["OS/2"].usWidthClass = 3
acme_condensed.save(os.path.join(HERE, "Acme-Condensed.ttf"))

# A variable face that claims to be "DejaVu Sans" (PostScript name DejaVuSans-Variable, wght 300–700): registered
# next to the installed static DejaVu Sans faces (fonts-dejavu-core and -extra: ExtraLight 200, Book 400, Bold 700),
# CSS matching must choose among all of them, the registered face winning only exact ties.
import copy
dejavu_variable = copy.deepcopy(flexi)
dejavu_variable["fvar"].axes = [axis for axis in dejavu_variable["fvar"].axes if axis.axisTag == "wght"]
dejavu_variable["fvar"].instances = dejavu_variable["fvar"].instances[:1]
dejavu_variable["fvar"].instances[0].coordinates = {"wght": 400}
for record in dejavu_variable["name"].names:
    if record.nameID in (1, 16):
        record.string = "DejaVu Sans"
    elif record.nameID in (2, 17):
        record.string = "Regular"
    elif record.nameID == 4:
        record.string = "DejaVu Sans Variable"
    elif record.nameID in (3, 6):
        record.string = "DejaVuSans-Variable"
dejavu_variable.save(os.path.join(HERE, "DejaVuSans-Variable.ttf"))

# A variable font "Short Tag" whose one axis is tagged "HV  " (two letters and two spaces, as Unicode's
# text-rendering-tests' GVAR-8 font): HV −1…1, default 0; at HV 1 every point of "H" moves 100 units right (a gvar
# delta; the advance, a phantom point, stays). "HV" given as a variation must reach both HarfBuzz and the outlines.
from fontTools.ttLib.tables.TupleVariation import TupleVariation
from fontTools.ttLib.tables._f_v_a_r import Axis as FvarAxis
short_tag = make("NotoSans-Regular.ttf", "Short Tag", "Regular", "ShortTag-Regular")
fvar_table = newTable("fvar")
hv = FvarAxis()
hv.axisTag, hv.minValue, hv.defaultValue, hv.maxValue, hv.axisNameID = "HV  ", -1.0, 0.0, 1.0, 256
short_tag["name"].setName("Horizontal", 256, 3, 1, 0x409)
fvar_table.axes, fvar_table.instances = [hv], []
short_tag["fvar"] = fvar_table
gvar_table = newTable("gvar")
gvar_table.version, gvar_table.reserved = 1, 0
gvar_table.variations = {glyph: [] for glyph in short_tag.getGlyphOrder()}
h_points = len(short_tag["glyf"]["H"].getCoordinates(short_tag["glyf"])[0])
gvar_table.variations["H"] = [TupleVariation({"HV  ": (0.0, 1.0, 1.0)}, [(100, 0)] * h_points + [(0, 0)] * 4)]
short_tag["gvar"] = gvar_table
short_tag.save(os.path.join(HERE, "ShortTag-Variable.ttf"))

# A COLRv1 font "Paints" (Paints-Regular.ttf): every non-variable paint format, extend mode and composite mode, on
# three shapes added to the ASCII subset ("box" 100–900 × 0–800, "disc" centered at 500,400 with radius 400, "tri").
# Each color glyph is 1000 units wide and mapped to a character (the table below is the key; the references
# Scripts/make-colrv1-references.py draws with Skia show each glyph in turn):
#   A solid palette color 0 at alpha 0.6 under the text color (0xFFFF) in a triangle;  B C D linear pad, repeat,
#   reflect (B skewed by p2);  E F G radial pad, repeat, reflect (two circles);  H J K sweep pad, repeat, reflect;
#   I Y Z sweep pad, repeat, reflect whose start and end angles coincide (90°);
#   L PaintTransform;  M PaintTranslate;  N PaintScale, PaintScaleAroundCenter, PaintScaleUniform(AroundCenter);
#   P PaintRotate(AroundCenter);  Q PaintSkew(AroundCenter);  R PaintColrGlyph of A and B (reuse);
#   V a clip box cutting a radial gradient;  W stops outside 0–1;  a…z 0 1 PaintComposite in each of the 28 modes
#   (a is CLEAR, … 1 is HSL_LUMINOSITY: a gradient disc over a gradient box);  S → T → S a PaintColrGlyph cycle;
#   U nested 100 PaintTranslates deep (drawn), X 300 deep (refused, as hostile: drawn as nothing, as a cycle is).
# Palette 0 is red, blue, yellow, green, white 50 %; palette 1 the same five slots in other colors.
import json
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib.tables import otTables as ot
from fontTools.colorLib.builder import buildCOLR, buildCPAL

paints = make("NotoSans-Regular.ttf", "Paints", "Regular", "Paints-Regular")


def add_glyph(font, name, draw):
    pen = TTGlyphPen(None)
    draw(pen)
    font["glyf"][name] = pen.glyph()  # also appends it to the glyph order
    font["hmtx"][name] = (1000, 0)


def box(pen):
    pen.moveTo((100, 0)); pen.lineTo((100, 800)); pen.lineTo((900, 800)); pen.lineTo((900, 0)); pen.closePath()


def disc(pen):
    # A circle of eight quadratic arcs (control points on the circumscribed octagon).
    import math
    r, cx, cy, n = 400, 500, 400, 8
    k = r / math.cos(math.pi / n)
    pen.moveTo((cx + r, cy))
    for i in range(n):
        a0, a1 = 2 * math.pi * i / n, 2 * math.pi * (i + 1) / n
        control = (round(cx + k * math.cos((a0 + a1) / 2)), round(cy + k * math.sin((a0 + a1) / 2)))
        end = (round(cx + r * math.cos(a1)), round(cy + r * math.sin(a1)))
        pen.qCurveTo(control, end)
    pen.closePath()


def tri(pen):
    pen.moveTo((150, 0)); pen.lineTo((500, 800)); pen.lineTo((850, 0)); pen.closePath()


for name, draw in (("box", box), ("disc", disc), ("tri", tri)):
    add_glyph(paints, name, draw)
cmap = paints.getBestCmap()
keys = "ABCDEFGHJKLMNPQRVWSTUX" + "abcdefghijklmnopqrstuvwxyz01" + "IYZ"
for table in paints["cmap"].tables:
    for ch in keys:
        assert ord(ch) in table.cmap, ch
glyph_of = {ch: cmap[ord(ch)] for ch in keys}
for ch in keys:
    paints["hmtx"][glyph_of[ch]] = (1000, 0)

F = ot.PaintFormat


def solid(index, alpha=1.0):
    return {"Format": F.PaintSolid, "PaletteIndex": index, "Alpha": alpha}


def line(extend, stops):
    return {"Extend": extend, "ColorStop": [{"StopOffset": o, "PaletteIndex": i, "Alpha": a} for o, i, a in stops]}


three = [(0.0, 0, 1.0), (0.5, 2, 1.0), (1.0, 1, 1.0)]


def linear(extend, p0=(300, 400), p1=(500, 400), p2=(300, 600), stops=three):
    return {"Format": F.PaintLinearGradient, "ColorLine": line(extend, stops),
            "x0": p0[0], "y0": p0[1], "x1": p1[0], "y1": p1[1], "x2": p2[0], "y2": p2[1]}


def radial(extend, stops=three):
    return {"Format": F.PaintRadialGradient, "ColorLine": line(extend, stops),
            "x0": 420, "y0": 360, "r0": 40, "x1": 500, "y1": 400, "r1": 180}


def sweep(extend, stops=three, start=30, end=150):
    return {"Format": F.PaintSweepGradient, "ColorLine": line(extend, stops),
            "centerX": 500, "centerY": 400, "startAngle": start, "endAngle": end}


def glyph(shape, paint):
    return {"Format": F.PaintGlyph, "Glyph": shape, "Paint": paint}


color_glyphs = {
    "A": {"Format": F.PaintColrLayers, "Layers": [glyph("box", solid(0, 0.6)), glyph("tri", solid(0xFFFF))]},
    "B": glyph("box", linear("pad", p2=(400, 600))),
    "C": glyph("box", linear("repeat")),
    "D": glyph("box", linear("reflect")),
    "E": glyph("box", radial("pad")),
    "F": glyph("box", radial("repeat")),
    "G": glyph("box", radial("reflect")),
    "H": glyph("disc", sweep("pad")),
    "J": glyph("disc", sweep("repeat")),
    "K": glyph("disc", sweep("reflect")),
    # Start and end angles that coincide (Google's sweep_coincident_angles_*): Skia draws pad as a hard edge at
    # the angle, repeat and reflect as nothing.
    "I": glyph("disc", sweep("pad", start=90, end=90)),
    "Y": glyph("disc", sweep("repeat", start=90, end=90)),
    "Z": glyph("disc", sweep("reflect", start=90, end=90)),
    "L": {"Format": F.PaintTransform, "Transform": {"xx": 0.8, "yx": 0.2, "xy": -0.3, "yy": 0.7, "dx": 150, "dy": 40},
          "Paint": glyph("box", linear("pad"))},
    "M": {"Format": F.PaintTranslate, "dx": 120, "dy": -80, "Paint": glyph("tri", radial("pad"))},
    "N": {"Format": F.PaintColrLayers, "Layers": [
        {"Format": F.PaintScale, "scaleX": 0.5, "scaleY": 0.4, "Paint": glyph("box", solid(3))},
        {"Format": F.PaintScaleAroundCenter, "scaleX": 0.5, "scaleY": 1.0, "centerX": 900, "centerY": 0,
         "Paint": glyph("disc", solid(1, 0.8))},
        {"Format": F.PaintScaleUniform, "scale": 0.3, "Paint": glyph("tri", solid(0))},
        {"Format": F.PaintScaleUniformAroundCenter, "scale": 0.5, "centerX": 500, "centerY": 800,
         "Paint": glyph("tri", linear("pad"))}]},
    "P": {"Format": F.PaintColrLayers, "Layers": [
        {"Format": F.PaintRotate, "angle": 10, "Paint": glyph("tri", solid(1))},
        {"Format": F.PaintRotateAroundCenter, "angle": -30, "centerX": 500, "centerY": 400,
         "Paint": glyph("box", linear("reflect"))}]},
    "Q": {"Format": F.PaintColrLayers, "Layers": [
        {"Format": F.PaintSkew, "xSkewAngle": 20, "ySkewAngle": 0, "Paint": glyph("tri", solid(3))},
        {"Format": F.PaintSkewAroundCenter, "xSkewAngle": -15, "ySkewAngle": 10, "centerX": 500, "centerY": 400,
         "Paint": glyph("disc", sweep("pad"))}]},
    "R": {"Format": F.PaintColrLayers, "Layers": [
        {"Format": F.PaintScaleUniform, "scale": 0.5, "Paint": {"Format": F.PaintColrGlyph, "Glyph": glyph_of["A"]}},
        {"Format": F.PaintTranslate, "dx": 500, "dy": 400, "Paint": {
            "Format": F.PaintScaleUniform, "scale": 0.5, "Paint": {"Format": F.PaintColrGlyph, "Glyph": glyph_of["B"]}}}]},
    "V": glyph("box", radial("reflect", stops=[(0.0, 3, 1.0), (1.0, 4, 0.5)])),
    "W": {"Format": F.PaintColrLayers, "Layers": [
        glyph("box", linear("repeat", stops=[(-0.5, 0, 1.0), (0.25, 2, 1.0), (1.5, 1, 0.4)])),
        glyph("disc", radial("pad", stops=[(0.2, 3, 1.0), (0.8, 0, 0.7)]))]},
    "S": {"Format": F.PaintColrGlyph, "Glyph": glyph_of["T"]},
    "T": {"Format": F.PaintColrLayers, "Layers": [glyph("box", solid(0)), {"Format": F.PaintColrGlyph,
                                                                          "Glyph": glyph_of["S"]}]},
}
nested = glyph("disc", solid(2))
for _ in range(100):
    nested = {"Format": F.PaintTranslate, "dx": 1, "dy": 0, "Paint": nested}
color_glyphs["U"] = nested
for i in range(200):  # 100 units back left in all: X's disc stays within its own em
    nested = {"Format": F.PaintTranslate, "dx": -(i % 2), "dy": 0, "Paint": nested}
color_glyphs["X"] = nested
backdrop = glyph("box", linear("pad", p0=(100, 0), p1=(900, 800), p2=(100, 800),
                              stops=[(0.0, 1, 1.0), (1.0, 2, 0.7)]))
source = glyph("disc", radial("pad", stops=[(0.0, 0, 1.0), (1.0, 3, 0.5)]))
for mode, ch in zip(ot.CompositeMode, "abcdefghijklmnopqrstuvwxyz01"):
    color_glyphs[ch] = {"Format": F.PaintComposite, "SourcePaint": source, "CompositeMode": mode,
                        "BackdropPaint": backdrop}
assert set(color_glyphs) == set(keys)
paints["COLR"] = buildCOLR({glyph_of[ch]: paint for ch, paint in color_glyphs.items()}, version=1,
                           clipBoxes={glyph_of["V"]: (250, 150, 750, 650)})
paints["CPAL"] = buildCPAL([
    [(0.82, 0.13, 0.13, 1.0), (0.13, 0.25, 0.82, 1.0), (0.98, 0.80, 0.10, 1.0), (0.10, 0.60, 0.25, 1.0),
     (1.0, 1.0, 1.0, 0.5)],
    [(0.10, 0.70, 0.70, 1.0), (0.55, 0.10, 0.60, 1.0), (0.95, 0.45, 0.05, 1.0), (0.20, 0.20, 0.20, 1.0),
     (0.0, 0.0, 0.0, 0.5)]])
# No kerning or other layout: each color glyph is exactly 1000 units from the last, however a renderer shapes.
for tag in ("GPOS", "GSUB", "GDEF"):
    del paints[tag]
paints.save(os.path.join(HERE, "Paints-Regular.ttf"))

# A variable COLRv1 font "Var Paints" (VarPaints-Regular.ttf): every PaintVar… format, a VarColorLine and a variable
# clip box (ClipBox format 2), on the same three shapes. Axes: wght 100–900 (default 400; avar maps 700 to 0.8, so
# a renderer must use normalized coordinates after avar) and SHFT 0–100 (default 0). Deltas sit in five regions —
# wght up (0,1,1), wght down (-1,-1,0), wght intermediate (0,0.5,1), SHFT up, and wght and SHFT up together — and
# L's Fixed translation deltas need 32-bit delta rows (LONG_WORDS). Each glyph is 1000 units wide:
#   A PaintVarSolid (alpha);  B PaintVarLinearGradient with VarColorStops (offset, alpha);  C PaintVarRadialGradient
#   (reflect);  D PaintVarSweepGradient (repeat);  E PaintVarTransform (the 2×2 part);  F PaintVarTranslate;
#   G PaintVarScale, …AroundCenter, …Uniform, …UniformAroundCenter;  H PaintVarRotate(AroundCenter);
#   J PaintVarSkew(AroundCenter);  K a variable clip box;  L PaintVarTransform's dx and dy (32-bit deltas, which
#   Skia m144 reads truncated to 16 bits: checked against fontTools' deltas instead);  M PaintVarTranslate whose
#   VarIndexBase is 0xFFFFFFFF (no variation: never moves).
# A also has COLRv0 layers (a box in palette color 3): a renderer that draws COLRv1, as Chrome does, ignores them.
from fontTools.varLib.varStore import OnlineVarStoreBuilder
from fontTools.varLib.builder import buildDeltaSetIndexMap
from fontTools.ttLib import newTable
from fontTools.ttLib.tables._f_v_a_r import Axis

var_paints = make("NotoSans-Regular.ttf", "Var Paints", "Regular", "VarPaints-Regular")
for name, draw in (("box", box), ("disc", disc), ("tri", tri)):
    add_glyph(var_paints, name, draw)
var_keys = "ABCDEFGHJKLM"
var_glyph_of = {ch: var_paints.getBestCmap()[ord(ch)] for ch in var_keys}
for ch in var_keys:
    var_paints["hmtx"][var_glyph_of[ch]] = (1000, 0)
fvar = newTable("fvar")
for tag, low, default, high, label in (("wght", 100, 400, 900, "Weight"), ("SHFT", 0, 0, 100, "Shift")):
    axis = Axis()
    axis.axisTag, axis.minValue, axis.defaultValue, axis.maxValue = tag, low, default, high
    axis.axisNameID = var_paints["name"].addMultilingualName({"en": label}, mac=False)
    fvar.axes.append(axis)
var_paints["fvar"] = fvar
avar = newTable("avar")
avar.segments = {"wght": {-1.0: -1.0, 0.0: 0.0, 0.6: 0.8, 1.0: 1.0}, "SHFT": {-1.0: -1.0, 0.0: 0.0, 1.0: 1.0}}
var_paints["avar"] = avar
# FreeType treats a TrueType face as variable only with a gvar table (real variable COLRv1 fonts vary outlines too):
# one that varies no outline.
gvar = newTable("gvar")
gvar.version, gvar.reserved = 1, 0
gvar.variations = {name: [] for name in var_paints.getGlyphOrder()}
var_paints["gvar"] = gvar

regions = {"up": {"wght": (0, 1, 1)}, "down": {"wght": (-1, -1, 0)}, "mid": {"wght": (0, 0.5, 1)},
           "shift": {"SHFT": (0, 1, 1)}, "both": {"wght": (0, 1, 1), "SHFT": (0, 1, 1)}}
store_builder = OnlineVarStoreBuilder(["wght", "SHFT"])
store_builder.setSupports(list(regions.values()))
var_indexes = []  # the DeltaSetIndexMap: VarIndexBase + i -> outer << 16 | inner


def varied(*fields):
    """The VarIndexBase of consecutive varied fields, each {region: delta in the field's raw units}."""
    base = len(var_indexes)
    for deltas in fields:
        var_indexes.append(store_builder.storeDeltas([deltas.get(region, 0) for region in regions]))
    return base


def f2dot14(value):  # a delta of an F2DOT14 field (alpha, offset, scale)
    return round(value * 16384)


def degrees(value):  # a delta of an angle (F2DOT14 half turns)
    return round(value / 180 * 16384)


def fixed(value):  # a delta of a Fixed field (Affine2x3)
    return round(value * 65536)


def var_line(extend, stops):
    return {"Extend": extend, "ColorStop": [{"StopOffset": o, "PaletteIndex": i, "Alpha": a,
                                             "VarIndexBase": varied(*d)} for o, i, a, d in stops]}


def var_solid(index, alpha, d=({},)):
    return {"Format": F.PaintVarSolid, "PaletteIndex": index, "Alpha": alpha, "VarIndexBase": varied(*d)}


var_color_glyphs = {
    "A": glyph("disc", var_solid(0, 1.0, ({"up": f2dot14(-0.6), "down": f2dot14(-0.3)},))),
    "B": glyph("box", {"Format": F.PaintVarLinearGradient,
                       "ColorLine": var_line("pad", [(0.0, 0, 1.0, ({"shift": f2dot14(-0.5)},
                                                                    {"shift": f2dot14(-0.5)})),
                                                     (0.5, 2, 1.0, ({"up": f2dot14(0.3)}, {})),
                                                     (1.0, 1, 1.0, ({}, {}))]),
                       "x0": 200, "y0": 400, "x1": 500, "y1": 400, "x2": 200, "y2": 600,
                       "VarIndexBase": varied({}, {}, {"shift": 200}, {}, {}, {"up": 100})}),
    "C": glyph("box", {"Format": F.PaintVarRadialGradient, "ColorLine": var_line("reflect", [
                           (0.0, 0, 1.0, ({}, {})), (0.5, 2, 1.0, ({}, {})), (1.0, 1, 1.0, ({}, {}))]),
                       "x0": 420, "y0": 360, "r0": 40, "x1": 500, "y1": 400, "r1": 180,
                       "VarIndexBase": varied({"shift": 80}, {}, {"mid": 20}, {}, {}, {"up": 150})}),
    "D": glyph("disc", {"Format": F.PaintVarSweepGradient, "ColorLine": var_line("repeat", [
                            (0.0, 0, 1.0, ({}, {})), (0.5, 2, 1.0, ({}, {})), (1.0, 1, 1.0, ({}, {}))]),
                        "centerX": 500, "centerY": 400, "startAngle": 30, "endAngle": 150,
                        "VarIndexBase": varied({}, {}, {"down": degrees(-20)}, {"shift": degrees(90)})}),
    "E": {"Format": F.PaintVarTransform, "Paint": glyph("tri", solid(3)),
          "Transform": {"xx": 1.0, "yx": 0.0, "xy": 0.0, "yy": 1.0, "dx": 0.0, "dy": 0.0,
                        "VarIndexBase": varied({"up": fixed(-0.4)}, {"mid": fixed(0.2)}, {"shift": fixed(0.3)},
                                               {"down": fixed(-0.25)}, {}, {})}},
    "F": {"Format": F.PaintVarTranslate, "dx": 0, "dy": 0,
          "VarIndexBase": varied({"shift": 250}, {"mid": 200}),
          "Paint": {"Format": F.PaintScaleUniform, "scale": 0.5, "Paint": glyph("disc", solid(1))}},
    "G": {"Format": F.PaintColrLayers, "Layers": [
        {"Format": F.PaintVarScale, "scaleX": 0.5, "scaleY": 0.4, "VarIndexBase": varied({"up": f2dot14(0.3)}, {}),
         "Paint": glyph("box", solid(3))},
        {"Format": F.PaintVarScaleAroundCenter, "scaleX": 0.5, "scaleY": 1.0, "centerX": 900, "centerY": 0,
         "VarIndexBase": varied({}, {"shift": f2dot14(-0.4)}, {"down": -100}, {}), "Paint": glyph("tri", solid(2))},
        {"Format": F.PaintVarScaleUniform, "scale": 0.3, "VarIndexBase": varied({"mid": f2dot14(0.2)}),
         "Paint": glyph("tri", solid(0))},
        {"Format": F.PaintVarScaleUniformAroundCenter, "scale": 0.5, "centerX": 500, "centerY": 800,
         "VarIndexBase": varied({"shift": f2dot14(0.3)}, {}, {"up": -200}), "Paint": glyph("disc", solid(1, 0.6))}]},
    "H": {"Format": F.PaintColrLayers, "Layers": [
        {"Format": F.PaintVarRotate, "angle": 10, "VarIndexBase": varied({"shift": degrees(30)}),
         "Paint": glyph("box", solid(3, 0.5))},
        {"Format": F.PaintVarRotateAroundCenter, "angle": 45, "centerX": 500, "centerY": 400,
         "VarIndexBase": varied({"up": degrees(-45)}, {"shift": 100}, {}), "Paint": glyph("tri", solid(0))}]},
    "J": {"Format": F.PaintColrLayers, "Layers": [
        {"Format": F.PaintVarSkew, "xSkewAngle": 20, "ySkewAngle": 0,
         "VarIndexBase": varied({"shift": degrees(-30)}, {"up": degrees(10)}), "Paint": glyph("tri", solid(3))},
        {"Format": F.PaintVarSkewAroundCenter, "xSkewAngle": -15, "ySkewAngle": 10, "centerX": 500, "centerY": 400,
         "VarIndexBase": varied({}, {"shift": degrees(15)}, {"down": -100}, {}),
         "Paint": glyph("tri", solid(1, 0.6))}]},
    "K": glyph("box", radial("pad")),
    "L": {"Format": F.PaintVarTransform, "Paint": glyph("tri", solid(1)),
          "Transform": {"xx": 0.5, "yx": 0.0, "xy": 0.0, "yy": 0.5, "dx": 100.0, "dy": 100.0,
                        "VarIndexBase": varied({}, {}, {}, {}, {"both": fixed(300)},
                                               {"down": fixed(-60), "mid": fixed(250)})}},
    "M": {"Format": F.PaintVarTranslate, "dx": 100, "dy": 0, "VarIndexBase": 0xFFFFFFFF,
          "Paint": {"Format": F.PaintScaleUniform, "scale": 0.5, "Paint": glyph("disc", solid(2))}},
}
clip = ot.ClipBox()
clip.Format, clip.xMin, clip.yMin, clip.xMax, clip.yMax = 2, 250, 150, 750, 650
clip.VarIndexBase = varied({"up": -150}, {"down": 100}, {"shift": 200}, {"both": -100})
var_paints["COLR"] = buildCOLR({var_glyph_of[ch]: paint for ch, paint in var_color_glyphs.items()}, version=1,
                               varStore=store_builder.finish(), varIndexMap=buildDeltaSetIndexMap(var_indexes),
                               clipBoxes={var_glyph_of["K"]: clip})
v0_record = ot.BaseGlyphRecord()
v0_record.BaseGlyph, v0_record.FirstLayerIndex, v0_record.NumLayers = var_glyph_of["A"], 0, 1
v0_layer = ot.LayerRecord()
v0_layer.LayerGlyph, v0_layer.PaletteIndex = "box", 3
colr_table = var_paints["COLR"].table
colr_table.BaseGlyphRecordArray = ot.BaseGlyphRecordArray()
colr_table.BaseGlyphRecordArray.BaseGlyphRecord = [v0_record]
colr_table.LayerRecordArray = ot.LayerRecordArray()
colr_table.LayerRecordArray.LayerRecord = [v0_layer]
colr_table.BaseGlyphRecordCount, colr_table.LayerRecordCount = 1, 1
var_paints["CPAL"] = paints["CPAL"]
for tag in ("GPOS", "GSUB", "GDEF"):
    del var_paints[tag]
var_paints.save(os.path.join(HERE, "VarPaints-Regular.ttf"))
