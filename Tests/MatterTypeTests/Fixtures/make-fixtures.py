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
import os
from fontTools.ttLib import TTFont, TTCollection
from fontTools import subset
from fontTools.colorLib.builder import buildCOLR, buildCPAL

HERE = os.path.dirname(os.path.abspath(__file__))
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
