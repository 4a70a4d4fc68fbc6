#!/bin/sh
# fetch-echarts.sh — fetch the ECharts library that viz inlines into interactive
# charts, so notebooks and HTML reports render with no network.
#
# Pinned: npm package echarts@5.6.0 (Apache-2.0). The tarball is fetched with
# `npm pack` into build/echarts/ (git-ignored), its sha256 is checked, and
# package/dist/echarts.min.js is extracted to build/echarts/echarts.min.js
# (with the package LICENSE and NOTICE beside it).
#
# Idempotent: when build/echarts/echarts.min.js already has the pinned sha256
# nothing is downloaded. Run from anywhere; called by `make setup`.
#
# Usage: scripts/fetch-echarts.sh [--check]
#   --check  only verify the installed file; exit 1 if missing or wrong.
set -eu

VERSION=5.6.0
# sha256 of echarts-5.6.0.tgz as served by registry.npmjs.org
# (npm's own sha1 "shasum" for it is 2377874dca9fb50f104051c3553544752da3c9d6).
TGZ_SHA256=e1b82487dd7f8d9f0438eec1f1433051148e0095ac7a15d4db890afda45cf610
# sha256 of package/dist/echarts.min.js inside that tarball.
MIN_SHA256=bf4a223524e40b77c304bec67e1222cf551f14880cf42c69dc046558e11c07b1

ROOT=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
OUT="$ROOT/build/echarts"
TGZ="$OUT/echarts-$VERSION.tgz"
MIN="$OUT/echarts.min.js"

sha256() { sha256sum "$1" | cut -d' ' -f1; }

if [ -f "$MIN" ] && [ "$(sha256 "$MIN")" = "$MIN_SHA256" ]; then
	echo "fetch-echarts: $MIN is echarts $VERSION (sha256 ok)"
	exit 0
fi
if [ "${1:-}" = "--check" ]; then
	echo "fetch-echarts: $MIN missing or not echarts $VERSION; run scripts/fetch-echarts.sh (or make setup)" >&2
	exit 1
fi

mkdir -p "$OUT"
if [ ! -f "$TGZ" ] || [ "$(sha256 "$TGZ")" != "$TGZ_SHA256" ]; then
	command -v npm >/dev/null 2>&1 || {
		echo "fetch-echarts: npm not found; install Node.js/npm (Debian: apt-get install npm)" >&2
		exit 1
	}
	rm -f "$TGZ"
	echo "fetch-echarts: npm pack echarts@$VERSION -> $OUT"
	(cd "$OUT" && npm pack "echarts@$VERSION" --silent >/dev/null)
fi
got=$(sha256 "$TGZ")
if [ "$got" != "$TGZ_SHA256" ]; then
	echo "fetch-echarts: sha256 mismatch for $TGZ: got $got, want $TGZ_SHA256" >&2
	rm -f "$TGZ"
	exit 1
fi

TMP=$(mktemp -d "$OUT/.extract.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM
tar -xzf "$TGZ" -C "$TMP" package/dist/echarts.min.js package/LICENSE package/NOTICE
got=$(sha256 "$TMP/package/dist/echarts.min.js")
if [ "$got" != "$MIN_SHA256" ]; then
	echo "fetch-echarts: sha256 mismatch for dist/echarts.min.js: got $got, want $MIN_SHA256" >&2
	exit 1
fi
cp "$TMP/package/LICENSE" "$OUT/LICENSE"
cp "$TMP/package/NOTICE" "$OUT/NOTICE"
mv "$TMP/package/dist/echarts.min.js" "$MIN"
echo "fetch-echarts: installed $MIN (echarts $VERSION, sha256 ok)"
