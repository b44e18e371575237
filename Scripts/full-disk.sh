#!/usr/bin/env bash
# A render onto a full disk fails with the reason in words and leaves nothing behind: a 64 KB tmpfs (needs root
# and mount), the paragraph corpus rendered into it.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$(mktemp -d)
mount -t tmpfs -o size=64k tmpfs "$dir"
trap 'umount "$dir"; rmdir "$dir"' EXIT
if .build/debug/mattertype render --text-file Benchmarks/paragraph.txt --width 600 -o "$dir/p.png"; then
  echo "expected a failure"; exit 1
fi
leftovers=$(ls -A "$dir")
[ -z "$leftovers" ] || { echo "left behind: $leftovers"; exit 1; }
echo "ok: the write failed and left nothing behind"
