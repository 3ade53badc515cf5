#!/usr/bin/env bash
# The API against its own OpenAPI document: Schemathesis (PyPI) sends generated requests, valid and invalid, to
# every operation of the started app (a fresh data dir, the demo seed), anonymous, as an admin and as a buyer
# (bearer tokens), and fails on any 5xx, any status the document does not declare, and a method the API does not
# serve answered otherwise than 405 with Allow. Bounded: FUZZ_MAX_EXAMPLES requests per operation and run.
set -euo pipefail
cd "$(dirname "$0")/../.."

examples="${FUZZ_MAX_EXAMPLES:-5}"
command -v st >/dev/null || { echo "schemathesis is not installed (pip install schemathesis)" >&2; exit 1; }

data="$(mktemp -d "${TMPDIR:-/tmp}/plataforma-fuzz.XXXXXX")"
log="$data/server.log"
server=''
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  rm -rf "$data"
}
trap cleanup EXIT

# A free port for the app; the development SMTP sink takes any free one.
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
DATA_DIR="$data/app" PORT="$port" SMTP_SINK_PORT=0 KDF_SCRYPT_N=1024 DEMO_SEED=true CHECK_RESPONSES=true \
  LOGIN_LIMIT_PER_ACCOUNT=1000 LOGIN_LIMIT_PER_ADDRESS=100000 MAIL_LIMIT_PER_RECIPIENT=100000 MAIL_LIMIT_PER_CLIENT=100000 \
  ACCESS_TOKEN_TTL_SECONDS=7200 PUBLIC_URL="http://127.0.0.1:$port" \
  node --import tsx adapters/main.ts > "$log" 2>&1 &
server=$!
base="http://127.0.0.1:$port"
until grep -q 'lista en' "$log"; do
  if ! kill -0 "$server" 2>/dev/null; then cat "$log" >&2; echo "the app did not start" >&2; exit 1; fi
  sleep 1
done

token() {
  curl -sf -X POST "$base/api/v1/auth/jwt/login" -H 'content-type: application/json' \
    -d "{\"login\":\"$1\",\"password\":\"Demo2026!\"}" | python3 -c 'import json, sys; print(json.load(sys.stdin)["access_token"])'
}
admin="$(token admin@demo.cl)"
buyer="$(token usuario@demo.cl)"

checks='not_a_server_error,status_code_conformance,unsupported_method,allow_header_conformance'
# Operations that end the session the run signs with: fuzzed anonymously only, or the rest of the run would be 401s.
session_enders='^/api/v1/(auth/(jwt|cookie)/logout|me/password)$'
status=0
fuzz() {
  local name="$1"; shift
  echo "== Schemathesis: $name"
  st run "$base/api/v1/openapi.json" --checks "$checks" --max-examples "$examples" --seed 47 --workers 1 \
    --request-timeout 30 --suppress-health-check all --no-shrink "$@" || status=1
}
fuzz anonymous
fuzz admin -H "Authorization: Bearer $admin" --exclude-path-regex "$session_enders"
fuzz buyer -H "Authorization: Bearer $buyer" --exclude-path-regex "$session_enders"
if grep -q 'unexpected error' "$log"; then grep -A5 'unexpected error' "$log" | head -60 >&2; status=1; fi
exit "$status"
