// Package krr implements kernel ridge regression (KRR), the learner Cortes et al. (2009)
// (Cortes, Mohri & Rostamizadeh 2009, "Learning non-linear combinations of
// kernels") builds on:
//
//	α = (K + λI)⁻¹ y,   f(x) = Σ_i α_i k(x, x_i)          (Eq. (9) of Cortes et al. 2009)
//
// solved by a Cholesky factorisation of K + λI. It matches scikit-learn
// 1.2.1's KernelRidge(alpha=λ) to round-off (see krr_test.go and
// testdata/README.md).
//
//	m, err := krr.Regressor{Kernel: kernel.RBF{Gamma: 0.5}, Lambda: 0.1}.Fit(X, y)
//	yhat, err := m.Predict(Xtest)
//
// On precomputed kernels (model selection, kernel learning) use FitGram and
// PredictGram with blocks cut by modelsel.SubGram and modelsel.CrossGram.
// Fit(X, y) is exactly FitGram(kernel.Gram(k, X), y).
//
// A singular or indefinite K + λI is reported as klearn.ErrSingular; no
// jitter is added silently.
//
// Speed (BENCHMARKS.md in this directory, wall time, fastest of the
// rounds interleaved with the peer by scripts/bench/cholesky_peers.sh):
// FitGram against LAPACK's cho_factor + cho_solve (scipy over OpenBLAS) on
// the same K + I, d = 784, on a 2-core AMD EPYC under heavy load (load
// average 19–27, two sessions) took 0.29–0.61× LAPACK's time at n = 500,
// 0.38–1.03× at n = 1000, 0.66–1.10× at n = 2000 and 0.73–1.01× at
// n = 4000 (e.g. 1.70 s against 2.32 s, and 2.51 s against 2.48 s, at
// n = 4000). The last idle-machine run (before the recursive panel solve
// and the AVX-512 kernel) had n = 4000 at 0.89–1.0 s against
// scikit-learn's KernelRidge (LAPACK) at 0.87 s.
package krr
