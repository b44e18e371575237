#!/usr/bin/env python3
"""Records how Chromium sets Japanese and Chinese vertically (CSS Writing Modes 4) and annotates it with ruby: the
reference vertical layout is checked against (issue 63), kept as a fixture because a test run has no browser to
spare.

Usage: Scripts/chromium-vertical-reference.py [--chromium PATH] [--write-fixture]
Needs Debian's `chromium` and fonts-noto-cjk (Noto Sans CJK JP/SC/TC, Noto Serif CJK JP), found through
Scripts/chromium-fonts.conf as the other Chromium comparisons find theirs.

Cases: Japanese paragraphs (punctuation, brackets, small kana, long Latin words, numbers), Simplified and
Traditional Chinese, in vertical-rl and vertical-lr, at 5 column lengths and 2 size/line-height pairs, over four
CJK faces; text-orientation upright and sideways; text-combine-upright runs (tate-chu-yoko); and ruby (furigana) in
vertical-rl, vertical-lr and horizontal-tb. Each box is a block of the given column length (its `height`, or for
horizontal-tb its `width`) whose other side is its content's, laid out with Chromium's defaults where CSS leaves a
choice (text-orientation: mixed, line-break: normal, text-spacing-trim: normal, overflow-wrap: break-word).

For each case it records every line (a column in a vertical mode): its base text (annotations left out) and its
box in the layout's coordinates — origin at the block's top-left, x to the right, y down: across the line, the
line-height-wide slot centred on its characters' inline boxes (Chromium rounds that box's ascent and descent to
whole pixels, which puts Noto Serif CJK's half a pixel off the slot); along it, from its first character's start
to its last non-space character's end — and every annotation's box as Chromium lays out the <rt>. Prints a summary;
--write-fixture writes Tests/MatterTypeTests/Fixtures/chromium-vertical.json with this command and Chromium's
version.
"""
import argparse, html, importlib.util, json, os, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Chromium is run as the horizontal comparison runs it (its run_chromium: headless, --dump-dom, the result in
# <pre id="out">), with the same fonts.
_spec = importlib.util.spec_from_file_location("compare_with_chromium",
                                               os.path.join(ROOT, "Scripts", "compare-with-chromium.py"))
compare_with_chromium = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(compare_with_chromium)
FIXTURE = os.path.join(ROOT, "Tests", "MatterTypeTests", "Fixtures", "chromium-vertical.json")

# Markup: [tcy]12[/tcy] is a text-combine-upright: all span; [ruby]漢字|かんじ[/ruby] a ruby over its base.
JA = [
    "東京は日本の首都です。人口は約千四百万人で、世界有数の大都市です。「おもてなし」の心で迎えます。",
    "彼は「明日は雨だ」と言った。しかし、翌日は晴れた。天気予報（気象庁）は外れたのだ。それでも、傘は役に立った。",
    "ちょっと待ってください。シャッターチャンスは一瞬です！キャッチコピーを考えましょう。",
    "2026年11月29日、MatterTypeはLinuxサーバーで縦書きを組みます。Internationalizationも大切です。",
    "「えっ？」「本当！？」……と彼女は言った――そして、静かに笑った。『雪国』の冒頭を思い出す。",
]
ZH_HANS = "中文竖排文本需要正确地换行。标点符号，例如“引号”和（括号），不能出现在行首。"
ZH_HANT = "繁體中文的直排文字，常見於書籍與招牌。「引號」與《書名號》的位置也很重要。"
TCY = [
    "令和8年11月29日、気温は[tcy]12[/tcy]度でした。第[tcy]3[/tcy]章は[tcy]!?[/tcy]から始まる。",
    "価格は[tcy]99[/tcy]円、送料は[tcy]10[/tcy]円です。合計[tcy]109[/tcy]円になります。",
]
RUBY = [
    "[ruby]漢字|かんじ[/ruby]の[ruby]読|よ[/ruby]み[ruby]方|かた[/ruby]を[ruby]学|まな[/ruby]ぶのは"
    "[ruby]大切|たいせつ[/ruby]です。",
    "[ruby]東京|とうきょう[/ruby]から[ruby]京都|きょうと[/ruby]まで[ruby]新幹線|しんかんせん[/ruby]で"
    "[ruby]約|やく[/ruby]二時間です。",
    "庭の[ruby]紫陽花|あじさい[/ruby]が咲いた。ご注文を[ruby]承|うけたまわ[/ruby]りました。",
]
LENGTHS = [96, 160, 232, 304, 400]
CONFIGS = [(16, 24), (20, 34)]
JP_SANS, JP_SERIF = ("Noto Sans CJK JP", "ja"), ("Noto Serif CJK JP", "ja")


def cases():
    """(text markup, family, lang, writing mode, text orientation, size, line height, column length)."""
    result = []
    for mode in ("vertical-rl", "vertical-lr"):
        for size, lh in CONFIGS:
            for length in LENGTHS:
                for text in JA:
                    result.append((text, *JP_SANS, mode, "mixed", size, lh, length))
                result.append((ZH_HANS, "Noto Sans CJK SC", "zh-Hans", mode, "mixed", size, lh, length))
                result.append((ZH_HANT, "Noto Sans CJK TC", "zh-Hant", mode, "mixed", size, lh, length))
                for text in TCY:
                    result.append((text, *JP_SANS, mode, "mixed", size, lh, length))
            for length in LENGTHS:
                for text in (JA[0], JA[1], JA[3]):
                    result.append((text, *JP_SERIF, mode, "mixed", 16, 24, length))
    for orientation in ("upright", "sideways"):
        for length in LENGTHS:
            for text in (JA[3], JA[4]):
                result.append((text, *JP_SANS, "vertical-rl", orientation, 16, 24, length))
    for mode in ("vertical-rl", "vertical-lr", "horizontal-tb"):
        for size, lh in CONFIGS:
            for length in LENGTHS:
                for text in RUBY:
                    result.append((text, *JP_SANS, mode, "mixed", size, lh, length))
    return result


def markup_html(text):
    """The case's markup as HTML."""
    out = html.escape(text)
    out = out.replace("[tcy]", '<span class="tcy">').replace("[/tcy]", "</span>")
    while "[ruby]" in out:
        start = out.index("[ruby]")
        end = out.index("[/ruby]", start)
        base, annotation = out[start + 6:end].split("|")
        out = out[:start] + "<ruby>%s<rt>%s</rt></ruby>" % (base, annotation) + out[end + 7:]
    return out


def base_text(text):
    """The case's text without markup and annotations: what its lines hold."""
    out = text.replace("[tcy]", "").replace("[/tcy]", "")
    while "[ruby]" in out:
        start = out.index("[ruby]")
        end = out.index("[/ruby]", start)
        out = out[:start] + out[start + 6:end].split("|")[0] + out[end + 7:]
    return out


PAGE = """<!doctype html><html><head><meta charset="utf-8"><style>
body { margin: 0; }
.case { display: block; margin: 0 0 8px 0; white-space: normal; overflow-wrap: break-word; font-kerning: normal; }
.tcy { text-combine-upright: all; }
</style></head><body>%(boxes)s<pre id="out"></pre><script>
document.fonts.ready.then(() => {
  const results = [];
  for (const box of document.querySelectorAll('.case')) {
    const style = getComputedStyle(box);
    const vertical = style.writingMode !== 'horizontal-tb';
    const lineHeight = parseFloat(style.lineHeight);
    const origin = box.getBoundingClientRect();
    const chars = [];
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement.closest('rt')) continue;
      const text = node.textContent;
      for (let i = 0; i < text.length; ) {
        const length = text.codePointAt(i) > 0xffff ? 2 : 1;
        const range = document.createRange();
        range.setStart(node, i); range.setEnd(node, i + length);
        const rects = [...range.getClientRects()].filter(r => r.width > 0 || r.height > 0);
        // A combined run's characters stand in its one-em box: theirs are where they are drawn, narrowed, off
        // the column's middle.
        const combined = node.parentElement.closest('.tcy');
        const rect = combined && rects.length ? combined.getBoundingClientRect() : rects[0];
        chars.push({ch: text.slice(i, i + length), rect: rects.length ? rect : null});
        i += length;
      }
    }
    // Lines: consecutive characters whose inline boxes are centred within half a line height of each other.
    const lines = [];
    let line = null;
    for (const c of chars) {
      if (!c.rect) { if (line) line.text += c.ch; continue; }
      const centre = vertical ? (c.rect.left + c.rect.right) / 2 : (c.rect.top + c.rect.bottom) / 2;
      if (!line || Math.abs(centre - line.centre) > lineHeight / 2) {
        line = {text: '', centre, start: Infinity, end: -Infinity, chars: []};
        lines.push(line);
      }
      line.text += c.ch;
      const start = vertical ? c.rect.top : c.rect.left, end = vertical ? c.rect.bottom : c.rect.right;
      line.start = Math.min(line.start, start);
      if (c.ch.trim() !== '') line.end = Math.max(line.end, end);
    }
    const out = lines.map(l => vertical
      ? {text: l.text, x: l.centre - lineHeight / 2 - origin.left, y: l.start - origin.top,
         width: lineHeight, height: l.end - l.start}
      : {text: l.text, x: l.start - origin.left, y: l.centre - lineHeight / 2 - origin.top,
         width: l.end - l.start, height: lineHeight});
    const ruby = [...box.querySelectorAll('rt')].map(rt => {
      const r = rt.getBoundingClientRect();
      return {text: rt.textContent, x: r.left - origin.left, y: r.top - origin.top, width: r.width, height: r.height};
    });
    results.push({lines: out, ruby, width: origin.width, height: origin.height});
  }
  document.getElementById('out').textContent = JSON.stringify(results);
});
</script></body></html>"""


def chromium_version(chromium):
    out = subprocess.run([chromium, "--version"], capture_output=True, text=True).stdout.strip()
    return out.split(" built")[0]


def layout_in_chromium(chromium):
    """Every case and Chromium's layout of it (lines, annotations, block size), in the same order."""
    all_cases = cases()
    boxes = []
    for text, family, lang, mode, orientation, size, lh, length in all_cases:
        side = "width" if mode == "horizontal-tb" else "height"
        boxes.append('<div class="case" lang="%s" style="font-family: \'%s\'; font-size: %dpx; line-height: %dpx; '
                     'writing-mode: %s; text-orientation: %s; %s: %dpx">%s</div>'
                     % (lang, family, size, lh, mode, orientation, side, length, markup_html(text)))
    env = dict(os.environ, FONTCONFIG_FILE=compare_with_chromium.FONTS_CONF)
    return all_cases, compare_with_chromium.run_chromium(chromium, PAGE % {"boxes": "".join(boxes)}, env)


def spans(text):
    """The case's markup as `mattertype measure --spans` spans: a tcy run with textCombineUpright, a ruby base with
    its annotation."""
    result, rest = [], text
    while rest:
        starts = [i for i in (rest.find("[tcy]"), rest.find("[ruby]")) if i >= 0]
        start = min(starts) if starts else len(rest)
        if start > 0:
            result.append({"text": rest[:start]})
        rest = rest[start:]
        if rest.startswith("[tcy]"):
            end = rest.index("[/tcy]")
            result.append({"text": rest[5:end], "textCombineUpright": "all"})
            rest = rest[end + 6:]
        elif rest.startswith("[ruby]"):
            end = rest.index("[/ruby]")
            base, annotation = rest[6:end].split("|")
            result.append({"text": base, "ruby": annotation})
            rest = rest[end + 7:]
    return result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--chromium", default="chromium")
    parser.add_argument("--write-fixture", action="store_true")
    args = parser.parse_args()
    all_cases, browser = layout_in_chromium(args.chromium)
    records, problems = [], 0
    for (text, family, lang, mode, orientation, size, lh, length), theirs in zip(all_cases, browser):
        joined = "".join(line["text"] for line in theirs["lines"])
        if joined != base_text(text):
            problems += 1
            print(f"lines do not join to the text ({mode}, {family}, {length}): {joined!r}", file=sys.stderr)
        rounded = lambda box: {k: (round(v, 3) if isinstance(v, float) else v) for k, v in box.items()}
        records.append({"text": text, "family": family, "language": lang, "writingMode": mode,
                        "textOrientation": orientation, "size": size, "lineHeight": lh, "length": length,
                        "lines": [rounded(line) for line in theirs["lines"]],
                        "ruby": [rounded(r) for r in theirs["ruby"]],
                        "width": round(theirs["width"], 3), "height": round(theirs["height"], 3)})
    lines = sum(len(r["lines"]) for r in records)
    annotations = sum(len(r["ruby"]) for r in records)
    print(f"{len(records)} cases, {lines} lines, {annotations} annotations; {problems} whose lines lose text")
    if args.write_fixture:
        header = {"command": "Scripts/chromium-vertical-reference.py --write-fixture",
                  "chromium": chromium_version(args.chromium),
                  "coordinates": "origin at the block's top-left, x right, y down, CSS px",
                  "markup": "[tcy]…[/tcy]: text-combine-upright: all; [ruby]base|annotation[/ruby]: ruby"}
        with open(FIXTURE, "w") as f:
            # One case a line: a diff shows which cases Chromium sets differently.
            f.write(json.dumps(header, ensure_ascii=False)[:-1] + ', "cases": [\n')
            f.write(",\n".join(json.dumps(r, ensure_ascii=False) for r in records))
            f.write("\n]}\n")
        print(f"wrote {os.path.relpath(FIXTURE, ROOT)}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
