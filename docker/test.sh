#!/usr/bin/env bash
# test.sh — make image-test: build the image from an empty cache, then check it
# from the inside (docker/check.sh) and report the build time and image size.
#
#   docker/test.sh [--keep]
#
# With docker when an engine answers (docker build --no-cache --pull, docker
# run). Otherwise with buildah in a private, empty store under build/image-test/
# (the base made by debootstrap when no registry answers: docker/base.sh), and
# the checks in `buildah run` as the image's user; the store is removed after a
# pass unless --keep. Needs root for buildah and debootstrap. Over an hour on a
# busy two-core machine (docker/README.md).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
keep=0
[ "${1:-}" != --keep ] || keep=1
tag=kernelab-test
t0=$SECONDS
if command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1; then
  docker build --no-cache --pull -f docker/Dockerfile -t "$tag" .
  build=$((SECONDS - t0))
  size="$(docker image inspect -f '{{.Size}}' "$tag")"
  health="$(docker image inspect -f '{{json .Config.Healthcheck.Test}}' "$tag")"
  mapfile -t hc < <(echo "$health" | python3 -c 'import json, sys; [print(a) for a in json.load(sys.stdin)[1:]]')
  docker run --rm "$tag" docker/check.sh "${hc[@]}"
else
  store="$root/build/image-test"
  rm -rf "$store"
  mkdir -p "$store"
  g=(--root "$store/storage" --runroot "$store/run")
  docker/build.sh --no-cache --tag "$tag" -- "${g[@]}"
  build=$((SECONDS - t0))
  bah=(buildah --storage-driver vfs "${g[@]}")
  size="$("${bah[@]}" inspect --type image -f '{{.ImageSize}}' "$tag" 2>/dev/null ||
    "${bah[@]}" images --noheading --format '{{.Size}}' "$tag")"
  mapfile -t hc < <("${bah[@]}" inspect --type image -f '{{range .Docker.Config.Healthcheck.Test}}{{println .}}{{end}}' "$tag" | sed '1d;/^$/d')
  [ ${#hc[@]} -gt 0 ] || { echo "FAIL image-test: the image has no HEALTHCHECK" >&2; exit 1; }
  ctr="$("${bah[@]}" from --pull=never "$tag")"
  trap '"${bah[@]}" rm "$ctr" >/dev/null 2>&1 || true' EXIT
  user="$("${bah[@]}" inspect --type image -f '{{.Docker.Config.User}}' "$tag")"
  "${bah[@]}" run --isolation chroot --user "$user" "$ctr" -- docker/check.sh "${hc[@]}"
fi
echo "image-test: built in $build s from an empty cache; image size ${size} bytes" \
  "($(numfmt --to=iec "${size//[^0-9]/}" 2>/dev/null || echo "$size")); total $((SECONDS - t0)) s"
if [ $keep = 0 ] && [ -n "${store:-}" ]; then
  "${bah[@]}" rm "$ctr" >/dev/null 2>&1 || true
  rm -rf "$store"
fi
echo "PASS make image-test"
