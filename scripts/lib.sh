# lib.sh — shell functions shared by kernelab's scripts (sourced, not run).
# Needs bash. Sets KL_ROOT to the repository root.

KL_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# kl_jupyter prints the path of the `jupyter` to use, the one way scripts find Jupyter:
# the project's virtual environment build/venv (JupyterLab, nbconvert; scripts/setup.sh),
# else Debian's /usr/bin/jupyter, else one on PATH, the first that has nbconvert (a pyenv
# python3 earlier on PATH usually lacks it). Prints nothing and fails when there is none.
kl_jupyter() {
  local j
  for j in "$KL_ROOT/build/venv/bin/jupyter" /usr/bin/jupyter "$(command -v jupyter 2>/dev/null || true)"; do
    if [ -n "$j" ] && [ -x "$j" ] && "$j" nbconvert --version >/dev/null 2>&1; then
      echo "$j"
      return 0
    fi
  done
  return 1
}

# kl_tools_sum prints what the Go tools in bin/ were built from (tools/go.mod, tools/go.sum, the Go
# version): scripts/setup.sh rebuilds them when it changes; docker/Dockerfile stamps its prebuilt ones.
kl_tools_sum() {
  echo "$(cat "$KL_ROOT/tools/go.mod" "$KL_ROOT/tools/go.sum" | sha256sum | cut -d' ' -f1) $(go env GOVERSION)"
}

# kl_chromium prints the path of a Chromium/Chrome binary, or fails.
kl_chromium() {
  local c
  for c in chromium chromium-browser google-chrome google-chrome-stable; do
    if command -v "$c" >/dev/null 2>&1; then
      command -v "$c"
      return 0
    fi
  done
  return 1
}

# kl_env exports what the private GoNB kernel needs: bin/ (gonb, goimports)
# and the Go toolchain on PATH, the project-local Jupyter data dir, the repo root.
kl_env() {
  local goroot
  goroot="$(go env GOROOT 2>/dev/null || true)"
  export PATH="$KL_ROOT/bin${goroot:+:$goroot/bin}:$PATH"
  export JUPYTER_DATA_DIR="$KL_ROOT/build/jupyter"
  export KERNELAB_ROOT="$KL_ROOT"
}

# kl_children PID prints the processes whose parent is PID, one "pid command-name" a line, read from
# /proc (no procps needed).
kl_children() {
  local f line ppid child
  for f in /proc/[0-9]*/stat; do
    read -r line 2>/dev/null <"$f" || continue
    read -r _ ppid _ <<<"${line##*) }" # after the command name: state, parent, ...
    if [ "$ppid" = "$1" ]; then
      child="${f#/proc/}"
      line="${line#*(}"
      echo "${child%/stat} ${line%)*}"
    fi
  done
}
