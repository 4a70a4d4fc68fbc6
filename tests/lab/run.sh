#!/usr/bin/env bash
# run.sh — the real-browser test of the live lab (make test-lab).
#
# Installs playwright-core from package-lock.json into tests/lab/node_modules
# (npm ci; no browser is downloaded: Playwright drives Debian's Chromium),
# starts JupyterLab on a free localhost port with the private GoNB kernel on
# a copy of notebooks/00-tour.ipynb (so autosave never touches the
# repository), and runs tour.mjs: open the notebook, run all cells, drag
# the exploration's slider, check that the chart is redrawn for the new
# value, press Done, and check that every cell ran and no output holds an
# error.
#
# Environment: KL_LAB_JUPYTER, a `jupyter` with the lab command (default:
# kl_jupyter of scripts/lib.sh); CHROMIUM (default: kl_chromium);
# LAB_TEST_TIMEOUT seconds for the whole run (default 900). The notebook
# runs in quick mode with live explorations (KERNELAB_EXPLORE=live).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/../../scripts/lib.sh"
kl_env

jupyter="${KL_LAB_JUPYTER:-$(kl_jupyter || true)}"
if [ -z "$jupyter" ] || ! "$jupyter" lab --version >/dev/null 2>&1; then
  echo "test-lab: no jupyter with JupyterLab (set KL_LAB_JUPYTER, or run make setup)" >&2
  exit 1
fi
chromium="${CHROMIUM:-$(kl_chromium || true)}"
[ -n "$chromium" ] || { echo "test-lab: no chromium (apt-get install chromium)" >&2; exit 1; }
[ -x "$KL_ROOT/bin/gonb" ] || { echo "test-lab: no bin/gonb; run make setup" >&2; exit 1; }

# npm ci once per lock file (a copy of it marks the install).
if ! cmp -s "$here/package-lock.json" "$here/node_modules/.kl-installed-lock" 2>/dev/null; then
  (cd "$here" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error)
  cp "$here/package-lock.json" "$here/node_modules/.kl-installed-lock"
fi

work="$(mktemp -d)"
lab_pid=""
cleanup() {
  if [ -n "$lab_pid" ]; then kill "$lab_pid" 2>/dev/null || true; wait "$lab_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$work/notebooks" "$work/config" "$work/runtime" "$work/results"
cp "$KL_ROOT/notebooks/00-tour.ipynb" "$work/notebooks/"
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
token="$(python3 -c 'import secrets; print(secrets.token_hex(16))')"

export JUPYTER_CONFIG_DIR="$work/config" JUPYTER_RUNTIME_DIR="$work/runtime"
export KERNELAB_MODE=quick KERNELAB_EXPLORE=live KERNELAB_RESULTS="$work/results"
root=()
[ "$(id -u)" = 0 ] && root=(--allow-root)
"$jupyter" lab --no-browser --ip=127.0.0.1 --port="$port" --IdentityProvider.token="$token" \
  --ServerApp.open_browser=False --notebook-dir="$work/notebooks" "${root[@]}" >"$work/lab.log" 2>&1 &
lab_pid=$!

url="http://127.0.0.1:$port"
for _ in $(seq 1 120); do
  curl -fsS "$url/api/status?token=$token" >/dev/null 2>&1 && break
  kill -0 "$lab_pid" 2>/dev/null || { cat "$work/lab.log" >&2; echo "test-lab: JupyterLab exited" >&2; exit 1; }
  sleep 0.5
done

if ! LAB_URL="$url" LAB_TOKEN="$token" CHROMIUM="$chromium" LAB_SHOTS="${LAB_SHOTS:-}" \
  timeout "${LAB_TEST_TIMEOUT:-900}" node "$here/tour.mjs"; then
  echo "--- JupyterLab log (tail)" >&2
  tail -40 "$work/lab.log" >&2
  exit 1
fi
