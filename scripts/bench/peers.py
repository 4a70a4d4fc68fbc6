"""The peers' side of scripts/bench/peers.sh: data for both sides, and the peers' timings.

  python peers.py prep DIR                 write every data set both sides read (untimed)
  python peers.py TASK N DIR REPS WARM     time the peers of TASK on size N: WARM untimed runs, then REPS timed

Prints, per timed run, "RESULT task n impl seconds value [kernel-difference]", the same line as
scripts/bench/peersgo; value shows that both sides solved the same problem (a Gram entry sum, α_0, the
SVM dual objective, the weight of the degree-1 kernel, the optimal t of SDP (24)). Tasks and peers:

  gram-rbf, gram-poly   sklearn.metrics.pairwise rbf_kernel / polynomial_kernel (d = 784, γ = 1/784)
  krr-gram, krr-fit     KernelRidge(alpha=1, kernel="precomputed") / KernelRidge(kernel="rbf")
  svm-fit               SVC(kernel="rbf", C=1, gamma="scale", tol=1e-3) on MNIST 3-vs-8 pixels / 255
  svm-gram              SVC(kernel="precomputed") on the same RBF kernel, and LIBSVM's svm-train -t 4
                        (Debian's libsvm-tools, if installed: its time includes parsing the text kernel)
  easymkl               MKLpy EasyMKL(lam=0.1) with its two solvers, "libsvm" and "cvxopt", on 10 normalised HPKs
  sdp24                 SDP (24) of Colbert & Peet (2020) in cvxpy with Clarabel and with SCS, on the linear map
                        P -> K(P) that peersgo wrote; the kernel difference is ||K(P*) - K_kernelab||_F / ||K_kernelab||_F

Which scikit-learn runs is the interpreter's: build/peers (PyPI) or /usr/bin/python3 (Debian).
"""
import gzip
import os
import re
import subprocess
import sys
import time

import warnings

import numpy as np

warnings.filterwarnings("ignore")  # MKLpy 0.6's deprecation warnings under torch 2.15

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
ORIGIN = "PyPI" if os.path.realpath(sys.prefix).startswith(os.path.realpath(os.path.join(ROOT, "build"))) else "Debian"

SIZES = {"uniform": [1000, 2000], "mnist38": [1000, 2400], "hpk": [500, 1000], "sdp24": [30]}


def write(path, M):
    M = np.ascontiguousarray(np.atleast_2d(np.asarray(M, dtype="<f8")))
    if M.shape[0] == 1 and M.ndim == 2 and path.endswith("-y.bin"):
        M = M.T
    with open(path, "wb") as f:
        f.write(np.array(M.shape, dtype="<i8").tobytes())
        f.write(M.tobytes())


def read(path):
    with open(path, "rb") as f:
        r, c = np.frombuffer(f.read(16), dtype="<i8")
        return np.frombuffer(f.read(), dtype="<f8").reshape(r, c)


def data(d, name, n):
    return read(os.path.join(d, "%s-%d-X.bin" % (name, n))), read(os.path.join(d, "%s-%d-y.bin" % (name, n)))[:, 0]


def idx(path):
    op = gzip.open if path.endswith(".gz") else open
    with op(path, "rb") as f:
        b = f.read()
    dims = [int.from_bytes(b[4 + 4 * i:8 + 4 * i], "big") for i in range(b[3])]
    return np.frombuffer(b, dtype=np.uint8, offset=4 + 4 * b[3]).reshape(dims)


def mnist():
    d = os.environ.get("KERNELAB_MNIST_DIR", os.path.join(ROOT, "data", "cache", "mnist"))
    def find(name):
        for p in (name, name + ".gz"):
            if os.path.exists(os.path.join(d, p)):
                return os.path.join(d, p)
        sys.exit("peers.py: MNIST not found in %s: run `make data`" % d)
    img = idx(find("train-images-idx3-ubyte")).reshape(60000, -1)
    lab = idx(find("train-labels-idx1-ubyte"))
    return img, lab


def prep(d):
    """Every data set, written once: uniform [0,1)^784 rows with y = x0 - x1 (numpy default_rng(42), as
    sklearn_bench.py); the first n MNIST 3 (+1) and 8 (-1) training images, pixels / 255; n standard normal
    points in R^30 labelled by a random hyperplane, 10 % flipped (default_rng(99)); for SDP (24), n points
    of Liver's dimension 6 in [0, 1]^6 labelled by a sphere, 10 % flipped (default_rng(2020))."""
    os.makedirs(d, exist_ok=True)
    for n in SIZES["uniform"]:
        X = np.random.default_rng(42).random((n, 784))
        write(os.path.join(d, "uniform-%d-X.bin" % n), X)
        write(os.path.join(d, "uniform-%d-y.bin" % n), (X[:, 0] - X[:, 1])[:, None])
    img, lab = mnist()
    keep = np.flatnonzero((lab == 3) | (lab == 8))
    for n in SIZES["mnist38"]:
        X = img[keep[:n]].astype(np.float64) / 255
        y = np.where(lab[keep[:n]] == 3, 1.0, -1.0)
        write(os.path.join(d, "mnist38-%d-X.bin" % n), X)
        write(os.path.join(d, "mnist38-%d-y.bin" % n), y[:, None])
    for n in SIZES["hpk"]:
        rng = np.random.default_rng(99)
        X = rng.normal(size=(n, 30))
        y = np.where(X @ rng.normal(size=30) > 0, 1.0, -1.0)
        flip = rng.random(n) < 0.1
        y[flip] = -y[flip]
        write(os.path.join(d, "hpk-%d-X.bin" % n), X)
        write(os.path.join(d, "hpk-%d-y.bin" % n), y[:, None])
    for n in SIZES["sdp24"]:
        rng = np.random.default_rng(2020)
        X = rng.random((n, 6))
        y = np.where(((X - 0.5) ** 2).sum(1) > 0.5, 1.0, -1.0)
        flip = rng.random(n) < 0.1
        y[flip] = -y[flip]
        write(os.path.join(d, "sdp24-%d-X.bin" % n), X)
        write(os.path.join(d, "sdp24-%d-y.bin" % n), y[:, None])


def rbf(X, g):
    sq = (X * X).sum(1)
    return np.exp(-g * np.maximum(sq[:, None] + sq[None, :] - 2 * X @ X.T, 0))


def svm_objective(clf, X, g):
    """LIBSVM's dual objective 1/2 a'Qa - sum|a| from the support vectors."""
    a = clf.dual_coef_[0]
    K = rbf(clf.support_vectors_, g) if X is not None else None
    return 0.5 * a @ K @ a - np.abs(a).sum()


def peers(task, n, d):
    """Returns [(impl, run)] where run() -> (value, kernel difference or None); only run is timed... the
    set-up (data, Grams) happens here."""
    import sklearn
    sk = "scikit-learn %s (%s)" % (sklearn.__version__, ORIGIN)
    if task in ("gram-rbf", "gram-poly", "krr-gram", "krr-fit"):
        from sklearn.metrics.pairwise import polynomial_kernel, rbf_kernel
        from sklearn.kernel_ridge import KernelRidge
        X, y = data(d, "uniform", n)
        g = 1.0 / 784
        if task == "gram-rbf":
            return [(sk, lambda: (lambda K: (np.trace(K) + K[0, n - 1], None))(rbf_kernel(X, gamma=g)))]
        if task == "gram-poly":
            return [(sk, lambda: (lambda K: (np.trace(K) + K[0, n - 1], None))(polynomial_kernel(X, degree=3, gamma=g, coef0=1)))]
        if task == "krr-gram":
            K = rbf_kernel(X, gamma=g)
            return [(sk, lambda: (KernelRidge(alpha=1.0, kernel="precomputed").fit(K, y).dual_coef_[0], None))]
        return [(sk, lambda: (KernelRidge(alpha=1.0, kernel="rbf", gamma=g).fit(X, y).dual_coef_[0], None))]
    if task in ("svm-fit", "svm-gram"):
        from sklearn.svm import SVC
        X, y = data(d, "mnist38", n)
        g = 1 / (X.shape[1] * X.var())
        if task == "svm-fit":
            def fit():
                clf = SVC(kernel="rbf", C=1, gamma="scale", tol=1e-3).fit(X, y)
                return clf
            return [(sk, lambda: (fit(), None))]
        K = rbf(X, g)
        out = [(sk, lambda: (SVC(kernel="precomputed", C=1, tol=1e-3).fit(K, y), K))]
        if ORIGIN == "PyPI" and subprocess.run(["sh", "-c", "command -v svm-train"], capture_output=True).returncode == 0:
            path = os.path.join(d, "svm-gram-%d.txt" % n)
            if not os.path.exists(path):
                with open(path, "w") as f:
                    for i in range(n):
                        f.write("%d 0:%d " % (y[i], i + 1) + " ".join("%d:%.17g" % (j + 1, v) for j, v in enumerate(K[i])) + "\n")
            def train():
                r = subprocess.run(["svm-train", "-s", "0", "-t", "4", "-c", "1", "-e", "0.001", "-m", "100", path, path + ".model"],
                                   check=True, capture_output=True, text=True)
                return float(re.findall(r"obj = (\S+),", r.stdout)[-1]), None
            out.append(("LIBSVM 3.24 svm-train -t 4 (Debian; with reading the text kernel)", train))
        return out
    if task == "easymkl":
        import torch
        from MKLpy.algorithms import EasyMKL
        from MKLpy.metrics import pairwise
        from MKLpy.preprocessing import kernel_normalization
        import MKLpy
        X, y = data(d, "hpk", n)
        Xt = torch.tensor(X)
        KL = [kernel_normalization(pairwise.homogeneous_polynomial_kernel(Xt, degree=k)) for k in range(1, 11)]
        yt = torch.tensor(y)
        ver = getattr(MKLpy, "__version__", "0.6")
        def fit(solver):
            m = EasyMKL(lam=0.1, solver=solver).fit(KL, yt)
            return float(m.solution.weights[0]), None
        return [("MKLpy %s EasyMKL solver=%s" % (ver, s), (lambda s=s: fit(s))) for s in ("libsvm", "cvxopt")]
    if task == "sdp24":
        return sdp24(n, d)
    sys.exit("peers.py: unknown task %s" % task)


def sdp24(n, d):
    """SDP (24) of Colbert & Peet (2020), no bias, C = 1:
         min t  s.t.  [ Y K(P) Y , e + nu - delta ; . , t - 2C e'delta ] psd,  P psd,  tr P <= 1,  nu, delta >= 0,
    with K(P)_kl = sum_p B[r(k,l), p] P_p over the free entries p = (a <= b) of P (peersgo's basis file)."""
    import cvxpy as cp
    X, y = data(d, "sdp24", n)
    B = read(os.path.join(d, "sdp24-%d-basis.bin" % n))
    pairs = read(os.path.join(d, "sdp24-%d-pairs.bin" % n)).astype(int)
    w = pairs.max() + 1
    m = n
    rows = np.zeros((m, m), dtype=int)
    for k in range(m):
        for l in range(k, m):
            rows[k, l] = rows[l, k] = k * m - k * (k - 1) // 2 + (l - k)  # kernel.PairIndex
    # The map on vec(P) (row-major, P symmetric): half of an off-diagonal coefficient on each of P_ab and P_ba.
    M = np.zeros((m * m, w * w))
    half = np.where(pairs[:, 0] == pairs[:, 1], 1.0, 0.5)
    Brows = B[rows.ravel()] * half
    M[:, pairs[:, 0] * w + pairs[:, 1]] += Brows
    M[:, pairs[:, 1] * w + pairs[:, 0]] += np.where(pairs[:, 0] == pairs[:, 1], 0.0, 1.0) * Brows
    M *= np.outer(y, y).ravel()[:, None]  # rows of Y K(P) Y
    P = cp.Variable((w, w), PSD=True)
    YKY = cp.reshape(M @ cp.vec(P, order="C"), (m, m), order="C")
    t = cp.Variable()
    nu = cp.Variable(m, nonneg=True)
    delta = cp.Variable(m, nonneg=True)
    col = cp.reshape(1 + nu - delta, (m, 1), order="C")
    corner = cp.reshape(t - 2 * 1.0 * cp.sum(delta), (1, 1), order="C")
    S = cp.Variable((m + 1, m + 1), symmetric=True)
    prob = cp.Problem(cp.Minimize(t), [S == cp.bmat([[YKY, col], [col.T, corner]]), S >> 0, cp.trace(P) <= 1])
    ref_path = os.path.join(d, "sdp24-ip-%d-K.bin" % n)
    Kref = read(ref_path) if os.path.exists(ref_path) else None

    def solve(solver):
        prob.solve(solver=solver)
        if prob.status not in ("optimal", "optimal_inaccurate"):
            raise RuntimeError("%s: %s" % (solver, prob.status))
        Pv = P.value
        K = (B[rows.ravel()] @ np.array([Pv[a, b] for a, b in pairs])).reshape(m, m)
        diff = None if Kref is None else np.linalg.norm(K - Kref) / np.linalg.norm(Kref)
        return float(t.value), diff
    return [("cvxpy %s + Clarabel %s" % (cp.__version__, clarabel_version()), lambda: solve("CLARABEL")),
            ("cvxpy %s + SCS %s" % (cp.__version__, scs_version()), lambda: solve("SCS"))]


def clarabel_version():
    import clarabel
    return getattr(clarabel, "__version__", "?")


def scs_version():
    import scs
    return getattr(scs, "__version__", "?")


def main():
    if sys.argv[1] == "prep":
        prep(sys.argv[2])
        return
    task, n, d, reps, warm = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
    X = None
    if task.startswith("svm"):
        X, _ = data(d, "mnist38", n)
    for impl, run in peers(task, n, d):
        for r in range(warm + reps):
            t0 = time.perf_counter()
            val, diff = run()
            sec = time.perf_counter() - t0
            if task.startswith("svm") and not isinstance(val, float):
                # An SVC: its dual objective, outside the timing.
                clf, K = val, diff
                if K is None:
                    val = svm_objective(clf, X, 1 / (X.shape[1] * X.var()))
                else:
                    a, s = clf.dual_coef_[0], clf.support_
                    val = 0.5 * a @ K[np.ix_(s, s)] @ a - np.abs(a).sum()
                diff = None
            if r >= warm:
                print("RESULT %s %d %s %.6f %.10g%s" % (task, n, impl.replace(" ", "_"), sec, val,
                                                        "" if diff is None else " %.3g" % diff))
                sys.stdout.flush()


if __name__ == "__main__":
    main()
