// Package krr implements kernel ridge regression (KRR), the learner that
// Cortes, Mohri & Rostamizadeh (2009, "Learning non-linear combinations of
// kernels") build on:
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
// Speed, as wall time on an idle 2-core AMD EPYC (2026-11-26): FitGram
// (factorisation, condition estimate, solve) took 0.56×, 0.73×, 0.88× and
// 0.76× the time of scipy's solve(assume_a="pos") at n = 500, 1000, 2000
// and 4000. That is 0.362 s against 0.473 s at n = 4000; scipy runs LAPACK
// over OpenBLAS and does the same work. FitGram took 0.74–0.82× the time of
// scikit-learn's KernelRidge on a precomputed kernel at n ≥ 1000, and the
// factorisation alone 0.75–0.92× that of cho_factor + cho_solve. Each is the
// fastest of rounds interleaved with the peer by
// scripts/bench/cholesky_peers.sh and scripts/bench/peers.sh (BENCHMARKS.md
// in this directory).
package krr
