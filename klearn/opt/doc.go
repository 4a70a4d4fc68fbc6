// Package opt holds the small dedicated solvers that kernel learning needs,
// in the style of gonum/optimize: every solver takes a *Settings
// {MaxIter, Tol, Recorder} (nil selects documented defaults) and returns a
// *Result {X, F, Iterations, Status, Gap, FuncEvals, GradEvals,
// Multipliers}. A Recorder sees every iteration (Trace keeps them for
// convergence plots in viz; RecorderFunc adapts a closure, e.g. a progress
// bar) and can stop a solver by returning an error.
//
// # Quadratic programs over simplices
//
// KOMD solves the KOMD / EasyMKL problem of Aiolli & Donini (2015) (Eq. (1)
// of Donini & Aiolli 2017, with λ ∈ [0,1] as in the reference
// implementation, Λ = λ/(1−λ)):
//
//	min_γ (1−λ) γᵀYKYγ + λ‖γ‖²,   γ ≥ 0,  Σ_{y_i=+1} γ_i = 1,  Σ_{y_i=−1} γ_i = 1.
//
// KOMDQPFrom starts the same solve from a given feasible γ (a solution at
// a nearby λ, as along a grid of λ in cross-validation).
//
// SimplexQP solves min_{α∈Δ} αᵀKα and MEB the minimum-enclosing-ball dual
// r² = max_{α∈Δ} Σ_i α_i K_ii − αᵀKα (for normalised kernels
// r² = 1 − min_{α∈Δ} αᵀKα, Section 3.1.3 of Donini & Aiolli 2017).
//
// All three share one solver for min xᵀHx + cᵀx over a product of
// simplices: pairwise (SMO-like) coordinate descent that moves mass
// between two variables of the same simplex. The first variable is the
// maximal violator (largest gradient among x_i > 0), the second is chosen
// by the second-order gain (g_i − g_j)²/(H_ii + H_jj − 2H_ij) of Fan, Chen
// & Lin (2005), exactly as LIBSVM's ν-SVM does for its two equality
// constraints. The gradient g = 2Hx + c is updated in O(n) per step from
// two rows of a dense copy of H, so a pass costs O(n²), never O(n³). Each
// step's two O(n) sweeps (the gradient update fused with the optimality
// check, then the choice of the second variable) run over fixed blocks of
// 256 variables of one simplex, on up to GOMAXPROCS goroutines from n = 1024
// on; the per-block partials are combined in block order, so the results
// are bit-identical for any GOMAXPROCS. The dense copy is filled in
// parallel tiles, and its storage is recycled across solves. The
// solver stops when the Frank–Wolfe gap Σ_k (Σ_{i∈k} g_i x_i − min_{i∈k} g_i),
// an upper bound on F − F*, is at most Tol·max_ij|H_ij| (Tol default
// DefaultQPTol = 1e-9); the gradient is then recomputed exactly before the
// test is trusted. At the optimum g_i ≥ ρ_k with equality where x_i > 0;
// ρ_k is returned in Result.Multipliers. Convergence is linear; it is slow
// (10⁵ steps at n = 200) only for λ = 0 on very ill-conditioned Gram
// matrices at tolerances near 1e-12.
//
// # Non-negative QP
//
// NNQP solves min_{v≥0} vᵀMv − 2vᵀa (alignf, Cortes, Mohri & Rostamizadeh
// 2012; Afkanpour et al. (2013)) by the NNLS active-set algorithm of Lawson & Hanson (1974,
// Ch. 23) written on the normal equations, returning exact KKT multipliers
// μ = 2(Mv − a).
//
// # Bounded smooth minimisation
//
// LBFGSB minimises f on a box lower ≤ x ≤ upper (the problem class of
// L-BFGS-B, Byrd, Lu, Nocedal & Zhu 1995) by a projected two-metric
// L-BFGS method (Bertsekas 1982): L-BFGS directions on the variables that
// are not ε-active, Armijo backtracking along the projection arc, and the
// L-BFGS-B stopping test ‖x − P(x − ∇f)‖_∞ ≤ Tol. Gradients may be omitted
// (central finite differences). Multistart runs it from several starts, as
// Argyriou et al. (2006) and Afkanpour et al. (2013) do for kernel parameters searched in log-space. Minimize1D is
// the safeguarded projected Newton method of Argyriou et al.'s Algorithm 1, step 3, with
// a golden-section fallback.
//
// # Errors
//
// Bad data never panics: errors wrap the klearn sentinels (ErrEmpty,
// ErrShape, ErrNotFinite, ErrLabels, ErrOneClass, ErrParam, ErrNotPSD,
// ErrSingular, ErrNotConverged). Reaching MaxIter is not an error: the
// Result is feasible and has Status IterationLimit. The QPs (SimplexQP, KOMDQP,
// MEB) need a positive semi-definite K: a negative diagonal entry is refused
// with ErrNotPSD (klearn.CheckDiagPSD); an indefinite K with a non-negative
// diagonal is not detected (an O(n³) test) and gives a feasible stationary
// point of the non-convex problem. NNQP checks λ_min(M) itself.
//
// # Speed
//
// BenchmarkKOMDQP (λ = 0.1, default Settings, RBF Gram of n Gaussian points
// in R^10, γ = 0.1; one run each on a shared 2-core AMD EPYC, Go 1.26)
// against cvxopt 1.3.0 on the same formulation
// (scripts/bench/komd_cvxopt.py, default tolerances as in MKLpy):
//
//	n      opt.KOMDQP pair steps   cvxopt
//	500    0.018 s      3 161      0.10 s
//	1000   0.063 s      6 498      0.49 s
//	2000   0.29 s      14 419      6.3 s
//	4000   1.09 s      28 055      64 s (MKLpy EasyMKL, one earlier run)
//
// At n = 4000 most of the time is the O(n²) set-up (dense copy of YKY) and
// O(n) steps over rows of 32 kB each. The table predates the parallel
// sweeps; BenchmarkKOMDQPScaling compares one and two cores and a large
// live heap (BENCHMARKS.md).
//
// # References
//
//   - F. Aiolli and M. Donini. EasyMKL: a scalable multiple kernel learning
//     algorithm. Neurocomputing 169:215–224, 2015.
//   - M. Donini and F. Aiolli. Learning deep kernels in the space of dot
//     product polynomials. Machine Learning 106:1245–1269, 2017.
//   - R.-E. Fan, P.-H. Chen and C.-J. Lin. Working set selection using
//     second order information for training support vector machines. JMLR
//     6:1889–1918, 2005.
//   - R. H. Byrd, P. Lu, J. Nocedal and C. Zhu. A limited memory algorithm
//     for bound constrained optimization. SIAM J. Sci. Comput.
//     16(5):1190–1208, 1995.
//   - D. P. Bertsekas. Projected Newton methods for optimization problems
//     with simple constraints. SIAM J. Control Optim. 20(2):221–246, 1982.
//   - J. Nocedal. Updating quasi-Newton matrices with limited storage.
//     Math. Comp. 35:773–782, 1980.
//   - C. L. Lawson and R. J. Hanson. Solving Least Squares Problems.
//     Prentice-Hall, 1974.
//   - C. Cortes, M. Mohri and A. Rostamizadeh. Algorithms for learning
//     kernels based on centered alignment. JMLR 13:795–828, 2012.
//   - I. W. Tsang, J. T. Kwok and P.-M. Cheung. Core vector machines: fast
//     SVM training on very large data sets. JMLR 6:363–392, 2005.
//   - A. Argyriou, R. Hauser, C. A. Micchelli and M. Pontil. A DC-programming
//     algorithm for kernel selection. ICML 2006.
package opt
