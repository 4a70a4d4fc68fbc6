#!/usr/bin/python3
"""Time scikit-learn 1.2.1 (numpy + OpenBLAS) on the workloads of kernelab's Go benchmarks.

Usage (from the repository root):  /usr/bin/python3 scripts/bench/sklearn_bench.py [n ...]

Data: n MNIST-shaped rows, d = 784, uniform in [0, 1) (numpy default_rng(42)); y = x_0 − x_1.
Workloads, each the best of 2 runs, in seconds:
  gram_rbf    sklearn.metrics.pairwise.rbf_kernel(X, gamma=1/784)      ~ kernel.Gram(kernel.RBF{Gamma: 1.0/784}, X)
  gram_poly   polynomial_kernel(X, degree=3, gamma=1/784, coef0=1)     ~ kernel.Gram(kernel.Polynomial{3, 1.0/784, 1}, X)
  krr_solve   KernelRidge(alpha=1, kernel="precomputed").fit(K, y)     ~ krr.BenchmarkFitGram
  krr_fit     KernelRidge(alpha=1, kernel="rbf", gamma=1/784).fit(X,y) ~ krr.BenchmarkFit
Go side:  go test -run '^$' -bench 'Fit' -benchtime 1x ./klearn/krr/
scripts/bench/peers.sh runs both interleaved; the tables are in klearn/kernel/BENCHMARKS.md and klearn/krr/BENCHMARKS.md.
"""
import os
import platform
import sys
import time

import numpy as np
import sklearn
from sklearn.kernel_ridge import KernelRidge
from sklearn.metrics.pairwise import polynomial_kernel, rbf_kernel


def best(f, reps=2):
    t = float("inf")
    for _ in range(reps):
        t0 = time.perf_counter()
        f()
        t = min(t, time.perf_counter() - t0)
    return t


def main(sizes):
    print("scikit-learn %s, numpy %s, python %s, %s, %d CPUs" % (
        sklearn.__version__, np.__version__, platform.python_version(), platform.machine(), os.cpu_count()))
    try:
        cfg = np.__config__.get_info("blas_opt_info").get("libraries")  # numpy < 1.26
    except Exception:
        cfg = None
    print("BLAS:", cfg)
    print("%6s %10s %10s %10s %10s" % ("n", "gram_rbf", "gram_poly", "krr_solve", "krr_fit"))
    g = 1.0 / 784
    for n in sizes:
        X = np.random.default_rng(42).random((n, 784))
        y = X[:, 0] - X[:, 1]
        K = rbf_kernel(X, gamma=g)
        row = (
            best(lambda: rbf_kernel(X, gamma=g)),
            best(lambda: polynomial_kernel(X, degree=3, gamma=g, coef0=1)),
            best(lambda: KernelRidge(alpha=1.0, kernel="precomputed").fit(K, y)),
            best(lambda: KernelRidge(alpha=1.0, kernel="rbf", gamma=g).fit(X, y)),
        )
        print("%6d %10.3f %10.3f %10.3f %10.3f" % ((n,) + row))
        sys.stdout.flush()


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [1000, 2000, 4000])
