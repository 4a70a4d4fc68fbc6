#!/usr/bin/env bash
# lab.sh — JupyterLab on localhost in notebooks/, with the project's gonb kernel
# (build/jupyter) and Go tools (bin/: goimports, gopls). Used by `make lab`.
#
#   scripts/lab.sh [--port P] [--ip ADDR] [--no-browser] [JUPYTERLAB_OPTIONS...]
#
# Port 8888 and address 127.0.0.1 unless given (or LAB_PORT, LAB_IP; the Docker
# image listens on 0.0.0.0 inside the container). JupyterLab keeps its token;
# the URL with the token is printed once the server answers. --no-browser (or no
# display) opens no browser. As root, --allow-root is added. Needs make setup
# (JupyterLab from requirements/lab.txt in build/venv).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
kl_env
# Explorations are live here without KERNELAB_EXPLORE: nb takes a kernel of
# a Jupyter Server session (JPY_SESSION_NAME) for a browser. It is not set
# here: the lab's terminals would inherit it, and nbconvert run there
# (make test, make reports) would wait for a browser and copy GoNB's script
# into the saved notebooks. KERNELAB_EXPLORE=live make lab forces live
# explorations in quick mode.
port="${LAB_PORT:-8888}" ip="${LAB_IP:-127.0.0.1}" browser=1 extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --port) port="$2"; shift 2 ;;
    --port=*) port="${1#*=}"; shift ;;
    --ip) ip="$2"; shift 2 ;;
    --ip=*) ip="${1#*=}"; shift ;;
    --no-browser) browser=0; shift ;;
    -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) extra+=("$1"); shift ;;
  esac
done
[ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] || [ "$(uname)" = Darwin ] || browser=0
j="$(kl_jupyter)" && "$j" lab --version >/dev/null 2>&1 ||
  { echo "lab: JupyterLab is not installed (build/venv); run make setup with PyPI reachable" >&2; exit 1; }
[ -f "$JUPYTER_DATA_DIR/kernels/gonb/kernel.json" ] ||
  { echo "lab: the gonb kernel is not installed in $JUPYTER_DATA_DIR; run make setup" >&2; exit 1; }
args=(lab --ip="$ip" --port="$port" --ServerApp.port_retries=0 --ServerApp.root_dir="$KL_ROOT/notebooks"
  --MultiKernelManager.default_kernel_name=gonb)
[ $browser = 1 ] || args+=(--no-browser)
[ "$(id -u)" != 0 ] || args+=(--allow-root)
cd "$KL_ROOT/notebooks"
# JupyterLab prints its URLs (with the token) in its log; the list below repeats the one to open.
"$j" "${args[@]}" "${extra[@]}" &
pid=$!
trap 'kill "$pid" 2>/dev/null; wait "$pid"' INT TERM HUP
for _ in $(seq 1 120); do
  kill -0 "$pid" 2>/dev/null || break
  url="$("$j" server list --json 2>/dev/null | "$(dirname "$j")/python" -c '
import json, sys
for line in sys.stdin:
    s = json.loads(line)
    if s.get("pid") == int(sys.argv[1]):
        host = sys.argv[2] if sys.argv[2] not in ("", "0.0.0.0", "::", "*") else "127.0.0.1"
        print("http://%s:%s%slab?token=%s" % (host, s["port"], s["base_url"], s["token"]))' "$pid" "$ip" 2>/dev/null)" || true
  if [ -n "$url" ]; then
    printf '\nlab: JupyterLab serves %s with the gonb kernel:\n\n    %s\n\n' "$KL_ROOT/notebooks" "$url"
    break
  fi
  sleep 0.5
done
wait "$pid"
