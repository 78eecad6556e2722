#!/usr/bin/env bash
# Builds jongg in release and packs it for download (issue 21, point 2):
#   <out>/jongg-<version>-<target>.tar.gz   (.zip for Windows)
#   <out>/SHA256SUMS                         (every archive in <out>)
# The archive holds one folder, jongg-<version>-<target>/, with the binary,
# README.md, the licences, the practice card and the director's guide.
#
#   scripts/release.sh                         this machine's target, built here
#   scripts/release.sh --target T              another target (its toolchain must be installed)
#   scripts/release.sh --binary PATH           pack a binary built elsewhere (CI, cross)
#   scripts/release.sh --out DIR               where to put them (default target/dist)
#
# scripts/test-release.sh unpacks an archive in an empty folder and runs it.
set -euo pipefail
cd "$(dirname "$0")/.."

die() { printf 'release.sh: %s\n' "$*" >&2; exit 1; }

target=""
binary=""
out="target/dist"
while [ $# -gt 0 ]; do
  case "$1" in
    --target) target="${2:?--target needs a target triple}"; shift 2 ;;
    --binary) binary="${2:?--binary needs a path}"; shift 2 ;;
    --out) out="${2:?--out needs a folder}"; shift 2 ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
done

# The workspace's version: the first `version =` of Cargo.toml is [workspace.package]'s.
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)
[ -n "$version" ] || die "no version = \"...\" in Cargo.toml"
host=$(rustc -vV | sed -n 's/^host: //p')
target=${target:-$host}

case "$target" in
  *windows*) exe="jongg.exe" ;;
  *) exe="jongg" ;;
esac

if [ -z "$binary" ]; then
  if [ "$target" = "$host" ]; then
    cargo build --release --locked -p jongg
    binary="target/release/$exe"
  else
    cargo build --release --locked -p jongg --target "$target"
    binary="target/$target/release/$exe"
  fi
fi
[ -f "$binary" ] || die "no binary at $binary"

name="jongg-$version-$target"
mkdir -p "$out"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
dir="$stage/$name"
mkdir -p "$dir/cards" "$dir/docs/guide"
cp "$binary" "$dir/$exe"
chmod 755 "$dir/$exe"
cp README.md LICENSE-MIT LICENSE-APACHE "$dir/"
cp cards/practice.card "$dir/cards/"
cp docs/director-guide.md docs/install.md "$dir/docs/"
cp docs/guide/*.png "$dir/docs/guide/"

case "$target" in
  *windows*)
    archive="$name.zip"
    rm -f "$out/$archive"
    if command -v 7z >/dev/null 2>&1; then
      (cd "$stage" && 7z a -tzip -bd "$archive" "$name" >/dev/null)
    else
      command -v zip >/dev/null 2>&1 || die "packing a .zip needs 7z or zip"
      (cd "$stage" && zip -qr "$archive" "$name")
    fi
    ;;
  *)
    archive="$name.tar.gz"
    tar -C "$stage" -czf "$stage/$archive" "$name"
    ;;
esac
mv "$stage/$archive" "$out/$archive"

# The checksums of every archive in the folder, in sha256sum's format.
sha256() {
  if command -v sha256sum >/dev/null 2>&1; then sha256sum "$@"; else shasum -a 256 "$@"; fi
}
(
  cd "$out"
  shopt -s nullglob
  archives=(jongg-*.tar.gz jongg-*.zip)
  sha256 "${archives[@]}" > SHA256SUMS
)
echo "$out/$archive"
