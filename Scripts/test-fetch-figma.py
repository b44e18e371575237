#!/usr/bin/env python3
"""Tests Scripts/fetch-figma.py against a local server answering as Figma's REST API does (recorded responses):
the file with geometry=paths and the token, the image list, the images at their addresses; then a wrong token
(403), a missing file (404), a 429 retried once. With --mattertype PATH, also draws what was fetched.

usage: Scripts/test-fetch-figma.py [--mattertype .build/debug/mattertype]   (run by `make test`)
"""
import argparse
import http.server
import json
import os
import subprocess
import sys
import tempfile
import struct
import threading
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def png_pixel():
    """A 1 × 1 opaque blue PNG."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"\x00\x00\x00\xff\xff")) + chunk(b"IEND", b""))


PNG = png_pixel()
# A frame with a vector (its path data, as geometry=paths gives it) and an image fill: Figma's answer's shape.
DOCUMENT = {"name": "Fetched", "document": {"id": "0:0", "type": "DOCUMENT", "children": [{
    "id": "0:1", "type": "CANVAS", "name": "Page 1", "children": [{
        "id": "1:2", "name": "Card", "type": "FRAME", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 40, "height": 20},
        "fills": [{"type": "SOLID", "color": {"r": 1, "g": 1, "b": 1, "a": 1}}],
        "children": [
            {"id": "1:3", "name": "Photo", "type": "RECTANGLE",
             "absoluteBoundingBox": {"x": 0, "y": 0, "width": 20, "height": 20},
             "fills": [{"type": "IMAGE", "imageRef": "abc123", "scaleMode": "FILL"}]},
            {"id": "1:4", "name": "Star", "type": "VECTOR",
             "absoluteBoundingBox": {"x": 20, "y": 0, "width": 20, "height": 20},
             "fills": [{"type": "SOLID", "color": {"r": 1, "g": 0, "b": 0, "a": 1}}],
             "fillGeometry": [{"path": "M0 0L20 0L20 20Z", "windingRule": "NONZERO"}]}]}]}]}}


class Figma(http.server.BaseHTTPRequestHandler):
    seen = []
    limited_once = False

    def log_message(self, *args):
        pass

    def answer(self, status, body, kind="application/json", headers=()):
        self.send_response(status)
        self.send_header("Content-Type", kind)
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        Figma.seen.append(self.path)
        base = "http://127.0.0.1:%d" % self.server.server_port
        if self.path.startswith("/img/"):
            return self.answer(200, PNG, "image/png")
        if self.headers.get("X-Figma-Token") != "secret":
            return self.answer(403, b'{"status": 403, "err": "Invalid token"}')
        if self.path.startswith("/v1/files/LIMITED") and not Figma.limited_once:
            Figma.limited_once = True
            return self.answer(429, b'{"status": 429}', headers=[("Retry-After", "0")])
        if self.path.startswith("/v1/files/KEY/images") or self.path.startswith("/v1/files/LIMITED/images"):
            return self.answer(200, json.dumps({"error": False, "status": 200,
                                                "meta": {"images": {"abc123": base + "/img/abc123"}}}).encode())
        if self.path.startswith("/v1/files/KEY?") or self.path.startswith("/v1/files/LIMITED?"):
            if "geometry=paths" not in self.path:
                return self.answer(400, b'{"err": "expected geometry=paths"}')
            return self.answer(200, json.dumps(DOCUMENT).encode())
        return self.answer(404, b'{"status": 404, "err": "Not found"}')


def fetch(server, key, out, token="secret"):
    return subprocess.run([sys.executable, os.path.join(ROOT, "Scripts", "fetch-figma.py"), key, "--out", out,
                           "--token", token, "--api", "http://127.0.0.1:%d" % server.server_port],
                          capture_output=True, text=True, timeout=60)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--mattertype")
    args = parser.parse_args()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Figma)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    failures = []

    def check(condition, what):
        if not condition:
            failures.append(what)

    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "fetched")
        run = fetch(server, "KEY", out)
        check(run.returncode == 0, "fetching KEY: " + run.stderr)
        check(json.load(open(os.path.join(out, "document.json")))["document"]["id"] == "0:0", "document.json")
        check(open(os.path.join(out, "images", "abc123.png"), "rb").read() == PNG, "images/abc123.png")
        check(any("geometry=paths" in path for path in Figma.seen), "asked with geometry=paths")
        if args.mattertype:
            drawn = subprocess.run([args.mattertype, "figma", os.path.join(out, "document.json"), "--images",
                                    os.path.join(out, "images"), "-o", os.path.join(folder, "card.png"),
                                    "--no-system-fonts"], capture_output=True, text=True)
            check(drawn.returncode == 0 and "warning" not in drawn.stderr, "drawing it: " + drawn.stderr)
        bad = fetch(server, "KEY", os.path.join(folder, "bad"), token="wrong")
        check(bad.returncode == 1 and "HTTP 403" in bad.stderr and "token" in bad.stderr
              and len(bad.stderr.strip().splitlines()) == 1, "a wrong token: " + bad.stderr)
        missing = fetch(server, "NOPE", os.path.join(folder, "missing"))
        check(missing.returncode == 1 and "HTTP 404" in missing.stderr, "a missing file: " + missing.stderr)
        limited = fetch(server, "LIMITED", os.path.join(folder, "limited"))
        check(limited.returncode == 0 and Figma.limited_once, "a 429 retried: " + limited.stderr)
    server.shutdown()
    if failures:
        sys.stderr.write("test-fetch-figma: FAILED\n  " + "\n  ".join(failures) + "\n")
        sys.exit(1)
    print("test-fetch-figma: 4 cases passed")


if __name__ == "__main__":
    main()
