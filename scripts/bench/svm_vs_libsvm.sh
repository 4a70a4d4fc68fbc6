#!/bin/sh
# Time klearn/svm's FitGram against LIBSVM 3.24 on the same precomputed RBF
# kernel (MNIST 3 vs 8, the first n training images of those digits, pixels
# in [0,1], gamma = 1/(d·Var X) as scikit-learn's "scale"), and print ratios.
#
#   scripts/bench/svm_vs_libsvm.sh [n] [C...]      (defaults: 2400, C = 1 and 100)
#
# LIBSVM is timed twice: `svm-train -s 0 -t 4 -e 0.001 -m 100` wall time (this
# includes parsing the text kernel file, which dominates) and scikit-learn
# 1.2.1's SVC(kernel="precomputed") fit (LIBSVM 3.x inside scikit-learn, with
# the kernel already in memory; includes scikit-learn's input validation).
# Go is timed with `go test -bench BenchmarkFitGramFile` (kernel in memory,
# includes FitGram's input validation), on all CPUs (FitGram then builds
# its transposed Gram mirror and checks the input on a second goroutine while
# the solver runs) and on one (GOMAXPROCS=1); LIBSVM uses one. Times are the fastest of 15 runs, the
# least disturbed by other processes on a shared machine. Both solve to the same tolerance; the
# objectives are printed to show they agree.
#
# MNIST comes from $KERNELAB_MNIST_DIR or data/cache/mnist (`make data`); if
# absent a synthetic two-Gaussian problem in 64 dimensions is used instead.
# Needs /usr/bin/python3 with numpy and scikit-learn, svm-train, go.
set -eu
cd "$(dirname "$0")/../.."
N=${1:-2400}
[ $# -gt 0 ] && shift
CS=${*:-"1 100"}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
MNIST=${KERNELAB_MNIST_DIR:-data/cache/mnist}

for C in $CS; do
/usr/bin/python3 - "$N" "$C" "$MNIST" "$TMP" <<'EOF'
import gzip, os, struct, subprocess, sys, time
import numpy as np
n, C, mdir, tmp = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3], sys.argv[4]

def idx(name):
    for p in (os.path.join(mdir, name), os.path.join(mdir, name + ".gz")):
        if os.path.exists(p):
            b = (gzip.open if p.endswith(".gz") else open)(p, "rb").read()
            nd = b[3]
            dims = struct.unpack(">" + "i" * nd, b[4:4 + 4 * nd])
            return np.frombuffer(b[4 + 4 * nd:], dtype=np.uint8).reshape(dims)
    return None

img, lab = idx("train-images-idx3-ubyte"), idx("train-labels-idx1-ubyte")
if img is not None and lab is not None:
    sel = np.where((lab == 3) | (lab == 8))[0][:n]
    X = img[sel].reshape(len(sel), -1).astype(np.float64) / 255
    y = np.where(lab[sel] == 3, 1.0, -1.0)
    name = "MNIST 3v8"
else:
    rng = np.random.RandomState(n)
    y = np.where(np.arange(n) % 2 == 1, 1.0, -1.0)
    X = rng.randn(n, 64) + 0.15 * y[:, None]
    name = "synthetic (MNIST not found)"
gamma = 1.0 / (X.shape[1] * X.var())
sq = (X ** 2).sum(1)
K = np.exp(-gamma * np.maximum(sq[:, None] + sq[None, :] - 2 * X @ X.T, 0))
with open(os.path.join(tmp, "k.bin"), "wb") as f:
    f.write(struct.pack("<q", n)); f.write(y.astype("<f8").tobytes()); f.write(K.astype("<f8").tobytes())
with open(os.path.join(tmp, "k.txt"), "w") as f:
    for i in range(n):
        f.write("%d 0:%d " % (y[i], i + 1) + " ".join("%d:%.17g" % (j + 1, v) for j, v in enumerate(K[i])) + "\n")
from sklearn.svm import SVC
ts = []
for r in range(15):
    t0 = time.perf_counter(); m = SVC(kernel="precomputed", C=C, tol=1e-3, cache_size=100).fit(K, y); ts.append(time.perf_counter() - t0)
c, s = m.dual_coef_[0], m.support_
obj = 0.5 * c @ K[np.ix_(s, s)] @ c - np.abs(c).sum()
t0 = time.perf_counter()
subprocess.run(["svm-train", "-s", "0", "-t", "4", "-c", repr(C), "-e", "0.001", "-m", "100", os.path.join(tmp, "k.txt"), os.path.join(tmp, "k.model")], check=True, capture_output=True)
tcli = time.perf_counter() - t0
with open(os.path.join(tmp, "py.txt"), "w") as f:
    f.write("%s %.6f %.6f %.10g %d\n" % (name, min(ts), tcli, obj, len(s)))
EOF
set -- $(cat "$TMP/py.txt" | awk '{print $(NF-3), $(NF-2), $(NF-1), $NF}')
SK=$1; CLI=$2; OBJ=$3; NSV=$4
gobench() { # $1: GOMAXPROCS
SVM_BENCH_FILE="$TMP/k.bin" SVM_BENCH_C=$C go test -run '^$' -bench 'BenchmarkFitGramFile$' -benchtime 15x -cpu "$1" ./klearn/svm/ \
  | awk '/^BenchmarkFitGramFile/ {for (i = 1; i <= NF; i++) {if ($(i+1) == "min-s") t = $i; if ($(i+1) == "nSV") s = $i}}
         /bench_test.go.*objective/ {o = $NF}
         END {print t, o, s}'
}
ONE=$(gobench 1 | awk '{print $1}')
GO=$(gobench "$(nproc)")
set -- $GO
echo "$(head -c 40 "$TMP/py.txt" | sed 's/ [0-9].*//') n=$N C=$C"
printf '  scikit-learn SVC (LIBSVM)  %8.4f s  objective %s  nSV %s\n' "$SK" "$OBJ" "$NSV"
printf '  svm-train -t 4 (with I/O)  %8.4f s\n' "$CLI"
printf '  klearn/svm FitGram         %8.4f s  objective %s  nSV %s  (GOMAXPROCS=%s)\n' "$1" "$2" "$3" "$(nproc)"
printf '  klearn/svm FitGram         %8.4f s  (GOMAXPROCS=1)\n' "$ONE"
awk -v g="$1" -v o="$ONE" -v s="$SK" -v c="$CLI" 'BEGIN { printf "  ratio Go/scikit-learn %.2f (1 CPU: %.2f)   Go/svm-train %.3f\n", g / s, o / s, g / c }'
done
