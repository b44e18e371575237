#!/usr/bin/env bash
# Coverage-guided fuzzing of the request path (JSON → layout → image, in every format) and the card path with
# libFuzzer and AddressSanitizer, as HarfBuzz and Skia fuzz theirs. The target (Sources/MatterTypeLibFuzzer) runs
# each input through RequestChecker: a trap or a broken invariant is a crash, written to .fuzz/crash-* (replay it
# with `.build-fuzz/release/mattertype-libfuzzer .fuzz/crash-…`; its first byte picks render (even) or card (odd),
# the rest is the body). The seed corpus is the request generator's first --seeds cases.
# Usage: Scripts/libfuzzer.sh [--minutes N (10)] [--seeds N (500)] [libFuzzer flags…]
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=10
seeds=500
while [ $# -gt 0 ]; do
  case "$1" in
    --minutes) minutes=$2; shift 2 ;;
    --seeds) seeds=$2; shift 2 ;;
    *) break ;;
  esac
done
swift build -c release --product mattertype >/dev/null  # the generator, for the seed corpus
MATTERTYPE_LIBFUZZER=1 swift build -c release --product mattertype-libfuzzer --scratch-path .build-fuzz \
  -Xswiftc -sanitize=fuzzer,address
mkdir -p .fuzz/corpus
# The seed corpus: each generated case as one file, its kind in the first byte.
.build/release/mattertype fuzz --seed 1 --cases "$seeds" --emit | python3 -c '
import json, sys
for line in sys.stdin:
    case = json.loads(line)
    kind = b"\x00" if case["path"] == "/v1/render" else b"\x01"
    body = json.dumps(case["body"], ensure_ascii=False).encode()
    open(".fuzz/corpus/seed-%05d" % case["index"], "wb").write(kind + body)
'
# Leaks are not what this looks for (caches are process-wide by design); a case over 10 s is a hang.
# Swift's own crash backtracer is off: under ASan it faults after the report.
SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 .build-fuzz/release/mattertype-libfuzzer .fuzz/corpus \
  -max_total_time=$((minutes * 60)) -timeout=10 -rss_limit_mb=4096 -max_len=65536 -artifact_prefix=.fuzz/ \
  -print_final_stats=1 "$@"
