#!/usr/bin/env bash
# base.sh — make the image the Dockerfile starts FROM (debian:bookworm-slim) locally,
# for machines that reach Debian's archive but no container registry.
#
#   docker/base.sh [buildah global options...]     e.g. --root DIR --runroot DIR --storage-driver vfs
#
# debootstrap builds a minimal Debian bookworm root (variant minbase: the essential
# and required packages, as in the registry's debian:bookworm-slim), trimmed the way
# that image is (no manuals, docs or locales; no apt lists), and buildah stores it as
# docker.io/library/debian:bookworm-slim, so `FROM debian:bookworm-slim` with
# --pull=never finds it. Needs root; installs debootstrap and buildah from Debian
# when missing (docker/need.sh). Does nothing when the image is already there.
set -euo pipefail
name=docker.io/library/debian:bookworm-slim
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
bah=(buildah "$@")
if "${bah[@]}" inspect --type image "$name" >/dev/null 2>&1; then
  echo "base: $name is already there"
  exit 0
fi
[ "$(id -u)" = 0 ] || { echo "base: debootstrap needs root" >&2; exit 1; }
. "$(dirname "${BASH_SOURCE[0]}")/need.sh"
need debootstrap buildah
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
root="$tmp/root"
mkdir -p "$root/etc/dpkg/dpkg.cfg.d"
# The slim image's excludes, in place before the first package is unpacked.
cat >"$root/etc/dpkg/dpkg.cfg.d/docker" <<'CFG'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/locale/*
CFG
echo "base: debootstrap --variant=minbase bookworm from $mirror"
debootstrap --variant=minbase --arch="$(dpkg --print-architecture)" bookworm "$root" "$mirror" >"$tmp/debootstrap.log" 2>&1 ||
  { tail -n 30 "$tmp/debootstrap.log" >&2; exit 1; }
cat >"$root/etc/apt/sources.list" <<SRC
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb http://deb.debian.org/debian-security bookworm-security main
SRC
rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin "$root"/var/cache/apt/archives/*.deb \
  "$root"/var/log/* "$root"/tmp/* "$root"/usr/share/doc/*/changelog* "$root"/usr/share/man/* "$root"/usr/share/locale/*
tar -C "$root" --numeric-owner -cf "$tmp/root.tar" .
ctr="$("${bah[@]}" from --pull=never scratch)"
"${bah[@]}" add "$ctr" "$tmp/root.tar" / >/dev/null
"${bah[@]}" config --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin --cmd bash "$ctr"
"${bah[@]}" commit --rm "$ctr" "$name" >/dev/null
echo "base: made $name ($(du -sh "$tmp/root.tar" | cut -f1) tar) with debootstrap"
