#!/usr/bin/env bash
# build.sh — kernelab's data sets (see data/README.md).
#
#   scripts/data/build.sh            # `make data`: fetch + verify MNIST, verify the committed sets
#   scripts/data/build.sh --verify   # only check data/*.csv.gz against data/checksums.sha256
#   scripts/data/build.sh --rebuild  # regenerate data/*.csv.gz from the pinned Debian packages
#                                    # (apt-get download + dpkg-deb -x + Rscript), then as default
#
# Every mode is idempotent. The rebuild needs apt-get (Debian bookworm sources),
# dpkg-deb, gzip, sha256sum and Rscript (r-base-core; installed here when
# missing and we are root). Packages are unpacked under build/data/ (git-ignored),
# never installed. gzip -n makes the output byte-reproducible, so a rebuild
# on the same R version reproduces the committed sha256 sums.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
here="$root/scripts/data"
data="$root/data"
work="$root/build/data"

# Pinned packages: name=version (Debian bookworm), as listed in data/README.md.
pkgs=(
  r-cran-mlbench=2.1-3-1
  r-cran-ddalpha=1.3.13-1
  r-cran-mclust=6.0.0-1
  r-cran-modeldata=1.1.0-1
  r-cran-caret=6.0-93+dfsg-1
  r-bioc-multtest=2.54.0-1
  weka=3.6.14-3
  libfann-doc=2.2.0+ds-8
  python3-sklearn=1.2.1+dfsg-1
)

mode="default"
case "${1:-}" in
  "") ;;
  --verify) mode="verify" ;;
  --rebuild) mode="rebuild" ;;
  -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
  *) echo "build.sh: unknown option $1 (use --verify or --rebuild)" >&2; exit 2 ;;
esac

verify() {
  (cd "$data" && sha256sum --check --quiet checksums.sha256) || {
    echo "data: committed files do not match data/checksums.sha256" >&2; return 1; }
  echo "data: $(wc -l <"$data/checksums.sha256") committed data sets verified (data/checksums.sha256)"
}

rebuild() {
  for t in apt-get dpkg-deb gzip sha256sum; do
    command -v "$t" >/dev/null || { echo "data: --rebuild needs $t (a Debian/Ubuntu machine with bookworm sources)" >&2; exit 1; }
  done
  if ! command -v Rscript >/dev/null; then
    if [ "$(id -u)" = 0 ]; then
      echo "data: installing r-base-core (needed to read .rda / R lazy-load files)"
      DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends r-base-core
    else
      echo "data: --rebuild needs Rscript: sudo apt-get install r-base-core" >&2; exit 1
    fi
  fi
  mkdir -p "$work/debs" "$work/root" "$work/csv"
  for p in "${pkgs[@]}"; do
    name="${p%%=*}"; ver="${p#*=}"
    # apt-get download names files NAME_VERSION_ARCH.deb with ':' in VERSION escaped as %3a.
    if ! ls "$work/debs/${name}_${ver//:/%3a}_"*.deb >/dev/null 2>&1; then
      echo "data: apt-get download $p"
      (cd "$work/debs" && apt-get download -q "$p")
    fi
  done
  rm -rf "$work/root" "$work/csv"
  mkdir -p "$work/root" "$work/csv"
  for d in "$work"/debs/*.deb; do dpkg-deb -x "$d" "$work/root"; done
  (cd "$work/debs" && sha256sum ./*.deb | sed 's|\./||') >"$work/debs.sha256"
  Rscript "$here/extract.R" "$work/root" "$work/csv"
  for f in "$work"/csv/*.csv; do
    b="$(basename "$f")"
    gzip -n -9 -c "$f" >"$work/csv/$b.gz"
    if ! cmp -s "$work/csv/$b.gz" "$data/$b.gz"; then
      cp "$work/csv/$b.gz" "$data/$b.gz"
      echo "data: wrote data/$b.gz"
    fi
  done
  (cd "$data" && sha256sum ./*.csv.gz | sed 's|\./||' | LC_ALL=C sort -k2 >checksums.sha256)
  echo "data: package checksums in build/data/debs.sha256; data checksums in data/checksums.sha256"
}

case "$mode" in
  verify) verify ;;
  rebuild) rebuild; verify; "$here/mnist.sh" ;;
  default) verify; "$here/mnist.sh" ;;
esac
