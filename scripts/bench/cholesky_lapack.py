#!/usr/bin/python3
"""Time LAPACK (scipy/numpy over OpenBLAS) on the linear system of kernelab's krr.BenchmarkFitGram.

Usage (from the repository root):  /usr/bin/python3 scripts/bench/cholesky_lapack.py [n ...]

Data as scripts/bench/sklearn_bench.py: n rows, d = 784, uniform in [0, 1) (numpy default_rng(42)),
y = x_0 - x_1, K = rbf_kernel(X, gamma=1/784), A = K + I (lambda = 1). Workloads, each the best of 3 runs, seconds:
  chol      scipy.linalg.cho_factor(A) + cho_solve: DPOTRF + DPOTRS
  solve_pos scipy.linalg.solve(K + I, y, assume_a="pos"), what KernelRidge(kernel="precomputed").fit runs:
            DPOTRF + DPOTRS + the DPOCON condition estimate (kernelab's FitGram also estimates the condition number)
The copy of K into K + I is inside the timing, as FitGram copies K.
scripts/bench/cholesky_peers.sh runs it interleaved with the Go benchmarks.
"""
import os
import sys
import time

import numpy as np
import scipy
import scipy.linalg as sla
from sklearn.metrics.pairwise import rbf_kernel


def best(f, reps=3):
    t = float("inf")
    for _ in range(reps):
        t0 = time.perf_counter()
        f()
        t = min(t, time.perf_counter() - t0)
    return t


def main(sizes):
    print("# scipy %s, numpy %s, %d CPUs" % (scipy.__version__, np.__version__, os.cpu_count()))
    for n in sizes:
        X = np.random.default_rng(42).random((n, 784))
        y = X[:, 0] - X[:, 1]
        K = rbf_kernel(X, gamma=1.0 / 784)
        idx = np.arange(n)

        def shifted():
            A = K.copy()
            A[idx, idx] += 1.0
            return A

        def chol():
            c = sla.cho_factor(shifted(), overwrite_a=True, check_finite=False)
            return sla.cho_solve(c, y, check_finite=False)

        def solve_pos():
            return sla.solve(shifted(), y, assume_a="pos", overwrite_a=True, check_finite=False)

        print("lapack n=%d chol %.4f solve_pos %.4f" % (n, best(chol), best(solve_pos)))
        sys.stdout.flush()


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [500, 1000, 2000, 4000])
