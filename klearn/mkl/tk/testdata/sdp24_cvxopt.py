#!/usr/bin/python3
"""Reference solutions of SDP (24) of Colbert & Peet (2020) for klearn/mkl/tk.

Independent of the Go code: the TK basis Grams are computed by tensor
Gauss-Legendre quadrature of the integral of Eq. (7),
    G_ab(x, y) = int_[lo,hi] Nh_a(z, x) Nh_b(z, y) dz,
    Nh(z, x) = [Z_d(z, x) * I+(z - x) ; Z_d(z, x) * (1 - I+(z - x))],
on the cells cut by the coordinates of x and y (the integrand is a
polynomial on each cell, so d + 1 nodes per axis are exact), not by the
closed form of Corollary 13. SDP (24) is then solved by cvxopt.solvers.sdp.

Writes sdp24_cvxopt.json next to this script. Run: /usr/bin/python3 sdp24_cvxopt.py
"""
import itertools
import json
import os

import numpy as np
from cvxopt import matrix, solvers


def monomials(nvars, d):
    """Exponents of degree <= d, graded, descending lex within a degree (Go's kernel.Monomials)."""
    out = []
    for deg in range(d + 1):
        def rec(pos, left, e):
            if pos == nvars - 1:
                out.append(e + [left])
                return
            for v in range(left, -1, -1):
                rec(pos + 1, left - v, e + [v])
        rec(0, deg, [])
    return out


def nhat(z, x, exps):
    n = len(x)
    Z = np.array([np.prod([x[k] ** e[k] for k in range(n)]) * np.prod([z[k] ** e[n + k] for k in range(n)]) for e in exps])
    ind = 1.0 if all(z[k] >= x[k] for k in range(n)) else 0.0
    return np.concatenate([Z * ind, Z * (1 - ind)])


def basis(x, y, lo, hi, d, exps):
    n = len(x)
    gx, gw = np.polynomial.legendre.leggauss(d + 1)
    axes = []
    for k in range(n):
        cuts = sorted(set([lo[k], hi[k], x[k], y[k]]))
        nodes, weights = [], []
        for u, v in zip(cuts[:-1], cuts[1:]):
            if v <= u:
                continue
            # Interior nodes only: the indicator is constant inside a cell.
            nodes += list((u + v) / 2 + (v - u) / 2 * gx)
            weights += list((v - u) / 2 * gw)
        axes.append((nodes, weights))
    w = 2 * len(exps)
    G = np.zeros((w, w))
    for idx in itertools.product(*[range(len(a[0])) for a in axes]):
        z = [axes[k][0][i] for k, i in enumerate(idx)]
        wt = np.prod([axes[k][1][i] for k, i in enumerate(idx)])
        G += wt * np.outer(nhat(z, x, exps), nhat(z, y, exps))
    return G


def solve_case(X, y, d, C, bias, eps):
    m, n = X.shape
    lo_, hi_ = X.min(axis=0), X.max(axis=0)
    sc = np.where(hi_ > lo_, hi_ - lo_, 1.0)
    Xs = (X - lo_) / sc
    lo, hi = [-eps] * n, [1 + eps] * n
    exps = monomials(2 * n, d)
    w = 2 * len(exps)
    pairs = [(a, b) for a in range(w) for b in range(a, w)]
    B = np.zeros((len(pairs), m, m))
    KI = np.zeros((m, m))
    for k in range(m):
        for l in range(m):
            G = basis(Xs[k], Xs[l], lo, hi, d, exps)
            KI[k, l] = np.trace(G)
            for p, (a, b) in enumerate(pairs):
                B[p, k, l] = G[a, b] + (G[b, a] if a != b else 0.0)
    # Variables: t, [gamma], nu (m), delta (m), P_ab (pairs).
    nv = 1 + (1 if bias else 0) + 2 * m + len(pairs)
    it = 0
    ig = 1 if bias else None
    inu = 1 + (1 if bias else 0)
    idl = inu + m
    ip = idl + m
    c = np.zeros(nv)
    c[it] = 1.0
    # LP: -nu <= 0, -delta <= 0, trace(P) <= 1.
    Gl = np.zeros((2 * m + 1, nv))
    hl = np.zeros(2 * m + 1)
    for k in range(m):
        Gl[k, inu + k] = -1
        Gl[m + k, idl + k] = -1
    for p, (a, b) in enumerate(pairs):
        if a == b:
            Gl[2 * m, ip + p] = 1
    hl[2 * m] = 1
    # LMI 1 (order m+1): F0 + sum x_i F_i >= 0  <=>  -sum x_i F_i + S = F0.
    N = m + 1
    F0 = np.zeros((N, N))
    F0[:m, m] = F0[m, :m] = 1
    Fs = [np.zeros((N, N)) for _ in range(nv)]
    Fs[it][m, m] = 1
    for k in range(m):
        if bias:
            Fs[ig][k, m] = Fs[ig][m, k] = y[k]
        Fs[inu + k][k, m] = Fs[inu + k][m, k] = 1
        Fs[idl + k][k, m] = Fs[idl + k][m, k] = -1
        Fs[idl + k][m, m] = -2 * C
    for p in range(len(pairs)):
        Fs[ip + p][:m, :m] = np.outer(y, y) * B[p]
    G1 = np.column_stack([-F.flatten(order="F") for F in Fs])
    # LMI 2 (order w): P >= 0.
    G2 = np.zeros((w * w, nv))
    for p, (a, b) in enumerate(pairs):
        E = np.zeros((w, w))
        E[a, b] = E[b, a] = 1
        G2[:, ip + p] = -E.flatten(order="F")
    solvers.options.update({"show_progress": False, "abstol": 1e-9, "reltol": 1e-9, "feastol": 1e-7, "maxiters": 200})
    sol = solvers.sdp(matrix(c), Gl=matrix(Gl), hl=matrix(hl),
                      Gs=[matrix(G1), matrix(G2)], hs=[matrix(F0), matrix(np.zeros((w, w)))])
    assert sol["status"] == "optimal", (m, n, d, sol["status"], sol["gap"], sol["primal infeasibility"], sol["dual infeasibility"])
    x = np.array(sol["x"]).ravel()
    P = np.zeros((w, w))
    for p, (a, b) in enumerate(pairs):
        P[a, b] = P[b, a] = x[ip + p]
    return {"t": x[it], "P": P.tolist(), "K_identity": KI.tolist(), "status": sol["status"],
            "gap": sol["gap"], "relative_gap": sol["relative gap"]}


def main():
    rng = np.random.default_rng(20261124)
    cases = []
    for (m, n, d, C, bias, eps) in [(12, 1, 1, 1.0, False, 0.1), (12, 2, 0, 10.0, True, 0.0),
                                    (10, 2, 1, 1.0, False, 0.05), (14, 3, 0, 2.0, False, 0.25)]:
        X = rng.uniform(-2, 3, size=(m, n))
        y = np.where(np.sum((X - 0.5) ** 2, axis=1) > 1.5 * n, -1.0, 1.0)
        y[0], y[1] = 1.0, -1.0
        ref = solve_case(X, y, d, C, bias, eps)
        cases.append({"X": X.tolist(), "y": y.tolist(), "degree": d, "C": C, "bias": bias, "margin": eps, **ref})
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sdp24_cvxopt.json")
    with open(out, "w") as f:
        json.dump({"generator": "sdp24_cvxopt.py", "seed": 20261124, "cases": cases}, f, indent=1)


if __name__ == "__main__":
    main()
