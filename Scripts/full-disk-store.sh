#!/usr/bin/env bash
# The store on a full disk (needs root and mount): a 2 MB tmpfs holds the SQLite store of a release
# mattertype-server; three fonts are uploaded, the disk is filled by another file, then a delete must succeed
# (from the store's reserve), also after a restart, and an upload must answer 507, not 500. Then the same with
# templates of 1.6 MB on a 20 MB tmpfs (issue 35: deleting one answered 507, and once an upload took the space a
# delete freed, every later delete did, also after a restart): full, each delete is 204 — after an upload into the
# freed space was tried, and after a restart — an upload 507 or, when it fits in room SQLite already holds (its
# write-ahead log), 201; never 500, and what is left is what was acknowledged.
# Usage: Scripts/full-disk-store.sh [SERVER_BINARY]   (default Server/.build/release/mattertype-server)
set -euo pipefail
cd "$(dirname "$0")/.."
server=${1:-Server/.build/release/mattertype-server}
dir=$(mktemp -d)
mount -t tmpfs -o size=2m tmpfs "$dir"
pid=""
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; sleep 0.5; umount "$dir"; rmdir "$dir"; }
trap cleanup EXIT
start() {
  MATTERTYPE_ADMIN_TOKEN=t "$server" --host 127.0.0.1 --port 18099 --store "sqlite:$dir/fonts.sqlite" \
    --no-system-fonts >/dev/null 2>&1 &
  pid=$!
  for _ in $(seq 50); do curl -sf localhost:18099/readyz >/dev/null && return; sleep 0.1; done
  echo "the server did not start"; exit 1
}
status() { curl -s -o /dev/null -w "%{http_code}" -H "Authorization: Bearer t" "$@"; }
start
for f in Acme-Regular Acme-Medium Acme-DemiBold; do
  [ "$(status -X PUT --data-binary @Tests/MatterTypeTests/Fixtures/$f.ttf localhost:18099/v1/fonts)" = 201 ]
done
dd if=/dev/zero of="$dir/filler" bs=4k 2>/dev/null || true
df -h "$dir" | tail -1
upload=$(status -X PUT --data-binary @Tests/MatterTypeTests/Fixtures/Acme-Condensed.ttf localhost:18099/v1/fonts)
first=$(status -X DELETE localhost:18099/v1/fonts/Acme-Regular)
kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""
start
second=$(status -X DELETE localhost:18099/v1/fonts/Acme-Medium)
echo "upload on a full disk: $upload (want 507); delete: $first, after a restart: $second (want 204)"
[ "$upload" = 507 ] && [ "$first" = 204 ] && [ "$second" = 204 ] && echo "ok: font deletes work on a full disk"

# Templates: four of 1.6 MB (a card whose image is 1.2 MB of noise), on a 20 MB disk.
kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""
umount "$dir"
mount -t tmpfs -o size=20m tmpfs "$dir"
template=$(mktemp)
python3 - "$template" <<'PY'
import base64, json, os, struct, sys, zlib
side = 640
raw = b"".join(b"\x00" + os.urandom(side * 3) for _ in range(side))
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0))
       + chunk(b"IDAT", zlib.compress(raw, 1)) + chunk(b"IEND", b""))
card = {"width": 640, "height": 640, "layers": [{"type": "image", "x": 0, "y": 0, "width": 640, "height": 640,
        "src": "data:image/png;base64," + base64.b64encode(png).decode()}, {"type": "text", "x": 10, "y": 10,
        "width": 600, "text": "{{title}}", "size": 40}]}
open(sys.argv[1], "w").write(json.dumps(card))
PY
ls -la "$template" | awk '{print "template: " $5 " bytes"}'
start
for n in one two three four; do
  [ "$(status -X PUT --data-binary @"$template" localhost:18099/v1/templates/$n)" = 201 ]
done
dd if=/dev/zero of="$dir/filler" bs=4k 2>/dev/null || true
df -h "$dir" | tail -1
upload=$(status -X PUT --data-binary @"$template" localhost:18099/v1/templates/five)
first=$(status -X DELETE localhost:18099/v1/templates/one)
again=$(status -X PUT --data-binary @"$template" localhost:18099/v1/templates/five)
second=$(status -X DELETE localhost:18099/v1/templates/two)
kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""
start
third=$(status -X DELETE localhost:18099/v1/templates/three)
rm -f "$template"
# What is left must be exactly what was acknowledged: "four", and "five" if either upload of it answered 2xx.
left=$(curl -s localhost:18099/v1/templates | python3 -c 'import json,sys; print(" ".join(sorted(t["name"] for t in json.load(sys.stdin)["templates"])))')
want="four"; case "$upload$again" in *20[01]*) want="five four" ;; esac
drawn=$(curl -s -o /dev/null -w "%{http_code}" "localhost:18099/v1/templates/four.png?title=Full")
echo "templates: upload on a full disk: $upload (507, or 201 when SQLite's WAL still holds the room); delete: $first;"
echo "  upload into the freed space: $again; delete after it: $second; after a restart: $third (want 204 each);"
echo "  left: $left (want $want), four drawn: $drawn"
case "$upload $again" in *500*) echo "an upload answered 500"; exit 1 ;; esac
[ "$first" = 204 ] && [ "$second" = 204 ] && [ "$third" = 204 ] && [ "$left" = "$want" ] && [ "$drawn" = 200 ] \
  && echo "ok: template deletes work on a full disk and nothing acknowledged is lost"
