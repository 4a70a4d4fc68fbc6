#!/bin/sh
# fetch-js.sh — fetch the pinned JavaScript libraries that notebooks and HTML
# reports inline, so they render with no network:
#
#   echarts@5.6.0  (Apache-2.0)  dist/echarts.min.js   -> build/echarts/echarts.min.js
#                  interactive charts (viz)
#   mathjax@3.2.2  (Apache-2.0)  es5/tex-svg-full.js   -> build/mathjax/tex-svg-full.js
#                  typeset math in the HTML reports (fonts as SVG paths: no web fonts to load)
#
# Each tarball is fetched with `npm pack` into build/<name>/ (git-ignored), its
# sha256 is checked, and the one file is extracted with the package LICENSE
# (and NOTICE, where there is one) beside it.
#
# Idempotent: a file already present with its pinned sha256 is not fetched
# again. Run from anywhere; called by `make setup`.
#
# Usage: scripts/fetch-js.sh [--check]
#   --check  only verify the installed files; exit 1 if one is missing or wrong.
set -eu

ROOT=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
CHECK=${1:-}

sha256() { sha256sum "$1" | cut -d' ' -f1; }

# fetch NAME VERSION TGZ_SHA256 PATH_IN_PACKAGE FILE_SHA256
fetch() {
	name=$1 version=$2 tgz_sha=$3 inner=$4 file_sha=$5
	out="$ROOT/build/$name"
	tgz="$out/$name-$version.tgz"
	dst="$out/$(basename "$inner")"
	if [ -f "$dst" ] && [ "$(sha256 "$dst")" = "$file_sha" ]; then
		echo "fetch-js: $dst is $name $version (sha256 ok)"
		return 0
	fi
	if [ "$CHECK" = "--check" ]; then
		echo "fetch-js: $dst missing or not $name $version; run scripts/fetch-js.sh (or make setup)" >&2
		return 1
	fi
	mkdir -p "$out"
	if [ ! -f "$tgz" ] || [ "$(sha256 "$tgz")" != "$tgz_sha" ]; then
		command -v npm >/dev/null 2>&1 || {
			echo "fetch-js: npm not found; install Node.js/npm (Debian: apt-get install npm)" >&2
			return 1
		}
		rm -f "$tgz"
		echo "fetch-js: npm pack $name@$version -> $out"
		(cd "$out" && npm pack "$name@$version" --silent >/dev/null)
	fi
	got=$(sha256 "$tgz")
	if [ "$got" != "$tgz_sha" ]; then
		echo "fetch-js: sha256 mismatch for $tgz: got $got, want $tgz_sha" >&2
		rm -f "$tgz"
		return 1
	fi
	tmp=$(mktemp -d "$out/.extract.XXXXXX")
	tar -xzf "$tgz" -C "$tmp" "package/$inner" package/LICENSE
	tar -xzf "$tgz" -C "$tmp" package/NOTICE 2>/dev/null || true
	got=$(sha256 "$tmp/package/$inner")
	if [ "$got" != "$file_sha" ]; then
		echo "fetch-js: sha256 mismatch for $inner: got $got, want $file_sha" >&2
		rm -rf "$tmp"
		return 1
	fi
	cp "$tmp/package/LICENSE" "$out/LICENSE"
	[ ! -f "$tmp/package/NOTICE" ] || cp "$tmp/package/NOTICE" "$out/NOTICE"
	mv "$tmp/package/$inner" "$dst"
	rm -rf "$tmp"
	echo "fetch-js: installed $dst ($name $version, sha256 ok)"
}

# sha256 of the tarballs as served by registry.npmjs.org, then of the file inside.
fetch echarts 5.6.0 \
	e1b82487dd7f8d9f0438eec1f1433051148e0095ac7a15d4db890afda45cf610 \
	dist/echarts.min.js \
	bf4a223524e40b77c304bec67e1222cf551f14880cf42c69dc046558e11c07b1
fetch mathjax 3.2.2 \
	1b9c0a1c44df864e915690558e72adb9cc5203360daefd385084ced3b6c64c09 \
	es5/tex-svg-full.js \
	a4354ff94fd868aea0cc6eaaa79a57fda0588646fc46ee3700a349ee0a11cbe6
