# Sourced by the test scripts: builds jongg, starts `jongg serve` on a new
# SQLite database in a temporary folder on a free loopback port, and stops
# it (and removes the folder) when the script exits. Sets WORK, LOG, PID,
# URL (the address it serves) and SETUP_LINK (the one-time setup link).
# $1 names the caller in messages; more arguments go to `jongg serve` (a
# `--bind` among them replaces the free loopback port).
serve_fresh() {
  local who="$1"
  shift
  cargo build -q -p jongg
  WORK=$(mktemp -d)
  LOG="$WORK/serve.log"
  local bind=(--bind 127.0.0.1:0)
  case " $* " in *" --bind "*) bind=() ;; esac
  "${CARGO_TARGET_DIR:-$ROOT/target}/debug/jongg" serve \
    --database "sqlite://$WORK/jongg.sqlite" "${bind[@]}" "$@" >"$LOG" 2>&1 &
  PID=$!
  trap 'kill "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true; rm -rf "$WORK"' EXIT
  for _ in $(seq 1 100); do
    grep -q "Set the director password" "$LOG" 2>/dev/null && break
    kill -0 "$PID" 2>/dev/null || { echo "$who: jongg serve stopped:"; cat "$LOG"; exit 1; }
    sleep 0.1
  done
  URL=$(sed -n 's/^jongg is serving at \([^ ]*\).*/\1/p' "$LOG" | head -1)
  SETUP_LINK=$(sed -n 's/^Set the director password: \(.*\)$/\1/p' "$LOG" | head -1)
  if [ -z "$URL" ] || [ -z "$SETUP_LINK" ]; then
    echo "$who: jongg serve did not print its address and setup link:"; cat "$LOG"; exit 1
  fi
  echo "$who: jongg at $URL"
}
