#!/usr/bin/env python3
"""The peer of `mattertype bench --task png`: skia-python's Paragraph (SkParagraph, HarfBuzz and ICU inside Skia)
lays the same text out in the same font, size, line height and width, paints it #212121 on white into a raster
surface at the same scale, and encodes the image as PNG (Skia's encoder, zlib defaults), all in memory.

Install from PyPI (no system packages needed): python3 -m venv venv && venv/bin/pip install skia-python
Usage: skia_peer.py --corpus FILE --font FONT.ttf [--width 600] [--size 16] [--line-height 24] [--scale 1]
                    [--passes 11] [--write OUT.png]
Prints one JSON line: {"seconds": median of the passes after a warm-up, "pngBytes", "width", "height", "lines"}.
"""
import argparse, json, math, statistics, sys, time

import skia
from skia import textlayout


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--corpus", required=True)
    parser.add_argument("--font", required=True)
    parser.add_argument("--width", type=float, default=600)
    parser.add_argument("--size", type=float, default=16)
    parser.add_argument("--line-height", type=float, default=24)
    parser.add_argument("--scale", type=float, default=1)
    parser.add_argument("--passes", type=int, default=11)
    parser.add_argument("--write")
    args = parser.parse_args()
    text = open(args.corpus, encoding="utf-8").read()
    typeface = skia.Typeface.MakeFromFile(args.font)
    provider = textlayout.TypefaceFontProvider()
    provider.registerTypeface(typeface, "MT")
    collection = textlayout.FontCollection()
    collection.setDefaultFontManager(provider)

    def render():
        style = textlayout.TextStyle()
        style.setFontFamilies(["MT"])
        style.setFontSize(args.size)
        # Exact line height: height multiplier of the font size, forced (CSS line-height in px).
        style.setHeight(args.line_height / args.size)
        style.setHeightOverride(True)
        style.setHalfLeading(True)  # the line's extra space split above and below, as CSS and MatterType
        paint = skia.Paint(Color=skia.ColorSetRGB(0x21, 0x21, 0x21), AntiAlias=True)
        style.setForegroundPaint(paint)
        paragraph_style = textlayout.ParagraphStyle()
        paragraph_style.setTextStyle(style)
        builder = textlayout.ParagraphBuilder(paragraph_style, collection, skia.Unicode())
        builder.pushStyle(style)
        builder.addText(text)
        paragraph = builder.Build()
        paragraph.layout(args.width)
        width = math.ceil(args.width * args.scale)
        height = math.ceil(paragraph.Height * args.scale)
        surface = skia.Surface(width, height)
        with surface as canvas:
            canvas.clear(skia.ColorWHITE)
            canvas.scale(args.scale, args.scale)
            paragraph.paint(canvas, 0, 0)
        data = surface.makeImageSnapshot().encodeToData()  # PNG with Skia's defaults
        return bytes(data), width, height, round(paragraph.Height / args.line_height)

    render()  # warm-up, as MatterType's bench
    seconds = []
    for _ in range(args.passes):
        start = time.perf_counter()
        png, width, height, lines = render()
        seconds.append(time.perf_counter() - start)
    if args.write:
        with open(args.write, "wb") as f:
            f.write(png)
    print(json.dumps({"seconds": statistics.median(seconds), "pngBytes": len(png), "width": width,
                      "height": height, "lines": lines}))


if __name__ == "__main__":
    sys.exit(main())
