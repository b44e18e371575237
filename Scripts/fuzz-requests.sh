#!/usr/bin/env bash
# The request generator for longer than `make test` runs it: in process and over HTTP against a release server.
# Builds the release mattertype and mattertype-server when missing, then runs Scripts/fuzz-requests.py (see its
# header for what is checked).
# Usage: Scripts/fuzz-requests.sh [--minutes N] [--seed S] [--cases N] [--http-cases N]
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .build/release/mattertype ] || swift build -c release --product mattertype
[ -x Server/.build/release/mattertype-server ] || (cd Server && swift build -c release --product mattertype-server)
exec python3 Scripts/fuzz-requests.py "$@"
