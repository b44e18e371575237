#!/usr/bin/env bash
# Two mattertype binaries back to back, alternating N times (default 8), on the lines and paragraph tasks; prints
# each one's median and range. Alternating keeps the host's drift from favouring either.
# Usage: N=8 Scripts/compare-bench.sh OLD_BINARY NEW_BINARY
set -euo pipefail
cd "$(dirname "$0")/.."
N=${N:-8}
results=$(mktemp)
trap 'rm -f "$results"' EXIT
for _ in $(seq "$N"); do
  for bin in "$1" "$2"; do
    lines=$("$bin" bench --task lines --corpus Benchmarks/lines.txt --passes 21 --json \
      | grep -o '"linesPerSecond":[0-9]*' | cut -d: -f2)
    paragraph=$("$bin" bench --task paragraph --corpus Benchmarks/paragraph.txt --width 600 --passes 21 --json \
      | grep -o '"seconds":[0-9.]*' | cut -d: -f2)
    echo "$bin $lines $paragraph" >> "$results"
  done
done
python3 - "$results" <<'PY'
import collections, statistics, sys
runs = collections.defaultdict(lambda: ([], []))
for line in open(sys.argv[1]):
    binary, lines, seconds = line.split()
    runs[binary][0].append(int(lines)); runs[binary][1].append(float(seconds) * 1000)
for binary, (lines, ms) in runs.items():
    print(f"{binary}: lines median {statistics.median(lines):,.0f}/s ({min(lines):,}-{max(lines):,}), "
          f"paragraph median {statistics.median(ms):.2f} ms ({min(ms):.2f}-{max(ms):.2f})")
PY
