#!/usr/bin/env bash
# test.sh — make image-test: build the image from an empty cache, then check it
# from the inside (docker/check.sh) and report the build time and image size.
#
#   docker/test.sh [--keep]
#
# With docker when an engine answers (docker build --no-cache --pull, docker
# run). Otherwise with buildah in a private, empty store under build/image-test/
# (the base made by debootstrap when no registry answers: docker/base.sh), and
# the checks in `buildah run` as the image's user. Needs root for buildah and
# debootstrap, which are installed from Debian when missing (docker/need.sh).
#
# The buildah store, and every temporary file of the build (TMPDIR points into
# it), is removed when the test ends, passed, failed or interrupted, unless
# --keep. Before building, the free space under build/ is checked against the
# store's measured peak plus a margin: KERNELAB_IMAGE_TEST_GB, default 14 (GB;
# docker/README.md). About 16 min on an idle two-core machine.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
keep=0
[ "${1:-}" != --keep ] || keep=1
tag=kernelab-test
fail() { echo "FAIL image-test: $*" >&2; exit 1; }
t0=$SECONDS
if command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1; then
  docker build --no-cache --pull -f docker/Dockerfile -t "$tag" . || fail "docker build failed (log above)"
  build=$((SECONDS - t0))
  size="$(docker image inspect -f '{{.Size}}' "$tag")"
  health="$(docker image inspect -f '{{json .Config.Healthcheck.Test}}' "$tag")"
  mapfile -t hc < <(echo "$health" | python3 -c 'import json, sys; [print(a) for a in json.load(sys.stdin)[1:]]')
  docker run --rm "$tag" docker/check.sh "${hc[@]}" || fail "the checks inside the image failed (log above)"
else
  [ "$(id -u)" = 0 ] || fail "no Docker engine answers, and buildah with debootstrap needs root"
  . docker/need.sh
  need buildah
  store="$root/build/image-test"
  mkdir -p build
  want="${KERNELAB_IMAGE_TEST_GB:-14}"
  free=$(( $(df -Pk build | awk 'NR == 2 {print $4}') / 1024 / 1024 ))
  [ -d "$store" ] && free=$((free + $(du -sk "$store" | cut -f1) / 1024 / 1024))
  [ "$free" -ge "$want" ] ||
    fail "$free GB free under $root/build, the buildah store (vfs) needs $want GB (KERNELAB_IMAGE_TEST_GB); free some space"
  g=(--root "$store/storage" --runroot "$store/run")
  bah=(buildah --storage-driver vfs "${g[@]}")
  ctr=
  cleanup() {
    local rc=$?
    trap - EXIT INT TERM
    if [ $keep = 1 ]; then
      echo "image-test: store kept in $store (remove it with rm -rf)"
    elif [ -d "$store" ]; then
      [ -z "$ctr" ] || "${bah[@]}" rm "$ctr" >/dev/null 2>&1 || true
      rm -rf "$store" || echo "image-test: could not remove $store; remove it by hand" >&2
    fi
    exit "$rc"
  }
  trap cleanup EXIT
  trap 'exit 130' INT TERM
  rm -rf "$store"
  mkdir -p "$store/tmp"
  export TMPDIR="$store/tmp"
  docker/build.sh --no-cache --tag "$tag" -- "${g[@]}" || fail "the build failed (log above)"
  build=$((SECONDS - t0))
  size="$("${bah[@]}" inspect --type image -f '{{.ImageSize}}' "$tag" 2>/dev/null ||
    "${bah[@]}" images --noheading --format '{{.Size}}' "$tag")"
  mapfile -t hc < <("${bah[@]}" inspect --type image -f '{{range .Docker.Config.Healthcheck.Test}}{{println .}}{{end}}' "$tag" | sed '1d;/^$/d')
  [ ${#hc[@]} -gt 0 ] || fail "the image has no HEALTHCHECK"
  ctr="$("${bah[@]}" from --pull=never "$tag")"
  user="$("${bah[@]}" inspect --type image -f '{{.Docker.Config.User}}' "$tag")"
  "${bah[@]}" run --isolation chroot --user "$user" "$ctr" -- docker/check.sh "${hc[@]}" ||
    fail "the checks inside the image failed (log above)"
fi
# buildah may give the size as text ("2.19 GB") rather than bytes.
[[ ! "$size" =~ ^[0-9]+$ ]] || size="$(numfmt --to=iec "$size") ($size bytes)"
echo "image-test: built in $build s from an empty cache; image size $size; total $((SECONDS - t0)) s"
echo "PASS make image-test"
