#!/usr/bin/env bash
# Load test: wrk on loopback against POST /v1/render with a typical card (Benchmarks/card.json: 600 pt wide,
# 3 lines, @2x, PNG), then `mattertype bench --task request` rendering the same card in process on as many
# threads as the server has render slots; prints requests/s, p50/p99 latency and the ratio of the two.
# Usage: [ROUNDS=5] [SERVER=path] Scripts/load.sh [SECONDS (default 20)] [CONNECTIONS (default 4)]
# SERVER: another mattertype-server binary to load (e.g. the previous release's, for a before/after).
# The two alternate ROUNDS times (the server idles while the in-process bench runs) and the median ratio is printed
# last: on this noisy host one pair of runs moves by ±15 % (the in-process rate alone swings 570–880 renders/s from
# one run to the next), so one round says little; ROUNDS=1 prints wrk's whole report.
# Builds both packages in release first; installs wrk (Debian) if missing.
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=${1:-20}
CONNECTIONS=${2:-4}
PORT=${PORT:-18480}
CORES=$(nproc)
ROUNDS=${ROUNDS:-5}
command -v wrk >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk; }
swift build -c release --product mattertype >/dev/null
(cd Server && swift build -c release --product mattertype-server >/dev/null)

work=$(mktemp -d)
cleanup() { [ -n "${server:-}" ] && kill "$server" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
${SERVER:-Server/.build/release/mattertype-server} --port "$PORT" --store "sqlite:$work/fonts.sqlite" --no-system-fonts \
  --log-level warning > "$work/server.log" 2>&1 &
server=$!
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/readyz" >/dev/null && break; sleep 0.1; done
curl -sf -o "$work/card.png" -X POST -H "Content-Type: application/json" --data-binary @Benchmarks/card.json "http://127.0.0.1:$PORT/v1/render"
echo "card: $(python3 -c "import struct,sys; d=open(sys.argv[1],'rb').read(); print('%d × %d px, %d bytes' % (struct.unpack('>II', d[16:24]) + (len(d),)))" "$work/card.png")"

cat > "$work/post.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local file = io.open("Benchmarks/card.json", "rb")
wrk.body = file:read("*a")
file:close()
LUA
# For its first seconds the server loads every installed hyphenation dictionary in the background (libhyphen builds
# de_DE's automaton: ~3 s of a core, 17 files on this host), which a measured run would share the cores with: under
# wrk the loader got 13 % of the server's CPU in the 8 s after a 6 s warm-up. So wait until the idle server's CPU
# time stops growing (at most 60 s), then warm up (not counted: the caches filled, as the in-process bench's untimed
# pass fills them).
server_ticks() { awk '{print $14 + $15}' "/proc/$server/stat"; }
for _ in $(seq 120); do
  before=$(server_ticks); sleep 0.5
  [ $(( $(server_ticks) - before )) -le 2 ] && break
done
wrk -t1 -c"$CONNECTIONS" -d6s -s "$work/post.lua" "http://127.0.0.1:$PORT/v1/render" > /dev/null
ratios=()
for round in $(seq "$ROUNDS"); do
# One wrk thread: on a small machine wrk competes with the server for the same cores.
wrk -t1 -c"$CONNECTIONS" -d"${DURATION}s" --latency -s "$work/post.lua" "http://127.0.0.1:$PORT/v1/render" \
  > "$work/wrk.txt"
[ "$ROUNDS" = 1 ] && cat "$work/wrk.txt"
http=$(awk '/Requests\/sec/ {print $2}' "$work/wrk.txt")
p50=$(awk '$1 == "50%" {print $2}' "$work/wrk.txt")
p99=$(awk '$1 == "99%" {print $2}' "$work/wrk.txt")
errors=$(grep -c "Non-2xx\|Socket errors" "$work/wrk.txt" || true)
inprocess=$(.build/release/mattertype bench --task request --request Benchmarks/card.json --threads "$CORES" \
  --repeat 200 --passes 5 --json | python3 -c "import json,sys; print(json.load(sys.stdin)['rendersPerSecond'])")
ratios+=("$(python3 - "$http" "$inprocess" "$p50" "$p99" "$errors" "$CORES" "$CONNECTIONS" "$DURATION" <<'PY'
import sys
http, inprocess, p50, p99, errors, cores, connections, duration = sys.argv[1:]
ratio = float(http) / float(inprocess)
print(f"HTTP {float(http):.1f} requests/s (wrk -t1 -c{connections} -d{duration}s; p50 {p50}, p99 {p99}; "
      f"error lines {errors}) vs in process {float(inprocess):.1f} renders/s on {cores} threads: {ratio:.0%}",
      file=sys.stderr)
print(ratio)
PY
)")
done
if [ "$ROUNDS" -gt 1 ]; then
  python3 -c "import statistics,sys; r=sorted(map(float,sys.argv[1:])); print(f'median of {len(r)} rounds: {statistics.median(r):.0%} (range {r[0]:.0%}–{r[-1]:.0%})')" "${ratios[@]}"
fi
