#!/usr/bin/env bash
# Fuzzes the HTTP API from its own OpenAPI document with schemathesis
# (PyPI, pinned): thousands of generated requests, valid and not, as the
# director, against a tournament with a round under way. Passes when no
# answer is a 5xx and the server printed no panic. Builds jongg, starts it on
# a new SQLite database on a free port, and stops it.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"

VENV="$TARGET/schemathesis-venv"
if [ ! -x "$VENV/bin/schemathesis" ]; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q --disable-pip-version-check schemathesis==4.32.5
fi

. scripts/serve-fresh.sh
serve_fresh api-fuzz
SETUP=${SETUP_LINK##*token=}

# A director, a tournament of 8 and round 1 under way, so the fuzzer reaches
# the sheets and not only 404s.
SESSION=$(JONGG_URL="$URL" JONGG_SETUP="$SETUP" python3 - <<'PY'
import json, os, urllib.request
url = os.environ["JONGG_URL"]
def call(path, body, token=None):
    req = urllib.request.Request(url + path, data=json.dumps(body).encode(), method="POST",
                                 headers={"content-type": "application/json"})
    if token:
        req.add_header("authorization", "Bearer " + token)
    with urllib.request.urlopen(req) as r:
        return json.load(r)
call("/api/setup", {"token": os.environ["JONGG_SETUP"], "password": "api fuzz password"})
token = call("/api/login", {"password": "api fuzz password"})["token"]
t = call("/api/tournaments", {"name": "Fuzz", "rules": {"kind": "preset", "name": "standard"}, "rounds": 3}, token)["id"]
for n in range(1, 9):
    call(f"/api/tournaments/{t}/players", {"number": n, "name": f"P{n}"}, token)
call(f"/api/tournaments/{t}/rounds/1/seat", {"method": {"kind": "by_number"}}, token)
call(f"/api/tournaments/{t}/rounds/1/start", {}, token)
print(token)
PY
)

# Logging out or in would end or rate-limit the session the fuzzer uses.
# One worker: with two, schemathesis's own generator once failed in a clean
# CI run (a KeyError in Python's linecache, a race between its threads);
# one worker is as fast here and gives the same cases every run.
(cd "$WORK" && "$VENV/bin/schemathesis" run "$URL/openapi.json" \
  -H "Authorization: Bearer $SESSION" \
  --checks not_a_server_error --max-examples 40 --workers 1 --seed 2026 \
  --exclude-path /api/logout --exclude-path /api/login --exclude-path /api/setup \
  --no-color)

if grep -q "panicked" "$LOG"; then
  echo "api-fuzz: the server panicked:"; cat "$LOG"; exit 1
fi
echo "api-fuzz: no 5xx, no panic"
