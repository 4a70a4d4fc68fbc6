#!/usr/bin/env bash
# lock.sh — regenerate requirements/lab.txt and peers.txt, the hash-locked closures of lab.in
# and peers.in.
#
#   requirements/lock.sh [lab|peers ...]      (default: both)
#
# Runs uv (pinned below) from a throw-away virtual environment: `uv pip compile
# --universal` resolves one lock for every CPython from 3.11 on (markers where a
# dependency is for some versions only), with the SHA-256 of every file PyPI serves
# for each pinned version. scripts/setup.sh installs it with pip --require-hashes.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
uv_version=0.13.8
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
python3 -m venv "$tmp/venv"
"$tmp/venv/bin/pip" install -q --disable-pip-version-check "uv==$uv_version"
cd "$here"
for name in ${*:-lab peers}; do
  "$tmp/venv/bin/uv" pip compile --quiet --universal --python-version 3.11 --generate-hashes \
    --custom-compile-command "requirements/lock.sh $name" --output-file "$name.txt" "$name.in"
  echo "lock: wrote requirements/$name.txt ($(grep -c '==' "$name.txt") pinned packages)"
done
