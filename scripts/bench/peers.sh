#!/usr/bin/env bash
# peers.sh — kernelab against its peers, every pair interleaved in one run (kernelab, peer, kernelab, peer, …)
# so both sides see the same machine load; the table gives the median of the rounds.
#
#   scripts/bench/peers.sh [--readme] [rounds]        (default 3 rounds)
#
# kernelab's side is scripts/bench/peersgo, the peers' scripts/bench/peers.py, on the same data (peers.py prep):
#   Gram RBF / polynomial, KRR (precomputed and from features)  ~ scikit-learn from PyPI (its OpenBLAS)
#   SVM from features and on a precomputed kernel                ~ SVC from PyPI, and Debian's scikit-learn and
#                                                                  LIBSVM svm-train where they are installed
#   EasyMKL on 10 normalised HPKs                                ~ MKLpy 0.6's EasyMKL, solvers libsvm and cvxopt
#   SDP (24) of Colbert & Peet (2020), interior point and PG     ~ cvxpy with Clarabel and with SCS
# The PyPI peers come from build/peers (scripts/bench/peers-env.sh, hash-locked requirements/peers.txt).
# --readme also writes the report between the peers.sh markers of README.md's Speed section.
# Needs go, python3 >= 3.11 with venv, MNIST (`make data`).
set -euo pipefail
cd "$(dirname "$0")/../.."
readme=0
if [ "${1:-}" = --readme ]; then readme=1; shift; fi
rounds=${1:-3}
# As the Makefile: GOAMD64=v3 on CPUs with the x86-64-v3 feature set, unless the caller set it.
if [ -z "${GOAMD64:-}" ] && [ "$(go env GOARCH)" = amd64 ] && \
   [ "$(grep -m1 '^flags' /proc/cpuinfo | tr ' ' '\n' | grep -cxE 'avx|avx2|bmi1|bmi2|f16c|fma|abm|movbe|xsave')" = 9 ]; then
  export GOAMD64=v3
fi
# MNIST where `make data` put it (the data cache), unless the caller says or data/cache/mnist holds it.
if [ -z "${KERNELAB_MNIST_DIR:-}" ] && [ ! -d data/cache/mnist ]; then
  KERNELAB_MNIST_DIR="$(scripts/data/mnist.sh --print-dir)/mnist"
  export KERNELAB_MNIST_DIR
fi
py=$(scripts/bench/peers-env.sh)
deb=""
if /usr/bin/python3 -c 'import sklearn' 2>/dev/null; then deb=/usr/bin/python3; fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/peersgo" ./scripts/bench/peersgo
"$py" scripts/bench/peers.py prep "$tmp/data"
res=$tmp/results.txt
loads=$tmp/loads.txt
: > "$res"
cut -d' ' -f1 /proc/loadavg > "$loads"

# pair <go task> <python task> <n> <warm-up runs> [rounds]: the rounds, alternating sides.
pair() {
  local r=${5:-$rounds}
  echo "$1 n=$3 ($r rounds, load $(cut -d' ' -f1 /proc/loadavg))" >&2
  for _ in $(seq "$r"); do
    "$tmp/peersgo" -task "$1" -n "$3" -dir "$tmp/data" -warm "$4" >> "$res"
    "$py" scripts/bench/peers.py "$2" "$3" "$tmp/data" 1 "$4" >> "$res"
    if [ -n "$deb" ] && [ "$2" = svm-fit ]; then "$deb" scripts/bench/peers.py "$2" "$3" "$tmp/data" 1 "$4" >> "$res"; fi
    cut -d' ' -f1 /proc/loadavg >> "$loads"
  done
}
t0=$(date +%s)
for n in 1000 2000; do pair gram-rbf gram-rbf $n 1; pair gram-poly gram-poly $n 1; done
for n in 1000 2000; do pair krr-gram krr-gram $n 1; pair krr-fit krr-fit $n 1; done
for n in 1000 2400; do pair svm-fit svm-fit $n 1; done
pair svm-gram svm-gram 2400 1
for n in 500 1000; do pair easymkl easymkl $n 0; done
# SDP (24) at m = 30 points of Liver's dimension 6, degree 1 (P4's 351 P-variables), one round: cvxpy with SCS
# takes minutes at P4's training sizes (276 to 614 points). sdp24-ip runs first: it writes the linear map
# P -> K that the cvxpy model reads, and the kernel K(P*) the peers' are compared with.
"$tmp/peersgo" -task sdp24-ip -n 30 -dir "$tmp/data" > /dev/null
pair sdp24-ip sdp24 30 0 1
"$tmp/peersgo" -task sdp24-pg -n 30 -dir "$tmp/data" >> "$res"
secs=$(( $(date +%s) - t0 ))

report() {
  echo "Measured $(date -u +%Y-%m-%d) at commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- klearn internal scripts/bench || echo ' (with uncommitted changes)')"
  echo "by \`scripts/bench/peers.sh $rounds\` in $(( secs / 60 )) min $(( secs % 60 )) s: $(nproc) CPUs ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')),"
  echo "$(go version | cut -d' ' -f3), GOAMD64=${GOAMD64:-default}; 1-minute load average $(sort -n "$loads" | awk '{a[NR] = $1} END {printf "%s to %s, median %s", a[1], a[NR], a[int((NR + 1) / 2)]}')."
  echo "Times are medians of $rounds runs (wall seconds; SDP (24): one run); \"peer ÷ kernelab\" above 1 means kernelab is faster."
  echo
  echo "| pair | n | implementation | median (s) | peer ÷ kernelab | value | ‖ΔK‖/‖K‖ |"
  echo "|---|---:|---|---:|---:|---:|---:|"
  awk '$1 == "RESULT" {
         k = $2 SUBSEP $3 SUBSEP $4; if (!(k in cnt)) { order[++nk] = k }
         t[k, ++cnt[k]] = $5; v[k] = $6; if (NF >= 7) d[k] = $7
       }
       function median(k,   i, j, x, m) {
         m = cnt[k]; for (i = 1; i <= m; i++) a[i] = t[k, i]
         for (i = 2; i <= m; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
         return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
       }
       END {
         for (i = 1; i <= nk; i++) { split(order[i], f, SUBSEP); med[order[i]] = median(order[i])
           if (f[3] ~ /^kernelab/ && !((f[1], f[2]) in ref)) ref[f[1], f[2]] = med[order[i]] }
         for (i = 1; i <= nk; i++) { split(order[i], f, SUBSEP); k = order[i]; impl = f[3]; gsub(/_/, " ", impl)
           r = (f[1], f[2]) in ref && ref[f[1], f[2]] > 0 ? sprintf("%.2f", med[k] / ref[f[1], f[2]]) : ""
           if (f[3] ~ /^kernelab/) r = "—"
           printf "| %s | %s | %s | %.4f | %s | %.8g | %s |\n", f[1], f[2], impl, med[k], r, v[k], (k in d) ? d[k] : "" } }' "$res"
  echo
  awk '$1 == "RESULT" && $2 == "sdp24" { v[$4] = $6; if (NF >= 7) d[$4] = $7; if ($4 ~ /interior/) ref = $6; else o[++n] = $4 }
       END { printf "SDP (24) agreement with kernelab'"'"'s interior point (stated tolerance: optimal t within 1e-4 relative, K(P*) within\n"
             printf "1e-2 relative in Frobenius norm; K(P*) is unique only up to the solver'"'"'s accuracy):"
             for (i = 1; i <= n; i++) { k = o[i]; r = (v[k] - ref) / ref; if (r < 0) r = -r; ok = r <= 1e-4 && (!(k in d) || d[k] <= 1e-2)
               impl = k; gsub(/_/, " ", impl); printf "%s %s t %.1e, K %s: %s", (i > 1 ? ";" : ""), impl, r, (k in d) ? sprintf("%.1e", d[k]) : "not compared", ok ? "agrees" : "does not agree" }
             print "." }' "$res"
  echo
  echo "SimpleMKL and ℓp-norm MKL: MKLpy 0.6 has neither (its algorithms are EasyMKL, GRAM, MEMO, RMKL, CKA and the"
  echo "average and heuristic combinations), and no other PyPI package is pinned for them, so they have no pair here."
  echo "TKL (the MATLAB toolbox of Colbert & Peet, under Octave): not run — the toolbox is not on PyPI, Debian, npm"
  echo "or the Go proxy, the only sources this machine reaches."
  [ -n "$deb" ] || echo "Debian's scikit-learn is not installed (python3-sklearn): its SVC row is missing."
  command -v svm-train > /dev/null || echo "Debian's LIBSVM is not installed (libsvm-tools): its svm-train row is missing."
}
report | tee "$tmp/report.md"
if [ $readme = 1 ]; then
  python3 - "$tmp/report.md" <<'EOF'
import sys
body = open(sys.argv[1]).read()
s = open("README.md").read()
a, b = "<!-- peers.sh begin -->\n", "<!-- peers.sh end -->"
i, j = s.index(a) + len(a), s.index(b)
open("README.md", "w").write(s[:i] + body + s[j:])
print("peers.sh: wrote the report into README.md", file=sys.stderr)
EOF
fi
