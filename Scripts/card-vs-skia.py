#!/usr/bin/env python3
"""The same 1200 x 630 card drawn by MatterType (`mattertype bench --task card`) and by skia-python (Skia's
paragraph for the text, its shaders for the gradients, drawImageRect for the logo, its PNG encoder), side by side
in one run, alternating, with the medians and PNG sizes of both.

    pip install skia-python==144.1
    swift build -c release && python3 Scripts/card-vs-skia.py [--rounds 5] [--repeat 20]

The card is Examples/card.json with Examples/card-values.json: a gradient, a translucent rounded panel with a border,
a logo image, a radial-gradient disc, a fitted and balanced headline with a blurred shadow, and a byline with an
inline badge image. MatterType's fit searches the 0.25 pt grid; the Skia side does the same search by laying out its
paragraph at each size tried, as a Skia user would have to, draws the shadow through a drop-shadow image filter
(skia-python has no paragraph shadows) and places the badge after the measured author name (nor placeholders).
"""
import argparse, json, os, statistics, subprocess, sys, time

import skia

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FONTS = os.path.join(ROOT, "Fonts")
W, H = 1200, 630
TITLE = json.load(open(os.path.join(ROOT, "Examples", "card-values.json")))["title"]
AUTHOR = json.load(open(os.path.join(ROOT, "Examples", "card-values.json")))["author"]
LOGO = os.path.join(ROOT, "Examples", "logo.png")
BADGE = os.path.join(ROOT, "Examples", "badge.png")


def color(hex_rgba):
    h = hex_rgba.lstrip("#")
    r, g, b = int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)
    a = int(h[6:8], 16) if len(h) == 8 else 255
    return skia.Color(r, g, b, a)


class SkiaCard:
    def __init__(self):
        provider = skia.textlayout.TypefaceFontProvider()
        for name in ["NotoSans-Regular.ttf", "NotoSans-Bold.ttf"]:
            provider.registerTypeface(skia.Typeface.MakeFromFile(os.path.join(FONTS, name)), "Noto Sans")
        self.fonts = skia.textlayout.FontCollection()
        self.fonts.setDefaultFontManager(provider)
        self.logo = skia.Image.open(LOGO)
        self.badge = skia.Image.open(BADGE)

    def paragraph(self, text, size, line_height, bold, rgba, width):
        style = skia.textlayout.ParagraphStyle()
        text_style = skia.textlayout.TextStyle()
        text_style.setFontFamilies(["Noto Sans"])
        text_style.setFontSize(size)
        text_style.setHeight(line_height / size)
        text_style.setHeightOverride(True)
        text_style.setFontStyle(skia.FontStyle.Bold() if bold else skia.FontStyle.Normal())
        text_style.setColor(rgba)
        builder = skia.textlayout.ParagraphBuilder.make(style, self.fonts, skia.Unicode.ICU_Make())
        builder.pushStyle(text_style)
        builder.addText(text)
        paragraph = builder.Build()
        paragraph.layout(width)
        return paragraph

    def fitted(self, text, width, height):
        """The largest size on the 0.25 pt grid (1 to 72) whose paragraph fits width and height: a bisection."""
        low, high = 4, 288  # quarter points
        best = None
        while low <= high:
            middle = (low + high) // 2
            size = middle / 4
            p = self.paragraph(text, size, size * 1.5, True, color("#FFFFFF"), width)
            if p.Height <= height and p.LongestLine <= width:
                best, low = p, middle + 1
            else:
                high = middle - 1
        return best

    def draw(self):
        surface = skia.Surface(W, H)
        canvas = surface.getCanvas()
        # CSS linear-gradient(135deg, …): the line through the center, as long as the box's projection on it.
        dx, dy = 0.7071067811865476, 0.7071067811865476
        half = (W * dx + H * dy) / 2
        points = [(W / 2 - dx * half, H / 2 - dy * half), (W / 2 + dx * half, H / 2 + dy * half)]
        paint = skia.Paint(Shader=skia.GradientShader.MakeLinear(points, [color("#0B1F3A"), color("#1D4E89")]))
        canvas.drawRect(skia.Rect(0, 0, W, H), paint)
        box = skia.RRect.MakeRectXY(skia.Rect(60, 60, 1140, 570), 24, 24)
        canvas.drawRRect(box, skia.Paint(Color=color("#FFFFFF1A"), AntiAlias=True))
        border = skia.RRect.MakeRectXY(skia.Rect(61, 61, 1139, 569), 23, 23)
        canvas.drawRRect(border, skia.Paint(Color=color("#FFFFFF55"), AntiAlias=True, Style=skia.Paint.kStroke_Style,
                                            StrokeWidth=2))
        radial = skia.GradientShader.MakeRadial((1040, 480), 84.85, [color("#FFD166"), color("#EF476F")])
        canvas.drawRRect(skia.RRect.MakeRectXY(skia.Rect(980, 420, 1100, 540), 60, 60),
                         skia.Paint(Shader=radial, AntiAlias=True))
        linear = skia.SamplingOptions(skia.FilterMode.kLinear)
        canvas.drawImageRect(self.logo, skia.Rect(1008, 96, 1104, 160), linear)
        headline = self.fitted(TITLE, 880, 260)
        shadow = skia.ImageFilters.DropShadow(0, 4, 6, 6, color("#00000066"))
        top = 100 + (260 - headline.Height) / 2
        # The layer only as large as the headline and its shadow's reach (3 sigma), as a careful Skia user would.
        canvas.saveLayer(skia.Rect(100 - 18, top - 18, 100 + 880 + 18, top + headline.Height + 4 + 18),
                         skia.Paint(ImageFilter=shadow))
        headline.paint(canvas, 100, top)
        canvas.restore()
        author = self.paragraph(AUTHOR + " ", 28, 42, False, color("#FFFFFFCC"), 800)
        author.paint(canvas, 100, 420)
        x = 100 + author.MaxIntrinsicWidth
        canvas.drawImageRect(self.badge, skia.Rect(x, 420 + 7, x + 28, 420 + 35), linear)
        rest = self.paragraph(" · 5 min read", 28, 42, False, color("#FFFFFFCC"), 800)
        rest.paint(canvas, x + 28, 420)
        return bytes(surface.makeImageSnapshot().encodeToData(skia.EncodedImageFormat.kPNG, 100))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--mattertype", default=os.path.join(ROOT, ".build", "release", "mattertype"))
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--save", help="write both PNGs here (DIR/mattertype.png, DIR/skia.png) to look at")
    args = parser.parse_args()
    skia_card = SkiaCard()
    skia_card.draw()  # warm-up
    ours, theirs, our_bytes, their_bytes = [], [], 0, 0
    path = os.path.join(ROOT, "Examples", "card.json")
    values = os.path.join(ROOT, "Examples", "card-values.json")
    for _ in range(args.rounds):
        out = subprocess.run([args.mattertype, "bench", "--task", "card", "--card", path, "--values", values,
                              "--repeat", str(args.repeat), "--passes", "3", "--json"],
                             capture_output=True, text=True, check=True).stdout
        result = json.loads(out)
        ours.append(result["seconds"] / args.repeat * 1000)
        our_bytes = result["imageBytes"]
        start = time.perf_counter()
        for _ in range(args.repeat):
            their_bytes = len(skia_card.draw())
        theirs.append((time.perf_counter() - start) / args.repeat * 1000)
    if args.save:
        open(os.path.join(args.save, "skia.png"), "wb").write(skia_card.draw())
        subprocess.run([args.mattertype, "card", path, "--values", values, "-o",
                        os.path.join(args.save, "mattertype.png")], check=True, capture_output=True)
    a, b = statistics.median(ours), statistics.median(theirs)
    print(f"MatterType: {a:.2f} ms a card (rounds {', '.join(f'{x:.2f}' for x in ours)}), PNG {our_bytes} bytes")
    print(f"skia-python {skia.__version__}: {b:.2f} ms a card (rounds {', '.join(f'{x:.2f}' for x in theirs)}), "
          f"PNG {their_bytes} bytes")
    print(f"MatterType is {b / a:.2f}x as fast; its PNG is {our_bytes / their_bytes:.2f}x the size")


if __name__ == "__main__":
    sys.exit(main())
