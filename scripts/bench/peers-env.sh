#!/usr/bin/env bash
# peers-env.sh — the peers' virtual environment build/peers, from the hash-locked requirements/peers.txt
# (scikit-learn, MKLpy with torch and cvxopt, cvxpy with Clarabel and SCS; pip --require-hashes).
#
#   scripts/bench/peers-env.sh            prints the environment's python, installing it if needed
#
# The stamp records the lock and the interpreter; either changed remakes it. torch brings its CUDA
# libraries from PyPI (a few GB, once); none of the benchmarks uses a GPU. Needs python3 (>= 3.11)
# with venv on the PATH, or $PYTHON.
set -euo pipefail
cd "$(dirname "$0")/../.."
python=${PYTHON:-python3}
venv=build/peers
lock=requirements/peers.txt
sum="$(sha256sum "$lock" | cut -d' ' -f1) $("$python" -c 'import sys; print(sys.executable, sys.version.split()[0])')"
if [ -x "$venv/bin/python" ] && [ "$(cat "$venv.stamp" 2>/dev/null)" = "$sum" ]; then
  echo "$PWD/$venv/bin/python"
  exit 0
fi
echo "peers-env: installing $lock into $venv with $("$python" --version 2>&1) (pip --require-hashes; log in $venv-install.log)" >&2
rm -rf "$venv" "$venv.stamp"
mkdir -p build
if "$python" -m venv "$venv" >"$venv-install.log" 2>&1 &&
   "$venv/bin/pip" install --disable-pip-version-check --no-input --timeout 60 --retries 3 \
     --require-hashes --no-deps -r "$lock" >>"$venv-install.log" 2>&1; then
  echo "$sum" > "$venv.stamp"
  echo "$PWD/$venv/bin/python"
else
  echo "peers-env: install failed; the end of $venv-install.log:" >&2
  tail -5 "$venv-install.log" >&2
  exit 1
fi
