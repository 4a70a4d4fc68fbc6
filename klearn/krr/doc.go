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
// Speed (BENCHMARKS.md in this directory, re-measured by
// scripts/bench/peers.sh against scikit-learn's KernelRidge in the same
// session, wall time, d = 784): on an idle 2-core machine FitGram at
// n = 4000 took 0.89–1.0 s against scikit-learn's (LAPACK) 0.87 s, at
// n = 1000 0.04 s against 0.019 s; on the same machine under load
// (load average 6) 0.9–2.5× scikit-learn's time.
package krr
