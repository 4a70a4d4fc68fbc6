#!/usr/bin/env bash
# build.sh — build the image `kernelab` from docker/Dockerfile (used by make image).
#
#   docker/build.sh [--tag NAME] [--no-cache] [-- BUILDAH_GLOBAL_OPTIONS...]
#
# --no-cache builds every step afresh; with buildah it also keeps no intermediate
# layers (each is a full copy of the root file system under vfs).
#
# With docker when an engine answers (`docker info`). Otherwise with Debian's buildah,
# daemonless: --isolation chroot, the vfs storage driver, --pull=never, and the base
# image debian:bookworm-slim pulled from the registry or, when no registry answers,
# made locally by docker/base.sh (debootstrap). buildah and debootstrap are installed
# from Debian when missing and we are root (docker/need.sh). Options after -- go to every buildah
# call (e.g. --root DIR --runroot DIR: a private store, as make image-test uses).
# Certificate authorities the host adds in /usr/local/share/ca-certificates (a
# proxy's, say) are mounted there during the build, so the image's HTTPS
# downloads trust what the host trusts; the image's CA store then holds them too.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tag=kernelab nocache=() layers=(--layers) global=()
while [ $# -gt 0 ]; do
  case "$1" in
    --tag) tag="$2"; shift 2 ;;
    --no-cache) nocache=(--no-cache); layers=(); shift ;;
    --) shift; global=("$@"); break ;;
    -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "build: unknown option $1" >&2; exit 2 ;;
  esac
done
cd "$root"
if command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1; then
  echo "build: docker build -t $tag"
  exec docker build "${nocache[@]}" -f docker/Dockerfile -t "$tag" .
fi
. docker/need.sh
need buildah
bah=(buildah --storage-driver vfs "${global[@]}")
base=docker.io/library/debian:bookworm-slim
if ! "${bah[@]}" inspect --type image "$base" >/dev/null 2>&1; then
  if timeout 120 "${bah[@]}" pull --quiet "$base" >/dev/null 2>&1; then
    echo "build: pulled $base"
  else
    echo "build: no registry answers; making $base with debootstrap (docker/base.sh)"
    docker/base.sh --storage-driver vfs "${global[@]}"
  fi
fi
ca=()
if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
  ca=(--volume /usr/local/share/ca-certificates:/usr/local/share/ca-certificates:ro)
  echo "build: the host's extra CA certificates are trusted during the build:" /usr/local/share/ca-certificates/*.crt
fi
echo "build: buildah bud -t $tag (isolation chroot, storage vfs)"
exec "${bah[@]}" bud --isolation chroot --pull=never --format docker "${layers[@]}" "${nocache[@]}" "${ca[@]}" \
  -f docker/Dockerfile -t "$tag" .
