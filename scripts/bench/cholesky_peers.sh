#!/usr/bin/env bash
# cholesky_peers.sh — kernel ridge regression's linear solve against LAPACK, interleaved (Go, LAPACK, Go, …)
# in one session so both see the same machine load; each time is the fastest of the rounds.
#
#   scripts/bench/cholesky_peers.sh [rounds] [n ...]      (default 5 rounds, n = 500 1000 2000 4000)
#
# Go:     krr.BenchmarkFitGram (FactorizeShift + Cond + SolveVecTo on K + I) and linalg.BenchmarkCholesky
#         (Factorize alone), each -benchtime 3x per round.
# LAPACK: scripts/bench/cholesky_lapack.py (cho_factor + cho_solve; scipy.linalg.solve(assume_a="pos"), which adds
#         the DPOCON condition estimate as FitGram does). Needs /usr/bin/python3 with numpy, scipy, scikit-learn.
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${1:-5}
shift || true
sizes=${*:-500 1000 2000 4000}
re="n=($(echo $sizes | tr ' ' '|'))\$"
if [ -z "${GOAMD64:-}" ] && [ "$(go env GOARCH)" = amd64 ] && \
   [ "$(grep -m1 '^flags' /proc/cpuinfo | tr ' ' '\n' | grep -cxE 'avx|avx2|bmi1|bmi2|f16c|fma|abm|movbe|xsave')" = 9 ]; then
  export GOAMD64=v3
fi
log=$(mktemp -d)
trap 'rm -rf "$log"' EXIT
go test -c -o "$log/krr.test" ./klearn/krr/
go test -c -o "$log/linalg.test" ./internal/linalg/
echo "machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), load $(cut -d' ' -f1-3 /proc/loadavg), GOAMD64=${GOAMD64:-default}, $(go version | cut -d' ' -f3)"
for r in $(seq "$rounds"); do
  echo "round $r of $rounds, load $(cut -d' ' -f1 /proc/loadavg)" >&2
  (cd klearn/krr && "$log/krr.test" -test.run '^$' -test.bench "FitGram/$re" -test.benchtime 3x) >> "$log/go.txt"
  /usr/bin/python3 scripts/bench/cholesky_lapack.py $sizes >> "$log/py.txt"
  (cd internal/linalg && "$log/linalg.test" -test.run '^$' -test.bench "Cholesky/linalg/$re" -test.benchtime 3x) >> "$log/go.txt"
done
echo "load at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| Go benchmark | fastest (s) |"
echo "|---|---:|"
awk '/^Benchmark/ && /ns\/op/ { for (i = 1; i <= NF; i++) if ($(i+1) == "ns/op") { t = $i / 1e9; n = $1; sub(/-[0-9]+$/, "", n); if (!(n in m) || t < m[n]) m[n] = t } }
     END { for (n in m) printf "| %s | %.4f |\n", n, m[n] }' "$log/go.txt" | sort -t= -k2 -n
echo
echo "| LAPACK (n) | cho_factor + cho_solve | solve(assume_a=\"pos\") |"
echo "|---|---:|---:|"
awk '$1 == "lapack" { split($2, a, "="); n = a[2]; if (!(n in c) || $4 < c[n]) c[n] = $4; if (!(n in s) || $6 < s[n]) s[n] = $6 }
     END { for (n in c) printf "| %s | %.4f | %.4f |\n", n, c[n], s[n] }' "$log/py.txt" | sort -t'|' -k2 -n
