#!/usr/bin/env bash
# Leak check: 2,000 layouts and renders (bench, 1,000 lines, warm-up + 1 pass), then 1,000 more through
# `mattertype render` with system fonts allowed, under valgrind memcheck. Valgrind 3.19 cannot read the DWARF 5
# debug info of Swift 6 binaries, so it runs a copy without debug info. Prints valgrind's leak summaries.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product mattertype > /dev/null
binary=$(mktemp)
strip --strip-debug -o "$binary" .build/release/mattertype
chmod +x "$binary"
head -1000 Benchmarks/lines.txt > "$binary.lines"
valgrind --leak-check=full --suppressions=Scripts/valgrind.supp --errors-for-leak-kinds=definite --error-exitcode=3 \
    "$binary" bench --task lines --corpus "$binary.lines" --passes 1 2>&1 | grep -E "lines/s|definitely lost|indirectly lost|ERROR SUMMARY"
valgrind --leak-check=full --suppressions=Scripts/valgrind.supp --errors-for-leak-kinds=definite --error-exitcode=3 \
    "$binary" render --text-file "$binary.lines" --width 600 --max-lines 1000 --family "Noto Sans" \
    --decoration underline -o "$binary.png" 2>&1 | grep -E "px|definitely lost|indirectly lost|ERROR SUMMARY"
rm -f "$binary" "$binary.lines" "$binary.png"
