#!/usr/bin/env bash
# peers.sh — re-measure every speed claim of the README and the package docs
# against its peer, in one session, interleaved (Go, peer, Go, peer, …) so
# both see the same machine load; each time is the fastest of the rounds.
#
#   scripts/bench/peers.sh [rounds]        (default 3)
#
# Pairs (Go benchmark ~ peer):
#   kernel.Gram RBF / polynomial, n = 1000…4000, d = 784  ~ scikit-learn rbf_kernel / polynomial_kernel
#   krr FitGram / Fit                                      ~ KernelRidge precomputed / rbf   (scripts/bench/sklearn_bench.py)
#   svm Fit from features, MNIST 3-vs-8                    ~ SVC(kernel="rbf")               (scripts/bench/svm_fit_sklearn.py)
# The SVM on a precomputed kernel against LIBSVM has its own script (svm_vs_libsvm.sh), and so has KRR's linear
# solve against LAPACK's cho_factor/cho_solve (cholesky_peers.sh).
# Prints a summary table in seconds (wall time); paste it into the package's BENCHMARKS.md.
# Needs /usr/bin/python3 with numpy and scikit-learn (python3-sklearn), MNIST (`make data`), go.
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${1:-3}
# As the Makefile: GOAMD64=v3 on CPUs with the x86-64-v3 feature set, unless the caller set it.
if [ -z "${GOAMD64:-}" ] && [ "$(go env GOARCH)" = amd64 ] && \
   [ "$(grep -m1 '^flags' /proc/cpuinfo | tr ' ' '\n' | grep -cxE 'avx|avx2|bmi1|bmi2|f16c|fma|abm|movbe|xsave')" = 9 ]; then
  export GOAMD64=v3
fi
log=$(mktemp -d)
trap 'rm -rf "$log"' EXIT
echo "machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), load $(cut -d' ' -f1-3 /proc/loadavg), GOAMD64=${GOAMD64:-default}, $(go version | cut -d' ' -f3)"
for r in $(seq "$rounds"); do
  echo "round $r of $rounds" >&2
  go test -run '^$' -bench 'GramRBF|GramPoly' -benchtime 1x ./klearn/kernel/ >> "$log/go.txt"
  /usr/bin/python3 scripts/bench/sklearn_bench.py >> "$log/py.txt"
  go test -run '^$' -bench 'Fit' -benchtime 1x ./klearn/krr/ >> "$log/go.txt"
  go test -run '^$' -bench 'BenchmarkFit$' -benchtime 1x ./klearn/svm/ >> "$log/go.txt"
  /usr/bin/python3 scripts/bench/svm_fit_sklearn.py >> "$log/svm.txt"
done
# Go: the fastest ns/op per benchmark name, in seconds.
echo
echo "| Go benchmark | fastest (s) |"
echo "|---|---:|"
awk '/^Benchmark/ && /ns\/op/ { for (i = 1; i <= NF; i++) if ($(i+1) == "ns/op") { t = $i / 1e9; n = $1; sub(/-[0-9]+$/, "", n); if (!(n in m) || t < m[n]) m[n] = t } }
     END { for (n in m) printf "| %s | %.3f |\n", n, m[n] }' "$log/go.txt" | sort
echo
echo "| scikit-learn (n) | rbf_kernel | polynomial_kernel | KernelRidge precomputed | KernelRidge rbf |"
echo "|---|---:|---:|---:|---:|"
awk '$1 ~ /^[0-9]+$/ && NF == 5 { n = $1; for (j = 2; j <= 5; j++) if (!((n, j) in m) || $j < m[n, j]) m[n, j] = $j; seen[n] = 1 }
     END { for (n in seen) printf "| %s | %.3f | %.3f | %.3f | %.3f |\n", n, m[n,2], m[n,3], m[n,4], m[n,5] }' "$log/py.txt" | sort -t'|' -k2 -n
echo
echo "| SVC(kernel=\"rbf\") fit (n) | fastest (s) |"
echo "|---|---:|"
awk '/^n=/ { split($1, a, "="); t = $3; if (!(a[2] in m) || t < m[a[2]]) m[a[2]] = t }
     END { for (n in m) printf "| %s | %.3f |\n", n, m[n] }' "$log/svm.txt" | sort -t'|' -k2 -n
