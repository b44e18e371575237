#!/usr/bin/env bash
# The font store on a full disk (needs root and mount): a 2 MB tmpfs holds the SQLite store of a release
# mattertype-server; three fonts are uploaded, the disk is filled by another file, then a delete must succeed
# (from the store's reserve), also after a restart, and an upload must answer 507, not 500.
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
[ "$upload" = 507 ] && [ "$first" = 204 ] && [ "$second" = 204 ] && echo "ok: deletes work on a full disk"
