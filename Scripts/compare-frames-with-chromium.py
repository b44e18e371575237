#!/usr/bin/env python3
"""Compares card frames' Auto Layout (`mattertype card --json`) with Chromium's flexbox for the same trees.

Usage: Scripts/compare-frames-with-chromium.py [--mattertype PATH] [--chromium PATH] [--trees 240] [--seed 1]
                                             [--write-fixture]
Needs Debian's `chromium` and the fonts of Scripts/chromium-fonts.conf (fonts-noto-core, fonts-noto-cjk); both
sides fall back through that Fontconfig configuration (FONTCONFIG_FILE), so "Noto Sans" is the bundled one.

Each tree is a card with one frame (and sometimes an absolute layer beside it) nested 1-4 deep: rows and columns,
fixed, hugging and filling sizes, min/max, fixed and auto gaps, padding, every alignment (baseline too), wrap with
a cross gap, absolute children, frames without a direction, and text of several lengths in Latin, Arabic, Hebrew,
Devanagari, Thai, Japanese and Chinese. The same tree is written as HTML with the mapping Docs/Cards.md gives
(hug = flex: none and max-content, fill along = flex: 1 1 0 with min 0, fill across = align-self: stretch, gap auto
= space-between, wrap = flex-wrap with align-content: flex-start, crossGap auto = align-content: space-between;
fill along a frame that hugs that axis = hug, fill across one that hugs it (and does not wrap) = a plain stretch,
fill inside hug being hug), every
element's box is read with getBoundingClientRect, and every box (text included) must be within 0.5 px of ours --
1 px in trees whose rows align baselines, as Chromium rounds baselines to whole pixels (see aligns_baselines).

--write-fixture stores the trees and Chromium's boxes in Tests/MatterTypeTests/Fixtures/chromium-frames.json,
which CardFrameTests compares our layout against on every test run. Exits 1 on any box further than 0.5 px.
"""
import argparse, html, importlib.util, json, os, random, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Chromium is run as the text comparison runs it (headless, --dump-dom, the results in <pre id="out">).
_spec = importlib.util.spec_from_file_location("compare_with_chromium",
                                               os.path.join(ROOT, "Scripts", "compare-with-chromium.py"))
TEXT_COMPARISON = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(TEXT_COMPARISON)
FONTS_CONF = os.path.join(ROOT, "Scripts", "chromium-fonts.conf")
FIXTURE = os.path.join(ROOT, "Tests", "MatterTypeTests", "Fixtures", "chromium-frames.json")
TEXTS = [
    "Hi",
    "Ada Lovelace",
    "27 Nov 2026",
    "Release notes",
    "The quick brown fox jumps over the lazy dog.",
    "Typography is the art of arranging type to make written language legible, readable and appealing.",
    "A description that follows the title, however long it runs, and pushes what is below it down the card.",
    "مرحبا بالعالم",
    "שלום עולם, מה שלומך היום?",
    "नमस्ते दुनिया, आप कैसे हैं?",
    "สวัสดีชาวโลก ยินดีต้อนรับ",
    "日本語のテキストを折り返します。",
    "中文文本的换行测试。",
]
WEIGHTS = {"regular": 400, "medium": 500, "semibold": 600, "bold": 700}
CANVAS = (1000, 900)


class Tree:
    """A random card whose first layer is a frame, with each layer's CSS decided as it is generated."""

    def __init__(self, rng, depth, grids):
        self.rng = rng
        self.max_depth = depth
        self.grids = grids

    def size(self, kinds, low, high):
        kind = self.rng.choice(kinds)
        return round(self.rng.uniform(low, high)) if kind == "fixed" else kind

    def limits(self, layer):
        if self.rng.random() < 0.15:
            layer["minWidth"] = self.rng.choice([40, 80, 160])
        if self.rng.random() < 0.15:
            layer["maxWidth"] = self.rng.choice([120, 240, 400])
        if self.rng.random() < 0.1:
            layer["minHeight"] = self.rng.choice([20, 60, 120])

    def text(self):
        size = self.rng.choice([12, 16, 20, 28, 40])
        layer = {"type": "text", "text": self.rng.choice(TEXTS), "size": size,
                 "lineHeight": round(size * self.rng.choice([1.2, 1.5, 1.25])),
                 "weight": self.rng.choice(list(WEIGHTS)),
                 "width": self.size(["hug", "hug", "fill", "fixed"], 60, 400),
                 "height": self.size(["hug", "hug", "hug", "fill", "fixed"], 20, 200)}
        if not layer["text"].isascii():
            # Falling back to another script's face, Chromium keeps the regular face (with synthetic bold, the same
            # advances) where MatterType takes the family's real bold: a font choice, not layout.
            layer["weight"] = "regular"
        self.limits(layer)
        return layer

    def rect(self, knows):
        # A rectangle has nothing to hug: fill only where the frame knows the axis.
        width = self.size(["fixed", "fill"] if knows[0] else ["fixed"], 10, 200)
        height = self.size(["fixed", "fill"] if knows[1] else ["fixed"], 10, 120)
        layer = {"type": "rect", "width": width, "height": height, "fill": "#" + "%06X" % self.rng.randrange(1 << 24)}
        if self.rng.random() < 0.1:
            layer["minHeight"] = 30
        return layer

    def track(self):
        r = self.rng.random()
        if r < 0.3:
            return self.rng.choice([40, 80, 120, 200])
        if r < 0.7:
            return self.rng.choice(["1fr", "1fr", "2fr", "3fr", "0.5fr"])
        return "auto"

    def grid(self, depth, knows):
        """A grid frame: 1-4 columns and 0-3 rows of fixed, fr and auto tracks, gaps, padding, and 1-6 children
        each in a given cell or the next free one, spanning 1-2 tracks, aligned anywhere in their area."""
        layer = {"type": "frame", "layers": []}
        layer["width"] = self.size(["hug", "fill", "fixed"] if knows[0] else ["hug", "fixed"], 150, 900)
        layer["height"] = self.size(["hug", "hug", "fill", "fixed"] if knows[1] else ["hug", "hug", "fixed"], 80, 600)
        columns = [self.track() for _ in range(self.rng.randint(1, 4))]
        grid = {"columns": columns, "rows": [self.track() for _ in range(self.rng.randint(0, 3))],
                "columnGap": self.rng.choice([0, 8, 16]), "rowGap": self.rng.choice([0, 6, 12])}
        layer["layout"] = {"grid": grid}
        if self.rng.random() < 0.6:
            layer["layout"]["padding"] = self.rng.choice([0, 8, 16])
        for _ in range(self.rng.randint(1, 6)):
            r = self.rng.random()
            if depth < self.max_depth and r < 0.2:
                child = self.frame(depth + 1, (True, True))
            elif r < 0.75:
                child = self.text()
            else:
                child = self.rect((True, True))
            cell = {}
            if self.rng.random() < 0.5:
                cell["row"], cell["column"] = self.rng.randrange(0, 3), self.rng.randrange(0, len(columns) + 1)
            if self.rng.random() < 0.25:
                cell["columnSpan"] = 2
            if self.rng.random() < 0.2:
                cell["rowSpan"] = 2
            for axis in ("horizontal", "vertical"):
                if self.rng.random() < 0.4:
                    cell[axis] = self.rng.choice(["start", "center", "end"])
            if cell:
                child["cell"] = cell
            layer["layers"].append(child)
        return layer

    def frame(self, depth, knows):
        """A frame whose own size on each axis the parent knows (`knows`: can it fill width, height)."""
        if self.grids and self.rng.random() < 0.2:
            return self.grid(depth, knows)
        direction = self.rng.choice(["horizontal", "vertical", "horizontal", "vertical", None])
        layer = {"type": "frame", "layers": []}
        if direction is None:
            layer["width"], layer["height"] = self.size(["fixed"], 150, 500), self.size(["fixed"], 80, 300)
        else:
            layer["width"] = self.size(["hug", "fill", "fixed"] if knows[0] else ["hug", "fixed"], 150, 900)
            layer["height"] = self.size(["hug", "hug", "fill", "fixed"] if knows[1] else ["hug", "hug", "fixed"],
                                        80, 600)
            flow = {"direction": direction}
            r = self.rng.random()
            flow["gap"] = "auto" if r < 0.15 else self.rng.choice([0, 8, 12, 24])
            if self.rng.random() < 0.7:
                flow["padding"] = (self.rng.choice([0, 8, 16, 32]) if self.rng.random() < 0.6
                                   else [self.rng.choice([0, 4, 10, 20]) for _ in range(4)])
            flow["align"] = self.rng.choice(["start", "center", "end"])
            flow["crossAlign"] = self.rng.choice(["start", "center", "end", "baseline"])
            if self.rng.random() < 0.25:
                flow["wrap"] = True
                flow["crossGap"] = self.rng.choice([0, 6, 16, "auto"])
            layer["layout"] = flow
            if self.rng.random() < 0.2:
                self.limits(layer)
        # What this frame knows of its own size: fixed, or filling what its parent knows.
        mine = (isinstance(layer["width"], int) or (layer["width"] == "fill" and knows[0]),
                isinstance(layer["height"], int) or (layer["height"] == "fill" and knows[1]))
        for _ in range(self.rng.randint(1, 4)):
            absolute = direction is None or self.rng.random() < 0.1
            child_knows = (False, False) if absolute else mine
            r = self.rng.random()
            if depth < self.max_depth and r < 0.3:
                child = self.frame(depth + 1, child_knows)
            elif r < 0.75:
                child = self.text()
            else:
                child = self.rect(child_knows)
            if absolute:
                for axis in ("width", "height"):
                    if child[axis] == "fill":
                        child[axis] = "hug" if child["type"] != "rect" else 50
                if child["type"] == "frame" and "layout" not in child:
                    pass
                child["x"], child["y"] = self.rng.randrange(0, 120), self.rng.randrange(0, 80)
                if direction is not None:
                    child["position"] = "absolute"
            layer["layers"].append(child)
        return layer

    def card(self):
        top = self.frame(1, (False, False))
        for axis in ("width", "height"):
            if top[axis] == "fill":
                top[axis] = "hug"
        top["x"], top["y"] = 20, 20
        return {"width": CANVAS[0], "height": CANVAS[1], "layers": [top]}


def aligns_baselines(layer):
    """Whether a row in the tree aligns baselines: Chromium rounds ascent and descent to whole pixels and floors
    the half-leading (LayoutNG's CalculateLeadingSpace), MatterType does not (Docs/Chromium.md), so the boxes a
    shared baseline places may differ by up to a pixel; those trees are held to 1 px instead of 0.5."""
    flow = layer.get("layout", {})
    if flow.get("direction") == "horizontal" and flow.get("crossAlign") == "baseline":
        return True
    return any(aligns_baselines(child) for child in layer.get("layers", []))


def fixed(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def css_of(layer, path, parent, knows):
    """The HTML of `layer` at JSON Pointer `path`; `parent` is its frame's layout (None: placed at x, y) and
    `knows` whether that frame can be filled on (width, height)."""
    style = ["box-sizing:border-box"]
    row = parent is not None and parent.get("direction") == "horizontal"
    in_flow = parent is not None and parent.get("direction") is not None and layer.get("position") != "absolute"
    in_grid = parent is not None and "grid" in parent and layer.get("position") != "absolute"
    own = grid_item_style(layer, style) if in_grid else []  # what this layer knows of its own (width, height)
    for axis, index in (("width", 0), ("height", 1)) if not in_grid else ():
        value = layer[axis]
        main = in_flow and (axis == "width") == row
        if fixed(value):
            style.append("%s:%spx" % (axis, value))
            own.append(True)
        elif value == "fill" and in_flow and knows[index]:
            own.append(True)
            if main:
                style.append("flex:1 1 0px")
                style.append("min-%s:%spx" % (axis, layer.get("min" + axis.capitalize(), 0)))
            else:
                style.append("align-self:stretch")
        elif value == "fill" and in_flow and not main and not parent.get("wrap"):
            # Across a frame that hugs that axis: fill inside hug is hug (Figma's rule): the child sizes the frame
            # by its own content, as the others do, then stretches to it (CSS: a plain stretch).
            own.append(True)
            style.append("align-self:stretch")
        else:  # hug, or fill along a frame that hugs
            own.append(False)
            if axis == "width":
                style.append("width:max-content")
        if main:
            if not any(s.startswith("flex:") for s in style):
                style.append("flex:none")
    for key, css in (("minWidth", "min-width"), ("maxWidth", "max-width"), ("minHeight", "min-height"),
                     ("maxHeight", "max-height")):
        if key in layer and not any(s.startswith(css + ":") for s in style):
            style.append("%s:%spx" % (css, layer[key]))
    if in_grid:
        pass
    elif not in_flow:
        style.append("position:absolute;left:%spx;top:%spx" % (layer.get("x", 0), layer.get("y", 0)))
    elif layer["type"] == "frame":
        style.append("position:relative")
    inner = ""
    if layer["type"] == "text":
        style.append("font-family:'Noto Sans';font-size:%spx;line-height:%spx;font-weight:%d;overflow-wrap:break-word;"
                     "unicode-bidi:plaintext;white-space:pre-wrap" % (layer["size"], layer["lineHeight"],
                                                                      WEIGHTS[layer["weight"]]))
        inner = html.escape(layer["text"])
    elif layer["type"] == "rect":
        style.append("background:%s" % layer["fill"])
    elif layer["type"] == "frame":
        flow = layer.get("layout", {})
        if "grid" in flow:
            style.append(grid_css(flow))
        elif flow.get("direction"):
            is_row = flow["direction"] == "horizontal"
            style.append("display:flex;flex-direction:%s" % ("row" if is_row else "column"))
            gap = flow.get("gap", 0)
            cross_gap = 0 if flow.get("crossGap") == "auto" else flow.get("crossGap", 0)
            main_gap = 0 if gap == "auto" else gap
            style.append("column-gap:%spx;row-gap:%spx" % ((main_gap, cross_gap) if is_row else (cross_gap, main_gap)))
            padding = flow.get("padding", 0)
            padding = padding if isinstance(padding, list) else [padding] * 4
            style.append("padding:%s" % " ".join("%spx" % p for p in padding))
            names = {"start": "flex-start", "center": "center", "end": "flex-end", "baseline": "baseline"}
            style.append("justify-content:%s" % ("space-between" if gap == "auto" else names[flow.get("align", "start")]))
            style.append("align-items:%s" % names[flow.get("crossAlign", "start")])
            if flow.get("wrap"):
                style.append("flex-wrap:wrap;align-content:%s"
                             % ("space-between" if flow.get("crossGap") == "auto" else "flex-start"))
        inner = "".join(css_of(child, "%s/layers/%d" % (path, i), flow, tuple(own))
                        for i, child in enumerate(layer["layers"]))
    return '<div data-p="%s" style="%s">%s</div>' % (path, ";".join(style), inner)


def grid_css(flow):
    """A grid frame's CSS: its tracks (a share is minmax(0, Nfr), as Docs/Cards.md says), gaps, padding, and
    tracks kept at the start (no stretching of auto tracks)."""
    grid = flow["grid"]

    def tracks(values):
        return " ".join("%spx" % v if fixed(v) else "minmax(0,%s)" % v if v.endswith("fr") else v for v in values)
    padding = flow.get("padding", 0)
    padding = padding if isinstance(padding, list) else [padding] * 4
    style = ["display:grid", "grid-template-columns:%s" % tracks(grid["columns"]),
             "column-gap:%spx;row-gap:%spx" % (grid.get("columnGap", 0), grid.get("rowGap", 0)),
             "padding:%s" % " ".join("%spx" % p for p in padding),
             "justify-content:start;align-content:start;grid-auto-flow:row"]
    if grid.get("rows"):
        style.append("grid-template-rows:%s" % tracks(grid["rows"]))
    return ";".join(style)


def grid_item_style(layer, style):
    """A grid child's placement: its area (grid-row/-column, from 1 in CSS), a fixed size, a hugging one at
    max-content, a filling one 100 % of its area, aligned with justify-self/align-self. Both of its axes are
    known to its own children: the tracks are sized before the items."""
    cell = layer.get("cell", {})
    row_span, column_span = cell.get("rowSpan", 1), cell.get("columnSpan", 1)
    if "row" in cell:
        style.append("grid-row:%d / span %d;grid-column:%d / span %d" % (cell["row"] + 1, row_span,
                                                                         cell["column"] + 1, column_span))
    else:
        style.append("grid-row:span %d;grid-column:span %d" % (row_span, column_span))
    own = []
    for axis, css, key in (("width", "justify-self", "horizontal"), ("height", "align-self", "vertical")):
        value = layer[axis]
        if value == "fill":
            # Its area's size (percentages resolve against the grid area), within its limits, then aligned.
            style.append("%s:100%%;%s:%s" % (axis, css, cell.get(key, "start")))
            own.append(True)
        else:
            style.append("%s:%s" % (css, cell.get(key, "start")))
            own.append(fixed(value))
            if fixed(value):
                style.append("%s:%spx" % (axis, value))
            elif axis == "width":
                style.append("width:max-content")
    for key, css in (("minWidth", "min-width"), ("maxWidth", "max-width"), ("minHeight", "min-height"),
                     ("maxHeight", "max-height")):
        if key in layer:
            style.append("%s:%spx" % (css, layer[key]))
    if layer["type"] == "frame":
        style.append("position:relative")
    return own


PAGE = """<!doctype html><html><head><meta charset="utf-8"><style>
body { margin: 0; } .card { position: relative; width: %(w)dpx; height: %(h)dpx; }
</style></head><body>%(cards)s<pre id="out"></pre><script>
document.fonts.ready.then(() => {
  const results = [];
  for (const card of document.querySelectorAll('.card')) {
    const origin = card.getBoundingClientRect();
    const boxes = {};
    for (const element of card.querySelectorAll('[data-p]')) {
      const r = element.getBoundingClientRect();
      boxes[element.dataset.p] = [r.left - origin.left, r.top - origin.top, r.width, r.height];
    }
    results.push(boxes);
  }
  document.getElementById('out').textContent = JSON.stringify(results);
});
</script></body></html>"""


def chromium_boxes(chromium, cards, env):
    body = "".join('<div class="card">%s</div>' % "".join(css_of(layer, "/layers/%d" % i, None, (True, True))
                                                        for i, layer in enumerate(card["layers"])) for card in cards)
    return TEXT_COMPARISON.run_chromium(chromium, PAGE % {"w": CANVAS[0], "h": CANVAS[1], "cards": body}, env)


def our_boxes(mattertype, card, env):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(card, f)
    try:
        run = subprocess.run([mattertype, "card", f.name, "--json"], capture_output=True, text=True, env=env)
    finally:
        os.unlink(f.name)
    if run.returncode != 0:
        return None, run.stderr.strip()
    return {b["path"]: [b["x"], b["y"], b["width"], b["height"]] for b in json.loads(run.stdout)["boxes"]}, None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--mattertype", default=os.path.join(ROOT, ".build", "debug", "mattertype"))
    parser.add_argument("--chromium", default="chromium")
    parser.add_argument("--trees", type=int, default=240)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--write-fixture", action="store_true")
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--no-grids", action="store_true", help="only flows (the trees of earlier fixtures)")
    args = parser.parse_args()
    env = dict(os.environ, FONTCONFIG_FILE=FONTS_CONF)
    rng = random.Random(args.seed)
    cards = [Tree(rng, rng.randint(1, 4), not args.no_grids).card() for _ in range(args.trees)]
    theirs = chromium_boxes(args.chromium, cards, env)
    failures, worst, count, worst_baseline, baseline_trees = 0, 0.0, 0, 0.0, 0
    for number, (card, boxes) in enumerate(zip(cards, theirs)):
        ours, error = our_boxes(args.mattertype, card, env)
        if ours is None:
            failures += 1
            print("FAIL tree %d: %s" % (number, error))
            continue
        tree_worst, bad = 0.0, []
        tolerance = 1.0 if aligns_baselines(card) else 0.5
        for path, box in boxes.items():
            mine = ours.get(path)
            count += 1
            difference = max(abs(a - b) for a, b in zip(mine, box)) if mine else float("inf")
            tree_worst = max(tree_worst, difference)
            if difference > tolerance:
                bad.append((path, mine, box))
        if tolerance == 0.5:
            worst = max(worst, tree_worst)
        else:
            worst_baseline = max(worst_baseline, tree_worst)
            baseline_trees += 1
        if bad:
            failures += 1
            print("FAIL tree %d: %d of %d boxes differ (worst %.3f px)" % (number, len(bad), len(boxes), tree_worst))
            for path, mine, box in bad[:4]:
                print("    %s ours %s chromium %s" % (path, [round(v, 2) for v in mine] if mine else None,
                                                      [round(v, 2) for v in box]))
            if args.verbose:
                print("    " + json.dumps(card))
        elif args.verbose:
            print("ok tree %d: %d boxes within %.3f px" % (number, len(boxes), tree_worst))
    print("%d trees, %d boxes: %d trees differ by more than their tolerance; worst %.3f px over %d trees without "
          "baseline alignment, %.3f px over %d with it" % (len(cards), count, failures, worst,
                                                            len(cards) - baseline_trees, worst_baseline,
                                                            baseline_trees))
    if args.write_fixture:
        with open(FIXTURE, "w") as f:
            json.dump({"command": "Scripts/compare-frames-with-chromium.py --trees %d --seed %d --write-fixture"
                                  % (args.trees, args.seed),
                       "chromium": subprocess.run([args.chromium, "--version"], capture_output=True,
                                                  text=True).stdout.strip(),
                       "trees": [{"card": card, "boxes": boxes} for card, boxes in zip(cards, theirs)]},
                      f, ensure_ascii=False, separators=(",", ":"))
        print("wrote", os.path.relpath(FIXTURE, ROOT))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
