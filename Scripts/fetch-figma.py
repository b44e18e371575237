#!/usr/bin/env python3
"""Downloads what `mattertype figma` needs from Figma's REST API: the file (or some of its nodes) with its vectors'
path data (geometry=paths), and every image fill, into the folder `--images` reads.

usage: Scripts/fetch-figma.py FILE_KEY [--nodes ID,ID…] --out DIR [--token TOKEN] [--api URL]

  FILE_KEY   the key in the file's URL: https://www.figma.com/design/FILE_KEY/…
  --nodes    only these nodes (GET /v1/files/:key/nodes?ids=…): smaller, and enough to draw them
  --out DIR  writes DIR/document.json and DIR/images/<imageRef>.<png|jpg|gif|webp>
  --token    a personal access token (Figma → Settings → Security); default: $FIGMA_TOKEN
  --api      the API's address (default https://api.figma.com; the tests point it at a local server)

Then: mattertype figma DIR/document.json --images DIR/images -o frame.png
Standard library only. A refused request is one line on standard error and exit status 1; a 429 is retried once
after its Retry-After (at most 60 s).
"""
import argparse
import json
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

EXTENSIONS = {b"\x89PNG": "png", b"\xff\xd8\xff": "jpg", b"GIF8": "gif", b"RIFF": "webp"}


def fail(message):
    sys.stderr.write(f"fetch-figma: {message}\n")
    sys.exit(1)


def get(url, token=None, what="the file"):
    """The body at `url` (the token in X-Figma-Token when given); one retry after a 429."""
    for attempt in range(2):
        request = urllib.request.Request(url, headers={"X-Figma-Token": token} if token else {})
        try:
            with urllib.request.urlopen(request, timeout=120) as answer:
                return answer.read()
        except urllib.error.HTTPError as error:
            if error.code == 429 and attempt == 0:
                time.sleep(min(float(error.headers.get("Retry-After") or 5), 60))
                continue
            detail = error.read()[:200].decode("utf-8", "replace").strip()
            hint = {403: "; check the token and that it may read this file", 404: "; check the file key and node ids"}
            fail(f"{what}: HTTP {error.code} {detail}{hint.get(error.code, '')}")
        except urllib.error.URLError as error:
            fail(f"{what}: {error.reason}")
    fail(f"{what}: still rate-limited after a retry; try again later")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file_key")
    parser.add_argument("--nodes")
    parser.add_argument("--out", required=True)
    parser.add_argument("--token", default=os.environ.get("FIGMA_TOKEN"))
    parser.add_argument("--api", default="https://api.figma.com")
    args = parser.parse_args()
    if not args.token:
        fail("no token: give --token or set FIGMA_TOKEN (Figma → Settings → Security → Personal access tokens)")
    api, key = args.api.rstrip("/"), urllib.parse.quote(args.file_key, safe="")
    query = {"geometry": "paths"}
    if args.nodes:
        query["ids"] = args.nodes
    path = f"/v1/files/{key}/nodes" if args.nodes else f"/v1/files/{key}"
    document = get(f"{api}{path}?{urllib.parse.urlencode(query)}", args.token)
    try:
        json.loads(document)
    except ValueError:
        fail("the file: the answer is not JSON")
    images_dir = os.path.join(args.out, "images")
    os.makedirs(images_dir, exist_ok=True)
    with open(os.path.join(args.out, "document.json"), "wb") as out:
        out.write(document)
    listing = json.loads(get(f"{api}/v1/files/{key}/images", args.token, what="the image list"))
    urls = (listing.get("meta") or {}).get("images") or {}
    for ref, url in sorted(urls.items()):
        if not url:
            sys.stderr.write(f"fetch-figma: image {ref}: Figma gives no address; it is drawn as a placeholder\n")
            continue
        data = get(url, what=f"image {ref}")  # the images' addresses are signed: no token
        extension = next((ext for magic, ext in EXTENSIONS.items() if data.startswith(magic)), "png")
        with open(os.path.join(images_dir, f"{ref}.{extension}"), "wb") as out:
            out.write(data)
    print(f"{args.out}: document.json ({len(document)} bytes), {len(urls)} images; "
          f"mattertype figma {args.out}/document.json --images {images_dir} -o frame.png")


if __name__ == "__main__":
    main()
