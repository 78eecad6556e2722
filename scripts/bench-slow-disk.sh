#!/usr/bin/env bash
# The server's load benchmark on this disk, then with every fsync made
# 2, 5 and 10 ms slower (scripts/slowsync.c, preloaded). Usage:
#   scripts/bench-slow-disk.sh [extra delays in microseconds...]
set -euo pipefail
cd "$(dirname "$0")/.."
target="${CARGO_TARGET_DIR:-target}"
mkdir -p "$target"
so="$(cd "$target" && pwd)/slowsync.so"
gcc -shared -fPIC -O2 -o "$so" scripts/slowsync.c -ldl
bench=$(cargo bench -p jongg-server --bench load --no-run --message-format=json 2>/dev/null |
    python3 -c 'import json,sys
for l in sys.stdin:
    m = json.loads(l)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "load" and m.get("executable"):
        print(m["executable"])')
delays=("$@")
[ ${#delays[@]} -eq 0 ] && delays=(0 2000 5000 10000)
for us in "${delays[@]}"; do
    echo "== every fsync +${us} us"
    SLOWSYNC_US=$us LD_PRELOAD="$so" "$bench" --bench
done
