#!/usr/bin/env python3
"""Runs Unicode's text-rendering-tests (https://github.com/unicode-org/text-rendering-tests, Unicode license) on
`mattertype shape --svg` and checks each case with the suite's own comparison (check.py's normalization and
svgutil.is_similar, 1 unit of tolerance), as the suite checks FreeStack, CoreText or fontkit.

  Scripts/text-rendering-tests.py [--suite DIR] [--binary .build/release/mattertype] [--jobs 2] [--failures]

Without --suite, the suite is cloned into a temporary folder (git, network). Each case is rendered as the suite's
fonttest renders it: its font alone (--font-file, --no-system-fonts, --no-fallback), 1000 units an em (--size 1000),
its variation (--variations), and without HarfBuzz's dotted circles (--no-dotted-circle; --dotted-circle keeps them:
Debian 12's HarfBuzz 6 puts them in Tai Tham clusters the suite's newer HarfBuzz shapes whole). Our SVG is y-down with the baseline at 0 and ids named font.glyph; the suite's is y-up
with ids named case.glyph. Those are the only changes made before comparing:
  - each id's font part replaced by the case's id,
  - y negated (path coordinates, <use> y),
  - the viewBox converted the same way (y-up: its bottom edge),
  - symbols in the order of their first use (ours already are).
Path commands, glyph names and advances are compared as written. Prints PASS/FAIL per case with --failures, then
the count; exit 1 when any case fails.
"""
import argparse
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as etree

NS = "{https://github.com/OpenType/fonttest}"
XLINK = "{http://www.w3.org/1999/xlink}href"


def cases(suite):
    """(id, font, text, variation, expected SVG or None for expected-no-crash), in the suite's order."""
    found = []
    names = [f for f in os.listdir(os.path.join(suite, "testcases")) if f.endswith(".html") and f != "index.html"]
    key = lambda s: re.sub(r"\d+", lambda m: "%09d" % int(m.group(0)), s)
    for name in sorted(names, key=key):
        doc = etree.parse(os.path.join(suite, "testcases", name)).getroot()
        for kind in ("expected", "expected-no-crash"):
            for e in doc.findall(".//*[@class='%s']" % kind):
                found.append((e.attrib[NS + "id"], e.attrib[NS + "font"], e.attrib.get(NS + "render", ""),
                              e.attrib.get(NS + "var"), e.find("svg") if kind == "expected" else None))
    return found


def family(path, cache={}):
    if path not in cache:
        # One line a pattern: a variable font lists each named instance too.
        cache[path] = subprocess.run(["fc-scan", "--format", "%{family[0]}\n", path], check=True,
                                     capture_output=True, text=True).stdout.split("\n")[0]
    return cache[path]


def negated_path(d):
    """Path data with every y negated: numbers after a command letter alternate x, y (M, L, Q, C; Z has none)."""
    out, index = [], 0
    for token in re.findall(r"[A-Za-z]|-?[0-9.]+(?:e-?[0-9]+)?", d):
        if token.isalpha():
            out.append(token)
            index = 0
            continue
        value = -float(token) if index % 2 == 1 else float(token)
        index += 1
        out.append(repr(value + 0.0))  # no -0.0
    return " ".join(out)


def adapted(svg_text, case):
    """Our SVG, changed only as the module docstring says."""
    svg_text = re.sub(r">\s+<", "><", svg_text).replace('xmlns="http://www.w3.org/2000/svg"', "")
    svg = etree.fromstring(svg_text)
    for symbol in svg.findall(".//symbol[@id]"):
        symbol.attrib["id"] = case + "." + symbol.attrib["id"].split(".", 1)[1]
        for path in symbol.findall("path"):
            path.attrib["d"] = negated_path(path.attrib["d"])
    for use in svg.findall(".//use"):
        use.attrib[XLINK] = "#" + case + "." + use.attrib[XLINK][1:].split(".", 1)[1]
        use.attrib["y"] = repr(-float(use.attrib["y"]))
    x, top, width, height = (float(v) for v in svg.attrib["viewBox"].split())
    svg.attrib["viewBox"] = "%r %r %r %r" % (x, -(top + height), width, height)
    # The suite's expected SVGs carry only version and viewBox on <svg>.
    for name in list(svg.attrib):
        if name not in ("version", "viewBox"):
            del svg.attrib[name]
    return svg


def run_case(binary, suite, case, dotted_circle):
    ident, font, text, variation, _ = case
    path = os.path.join(suite, "fonts", font)
    command = [binary, "shape", "--svg", "--font-file", path, "--family", family(path), "--size", "1000",
               "--no-system-fonts", "--no-fallback"] + ([] if dotted_circle else ["--no-dotted-circle"])
    if variation:
        command += ["--variations", ",".join(item.replace(":", "=", 1) for item in variation.split(";"))]
    command += ["--", text]
    try:
        result = subprocess.run(command, capture_output=True, timeout=3)
    except subprocess.TimeoutExpired:
        return None, "timeout"
    if result.returncode != 0:
        return None, result.stderr.decode("utf-8", "replace").strip()
    return result.stdout.decode("utf-8"), ""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--suite")
    parser.add_argument("--binary", default=".build/release/mattertype")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--failures", action="store_true", help="print each failing case and why")
    parser.add_argument("--dotted-circle", action="store_true",
                        help="let HarfBuzz insert dotted circles (Debian 12's HarfBuzz 6 puts them in Tai Tham "
                             "clusters the suite's newer HarfBuzz shapes whole)")
    args = parser.parse_args()
    suite = args.suite
    if not suite:
        suite = os.path.join(tempfile.mkdtemp(), "text-rendering-tests")
        subprocess.run(["git", "clone", "--depth", "1", "https://github.com/unicode-org/text-rendering-tests",
                        suite], check=True)
    sys.path.insert(0, suite)
    import check  # the suite's own normalization
    import svgutil  # and comparison
    etree.register_namespace("svg", "http://www.w3.org/2000/svg")
    etree.register_namespace("xlink", "http://www.w3.org/1999/xlink")
    normalizer = check.ConformanceChecker("FreeStack")
    all_cases = cases(suite)
    binary = os.path.abspath(args.binary)
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        outputs = list(pool.map(lambda c: run_case(binary, suite, c, args.dotted_circle), all_cases))
    passed = 0
    failed_groups = {}
    for case, (svg_text, error) in zip(all_cases, outputs):
        ident, expected = case[0], case[4]
        ok = svg_text is not None
        if ok and expected is not None:
            observed = adapted(svg_text, ident)
            normalizer.normalize_svg(observed)
            normalizer.normalize_svg(expected)
            ok = svgutil.is_similar(expected, observed, maxDelta=1.0)
            if not ok and args.failures:
                error = "differs:\n    expected " + etree.tostring(expected, encoding="unicode")[:600] \
                    + "\n    observed " + etree.tostring(observed, encoding="unicode")[:600]
        passed += ok
        if not ok:
            group = ident.split("/")[0]
            failed_groups[group] = failed_groups.get(group, 0) + 1
            if args.failures:
                print("FAIL %s %s" % (ident, error))
    print("failing cases by test: " + ", ".join("%s %d" % item for item in sorted(failed_groups.items())))
    print("%d of %d cases pass" % (passed, len(all_cases)))
    return 0 if passed == len(all_cases) else 1


if __name__ == "__main__":
    sys.exit(main())
