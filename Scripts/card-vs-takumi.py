#!/usr/bin/env python3
"""Two cards drawn by MatterType (`mattertype bench --task card`) and by takumi (takumi-py from PyPI: the Rust
"JSX/HTML to image" engine behind many og:image services), side by side in one run, alternating, with the median
time of each, their ratio and both images' sizes, in each output format asked for (`--formats`): png, jpeg (quality
85 on both sides), webp (lossy, quality 80 on both) and webp-lossless; each side's own encoder (MatterType's
libjpeg-turbo and libwebp, takumi's Rust encoders).

    python3 -m venv .venv-takumi && .venv-takumi/bin/pip install takumi-py==0.3.0
    swift build -c release && .venv-takumi/bin/python Scripts/card-vs-takumi.py [--rounds 5] [--repeat 20] \
        [--formats png,jpeg,webp,webp-lossless]

The cards:
- card: Examples/card.json with Examples/card-values.json: a 135° gradient, a translucent rounded panel with a
  border, a logo image (contain), a radial-gradient disc, a fitted and balanced headline with a blurred shadow, a
  byline with an inline badge image.
- photo: Examples/photo-card.json: a JPEG photograph (1024 × 768) covering the canvas, a dark gradient scrim and a
  fitted, balanced, shadowed headline. Both sides decode the JPEG for every card (`--cold-images`; takumi's image
  cache off).

- card-cold: the first card with nothing kept between cards (`--cold-images`: MatterType decodes its images and
  draws every layer anew, as a first card of a template would; takumi keeps its images as in `card`). Printed for
  comparison; the exit status is `card`'s and `photo`'s.

The same Noto Sans files (Fonts/) and images on both sides, 1200 × 630 at scale 1, one thread each (takumi renders
on the calling thread). Drawing one template for many values, MatterType keeps the pixels of a card's opening
layers (the background, panel, logo and disc, up to the first text: `DrawingCache`) and draws only the text anew;
the same title every time does not change that (the text is laid out and drawn for every card). takumi cannot fit
text to a box: it gets the size MatterType's fit found (read with `mattertype measure --fit`, which the card's text
layer lays out the same way) and CSS `text-wrap: balance`. Each round times three passes of `--repeat` cards on
each side and takes each side's median pass: MatterType's first (`bench --passes 3`; its process warms up with one
untimed pass), then takumi's in this process (warmed up before the first round).
"""
import argparse, json, os, statistics, subprocess, sys, time

from takumi_py import FontResource, ImageResource, Renderer
import takumi_py

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLES = os.path.join(ROOT, "Examples")
VALUES = json.load(open(os.path.join(EXAMPLES, "card-values.json")))


def css_color(hex_rgba):
    h = hex_rgba.lstrip("#")
    r, g, b = int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)
    a = int(h[6:8], 16) / 255 if len(h) == 8 else 1
    return f"rgba({r},{g},{b},{a:.3f})"


def fitted(mattertype, layer, text):
    """The font size and line height MatterType's fit gives the text layer `layer` (as `mattertype measure`)."""
    out = subprocess.run([mattertype, "measure", "--json", "--no-system-fonts", "--size", str(layer["size"]),
                          "--weight", layer.get("weight", "regular"), "--width", str(layer["width"]),
                          "--max-height", str(layer["height"]), "--fit", "--text-wrap", layer.get("textWrap", "wrap"),
                          text], capture_output=True, text=True, check=True).stdout
    result = json.loads(out)
    return result["fontSize"], result["lineHeight"], result["height"]


def shadow_css(layer):
    return ", ".join(f"{s['x']}px {s['y']}px {s['blur']}px {css_color(s['color'])}" for s in layer["shadows"])


def card_html(mattertype):
    """Examples/card.json as HTML and CSS, with its image resources."""
    card = json.load(open(os.path.join(EXAMPLES, "card.json")))
    panel, logo, disc, headline, byline = card["layers"]
    size, line_height, height = fitted(mattertype, headline, VALUES["title"])
    html = f"""<div style="width:1200px;height:630px;position:relative;display:flex;font-family:'Noto Sans';
background-image:linear-gradient(135deg,#0B1F3A,#1D4E89)">
<div style="position:absolute;left:60px;top:60px;width:1080px;height:510px;background-color:{css_color(panel['fill'])};
border-radius:24px;border:2px solid {css_color(panel['border']['color'])}"></div>
<img src="logo.png" style="position:absolute;left:1008px;top:96px;width:96px;height:64px;object-fit:contain">
<div style="position:absolute;left:980px;top:420px;width:120px;height:120px;border-radius:60px;
background-image:radial-gradient(#FFD166,#EF476F)"></div>
<div style="position:absolute;left:100px;top:100px;width:880px;height:260px;display:flex;flex-direction:column;
justify-content:center"><div style="font-size:{size}px;line-height:{line_height}px;font-weight:700;color:#FFFFFF;
text-wrap:balance;text-shadow:{shadow_css(headline)}">{VALUES['title']}</div></div>
<div style="position:absolute;left:100px;top:420px;width:800px;font-size:28px;line-height:42px;
color:{css_color(byline['color'])};display:flex;align-items:center;white-space:pre">{VALUES['author']} <img
src="badge.png" style="width:28px;height:28px"> · 5 min read</div>
</div>"""
    images = [ImageResource(name, open(os.path.join(EXAMPLES, name), "rb").read())
              for name in ["logo.png", "badge.png"]]
    return html, images, size


def photo_html(mattertype):
    """Examples/photo-card.json as HTML and CSS: the photograph decoded anew for every card (cache "none")."""
    card = json.load(open(os.path.join(EXAMPLES, "photo-card.json")))
    scrim, headline = card["layers"]
    size, line_height, height = fitted(mattertype, headline, VALUES["title"])
    stops = scrim["fill"]["linear"]["stops"]
    html = f"""<div style="width:1200px;height:630px;position:relative;display:flex;font-family:'Noto Sans'">
<img src="photo.jpg" style="position:absolute;left:0;top:0;width:1200px;height:630px;object-fit:cover">
<div style="position:absolute;left:0;top:{scrim['y']}px;width:1200px;height:{scrim['height']}px;
background-image:linear-gradient(180deg,{css_color(stops[0])},{css_color(stops[1])})"></div>
<div style="position:absolute;left:{headline['x']}px;top:{headline['y']}px;width:{headline['width']}px;
height:{headline['height']}px;display:flex;flex-direction:column;justify-content:flex-end">
<div style="font-size:{size}px;line-height:{line_height}px;font-weight:700;color:#FFFFFF;text-wrap:balance;
text-shadow:{shadow_css(headline)}">{VALUES['title']}</div></div>
</div>"""
    images = [ImageResource("photo.jpg", open(os.path.join(EXAMPLES, "photo.jpg"), "rb").read(), "none")]
    return html, images, size


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--mattertype", default=os.path.join(ROOT, ".build", "release", "mattertype"))
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--cards", default="card,photo,card-cold",
                        help="which cards, comma-separated: card, photo, card-cold")
    parser.add_argument("--formats", default="png",
                        help="output formats, comma-separated: png, jpeg, webp (lossy), webp-lossless")
    parser.add_argument("--save", help="write every PNG here (DIR/NAME-mattertype.png, DIR/NAME-takumi.png)")
    args = parser.parse_args()
    # Each format: MatterType's bench flags, takumi's render options.
    formats = {"png": ([], {"format": "png"}),
               "jpeg": (["--format", "jpeg", "--quality", "85"], {"format": "jpeg", "quality": 85}),
               "webp": (["--format", "webp", "--quality", "80"], {"format": "webp", "quality": 80, "lossless": False}),
               "webp-lossless": (["--format", "webp"], {"format": "webp", "lossless": True})}
    fonts = [FontResource(open(os.path.join(ROOT, "Fonts", f"NotoSans-{style}.ttf"), "rb").read(), name="Noto Sans",
                          weight=weight) for style, weight in [("Regular", 400), ("Bold", 700)]]
    takumi = Renderer(load_default_fonts=False, fonts=fonts)
    cards = {"card": ("card.json", card_html, []), "photo": ("photo-card.json", photo_html, ["--cold-images"]),
             "card-cold": ("card.json", card_html, ["--cold-images"])}
    failed = False
    for name, output in [(c, f) for c in args.cards.split(",") for f in args.formats.split(",")]:
        document, make, card_flags = cards[name]
        our_format, their_format = formats[output]
        flags = card_flags + our_format
        html, images, size = make(args.mattertype)
        compiled = takumi.compile_html(html)

        def draw():
            return takumi.render_compiled(compiled.node, stylesheets=compiled.stylesheets, images=images,
                                          **their_format)

        draw()  # warm-up: fonts, glyph cache
        ours, theirs, our_bytes, their_bytes = [], [], 0, 0
        path = os.path.join(EXAMPLES, document)
        for _ in range(args.rounds):
            out = subprocess.run([args.mattertype, "bench", "--task", "card", "--card", path, "--values",
                                  os.path.join(EXAMPLES, "card-values.json"), "--repeat", str(args.repeat),
                                  "--passes", "3", "--json"] + flags, capture_output=True, text=True, check=True).stdout
            result = json.loads(out)
            ours.append(result["seconds"] / args.repeat * 1000)
            our_bytes = result["imageBytes"]
            passes = []
            for _ in range(3):
                start = time.perf_counter()
                for _ in range(args.repeat):
                    their_bytes = len(draw())
                passes.append((time.perf_counter() - start) / args.repeat * 1000)
            theirs.append(statistics.median(passes))
        if args.save:
            extension = {"png": "png", "jpeg": "jpg"}.get(output, "webp")
            label = f"{name}-{output}"
            open(os.path.join(args.save, f"{label}-takumi.{extension}"), "wb").write(draw())
            subprocess.run([args.mattertype, "card", path, "--values", os.path.join(EXAMPLES, "card-values.json"),
                            "-o", os.path.join(args.save, f"{label}-mattertype.{extension}")]
                           + our_format[2:], check=True, capture_output=True)
        ratios = sorted(t / o for t, o in zip(theirs, ours))
        ratio = statistics.median(ratios)
        kind = output.upper()
        print(f"{name} as {output} ({document}, headline fitted at {size} pt):")
        print(f"  MatterType: {statistics.median(ours):.2f} ms a card (rounds {', '.join(f'{x:.2f}' for x in ours)}), "
              f"{kind} {our_bytes} bytes")
        print(f"  takumi-py {takumi_py_version()}: {statistics.median(theirs):.2f} ms a card "
              f"(rounds {', '.join(f'{x:.2f}' for x in theirs)}), {kind} {their_bytes} bytes")
        print(f"  MatterType is {ratio:.2f}x as fast (median of the rounds' ratios, range {ratios[0]:.2f}–"
              f"{ratios[-1]:.2f}); its {kind} is {our_bytes / their_bytes:.3f}x the size")
        # The exit status: PNG's claim (twice as fast, smaller); other formats are reported.
        if name != "card-cold" and output == "png":
            failed |= ratio < 2 or our_bytes > their_bytes
    return 1 if failed else 0


def takumi_py_version():
    try:
        from importlib.metadata import version
        return version("takumi-py")
    except Exception:
        return getattr(takumi_py, "__version__", "?")


if __name__ == "__main__":
    sys.exit(main())
