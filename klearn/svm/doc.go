// Package svm is a C-support-vector classifier (C-SVC) solved in the dual by
// sequential minimal optimisation. It follows LIBSVM 3.24 (Chang & Lin 2011)
// step by step: second-order working-set selection, shrinking with gradient
// reconstruction, an LRU kernel-row cache, and LIBSVM's stopping rule and
// bias. It also solves the variant without bias used by Colbert & Peet
// (2020).
//
// # Formulation
//
// With labels y_i ∈ {−1, +1}, kernel K and Q_ij = y_i y_j K_ij, the dual of
// the C-SVC (Eq. (1)–(2) of Fan, Chen & Lin 2005; Eq. (3) of Colbert & Peet (2020)) is
//
//	min_α  f(α) = ½ αᵀQα − eᵀα
//	s.t.   0 ≤ α_i ≤ C_i,   yᵀα = 0,
//
// where C_i = C·WeightPos for the positive class and C·WeightNeg for the
// negative one (LIBSVM's -wi). The decision function is
// f(x) = Σ_i y_iα_i k(x_i, x) + b. Model.Objective is f(α) at the solution
// (LIBSVM's "obj", ≤ 0); Model.DualCoef holds y_iα_i on Model.Support.
//
// KKT conditions. Let G = ∇f(α) = Qα − e be the gradient, and define the
// index sets
//
//	I_up(α)  = {t : α_t < C_t, y_t = 1 or α_t > 0, y_t = −1},
//	I_low(α) = {t : α_t < C_t, y_t = −1 or α_t > 0, y_t = 1}.
//
// Then α is optimal iff m(α) ≤ M(α), with m(α) = max_{t∈I_up} −y_tG_t and
// M(α) = min_{t∈I_low} −y_tG_t (Eq. (16) of Fan, Chen & Lin 2005). The
// solver stops when m(α) − M(α) < Tol: their Eq. (28), LIBSVM's -e, default
// 1e-3.
//
// Working-set selection (WSS2; Eq. (17)–(19) of Fan, Chen & Lin 2005):
//
//	i ∈ argmax_{t∈I_up} −y_tG_t,
//	j ∈ argmin_{t∈I_low, −y_tG_t < −y_iG_i} −b_it²/a_it,
//	a_it = K_ii + K_tt − 2K_it (τ = 1e-12 if ≤ 0),  b_it = −y_iG_i + y_tG_t,
//
// and the two-variable subproblem is solved in closed form and clipped to
// the box (Platt 1999), exactly as LIBSVM's Solver::Solve. Ties are broken as
// in LIBSVM, so on the fixtures the iteration counts usually equal LIBSVM's.
//
// Bias: b = −ρ, with ρ the mean of y_iG_i over the free variables
// (0 < α_i < C_i). So b is the mean over free SVs of y_j − Σ_i α_i y_i K_ij
// (§2 of Colbert & Peet 2020). Without free variables, ρ is the midpoint
// of [max lower, min upper] (LIBSVM's calculate_rho).
//
// Shrinking (Chang & Lin 2011, §5.1): every min(n, 1000) iterations, the
// bounded variables whose gradient points outward beyond m(α) or M(α) leave
// the active set. Ḡ_i = Σ_{α_j = C_j} C_j Q_ij is maintained, so the full
// gradient can be reconstructed before the final check. The problem is
// unshrunk once when m(α) − M(α) ≤ 10·Tol.
//
// Without bias (Classifier.NoBias; Colbert & Peet's variant with γ = 0) the equality
// constraint disappears and f(x) = Σ_i y_iα_i k(x_i, x). Each iteration
// picks the single variable with the largest second-order gain G_i²/Q_ii
// among those violating the KKT conditions and sets
// α_i ← clip(α_i − G_i/Q_ii, 0, C_i) (exact coordinate minimisation). It stops
// when the largest projected-gradient violation (−G_i at α_i = 0, G_i at
// α_i = C_i, |G_i| otherwise) is below Tol, and shrinks bounded variables
// whose gradient points outward by more than that violation.
//
// Classifier.FitGramFrom starts SMO at a given α instead of 0. The α is
// made feasible first: clipped to the box and, with a bias, balanced so
// that yᵀα = 0. G = Qα − e and Ḡ are then computed from the rows of the
// non-zero α_i, as LIBSVM does for a given initial point. A sequence of
// related problems (the Gram matrices of a kernel-learning iteration, a
// path in C) then needs far fewer steps; the optimum is the same.
//
// # Kernel path and Gram path
//
// Classifier.FitGram reads a precomputed *mat.SymDense (upper triangle)
// through an LRU cache of kernel rows of CacheMB megabytes. Its entries are
// float64, where LIBSVM stores float32. Classifier.Fit forms the Gram
// matrix with kernel.Gram (the blocked, parallel products of klearn/kernel)
// when its n² float64 fit in CacheMB. When CacheMB is zero, the bound is
// DefaultGramMB (1 GiB: n ≤ 11585). Fit is then exactly FitGram on that
// matrix. Otherwise it computes kernel rows on demand through Kernel.Eval
// into the cache, as LIBSVM does, and gives the same iterates up to
// round-off. The default row cache is scikit-learn's 200 MB. Forming the
// Gram is 3–4× faster than rows on demand. The bound is a constant, not
// the machine's free memory, so every machine takes the same path and gets
// the same bits. Timings beside scikit-learn's, measured in the same run,
// are in BENCHMARKS.md.
//
// Model.Decision/Predict compute k(x, sv) with kernel.Cross in blocks of 256
// test rows (the kernel's fast blocked path where it has one, instead of one
// Eval per pair); Model.DecisionGram/PredictGram take a test×train kernel
// matrix.
//
// The solver keeps H = y∘G instead of G, and caches rows of K instead of
// Q. Every product with y_t = ±1 is exact, so the iterates are those of
// the G-space algorithm. The gradient update is then a plain axpy,
// H ← H + (y_iΔα_i)K_i. The two scans of the working-set selection are
// branch-free, with 0/−∞ masks for I_up and I_low. They run as AVX2
// assembly on amd64 CPUs that have it (wss_amd64.s). The tag purego
// selects the Go loops, which compute the same numbers.
//
// In FitGram the left part of row p (K_jp, j < p) lies down column p of
// the upper storage triangle, one page per entry. When a second CPU is
// available, a helper goroutine transposes the lower triangle into strips
// of 64 rows while the solver runs. On the way it checks every stored
// entry for NaN and ±Inf; the solver polls the check, and FitGram returns
// only once it is complete. Rows are read from finished strips, and down
// the columns before that (mirror.go). The strips take n(n+64)/2 float64
// (23 MB at n = 2400) and are used up to n ≈ 8000. The storage may hold
// both triangles, as kernel.Gram's and kernel.Combine's do. The helper then
// compares each strip's rows with their mirror, bit for bit, with the
// finiteness check, and rows of a strip that agrees are read whole instead
// of from a built strip; from the first strip that differs on, strips are
// built. On one CPU the whole matrix is compared first, stopping at the
// first difference. If it holds both triangles, rows are read whole.
// Otherwise the check runs first and every left part is read down its
// column.
//
// Labels may be any two finite values: Classes()[0] (the smaller) maps to
// −1 and Classes()[1] to +1. More than two classes are handled one-vs-one
// (LIBSVM's voting; ties to the smallest label) or one-vs-rest.
//
// # Agreement with LIBSVM and speed
//
// The tests compare with LIBSVM 3.24 (svm-train -t 4), generated by
// scripts/fixtures/svm_libsvm.py. They use standardised breast-cancer, iris
// and wine subsets (scikit-learn 1.2.1 bundled data), linear and RBF
// kernels and C ∈ {0.1, 1, 100}. The dual objectives agree to a relative
// 3e-7 or better (test tolerance 1e-4). The support-vector sets are
// identical, and so are the predictions.
// The same cases solved by the SVC of PyPI's scikit-learn 1.9.1
// (testdata/libsvm_*_pypi.json) are checked against the same tolerances.
//
// Speed against SVC from PyPI and Debian and LIBSVM's svm-train is in the
// README's Speed table: Fit from MNIST 3-vs-8 features and FitGram on its
// precomputed kernel. It is one interleaved run of scripts/bench/peers.sh,
// with its date, commit and load. The solver runs on one goroutine, like
// LIBSVM's; the second CPU builds the transposed mirror and checks the
// input. BENCHMARKS.md has the profile that shaped the solver.
//
// # References
//
//   - R.-E. Fan, P.-H. Chen, C.-J. Lin (2005). Working set selection using
//     second order information for training support vector machines. JMLR 6:1889–1918.
//   - C.-C. Chang, C.-J. Lin (2011). LIBSVM: a library for support vector
//     machines. ACM TIST 2(3):27. Software version 3.24.
//   - J. C. Platt (1999). Fast training of support vector machines using
//     sequential minimal optimization. In Advances in Kernel Methods.
//   - B. K. Colbert, M. M. Peet (2020). A convex parametrization of a new class
//     of universal kernel functions. JMLR 21 (Eq. (3)
//     and §2 for the bias, and the variant without it).
package svm
