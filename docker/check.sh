#!/usr/bin/env bash
# check.sh — the checks make image-test runs inside the image (docker/test.sh), as
# its user: jovyan (uid 1000), not root; JupyterLab started as the image's CMD
# does, its API, its kernelspec and the image's HEALTHCHECK command; completion
# and hover through gopls (scripts/test-lab.sh); notebook 00 executed headless
# through the kernel in quick mode, exported and its report checked in Chromium
# (scripts/run-notebooks.sh); one shard of a paper's jobs with the prebuilt
# kernelab binary.
#
#   docker/check.sh HEALTHCHECK_COMMAND...
set -euo pipefail
cd /kernelab
fail() { echo "FAIL image: $*" >&2; exit 1; }
[ "$(id -u)" = 1000 ] || fail "runs as uid $(id -u), want 1000"
echo "== user $(id -un) (uid 1000), $(go version), $(build/venv/bin/jupyter lab --version | sed 's/^/JupyterLab /')"
[ "$(command -v kernelab)" = "$KERNELAB_BIN" ] || fail "kernelab on PATH is $(command -v kernelab), want $KERNELAB_BIN"

echo "== JupyterLab as CMD starts it, and the HEALTHCHECK command"
port="$(build/venv/bin/python -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
log="$(mktemp)"
LAB_PORT="$port" scripts/lab.sh --no-browser >"$log" 2>&1 &
pid=$!
ok=0
for _ in $(seq 1 120); do
  if LAB_PORT="$port" "$@" 2>/dev/null; then ok=1; break; fi
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.5
done
grep -q "lab?token=" "$log" || ok=0
kill "$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
[ $ok = 1 ] || { cat "$log"; fail "JupyterLab did not become healthy on port $port"; }
echo "ok healthy on 0.0.0.0:$port; printed $(grep -m1 -o 'http://127.0.0.1:[0-9]*/lab?token=' "$log")…"

echo "== scripts/test-lab.sh"
scripts/test-lab.sh

echo "== notebook 00 headless, exported, report checked (quick mode)"
export KERNELAB_RESULTS=/tmp/check-results KERNELAB_REQUIRE_BROWSER=1
scripts/run-notebooks.sh --mode quick --out /tmp/check-nb --html /tmp/check-nb/html notebooks/00-tour.ipynb
grep -q . /tmp/check-nb/00-tour.report || fail "no report check output"

echo "== kernelab run cortes2009 --shard 0/2 --mode quick (prebuilt binary)"
t=$SECONDS
kernelab run cortes2009 --shard 0/2 --mode quick --results /tmp/check-shard 2>/tmp/check-shard.log ||
  { tail -n 20 /tmp/check-shard.log; fail "kernelab run failed"; }
n="$(find /tmp/check-shard -type f | wc -l)"
[ "$n" -gt 0 ] || fail "the shard wrote no records"
echo "ok $n records in $((SECONDS - t)) s"
echo "PASS docker/check.sh"
