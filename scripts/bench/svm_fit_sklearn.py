#!/usr/bin/python3
"""Time scikit-learn's SVC(kernel="rbf") fit from features, the peer of klearn/svm's BenchmarkFit.

Usage (from the repository root):  /usr/bin/python3 scripts/bench/svm_fit_sklearn.py [n ...]   (default 1000 2400 4000)

Data: the first n MNIST training images of digits 3 (+1) and 8 (-1), pixels / 255, from $KERNELAB_MNIST_DIR or
data/cache/mnist (`make data`); C = 1, gamma = "scale", tol = 1e-3, the default 200 MB cache. Each time is the
fastest of 5 runs (the least disturbed by other processes), wall time, one thread (LIBSVM inside scikit-learn).
Go side, in the same session:  go test -run '^$' -bench 'BenchmarkFit$' -benchtime 5x ./klearn/svm/
Record both outputs in klearn/svm/BENCHMARKS.md.
"""
import gzip
import os
import sys
import time

import numpy as np
import sklearn
from sklearn.svm import SVC


def idx(path):
    op = gzip.open if path.endswith(".gz") else open
    with op(path, "rb") as f:
        b = f.read()
    ndim = b[3]
    dims = [int.from_bytes(b[4 + 4 * i:8 + 4 * i], "big") for i in range(ndim)]
    return np.frombuffer(b, dtype=np.uint8, offset=4 + 4 * ndim).reshape(dims)


def find(d, name):
    for p in (name, name + ".gz"):
        if os.path.exists(os.path.join(d, p)):
            return os.path.join(d, p)
    sys.exit("MNIST not found in %s: run `make data`" % d)


def main(sizes):
    d = os.environ.get("KERNELAB_MNIST_DIR", "data/cache/mnist")
    img = idx(find(d, "train-images-idx3-ubyte")).reshape(60000, -1)
    lab = idx(find(d, "train-labels-idx1-ubyte"))
    keep = np.flatnonzero((lab == 3) | (lab == 8))
    print("scikit-learn %s, numpy %s, %d CPUs" % (sklearn.__version__, np.__version__, os.cpu_count()))
    for n in sizes:
        X = img[keep[:n]].astype(np.float64) / 255
        y = np.where(lab[keep[:n]] == 3, 1.0, -1.0)
        best, obj = float("inf"), None
        for _ in range(5):
            clf = SVC(kernel="rbf", C=1, gamma="scale", tol=1e-3)
            t0 = time.perf_counter()
            clf.fit(X, y)
            best = min(best, time.perf_counter() - t0)
            # Dual objective 1/2 a'Qa - sum(a), from the support vectors, to compare with kernelab's.
            a = clf.dual_coef_[0]
            sv = clf.support_vectors_
            g = 1 / (X.shape[1] * X.var())
            sq = (sv * sv).sum(1)
            K = np.exp(-g * (sq[:, None] + sq[None, :] - 2 * sv @ sv.T))
            obj = 0.5 * a @ K @ a - np.abs(a).sum()
        print("n=%d  fit %.3f s  objective %.6f  nSV %d" % (n, best, obj, len(a)))


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [1000, 2400, 4000])
