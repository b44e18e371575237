#!/usr/bin/env bash
# The concurrency tests under the thread sanitizer (a separate build folder: TSan rebuilds everything).
set -euo pipefail
cd "$(dirname "$0")/.."
swift test --sanitize=thread --scratch-path .build-tsan --filter "StressTests|ConcurrencyTests|concurrentRenders" "$@"
