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
// PredictGram with blocks cut by kernel.SubGram and kernel.CrossGram.
// Fit(X, y) is exactly FitGram(kernel.Gram(k, X), y).
//
// A singular or indefinite K + λI is reported as klearn.ErrSingular; no
// jitter is added silently.
//
// Speed (BENCHMARKS.md in this directory, wall time, fastest of the
// rounds interleaved with the peer by scripts/bench/cholesky_peers.sh and
// scripts/bench/peers.sh; idle 2-core AMD EPYC, 2026-11-26): FitGram
// (factorisation, condition estimate, solve) took 0.56×, 0.73×, 0.88× and
// 0.76× the time of scipy's solve(assume_a="pos") (LAPACK over OpenBLAS),
// which does the same, at n = 500, 1000, 2000 and 4000 (0.362 s against
// 0.473 s at n = 4000), and 0.74–0.82× scikit-learn's KernelRidge on a
// precomputed kernel at n ≥ 1000; the factorisation alone 0.75–0.92×
// cho_factor + cho_solve.
package krr
