// Package opt holds the small dedicated solvers that kernel learning needs,
// in the style of gonum/optimize. Every solver takes a *Settings {MaxIter,
// Tol, Recorder}, where nil selects documented defaults. It returns a
// *Result {X, F, Iterations, Status, Gap, FuncEvals, GradEvals,
// Multipliers}. A Recorder sees every iteration and can stop a solver by
// returning an error. Trace keeps the iterations for convergence plots in
// viz; RecorderFunc adapts a closure, such as a progress bar.
//
// # Quadratic programs over simplices
//
// KOMDQP solves the KOMD / EasyMKL problem of Aiolli & Donini (2015), Eq.
// (1) of Donini & Aiolli (2017). As in the reference implementation,
// λ ∈ [0,1] and Λ = λ/(1−λ):
//
//	min_γ (1−λ) γᵀYKYγ + λ‖γ‖²,   γ ≥ 0,  Σ_{y_i=+1} γ_i = 1,  Σ_{y_i=−1} γ_i = 1.
//
// KOMDQPFrom starts the same solve from a given feasible γ (a solution at
// a nearby λ, as along a grid of λ in cross-validation); KOMDQPFromBest
// starts it from the candidate of lowest objective (such as the previous
// solution and KOMDSecant's projected extrapolation of the two previous).
// KOMDPath sets up the QP of one K and y once and solves it at many λ
// (Solve, SolveBest), with the bits of KOMDQPFrom and KOMDQPFromBest.
//
// SimplexQP solves min_{α∈Δ} αᵀKα and MEB the minimum-enclosing-ball dual
// r² = max_{α∈Δ} Σ_i α_i K_ii − αᵀKα (for normalised kernels
// r² = 1 − min_{α∈Δ} αᵀKα, Section 3.1.3 of Donini & Aiolli 2017).
//
// All three share one solver for min xᵀHx + cᵀx over a product of
// simplices: pairwise (SMO-like) coordinate descent that moves mass
// between two variables of the same simplex. The first variable is the
// maximal violator, the one with the largest gradient among x_i > 0. The
// second is chosen by the second-order gain (g_i − g_j)²/(H_ii + H_jj −
// 2H_ij) of Fan, Chen & Lin (2005), exactly as LIBSVM's ν-SVM does for its
// two equality constraints. The gradient g = 2Hx + c is updated in O(n)
// per step from two rows of a dense copy of the λ-free matrix (for KOMD,
// YKY: H = (1−λ)YKY + λI is applied in the sweeps, so a path over λ
// copies nothing per λ). So a pass costs O(n²), never O(n³).
//
// Each step makes two O(n) sweeps: the gradient update fused with the
// optimality check, then the choice of the second variable. From n = 1024
// on, they run over fixed blocks of 256 variables of one simplex, on up to
// GOMAXPROCS goroutines. The per-block partials are combined in block
// order, so the results are bit-identical for any GOMAXPROCS. The dense
// copy is filled in parallel tiles, and its storage is recycled across
// solves.
//
// The solver stops when the Frank–Wolfe gap
// Σ_k (Σ_{i∈k} g_i x_i − min_{i∈k} g_i), an upper bound on F − F*, is at
// most Tol·max_ij|H_ij| (Tol default DefaultQPTol = 1e-9). The gradient is
// then recomputed exactly before the test is trusted. At the optimum
// g_i ≥ ρ_k, with equality where x_i > 0; ρ_k is returned in
// Result.Multipliers. Convergence is linear. It is slow (10⁵ steps at
// n = 200) only for λ = 0 on very ill-conditioned Gram matrices at
// tolerances near 1e-12.
//
// # Non-negative QP
//
// NNQP solves min_{v≥0} vᵀMv − 2vᵀa, the alignf problem of Cortes, Mohri &
// Rostamizadeh (2012), also used by Afkanpour et al. (2013). It runs the
// NNLS active-set algorithm of Lawson & Hanson (1974, Ch. 23), written on
// the normal equations, and returns exact KKT multipliers μ = 2(Mv − a).
//
// # Bounded smooth minimisation
//
// LBFGSB minimises f on a box lower ≤ x ≤ upper, the problem class of
// L-BFGS-B (Byrd, Lu, Nocedal & Zhu 1995). It is a projected two-metric
// L-BFGS method (Bertsekas 1982). L-BFGS directions act on the variables
// that are not ε-active, with Armijo backtracking along the projection arc.
// It stops by the L-BFGS-B test ‖x − P(x − ∇f)‖_∞ ≤ Tol. Gradients may be
// omitted: central finite differences then stand in. Multistart runs it
// from several starts, as Argyriou et al. (2006) and Afkanpour et al.
// (2013) do for kernel parameters searched in log-space. Minimize1D is the
// safeguarded projected Newton method of step 3 of Argyriou et al.'s
// Algorithm 1, with a golden-section fallback.
//
// # Other solvers
//
// BoxQP solves min ½xᵀQx + cᵀx over a box lo ≤ x ≤ hi by a primal–dual
// interior-point method with Mehrotra's predictor–corrector (Nocedal &
// Wright 2006, Algorithm 16.4). SCG is the scaled conjugate gradient
// method of Møller (1993), as in Matlab's trainscg. SolveSDP is a
// primal–dual interior-point solver for semidefinite programs, such as
// SDP (24) of Colbert & Peet (2020). DCCuttingPlane is the cutting-plane
// method of Horst & Thoai (1999) for DC programs, Algorithm 2 of Argyriou
// et al. (2006), with an optimality certificate. Each function's doc gives
// its method step by step.
//
// # Errors
//
// Bad data never panics: errors wrap the klearn sentinels (ErrEmpty,
// ErrShape, ErrNotFinite, ErrLabels, ErrOneClass, ErrParam, ErrNotPSD,
// ErrSingular, ErrNotConverged). Reaching MaxIter is not an error: the
// Result is feasible and has Status IterationLimit. The QPs (SimplexQP,
// KOMDQP, MEB) need a positive semi-definite K. A negative diagonal entry is
// refused with ErrNotPSD (klearn.CheckDiagPSD). An indefinite K with a
// non-negative diagonal is not detected, since the test costs O(n³); it
// gives a feasible stationary point of the non-convex problem. NNQP checks
// λ_min(M) itself.
//
// # Speed
//
// BenchmarkKOMDQP runs λ = 0.1 with default Settings on the RBF Gram
// (γ = 0.1) of n Gaussian points in R^10. It ran once per size on a
// shared 2-core AMD EPYC with Go 1.26, against cvxopt 1.3.0 on the same
// formulation (scripts/bench/komd_cvxopt.py, default tolerances as in
// MKLpy):
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
//   - R. Horst and N. V. Thoai. DC programming: overview. J. Optim. Theory
//     Appl. 103(1):1–43, 1999.
//   - M. F. Møller. A scaled conjugate gradient algorithm for fast
//     supervised learning. Neural Networks 6:525–533, 1993.
//   - J. Nocedal and S. J. Wright. Numerical Optimization, 2nd ed.
//     Springer, 2006.
package opt
