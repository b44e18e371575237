#!/usr/bin/env bash
# MatterType against skia-python, end to end (layout, paint, encode to PNG in memory), side by side in one run:
# the paragraph corpus at 600 pt, the demo card's body text at @2x, and a 1200 × 630 social card.
# Each side: the median of N passes after a warm-up (`mattertype bench --task png` / Benchmarks/skia_peer.py),
# the same Noto Sans Regular file, size, line height, width and scale; #212121 on white.
# Needs a release build and skia-python:  python3 -m venv .venv-skia && .venv-skia/bin/pip install skia-python
# Usage: [N=11] [PYTHON=.venv-skia/bin/python] Benchmarks/compare-skia.sh
set -euo pipefail
cd "$(dirname "$0")/.."
N=${N:-11}
PYTHON=${PYTHON:-.venv-skia/bin/python}
MATTERTYPE=${MATTERTYPE:-.build/release/mattertype}
FONT=Fonts/NotoSans-Regular.ttf
printf '%-34s %12s %12s %7s %12s %12s %7s\n' case "ours (ms)" "Skia (ms)" speed "ours (B)" "Skia (B)" bytes
run() {  # name corpus width size line-height scale
  ours=$("$MATTERTYPE" bench --task png --corpus "$2" --width "$3" --size "$4" --line-height "$5" --scale "$6" \
    --font-file "$FONT" --passes "$N" --json)
  theirs=$("$PYTHON" Benchmarks/skia_peer.py --corpus "$2" --font "$FONT" --width "$3" --size "$4" \
    --line-height "$5" --scale "$6" --passes "$N" 2>/dev/null)
  python3 - "$1" "$ours" "$theirs" <<'PY'
import json, sys
name, ours, theirs = sys.argv[1], json.loads(sys.argv[2]), json.loads(sys.argv[3])
assert (ours["width"], ours["height"]) == (theirs["width"], theirs["height"]), (ours, theirs)
print(f"{name:34} {ours['seconds'] * 1000:12.1f} {theirs['seconds'] * 1000:12.1f} "
      f"{theirs['seconds'] / ours['seconds']:6.1f}x {ours['pngBytes']:12,} {theirs['pngBytes']:12,} "
      f"{ours['pngBytes'] / theirs['pngBytes']:6.2f}x   ({ours['width']} x {ours['height']} px)")
PY
}
run "paragraph.txt, 600 pt, 16/24, @1x" Benchmarks/paragraph.txt 600 16 24 1
run "demo card body, 440 pt, 16/24, @2x" Benchmarks/card.txt 440 16 24 2
run "social card, 1200 pt, 64/105" Benchmarks/social.txt 1200 64 105 1
