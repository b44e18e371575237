#!/usr/bin/env bash
# Fuzzes the running API against its own OpenAPI document with schemathesis (PyPI, in .venv-schemathesis):
# a bounded number of examples per operation, checks that no response is a 5xx and that every response
# (status, content type, headers, body) matches the document. The server runs with a temporary SQLite store and an
# admin token, so the registration routes are exercised too.
# Usage: Scripts/fuzz-api.sh [EXAMPLES per operation (default 50)]
set -euo pipefail
cd "$(dirname "$0")/.."
EXAMPLES=${1:-50}
PORT=${PORT:-18490}
if [ ! -x .venv-schemathesis/bin/schemathesis ]; then
  python3 -m venv .venv-schemathesis
  .venv-schemathesis/bin/pip install -q 'schemathesis>=4,<5'
fi
(cd Server && swift build --product mattertype-server >/dev/null)
work=$(mktemp -d)
cleanup() { [ -n "${server:-}" ] && kill "$server" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
MATTERTYPE_ADMIN_TOKEN=fuzz-token Server/.build/debug/mattertype-server --port "$PORT" \
  --store "sqlite:$work/fonts.sqlite" --no-system-fonts --log-level error > "$work/server.log" 2>&1 &
server=$!
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/readyz" >/dev/null && break; sleep 0.1; done
.venv-schemathesis/bin/schemathesis run "http://127.0.0.1:$PORT/openapi.yaml" \
  --url "http://127.0.0.1:$PORT" \
  --header "Authorization: Bearer fuzz-token" \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance \
  --max-examples "$EXAMPLES" --seed 1 --no-color
