#!/usr/bin/env bash
# lab.sh — start Jupyter on localhost with the private gonb kernel, in notebooks/.
# JupyterLab when installed, else the classic notebook server (make setup-lab
# installs Debian's jupyter-notebook). Used by `make lab`.
#   LAB_PORT (default 8888), LAB_IP (default 127.0.0.1; the Docker image uses 0.0.0.0).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
kl_env
port="${LAB_PORT:-8888}" ip="${LAB_IP:-127.0.0.1}"
cd "$KL_ROOT/notebooks"
if command -v jupyter-lab >/dev/null 2>&1; then
  exec jupyter-lab --no-browser --ip="$ip" --port="$port" --notebook-dir="$KL_ROOT/notebooks" "$@"
fi
j="$(kl_jupyter)" || { echo "lab: no jupyter found; run make setup-lab" >&2; exit 1; }
if "$j" notebook --version >/dev/null 2>&1; then
  exec "$j" notebook --no-browser --ip="$ip" --port="$port" --notebook-dir="$KL_ROOT/notebooks" "$@"
fi
echo "lab: neither JupyterLab nor the classic notebook server is installed; run make setup-lab" >&2
exit 1
