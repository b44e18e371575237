#!/usr/bin/env python3
"""Compares where vertical text's glyphs are drawn: Chromium's screenshot against `mattertype render`, column by
column (the boxes alone are compared by `compare-with-chromium.py --only vertical`).

Usage: Scripts/compare-vertical-ink-with-chromium.py [--mattertype PATH] [--chromium PATH] [--out DIR]
Needs Debian's `chromium`, fonts-noto-cjk and Python's Pillow. Each sample is one block at the page's top-left
(`writing-mode`, 32/48 px, a 400 px column length) screenshotted at device scale 1, and rendered by the CLI with the
same fonts (FONTCONFIG_FILE=Scripts/chromium-fonts.conf) on white. For every column (`measure --json`'s boxes) it
reports the ink's centroid in each image and how far apart they are, across and down the column, and the mean
difference of the column's pixels; exits 1 when a centroid is more than 1 px off. --out keeps both images and their
difference for looking at.
"""
import argparse, json, os, subprocess, sys, tempfile

from PIL import Image, ImageChops

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FONTS_CONF = os.path.join(ROOT, "Scripts", "chromium-fonts.conf")
# (name, writing mode, text orientation, spans): spans as `measure --spans` takes them.
SAMPLES = [
    ("mixed: upright kana and kanji, sideways Latin and digits", "vertical-rl", "mixed",
     [{"text": "縦書きMatter Typeは2026年、「括弧」と句読点。日本語の文章です。"}]),
    ("tate-chu-yoko: 12 (half-width forms), 109 (narrowed), !?", "vertical-rl", "mixed",
     [{"text": "令和"}, {"text": "12", "textCombineUpright": "all"}, {"text": "月"},
      {"text": "109", "textCombineUpright": "all"}, {"text": "円です"}, {"text": "!?", "textCombineUpright": "all"},
      {"text": "と言った。"}]),
    ("ruby in columns", "vertical-rl", "mixed",
     [{"text": "東京", "ruby": "とうきょう"}, {"text": "から"}, {"text": "京都", "ruby": "きょうと"},
      {"text": "まで"}, {"text": "新幹線", "ruby": "しんかんせん"}, {"text": "で行く。"}]),
    ("vertical-lr, upright", "vertical-lr", "upright", [{"text": "ABC漢字かなカナ、DEF。123"}]),
    ("sideways", "vertical-rl", "sideways", [{"text": "縦書きMatterType、横向き。"}]),
]
SIZE, LINE_HEIGHT, LENGTH = 32, 48, 400


def html_of(spans):
    out = ""
    for span in spans:
        text = span["text"].replace("&", "&amp;").replace("<", "&lt;")
        if "ruby" in span:
            out += "<ruby>%s<rt>%s</rt></ruby>" % (text, span["ruby"])
        elif span.get("textCombineUpright") == "all":
            out += '<span style="text-combine-upright: all">%s</span>' % text
        else:
            out += text
    return out


def centroid(image, box):
    """The ink's centroid (darkness-weighted) inside box, and its total darkness."""
    crop = image.crop(box)
    pixels = crop.load()
    total = sx = sy = 0
    for y in range(crop.size[1]):
        for x in range(crop.size[0]):
            ink = 255 - pixels[x, y]
            total += ink
            sx += ink * x
            sy += ink * y
    return (box[0] + sx / total, box[1] + sy / total, total) if total else (None, None, 0)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--mattertype", default=os.path.join(ROOT, ".build", "debug", "mattertype"))
    parser.add_argument("--chromium", default="chromium")
    parser.add_argument("--out")
    args = parser.parse_args()
    env = dict(os.environ, FONTCONFIG_FILE=FONTS_CONF)
    worst, failures = 0.0, 0
    with tempfile.TemporaryDirectory() as scratch:
        out = args.out or scratch
        os.makedirs(out, exist_ok=True)
        for index, (name, mode, orientation, spans) in enumerate(SAMPLES):
            spans_path = os.path.join(scratch, "spans.json")
            with open(spans_path, "w") as f:
                json.dump({"spans": spans}, f, ensure_ascii=False)
            common = ["--spans", spans_path, "--family", "Noto Sans CJK JP", "--language", "ja", "--size", str(SIZE),
                      "--line-height", str(LINE_HEIGHT), "--writing-mode", mode, "--text-orientation", orientation,
                      "--height", str(LENGTH)]
            measured = json.loads(subprocess.run([args.mattertype, "measure", *common, "--json"], env=env,
                                                 capture_output=True, text=True, check=True).stdout)
            ours_path = os.path.join(out, f"{index}-mattertype.png")
            subprocess.run([args.mattertype, "render", *common, "--background", "white", "--clip", "-o", ours_path],
                           env=env, capture_output=True, check=True)
            page = os.path.join(scratch, "page.html")
            with open(page, "w") as f:
                f.write('<!doctype html><html><head><meta charset="utf-8"><style>html, body { margin: 0; '
                        'background: #fff } .c { position: absolute; left: 0; top: 0; writing-mode: %s; '
                        'text-orientation: %s; font-family: "Noto Sans CJK JP"; font-size: %dpx; line-height: %dpx; '
                        'height: %dpx; color: #000 }</style></head><body><div class="c" lang="ja">%s</div></body>'
                        '</html>' % (mode, orientation, SIZE, LINE_HEIGHT, LENGTH, html_of(spans)))
            theirs_path = os.path.join(out, f"{index}-chromium.png")
            ours = Image.open(ours_path).convert("L")
            subprocess.run([args.chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                            "--force-device-scale-factor=1", f"--window-size={ours.size[0] + 40},{ours.size[1] + 40}",
                            f"--screenshot={theirs_path}", "file://" + page], env=env, capture_output=True, check=True)
            theirs = Image.open(theirs_path).convert("L").crop((0, 0, ours.size[0], ours.size[1]))
            ImageChops.invert(ImageChops.difference(ours, theirs)).save(os.path.join(out, f"{index}-difference.png"))
            print(f"{name} ({mode}, {orientation}):")
            for line in measured["lines"]:
                box = (int(line["x"]), 0, int(line["x"] + line["width"]), ours.size[1])
                ox, oy, _ = centroid(ours, box)
                tx, ty, _ = centroid(theirs, box)
                if ox is None or tx is None:
                    continue
                across, down = ox - tx, oy - ty
                delta = ImageChops.difference(ours.crop(box), theirs.crop(box))
                difference = sum(delta.get_flattened_data() if hasattr(delta, "get_flattened_data") else delta.getdata())
                mean = difference / ((box[2] - box[0]) * box[3])
                worst = max(worst, abs(across), abs(down))
                status = "ok" if abs(across) <= 1 and abs(down) <= 1 else "DIFF"
                failures += status != "ok"
                print(f"  {status} column {line['text']!r}: centroid off by {across:+.2f} px across, {down:+.2f} px "
                      f"down; mean pixel difference {mean:.2f} levels")
    print(f"worst centroid offset {worst:.2f} px; {failures} column(s) off by more than 1 px")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
