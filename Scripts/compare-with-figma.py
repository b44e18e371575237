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

With --pixels [DIR ...] (default ../shared/data/figma/pixels) it draws each frame there at its export scale and
compares it with the PNG Figma's export API made of it (both on white: the share of pixels within 24 levels, and
with --differences DIR an image of ours, Figma's and their difference for each); needs Pillow.

With --documents [DIR] (default ../shared/data/figma/frames) it compares whole Figma documents instead: each goes
through ../shared/tools/figma/strip_computed.py (what Figma's layout computed — auto-layout children's positions,
hugging and filling sizes, auto-sized texts' boxes, ink — is moved, grown or dropped), then `mattertype figma
--json` lays every top-level node out, and every visible node's box is compared with the original file's
absoluteBoundingBox (check_boxes.py's rules, imported from ../shared/tools/figma): within 0.5 px and within 2 px,
per node type, text line counts, texts' ink against absoluteRenderBounds (0.5 px), and the worst cases. Text nodes
in a family the machine does not have are counted apart (they fall back); --installed-fonts-only leaves out every
document that has one. Exits 1 below 90 % within 0.5 px, 98 % within 2 px or 97 % of line counts.
"""
import argparse, collections, gzip, json, os, subprocess, sys

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


def installed_families():
    """The font families fontconfig lists (every name of each)."""
    run = subprocess.run(["fc-list", ":", "family"], capture_output=True, text=True)
    return {name.strip().lower() for line in run.stdout.splitlines() for name in line.split(",")}


def hugs_lines(node):
    """Whether a text node's height is its lines' (auto height, or hugging in Auto Layout)."""
    sizing = node.get("layoutSizingVertical")
    if sizing:
        return sizing == "HUG"
    return (node.get("style") or {}).get("textAutoResize") in ("HEIGHT", "WIDTH_AND_HEIGHT")


def nodes_of(value):
    """Every node (an object with an id and a type) in a Figma document, hidden ones too."""
    if isinstance(value, dict):
        if "id" in value and "type" in value:
            yield value
        for child in value.values():
            yield from nodes_of(child)
    elif isinstance(value, list):
        for child in value:
            yield from nodes_of(child)


def compare_documents(options):
    """Lays out every shared Figma document with its computed geometry taken out; compares boxes and lines."""
    tools = os.path.join(ROOT, "..", "shared", "tools", "figma")
    sys.path.insert(0, tools)
    import check_boxes  # ../shared/tools/figma: Figma's boxes, visible nodes and line counts, as the issue checks
    import tempfile
    families = installed_families()
    totals = collections.Counter()
    per_type = collections.defaultdict(lambda: [0, 0, 0])  # within 0.5, within 2, total
    rows = []
    fallback = collections.Counter()
    documents = sorted((folder, f) for folder in options.documents for f in os.listdir(folder)
                       if f.endswith(".json") or f.endswith(".json.gz"))
    for folder, name in documents:
        path = os.path.join(folder, name)
        original = json.load(gzip.open(path, "rt", encoding="utf-8-sig") if name.endswith(".gz")
                             else open(path, encoding="utf-8-sig"))
        if options.installed_fonts_only and any(
                node.get("type") == "TEXT" and (node.get("style") or {}).get("fontFamily", "").lower() not in families
                for node in nodes_of(original)):
            totals["documents left out"] += 1
            continue
        if "id" in original and "type" in original:
            # A bare node (as repositories save one frame): the file of that one node, as mattertype reads it.
            original = {"name": name, "document": {"id": "0:0", "type": "DOCUMENT",
                                                   "children": [{"id": "0:1", "type": "CANVAS", "children": [original]}]}}
        with tempfile.TemporaryDirectory() as work:
            whole, stripped = os.path.join(work, "document.json"), os.path.join(work, "stripped.json")
            json.dump(original, open(whole, "w", encoding="utf-8"))
            subprocess.run([sys.executable, os.path.join(tools, "strip_computed.py"), whole, stripped], check=True,
                           capture_output=True)
            run = subprocess.run([options.mattertype, "figma", stripped, "--json"], capture_output=True, text=True)
        if run.returncode != 0:
            print("%s: mattertype figma failed: %s" % (name, run.stderr.strip()))
            totals["failed documents"] += 1
            continue
        result = {node["id"]: node for node in json.loads(run.stdout)["nodes"]}
        original = check_boxes.unwrap(original)
        seen = set()
        for root in check_boxes.top_frames(original):
            for node, hidden in check_boxes.walk(root):
                box = node.get("absoluteBoundingBox")
                if hidden or node.get("id") in seen or not box or box.get("width") is None:
                    continue
                seen.add(node["id"])
                kind = node.get("type", "?")
                family = (node.get("style") or {}).get("fontFamily", "")
                if kind == "TEXT" and family.lower() not in families:
                    fallback[family] += 1
                    continue
                mine = result.get(node["id"])
                error = float("inf") if mine is None else max(abs(mine[k] - box[k])
                                                              for k in ("x", "y", "width", "height"))
                per_type[kind][0] += error <= 0.5
                per_type[kind][1] += error <= 2
                per_type[kind][2] += 1
                rows.append((error, name, node, mine))
                if kind == "TEXT" and node.get("absoluteRenderBounds") and mine is not None:
                    # Ink, from the original file (the stripped copy has none).
                    ink, theirs = mine.get("ink"), node["absoluteRenderBounds"]
                    totals["ink texts"] += 1
                    if ink and max(abs(ink[k] - theirs[k]) for k in ("x", "y", "width", "height")) <= 0.5:
                        totals["ink"] += 1
                if kind == "TEXT":
                    lines, _ = check_boxes.figma_lines(node)
                    if lines is None:
                        continue
                    if not hugs_lines(node):
                        # A fixed height is the designer's: it says nothing about how many lines are in it.
                        totals["fixed-height texts"] += 1
                        continue
                    totals["text"] += 1
                    totals["lines"] += mine is not None and mine.get("lines") == lines
    count = sum(t[2] for t in per_type.values())
    within = sum(t[0] for t in per_type.values())
    near = sum(t[1] for t in per_type.values())
    left_out = (", %d left out for a font this machine does not have" % totals["documents left out"]
                if options.installed_fonts_only else "")
    lines = ["figma documents: %d (%s), computed geometry stripped%s" % (
                 len(documents) - totals["documents left out"], ", ".join(options.documents), left_out),
             "nodes within 0.5 px: %d/%d (%.1f %%); within 2 px: %d/%d (%.1f %%)" % (
                 within, count, 100 * within / max(count, 1), near, count, 100 * near / max(count, 1)),
             "text line counts: %d/%d (%.1f %%) of the texts whose height is their lines' (%d fixed-height "
             "boxes not counted: Figma's height there is the designer's)" % (
                 totals["lines"], totals["text"], 100 * totals["lines"] / max(totals["text"], 1),
                 totals["fixed-height texts"]),
             "text ink within 0.5 px of absoluteRenderBounds: %d/%d (%.1f %%)" % (
                 totals["ink"], totals["ink texts"], 100 * totals["ink"] / max(totals["ink texts"], 1))]
    if fallback:
        lines.append("not counted, their family is not installed (they fall back): " +
                     ", ".join("%d %s" % (n, family) for family, n in fallback.most_common()))
    lines.append("per type (within 0.5 / within 2 / nodes): " + ", ".join(
        "%s %d/%d/%d" % (kind, *counts) for kind, counts in sorted(per_type.items(), key=lambda item: -item[1][2])))
    print("\n".join(lines))
    worst = sorted((row for row in rows if row[0] > 0.5), key=lambda row: -row[0])[:options.worst]
    for error, name, node, mine in worst:
        box = node["absoluteBoundingBox"]
        print("  %s %s %s %r: figma (%g, %g, %g × %g), ours %s" % (
            name.split("--")[-1], node["id"], node["type"], node.get("name", "")[:30], box["x"], box["y"],
            box["width"], box["height"], "missing" if mine is None else "(%g, %g, %g × %g), off %.2f px" % (
                mine["x"], mine["y"], mine["width"], mine["height"], error)))
    if options.write_results:
        with open(options.write_results, "w", encoding="utf-8") as out:
            out.write("# Scripts/compare-with-figma.py --documents --write-results %s\n" %
                      os.path.relpath(options.write_results, ROOT))
            out.write("\n".join(lines) + "\n")
            for error, name, node, mine in sorted((r for r in rows if r[0] > 0.5), key=lambda r: -r[0]):
                out.write("%s %s %s: off %.3f px\n" % (name.split("--")[-1], node["id"], node["type"], error))
    ok = (within >= 0.9 * count and near >= 0.98 * count and totals["lines"] >= 0.97 * totals["text"]
          and not totals["failed documents"])
    sys.exit(0 if ok else 1)


def compare_pixels(options):
    """Each NAME.source.txt of the folder: NAME.json (or the file its `json: FILE` line names) drawn with
    `mattertype figma --node ID --scale S` (the node and export scale it names, and `--images DIR` where it has an
    `images: DIR` line) and compared with NAME.png, Figma's export: both composited on white, the share of
    pixels whose channels all lie within 24 levels. Needs Pillow (pip install pillow)."""
    try:
        from PIL import Image, ImageChops
    except ImportError:
        sys.exit("compare-with-figma --pixels: needs Pillow (pip install pillow)")
    import re, statistics, tempfile
    shares = []
    frames = sorted((folder, f[:-len(".source.txt")]) for folder in options.pixels for f in os.listdir(folder)
                    if f.endswith(".source.txt"))
    for folder, name in frames:
        source = open(os.path.join(folder, name + ".source.txt"), encoding="utf-8").read()
        # NAME.json, or the document a `json: FILE` line names (several frames of one file share it).
        document = re.search(r"^json: (\S+)", source, re.M)
        document = os.path.join(folder, document.group(1) if document else name + ".json")
        node = re.search(r"^node: (\S+)", source, re.M)
        scale = re.search(r"^export scale: ([0-9.]+)", source, re.M)
        if not node or not scale or not os.path.exists(os.path.join(folder, name + ".png")):
            print("%-45s skipped: no node, scale or PNG" % name)
            continue
        out = os.path.join(tempfile.mkdtemp(), name + ".png")
        # The image fills' files, where the source names a folder of them (`images: DIR`, beside the JSON).
        images = re.search(r"^images: (\S+)", source, re.M)
        run = subprocess.run([options.mattertype, "figma", document, "--node", node.group(1),
                              "--scale", scale.group(1), "-o", out]
                             + (["--images", os.path.join(folder, images.group(1))] if images else []),
                             capture_output=True)
        if run.returncode != 0:
            print("%-45s not drawn: %s" % (name, run.stderr.decode().strip().splitlines()[-1]))
            continue
        def on_white(image):
            image = image.convert("RGBA")
            white = Image.new("RGBA", image.size, (255, 255, 255, 255))
            return Image.alpha_composite(white, image).convert("RGB")
        ours, theirs = on_white(Image.open(out)), on_white(Image.open(os.path.join(folder, name + ".png")))
        size_note = "" if ours.size == theirs.size else " (ours %d x %d, Figma's %d x %d)" % (ours.size + theirs.size)
        width, height = min(ours.size[0], theirs.size[0]), min(ours.size[1], theirs.size[1])
        difference = ImageChops.difference(ours.crop((0, 0, width, height)), theirs.crop((0, 0, width, height)))
        red, green, blue = difference.split()
        largest = ImageChops.lighter(ImageChops.lighter(red, green), blue)  # each pixel's largest channel difference
        alike = sum(largest.histogram()[:25])
        # Pixels one image has and the other has not count as different.
        total = max(ours.size[0], theirs.size[0]) * max(ours.size[1], theirs.size[1])
        share = alike / total
        shares.append(share)
        print("%-45s %5.1f %% of pixels alike%s" % (name, 100 * share, size_note))
        if options.differences:
            os.makedirs(options.differences, exist_ok=True)
            sheet = Image.new("RGB", (width * 3, height), (255, 255, 255))
            sheet.paste(ours.crop((0, 0, width, height)), (0, 0))
            sheet.paste(theirs.crop((0, 0, width, height)), (width, 0))
            sheet.paste(difference.point(lambda v: min(255, v * 4)), (2 * width, 0))
            sheet.save(os.path.join(options.differences, name + ".png"))
    if shares:
        print("pixels alike (within 24 levels on white): median %.1f %% over %d frames" %
              (100 * statistics.median(shares), len(shares)))
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mattertype", default=os.path.join(ROOT, ".build", "debug", "mattertype"))
    parser.add_argument("--cases", default=CASES)
    parser.add_argument("--model", default="figma", help="figma or css ('' to pass none)")
    parser.add_argument("--write-results", default=None)
    parser.add_argument("--worst", type=int, default=12)
    parser.add_argument("--documents", nargs="*", default=None,
                        help="compare whole Figma documents (.json, .json.gz) in these folders instead (none named: "
                        "../shared/data/figma/frames; ours are in Tests/MatterTypeTests/Fixtures/figma/documents)")
    parser.add_argument("--installed-fonts-only", action="store_true",
                        help="with --documents: leave out documents with a text in a family this machine does not have")
    parser.add_argument("--pixels", nargs="*", default=None,
                        help="compare drawn frames with Figma's own PNG exports in these folders instead (default: "
                             "../shared/data/figma/pixels)")
    parser.add_argument("--differences", default=None, help="with --pixels: a folder for each frame's ours | "
                        "Figma's | difference image")
    options = parser.parse_args()
    if options.pixels is not None:
        options.pixels = options.pixels or [os.path.join(ROOT, "..", "shared", "data", "figma", "pixels")]
        return compare_pixels(options)
    if options.documents is not None:
        options.documents = options.documents or [os.path.join(ROOT, "..", "shared", "data", "figma", "frames")]
        return compare_documents(options)
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
