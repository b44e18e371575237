#!/usr/bin/env bash
# Instructions a line (lines task) and a paragraph pass, in steady state: a 4-pass run minus a 2-pass run under
# callgrind, divided by the 2 extra passes. Repeatable where wall-clock time is not (this VM's speed drifts).
# valgrind 3.19 cannot read the debug info Swift 6.3 writes, so the binary is built without it, in its own folder.
# Usage: Scripts/instructions.sh [BINARY]   (default: a release build in .build-nodebug)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-}
if [ -z "$bin" ]; then
  swift build -c release -Xswiftc -gnone -Xcc -g0 --scratch-path .build-nodebug >/dev/null
  bin=.build-nodebug/release/mattertype
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
count() {  # task passes
  valgrind --tool=callgrind --callgrind-out-file="$out/cg" "$bin" bench --task "$1" \
    --corpus "Benchmarks/$1.txt" --width 600 --passes "$2" >/dev/null 2>"$out/err"
  grep -o "Collected : [0-9]*" "$out/err" | awk '{print $3}'
}
for task in lines paragraph; do
  two=$(count "$task" 2); four=$(count "$task" 4); per_pass=$(( (four - two) / 2 ))
  if [ "$task" = lines ]; then echo "lines: $(( per_pass / 2000 )) instructions a line"
  else echo "paragraph: $per_pass instructions a pass"; fi
done
