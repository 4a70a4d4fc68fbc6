#!/usr/bin/python3
"""Time the KOMD/EasyMKL QP with cvxopt (the formulation MKLpy uses) for
comparison with `go test -bench KOMD ./klearn/opt/`.

Same problem as BenchmarkKOMD: RBF Gram (gamma = 0.1) of n standard normal
points in R^10, labels sign(x_0 + 0.5 noise), lambda = 0.1:
  min (1-lam) g'YKYg + lam |g|^2,  g >= 0, sum_pos g = 1, sum_neg g = 1.
The random data differ from the Go benchmark's (different generators); only
the problem size and structure match. cvxopt default tolerances, as in MKLpy.
Usage: /usr/bin/python3 scripts/bench/komd_cvxopt.py [n ...]   (default 500 1000 2000)
"""
import sys, time
import numpy as np
import cvxopt
from cvxopt import matrix, solvers

solvers.options["show_progress"] = False
rng = np.random.default_rng(1)
sizes = [int(a) for a in sys.argv[1:]] or [500, 1000, 2000]
print("cvxopt", cvxopt.__version__)
for n in sizes:
    X = rng.normal(size=(n, 10))
    y = np.where(X[:, 0] + 0.5 * rng.normal(size=n) > 0, 1.0, -1.0)
    sq = (X * X).sum(1)
    K = np.exp(-0.1 * np.maximum(sq[:, None] + sq[None, :] - 2 * X @ X.T, 0))
    lam = 0.1
    t0 = time.perf_counter()
    H = (1 - lam) * (y[:, None] * K * y[None, :]) + lam * np.eye(n)
    A = np.vstack([(y > 0).astype(float), (y < 0).astype(float)])
    sol = solvers.qp(matrix(2 * H), matrix(np.zeros(n)), matrix(-np.eye(n)), matrix(np.zeros(n)),
                     matrix(A), matrix(np.ones(2)))
    dt = time.perf_counter() - t0
    g = np.array(sol["x"]).ravel()
    print("n=%d  %.2f s  status=%s  f=%.10g" % (n, dt, sol["status"], g @ H @ g))
