#!/usr/bin/env bash
# Tests a release archive as a director would use it (issue 21, point 2):
# its checksum in SHA256SUMS beside it, unpacked into an empty folder, the
# files it must hold, `jongg --version`, the practice card it ships, and
# `jongg serve` started there on its default database (./data, created in
# that folder) answering /healthz, /readyz and the login page.
#
#   scripts/test-release.sh target/dist/jongg-0.1.0-x86_64-unknown-linux-gnu.tar.gz
set -euo pipefail

die() { printf 'test-release.sh: FAILED: %s\n' "$*" >&2; exit 1; }

archive="${1:?usage: scripts/test-release.sh ARCHIVE (.tar.gz or .zip, with SHA256SUMS beside it)}"
[ -f "$archive" ] || die "no archive at $archive"
archive=$(cd "$(dirname "$archive")" && pwd)/$(basename "$archive")
file=$(basename "$archive")
case "$file" in
  *.tar.gz) name=${file%.tar.gz} ;;
  *.zip) name=${file%.zip} ;;
  *) die "$file is neither .tar.gz nor .zip" ;;
esac
# jongg-<version>-<target>: the version is what follows `jongg-` up to the next `-`.
version=${name#jongg-}
version=${version%%-*}
case "$name" in
  *windows*) exe="jongg.exe" ;;
  *) exe="jongg" ;;
esac

sha256() {
  if command -v sha256sum >/dev/null 2>&1; then sha256sum "$@"; else shasum -a 256 "$@"; fi
}
sums="$(dirname "$archive")/SHA256SUMS"
[ -f "$sums" ] || die "no SHA256SUMS beside $file"
listed=$(awk -v f="$file" '$2 == f || $2 == "*" f { print $1 }' "$sums")
[ -n "$listed" ] || die "SHA256SUMS does not list $file"
actual=$(sha256 "$archive" | awk '{ print $1 }')
[ "$listed" = "$actual" ] || die "checksum of $file is $actual, SHA256SUMS says $listed"
echo "checksum: ok ($actual)"

work=$(mktemp -d)
server=""
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
mkdir "$work/empty" "$work/logs"
cd "$work/empty"
case "$file" in
  *.tar.gz) tar -xzf "$archive" ;;
  *.zip) if command -v unzip >/dev/null 2>&1; then unzip -q "$archive"; else 7z x -bd "$archive" >/dev/null; fi ;;
esac
[ "$(ls -A)" = "$name" ] || die "the archive should hold one folder $name, it holds: $(ls -A | tr '\n' ' ')"
cd "$name"
for f in "$exe" README.md LICENSE-MIT LICENSE-APACHE cards/practice.card docs/director-guide.md docs/install.md; do
  [ -s "$f" ] || die "the archive has no $f"
done
[ -x "$exe" ] || die "$exe is not executable"
[ ! -e data ] || die "the archive holds a data folder: it must start empty"
echo "files: ok"

shown=$("./$exe" --version)
case "$shown" in
  "jongg $version"*) echo "version: ok ($shown)" ;;
  *) die "./$exe --version says '$shown', the archive's name says $version" ;;
esac

checked=$("./$exe" card check --card cards/practice.card --hand "2Dx2 WD 6D 2Bx2 WD 6B Fx4 2Cx2")
case "$checked" in
  "Mah Jongg"*) echo "practice card: ok" ;;
  *) die "the shipped practice card did not check a Mah Jongg: $checked" ;;
esac

# The server on any free port and its default database, in this folder.
"./$exe" serve --bind 127.0.0.1:0 >"$work/logs/out" 2>"$work/logs/err" &
server=$!
url=""
for _ in $(seq 1 600); do
  url=$(grep -o 'http://127\.0\.0\.1:[0-9]*' "$work/logs/out" | head -n 1 || true)
  [ -n "$url" ] && break
  kill -0 "$server" 2>/dev/null || die "jongg serve stopped: $(cat "$work/logs/out" "$work/logs/err")"
  sleep 0.1
done
[ -n "$url" ] || die "jongg serve printed no address within 60 s: $(cat "$work/logs/out" "$work/logs/err")"
answer() { curl -s -o "$work/logs/body" -w '%{http_code}' "$url$1"; }
for probe in /healthz /readyz; do
  code=$(answer "$probe")
  [ "$code" = 200 ] || die "$probe answered $code: $(cat "$work/logs/body")"
  grep -q '"status":"ok"' "$work/logs/body" || die "$probe answered $(cat "$work/logs/body")"
done
code=$(answer /login)
[ "$code" = 200 ] || die "/login answered $code"
grep -qi '<html' "$work/logs/body" || die "/login is not a page"
[ -f data/jongg.sqlite ] || die "jongg serve made no data/jongg.sqlite in its folder"
grep -q '/setup?token=' "$work/logs/out" || die "a first start printed no setup link"
echo "serve: ok ($url, /healthz, /readyz, /login, data/jongg.sqlite)"
echo "the archive $file works from an empty folder"
