#!/usr/bin/env bash
# The issue's benchmark, repeated: each configuration runs RUNS times (default 5) in a release build, each run
# reporting the median of 21 timed passes after a warm-up. This machine is a VM whose speed drifts between
# runs, so look at the spread, not one number.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${RUNS:-5}"
swift build -c release --product mattertype > /dev/null
bench=.build/release/mattertype
for config in "lines 1" "lines 2" "paragraph 1"; do
    set -- $config
    corpus=Benchmarks/lines.txt
    [ "$1" = paragraph ] && corpus=Benchmarks/paragraph.txt
    for _ in $(seq "$runs"); do
        "$bench" bench --task "$1" --corpus "$corpus" --threads "$2" --passes 21 --json
    done
done
