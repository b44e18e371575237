#!/usr/bin/env python3
"""Compares `mattertype measure` with the boxes and ink Figma itself computed for real text nodes.

Usage: Scripts/compare-with-figma.py [--mattertype PATH] [--cases PATH] [--model figma|css] [--write-results PATH]
                                     [--worst N]

Reads ../shared/data/figma/text-cases.jsonl (real Figma REST JSON text nodes, other people's files: read here, never
copied into the project), each with Figma's box (absoluteBoundingBox), ink (absoluteRenderBounds) and the Debian
font file of its font (fonts-inter, fonts-roboto-unhinted, fonts-noto-core, fonts-noto-extra, fonts-croscore). Nodes
with character style overrides (spans) are left out: they come with Figma documents.

Each node goes in as Figma describes it: the characters verbatim (`--text-file -`), its font file and family, weight
(the one its style names: a few nodes say "Medium" with a fontWeight of 400, and Figma draws Medium),
italic, size, line height with its unit (pixels; a percent of the size; Auto, the font's own), letter spacing in
pixels, case and alignment, and for a fixed-width box (textAutoResize HEIGHT) its width. What must come out:
- the box: the same line count and height (within 0.01 px: Figma's heights are float32 products), and for an
  auto-width box (WIDTH_AND_HEIGHT) the same width;
- the ink (`inkBounds`, relative to the box's top-left corner) within 0.5 px of Figma's on every edge.

Prints one line per kind of result and the worst misses; with --write-results, stores the summary and every miss
(node, what differs, by how much) in that file. Exits 1 when fewer than 95 % of boxes or ink boxes match.
"""
import argparse, collections, json, os, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CASES = os.path.join(ROOT, "..", "shared", "data", "figma", "text-cases.jsonl")
HEIGHT_TOLERANCE = 0.01
WIDTH_TOLERANCE = 0.01
INK_TOLERANCE = 0.5
CASES_BY_TEXT_CASE = {"UPPER": "uppercase", "LOWER": "lowercase", "TITLE": "capitalize"}
ALIGNMENTS = {"LEFT": "left", "CENTER": "center", "RIGHT": "right", "JUSTIFIED": "justified"}
# Figma's style names, compared without spaces: some nodes say "Medium" with a fontWeight of 400, and Figma draws the
# style it names.
STYLE_WEIGHTS = {"thin": 100, "extralight": 200, "light": 300, "regular": 400, "medium": 500, "semibold": 600,
                 "bold": 700, "extrabold": 800, "black": 900}


def weight_and_files(node):
    """The weight the node's style names (else its fontWeight) and its font files: when the style names another
    weight than the Debian file listed, the same family's file of that style beside it, where one is installed."""
    style = node["style"]
    files = [font["file"] for font in node["debianFonts"]]
    name = (style.get("fontStyle") or "").lower().replace(" ", "").replace("italic", "") or "regular"
    weight = STYLE_WEIGHTS.get(name, int(style.get("fontWeight", 400)))
    if weight != int(style.get("fontWeight", 400)):
        first = files[0]
        folder, base = os.path.split(first)
        stem, extension = os.path.splitext(base)
        family = stem.split("-")[0]
        suffix = next(k for k, v in STYLE_WEIGHTS.items() if v == weight)
        for candidate in os.listdir(folder):
            if candidate.lower() == (family + "-" + suffix + extension).lower():
                files.append(os.path.join(folder, candidate))
    return weight, files


def usable(node):
    """Why a node cannot be compared, or None: spans, a box Figma sizes neither way, no font file."""
    style = node.get("style") or {}
    if node.get("characterStyleOverrides"):
        return "character style overrides (spans)"
    if style.get("textAutoResize") not in ("WIDTH_AND_HEIGHT", "HEIGHT"):
        return "a fixed-size box (textAutoResize %s)" % style.get("textAutoResize")
    if not node.get("debianFonts") or not all(os.path.exists(f["file"]) for f in node["debianFonts"]):
        return "its font file is not installed"
    if not node.get("absoluteBoundingBox") or not node.get("absoluteRenderBounds"):
        return "no box or ink recorded"
    return None


def line_height_argument(style):
    """The line height as Figma writes it: pixels, a percent of the size, or auto (the font's own)."""
    unit = style.get("lineHeightUnit")
    if unit == "PIXELS":
        return repr(style["lineHeightPx"])
    if unit == "FONT_SIZE_%":
        return "%r%%" % style.get("lineHeightPercentFontSize", style["lineHeightPx"] / style["fontSize"] * 100)
    return "auto" if abs(style.get("lineHeightPercent", 100) - 100) < 1e-6 else repr(style["lineHeightPx"])


def arguments(node, model):
    style = node["style"]
    weight, files = weight_and_files(node)
    args = ["measure", "--json", "--text-file", "-", "--no-system-fonts", "--family", style["fontFamily"],
            "--weight", str(weight), "--size", repr(style["fontSize"]),
            "--line-height", line_height_argument(style), "--letter-spacing", repr(style.get("letterSpacing", 0))]
    if model:
        args += ["--model", model]
    for file in files:
        args += ["--font-file", file]
    if "italic" in (style.get("fontStyle") or "").lower():
        args.append("--italic")
    if style.get("textCase") in CASES_BY_TEXT_CASE:
        args += ["--text-case", CASES_BY_TEXT_CASE[style["textCase"]]]
    args += ["--alignment", ALIGNMENTS.get(style.get("textAlignHorizontal"), "left")]
    if style["textAutoResize"] == "HEIGHT":
        args += ["--width", repr(node["absoluteBoundingBox"]["width"])]
    return args


def compare(node, measured):
    """What differs between Figma's node and `measured`: a list of (what, by how much)."""
    style = node["style"]
    box = node["absoluteBoundingBox"]
    ink = node["absoluteRenderBounds"]
    misses = []
    if abs(measured["height"] - box["height"]) > HEIGHT_TOLERANCE:
        misses.append(("height", measured["height"] - box["height"]))
    if style["textAutoResize"] == "WIDTH_AND_HEIGHT" and abs(measured["width"] - box["width"]) > WIDTH_TOLERANCE:
        misses.append(("width", measured["width"] - box["width"]))
    ink_misses = []
    got = measured.get("inkBounds")
    if got is None:
        ink_misses.append(("ink", None))
    else:
        expected = {"x": ink["x"] - box["x"], "y": ink["y"] - box["y"], "width": ink["width"], "height": ink["height"]}
        for edge in ("x", "y", "width", "height"):
            if abs(got[edge] - expected[edge]) > INK_TOLERANCE:
                ink_misses.append(("ink " + edge, got[edge] - expected[edge]))
    return misses, ink_misses


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mattertype", default=os.path.join(ROOT, ".build", "debug", "mattertype"))
    parser.add_argument("--cases", default=CASES)
    parser.add_argument("--model", default="figma", help="figma or css ('' to pass none)")
    parser.add_argument("--write-results", default=None)
    parser.add_argument("--worst", type=int, default=12)
    options = parser.parse_args()
    if not os.path.exists(options.cases):
        sys.exit("compare-with-figma: %s is not there (../shared holds the Figma cases)" % options.cases)
    nodes = [json.loads(line) for line in open(options.cases, encoding="utf-8")]
    skipped = collections.Counter()
    counts = collections.Counter()
    misses = []
    for node in nodes:
        reason = usable(node)
        if reason:
            skipped[reason] += 1
            continue
        kind = "auto width" if node["style"]["textAutoResize"] == "WIDTH_AND_HEIGHT" else "fixed width"
        run = subprocess.run([options.mattertype] + arguments(node, options.model), input=node["characters"].encode(),
                             capture_output=True)
        counts[kind] += 1
        if run.returncode != 0:
            misses.append((node, [("error", run.stderr.decode().strip())], []))
            continue
        box, ink = compare(node, json.loads(run.stdout))
        counts[kind + " boxes"] += not box
        counts["ink"] += not ink
        if box or ink:
            misses.append((node, box, ink))
    usable_count = counts["auto width"] + counts["fixed width"]
    boxes = counts["auto width boxes"] + counts["fixed width boxes"]
    lines = [
        "figma (%s model): %d of %d text nodes usable (%s)" % (
            options.model or "default", usable_count, len(nodes),
            ", ".join("%d %s" % (n, why) for why, n in skipped.most_common()) or "all"),
        "boxes: %d/%d (%.1f %%): auto width %d/%d, fixed width %d/%d" % (
            boxes, usable_count, 100 * boxes / max(usable_count, 1), counts["auto width boxes"],
            counts["auto width"], counts["fixed width boxes"], counts["fixed width"]),
        "ink within %.1f px: %d/%d (%.1f %%)" % (INK_TOLERANCE, counts["ink"], usable_count,
                                                100 * counts["ink"] / max(usable_count, 1)),
    ]
    print("\n".join(lines))
    kinds = collections.Counter(what.split(" ")[0] if what.startswith("ink") else what
                                for _, box, ink in misses for what, _ in box + ink[:1])
    print("misses by kind: " + ", ".join("%s %d" % item for item in kinds.most_common()))
    def size(miss):
        return max([abs(d) for _, d in miss[1] + miss[2] if isinstance(d, (int, float))] or [0])
    for node, box, ink in sorted(misses, key=size, reverse=True)[:options.worst]:
        print("  %s %s %r: %s" % (node["source"].split("@")[0], node["id"], node["characters"][:40],
                                 ", ".join("%s %+.3f" % (w, d) if isinstance(d, (int, float)) else "%s %s" % (w, d)
                                           for w, d in box + ink)))
    if options.write_results:
        with open(options.write_results, "w", encoding="utf-8") as out:
            out.write("# Scripts/compare-with-figma.py --model %s --write-results %s\n" % (
                options.model, os.path.relpath(options.write_results, ROOT)))
            out.write("\n".join(lines) + "\n")
            for node, box, ink in misses:
                out.write("%s %s: %s\n" % (node["source"].split("@")[0], node["id"],
                                           ", ".join("%s %+.3f" % (w, d) if isinstance(d, (int, float)) else
                                                     "%s %s" % (w, d) for w, d in box + ink)))
    sys.exit(0 if boxes >= 0.95 * usable_count and counts["ink"] >= 0.95 * usable_count else 1)


if __name__ == "__main__":
    main()
