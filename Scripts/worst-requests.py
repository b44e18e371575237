#!/usr/bin/env python3
"""Searches for the most expensive requests the server's limits admit, and times each in process.

Usage: Scripts/worst-requests.py [--mattertype PATH] [--budget SECONDS] [--json]
(default: .build-nodebug/release/mattertype, built by Scripts/instructions.sh or
 `swift build -c release -Xswiftc -gnone -Xcc -g0 --scratch-path .build-nodebug`)

Each candidate is a POST /v1/render body at the default limits (text 100,000 characters, 1 MiB body, 16 families a
typography or span, 1,000 distinct span styles, 50 megapixels, "small" compression up to 4 megapixels); it goes
through `mattertype bench --task request`,
which runs the server's render path (decode, lay out, draw, encode) once to warm up and once timed. The families of
candidates grow what multiplies work: families × spans, distinct languages, distinct characters (found and not
found in any font), marks on one base, nesting of directions, long unbreakable words, emoji sequences, the largest
image. Prints one line per candidate and exits 1 when one takes longer than --budget (2 s) — the figure the README
publishes as the worst admitted request.
"""
import argparse, json, os, random, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TEXT_LIMIT = 100_000


def spans(count, make):
    return {"spans": [make(i) for i in range(count)]}


def candidates():
    random.seed(18)
    words = " ".join("word%d" % (i % 997) for i in range(14_000))[:TEXT_LIMIT]
    yield "plain text at the length limit", {"text": words, "width": 600}
    yield "16 unknown families", {"text": words[:20_000], "width": 600,
                                  "family": ["Missing Family %d" % i for i in range(16)]}
    yield "999 spans x 16 unknown families", spans(999, lambda i: {
        "text": "w%d " % i, "family": ["S%d F%d" % (i, j) for j in range(16)]})
    yield "999 spans x distinct languages", spans(999, lambda i: {
        "text": "w%d " % i, "language": "x-l%d" % i, "family": ["S%d F%d" % (i, j) for j in range(16)]})
    yield "999 spans x distinct sizes and variations", spans(999, lambda i: {
        "text": "w%d " % i, "size": 8 + i / 10, "variations": {"wght": 100 + i % 800, "wdth": 75 + i % 50}})
    cjk = "".join(chr(c) for c in range(0x4E00, 0x4E00 + 20_000))
    yield "20,000 distinct CJK characters", {"text": cjk, "width": 1000}
    scalars = [c for c in list(range(0x20000, 0x2A6D0)) + list(range(0xE000, 0xF900)) + list(range(0x10000, 0x1F000))
               if not 0xD800 <= c <= 0xDFFF]
    random.shuffle(scalars)
    yield "100,000 distinct rare, private and unassigned characters", {
        "text": "".join(chr(c) for c in scalars[:TEXT_LIMIT]), "width": 1000}
    yield "one base with 99,999 marks", {"text": "a" + "\u0301" * (TEXT_LIMIT - 1), "width": 600}
    yield "one unbreakable word", {"text": "x" * TEXT_LIMIT, "width": 300}
    yield "nested bidi and brackets", {"text": ("(\u05d0 [b \u0627 {c " * 6_000)[:TEXT_LIMIT], "width": 400}
    yield "emoji ZWJ sequences", {"text": ("\U0001F468\u200D\U0001F469\u200D\U0001F467 " * 12_000)[:TEXT_LIMIT],
                                  "width": 600}
    yield "Arabic, Devanagari, Thai mixed", {"text": ("مرحبا بالعالم हिन्दी भाषा ภาษาไทย " * 3_000)[:TEXT_LIMIT],
                                             "width": 500}
    yield "the largest image (50 MP, WebP)", {"text": "x", "size": 5000, "lineHeight": 10000, "width": 5000,
                                              "format": "webp", "background": "#ffffff"}
    yield "the largest image (50 MP, PNG)", {"text": "Wx", "size": 5000, "lineHeight": 10000, "width": 5000}
    # "compression": "small" is admitted up to 4 megapixels (--max-small-compression-pixels).
    yield "the largest small-compression image (4 MP, PNG)", {"text": "Wx", "size": 1500, "lineHeight": 2000,
                                                               "width": 2000, "compression": "small"}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--mattertype", default=os.path.join(ROOT, ".build-nodebug", "release", "mattertype"))
    parser.add_argument("--budget", type=float, default=2.0)
    args = parser.parse_args()
    worst, failures = 0.0, 0
    for name, body in candidates():
        data = json.dumps(body, ensure_ascii=False).encode()
        assert len(data) <= 1 << 20, (name, len(data))
        with tempfile.NamedTemporaryFile("wb", suffix=".json", delete=False) as f:
            f.write(data)
        try:
            start = time.monotonic()
            run = subprocess.run([args.mattertype, "bench", "--task", "request", "--request", f.name, "--repeat", "1",
                                  "--passes", "1", "--json"], capture_output=True, text=True, timeout=600)
            wall = time.monotonic() - start
        finally:
            os.unlink(f.name)
        if run.returncode != 0:
            print(f"refused  {name:58} {run.stderr.strip()[:80]}")
            continue
        seconds = json.loads(run.stdout)["seconds"]
        worst = max(worst, seconds)
        status = "ok" if seconds <= args.budget else "SLOW"
        failures += status == "SLOW"
        print(f"{status:8} {name:58} {seconds * 1000:8.1f} ms a render ({len(data) // 1024} KiB body, "
              f"{wall:.1f} s with warm-up)")
    print(f"worst admitted request: {worst * 1000:.0f} ms (budget {args.budget * 1000:.0f} ms)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
