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

Cards (POST /v1/cards and template images) are searched the same way: each candidate sits just under a limit —
CardRenderer.maximumWork (10⁹ pixel operations: fills, borders, images, blurs, strokes), 50 megapixels, 100 layers,
100,000 characters of text, images of 25 megapixels and their decoding memory, a progressive JPEG's scan limit, an
8 MiB template document — and is drawn by `mattertype card` (release) in a process of its own, timed from start to
exit: cold images, fonts and caches, so an upper bound on what the server spends. `--cards-only` skips text.
"""
import argparse, base64, json, os, random, shutil, struct, subprocess, sys, tempfile, time, zlib

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


def png(width, height, pattern=True):
    """An RGBA PNG (zlib level 1): a pattern that compresses, so that a large image is a small body."""
    row = bytes(b"\x00") + bytes(((x * 7) % 256, (x * 3) % 256, 90, 255)[c] for x in range(width) for c in range(4))
    raw = b"".join(row for _ in range(height)) if pattern else b"\x00" * ((width * 4 + 1) * height)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 1)) + chunk(b"IEND", b""))


def data_uri(data, kind="png"):
    return f"data:image/{kind};base64," + base64.b64encode(data).decode()


def progressive_jpeg(side):
    """A side × side progressive JPEG (cjpeg) of 20 valid scans: the DC in three successive approximations, the
    luma's AC in six bands then a refinement, each chroma's AC in five bands."""
    script = ["0,1,2: 0-0, 0, 2;", "0,1,2: 0-0, 2, 1;", "0,1,2: 0-0, 1, 0;"]
    script += [f"0: {low}-{high}, 0, 1;" for low, high in [(1, 1), (2, 2), (3, 5), (6, 14), (15, 27), (28, 63)]]
    script += ["0: 1-63, 1, 0;"]
    script += [f"{c}: {low}-{high}, 0, 0;" for c in (1, 2) for low, high in [(1, 5), (6, 14), (15, 27), (28, 44), (45, 63)]]
    with tempfile.TemporaryDirectory() as folder:
        source, scans = os.path.join(folder, "source.ppm"), os.path.join(folder, "scans.txt")
        with open(scans, "w") as f:
            f.write("\n".join(script) + "\n")
        with open(source, "wb") as f:
            f.write(b"P6 %d %d 255\n" % (side, side))
            row = bytes((x * 5 % 256, x % 256, 128)[c] for x in range(side) for c in range(3))
            f.write(row * side)
        return subprocess.run(["cjpeg", "-quality", "90", "-scans", scans, source], capture_output=True,
                              check=True).stdout


def card_candidates():
    """Cards just under each limit. Work is Drawing.work plus the encoding (CardRenderer.maximumWork, 1,500 M
    operations): 2 an opaque fill pixel, 15 another fill, 30 a border-ring pixel, 90 an image-box pixel, 20 a blur
    pixel, 150 a stroke pixel, and 40 a pixel for the PNG (300 for WebP)."""
    radial = {"radial": {"stops": ["#FFD166", {"offset": 0.4, "color": "#EF476F"}, "#000"]}}
    yield "the largest blank PNG card, 37 MP (1,480 M)", {"width": 5000, "height": 7400, "layers": []}
    yield "25 MP, 9 opaque fills (1,000 + 450 M)", {"width": 5000, "height": 5000, "layers": [
        {"type": "rect", "x": 0, "y": 0, "width": 5000, "height": 5000, "fill": "#123456"}] * 9}
    yield "25 MP, a rounded translucent radial fill (1,000 + 375 M)", {"width": 5000, "height": 5000, "layers": [
        {"type": "rect", "x": 0, "y": 0, "width": 5000, "height": 5000, "fill": radial, "cornerRadius": 400,
         "opacity": 0.6}]}
    yield "25 MP, 33 radial fills over 1 MP each (1,000 + 495 M)", {"width": 5000, "height": 5000, "layers": [
        {"type": "rect", "x": (i % 5) * 1000, "y": (i // 5) * 640, "width": 1000, "height": 1000, "fill": radial,
         "cornerRadius": 100, "opacity": 0.9} for i in range(33)]}
    yield "25 MP, a gradient border over 16 MP of ring (1,000 + 490 M)", {"width": 5000, "height": 5000, "layers": [
        {"type": "rect", "x": 0, "y": 0, "width": 5000, "height": 5000, "cornerRadius": 600,
         "border": {"width": 1000, "color": {"linear": {"angle": 33, "stops": ["#fff", "#000"]}}}}]}
    photo = data_uri(png(1000, 700))
    yield "an image scaled up over 11 MP (440 + 990 M)", {"width": 4000, "height": 2750, "layers": [
        {"type": "image", "x": 0, "y": 0, "width": 4000, "height": 2750, "src": photo, "fit": "cover",
         "cornerRadius": 200, "opacity": 0.9}]}
    yield "a WebP card of 3.3 MP with a photo (990 + 300 M)", {"width": 1800, "height": 1830, "layers": [
        {"type": "image", "x": 0, "y": 0, "width": 1800, "height": 1830, "src": photo, "fit": "cover"}],
        "format": "webp"}
    yield "80 image layers of one image scaled down, 110,000 px each (450 + 960 M)", {"width": 3300, "height": 3400, "layers": [
        {"type": "image", "x": (i % 10) * 330, "y": (i // 10) * 330, "width": 330, "height": 330, "src": photo,
         "circle": True} for i in range(80)]}
    # Two distinct 25 MP images (the most an image may have) drawn small: 2 × 25 M × 16 B = 800 MB of decoding,
    # under the 1 GiB render memory with the canvas.
    giants = [data_uri(png(5000, 5000)), data_uri(png(5000, 5000, pattern=False))]
    yield "two 25 MP images decoded and scaled down", {"width": 1200, "height": 630, "layers": [
        {"type": "image", "x": 0, "y": 0, "width": 600, "height": 630, "src": giants[0], "fit": "cover"},
        {"type": "image", "x": 600, "y": 0, "width": 600, "height": 630, "src": giants[1], "fit": "cover"}]}
    if shutil.which("cjpeg"):
        # 25 MP admits min(100, max(12, 500 M / 25 M)) = 20 scans.
        yield "a 25 MP progressive JPEG of 20 scans", {"width": 1200, "height": 630, "layers": [
            {"type": "image", "x": 0, "y": 0, "width": 1200, "height": 630,
             "src": data_uri(progressive_jpeg(5000), "jpeg"), "fit": "cover"}]}
    words = " ".join("word%d" % (i % 997) for i in range(1_400))[:TEXT_LIMIT // 100]
    yield "100 text layers of 1,000 characters: fit, balance, hyphens", {"width": 4000, "height": 6000, "layers": [
        {"type": "text", "x": (i % 4) * 1000, "y": (i // 4) * 240, "width": 980, "height": 230, "text": words,
         "size": 40, "fit": True, "textWrap": "balance", "hyphens": "auto", "language": "en"} for i in range(100)]}
    yield "100 text layers with a blur-40 shadow each", {"width": 4000, "height": 6000, "layers": [
        {"type": "text", "x": (i % 4) * 1000, "y": (i // 4) * 240, "width": 900, "text": "Shadowed words " * 3,
         "size": 48, "shadows": [{"x": 0, "y": 4, "blur": 40, "color": "#0008"}]} for i in range(100)]}
    yield "a 50 pt outside stroke on 300 pt text (480 + 949 M)", {"width": 4000, "height": 3000, "layers": [
        {"type": "text", "x": 60, "y": 60, "width": 3880, "text": "Stroked words on a large canvas, twice over",
         "size": 300, "stroke": {"width": 50, "color": "#000"}}]}
    # The largest template document (--max-template-bytes, 8 MiB): one incompressible-ish image inside, parsed
    # and decoded on each cold GET.
    noise = bytes(random.getrandbits(8) for _ in range(1_400 * 1_400 * 3 // 2))
    rgb = png(1_400, 1_400)[:0] + noise
    raw = b"".join(b"\x00" + rgb[(y * 1_400 * 3) // 2 % len(rgb):][:1_400 * 4].ljust(1_400 * 4, b"\x7f")
                   for y in range(1_400))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    noisy = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1_400, 1_400, 8, 6, 0, 0, 0))
             + chunk(b"IDAT", zlib.compress(raw, 1)) + chunk(b"IEND", b""))
    yield "an 8 MiB template: a 6 MB image inside", {"width": 1400, "height": 1400, "layers": [
        {"type": "image", "x": 0, "y": 0, "width": 1400, "height": 1400, "src": data_uri(noisy)}]}


def time_cards(mattertype, budget):
    worst, failures = 0.0, 0
    with tempfile.TemporaryDirectory() as folder:
        for name, card in card_candidates():
            path = os.path.join(folder, "card.json")
            extension = card.pop("format", "png")
            data = json.dumps(card).encode()
            with open(path, "wb") as f:
                f.write(data)
            start = time.monotonic()
            run = subprocess.run([mattertype, "card", path, "-o", os.path.join(folder, "card." + extension)],
                                 capture_output=True, text=True, timeout=600)
            seconds = time.monotonic() - start
            if run.returncode != 0:
                print(f"refused  {name:58} {run.stderr.strip()[:100]}")
                continue
            worst = max(worst, seconds)
            status = "ok" if seconds <= budget else "SLOW"
            failures += status == "SLOW"
            print(f"{status:8} {name:58} {seconds * 1000:8.1f} ms a card, cold process ({len(data) // 1024} KiB)")
    return worst, failures


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--mattertype", default=os.path.join(ROOT, ".build-nodebug", "release", "mattertype"))
    parser.add_argument("--budget", type=float, default=2.0)
    parser.add_argument("--cards-only", action="store_true")
    args = parser.parse_args()
    worst, failures = time_cards(args.mattertype, args.budget)
    for name, body in [] if args.cards_only else candidates():
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
