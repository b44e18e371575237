#!/usr/bin/env bash
# The full hostile-font run: 1,000 corrupted variants of NotoSans-Regular.ttf (truncations, byte flips, zeroed
# tables), each registered, shaped, laid out and rendered, in a release build. `make test` runs the first 60.
set -euo pipefail
cd "$(dirname "$0")/.."
MATTERTYPE_FUZZ_COUNT="${1:-1000}" swift test -c release --filter HostileFontTests 2>&1 | grep -E "hostile fonts:|passed|failed|error"
