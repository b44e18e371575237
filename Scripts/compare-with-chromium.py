#!/usr/bin/env python3
"""Compares `mattertype measure` with Chromium's CSS layout of the same text, font file, size, line height and width.

Usage: Scripts/compare-with-chromium.py [--mattertype PATH] [--chromium PATH]
Needs Debian's `chromium` (apt-get install chromium). For each paragraph and width it checks that both break the
text into the same lines, that the first baselines are within 1 px (Chromium rounds ascent and descent to whole
pixels; MatterType does not), and that the height is exactly lines x line height. Exits 1 on any difference.
"""
import argparse, html, json, os, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FONT = os.path.join(ROOT, "Fonts", "NotoSans-Regular.ttf")
TEXTS = [
    "The quick brown fox jumps over the lazy dog while the five boxing wizards jump quickly.",
    "Typography is the art and technique of arranging type to make written language legible, readable and "
    "appealing when displayed. The arrangement of type involves selecting typefaces, point sizes, line lengths, "
    "line-spacing (leading), and letter-spacing (tracking), and adjusting the space between pairs of letters.",
    "In 1450, Johannes Gutenberg introduced movable type to Europe; by 1500 some 20 million volumes had been "
    "printed. Office workers, AVATAR fans and coffee-table readers: all affected, officially.",
    "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore "
    "magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo.",
]
WIDTHS = [120, 200, 280, 350, 480, 600]
# (font size, line height) in px: the 16/24, a small caption, a headline, and negative leading.
CONFIGS = [(16, 24), (13, 18), (22, 30), (16, 12)]

PAGE = """<!doctype html><html><head><meta charset="utf-8"><style>
@font-face { font-family: "MT"; src: url("file://%(font)s"); }
body { margin: 0; }
.box { font-family: "MT"; font-size: %(size)spx; line-height: %(lh)spx; white-space: normal; overflow-wrap: break-word;
       font-kerning: normal; text-rendering: optimizeLegibility; }
.mark { display: inline-block; width: 0; height: 0; vertical-align: baseline; }
</style></head><body>%(boxes)s<pre id="out"></pre><script>
document.fonts.ready.then(() => {
  const results = [];
  const probe = document.querySelector('.probe');
  const baseline = probe.querySelector('.mark').getBoundingClientRect().top - probe.getBoundingClientRect().top;
  for (const box of document.querySelectorAll('.text')) {
    const node = box.childNodes[0];
    const text = node.textContent;
    const lines = [];
    let current = null, top = null;
    for (let i = 0; i < text.length; i++) {
      const range = document.createRange();
      range.setStart(node, i); range.setEnd(node, i + 1);
      const rects = range.getClientRects();
      if (rects.length === 0) { if (current !== null) current += text[i]; continue; }
      const t = Math.round(rects[0].top);
      if (top === null || t > top + 1) { if (current !== null) lines.push(current); current = text[i]; top = t; }
      else current += text[i];
    }
    if (current !== null) lines.push(current);
    results.push({lines, baseline, height: box.getBoundingClientRect().height});
  }
  document.getElementById('out').textContent = JSON.stringify(results);
});
</script></body></html>"""


def chromium_layout(chromium, cases, size, line_height):
    # The baseline marker sits in a box of its own: next to the text it would add a break opportunity.
    boxes = '<div class="box probe"><span class="mark"></span>x</div>' + "".join(
        '<div class="box text" style="width:%dpx">%s</div>' % (w, html.escape(t)) for t, w in cases)
    page = PAGE % {"font": FONT, "size": size, "lh": line_height, "boxes": boxes}
    with tempfile.NamedTemporaryFile("w", suffix=".html", delete=False) as f:
        f.write(page)
    try:
        dom = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files",
                              "--virtual-time-budget=10000", "--dump-dom", "file://" + f.name],
                             capture_output=True, text=True, timeout=120).stdout
    finally:
        os.unlink(f.name)
    start = dom.index('<pre id="out">') + len('<pre id="out">')
    return json.loads(html.unescape(dom[start:dom.index("</pre>", start)]))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--mattertype", default=os.path.join(ROOT, ".build", "debug", "mattertype"))
    parser.add_argument("--chromium", default="chromium")
    args = parser.parse_args()
    cases = [(t, w) for t in TEXTS for w in WIDTHS]
    failures, worst, total = 0, 0.0, 0
    for size, line_height in CONFIGS:
        browser = chromium_layout(args.chromium, cases, size, line_height)
        for (text, width), theirs in zip(cases, browser):
            total += 1
            ours = json.loads(subprocess.run(
                [args.mattertype, "measure", text, "--no-system-fonts", "--size", str(size), "--line-height",
                 str(line_height), "--width", str(width), "--json"],
                capture_output=True, text=True, check=True).stdout)
            our_lines = [l["text"].rstrip(" ") for l in ours["lines"]]
            their_lines = [l.rstrip(" ") for l in theirs["lines"]]
            delta = abs(ours["lines"][0]["baseline"] - theirs["baseline"])
            worst = max(worst, delta)
            same = our_lines == their_lines
            exact = ours["height"] == len(ours["lines"]) * line_height == theirs["height"]
            status = "ok" if same and delta <= 1 and exact else "DIFF"
            failures += status != "ok"
            print(f"{status} {size}/{line_height} width {width:4d}: {len(our_lines):2d} lines "
                  f"(Chromium {len(their_lines):2d}), baseline {ours['lines'][0]['baseline']} vs "
                  f"{theirs['baseline']}, height {ours['height']} vs {theirs['height']}")
            if not same:
                for a, b in zip(our_lines + [""] * 99, their_lines + [""] * 99):
                    if a != b:
                        print(f"    ours:     {a!r}\n    chromium: {b!r}")
                        break
    print(f"{total - failures} passed, {failures} failed (worst baseline difference {worst:.3f} px)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
