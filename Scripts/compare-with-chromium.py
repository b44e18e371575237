#!/usr/bin/env python3
"""Compares `mattertype measure` with Chromium's CSS layout of the same text, fonts, size, line height and width.

Usage: Scripts/compare-with-chromium.py [--mattertype PATH] [--chromium PATH] [--only latin|world|rich|vertical]
                                       [--write-fixture]
Needs Debian's `chromium`, `hb-shape` and the fonts of Scripts/chromium-fonts.conf (apt-get install chromium
libharfbuzz-bin fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji fonts-dejavu-core).

latin: the bundled Noto Sans alone (@font-face in Chromium, --no-system-fonts here), 4 paragraphs x 6 widths x 4
size/line-height pairs. world: Arabic, Hebrew, Japanese, Chinese, Thai, Devanagari, emoji, numbers, dates, phone
numbers, URLs and ASCII punctuation at 3 widths, and Japanese paragraphs at 30 widths so that closing marks meet
line ends, both falling back through the same Fontconfig configuration
(FONTCONFIG_FILE=Scripts/chromium-fonts.conf), the paragraph direction from its first strong character (dir=auto).

spacing: CSS word-spacing (with letter-spacing) on the bundled Noto Sans, in px and em, over spaces and no-break
spaces, 3 paragraphs x 5 spacings x 3 widths; lines and each line's edges within 1 px.

rich: styled spans over the bundled Noto Sans faces (@font-face per weight and style here, --no-system-fonts there)
and Inter's variable font (fonts-inter-variable; @font-face with font-weight: 100 900) at weights between its named
instances, 3 widths each. --write-fixture stores Chromium's lines for these cases in
Tests/MatterTypeTests/Fixtures/chromium-rich-text.json, which RichTextTests compares against on every test run.

vertical: Japanese and Chinese set in columns (vertical-rl, vertical-lr; text-orientation mixed, upright, sideways;
text-combine-upright runs) and ruby in both directions and in rows, the cases of Scripts/chromium-vertical-reference.py
laid out by Chromium on the spot: every column's text Chromium's, every column's and annotation's box within 1 px.

For every case it checks that both break the text into the same lines, that the first baselines are within 1 px
(Chromium rounds ascent and descent to whole pixels; MatterType does not), that the height is exactly lines x line
height, and (world) that each line's left and right edges are within 1 px. Exits 1 on any difference.
"""
import argparse, html, importlib.util, json, os, subprocess, sys, tempfile

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
# (font size, line height) in px: the issue's 16/24, a small caption, a headline, and negative leading.
CONFIGS = [(16, 24), (13, 18), (22, 30), (16, 12)]

PAGE = """<!doctype html><html><head><meta charset="utf-8"><style>
@font-face { font-family: "MT"; src: url("file://%(font)s"); }
body { margin: 0; }
.box { font-family: "MT"; font-size: %(size)spx; line-height: %(lh)spx; white-space: normal; overflow-wrap: break-word;
       font-kerning: normal; text-rendering: optimizeLegibility; %(extra)s }
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
      // After a soft hyphen, the character's first rect is the hyphen drawn at the line above; its own is the last.
      const t = Math.round(rects[i > 0 && text[i - 1] === '\u00ad' ? rects.length - 1 : 0].top);
      if (top === null || t > top + 1) { if (current !== null) lines.push(current); current = text[i]; top = t; }
      else current += text[i];
    }
    if (current !== null) lines.push(current);
    results.push({lines, baseline, height: box.getBoundingClientRect().height});
  }
  document.getElementById('out').textContent = JSON.stringify(results);
});
</script></body></html>"""


def chromium_layout(chromium, cases, size, line_height, extra=""):
    # The baseline marker sits in a box of its own: next to the text it would add a break opportunity.
    boxes = '<div class="box probe"><span class="mark"></span>x</div>' + "".join(
        '<div class="box text" style="width:%dpx">%s</div>' % (w, html.escape(t)) for t, w in cases)
    return run_chromium(chromium, PAGE % {"font": FONT, "size": size, "lh": line_height, "boxes": boxes,
                                          "extra": extra})


# Headlines as cards and notifications set them, for text-wrap: balance and pretty, beside TEXTS.
HEADLINES = [
    "MatterType renders text exactly as a design system defines it",
    "Your order has shipped and will arrive on Thursday",
    "Breaking: quarterly results beat expectations across every region",
    "A short headline",
    "Designers specify typography; servers should render it without guessing",
]
WRAP_WIDTHS = [140, 200, 260, 320, 420]
WRAP_CONFIGS = [(16, 24), (22, 30), (34, 40)]


def compare_wrap(args):
    """text-wrap: balance and pretty: the same lines as Chromium for headlines and paragraphs."""
    cases = [(t, w) for t in HEADLINES + TEXTS for w in WRAP_WIDTHS]
    failures = total = 0
    for wrap in ["balance", "pretty"]:
        for size, line_height in WRAP_CONFIGS:
            browser = chromium_layout(args.chromium, cases, size, line_height, "text-wrap: %s;" % wrap)
            for (text, width), theirs in zip(cases, browser):
                total += 1
                ours = json.loads(subprocess.run(
                    [args.mattertype, "measure", text, "--no-system-fonts", "--size", str(size), "--line-height",
                     str(line_height), "--width", str(width), "--text-wrap", wrap, "--json"],
                    capture_output=True, text=True, check=True).stdout)
                our_lines = [l["text"].rstrip(" ") for l in ours["lines"]]
                their_lines = [l.rstrip(" ") for l in theirs["lines"]]
                same = our_lines == their_lines
                status = "ok" if same else "DIFF"
                failures += status != "ok"
                print(f"{status} {wrap:7} {size}/{line_height} width {width:4d}: {len(our_lines):2d} lines "
                      f"(Chromium {len(their_lines):2d}): {text[:32]!r}")
                if not same:
                    print_first_difference(our_lines, their_lines)
        # Under a line limit (-webkit-line-clamp; --max-lines) the lines shown are the ones chosen among.
        for clamp in [2, 3]:
            clamped = [(t, w) for t in HEADLINES + TEXTS for w in [140, 200, 260, 320]]
            extra = ("text-wrap: %s; display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: %d; "
                     "overflow: hidden;" % (wrap, clamp))
            browser = chromium_layout(args.chromium, clamped, 22, 30, extra)
            for (text, width), theirs in zip(clamped, browser):
                total += 1
                ours = json.loads(subprocess.run(
                    [args.mattertype, "measure", text, "--no-system-fonts", "--size", "22", "--line-height", "30",
                     "--width", str(width), "--text-wrap", wrap, "--max-lines", str(clamp), "--json"],
                    capture_output=True, text=True, check=True).stdout)
                our_lines = [l["text"].rstrip(" ") for l in ours["lines"]]
                # Chromium lays the hidden lines out too; the first `clamp` are the ones shown.
                their_lines = [l.rstrip(" ") for l in theirs["lines"]][:clamp]
                same = our_lines == their_lines
                failures += not same
                print(f"{'ok' if same else 'DIFF'} {wrap:7} clamp {clamp} width {width:4d}: {text[:32]!r}")
                if not same:
                    print_first_difference(our_lines, their_lines)
    return total, failures


FONTS_CONF = os.path.join(ROOT, "Scripts", "chromium-fonts.conf")
# (language, text): the language goes to Chromium's lang attribute and to --language.
WORLD_TEXTS = [
    ("ar", "مرحبا بالعالم! هذا نص عربي طويل بما يكفي ليلتف على عدة أسطر، مع أرقام مثل 2024 و ١٢٣٤ وكلمة English."),
    ("he", "שלום עולם, זהו טקסט בעברית עם מספרים 123 ומילים באנגלית like this (בסוגריים) וסוף."),
    ("ja", "日本語のテキストは、スペースなしで行を折り返します。句読点「かぎかっこ」も正しく扱われるべきです。"),
    ("zh-Hans", "中文文本没有空格，也需要正确地换行。标点符号，例如“引号”和（括号），不能出现在行首。"),
    ("th", "ภาษาไทยไม่มีการเว้นวรรคระหว่างคำ การตัดบรรทัดจึงต้องใช้พจนานุกรมเพื่อหาขอบเขตของคำ"),
    ("hi", "हिन्दी एक भाषा है जो देवनागरी लिपि में लिखी जाती है और इसमें संयुक्ताक्षर होते हैं।"),
    (None, "Emoji 👍🏽 families 👨‍👩‍👧 flags 🇯🇵🇫🇷 and hearts ❤️ in a sentence that wraps 🎉 twice over."),
    (None, "Call +1 (555) 123-4567 or 0800-123-456 on 2024-03-15, 15/03/2024 at 10:30; pay $1,234.56 or 99.9%."),
    (None, "See https://example.com/path/to/some-page?query=value&other=1 and user@example.org for details."),
    ("en", "Hyphenated well-known state-of-the-art ABCD-1234 and -5 degrees e.g. and/or C++ (notes) [refs]."),
]
WORLD_WIDTHS = [120, 200, 320]
# Japanese where a closing mark (、。」）) falls at a line end before more text: at every width from 96 to 328 px in
# steps of 8 (half an em), so that each mark meets the line end both at full and at half width (CSS
# text-spacing-trim: normal trims a closing mark at the end of a line to half width when that makes it fit).
JA_EDGE_TEXTS = [
    ("ja", "東京は日本の首都です。人口は約千四百万人で、世界有数の大都市です。「おもてなし」の心で迎えます。"),
    ("ja", "彼は「明日は雨だ」と言った。しかし、翌日は晴れた。天気予報（気象庁）は外れたのだ。それでも、傘は役に立った。"),
]
JA_EDGE_WIDTHS = list(range(96, 329, 8))

WORLD_PAGE = """<!doctype html><html><head><meta charset="utf-8"><style>
body { margin: 0; }
.box { font-family: "Noto Sans"; font-size: 16px; line-height: 24px; white-space: normal; overflow-wrap: break-word;
       font-kerning: normal; unicode-bidi: plaintext; }
</style></head><body>%(boxes)s<pre id="out"></pre><script>
document.fonts.ready.then(() => {
  const results = [];
  const segmenter = new Intl.Segmenter(undefined, {granularity: "grapheme"});
  for (const box of document.querySelectorAll('.box')) {
    const node = box.childNodes[0];
    const text = node.textContent;
    const lines = [];
    let current = null;
    for (const {segment, index} of segmenter.segment(text)) {
      const range = document.createRange();
      range.setStart(node, index); range.setEnd(node, index + segment.length);
      const rects = Array.from(range.getClientRects()).filter(r => r.width > 0 || r.height > 0);
      if (rects.length === 0) { if (current) current.text += segment; continue; }
      const top = Math.round(rects[0].top - box.getBoundingClientRect().top);
      if (!current || top > current.top + 1) {
        current = {text: "", top, left: Infinity, right: -Infinity};
        lines.push(current);
      }
      current.text += segment;
      if (segment.trim() !== "") {
        for (const r of rects) { current.left = Math.min(current.left, r.left); current.right = Math.max(current.right, r.right); }
      }
    }
    results.push({lines, height: box.getBoundingClientRect().height});
  }
  document.getElementById('out').textContent = JSON.stringify(results);
});
</script></body></html>"""


# word-spacing (and letter-spacing with it) on the bundled Noto Sans: paragraphs with spaces and no-break spaces.
SPACING_TEXTS = TEXTS[:2] + [
    "Total:\u00a0$1,234.56 due\u00a0on\u00a0receipt; pay by card or bank transfer within thirty days of the invoice.",
]
# (word-spacing, letter-spacing) as CSS and the CLI write them; em is of the 16 px font size in both.
SPACING_STYLES = [("4px", None), ("-2px", None), ("0.5em", None), ("12px", "1px"), ("3px", "-0.5px")]
SPACING_WIDTHS = [160, 300, 600]
SPACING_PAGE = WORLD_PAGE.replace(
    '.box { font-family: "Noto Sans";',
    '@font-face { font-family: "MT"; src: url("file://%s"); }\n.box { font-family: "MT";' % FONT.replace("%", "%%"))


def compare_edges(ours, theirs):
    """Lines (trailing spaces aside), each line's left and right edges (within 1 px) and the height (lines x 24)
    of `measure --json` against a page's {lines: [{text, left, right}], height}: (ours, theirs, edge, status)."""
    our_lines = [l["text"].rstrip(" ") for l in ours["lines"]]
    their_lines = [l["text"].rstrip(" ") for l in theirs["lines"]]
    same = our_lines == their_lines
    edge = 0.0
    if same:
        for our, their in zip(ours["lines"], theirs["lines"]):
            if their["right"] >= their["left"] and our["width"] > 0:
                edge = max(edge, abs(our["x"] - their["left"]), abs(our["x"] + our["width"] - their["right"]))
    exact = ours["height"] == len(ours["lines"]) * 24 == theirs["height"]
    return our_lines, their_lines, edge, "ok" if same and exact and edge <= 1 else "DIFF"


def compare_spacing(args):
    cases = [(t, word, letter, w) for t in SPACING_TEXTS for word, letter in SPACING_STYLES for w in SPACING_WIDTHS]
    boxes = "".join('<div class="box" style="width:%dpx;word-spacing:%s%s">%s</div>'
                    % (w, word, ";letter-spacing:%s" % letter if letter else "", html.escape(t))
                    for t, word, letter, w in cases)
    browser = run_chromium(args.chromium, SPACING_PAGE % {"boxes": boxes})
    failures, worst = 0, 0.0
    for (text, word, letter, width), theirs in zip(cases, browser):
        command = [args.mattertype, "measure", text, "--no-system-fonts", "--size", "16", "--line-height", "24",
                   "--width", str(width), "--word-spacing", word, "--json"]
        if letter:
            command += ["--letter-spacing", letter]
        ours = json.loads(subprocess.run(command, capture_output=True, text=True, check=True).stdout)
        our_lines, their_lines, edge, status = compare_edges(ours, theirs)
        worst = max(worst, edge)
        failures += status != "ok"
        print(f"{status} spacing word {word:6} letter {letter or '0':7} width {width:3d}: {len(our_lines):2d} lines "
              f"(Chromium {len(their_lines):2d}), edges within {edge:.3f} px: {text[:24]!r}")
        if our_lines != their_lines:
            print_first_difference(our_lines, their_lines)
    return len(cases), failures, worst


def print_first_difference(our_lines, their_lines):
    for a, b in zip(our_lines + [""] * 99, their_lines + [""] * 99):
        if a != b:
            print(f"    ours:     {a!r}\n    chromium: {b!r}")
            break


def run_chromium(chromium, page, env=None):
    with tempfile.NamedTemporaryFile("w", suffix=".html", delete=False) as f:
        f.write(page)
    try:
        dom = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files",
                              "--virtual-time-budget=10000", "--dump-dom", "file://" + f.name],
                             capture_output=True, text=True, timeout=120, env=env).stdout
    finally:
        os.unlink(f.name)
    start = dom.index('<pre id="out">') + len('<pre id="out">')
    return json.loads(html.unescape(dom[start:dom.index("</pre>", start)]))


def compare_world(args):
    env = dict(os.environ, FONTCONFIG_FILE=FONTS_CONF)
    cases = [(lang, t, w) for lang, t in WORLD_TEXTS for w in WORLD_WIDTHS]
    cases += [(lang, t, w) for lang, t in JA_EDGE_TEXTS for w in JA_EDGE_WIDTHS]
    boxes = "".join('<div class="box" dir="auto"%s style="width:%dpx">%s</div>'
                    % (' lang="%s"' % lang if lang else "", w, html.escape(t)) for lang, t, w in cases)
    browser = run_chromium(args.chromium, WORLD_PAGE % {"boxes": boxes}, env)
    failures, worst = 0, 0.0
    for (lang, text, width), theirs in zip(cases, browser):
        command = [args.mattertype, "measure", text, "--size", "16", "--line-height", "24", "--width", str(width),
                   "--json"] + (["--language", lang] if lang else [])
        ours = json.loads(subprocess.run(command, capture_output=True, text=True, check=True, env=env).stdout)
        our_lines, their_lines, edge, status = compare_edges(ours, theirs)
        worst = max(worst, edge)
        failures += status != "ok"
        print(f"{status} world {lang or '-':7} width {width:3d}: {len(our_lines):2d} lines (Chromium "
              f"{len(their_lines):2d}), edges within {edge:.3f} px, height {ours['height']} vs {theirs['height']}: "
              f"{text[:24]!r}")
        if our_lines != their_lines:
            print_first_difference(our_lines, their_lines)
    return len(cases), failures, worst


def compare_latin(args):
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
                print_first_difference(our_lines, their_lines)
    return total, failures, worst


INTER = "/usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf"
RICH_FIXTURE = os.path.join(ROOT, "Tests", "MatterTypeTests", "Fixtures", "chromium-rich-text.json")
VARIABLE_TEXTS = [
    "Variable fonts draw every weight between their named instances, so a design system can ask for 650.",
    "Sphinx of black quartz, judge my vow: 1234567890 quick zephyrs blow, vexing daft Jim.",
]
VARIABLE_WEIGHTS = [350, 650, 820]
# Spans: (text, {style}) with the keys of `mattertype --spans`; CSS is written from them below.
SPAN_TEXTS = [
    [("Your order ", {}), ("#A-1234", {"weight": 700}), (" arrives ", {}),
     ("between 2 and 4 pm", {"italic": True}), (" on Thursday; track it in the app or reply to this message.", {})],
    [("Read the ", {}), ("terms", {"weight": 600, "decoration": "underline", "color": "#0A66C2"}),
     (" before you ", {}), ("continue", {"size": 22}), (". Prices include ", {}), ("VAT", {"letterSpacing": 1.5}),
     (" and shipping to most countries.", {})],
    [("Mixed", {"weight": 800}), ("Weights", {"weight": 300}), ("InOneWord", {"italic": True}),
     (" then plain words after the styled compound so that it wraps.", {})],
    [("Word spacing ", {}), ("spreads these words far apart", {"wordSpacing": 9}), (" and then ", {}),
     ("pulls these together", {"wordSpacing": -2}), (" before the plain words at the end wrap again.", {})],
]
RICH_WIDTHS = [140, 220, 300]

RICH_PAGE = """<!doctype html><html><head><meta charset="utf-8"><style>
%(faces)s
body { margin: 0; }
.box { font-family: "MT"; font-size: 16px; line-height: 24px; white-space: normal; overflow-wrap: break-word;
       font-kerning: normal; }
</style></head><body>%(boxes)s<pre id="out"></pre><script>
document.fonts.ready.then(() => {
  const results = [];
  for (const box of document.querySelectorAll('.box')) {
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    const lines = [];
    let current = null, top = null, node;
    while ((node = walker.nextNode())) {
      const text = node.textContent;
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i); range.setEnd(node, i + 1);
        const rects = range.getClientRects();
        if (rects.length === 0) { if (current !== null) current += text[i]; continue; }
        const t = Math.round(rects[0].bottom - box.getBoundingClientRect().top);
        if (top === null || t > top + 4) { if (current !== null) lines.push(current); current = text[i]; top = t; }
        else current += text[i];
      }
    }
    if (current !== null) lines.push(current);
    results.push({lines, height: box.getBoundingClientRect().height});
  }
  document.getElementById('out').textContent = JSON.stringify(results);
});
</script></body></html>"""


def span_css(style):
    css = []
    if "weight" in style: css.append("font-weight:%d" % style["weight"])
    if style.get("italic"): css.append("font-style:italic")
    # A bigger span grows a CSS line box (its own half-leading around its ascent); MatterType keeps every line
    # the paragraph's height, as a design system's typography asks. line-height:0 keeps the CSS line box the
    # paragraph's strut, which is what is compared.
    if "size" in style: css.append("font-size:%spx;line-height:0" % style["size"])
    if "letterSpacing" in style: css.append("letter-spacing:%spx" % style["letterSpacing"])
    if "wordSpacing" in style: css.append("word-spacing:%spx" % style["wordSpacing"])
    if "decoration" in style: css.append("text-decoration:%s" % style["decoration"])
    if "color" in style: css.append("color:%s" % style["color"])
    return ";".join(css)


def rich_cases():
    """Every rich case: (kind, width, weight, spans) for spans, (kind, width, weight, text) for variable."""
    cases = [("spans", w, 400, spans) for spans in SPAN_TEXTS for w in RICH_WIDTHS]
    cases += [("variable", w, weight, text) for text in VARIABLE_TEXTS for weight in VARIABLE_WEIGHTS
              for w in RICH_WIDTHS]
    return cases


def compare_rich(args):
    names = {100: "Thin", 200: "ExtraLight", 300: "Light", 400: "Regular", 500: "Medium", 600: "SemiBold",
             700: "Bold", 800: "ExtraBold", 900: "Black"}
    faces = []
    for weight, name in names.items():
        for italic in (False, True):
            file = "NotoSans-%s%s.ttf" % ("" if italic and weight == 400 else name, "Italic" if italic else "")
            faces.append('@font-face { font-family: "MT"; src: url("file://%s"); font-weight: %d; font-style: %s; }'
                         % (os.path.join(ROOT, "Fonts", file), weight, "italic" if italic else "normal"))
    faces.append('@font-face { font-family: "Inter VF"; src: url("file://%s"); font-weight: 100 900; }' % INTER)
    cases = rich_cases()
    boxes = []
    for kind, width, weight, content in cases:
        if kind == "spans":
            inner = "".join('<span style="%s">%s</span>' % (span_css(style), html.escape(text))
                            for text, style in content)
            boxes.append('<div class="box" style="width:%dpx">%s</div>' % (width, inner))
        else:
            boxes.append('<div class="box" style="width:%dpx;font-family:\'Inter VF\';font-weight:%d">%s</div>'
                         % (width, weight, html.escape(content)))
    browser = run_chromium(args.chromium, RICH_PAGE % {"faces": "\n".join(faces), "boxes": "".join(boxes)})
    failures, fixture = 0, []
    with tempfile.TemporaryDirectory() as scratch:
        for (kind, width, weight, content), theirs in zip(cases, browser):
            common = ["--size", "16", "--line-height", "24", "--width", str(width), "--json", "--no-system-fonts"]
            if kind == "spans":
                path = os.path.join(scratch, "spans.json")
                with open(path, "w") as f:
                    json.dump({"spans": [dict(style, text=text) for text, style in content]}, f)
                command = [args.mattertype, "measure", "--spans", path] + common
                label = "".join(t for t, _ in content)
            else:
                command = [args.mattertype, "measure", content, "--font-file", INTER, "--family", "Inter",
                           "--weight", str(weight)] + common
                label = content
            ours = json.loads(subprocess.run(command, capture_output=True, text=True, check=True).stdout)
            # Spaces at line edges draw nothing; where a span starts with one, Chromium reports it on the next line.
            our_lines = [l["text"].strip(" ") for l in ours["lines"]]
            their_lines = [l.strip(" ") for l in theirs["lines"]]
            same = our_lines == their_lines
            exact = ours["height"] == len(ours["lines"]) * 24 == theirs["height"]
            status = "ok" if same and exact else "DIFF"
            failures += status != "ok"
            print(f"{status} {kind:8} weight {weight} width {width:3d}: {len(our_lines):2d} lines (Chromium "
                  f"{len(their_lines):2d}), height {ours['height']} vs {theirs['height']}: {label[:28]!r}")
            if not same:
                print_first_difference(our_lines, their_lines)
            entry = {"kind": kind, "width": width, "weight": weight, "chromiumLines": their_lines,
                     "chromiumHeight": theirs["height"]}
            if kind == "spans":
                entry["spans"] = [dict(style, text=text) for text, style in content]
            else:
                entry["text"] = content
            fixture.append(entry)
    if args.write_fixture:
        with open(RICH_FIXTURE, "w") as f:
            json.dump({"command": "Scripts/compare-with-chromium.py --only rich --write-fixture",
                       "chromium": subprocess.run([args.chromium, "--version"], capture_output=True,
                                                  text=True).stdout.strip(),
                       "cases": fixture}, f, indent=1, ensure_ascii=False)
            f.write("\n")
    return len(cases), failures


BOX_PAGE = """<!doctype html><html><head><meta charset="utf-8"><style>
@font-face { font-family: "MT"; src: url("file://%(font)s"); }
body { margin: 0; }
.box { font-family: "MT"; white-space: normal; font-kerning: normal; }
.mark { display: inline-block; width: 0; height: 0; vertical-align: baseline; }
</style></head><body>%(boxes)s<pre id="out"></pre><script>
document.fonts.ready.then(() => {
  const out = [];
  for (const box of document.querySelectorAll('.box')) {
    const r = box.getBoundingClientRect();
    const m = box.querySelector('.mark').getBoundingClientRect();
    out.push({height: r.height, baseline: m.top - r.top});
  }
  document.getElementById('out').textContent = JSON.stringify(out);
});
</script></body></html>"""
BOX_TRIMS = ["normal", "trim-both", "trim-start", "trim-end", "text", "trim-both cap alphabetic",
             "trim-both ex alphabetic", "cap alphabetic", "trim-start cap alphabetic", "trim-end text alphabetic",
             "trim-both ex text", "trim-both cap text"]
BOX_CONFIGS = [(16, 24), (22, 30), (16, 16), (40, 44), (13, 18)]


def compare_box(args):
    """text-box: the trimmed block's height and first baseline (a zero-size mark at the text's start)."""
    texts = ["Typography is the art of arranging type", "Hx"]
    cases = [(t, box, size, lh) for t in texts for box in BOX_TRIMS for size, lh in BOX_CONFIGS]
    boxes = "".join('<div class="box" style="width:160px; font-size:%dpx; line-height:%dpx; text-box:%s">'
                    '<span class="mark"></span>%s</div>' % (size, lh, box, html.escape(t))
                    for t, box, size, lh in cases)
    browser = run_chromium(args.chromium, BOX_PAGE % {"font": FONT, "boxes": boxes})
    failures, worst = 0, 0.0
    for (text, box, size, lh), theirs in zip(cases, browser):
        ours = json.loads(subprocess.run(
            [args.mattertype, "measure", text, "--no-system-fonts", "--size", str(size), "--line-height", str(lh),
             "--width", "160", "--text-box", box, "--json"], capture_output=True, text=True, check=True).stdout)
        height = abs(ours["height"] - theirs["height"])
        baseline = abs(ours["lines"][0]["baseline"] - theirs["baseline"])
        # Cap height and x-height are not rounded in Chromium: to its LayoutUnit (1/64 px). Its ascent and descent
        # are rounded to whole pixels, so a `text` edge may differ by up to 1 px, as baselines do without trim.
        words = box.split()
        both = not {"trim-start", "trim-end"} & set(words)
        tight = both and "alphabetic" in words and ({"cap", "ex"} & set(words))
        tolerance = 1 / 32 if tight else 1
        worst = max(worst, height, baseline) if tolerance < 1 else worst
        ok = height <= tolerance and baseline <= tolerance
        failures += not ok
        print(f"{'ok' if ok else 'DIFF'} box {box:26} {size}/{lh}: height {ours['height']:.3f} vs "
              f"{theirs['height']:.3f}, baseline {ours['lines'][0]['baseline']:.3f} vs {theirs['baseline']:.3f}")
    return len(cases), failures, worst


FIT_PAGE = """<!doctype html><html><head><meta charset="utf-8"><style>
@font-face { font-family: "MT"; src: url("file://%(font)s"); }
body { margin: 0; }
.box { font-family: "MT"; white-space: normal; overflow-wrap: normal; font-kerning: normal; }
</style></head><body>%(boxes)s<pre id="out"></pre><script>
// Chromium has no fit: search the 0.25 px grid from the typography's size down for the largest size at which the
// box is at most maxHeight tall, no line reaches past the width (a word wider than the line overflows it with
// overflow-wrap: normal) and, with maxLines, there are at most that many lines.
function lines(box) {
  const node = box.childNodes[0], text = node.textContent, tops = [];
  let right = 0;
  for (let i = 0; i < text.length; i++) {
    const range = document.createRange(); range.setStart(node, i); range.setEnd(node, i + 1);
    for (const r of range.getClientRects()) {
      if (!tops.some(t => Math.abs(t - r.top) < 1)) tops.push(r.top);
      if (text[i] !== " ") right = Math.max(right, r.right - box.getBoundingClientRect().left);
    }
  }
  return {count: tops.length, right};
}
document.fonts.ready.then(() => {
  const out = [];
  for (const box of document.querySelectorAll('.box')) {
    const size = +box.dataset.size, lh = +box.dataset.lh, width = +box.dataset.width;
    const maxHeight = +box.dataset.maxheight, maxLines = +box.dataset.maxlines;
    let found = 1;
    for (let k = Math.floor(size * 4); k >= 4; k--) {
      const s = k / 4;
      box.style.fontSize = s + "px"; box.style.lineHeight = (lh * s / size) + "px";
      const l = lines(box);
      // Chromium keeps each line height in 1/64 px (16.667 becomes 16.672): allow that rounding per line, as
      // MatterType's line height is exact.
      if (box.getBoundingClientRect().height <= maxHeight + l.count / 64 && l.right <= width + 0.02 &&
          (maxLines === 0 || l.count <= maxLines)) { found = s; break; }
    }
    out.push({size: found});
  }
  document.getElementById('out').textContent = JSON.stringify(out);
});
</script></body></html>"""


def compare_fit(args):
    """Fit: the largest size on the 0.25 px grid that fits, as a search in the page finds it."""
    texts = HEADLINES + TEXTS[:2]
    cases = [(t, size, lh, width, max_height, max_lines) for t in texts for size, lh in [(24, 32), (40, 48)]
             for width in [160, 240, 320] for max_height, max_lines in [(60, 0), (100, 0), (400, 2)]]
    boxes = "".join('<div class="box" style="width:%dpx" data-size="%s" data-lh="%s" data-width="%d" '
                    'data-maxheight="%s" data-maxlines="%d">%s</div>'
                    % (w, size, lh, w, h, n, html.escape(t)) for t, size, lh, w, h, n in cases)
    browser = run_chromium(args.chromium, FIT_PAGE % {"font": FONT, "boxes": boxes})
    failures = 0
    for (text, size, lh, width, max_height, max_lines), theirs in zip(cases, browser):
        command = [args.mattertype, "measure", text, "--no-system-fonts", "--size", str(size), "--line-height",
                   str(lh), "--width", str(width), "--max-height", str(max_height), "--fit", "--json"]
        ours = json.loads(subprocess.run(command + (["--max-lines", str(max_lines)] if max_lines else []),
                                         capture_output=True, text=True, check=True).stdout)
        same = abs(ours["fontSize"] - theirs["size"]) < 1e-9
        failures += not same
        print(f"{'ok' if same else 'DIFF'} fit {size}/{lh} width {width} max height {max_height} lines {max_lines}: "
              f"{ours['fontSize']} pt (Chromium {theirs['size']}): {text[:28]!r}")
    return len(cases), failures


# Each suite: its comparison, and how its worst difference (when it reports one) is described.
# Automatic hyphenation: Chromium here has no hyphenation dictionary, so the page gets the same text with a soft
# hyphen at each point libhyphen gives for the same LibreOffice dictionary (words chosen as Blink chooses them:
# leading quotes and brackets and trailing punctuation left out, 5 letters or more, capitalized English words
# left whole; none inside a ligature) and `hyphens: manual`; MatterType gets the plain text and --hyphens auto.
# The lines must match.
# (The dictionary itself is checked against pyphen by HyphenationTests; this suite checks the line breaking.)
HYPHEN_TEXTS = [
    ("en-US", TEXTS[1]),
    ("en-US", "International organizations demonstrate extraordinary responsibility for multilingual "
              "communication, particularly when typographical conventions are incompatible."),
    ("de", "Die Donaudampfschifffahrtsgesellschaft veröffentlichte ihre Geschwindigkeitsbegrenzungen; "
           "Silbentrennung verbessert die Lesbarkeit schmaler Spalten außerordentlich."),
    ("fr", "L'internationalisation nécessite particulièrement une typographie extraordinairement "
           "soignée, indépendamment de l'orthographe."),
]
HYPHEN_WIDTHS = [90, 130, 180, 250, 340]
HYPHEN_CONFIGS = [(16, 24), (22, 30)]
HYPHEN_DICTIONARIES = {"en-US": "/usr/share/hyphen/hyph_en_US.dic", "de": "/usr/share/hyphen/hyph_de_DE.dic",
                       "fr": "/usr/share/hyphen/hyph_fr.dic"}


def soft_hyphenated(text, language):
    """`text` with U+00AD at every hyphenation point libhyphen gives for its words."""
    import ctypes, re, unicodedata
    lib = ctypes.CDLL("libhyphen.so.0")
    lib.hnj_hyphen_load.restype = ctypes.c_void_p
    path = HYPHEN_DICTIONARIES[language]
    dictionary = ctypes.c_void_p(lib.hnj_hyphen_load(path.encode()))
    encoding = open(path, "rb").readline().decode().strip().replace("ISO8859-1", "latin-1")
    def skips_leading(c):
        return c in "\"'" or unicodedata.category(c) in ("Zs", "Ps", "Pi", "Pf")
    def skips_trailing(c):
        return unicodedata.category(c)[0] == "P" or unicodedata.category(c) in ("Zs", "Cc")
    def hyphenate(word):
        start, end = 0, len(word)
        while start < end and skips_leading(word[start]):
            start += 1
        while end > start and skips_trailing(word[end - 1]):
            end -= 1
        core = word[start:end]
        if len(core) < 5 or (language.startswith("en") and core[0].isupper()):
            return word
        data = core.lower().encode(encoding)
        flags = ctypes.create_string_buffer(len(data) + 5)
        rep, pos, cut = ctypes.c_void_p(), ctypes.c_void_p(), ctypes.c_void_p()
        lib.hnj_hyphen_hyphenate3(dictionary, data, len(data), flags, None, ctypes.byref(rep), ctypes.byref(pos),
                                  ctypes.byref(cut), 2, 2, 2, 2)
        # A point inside a glyph that draws two letters (Noto Sans' f_f: "öf-fent") is not offered: MatterType
        # does not reshape a word's parts at a break as Blink does (Docs/Chromium.md).
        shaped = json.loads(subprocess.run(["hb-shape", "--output-format=json", "--no-glyph-names", FONT, core],
                                           capture_output=True, text=True, check=True).stdout)
        starts = {g["cl"] for g in shaped}
        points = [k for k in range(2, len(core) - 1) if flags.raw[k - 1] & 1 and k in starts]
        for k in reversed(points):
            core = core[:k] + "\u00ad" + core[k:]
        return word[:start] + core + word[end:]
    # Words are what lies between break opportunities; in these texts, spaces and hyphens.
    return re.sub(r"[^\s-]+", lambda m: hyphenate(m.group(0)), text)


def compare_hyphens(args):
    """hyphens: auto: the lines Chromium breaks with soft hyphens at the dictionary's points."""
    failures = total = 0
    for size, line_height in HYPHEN_CONFIGS:
        cases = [(lang, t, w) for lang, t in HYPHEN_TEXTS for w in HYPHEN_WIDTHS]
        boxes = '<div class="box probe"><span class="mark"></span>x</div>' + "".join(
            '<div class="box text" lang="%s" style="width:%dpx; hyphens: manual">%s</div>'
            % (lang, w, html.escape(soft_hyphenated(t, lang))) for lang, t, w in cases)
        browser = run_chromium(args.chromium, PAGE % {"font": FONT, "size": size, "lh": line_height, "boxes": boxes,
                                                      "extra": ""})
        for (lang, text, width), theirs in zip(cases, browser):
            total += 1
            ours = json.loads(subprocess.run(
                [args.mattertype, "measure", text, "--no-system-fonts", "--size", str(size), "--line-height",
                 str(line_height), "--width", str(width), "--hyphens", "auto", "--language", lang, "--json"],
                capture_output=True, text=True, check=True).stdout)
            # Ours show the hyphen as U+2010; Chromium's DOM text has the soft hyphen, not the hyphen drawn.
            our_lines = [l["text"].rstrip(" ").removesuffix("\u2010") for l in ours["lines"]]
            their_lines = [l.replace("\u00ad", "").rstrip(" ") for l in theirs["lines"]]
            hyphenated = sum(l["text"].endswith("\u2010") for l in ours["lines"])
            same = our_lines == their_lines and not ours["hyphenationWarnings"]
            failures += not same
            print(f"{'ok' if same else 'DIFF'} {lang:5} {size}/{line_height} width {width:4d}: {len(our_lines):2d} "
                  f"lines, {hyphenated} hyphenated (Chromium {len(their_lines):2d}): {text[:28]!r}")
            if not same:
                print_first_difference(our_lines, their_lines)
    return total, failures


# Inline boxes: spans that are boxes, as inline-block elements of the same size and vertical-align in Chromium.
# Each box fits inside its line box, so that Chromium's line box does not grow (MatterType's never does): the
# comparison is of the lines, and of each box's left edge (within 0.1 px) and top (within 1 px: Chromium rounds
# the font's ascent and descent, which baseline, middle, text-top and text-bottom hang from).
INLINE_PAGE = """<!doctype html><html><head><meta charset="utf-8"><style>
@font-face { font-family: "MT"; src: url("file://%(font)s"); }
body { margin: 0; }
.text { font-family: "MT"; font-size: %(size)spx; line-height: %(lh)spx; white-space: normal;
        overflow-wrap: break-word; font-kerning: normal; }
.ib { display: inline-block; }
</style></head><body>%(boxes)s<pre id="out"></pre><script>
document.fonts.ready.then(() => {
  const results = [];
  for (const container of document.querySelectorAll('.text')) {
    const origin = container.getBoundingClientRect();
    const lines = [], boxes = [];
    // An item's line: where its middle is (every line box is exactly the line height here).
    const lineOf = r => Math.floor(((r.top + r.bottom) / 2 - origin.top) / %(lh)s);
    const add = (line, text) => { while (lines.length <= line) lines.push(''); lines[line] += text; };
    let last = 0;
    for (const node of container.childNodes) {
      if (node.nodeType === Node.TEXT_NODE) {
        for (let i = 0; i < node.textContent.length; i++) {
          const range = document.createRange();
          range.setStart(node, i); range.setEnd(node, i + 1);
          const rects = range.getClientRects();
          if (rects.length > 0) last = lineOf(rects[0]);
          add(last, node.textContent[i]);
        }
      } else {
        const r = node.getBoundingClientRect();
        last = lineOf(r);
        add(last, '\ufffc');
        boxes.push({line: last, x: r.left - origin.left, y: r.top - origin.top});
      }
    }
    results.push({lines, boxes, height: origin.height});
  }
  document.getElementById('out').textContent = JSON.stringify(results);
});
</script></body></html>"""
# Texts with boxes: None marks where a box goes.
INLINE_TEXTS = [
    ["Verified ", None, " account of a designer who ships typography"],
    [None, " Your order has shipped and will arrive on Thursday ", None],
    ["Rated 4.8", None, None, None, " by 1,200 readers of the weekly newsletter"],
    ["Pay", None, "with", None, "cards or", None, "wallets before the offer ends"],
]
INLINE_ALIGNMENTS = ["baseline", "middle", "text-top", "text-bottom", "top", "bottom"]
INLINE_WIDTHS = [120, 200, 300]
# (font size, line height, box width, box height per alignment): each box inside the line box.
INLINE_CONFIGS = [(16, 24, 18, {"baseline": 14, "middle": 16, "text-top": 16, "text-bottom": 16, "top": 20,
                                "bottom": 20}),
                  (22, 30, 26, {"baseline": 18, "middle": 20, "text-top": 22, "text-bottom": 22, "top": 28,
                                "bottom": 28})]


def compare_inline(args):
    """Inline boxes: the same lines, and each box where Chromium puts it."""
    failures = total = 0
    worst = 0.0
    for size, line_height, box_width, heights in INLINE_CONFIGS:
        cases = [(pieces, align, width) for pieces in INLINE_TEXTS for align in INLINE_ALIGNMENTS
                 for width in INLINE_WIDTHS]
        def html_of(pieces, align):
            return "".join(html.escape(p) if p is not None else
                           '<span class="ib" style="width:%dpx;height:%dpx;vertical-align:%s"></span>'
                           % (box_width, heights[align], align) for p in pieces)
        boxes = "".join('<div class="text" style="width:%dpx">%s</div>' % (w, html_of(p, a)) for p, a, w in cases)
        browser = run_chromium(args.chromium, INLINE_PAGE % {"font": FONT, "size": size, "lh": line_height,
                                                             "boxes": boxes})
        for (pieces, align, width), theirs in zip(cases, browser):
            total += 1
            spans = [{"text": p} if p is not None else
                     {"box": {"width": box_width, "height": heights[align], "align": align}} for p in pieces]
            with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
                json.dump({"spans": spans}, f)
            try:
                ours = json.loads(subprocess.run(
                    [args.mattertype, "measure", "--spans", f.name, "--no-system-fonts", "--size", str(size),
                     "--line-height", str(line_height), "--width", str(width), "--json"],
                    capture_output=True, text=True, check=True).stdout)
            finally:
                os.unlink(f.name)
            # A space hanging after a box at a line end reports its box on the next line: spaces at either end
            # are left out of the comparison.
            our_lines = [l["text"].strip(" ") for l in ours["lines"]]
            their_lines = [l.strip(" ") for l in theirs["lines"]]
            same = our_lines == their_lines and len(ours.get("boxes", [])) == len(theirs["boxes"])
            dx = dy = 0.0
            if same:
                for our, their in zip(ours["boxes"], theirs["boxes"]):
                    same = same and our["line"] == their["line"]
                    dx, dy = max(dx, abs(our["x"] - their["x"])), max(dy, abs(our["y"] - their["y"]))
            exact = ours["height"] == len(ours["lines"]) * line_height == theirs["height"]
            ok = same and exact and dx <= 0.1 and dy <= 1
            worst = max(worst, dy)
            failures += not ok
            print(f"{'ok' if ok else 'DIFF'} {align:11} {size}/{line_height} width {width:3d}: {len(our_lines)} lines "
                  f"(Chromium {len(their_lines)}), boxes within {dx:.3f} px across, {dy:.3f} px down, height "
                  f"{ours['height']} vs {theirs['height']}: {''.join(p or '#' for p in pieces)[:24]!r}")
            if not same:
                print_first_difference(our_lines, their_lines)
    return total, failures, worst


def compare_vertical(args):
    """Columns and annotations (Scripts/chromium-vertical-reference.py's cases, laid out by Chromium now): every
    column's text Chromium's, every column and annotation box within 1 px."""
    spec = importlib.util.spec_from_file_location("vertical", os.path.join(ROOT, "Scripts",
                                                                           "chromium-vertical-reference.py"))
    vertical = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(vertical)
    cases, browser = vertical.layout_in_chromium(args.chromium)
    env = dict(os.environ, FONTCONFIG_FILE=FONTS_CONF)
    failures, worst = 0, 0.0
    with tempfile.TemporaryDirectory() as scratch:
        for (text, family, lang, mode, orientation, size, lh, length), theirs in zip(cases, browser):
            side = "--width" if mode == "horizontal-tb" else "--height"
            command = [args.mattertype, "measure", "--family", family, "--language", lang, "--size", str(size),
                       "--line-height", str(lh), "--writing-mode", mode, "--text-orientation", orientation, side,
                       str(length), "--json"]
            if "[" in text:
                path = os.path.join(scratch, "spans.json")
                with open(path, "w") as f:
                    json.dump({"spans": vertical.spans(text)}, f, ensure_ascii=False)
                command += ["--spans", path]
            else:
                command.insert(2, text)
            run = subprocess.run(command, capture_output=True, text=True, env=env)
            label = f"{mode:13} {orientation:8} {family:17} {size}/{lh} in {length:3d}: {text[:20]!r}"
            if run.returncode != 0:
                failures += 1
                print(f"FAIL {label}: {run.stderr.strip()}")
                continue
            ours = json.loads(run.stdout)
            our_lines = [l["text"].rstrip(" ") for l in ours["lines"]]
            their_lines = [l["text"].rstrip(" ") for l in theirs["lines"]]
            offset = 0.0
            if our_lines == their_lines:
                def box(line):
                    if mode == "horizontal-tb":
                        return (line["x"], line["top"], line["width"], lh)
                    return (line["x"], line["y"], line["width"], line["height"])
                pairs = [(box(o), (t["x"], t["y"], t["width"], t["height"])) for o, t in zip(ours["lines"],
                                                                                          theirs["lines"])]
                our_ruby, their_ruby = ours.get("ruby", []), theirs["ruby"]
                if [r["text"] for r in our_ruby] != [r["text"] for r in their_ruby]:
                    offset = float("inf")
                pairs += [((o["x"], o["y"], o["width"], o["height"]), (t["x"], t["y"], t["width"], t["height"]))
                          for o, t in zip(our_ruby, their_ruby)]
                offset = max([offset] + [abs(a - b) for o, t in pairs for a, b in zip(o, t)])
                worst = max(worst, offset if offset != float("inf") else 0)
            status = "ok" if our_lines == their_lines and offset <= 1 else "DIFF"
            failures += status != "ok"
            print(f"{status} {label}: {len(our_lines)} lines (Chromium {len(their_lines)}), boxes within "
                  f"{offset:.3f} px")
            if our_lines != their_lines:
                print_first_difference(our_lines, their_lines)
    return len(cases), failures, worst


SUITES = {
    "rich": (compare_rich, None),
    "latin": (compare_latin, "worst baseline difference {:.3f} px"),
    "wrap": (compare_wrap, None),
    "box": (compare_box, "cap and x-height edges within {:.4f} px"),
    "fit": (compare_fit, None),
    "hyphens": (compare_hyphens, None),
    "inline": (compare_inline, "box tops within {:.3f} px"),
    "world": (compare_world, "worst line edge difference {:.3f} px"),
    "spacing": (compare_spacing, "worst line edge difference {:.3f} px"),
    "vertical": (compare_vertical, "worst box difference {:.3f} px"),
}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--mattertype", default=os.path.join(ROOT, ".build", "debug", "mattertype"))
    parser.add_argument("--chromium", default="chromium")
    parser.add_argument("--only", choices=list(SUITES))
    parser.add_argument("--write-fixture", action="store_true")
    args = parser.parse_args()
    total = failures = 0
    for name, (compare, worst_text) in SUITES.items():
        if args.only not in (None, name):
            continue
        result = compare(args)
        t, f = result[0], result[1]
        total, failures = total + t, failures + f
        print(f"{name}: {t - f} of {t} match" + (f" ({worst_text.format(result[2])})" if worst_text else ""))
    print(f"{total - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
