# need.sh — sourced by docker/build.sh, base.sh and test.sh: `need TOOL...` makes
# sure each tool is on PATH. What is missing is installed from Debian's archive
# (packages buildah and debootstrap, with --no-install-recommends: the chroot
# isolation and the vfs driver need neither crun, runc nor fuse-overlayfs) when
# we are root on a system with apt-get; otherwise need stops with a message
# that names the packages to install.
need() {
  local missing=() t
  for t in "$@"; do
    command -v "$t" >/dev/null 2>&1 || missing+=("$t")
  done
  [ ${#missing[@]} -gt 0 ] || return 0
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "docker: ${missing[*]} missing; install the Debian packages (as root: apt-get install --no-install-recommends ${missing[*]}) or build with a Docker engine" >&2
    exit 1
  fi
  echo "docker: installing ${missing[*]} from Debian (apt-get install --no-install-recommends ${missing[*]})"
  export DEBIAN_FRONTEND=noninteractive
  if ! { apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}"; } >&2; then
    echo "docker: apt-get could not install ${missing[*]}; install them by hand and run again" >&2
    exit 1
  fi
  for t in "${missing[@]}"; do
    command -v "$t" >/dev/null 2>&1 || { echo "docker: $t is still missing after apt-get install" >&2; exit 1; }
  done
}
